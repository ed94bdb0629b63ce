"""Summary shows the Plan's deadline answer (issue #15): per GPU type the GPU count, wall clock, job cost on demand
and on-prem TCO as engine values, the recommendation with its reason, one defined name per figure of the
recommended GPU; in Korean the same numbers. (After a LibreOffice recalculation: tests/test_surfaces_agree.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import LibreOffice, error_cells, name_cell

from gpuplanner.core.plan import plan
from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.export.api import export_plan_workbook
from gpuplanner.export.workbook.sheets.summary_deadline import ANSWER_ROW, NAMES

TWO_GPUS = ("h100-sxm-80gb", "a100-sxm-80gb")


def _export(catalog: Any, tmp_path: Path, src: Path, language: str) -> tuple[Any, Any]:
    the_plan = plan(read_scenario(src), catalog)
    out = tmp_path / f"p-{language}.xlsx"
    export_plan_workbook(the_plan, catalog, out, language=language)
    return the_plan, openpyxl.load_workbook(out)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_deadline_answer_is_on_summary(catalog: Any, tmp_path: Path, pretrain_70b: Any, language: str) -> None:
    the_plan, wb = _export(catalog, tmp_path, pretrain_70b(12, TWO_GPUS), language)
    rec = the_plan.recommendation
    assert rec.kind == "deadline" and rec.gpu is not None
    answer = the_plan.deadline[rec.gpu]
    count, wall, job, tco = (name_cell(wb, n) for n in NAMES)
    assert count.value == answer.gpu_count == rec.gpu_count
    assert wall.value == pytest.approx(answer.wall_seconds / 86400)
    assert job.value == pytest.approx(answer.job_cloud_on_demand)
    assert tco.value == pytest.approx(answer.onprem_tco)
    green = count.fill.fgColor.rgb
    assert all(c.fill.fgColor.rgb == green for c in (wall, job, tco)) and green != "00000000"
    ws = count.parent
    # one row per GPU type of the Plan's deadline answer, the recommended one marked
    names = {c.gpu: c.gpu_name for c in the_plan.candidates}
    rows = {ws.cell(r, 1).value: r for r in range(count.row - len(the_plan.deadline), count.row + 3)}
    for gid, d in the_plan.deadline.items():
        assert ws.cell(rows[names[gid]], 2).value == d.gpu_count
    sentence = ws.cell(ANSWER_ROW, 2)  # on top, beside the scenario
    assert sentence.value.startswith(f"{answer.gpu_count:,}" if language == "en" else names[rec.gpu])
    assert f"{answer.wall_seconds / 86400:,.1f}" in sentence.value
    assert f"${answer.job_cloud_on_demand:,.0f}" in sentence.value
    assert f"{the_plan.scenario.workload.deadline_days:g}" in ws.cell(ANSWER_ROW, 1).value
    if language == "ko":
        assert "온디맨드" in sentence.value and "on-demand" not in sentence.value
        assert "마감 기한" in ws.cell(ANSWER_ROW, 1).value


def test_without_a_deadline_there_is_no_deadline_block(catalog: Any, tmp_path: Path, pretrain_70b: Any) -> None:
    _, wb = _export(catalog, tmp_path, pretrain_70b(None, TWO_GPUS), "en")
    assert not any(n in wb.defined_names for n in NAMES)
    ws = wb["Summary"]
    assert not any(str(c.value).startswith("Deadline:") for row in ws.iter_rows() for c in row)


@pytest.mark.libreoffice
def test_korean_deadline_workbook_recalculates_to_the_english_numbers(
    catalog: Any, libreoffice: LibreOffice, tmp_path: Path, pretrain_70b: Any
) -> None:
    """The deadline block and its names in Korean hold the English numbers, every sheet, after recalculation;
    no cell shows an error value."""
    the_plan, _ = _export(catalog, tmp_path, pretrain_70b(30, TWO_GPUS), "en")
    export_plan_workbook(the_plan, catalog, tmp_path / "p-ko.xlsx", language="ko")
    en_path, ko_path = libreoffice.convert([tmp_path / "p-en.xlsx", tmp_path / "p-ko.xlsx"], tmp_path / "rec")
    en, ko = (openpyxl.load_workbook(p, data_only=True) for p in (en_path, ko_path))
    problems, compared = error_cells(en) + error_cells(ko), 0
    for a, b in zip(en.worksheets, ko.worksheets, strict=True):
        for row in a.iter_rows():
            for c in row:
                if isinstance(c.value, (int, float)) and not isinstance(c.value, bool):
                    compared += 1
                    w = b[c.coordinate].value
                    if not (isinstance(w, (int, float)) and w == pytest.approx(c.value, rel=1e-12, abs=1e-12)):
                        problems.append(f"{a.title}!{c.coordinate} en {c.value!r} ko {w!r}")
    for n in NAMES:
        assert name_cell(ko, n).value == pytest.approx(name_cell(en, n).value, rel=1e-12)
    assert compared > 1000 and not problems, problems[:30]
    checks = ko.worksheets[[ws.title for ws in en.worksheets].index("Checks")]
    assert checks["C4"].value is True  # all checks pass, the lost-time one included
