"""Helpers for the workbook tests (imported by conftest.py and the tests): scenarios, headless LibreOffice
recalculation, reading defined names.

LibreOffice is optional on a developer's laptop (the tests that need it skip) but required in CI: with
CI=true a missing `soffice` fails those tests instead (spec §6 "Tests").
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from gpuplanner.core.paths import resources_dir
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import read_scenario

REPO = Path(__file__).resolve().parents[2]
KO = "ko:"  # key prefix of the Korean workbooks in the `books` and `exported` fixtures
ERRORS = ("#N/A", "#VALUE!", "#REF!", "#DIV/0!", "#NAME?", "#NUM!", "#NULL!")
EXAMPLES = sorted((REPO / "examples").glob("*.gpuplan.toml"))

# Scenarios the tests write themselves, so the suite does not depend on examples/ alone: several compared GPUs
# with and without published node prices, KRW with a fractional horizon and escalation, LoRA with scenario
# prices, and an inference run on a GPU whose node has no price (on-prem outputs empty).
TMP_SCENARIOS: dict[str, str] = {
    "pretrain-h100-4gpus": """
schema = 1
name = "Llama 3.1 8B continued pretraining"
[model]
preset = "llama-3.1-8b"
[workload]
method = "pretrain"
seq_len = 8192
micro_batch = 1
global_batch = 512
tokens = 1.5e11
precision = "bf16-master"
optimizer = "adamw"
recompute = "selective"
[hardware]
gpu = "h100-sxm-80gb"
gpu_count = 64
candidates = ["h100-sxm-80gb", "a100-sxm-80gb", "h200-sxm-141gb", "mi300x"]
[parallel]
tp = 1
zero = 3
[cost]
horizon_years = 3
utilization = 0.7
""",
    "finetune-krw-fractional": """
schema = 1
name = "Qwen2.5 14B fine-tune, Korea, KRW"
[model]
preset = "qwen2.5-14b"
[workload]
method = "full"
seq_len = 4096
micro_batch = 1
global_batch = 128
tokens = 2e9
precision = "bf16-master"
[hardware]
gpu = "a100-sxm-80gb"
gpu_count = 16
candidates = ["a100-sxm-80gb", "h100-sxm-80gb"]
[parallel]
tp = 1
pp = 1
cp = 1
zero = 3
[cost]
currency = "KRW"
site = "kr-colo"
horizon_years = 2.5
utilization = 0.55
electricity_escalation_per_year = 0.04
import_tax_fraction = 0.08
""",
    "lora-scenario-prices": """
schema = 1
name = "Mistral 7B LoRA with quoted prices"
[model]
preset = "mistral-7b"
[workload]
method = "lora"
seq_len = 4096
micro_batch = 2
global_batch = 64
tokens = 5e8
lora_rank = 32
[hardware]
gpu = "h100-sxm-80gb"
gpu_count = 8
[parallel]
tp = 1
pp = 1
cp = 1
zero = 0
[cost]
horizon_years = 4
utilization = 0.9
cloud_usd_per_gpu_hour = 2.2
reserved_3y_usd_per_gpu_hour = 1.6
node_price_usd = 250000
staff_usd_per_year = 30000
discount_rate = 0.1
""",
    "inference-unpriced-node": """
schema = 1
name = "Llama 3.1 8B serving on H100 PCIe"
[model]
preset = "llama-3.1-8b"
[workload]
method = "inference"
seq_len = 4096
batch = 16
[hardware]
gpu = "h100-pcie-80gb"
gpu_count = 2
[parallel]
tp = 2
pp = 1
""",
}


def scenario_files(folder: Path) -> dict[str, Path]:
    """Every example, the default scenario, and the scenarios above written into `folder`."""
    files = {p.name.removesuffix(".gpuplan.toml"): p for p in EXAMPLES}
    default = resources_dir() / "default.gpuplan.toml"
    if default.exists():
        files["default"] = default
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in TMP_SCENARIOS.items():
        p = folder / f"{name}.gpuplan.toml"
        p.write_text(text.lstrip(), encoding="utf-8")
        files[name] = p
    return files


def soffice_or_skip() -> str:
    exe = shutil.which("soffice") or shutil.which("libreoffice")
    if exe is None:
        if os.environ.get("CI", "").strip().lower() == "true":
            pytest.fail("LibreOffice (soffice) is required for the Excel tests in CI (Debian: libreoffice-calc-nogui)")
        pytest.skip("LibreOffice (soffice) is not installed; the workbook is not recalculated")
    return exe


class LibreOffice:
    """Headless LibreOffice with a private profile (parallel runs and a user's open office do not clash)."""

    def __init__(self, exe: str, profile: Path) -> None:
        self.exe = exe
        self.profile = profile

    def convert(self, files: Iterable[Path], outdir: Path, fmt: str = "xlsx", timeout: float = 300) -> list[Path]:
        """Open each file (recalculating every formula: the workbook sets fullCalcOnLoad and holds no cached
        values) and save it as `fmt` into `outdir`; returns the new paths in order."""
        files = list(files)
        outdir.mkdir(parents=True, exist_ok=True)
        cmd = [
            self.exe,
            f"-env:UserInstallation={self.profile.as_uri()}",
            "--headless",
            "--norestore",
            "--calc" if fmt == "xlsx" else "--nologo",
            "--convert-to",
            fmt,
            "--outdir",
            str(outdir),
            *map(str, files),
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
        out = [outdir / (f.stem + "." + fmt) for f in files]
        missing = [p for p in out if not p.exists()]
        assert not missing, f"LibreOffice did not convert {missing}: {proc.stdout} {proc.stderr}"
        return out


def load_scenario(path: Path) -> Scenario:
    return read_scenario(path)


def name_cell(wb: Any, name: str) -> Any:
    """The one cell a workbook-scoped defined name points at."""
    dn = wb.defined_names[name]
    dests = list(dn.destinations)
    assert len(dests) == 1, f"{name} must point at one cell, got {dn.attr_text}"
    sheet, ref = dests[0]
    ref = ref.replace("$", "")
    assert ":" not in ref, f"{name} must point at one cell, got {dn.attr_text}"
    return wb[sheet][ref]


def name_value(wb: Any, name: str) -> Any:
    return name_cell(wb, name).value


def close(workbook_value: Any, engine_value: float | None, rel: float = 1e-3) -> bool:
    """Within 0.1 % (spec §4.4); a value the engine does not know (None) is empty text in the workbook."""
    if engine_value is None:
        return workbook_value in (None, "")
    if not isinstance(workbook_value, (int, float)) or isinstance(workbook_value, bool):
        return False
    if engine_value == 0:
        return abs(workbook_value) <= 1e-9
    return math.isclose(workbook_value, engine_value, rel_tol=rel, abs_tol=1e-9)


def sheet(wb: Any, english: str) -> Any:
    """A sheet by its English name, in a workbook of any language (the sheet order is fixed)."""
    from gpuplanner.export.workbook import SHEETS

    return wb.worksheets[SHEETS.index(english)]


def error_cells(wb: Any) -> list[str]:
    """Every cell that shows an error value after recalculation (`Err:502` is LibreOffice's own kind)."""
    out = []
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                v = cell.value
                if isinstance(v, str) and (v.strip() in ERRORS or v.startswith("Err:")):
                    out.append(f"{ws.title}!{cell.coordinate}={v}")
    return out
