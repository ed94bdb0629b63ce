"""The workbook as finance prints it: every number fits its column (no "###"), labels are not cut off, every
sheet's page set-up fits the page width only (as many pages down as needed), the printed text stays readable,
and the Sources sheet names no folder of the user's machine."""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import KO, LibreOffice

from gpuplanner.core.catalog import load_catalog
from gpuplanner.export import export_workbook
from gpuplanner.export.workbook.columns import (
    DEFAULT_WIDTH,
    PADDING_UNITS,
    column_widths,
    number_width,
    text_width,
)
from gpuplanner.export.workbook.styles import printable_units, sheet_width_units

PRINTED = ("llama-3.1-70b-full-64xh100", "llama-3.1-405b-pretrain-16384xh100")
# Text height in the PDF (pdftotext word boxes, points): 11 pt Calibri at 100 % measures 13.4; 7.5 is ~6.2 pt,
# the smallest we call readable on A4 (the review found 4.8, ~4 pt). Summary is one page by design (its charts
# beside the key numbers); Utilization and Sweep are 12 columns wide: they print at ~6.3 pt.
MIN_TEXT_HEIGHT_PT = 7.5
SMALL_BY_DESIGN = ("Summary", "Utilization", "Sweep")


def _merged(ws: Any) -> set[tuple[int, int]]:
    return {
        (r, c)
        for rng in ws.merged_cells.ranges
        for r in range(rng.min_row, rng.max_row + 1)
        for c in range(rng.min_col, rng.max_col + 1)
    }


@pytest.mark.libreoffice
def test_every_number_fits_its_column_after_recalculation(exported: dict[str, Any]) -> None:
    """Widths of the exported workbook against the values LibreOffice computed: a formatted number wider than
    its column shows "###" (the TCO monthly table did, for every sum of $1M or more)."""
    problems = []
    for name, (_, book, recalculated) in exported.items():
        widths_wb = openpyxl.load_workbook(book)
        values_wb = openpyxl.load_workbook(recalculated, data_only=True)
        for ws, vs in zip(widths_wb.worksheets, values_wb.worksheets, strict=True):
            widths, merged = column_widths(ws), _merged(ws)
            for row in vs.iter_rows():
                for cell in row:
                    v = cell.value
                    if isinstance(v, bool) or not isinstance(v, int | float) or (cell.row, cell.column) in merged:
                        continue
                    fmt = ws.cell(cell.row, cell.column).number_format
                    width = widths.get(cell.column_letter, DEFAULT_WIDTH)
                    if number_width(float(v), fmt) + PADDING_UNITS > width:
                        problems.append(f"{name} {ws.title}!{cell.coordinate} {v!r} [{fmt}] in width {width}")
    assert not problems, f"{len(problems)} numbers wider than their column: {problems[:10]}"


def test_labels_are_not_cut_off(books: dict[str, Any]) -> None:
    """A label with a filled cell to its right either fits its column or wraps (TCO!A formula labels ran into
    the Unit column; Checklist units were cut off)."""
    problems = []
    for name, (_, book) in books.items():
        for ws in openpyxl.load_workbook(book).worksheets:
            widths, merged = column_widths(ws), _merged(ws)
            for row in ws.iter_rows():
                for i, cell in enumerate(row[:-1]):
                    v = cell.value
                    if not isinstance(v, str) or cell.data_type != "s" or cell.alignment.wrap_text:
                        continue
                    if row[i + 1].value in (None, "") or (cell.row, cell.column) in merged:
                        continue
                    size = (cell.font.sz or 11.0) / 11.0 * (1.1 if cell.font.b else 1.0)
                    if text_width(v) * size + PADDING_UNITS > widths.get(cell.column_letter, DEFAULT_WIDTH) + 0.5:
                        problems.append(f"{name} {ws.title}!{cell.coordinate} {v[:40]!r}")
    assert not problems, f"{len(problems)} labels cut off: {problems[:10]}"


def test_page_setup_fits_the_width_only(books: dict[str, Any]) -> None:
    for name, (_, book) in books.items():
        for ws in openpyxl.load_workbook(book).worksheets:
            ps, where = ws.page_setup, f"{name} {ws.title}"
            assert ws.sheet_properties.pageSetUpPr.fitToPage, where
            assert ps.fitToWidth == 1 and ps.fitToHeight == 0, f"{where}: one page wide, as many pages down"
            assert str(ps.paperSize) == ws.PAPERSIZE_A4, where
            assert ws.print_title_rows, f"{where}: the header rows repeat on every page"
            wide = sheet_width_units(ws) > printable_units(landscape=False)
            assert ps.orientation == ("landscape" if wide else "portrait"), where
            m = ws.page_margins
            assert 0.3 <= m.left <= 1.0 and 0.3 <= m.right <= 1.0 and 0.5 <= m.top <= 1.0, where


def test_sources_name_no_folder_of_the_machine(tmp_path: Path, catalog: Any, books: dict[str, Any]) -> None:
    """A path names the person and the machine; the Sources sheet says whether the user layer was used and
    which of its files changed rows instead."""
    user = tmp_path / "home-of-someone" / "catalog"
    user.mkdir(parents=True)
    shipped = load_catalog(use_user_layer=False)
    gpus = shipped.rows("gpus")
    header = list(gpus[0].keys())
    row = dict(gpus[0])
    row["notes"] = "edited by the user"
    with (user / "gpus.csv").open("w", encoding="utf-8", newline="") as f:
        import csv

        w = csv.DictWriter(f, fieldnames=header)
        w.writeheader()
        w.writerow(row)
        w.writerow({"id": "not-a-gpu"})  # a broken row: its warning names the file it came from
    layered = load_catalog(user_dir=user)
    scenario_path = books[PRINTED[0]][0]
    from export_helpers import load_scenario

    out = tmp_path / "x.xlsx"
    export_workbook(load_scenario(scenario_path), layered, out)
    texts = [
        str(c.value)
        for ws in openpyxl.load_workbook(out).worksheets
        for r in ws.iter_rows()
        for c in r
        if isinstance(c.value, str)
    ]
    for folder in (str(user), str(Path.home()), str(tmp_path)):
        hits = [t for t in texts if folder in t]
        assert not hits, f"the workbook shows the folder {folder}: {hits[:3]}"
    sources = openpyxl.load_workbook(out)["Sources"]
    layer = next(sources.cell(r, 2).value for r in range(1, 20) if sources.cell(r, 1).value == "User catalog layer")
    assert "gpus.csv" in layer and row["id"] in layer, layer
    warnings = [sources.cell(r, 2).value for r in range(1, 30) if sources.cell(r, 1).value == "Catalog warning"]
    assert warnings and all("<user catalog>" in w for w in warnings), warnings
    for name, (_, book) in books.items():  # whatever the machine running the tests keeps in its home
        for ws in openpyxl.load_workbook(book).worksheets:
            for r in ws.iter_rows():
                for c in r:
                    assert not (isinstance(c.value, str) and str(Path.home()) + os.sep in c.value), (name, c.value)


def _pdftotext() -> str:
    exe = shutil.which("pdftotext")
    if exe is None:
        if os.environ.get("CI", "").strip().lower() == "true":
            pytest.fail("pdftotext (poppler-utils) is required for the print test in CI")
        pytest.skip("pdftotext is not installed")
    return exe


_WORD = re.compile(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>')


def _pages(exe: str, pdf: Path) -> list[tuple[str, float, str]]:
    """(sheet name from the footer "&A — &P / &N", median word height, the page's text) per page."""
    out = subprocess.run([exe, "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for page in out.split("<page ")[1:]:
        words = _WORD.findall(page)
        heights = [float(b) - float(a) for a, b, _ in words if float(b) > float(a)]
        text = [w for _, _, w in words]
        dash = max(i for i, w in enumerate(text) if w == "—")
        footer_y = words[dash][0]
        sheet = " ".join(w for (y, _, w) in words[:dash] if y == footer_y)
        pages.append((sheet, statistics.median(heights), " ".join(text)))
    return pages


@pytest.mark.libreoffice
def test_printed_pages_are_readable(books: dict[str, Any], libreoffice: LibreOffice, tmp_path: Path) -> None:
    """The 70B and 405B examples, English and Korean, printed to PDF by LibreOffice: no "###", and the text
    of every sheet but the one-page Summary and the sheets with a chart beside the table at least
    MIN_TEXT_HEIGHT_PT tall (the Assumptions and TCO sheets printed at ~4 pt)."""
    exe = _pdftotext()
    names = [*PRINTED, *(KO + n for n in PRINTED)]
    pdfs = []
    for lang in ("en", "ko"):
        pdfs += libreoffice.convert(
            [books[n][1] for n in names if n.startswith(KO) == (lang == "ko")], tmp_path / lang, fmt="pdf"
        )
    sheets_ko = openpyxl.load_workbook(books[KO + PRINTED[0]][1]).sheetnames
    sheets_en = openpyxl.load_workbook(books[PRINTED[0]][1]).sheetnames
    english = dict(zip(sheets_ko, sheets_en, strict=True)) | {s: s for s in sheets_en}
    problems = []
    for pdf in pdfs:
        for i, (sheet, height, text) in enumerate(_pages(exe, pdf), start=1):
            if "###" in text:
                problems.append(f"{pdf.parent.name}/{pdf.name} page {i} ({sheet}): ###")
            if english.get(sheet, sheet) not in SMALL_BY_DESIGN and height < MIN_TEXT_HEIGHT_PT:
                problems.append(f"{pdf.parent.name}/{pdf.name} page {i} ({sheet}): text {height:.1f} pt tall")
    assert not problems, problems
