"""Storing calibrations: the sidecar JSON file next to the scenario (layout in the package docstring)."""

from __future__ import annotations

import datetime
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import FileAccessError, InputError
from .comparison import Calibration
from .corrections import Corrections

SIDECAR_SCHEMA = "gpuplanner-calibration"
SIDECAR_VERSION = 1
SIDECAR_SUFFIX = ".calibration.json"


CALIBRATION_KEYS: Mapping[str, str] = {
    "gpu": "catalog GPU id the corrections apply to",
    "efficiency_factor": "multiplies the GPU's achievable GEMM efficiency and HBM bandwidth; null: not derived",
    "overhead_delta_bytes": "bytes added to the estimated overhead of every GPU; null: not measured",
    "measured_overhead_bytes": "nvidia-smi used − max_memory_allocated in the benchmark; null: not measured",
    "estimated_overhead_bytes": "the estimated overhead of the configuration that ran",
    "scenario_hash": "sha256 of the canonical scenario TOML the benchmark script was generated from",
    "device_name": "the device as PyTorch named it",
    "measured_at": "when the benchmark ran (ISO 8601, from the result)",
    "written_at": "when the calibration was stored (ISO 8601)",
    "result": "the benchmark result document as read (schema gpuplanner-bench-result)",
}


def sidecar_path(scenario_path: str | os.PathLike[str]) -> Path:
    """`run.gpuplan.toml` → `run.calibration.json` in the same folder."""
    p = Path(scenario_path)
    name = p.name
    for suffix in (".gpuplan.toml", ".toml"):
        if name.endswith(suffix) and len(name) > len(suffix):
            name = name[: -len(suffix)]
            break
    return p.with_name(name + SIDECAR_SUFFIX)


@dataclass(frozen=True)
class StoredCalibration:
    corrections: Corrections
    scenario_hash: str | None
    device_name: str | None
    measured_at: str | None
    written_at: str | None


def _entry(cal: Calibration) -> dict[str, Any]:
    c, r = cal.corrections, cal.result
    entry = {
        "gpu": c.gpu,
        "efficiency_factor": c.efficiency_factor,
        "overhead_delta_bytes": _int(c.overhead_delta_bytes),
        "measured_overhead_bytes": _int(c.measured_overhead_bytes),
        "estimated_overhead_bytes": _int(c.estimated_overhead_bytes),
        "scenario_hash": r.scenario_hash,
        "device_name": r.device.name,
        "measured_at": r.created,
        "written_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "result": dict(r.document),
    }
    assert set(entry) == set(CALIBRATION_KEYS)
    return entry


def _int(v: float | None) -> int | None:
    return None if v is None else int(round(v))


def read_calibrations(path: str | os.PathLike[str]) -> dict[str, StoredCalibration]:
    """The calibrations stored in a sidecar file, by GPU id; {} when there is none."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as err:
        raise FileAccessError(f"cannot be read ({getattr(err, 'strerror', None) or err})", file=str(p)) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(
            f"not valid JSON (line {err.lineno}, column {err.colno}: {err.msg}); move it away to "
            f"store a new calibration",
            file=str(p),
        ) from None
    if not isinstance(doc, dict) or doc.get("schema") != SIDECAR_SCHEMA:
        raise InputError(f"not a gpuplanner calibration file (schema {SIDECAR_SCHEMA!r} expected)", file=str(p))
    if doc.get("schema_version") != SIDECAR_VERSION:
        raise InputError(
            f"calibration file version {doc.get('schema_version')!r} is not readable by this "
            f"gpuplanner (it reads {SIDECAR_VERSION})",
            file=str(p),
            key="schema_version",
        )
    cals = doc.get("calibrations")
    if not isinstance(cals, dict):
        raise InputError("must be an object of GPU id → calibration", file=str(p), key="calibrations")
    out = {}
    for gid, e in cals.items():
        key = f"calibrations.{gid}"
        if not isinstance(e, dict):
            raise InputError("must be an object", file=str(p), key=key)
        unknown = set(e) - set(CALIBRATION_KEYS)
        if unknown:
            raise InputError(f"unknown key(s) {', '.join(sorted(unknown))}", file=str(p), key=key)
        f, d = e.get("efficiency_factor"), e.get("overhead_delta_bytes")
        for name, v in (("efficiency_factor", f), ("overhead_delta_bytes", d)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)):
                raise InputError("must be a number or null", file=str(p), key=f"{key}.{name}")
        if f is not None and f <= 0:
            raise InputError("must be a positive number or null", file=str(p), key=f"{key}.efficiency_factor")
        c = Corrections(
            gpu=gid,
            efficiency_factor=f,
            overhead_delta_bytes=d,
            measured_overhead_bytes=e.get("measured_overhead_bytes"),
            estimated_overhead_bytes=e.get("estimated_overhead_bytes"),
        )
        out[gid] = StoredCalibration(
            corrections=c,
            scenario_hash=e.get("scenario_hash"),
            device_name=e.get("device_name"),
            measured_at=e.get("measured_at"),
            written_at=e.get("written_at"),
        )
    return out


def load_corrections(scenario_path: str | os.PathLike[str], gpu_id: str) -> Corrections | None:
    """The stored corrections for one GPU type of a scenario (its sidecar file), None when there are none; for
    `apply` by the estimate, plan and app once they honour calibrations."""
    stored = read_calibrations(sidecar_path(scenario_path)).get(gpu_id)
    return None if stored is None else stored.corrections


def write_calibration(scenario_path: str | os.PathLike[str], cal: Calibration) -> Path:
    """Store the calibration (and the measurement) in the scenario's sidecar file, atomically, keeping the entries
    of other GPU types. An unreadable existing sidecar is left alone (InputError)."""
    from ..scenario_io import atomic_write_text

    path = sidecar_path(scenario_path)
    read_calibrations(path)  # refuse to overwrite a file we cannot understand
    try:
        doc = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except OSError as err:
        raise FileAccessError(f"cannot be read ({err.strerror or err})", file=str(path)) from None
    cals = dict(doc.get("calibrations", {}))
    cals[cal.gpu] = _entry(cal)
    out = {"schema": SIDECAR_SCHEMA, "schema_version": SIDECAR_VERSION, "calibrations": cals}
    atomic_write_text(path, json.dumps(out, indent=2) + "\n")
    return path
