"""A sample of commands as subprocesses over a damaged user catalog (issue #18 class 6; the in-process fuzz
test is tests/core/catalog/test_user_layer_fuzz.py).

The user layer holds a non-finite cell, a duplicate id, a node whose GPU is bad, a named pipe for a file,
and a lone CR written unquoted (as versions before issue #18 wrote it), which must read as part of its cell.
Every command exits 0/2/3 without a traceback, names each part left out on stderr once (one line each,
before any error line), prints valid JSON without NaN or infinity, and uses the good rows."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpuplanner.core.paths import catalog_dir, examples_dir

SHIPPED = catalog_dir()
EXAMPLE = examples_dir() / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml"
TIMEOUT_S = 120


def _shipped(file: str, row_id: str) -> dict[str, str]:
    with open(SHIPPED / file, newline="", encoding="utf-8") as fh:
        return next(r for r in csv.DictReader(fh) if r["id"] == row_id)


def _csv(rows: list[dict[str, str]]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A user layer with 4 bad parts (expected warnings) and good rows (a GPU, its node, a site edit)."""
    cat = tmp_path / "data" / "catalog"
    cat.mkdir(parents=True)
    gpu = _shipped("gpus.csv", "rtx-4090")
    gpus = [
        {**gpu, "id": "my-4090", "name": "My 4090 \ufffe\x1b[2J", "gemm_efficiency": "0.5", "notes": "bought\rthen"},
        {**gpu, "id": "bad-gpu", "memory_bytes": "1e400"},
        {**gpu, "id": "my-4090", "name": "a second my-4090"},
    ]
    node = {**_shipped("nodes.csv", "ws-1x-rtx-4090"), "default_for_gpu": "true"}
    nodes = [{**node, "id": "my-4090-box", "gpu": "my-4090"}, {**node, "id": "bad-box", "gpu": "bad-gpu"}]
    (cat / "gpus.csv").write_text(_csv(gpus), encoding="utf-8")
    (cat / "nodes.csv").write_text(_csv(nodes), encoding="utf-8")
    os.mkfifo(cat / "sites.csv")
    return tmp_path / "data"


def _scenario(tmp_path: Path, gpu: str) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8").replace('gpu = "rtx-4090"', f'gpu = "{gpu}"')
    assert f'gpu = "{gpu}"' in text
    path = tmp_path / f"{gpu}.gpuplan.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _run(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GPUPLANNER_DATA_DIR": str(data_dir)}
    return subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", *args], capture_output=True, text=True, env=env, timeout=TIMEOUT_S
    )


def _no_constant(name: str) -> None:
    raise AssertionError(f"{name} in the JSON document")


def test_every_command_names_the_bad_rows_once_and_uses_the_good_ones(data_dir: Path, tmp_path: Path) -> None:
    mine, bad = _scenario(tmp_path, "my-4090"), _scenario(tmp_path, "bad-gpu")
    runs = {
        "estimate": (_run(data_dir, "estimate", str(mine), "--json"), 0),
        "plan": (_run(data_dir, "plan", str(mine), "--json", "--top", "2"), 0),
        "export": (_run(data_dir, "export", str(mine), "-o", str(tmp_path / "out.xlsx")), 0),
        "list": (_run(data_dir, "catalog", "list", "--json"), 0),
        "bad-gpu": (_run(data_dir, "estimate", str(bad)), 2),
        "export-bad-gpu": (_run(data_dir, "export", str(bad), "-o", str(tmp_path / "no.xlsx")), 2),
        "bench-bad-gpu": (_run(data_dir, "bench-script", str(bad), "-o", str(tmp_path / "no.py")), 2),
    }
    for label, (proc, rc) in runs.items():
        where = f"{label}: rc={proc.returncode} stderr={proc.stderr!r}"
        assert proc.returncode == rc, where
        assert "Traceback" not in proc.stderr, where
        lines = proc.stderr.splitlines()
        warnings = [ln for ln in lines if ln.startswith("warning: user catalog: ")]
        assert len(warnings) == 4 and len(set(warnings)) == 4, where  # each part once
        assert lines[: len(warnings)] == warnings, where  # the warnings come first, then any error
        assert len(lines) == len(warnings) + (1 if rc else 0), where
        joined = "\n".join(warnings)
        for part in ("id 'bad-gpu', column memory_bytes", "id 'my-4090', column id: duplicate id", "id 'bad-box'"):
            assert part in joined, (label, part, joined)
        assert "sites.csv: is a named pipe (FIFO)" in joined, joined
        if proc.stdout.startswith(("{", "[")):
            json.loads(proc.stdout, parse_constant=_no_constant)
    assert json.loads(runs["estimate"][0].stdout)["gpu"] == "my-4090"
    listed = {r["id"]: r for r in json.loads(runs["list"][0].stdout)}
    assert listed["my-4090"]["gemm_efficiency"] == 0.5 and "bad-gpu" not in listed
    for label in ("bad-gpu", "export-bad-gpu", "bench-bad-gpu"):  # the same check, named by the scenario key
        bad_line = runs[label][0].stderr.splitlines()[-1]
        assert bad_line.startswith(f"gpuplanner: {bad}: hardware.gpu: unknown GPU 'bad-gpu'"), (label, bad_line)
    assert not (tmp_path / "no.xlsx").exists() and not (tmp_path / "no.py").exists()
    import openpyxl  # a control or non-character in a user GPU's name must not make an unreadable workbook

    book = openpyxl.load_workbook(tmp_path / "out.xlsx")
    cells = [str(c.value) for ws in book.worksheets for row in ws.iter_rows() for c in row if c.value is not None]
    assert any("My 4090" in c for c in cells) and not any("\ufffe" in c or "\x1b" in c for c in cells)
    assert "\x1b" not in runs["estimate"][0].stdout + runs["list"][0].stdout
