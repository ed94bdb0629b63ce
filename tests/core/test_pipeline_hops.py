"""Pipeline-parallel p2p hops (core/throughput.py): on NVLink when the whole job sits in one node, at the network
rate once a stage boundary crosses nodes."""

from __future__ import annotations

import numpy as np

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.throughput import COLLECTIVE_LATENCY_S, INTRA_LINK_EFFICIENCY, NETWORK_EFFICIENCY, step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog(use_user_layer=False)


def _scenario(gpu_count: int, *, pp: int = 1, cp: int = 1, seq_len: int = 4096, global_batch: int = 64, zero: int = 1):  # type: ignore[no-untyped-def]
    return parse_scenario(
        {
            "schema": 1,
            "model": {"preset": "llama-3.1-8b"},
            "workload": {
                "method": "pretrain",
                "tokens": 1e9,
                "seq_len": seq_len,
                "micro_batch": 1,
                "global_batch": global_batch,
                "framework": "generic",
                "recompute": "none",
            },
            "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": gpu_count},
            "parallel": {"tp": 1, "pp": pp, "cp": cp, "zero": zero},
        }
    )


def _pp_seconds(gpu_count: int, pp: int) -> tuple[float, float, object]:
    s = _scenario(gpu_count, pp=pp)
    gpu = CATALOG.gpu("h100-sxm-80gb")
    r = hardware_rates(gpu, CATALOG.default_node("h100-sxm-80gb"), 8, "bf16-mixed")
    dp = gpu_count // pp
    st = step_times(
        s.model, s.workload, r, tp=1, pp=pp, cp=1, ep=1, dp=dp, zero=1, micro_batch=1, recompute=0, global_batch=64
    )
    assert st.terms is not None
    m = 64 / dp
    act = 4096 * s.model.hidden * 2.0  # one micro-batch's activations in bf16
    return float(st.terms.pp_comm_seconds) / m, act, r


def test_hops_inside_one_node_ride_nvlink() -> None:
    per_mb, act, r = _pp_seconds(8, 8)
    expected = 2 * act / (r.intra_bytes_per_s * INTRA_LINK_EFFICIENCY) + 2 * COLLECTIVE_LATENCY_S
    np.testing.assert_allclose(per_mb, expected, rtol=1e-9)


def test_a_node_crossing_boundary_sets_the_network_rate() -> None:
    per_mb, act, r = _pp_seconds(16, 8)  # dp 2: stages 0-3 on one node, 4-7 on the other
    expected = 2 * act / (r.inter_bytes_per_s * NETWORK_EFFICIENCY) + 2 * COLLECTIVE_LATENCY_S
    np.testing.assert_allclose(per_mb, expected, rtol=1e-9)


def test_data_parallel_inside_one_node_does_not_touch_the_network() -> None:
    """tp·cp·dp = 8 GPUs of one node: the gradient reduction runs on NVLink whatever the NIC (cp was counted twice
    in the group's size, sending an 8-GPU CP 4 × DP 2 job's reduction over the network)."""
    s = _scenario(8, cp=4, seq_len=32768, global_batch=2, zero=0)
    gpu = CATALOG.gpu("h100-sxm-80gb")
    node = CATALOG.default_node("h100-sxm-80gb")
    terms = []
    for gbits in (400.0, 1.0):
        r = hardware_rates(gpu, node, 8, "bf16-mixed", inter_node_gbits_per_s=gbits)
        st = step_times(
            s.model, s.workload, r, tp=1, pp=1, cp=4, ep=1, dp=2, zero=0, micro_batch=1, recompute=0, global_batch=2
        )
        assert st.terms is not None
        terms.append(float(st.terms.dp_exposed_seconds) + float(st.terms.cp_comm_seconds))
    assert terms[0] == terms[1]
