"""The Checks sheet (issue #17): every description in the workbook's language (Korean ones found by their
English template, values filled in), the Hardware and Training subtitles translated, FLOP counts in a readable
format, and an edited lost-time value on Assumptions fails a check (the Sweep row and the exported tokens
recompute it)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import REPO, LibreOffice, name_cell

from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.export import export_workbook
from gpuplanner.export.i18n import sheet_names
from gpuplanner.export.workbook.sheets.checks import HEADER_ROW, describe
from gpuplanner.export.workbook.sheets.training import EFLOP_FORMAT, GFLOP_FORMAT

EXAMPLE = REPO / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml"
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _export(catalog: Any, folder: Path, language: str) -> Path:
    out = folder / f"70b-{language}.xlsx"
    export_workbook(read_scenario(EXAMPLE), catalog, out, language=language)
    return out


def _descriptions(wb: Any, language: str) -> list[str]:
    ws = wb[sheet_names(language).get("Checks", "Checks")]
    return [ws.cell(r, 2).value for r in range(HEADER_ROW + 1, ws.max_row + 1) if ws.cell(r, 2).value]


def test_every_check_description_is_korean_in_the_korean_workbook(catalog: Any, tmp_path: Path) -> None:
    ko = openpyxl.load_workbook(_export(catalog, tmp_path, "ko"))
    en = openpyxl.load_workbook(_export(catalog, tmp_path, "en"))
    ko_texts, en_texts = _descriptions(ko, "ko"), _descriptions(en, "en")
    assert len(ko_texts) == len(en_texts) > 10
    english = [t for t in ko_texts if not HANGUL.search(t)]
    assert not english, english
    # the values filled into a template survive the translation (a horizon, an option number, a GPU id)
    assert any("옵션 4:" in t and "mi300x" in t for t in ko_texts), ko_texts
    assert any("3년일 때 3년 합계" in t for t in ko_texts)
    for title in ("Hardware", "Checks"):
        subtitle = ko[sheet_names("ko")[title]]["A2"].value
        assert HANGUL.search(subtitle), (title, subtitle)


def test_describe_keeps_an_unknown_text_and_english() -> None:
    assert describe("Option 2: something new", "en", lambda s: s) == "Option 2: something new"
    assert describe("Option 2: something new", "ko", lambda s: {"Option": "옵션"}.get(s, s)) == "옵션 2: something new"


def test_flops_are_in_gflop_and_eflop(catalog: Any, tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(_export(catalog, tmp_path, "en"))
    ws = wb["Training"]
    rows = {ws.cell(r, 1).value: r for r in range(1, ws.max_row + 1)}
    per_token = ws.cell(rows["Model FLOPs per token (attention included, engine)"], 3)
    run = ws.cell(rows["Model FLOPs of the run"], 3)
    assert per_token.number_format == GFLOP_FORMAT and "GFLOP" in ws.cell(per_token.row, 2).value
    assert run.number_format == EFLOP_FORMAT and "EFLOP" in ws.cell(run.row, 2).value
    assert 1e9 < per_token.value < 1e13  # FLOP in the cell, shown as GFLOP by the format


@pytest.mark.libreoffice
def test_an_edited_lost_time_fails_a_check(catalog: Any, libreoffice: LibreOffice, tmp_path: Path) -> None:
    book = _export(catalog, tmp_path, "en")
    wb = openpyxl.load_workbook(book)
    cell = name_cell(wb, "eng_o1_lost_fraction")
    assert isinstance(cell.value, float) and 0 < cell.value < 0.5
    cell.value += 0.01
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    before, after = libreoffice.convert([book, edited], tmp_path / "recalculated")
    for path, want in ((before, []), (after, ["Option 1: the time lost to failures"])):
        ws = openpyxl.load_workbook(path, data_only=True)["Checks"]
        failed = [ws.cell(r, 2).value for r in range(HEADER_ROW + 1, ws.max_row + 1) if ws.cell(r, 3).value is False]
        assert [f[: len(w)] for f, w in zip(failed, want, strict=False)] == want and len(failed) == len(want), failed
