"""Model presets shipped in catalog/models.toml."""

from __future__ import annotations

import tomllib
from functools import cache

from .errors import InputError
from .model import ModelSpec
from .paths import catalog_dir
from .suggest import did_you_mean


@cache
def presets() -> dict[str, ModelSpec]:
    path = catalog_dir() / "models.toml"
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    return {pid: ModelSpec(**fields) for pid, fields in raw.items()}


def preset(preset_id: str) -> ModelSpec:
    table = presets()
    if preset_id not in table:
        raise InputError(f"unknown preset {preset_id!r}{did_you_mean(preset_id, table)}", key="model.preset")
    return table[preset_id]
