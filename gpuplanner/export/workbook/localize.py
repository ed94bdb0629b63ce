"""Sheet names in the workbook's language. The sheets are written with their English names (every module
addresses them so); `rename_sheets` then renames them and rewrites every reference that names a sheet: cell
formulas (only their reference operands, never text inside quotes), defined names and chart series. Print
titles are written by openpyxl from the final title when the file is saved, so they need no rewrite."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from openpyxl import Workbook
from openpyxl.formula import Tokenizer
from openpyxl.formula.tokenizer import Token

# A sheet prefix of a reference: 'Any name'! or Name! (Excel quotes a doubled apostrophe inside quotes).
_PREFIX = re.compile(r"(?:'((?:[^']|'')+)'|([A-Za-z_][A-Za-z0-9_.]*))!")
_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


def quote_sheet(name: str) -> str:
    """A sheet name as a formula writes it: bare when it is a plain ASCII word, else quoted (non-ASCII names
    are quoted too, which Excel and LibreOffice both read)."""
    return name if _PLAIN.match(name) else "'" + name.replace("'", "''") + "'"


def rename_in_reference(ref: str, names: Mapping[str, str]) -> str:
    """`ref` (a reference or a list of them) with every sheet prefix in `names` replaced."""

    def sub(m: re.Match[str]) -> str:
        old = (m.group(1) or "").replace("''", "'") if m.group(1) is not None else m.group(2)
        new = names.get(old)
        return m.group(0) if new is None else quote_sheet(new) + "!"

    return _PREFIX.sub(sub, ref)


def rename_in_formula(formula: str, names: Mapping[str, str]) -> str:
    """A cell formula ('=…') with the sheet prefixes of its reference operands renamed; text literals kept."""
    tok = Tokenizer(formula)
    out = []
    for t in tok.items:
        v = t.value
        if t.type == Token.OPERAND and t.subtype == Token.RANGE and "!" in v:
            v = rename_in_reference(v, names)
        out.append(v)
    return "=" + "".join(out)


def rename_sheets(wb: Workbook, names: Mapping[str, str]) -> None:
    """Rename the sheets `names` maps (English -> shown) and every reference to them."""
    if not names:
        return
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f" and isinstance(cell.value, str):
                    cell.value = rename_in_formula(cell.value, names)
        for chart in ws._charts:  # openpyxl keeps a sheet's charts here; no public accessor
            for series in chart.series:
                _rename_series(series, names)
    for name in list(wb.defined_names):
        dn = wb.defined_names[name]
        if dn.attr_text:
            dn.attr_text = rename_in_reference(dn.attr_text, names)
    for ws in wb.worksheets:
        if ws.title in names:
            ws.title = names[ws.title]


def _rename_series(series: object, names: Mapping[str, str]) -> None:
    for attr in ("val", "cat", "xVal", "yVal"):
        source = getattr(series, attr, None)
        if source is None:
            continue
        for kind in ("numRef", "strRef", "multiLvlStrRef"):
            ref = getattr(source, kind, None)
            if ref is not None and ref.f:
                ref.f = rename_in_reference(ref.f, names)
    tx = getattr(series, "tx", None)
    if tx is not None and tx.strRef is not None and tx.strRef.f:
        tx.strRef.f = rename_in_reference(tx.strRef.f, names)


def translate_cells(wb: Workbook, translate: Callable[[str], str], keep: Mapping[str, int]) -> None:
    """Every text cell whose whole text has a translation, translated; formulas and numbers untouched. `keep`
    maps a sheet to its first row that is quoted verbatim (the scenario file on Sources)."""
    for ws in wb.worksheets:
        stop = keep.get(ws.title)
        for row in ws.iter_rows():
            for cell in row:
                if stop is not None and cell.row >= stop:
                    break
                if cell.data_type == "s" and isinstance(cell.value, str):
                    shown = translate(cell.value)
                    if shown != cell.value:
                        cell.value = shown
