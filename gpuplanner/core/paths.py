"""Where the shipped data lives: a source checkout, an installed wheel, or a PyInstaller bundle."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@cache
def _data_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    candidates = []
    if bundle:
        candidates.append(Path(bundle) / "gpuplanner" / "_data")
    candidates.append(_PACKAGE / "_data")  # installed wheel (force-include in pyproject)
    candidates.append(_PACKAGE.parent)  # source checkout / editable install
    for root in candidates:
        if (root / "catalog").is_dir():
            return root
    raise FileNotFoundError("gpuplanner: shipped catalog not found (looked in " + ", ".join(map(str, candidates)) + ")")


def catalog_dir() -> Path:
    """The shipped catalog folder (read-only; user edits live elsewhere)."""
    return _data_root() / "catalog"


def resources_dir() -> Path:
    """Icons, translations and the default scenario."""
    return _data_root() / "resources"


def examples_dir() -> Path:
    """The shipped example scenarios (File › Open Example): ``examples/`` beside ``catalog/`` in a checkout,
    ``gpuplanner/_data/examples`` in a wheel (force-include) and in a PyInstaller bundle (the spec's datas)."""
    return _data_root() / "examples"
