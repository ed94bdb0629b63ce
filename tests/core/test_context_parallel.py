"""PyTorch's ring attention communication (core/context_parallel.py) as torchtitan runs it: one K/V all-gather
hidden only by the first block, the fp32 dK/dV ring with its last hop exposed, query-width K/V."""

from __future__ import annotations

import numpy as np

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.context_parallel import torch_ring_exposed_seconds
from gpuplanner.core.presets import preset
from gpuplanner.core.recompute import FULL
from gpuplanner.core.scenario import Workload
from gpuplanner.core.throughput import step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog(use_user_layer=False)


def test_no_ring_without_context_parallel() -> None:
    t = torch_ring_exposed_seconds(
        1e9, 1, 50e9, forward_seconds=1.0, backward_seconds=3.0, recomputed_share=1.0, latency_s=15e-6
    )
    assert float(t) == 0.0


def test_all_gather_hides_only_under_the_first_block_and_the_last_gradient_hop_shows() -> None:
    kv, bw, lat = 1e9, 50e9, 0.0  # 20 ms per block over the link
    # cp 8: gather 7 blocks = 140 ms, first forward block 10 ms, first backward block 30 ms, dK/dV hop 40 ms
    t = float(
        torch_ring_exposed_seconds(
            kv, 8, bw, forward_seconds=0.08, backward_seconds=0.24, recomputed_share=1.0, latency_s=lat
        )
    )
    forward = (0.14 - 0.01) * 2.0  # the recomputed forward runs the ring again
    backward = (0.14 - 0.03) + 7 * (0.04 - 0.03) + 0.04
    np.testing.assert_allclose(t, forward + backward, rtol=1e-12)
    # long blocks hide everything but the last gradient hop
    long = float(
        torch_ring_exposed_seconds(
            kv, 8, bw, forward_seconds=8.0, backward_seconds=24.0, recomputed_share=1.0, latency_s=lat
        )
    )
    np.testing.assert_allclose(long, 0.04, rtol=1e-12)


def test_torchtitan_405b_ring_crosses_nodes_at_query_width() -> None:
    gpu = CATALOG.gpu("h100-sxm-80gb")
    hw = hardware_rates(gpu, CATALOG.default_node("h100-sxm-80gb"), 8, "fp8-mixed")
    m = preset("llama-3.1-405b")
    kw = dict(tp=8, pp=8, ep=1, zero=3, micro_batch=1, recompute=FULL)
    cp = np.array([1, 2, 8])
    seq = 262144
    titan = Workload(method="pretrain", seq_len=seq, precision="fp8-mixed", framework="torchtitan", compile=True)
    t = step_times(m, titan, hw, cp=cp, dp=8 // cp, global_batch=8 * 8 // cp, **kw)  # type: ignore[arg-type]
    assert t.terms is not None
    ring = np.asarray(t.terms.cp_comm_seconds)
    assert ring[0] == 0.0 and ring[1] > 0.0 and ring[2] > 0.0
    # at cp 8 the 16×-wider K/V over the 400 Gb/s network is exposed beyond the first block
    assert ring[2] > 0.03 * float(t.step_seconds[2])
    # Megatron-Core/TE exchanges K/V at their own (GQA) width and overlaps each step: far less exposed
    mega = Workload(method="pretrain", seq_len=seq, precision="fp8-mixed", framework="megatron")
    t_mega = step_times(m, mega, hw, cp=cp, dp=8 // cp, global_batch=8 * 8 // cp, **kw)  # type: ignore[arg-type]
    assert t_mega.terms is not None
    assert float(t_mega.terms.cp_comm_seconds[2]) < 0.5 * ring[2]


def test_compiled_ring_waits_on_every_transfer() -> None:
    """torch.compile traces the ring with each wait right after its collective (`_maybe_wrap_tensor`) and Inductor
    moves neither in a training graph: every gather and every dK/dV send is exposed, however long the blocks."""
    kv, bw, lat = 1e9, 50e9, 0.0  # 20 ms per block over the link
    kw = dict(forward_seconds=8.0, backward_seconds=24.0, recomputed_share=1.0, latency_s=lat)
    eager = float(torch_ring_exposed_seconds(kv, 8, bw, **kw))  # type: ignore[arg-type]
    compiled = float(torch_ring_exposed_seconds(kv, 8, bw, compiled=True, **kw))  # type: ignore[arg-type]
    # gather of 7 blocks (140 ms) in the forward, its recompute and the backward; 8 fp32 dK/dV sends of 40 ms
    np.testing.assert_allclose(compiled, 3 * 0.14 + 8 * 0.04, rtol=1e-12)
    np.testing.assert_allclose(eager, 0.04, rtol=1e-12)  # eager: only the last hop shows
    assert float(torch_ring_exposed_seconds(kv, 1, bw, compiled=True, **kw)) == 0.0  # type: ignore[arg-type]
    # vectorised over layouts: compile per entry
    both = torch_ring_exposed_seconds(kv, np.array([8, 8]), bw, compiled=np.array([False, True]), **kw)  # type: ignore[arg-type]
    np.testing.assert_allclose(both, [eager, compiled], rtol=1e-12)


def test_torchtitan_compiled_ring_is_exposed_in_the_step() -> None:
    gpu = CATALOG.gpu("h100-sxm-80gb")
    hw = hardware_rates(gpu, CATALOG.default_node("h100-sxm-80gb"), 8, "fp8-mixed")
    m = preset("llama-3.1-405b")
    kw = dict(tp=8, pp=8, ep=1, zero=3, micro_batch=1, recompute=FULL)
    cp = np.array([2, 8])
    rings = {}
    for compile_ in (False, True):
        w = Workload(method="pretrain", seq_len=262144, precision="fp8-mixed", framework="torchtitan", compile=compile_)
        t = step_times(m, w, hw, cp=cp, dp=8 // cp, global_batch=8 * 8 // cp, **kw)  # type: ignore[arg-type]
        assert t.terms is not None
        rings[compile_] = np.asarray(t.terms.cp_comm_seconds)
    # compiled: the first block no longer hides the gather, nor each block the next dK/dV hop
    assert np.all(rings[True] > 2.0 * rings[False])
