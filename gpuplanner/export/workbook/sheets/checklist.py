"""Checklist: the procurement checklist of the source articles (items in export/checklist.py), filled with this
scenario's figures; Status and Notes are inputs for the reader."""

from __future__ import annotations

from typing import TYPE_CHECKING

from openpyxl.worksheet.datavalidation import DataValidation

from ...cells import F, put
from ...checklist import checklist_items
from ...public import public_text

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Checklist"
HEADER_ROW = 4
STATUSES = '"open,asked,verified,n/a"'


def write(b: Builder) -> None:
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("Checklist"), "title")
    put(
        ws,
        2,
        1,
        t(
            "Procurement checklist after the Korean article “대규모 언어 모델 학습용 GPU 서버 추천 2026” "
            "(section 5, “구매 전 체크리스트”), filled with this scenario's figures. Status and Notes are for "
            "you to fill in."
        ),
        "subtitle",
    )
    heads = (
        "#",
        t("Item to check before buying"),
        t("Ask or verify"),
        t("This scenario"),
        t("Figure"),
        t("Unit"),
        t("Status"),
        t("Notes"),
    )
    for i, h in enumerate(heads, start=1):
        put(ws, HEADER_ROW, i, h, "header")
    for letter, width in zip("ABCDEFGH", (4, 26, 40, 40, 16, 16, 10, 20), strict=True):
        ws.column_dimensions[letter].width = width
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=3)
    dv = DataValidation(type="list", formula1=STATUSES, allow_blank=True)
    dv.error, dv.errorTitle, dv.showErrorMessage = "Choose open, asked, verified or n/a", "Status", True
    ws.add_data_validation(dv)
    for r, item in enumerate(checklist_items(b), start=HEADER_ROW + 1):
        put(ws, r, 1, r - HEADER_ROW, "text", "0")
        put(ws, r, 2, item.title, "wrap")
        put(ws, r, 3, item.ask, "wrap")
        put(ws, r, 4, public_text(item.scenario), "wrap")
        put(ws, r, 5, item.figure, "link" if isinstance(item.figure, F) else "engine", b.fmt.get(item.fmt, item.fmt))
        put(ws, r, 6, item.unit, "text")
        put(ws, r, 7, "open", "input")
        dv.add(f"G{r}")
        put(ws, r, 8, None, "input")
