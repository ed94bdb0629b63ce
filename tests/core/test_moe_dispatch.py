"""The EP all-to-all as NCCL runs it (core/moe_dispatch.py): on-node pairs over NVLink and off-node pairs over the
GPU's own NIC at the same time, so only the node-crossing share of a rank's bytes goes at the network rate."""

from __future__ import annotations

from typing import Any

import numpy as np

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.moe_dispatch import (
    ALL_TO_ALL_NVLINK_EFFICIENCY,
    _holds_one,
    a2a_seconds,
    all_to_all_link_efficiency,
    ep_ranks_per_node,
    token_dispatch_seconds,
)
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.throughput import INTRA_LINK_EFFICIENCY, NETWORK_EFFICIENCY, step_times
from gpuplanner.core.training_time import hardware_rates
from tests.core.moe_models import GPT_OSS_120B

CATALOG = load_catalog(use_user_layer=False)


def test_ep_ranks_per_node_follow_etp() -> None:
    assert float(ep_ranks_per_node(64, 1, 8)) == 8.0  # EP 64 over 8 nodes, whole experts
    assert float(ep_ranks_per_node(64, 2, 8)) == 4.0  # ETP 2 innermost: 4 EP ranks per node
    assert float(ep_ranks_per_node(4, 1, 8)) == 4.0  # the whole group inside one node


def test_only_the_node_crossing_share_goes_at_the_network_rate() -> None:
    b, nvlink, nic = 64e6, 360e9, 42.5e9
    # inside a node: (ep − 1)/ep of the bytes over NVLink, as before
    np.testing.assert_allclose(a2a_seconds(b, 8, 1, 8, nvlink, nic), 7 / 8 * b / nvlink)
    # EP 64 over 8 nodes: 56/64 over the NIC (not 63/64), the 7/64 to on-node peers over NVLink at the same time
    np.testing.assert_allclose(a2a_seconds(b, 64, 1, 8, nvlink, nic), 56 / 64 * b / nic)
    assert float(a2a_seconds(b, 64, 1, 8, nvlink, nic)) < 63 / 64 * b / nic
    assert float(a2a_seconds(b, 1, 1, 8, nvlink, nic)) == 0.0


def test_step_ep_term_uses_the_node_crossing_share() -> None:
    s = parse_scenario(
        {
            "schema": 1,
            "model": GPT_OSS_120B,
            "workload": {
                "method": "pretrain",
                "tokens": 1e9,
                "seq_len": 4096,
                "micro_batch": 4,
                "global_batch": 512,
                "precision": "bf16-master",
                "framework": "megatron",
                "recompute": "none",
            },
            "hardware": {"gpu": "b200-sxm-180gb", "gpu_count": 64},
            "parallel": {"tp": 1, "pp": 1, "cp": 1, "ep": 64, "zero": 1},
        }
    )
    gpu = CATALOG.gpu("b200-sxm-180gb")
    r = hardware_rates(gpu, CATALOG.default_node("b200-sxm-180gb"), 8, "bf16-master")
    st = step_times(
        s.model, s.workload, r, tp=1, pp=1, cp=1, ep=64, dp=64, zero=1, micro_batch=4, recompute=0, global_batch=512
    )
    assert st.terms is not None
    m = 512 / (4 * 64)
    a2a = 4 * 4096 * 2880 * 4 * 2.0  # tokens × hidden × top-k × bf16 bytes per rank per all-to-all
    per_call = max(
        56 / 64 * a2a / (r.inter_bytes_per_s * NETWORK_EFFICIENCY),
        7 / 64 * a2a / (r.intra_bytes_per_s * ALL_TO_ALL_NVLINK_EFFICIENCY["blackwell"]),
    )
    np.testing.assert_allclose(float(st.terms.ep_comm_seconds), m * 36 * 4 * per_call, rtol=1e-9)


# Megatron-Core MoE report (arXiv 2603.07685v2) Table 7: the all-to-all dispatcher's H100 dispatch and combine in
# µs by EP size; hidden 7168, 4,096 tokens per rank, top-8 of 256 experts, bf16, 8 GPUs and one 400 Gb/s NIC each
TABLE7_H100_US = {8: (1265, 1277), 16: (5774, 5628), 32: (8059, 7815), 64: (9164, 8727)}
TABLE7_GB200_US = {8: (735, 741), 16: (743, 765), 32: (769, 758), 64: (930, 827)}
TABLE7_BYTES_PER_RANK = 4096 * 8 * 7168 * 2


def test_all_to_all_nvlink_rate_is_table_7s_ep8_rate() -> None:
    """The NVLink share of the all-to-all runs at what Table 7 measured at EP 8; GPUs without a measurement keep the
    model's link efficiency."""
    assert all_to_all_link_efficiency("Hopper (GH100)", INTRA_LINK_EFFICIENCY) == ALL_TO_ALL_NVLINK_EFFICIENCY["hopper"]
    assert all_to_all_link_efficiency("Blackwell (2 dies)", 0.8) == ALL_TO_ALL_NVLINK_EFFICIENCY["blackwell"]
    assert all_to_all_link_efficiency("Blackwell (GB202)", 0.8) == 0.8  # workstation chip, no NVLink
    assert all_to_all_link_efficiency("CDNA 3", 0.8) == 0.8
    for arch, link, us in (("Hopper", 450e9, TABLE7_H100_US[8]), ("Blackwell", 900e9, TABLE7_GB200_US[8])):
        rate = link * all_to_all_link_efficiency(arch, INTRA_LINK_EFFICIENCY)
        np.testing.assert_allclose(float(a2a_seconds(TABLE7_BYTES_PER_RANK, 8, 1, 8, rate, 1.0)), np.mean(us) * 1e-6)


def test_node_crossing_all_to_all_matches_table_7_without_its_constants() -> None:
    """Out of sample: Table 7's H100 runs across 2, 4 and 8 nodes took no part in any constant; the model's
    off-node share at the NIC rate (NETWORK_EFFICIENCY of 400 Gb/s) lands within 12% of each."""
    nvlink = 450e9 * ALL_TO_ALL_NVLINK_EFFICIENCY["hopper"]
    nic = 50e9 * NETWORK_EFFICIENCY
    for ep, us in TABLE7_H100_US.items():
        if ep == 8:
            continue
        model = float(a2a_seconds(TABLE7_BYTES_PER_RANK, ep, 1, 8, nvlink, nic))
        measured = np.mean(us) * 1e-6
        assert abs(model / measured - 1) < 0.12, (ep, model, measured)


def test_a_gpu_holds_one_of_a_tokens_experts_by_counting() -> None:
    # 8 experts, one per GPU, top-2: a given GPU is hit with 1 − C(7, 2)/C(8, 2) = 1 − 21/28
    np.testing.assert_allclose(_holds_one(8, np.array(1.0), 2), 0.25)
    np.testing.assert_allclose(_holds_one(8, np.array(8.0), 2), 1.0)  # the node that holds every expert


def test_token_dispatch_sends_once_per_gpu_and_once_per_remote_node() -> None:
    b, nvlink, nic = 64e6, 360e9, 42.5e9  # bytes of one copy of a rank's tokens; link rates
    experts, k = 128, 8  # Qwen3-30B-A3B
    # one node, EP 8: 16 experts per GPU; each of the 7 peers gets a copy with P(peer holds one of the 8)
    p_gpu = 1.0 - np.prod([(112 - i) / (128 - i) for i in range(8)])
    np.testing.assert_allclose(token_dispatch_seconds(b, experts, k, 8, 1, 8, nvlink, nic), 7 * p_gpu * b / nvlink)
    # k copies per token under NCCL's all-to-all: the token-based kernels move 4.6 copies instead of 7
    assert float(token_dispatch_seconds(b, experts, k, 8, 1, 8, nvlink, nic)) < float(
        a2a_seconds(k * b, 8, 1, 8, nvlink, nic)
    )
    # EP 16 over two nodes: the NIC carries one copy when the other node holds one of the 8 (P ≈ 0.997), not the
    # all-to-all's 8 × 8/16 = 4 copies
    p_node = 1.0 - np.prod([(64 - i) / (128 - i) for i in range(8)])
    two_nodes = float(token_dispatch_seconds(b, experts, k, 16, 1, 8, nvlink, nic))
    p_gpu16 = 1.0 - np.prod([(120 - i) / (128 - i) for i in range(8)])  # 8 experts per GPU at EP 16
    # NVLink: its own 7 peers plus forwarding for its peer on the other node, 2 × 7 × P(GPU holds one)
    np.testing.assert_allclose(two_nodes, max(p_node * b / nic, 2 * 7 * p_gpu16 * b / nvlink))
    assert two_nodes < float(a2a_seconds(k * b, 16, 1, 8, nvlink, nic)) / 3
    assert float(token_dispatch_seconds(b, experts, k, 1, 1, 8, nvlink, nic)) == 0.0


def test_the_scenarios_dispatcher_sets_the_ep_term() -> None:
    doc: dict[str, Any] = {
        "schema": 1,
        "model": GPT_OSS_120B,
        "workload": {"method": "pretrain", "tokens": 1e9, "seq_len": 4096, "micro_batch": 4, "global_batch": 512,
                     "precision": "bf16-master", "framework": "megatron", "recompute": "none"},
        "hardware": {"gpu": "b200-sxm-180gb", "gpu_count": 64},
        "parallel": {"tp": 1, "pp": 1, "cp": 1, "ep": 64, "zero": 1},
    }  # fmt: skip
    gpu = CATALOG.gpu("b200-sxm-180gb")
    r = hardware_rates(gpu, CATALOG.default_node("b200-sxm-180gb"), 8, "bf16-master")
    layout = dict(tp=1, pp=1, cp=1, ep=64, dp=64, zero=1, micro_batch=4, recompute=0, global_batch=512)
    ep_seconds = {}
    for dispatcher in (None, "alltoall", "deepep"):
        if dispatcher:
            doc["workload"]["moe_dispatcher"] = dispatcher
        s = parse_scenario(doc)
        terms = step_times(s.model, s.workload, r, **layout).terms
        assert terms is not None
        ep_seconds[dispatcher] = float(terms.ep_comm_seconds)
    assert ep_seconds[None] == ep_seconds["alltoall"] > ep_seconds["deepep"] > 0
    # top-4 of 128 over 8 nodes: 7 × P(node holds one) ≈ 2.9 NIC copies per token against 4 × 56/64 = 3.5
    p_node = 1.0 - np.prod([(112 - i) / (128 - i) for i in range(4)])
    np.testing.assert_allclose(ep_seconds["deepep"] / ep_seconds["alltoall"], 7 * p_node / 3.5, rtol=1e-6)


def test_one_expert_per_gpu_on_one_node_moves_what_the_all_to_all_moves() -> None:
    # Mixtral's 8 experts on EP 8: a token's k = 2 distinct experts are on 2 GPUs, one copy each either way
    b, nvlink, nic = 64e6, 360e9, 42.5e9
    np.testing.assert_allclose(
        token_dispatch_seconds(b, 8, 2, 8, 1, 8, nvlink, nic), a2a_seconds(2 * b, 8, 1, 8, nvlink, nic)
    )
