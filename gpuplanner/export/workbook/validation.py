"""Data validation of the Assumptions inputs, by kind (InputRow.check)."""

from __future__ import annotations

from openpyxl.worksheet.datavalidation import DataValidation


def _rule(type_: str, operator: str, f1: str, f2: str | None, message: str) -> DataValidation:
    v = DataValidation(type=type_, operator=operator, formula1=f1, formula2=f2, allow_blank=True)
    v.showErrorMessage = True
    v.errorTitle = "Invalid input"
    v.error = message
    v.showInputMessage = True
    v.promptTitle = "Input"
    v.prompt = message
    return v


def data_validation(kind: str, years: int) -> DataValidation | None:
    """The rule for `kind`; `years` is the last year column of the TCO sheet (the horizon's maximum).
    None for a kind without a rule."""
    if kind == "fraction":
        return _rule("decimal", "between", "0", "1", "A fraction from 0 to 1 (e.g. 0.7 = 70 %)")
    if kind == "open_fraction":
        return _rule("decimal", "between", "0", "0.999999", "A fraction from 0 up to (not including) 1")
    if kind == "horizon":
        return _rule(
            "decimal",
            "between",
            "0.01",
            str(years),
            f"Years, more than 0 and at most {years} (the year columns of the TCO sheet)",
        )
    if kind == "positive":
        return _rule("decimal", "greaterThan", "0", None, "A number more than 0")
    if kind == "nonneg":
        return _rule("decimal", "greaterThanOrEqual", "0", None, "A number of 0 or more")
    if kind == "pue":
        return _rule("decimal", "greaterThanOrEqual", "1", None, "At least 1 (1 = no cooling overhead)")
    if kind == "rate":
        return _rule("decimal", "greaterThan", "-1", None, "A rate per year above −100 % (e.g. 0.08 = 8 %)")
    if kind == "count":
        return _rule("whole", "greaterThanOrEqual", "1", None, "A whole number of at least 1")
    if kind == "currency":
        v = DataValidation(type="list", formula1='"USD,KRW"', allow_blank=False)
        v.showErrorMessage = True
        v.error = "USD or KRW"
        return v
    return None
