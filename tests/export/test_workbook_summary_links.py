"""Summary lists the link speeds each option's figures assumed (Estimate.notes), so that finance sees that a
training time rests on a guessed network; in Korean the fixed sentence is Korean, the ids and keys are not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import sheet

from gpuplanner.core.plan import plan
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.export.api import export_plan_workbook

INTER = (
    "Inter-node link speed not published for node type mi300a-4x-node; assumed 10 Gb/s per GPU. "
    "Set hardware.inter_node_gbits_per_s."
)
INTER_KO = (
    "노드 종류 mi300a-4x-node의 노드 간 링크 속도가 공개되지 않아 GPU당 10 Gb/s로 가정했습니다. "
    "hardware.inter_node_gbits_per_s로 지정하세요."
)


def _scenario(gpu: str, candidates: list[str]):  # type: ignore[no-untyped-def]
    return parse_scenario(
        {
            "schema": 1,
            "name": "8B pretrain",
            "model": {"preset": "llama-3.1-8b"},
            "workload": {"method": "pretrain", "seq_len": 4096, "tokens": 1e11},
            "hardware": {"gpu": gpu, "gpu_count": 16, "candidates": candidates},
        }
    )


def _texts(ws: Any) -> dict[str, tuple[int, int]]:
    return {c.value: (c.row, c.column) for row in ws.iter_rows() for c in row if isinstance(c.value, str)}


@pytest.mark.parametrize(("language", "expected"), [("en", INTER), ("ko", INTER_KO)])
def test_summary_lists_the_assumed_link_speed(catalog: Any, tmp_path: Path, language: str, expected: str) -> None:
    the_plan = plan(_scenario("mi300a", ["mi300a", "h100-sxm-80gb"]), catalog)
    out = tmp_path / f"links-{language}.xlsx"
    export_plan_workbook(the_plan, catalog, out, language=language)
    ws = sheet(openpyxl.load_workbook(out), "Summary")
    texts = _texts(ws)
    assert expected in texts, sorted(t for t in texts if "mi300a" in t)
    row, column = texts[expected]
    assert column == 2 and ws.cell(row, 1).value == "1. Instinct MI300A APU 128GB"
    # the H100 option has catalog links: no row of its own
    assert not any(ws.cell(r, 1).value == "2. H100 SXM5 80GB" for r in range(row - 2, row + 3))


def test_no_section_when_nothing_was_assumed(catalog: Any, tmp_path: Path) -> None:
    the_plan = plan(_scenario("h100-sxm-80gb", ["h100-sxm-80gb"]), catalog)
    out = tmp_path / "h100.xlsx"
    export_plan_workbook(the_plan, catalog, out)
    texts = _texts(sheet(openpyxl.load_workbook(out), "Summary"))
    assert not any(t.startswith("Assumed link speeds") or "link speed not published" in t for t in texts)
