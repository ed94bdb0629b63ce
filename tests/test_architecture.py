"""The dependency contracts of spec §3 (pyproject.toml, [tool.importlinter]) hold, and the linter that checks
them sees the kinds of import they are about: third-party and standard-library modules, and imports inside
functions."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def lint_imports() -> str:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if exe is None:
        msg = "lint-imports is missing (pip install -e '.[dev]')"
        if os.environ.get("CI") == "true":
            pytest.fail(msg + "; CI=true requires it")
        pytest.skip(msg)
    return exe


def run(exe: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [exe, "--no-cache", *args], capture_output=True, text=True, cwd=ROOT, timeout=300, check=False
    )


def test_the_contracts_are_kept(lint_imports: str) -> None:
    proc = run(lint_imports)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Contracts: 3 kept, 0 broken." in proc.stdout


CANARIES = """
[importlinter]
root_package = gpuplanner
include_external_packages = True

[importlinter:contract:stdlib]
name = canary: core uses json (a standard-library import is seen)
type = forbidden
source_modules = gpuplanner.core
forbidden_modules = json

[importlinter:contract:lazy]
name = canary: the command line starts the app inside a function (a function-level import is seen)
type = forbidden
source_modules = gpuplanner.cli.app
forbidden_modules = gpuplanner.ui

[importlinter:contract:external]
name = canary: export writes with openpyxl (a third-party import is seen)
type = forbidden
source_modules = gpuplanner.export
forbidden_modules = openpyxl
"""


def test_the_linter_sees_what_the_contracts_forbid(lint_imports: str, tmp_path: Path) -> None:
    config = tmp_path / "canaries.ini"
    config.write_text(CANARIES, encoding="utf-8")
    proc = run(lint_imports, str(config))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Contracts: 0 kept, 3 broken." in proc.stdout, proc.stdout


MAX_MODULE_LINES = 500  # one module, one job: a module past this holds several and is split


def test_no_module_is_over_500_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in sorted((ROOT / "gpuplanner").rglob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"
