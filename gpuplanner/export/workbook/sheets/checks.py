"""Checks: every reconciliation the other sheets registered (Builder.check), each TRUE when its totals agree,
after one check that the inputs are in range; the master check (all TRUE) is shown on Summary."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...cells import F, put
from ...i18n_ko_sheets import CHECKS as CHECKS_KO
from ..styles import traffic_light

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Checks"
HEADER_ROW = 6
MASTER_CELL = "C4"  # Summary shows Checks!$C$4
NONNEGATIVE_INPUTS = (
    "node_price_usd",
    "network_usd_per_node",
    "install_usd_per_node",
    "cloud_usd_per_gpu_hour",
    "electricity_usd_per_kwh",
    "node_power_idle_kw",
    "node_power_full_kw",
)


def write(b: Builder) -> None:
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("Checks"), "title")
    put(
        ws,
        2,
        1,
        t("Each check is a formula that is TRUE when a total reconciles; the master check is on the Summary sheet."),
        "subtitle",
    )
    put(ws, 4, 2, t("Master check (all below TRUE)"), "bold")
    for i, h in enumerate(("#", t("Check"), t("Result")), start=1):
        put(ws, HEADER_ROW, i, h, "header")
    ws.column_dimensions["A"].width = 5
    ws.column_dimensions["B"].width = 100
    ws.column_dimensions["C"].width = 12
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=1)
    checks = [_inputs_in_range(b), *b.checks]
    for i, (description, formula) in enumerate(checks, start=1):
        r = HEADER_ROW + i
        put(ws, r, 1, i, "text", "0")
        put(ws, r, 2, describe(description, b.lang, t), "wrap")
        put(ws, r, 3, F(f"IFERROR({formula},FALSE)"), "bold")
    first, last = HEADER_ROW + 1, HEADER_ROW + len(checks)
    put(ws, 4, 3, F(f"AND(C{first}:C{last})"), "bold")
    for rng in (f"C{first}:C{last}", MASTER_CELL):
        traffic_light(ws, rng)


OPTION_PREFIX = re.compile(r"Option (?P<k>\d+): (?P<rest>.*)", re.S)


def _template_pattern(template: str) -> re.Pattern[str]:
    """The English template ("the {h}-year total …") as a pattern whose groups are its placeholders."""
    parts = re.split(r"\{(\w+)\}", template)
    seen: set[str] = set()
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(re.escape(part))
        elif part in seen:
            out.append(f"(?P={part})")
        else:
            seen.add(part)
            out.append(f"(?P<{part}>.+?)")
    return re.compile("".join(out) + "$", re.S)


TEMPLATES = tuple((_template_pattern(en), en) for en in CHECKS_KO if "{" in en)


def describe(description: str, language: str, t: Callable[[str], str]) -> str:
    """A check's description in the workbook's language: the other sheets register them in English, some with
    "Option k: " in front or a value filled in (a horizon, a GPU id), so the Korean is found by its template."""
    if language == "en":
        return description
    m = OPTION_PREFIX.match(description)
    prefix, rest = (f"{t('Option')} {m['k']}: ", m["rest"]) if m else ("", description)
    if t(rest) != rest:
        return prefix + t(rest)
    for pattern, en in TEMPLATES:
        hit = pattern.match(rest)
        if hit and t(en) != en:
            return prefix + t(en).format(**hit.groupdict())
    return prefix + rest


def _inputs_in_range(b: Builder) -> tuple[str, str]:
    return (
        "Inputs are in range: utilization 0–1, horizon > 0, PUE ≥ 1, prices and costs ≥ 0, GPU count ≥ 1",
        "AND(in_utilization>=0,in_utilization<=1,in_horizon_years>0,eng_gpu_count>=1,"
        + ",".join(_range_checks(b))
        + ")",
    )


def _range_checks(b: Builder) -> list[str]:
    """Per-option range tests of the inputs, each once (a shared input gives the same test for every option)."""
    out = []
    for opt in b.options:
        pue = b.n(opt, "pue")
        out.append(f"OR(NOT(ISNUMBER({pue})),{pue}>=1)")
        for key in NONNEGATIVE_INPUTS:
            name = b.n(opt, key)
            out.append(f"OR(NOT(ISNUMBER({name})),{name}>=0)")
    return sorted(set(out), key=out.index)
