"""The cost inputs' shortcuts for speed (issue #15) change no value: the hash computed once is the hash of the
compared fields, and the egress-only copy that skips validation equals the validated copy."""

from __future__ import annotations

import dataclasses

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.cost_inputs import CostInputs, resolve_cost_inputs
from gpuplanner.core.scenario import CostSettings


def _inputs() -> CostInputs:
    catalog = load_catalog(use_user_layer=False)
    return resolve_cost_inputs(
        CostSettings(),
        catalog,
        "h100-sxm-80gb",
        gpu_count=64,
        gpus_per_node=8,
        node_id=None,
        storage_bytes=5e13,
        egress_bytes=2e12,
    )


def test_hash_is_the_compared_fields_hash() -> None:
    inp = _inputs()
    compared = tuple(getattr(inp, f.name) for f in dataclasses.fields(inp) if f.compare)
    assert hash(inp) == hash(compared)
    other = inp.with_(utilization=0.5)
    assert other != inp and hash(other) == hash(
        tuple(getattr(other, f.name) for f in dataclasses.fields(other) if f.compare)
    )
    assert hash(inp.with_(utilization=inp.utilization)) == hash(inp)


def test_egress_only_copy_is_the_validated_copy() -> None:
    inp = _inputs()
    fast = inp.without_cloud_extras_but_egress()
    slow = inp.with_(cloud_support_fraction=0.0, cloud_storage_usd_per_tb_month=0.0)
    assert fast == slow and hash(fast) == hash(slow)
    assert inp.cloud_support_fraction == _inputs().cloud_support_fraction  # the original is untouched
