"""The benchmark program as modules (gpuplanner/benchscript/program) and the one script the writer makes of them.

What the script measures is tested in tests/core/test_calibration.py (it runs there on the CPU); here: the parts
join into valid, self-contained Python with every name defined, the layout rules are enforced, and the script
answers --help, or says in one line that PyTorch is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpuplanner.benchscript import render_script, script_config, writer
from gpuplanner.core.scenario_io import parse_scenario

ROOT = Path(__file__).resolve().parents[2]
PROGRAM_DIR = ROOT / "gpuplanner" / "benchscript" / "program"
TINY = {
    "schema": 1,
    "name": "Tiny decoder",
    "model": {"name": "tiny", "layers": 4, "hidden": 128, "heads": 4, "kv_heads": 2, "ffn_hidden": 352, "vocab": 512},
    "workload": {"method": "pretrain", "seq_len": 64, "micro_batch": 1, "global_batch": 1, "tokens": 1e6},
    "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 1},
}


def required(tool: str, path: str | None) -> str:
    if path:
        return path
    if os.environ.get("CI") == "true":
        pytest.fail(f"{tool} is missing; CI=true requires it")
    pytest.skip(f"{tool} is missing")


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bench") / "bench.py"
    path.write_text(render_script(parse_scenario(TINY)), encoding="utf-8")
    return path


def test_every_part_is_in_the_program_and_short() -> None:
    parts = sorted(p.stem for p in PROGRAM_DIR.glob("*.py") if p.name != "__init__.py")
    assert sorted(writer.PROGRAM) == parts
    for name in parts:
        lines = (PROGRAM_DIR / f"{name}.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 500, f"{name}.py has {lines} lines"


def test_script_joins_the_parts_in_order(script: Path) -> None:
    text = script.read_text(encoding="utf-8")
    compile(text, str(script), "exec")
    assert text.startswith("#!/usr/bin/env python3\n")
    assert "from ." not in text and text.count("from __future__ import annotations") == 1
    assert writer.BODY_MARKER not in text
    # the guarded torch import comes before any use, the entry point last
    assert text.index("    import torch\n") < text.index("class RMSNorm")
    assert text.rstrip().splitlines()[-1].strip() == "sys.exit(EXIT_OOM)"
    assert writer.script_data(text) == script_config(parse_scenario(TINY))


def test_script_defines_every_name_it_uses(script: Path) -> None:
    ruff = required("ruff", shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent)))
    proc = subprocess.run(
        [ruff, "check", "--isolated", "--no-cache", "--select", "F", "--target-version", "py39", str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize(
    ("part", "text", "fragment"),
    [
        ("model", '"""doc"""\nimport math\n', "has no line"),
        ("model", '"""doc"""\nX = 1\n' + writer.BODY_MARKER, "only imports go above"),
        ("model", '"""doc"""\nimport torch\n' + writer.BODY_MARKER, "imports torch"),
        ("common", '"""doc"""\n' + writer.BODY_MARKER + "X = 1\n", "one empty data block"),
    ],
)
def test_program_layout_is_enforced(monkeypatch: pytest.MonkeyPatch, part: str, text: str, fragment: str) -> None:
    real = writer._part
    monkeypatch.setattr(writer, "_part", lambda name: text if name == part else real(name))
    writer.program.cache_clear()
    try:
        with pytest.raises(RuntimeError, match=fragment):
            writer.program()
    finally:
        writer.program.cache_clear()


def test_script_without_torch_is_one_line_and_exit_2(script: Path) -> None:
    # torch is hidden (an import of it fails) the way it is on a machine without it
    code = (
        "import runpy, sys\nsys.modules['torch'] = None\nsys.argv = [sys.argv[1], '--help']\n"
        "runpy.run_path(sys.argv[0], run_name='__main__')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(script)], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 2 and proc.stderr == "bench: PyTorch is not installed (pip install torch)\n"


def torch_python() -> str | None:
    env = os.environ.get("GPUPLANNER_TORCH_PYTHON")
    for c in [env] if env else [str(ROOT / ".venv-torch" / "bin" / "python"), str(ROOT / ".venv" / "bin" / "python")]:
        if (
            Path(c).exists()
            and subprocess.run([c, "-c", "import torch"], capture_output=True, timeout=120).returncode == 0
        ):
            return c
    return None


@pytest.mark.torch
def test_script_help_with_torch(script: Path) -> None:
    exe = required("a Python with torch (GPUPLANNER_TORCH_PYTHON or .venv-torch)", torch_python())
    proc = subprocess.run([exe, str(script), "--help"], capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "gpuplanner benchmark of scenario 'Tiny decoder'" in proc.stdout and "--layers" in proc.stdout
