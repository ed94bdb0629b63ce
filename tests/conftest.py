"""Guards for every test: nothing may replace /dev/null, and Qt settings never reach the developer's own.

As root, a test that saved QSettings to /dev/null once replaced the device with a regular file (settings are
written with a rename), breaking every later step of CI. Each test now has its own settings folder, and a test
that damages /dev/null fails by name instead of being repaired afterwards.
"""

from __future__ import annotations

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
