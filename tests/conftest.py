"""Guards for every test: nothing may replace /dev/null, and Qt settings never reach the developer's own.

As root, a test that saved QSettings to /dev/null once replaced the device with a regular file (settings are
written with a rename), breaking every later step of CI. Each test now has its own settings folder, and a test
that damages /dev/null fails by name instead of being repaired afterwards.
"""

from __future__ import annotations

import gc
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def _dev_null_is_a_character_device() -> bool:
    try:
        return stat.S_ISCHR(os.stat("/dev/null").st_mode)
    except OSError:
        return False


@pytest.fixture(autouse=True)
def settings_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """QSettings of this test in a fresh folder (only where Qt is loaded: core and CLI tests stay Qt-free)."""
    folder = tmp_path_factory.mktemp("qsettings")
    if "PySide6.QtCore" in sys.modules:
        from PySide6.QtCore import QSettings

        for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
                QSettings.setPath(fmt, scope, str(folder))
    yield folder


@pytest.fixture(autouse=True)
def dev_null_intact() -> Iterator[None]:
    assert _dev_null_is_a_character_device(), "/dev/null was already not a character device before this test"
    yield
    assert _dev_null_is_a_character_device(), "this test replaced /dev/null (QSettings or a file written to it?)"


@pytest.fixture(autouse=True)
def automatic_gc_restored() -> Iterator[None]:
    """The app switches Python's automatic garbage collection off and collects from the GUI thread
    (gpuplanner/ui/main_thread_gc.py); after a test whose window did so, the next tests (which run no event
    loop to collect for them) get automatic collection back."""
    was = gc.isenabled()
    yield
    if was and not gc.isenabled():
        gc.enable()


ROOT = Path(__file__).resolve().parents[1]
PRETRAIN_70B = ROOT / "tests" / "fixtures" / "llama-3.1-70b-pretrain-64xh100.gpuplan.toml"
EXAMPLES = sorted((ROOT / "examples").glob("*.gpuplan.toml"))


@pytest.fixture
def pretrain_70b(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Save the 70B pretraining journey (tests/fixtures) with a deadline and candidate GPUs, written by the app's
    own writer: ``pretrain_70b(30)`` → the path of the saved scenario."""
    from dataclasses import replace

    from gpuplanner.core.scenario_io import read_scenario, write_scenario

    def save(deadline_days: float | None, candidates: tuple[str, ...] = ()) -> Path:
        s = read_scenario(PRETRAIN_70B)
        s = replace(
            s,
            workload=replace(s.workload, deadline_days=deadline_days),
            hardware=replace(s.hardware, candidates=candidates),
        )
        path = tmp_path / f"pretrain-70b-{deadline_days or 0:g}d-{len(candidates)}gpus.gpuplan.toml"
        write_scenario(s, path)
        return path

    return save


@pytest.fixture
def journey_scenarios(pretrain_70b) -> list[Path]:  # type: ignore[no-untyped-def]
    """Every shipped example and the 70B pretraining at deadlines of 30 and 12 days (12 days needs 2,048 H100:
    beyond the old sweep's 1,024 cap) — what the app, the CLI and the workbook must agree on."""
    return [*EXAMPLES, pretrain_70b(30), pretrain_70b(12)]
