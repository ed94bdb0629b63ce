"""gpuplanner.core stays pure (spec §3): importing it loads no Qt, no pyqtgraph, no openpyxl and no pandas."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import gpuplanner.core

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "pyqtgraph", "openpyxl", "pandas")
CORE_MODULES = sorted(f"gpuplanner.core.{m.name}" for m in pkgutil.iter_modules(gpuplanner.core.__path__))

PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {forbidden!r})
print(json.dumps(heavy))
"""


def forbidden_after_import(*modules: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONSTARTUP",)}
    proc = subprocess.run(
        [sys.executable, "-c", PROBE.format(forbidden=set(FORBIDDEN)), *modules],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_core_has_modules() -> None:
    assert {"gpuplanner.core.model", "gpuplanner.core.scenario_io", "gpuplanner.core.hf_config"} <= set(CORE_MODULES)


def test_core_package_alone() -> None:
    assert forbidden_after_import("gpuplanner.core") == []


def test_every_core_module_together() -> None:
    assert forbidden_after_import("gpuplanner.core", *CORE_MODULES) == []


@pytest.mark.parametrize("module", CORE_MODULES)
def test_each_core_module(module: str) -> None:
    assert forbidden_after_import(module) == []


def test_probe_detects_a_heavy_import() -> None:
    """The probe itself works: importing a forbidden module is seen (json stands in when the package is absent)."""
    proc = subprocess.run(
        [sys.executable, "-c", PROBE.format(forbidden={"json", "importlib"}), "gpuplanner.core"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )
    assert "json" in json.loads(proc.stdout.strip().splitlines()[-1])
