"""Safe files (spec §6): user text never becomes a formula; exports onto locked or unwritable files fail clearly
and leave the old file; the CLI maps that to exit 3."""

from __future__ import annotations

import dataclasses
import errno
import os
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any

import openpyxl
import pytest
from export_helpers import TMP_SCENARIOS, LibreOffice

from gpuplanner.core.catalog import Catalog
from gpuplanner.core.errors import FileAccessError
from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.export import export_workbook

INJECTIONS = [
    '=HYPERLINK("http://example.com/x","click me")',
    "+SUM(1,2)",
    "-2+3",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=2+2",
    "=cmd|' /C calc'!A0",
]


def scenario_file(tmp_path: Path, key: str = "pretrain-h100-4gpus", name: str | None = None) -> Path:
    text = TMP_SCENARIOS[key].lstrip()
    if name is not None:
        import json

        first, rest = text.split("\n", 1)
        rest = rest.split("\n", 1)[1]  # drop the name line
        text = f"{first}\nname = {json.dumps(name)}\n{rest}"
    p = tmp_path / f"{key}.gpuplan.toml"
    p.write_text(text, encoding="utf-8")
    return p


def hostile_catalog(catalog: Catalog) -> Catalog:
    """The shipped catalog with formula-like text in user-editable fields of the H100 rows."""
    gpu = catalog.gpus["h100-sxm-80gb"]
    gpus = dict(catalog.gpus)
    gpus[gpu.id] = dataclasses.replace(gpu, name=INJECTIONS[1], notes=INJECTIONS[3], spec_source=INJECTIONS[6])
    node = catalog.default_node(gpu.id)
    nodes = dict(catalog.nodes)
    nodes[node.id] = dataclasses.replace(node, name=INJECTIONS[2], notes=INJECTIONS[4])
    offers = tuple(
        dataclasses.replace(o, notes=INJECTIONS[5], provider=INJECTIONS[0]) if o.gpu == gpu.id else o
        for o in catalog.offers
    )
    return dataclasses.replace(catalog, gpus=MappingProxyType(gpus), nodes=MappingProxyType(nodes), offers=offers)


def _all_cells(wb: Any) -> list[Any]:
    return [c for ws in wb.worksheets for row in ws.iter_rows() for c in row if c.value is not None]


def test_user_text_is_written_as_text_never_as_a_formula(tmp_path: Path, catalog: Catalog) -> None:
    s = read_scenario(scenario_file(tmp_path, name=INJECTIONS[0]))
    out = tmp_path / "hostile.xlsx"
    export_workbook(s, hostile_catalog(catalog), out, scenario_text='# =1+1\nname = "=HYPERLINK()"\n\x01ctrl')
    wb = openpyxl.load_workbook(out)
    cells = _all_cells(wb)
    texts = {c.value: c for c in cells if c.data_type == "s"}
    for text in (t.replace("\r", "\n") for t in INJECTIONS):  # CR is stored as LF
        assert text in texts, f"{text!r} missing"
        cell = texts[text]
        assert cell.data_type == "s"
        assert cell.quotePrefix, f"{text!r} at {cell.parent.title}!{cell.coordinate} lacks quotePrefix"
    formulas = [c.value for c in cells if c.data_type == "f"]
    assert not any("HYPERLINK" in f or "cmd|" in f or "SUM(1,2)" in f for f in formulas)
    assert all("\x01" not in str(c.value) for c in cells)  # control characters XML cannot hold are dropped
    assert "ctrl" in texts


@pytest.mark.libreoffice
def test_libreoffice_shows_the_injected_text(tmp_path: Path, catalog: Catalog, libreoffice: LibreOffice) -> None:
    s = read_scenario(scenario_file(tmp_path, name=INJECTIONS[0]))
    out = tmp_path / "hostile.xlsx"
    export_workbook(s, hostile_catalog(catalog), out)
    (rec,) = libreoffice.convert([out], tmp_path / "lo")
    wb = openpyxl.load_workbook(rec, data_only=True)
    values = {c.value for c in _all_cells(wb)}
    for text in (t.replace("\r", "\n") for t in INJECTIONS):
        assert text in values, f"LibreOffice did not keep {text!r} as text"
    assert wb["Summary"]["B2"].value == INJECTIONS[0]
    assert "click me" not in values and 3 not in {wb["Summary"]["B2"].value}


# --- locks and write failures ---------------------------------------------------------------------------

OLD = b"old workbook bytes"


def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


@pytest.mark.parametrize(
    "lock_name, app", [("~$plan.xlsx", "Excel"), (".~lock.plan.xlsx#", "LibreOffice"), ("~$an.xlsx", "Excel")]
)
def test_export_onto_a_file_open_elsewhere_fails_and_keeps_the_old_file(
    tmp_path: Path, catalog: Catalog, lock_name: str, app: str
) -> None:
    s = read_scenario(scenario_file(tmp_path))
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "plan.xlsx"
    target.write_bytes(OLD)
    (folder / lock_name).write_text("user,host", encoding="utf-8")
    with pytest.raises(FileAccessError) as info:
        export_workbook(s, catalog, target)
    msg = str(info.value)
    assert "plan.xlsx" in msg and app in msg and "close it" in msg and "not changed" in msg
    assert target.read_bytes() == OLD
    assert _leftovers(folder, {"plan.xlsx", lock_name}) == []


def test_full_disk_fails_cleanly(tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    s = read_scenario(scenario_file(tmp_path))
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "plan.xlsx"
    target.write_bytes(OLD)

    def full(self: Any, filename: Any) -> None:
        Path(filename).write_bytes(b"partial")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(openpyxl.Workbook, "save", full)
    with pytest.raises(FileAccessError) as info:
        export_workbook(s, catalog, target)
    assert "disk is full" in str(info.value) and "unchanged" in str(info.value)
    assert target.read_bytes() == OLD
    assert _leftovers(folder, {"plan.xlsx"}) == []


def test_failed_rename_fails_cleanly(tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    s = read_scenario(scenario_file(tmp_path))
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "plan.xlsx"
    target.write_bytes(OLD)

    def denied(src: Any, dst: Any) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(dst))

    monkeypatch.setattr("gpuplanner.export.files.os.replace", denied)
    with pytest.raises(FileAccessError) as info:
        export_workbook(s, catalog, target)
    assert "permission denied" in str(info.value)
    assert target.read_bytes() == OLD
    assert _leftovers(folder, {"plan.xlsx"}) == []


def test_a_new_file_gets_normal_permissions_and_replaces_atomically(tmp_path: Path, catalog: Catalog) -> None:
    s = read_scenario(scenario_file(tmp_path))
    target = tmp_path / "plan.xlsx"
    export_workbook(s, catalog, target)
    assert target.stat().st_mode & 0o044  # readable by others as usual, not mkstemp's 0600
    openpyxl.load_workbook(target)
    export_workbook(s, catalog, target)  # over an existing file
    assert _leftovers(tmp_path, {"plan.xlsx", "pretrain-h100-4gpus.gpuplan.toml"}) == []


# --- the CLI ----------------------------------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`gpuplanner …` in a fresh interpreter, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_cli_export_writes_the_workbook(tmp_path: Path) -> None:
    out = tmp_path / "plan.xlsx"
    proc = cli("export", str(scenario_file(tmp_path)), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "wrote" in proc.stdout
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames[:2] == ["Summary", "Assumptions"]
    src = wb["Sources"]
    assert any(c.value == 'name = "Llama 3.1 8B continued pretraining"' for row in src.iter_rows() for c in row)


def test_cli_export_onto_a_locked_file_exits_3(tmp_path: Path) -> None:
    out = tmp_path / "plan.xlsx"
    out.write_bytes(OLD)
    (tmp_path / ".~lock.plan.xlsx#").write_text("x", encoding="utf-8")
    proc = cli("export", str(scenario_file(tmp_path)), "-o", str(out))
    assert proc.returncode == 3
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "LibreOffice" in err and "Traceback" not in err
    assert out.read_bytes() == OLD


def test_cli_export_bad_scenario_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.gpuplan.toml"
    bad.write_text(
        TMP_SCENARIOS["pretrain-h100-4gpus"].replace('gpu = "h100-sxm-80gb"', 'gpu = "h100-sxm"'), encoding="utf-8"
    )
    proc = cli("export", str(bad), "-o", str(tmp_path / "x.xlsx"))
    assert proc.returncode == 2
    err = proc.stderr
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and not (tmp_path / "x.xlsx").exists()


def test_cli_export_into_a_missing_folder_exits_3(tmp_path: Path) -> None:
    proc = cli("export", str(scenario_file(tmp_path)), "-o", str(tmp_path / "nope" / "x.xlsx"))
    assert proc.returncode == 3
    assert "does not exist" in proc.stderr and "Traceback" not in proc.stderr
