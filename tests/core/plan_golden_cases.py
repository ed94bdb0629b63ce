"""The Plans whose numbers tests/core/test_plan_golden.py pins (issue #15: speed work changes no number).

`.venv/bin/python tests/core/plan_golden_cases.py` rewrites tests/core/data/plan_golden.json from the current
code; it was written once before the sweep was optimised, and must only be rewritten when a number is meant to change.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

from gpuplanner.core.catalog import Catalog, load_catalog
from gpuplanner.core.engine import load_checked
from gpuplanner.core.plan import Plan, plan
from gpuplanner.core.scenario_io import parse_scenario

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GOLDEN = Path(__file__).resolve().parent / "data" / "plan_golden.json"
# the catalog as committed when the golden was written (its README): a data edit does not move the golden Plans
GOLDEN_CATALOG = Path(__file__).resolve().parent / "data" / "plan_golden_catalog"
BAND_FIELDS = ("memory_total_band", "wall_seconds_band", "gpu_hours_band", "job_cloud_on_demand_band")
# the benchmark's scenario (benchmarks/bench_plan.py): 8 candidates, sweep to 16,384 GPUs, deadline search
BENCH = {
    "schema": 1,
    "name": "Llama 3.1 70B pretraining, 8 candidates",
    "model": {"preset": "llama-3.1-70b"},
    "workload": {"method": "pretrain", "seq_len": 8192, "tokens": 1.4e12, "deadline_days": 30},
    "hardware": {
        "gpu": "h100-sxm-80gb",
        "gpu_count": 64,
        "candidates": [
            "h100-sxm-80gb",
            "h200-sxm-141gb",
            "b200-sxm-180gb",
            "a100-sxm-80gb",
            "a100-sxm-40gb",
            "mi300x",
            "mi325x",
            "l40s",
        ],
    },
}


def _num(v: Any) -> Any:
    if isinstance(v, float) and not math.isfinite(v):
        return repr(v)
    return v


def _band(b: Any) -> Any:
    return None if b is None else [_num(b.low), _num(b.high)]


def document(p: Plan) -> dict[str, Any]:
    """`Plan.to_dict()` plus what it leaves out that the app shows: each sweep row's fit probability and bands."""
    d = p.to_dict()
    # a candidate's `notes` (assumed link speeds, core/training_time.link_notes) are sentences, not numbers: their
    # own tests pin them (tests/core/test_training_time.py), the golden pins the numbers they leave unchanged
    for c in d["candidates"]:
        c.pop("notes", None)
    d["sweep_bands"] = [
        {"fit_probability": _num(r.fit_probability), **{f: _band(getattr(r, f)) for f in BAND_FIELDS}} for r in p.sweep
    ]
    d["deadline_fit_probability"] = {g: _num(a.fit_probability) for g, a in p.deadline.items()}
    d["pareto_keys"] = [[r.gpu, r.gpu_count] for r in p.pareto]
    return json.loads(json.dumps(d, default=str))


def cases(catalog: Catalog) -> dict[str, Any]:
    out = {}
    for path in sorted(EXAMPLES.glob("*.gpuplan.toml")):
        s, _ = load_checked(str(path), catalog)
        out[path.name] = s
        if s.workload.is_training:
            # deadline answers: one the sweep reaches and one beyond the plotted range (bisection off the sweep)
            for days in (30.0, 0.5):
                wl = replace(s.workload, deadline_days=days)
                out[f"{path.name} deadline {days:g} days"] = replace(s, workload=wl)
    out["bench_plan"] = parse_scenario(BENCH)
    return out


def golden_catalog() -> Catalog:
    return load_catalog(GOLDEN_CATALOG, use_user_layer=False)


def main() -> None:
    catalog = golden_catalog()
    docs = {name: document(plan(s, catalog)) for name, s in cases(catalog).items()}
    GOLDEN.write_text(json.dumps(docs, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
