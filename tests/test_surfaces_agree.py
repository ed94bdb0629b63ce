"""The app, the CLI and the workbook give the same answer (issue #15): for every example and for a 70B pretraining
with deadlines of 30 and 12 days (12 days needs 2,048 H100, beyond the old sweep's 1,024 cap), the GPU count,
the job cost at on-demand prices and the wall clock of the recommendation agree as the user reads them:

(a) the app's verdict and results table, read from the widgets (qtbot, one window for all scenarios);
(b) `gpuplanner plan SCENARIO`: the human stdout and `--json`;
(c) the workbook that `export_workbook` writes, after one LibreOffice recalculation of all of them: with a
    deadline the Summary's `out_deadline_*` cells, otherwise the GPU count and the recommended option's row of
    the Summary comparison (live formulas over Training and TCO).

`--json` is the reference; each text surface must match it within its own display rounding (days to 0.1,
money to the unit, the verdict's short money to 3 significant digits). Needs LibreOffice: skips locally
without it, fails under CI=true (export_helpers.soffice_or_skip).
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import openpyxl  # noqa: E402
import pytest  # noqa: E402

sys.path[:0] = [str(Path(__file__).parent / "export"), str(Path(__file__).parent / "ui")]
from export_helpers import LibreOffice, name_cell, soffice_or_skip  # noqa: E402

from gpuplanner.core.catalog import load_catalog  # noqa: E402
from gpuplanner.core.scenario_io import read_scenario  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.gpuplan.toml"))
SECONDS_PER_DAY = 86400.0
SHORT = {"": 1.0, "k": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}


@dataclass(frozen=True)
class Seen:
    """One surface's reading of the recommendation; `*_tol` is how far its display rounding lets it be off."""

    where: str
    count: int | None
    wall_seconds: float | None = None
    wall_tol: float = 0.0
    job: float | None = None
    job_tol: float = 0.0


@dataclass(frozen=True)
class Truth:
    """`gpuplanner plan --json`: the recommended GPU, its count, wall clock and job cost on demand."""

    gpu: str
    count: int
    wall_seconds: float | None
    job: float | None
    deadline: bool


@pytest.fixture(scope="module")
def isolated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The app and the CLI subprocesses see the same empty user catalog layer and no developer settings."""
    home = tmp_path_factory.mktemp("surfaces-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_DATA_HOME", str(home / "data"))
        mp.setenv("XDG_CONFIG_HOME", str(home / "config"))
        mp.setenv("GPUPLANNER_DATA_DIR", str(home / "user-data"))
        yield home


def cli(*args: str) -> str:
    cmd = [sys.executable, "-m", "gpuplanner.cli", "plan", *args]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout


def truth_of(doc: dict[str, Any]) -> Truth:
    rec = doc["recommendation"]
    gpu, count = rec["gpu"], rec["gpu_count"]
    if doc["deadline"]:
        d = doc["deadline"][gpu]
        return Truth(gpu, count, d["wall_seconds"], d["job_cloud_on_demand"], True)
    cand = next(c for c in doc["candidates"] if c["gpu"] == gpu)
    wall = cand["time"]["wall_seconds"] if cand.get("time") else None
    job = (cand.get("cost") or {}).get("job_cloud_on_demand")
    return Truth(gpu, count, wall, job, False)


def _num(text: str) -> float:
    return float(text.replace(",", ""))


def _days(text: str) -> tuple[float, float]:
    """The first "12.3 days" / "5.0 hours" in `text`: seconds and the rounding of one decimal."""
    m = re.search(r"([\d,]+\.\d) (days|hours)", text)
    assert m, f"no time in {text!r}"
    unit = SECONDS_PER_DAY if m.group(2) == "days" else 3600.0
    return _num(m.group(1)) * unit, 0.05 * unit


def _money(pattern: str, text: str) -> tuple[float, float]:
    """Whole units ("$1,049,170"): ±0.5; the short form ("$1.05M"): ±half of its third significant digit."""
    m = re.search(pattern, text)
    assert m, f"{pattern!r} not in {text!r}"
    value = _num(m.group(1)) * SHORT[m.groupdict().get("suffix") or ""]
    if m.groupdict().get("suffix") is None:
        return value, 0.5
    return value, 0.5 * 10 ** (math.floor(math.log10(value)) - 2)


def _count(text: str) -> int:
    m = re.search(r"(\d[\d,]*) × ", text)
    assert m, f"no GPU count in {text!r}"
    return int(_num(m.group(1)))


def seen_in_app(window: Any, truth: Truth) -> list[Seen]:
    from gpuplanner.ui import results_table

    view = window.results_view
    verdict = view.recommendation.text()
    model = view.table_model
    rs = model.results
    row = [c.gpu_id for c in rs.candidates].index(truth.gpu)
    cand = rs.candidates[row]

    def cell(col: str) -> str:
        return model.data(model.index(row, model.column_of(col)))

    out = []
    if truth.deadline:
        wall, wall_tol = _days(verdict)
        job, job_tol = _money(r"[$₩]([\d.,]+)(?P<suffix>[kMBT]?) at on-demand prices", verdict)
        out.append(Seen("app verdict", _count(verdict), wall, wall_tol, job, job_tol))
        shown = cell("deadline_gpus")  # "2,048 (11.9 days)"
        tip = results_table.tooltip(rs, cand, "deadline_gpus")  # "2,048 GPUs: 11.9 days, $1,049,170 at …"
        wall, wall_tol = _days(shown)
        job, job_tol = _money(r"[$₩]([\d,]+) at on-demand prices", tip)
        out.append(Seen("app table", int(_num(shown.split(" ")[0])), wall, wall_tol, job, job_tol))
        return out
    count = _count(verdict)
    if truth.wall_seconds is None:
        return [Seen("app verdict", count)]
    wall, wall_tol = _days(verdict)
    job, job_tol = _money(r"[$₩]([\d,]+) at on-demand prices", verdict)
    out.append(Seen("app verdict", count, wall, wall_tol, job, job_tol))
    wall, wall_tol = _days(cell("wall"))
    job, job_tol = _money(r"[$₩]([\d,]+)", cell("job_cost"))
    out.append(Seen("app table", None, wall, wall_tol, job, job_tol))  # the table has no count column
    return out


def seen_in_stdout(text: str, truth: Truth, currency: str) -> Seen:
    rec = next(line for line in text.splitlines() if line.strip().startswith("recommendation:"))
    count = _count(rec)
    if truth.deadline:
        line = next(ln for ln in text.splitlines() if re.match(rf"\s+{re.escape(truth.gpu)}\s+[\d,]+ GPUs", ln))
        wall, wall_tol = _days(line)
        job, job_tol = _money(rf"job at on-demand prices ([\d,]+) {currency}", line)
        return Seen("CLI stdout", count, wall, wall_tol, job, job_tol)
    if truth.wall_seconds is None:
        return Seen("CLI stdout", count)
    after = text.split("candidates at", 1)[1]
    line = next(ln for ln in after.splitlines() if ln.strip().startswith(truth.gpu + " "))
    wall, wall_tol = _days(line)
    job, job_tol = _money(rf"job ([\d,]+) {currency}", line)
    return Seen("CLI stdout", count, wall, wall_tol, job, job_tol)


def seen_in_workbook(path: Path, truth: Truth) -> Seen:
    wb = openpyxl.load_workbook(path, data_only=True)
    if truth.deadline:
        count, days, job = (
            name_cell(wb, n).value
            for n in ("out_deadline_gpu_count", "out_deadline_wall_days", "out_deadline_job_cloud_on_demand")
        )
        return Seen("workbook", int(count), days * SECONDS_PER_DAY, 1e-6 * days * SECONDS_PER_DAY, job, 1e-6 * job)
    count = int(name_cell(wb, "eng_gpu_count").value)
    ws = wb["Summary"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 2).value == truth.gpu)
    days, job = ws.cell(row, 5).value, ws.cell(row, 14).value
    if truth.wall_seconds is None:
        assert not isinstance(days, float), f"workbook shows a wall clock ({days}) that the engine does not have"
        return Seen("workbook", count)
    # live formulas: the Checks sheet's tolerance (0.1 %) bounds how far they may be from the engine
    return Seen("workbook", count, days * SECONDS_PER_DAY, 1e-3 * days * SECONDS_PER_DAY, job, 1e-3 * abs(job))


def disagreements(name: str, truth: Truth, seen: list[Seen]) -> list[str]:
    bad = []
    for s in seen:
        if s.count is not None and s.count != truth.count:
            bad.append(f"{name}: {s.where} says {s.count} GPUs, --json {truth.count}")
        for what, value, tol, ref in (
            ("wall clock", s.wall_seconds, s.wall_tol, truth.wall_seconds),
            ("job cost", s.job, s.job_tol, truth.job),
        ):
            if ref is None or value is None:
                continue
            if abs(value - ref) > tol + 1e-9 * abs(ref):
                bad.append(f"{name}: {s.where} {what} {value:,.2f}, --json {ref:,.2f} (rounding allows {tol:,.2f})")
    return bad


def test_app_cli_and_workbook_agree(isolated: Path, qtbot: Any, tmp_path: Path, journey_scenarios: list[Path]) -> None:
    exe = soffice_or_skip()
    from PySide6.QtCore import QSettings

    import gpuplanner.ui  # noqa: F401  (before other Qt use: see gpuplanner/ui/_refcount_fix.py)
    from gpuplanner.export import export_workbook
    from gpuplanner.ui.app import build_window

    paths = journey_scenarios
    catalog = load_catalog()
    truths, stdouts, books = {}, {}, []
    for p in paths:
        truths[p.name] = truth_of(json.loads(cli(str(p), "--json")))
        stdouts[p.name] = cli(str(p))
        book = tmp_path / "books" / (p.name.removesuffix(".gpuplan.toml") + ".xlsx")
        book.parent.mkdir(exist_ok=True)
        export_workbook(read_scenario(p), catalog, book)
        books.append(book)
    recalculated = LibreOffice(exe, tmp_path / "lo-profile").convert(books, tmp_path / "recalculated")

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = build_window(settings, smoke_test=True)
    qtbot.addWidget(window)
    window.show()
    bad: list[str] = []
    table: list[str] = []
    try:
        for p, book in zip(paths, recalculated, strict=True):
            window.doc.open(p)
            _wait_for_results(qtbot, window)
            truth = truths[p.name]
            currency = read_scenario(p).cost.currency
            seen = [
                *seen_in_app(window, truth),
                seen_in_stdout(stdouts[p.name], truth, currency),
                seen_in_workbook(book, truth),
            ]
            bad += disagreements(p.name, truth, seen)
            wall = "—" if truth.wall_seconds is None else f"{truth.wall_seconds / SECONDS_PER_DAY:,.1f} d"
            job = "—" if truth.job is None else f"{truth.job:,.0f}"
            table.append(f"{p.name}: {truth.count:,} × {truth.gpu}, {wall}, {job} {currency}; {len(seen)} surfaces")
    finally:
        window.doc.undo_stack.setClean()
        window.runner.shutdown()
    print("\n".join(table))
    assert not bad, "\n".join(bad)
    assert len(table) == len(EXAMPLES) + 2
    assert truths[paths[-1].name].count > 1024  # the 12-day answer: beyond the old sweep's cap


def _wait_for_results(qtbot: Any, win: Any, timeout: int = 180_000) -> None:
    from ui_helpers import wait_for_results

    wait_for_results(qtbot, win, timeout=timeout)
