"""Exposed communication of PyTorch's ring attention (context parallel), per layer per micro-batch on one rank.

torchtitan trains with PyTorch's experimental context parallel (`torch.distributed.tensor.experimental.
context_parallel`, `_attention.py`; torchtitan `torchtitan/utils.py` `create_context_parallel_ctx`, its
`experimental.context_parallel_rotate_method` default "allgather", torchtitan 9dec370 = the commit of the
benchmark page `benchmarks/llama3_h100_202412_torchtitan.md`). What the code does with the K/V of one layer
(pytorch/pytorch `torch/distributed/tensor/experimental/_attention.py`, read at 0123248; the structure is the
one of the Dec 2024 nightly the benchmark ran):

- Forward (`_templated_ring_attention` with `_AllGatherRotater`): before the first (local, causal) block the rank
  launches ONE all-gather of every rank's K/V (`ft_c.all_gather_tensor`) and waits on it before the second block
  (`next_buffer` → `_maybe_wait`). Only the first of the cp equal blocks hides the gather: exposed
  max(0, t_allgather − t_block). Under full activation checkpointing the recomputed forward runs the ring again.
- Backward (`_templated_ring_attention_backward`): the K/V all-gather again (hidden by the first backward block),
  and the K/V gradients travel the ring in fp32 (`convert_to_f32`, `dkv_rotater` is always `ALL_TO_ALL`,
  `ft_c.permute_tensor` to the next rank): the partial dK/dV sent after block i are waited on after block i + 1
  (hidden by it when the transfer is shorter), and the last transfer, waited on after the loop, is fully exposed.
- The K/V it moves are the ones SDPA sees. torchtitan's Llama repeats K/V to the query heads before SDPA
  (`repeat_kv` in `torchtitan/models/llama/model.py`), so its ring carries query-width K/V (4× for Llama 3 8B,
  16× for 405B per TP rank).
- torchtitan's device mesh is [pp, dp_replicate, dp_shard, cp, tp] (`parallelisms/parallel_dims.py`
  `build_mesh`): cp sits next to tp, so a cp group leaves the node once tp·cp > GPUs per node (the caller picks the
  link).

Under torch.compile (torchtitan compiles every TransformerBlock with `fullgraph=True`, attention and its ring
included: torchtitan 9dec370 `parallelize_llama.py` `apply_compile`) none of this is hidden. The ring is traced,
and a functional collective traced under Dynamo/AOTAutograd returns `wait_tensor(out)` at once
(`torch/distributed/_functional_collectives.py` `_maybe_wrap_tensor`: "if _are_we_tracing(): return
wait_tensor(self)"), so the wait sits right after its collective in the graph. Inductor moves neither in a
training graph: `reorder_for_locality` runs on inference graphs only (`_inductor/fx_passes/post_grad.py`
`post_grad_passes`: "if is_inference and config.reorder_for_locality"), the compute/communication reordering
passes are off by default (`_inductor/config.py` `reorder_for_compute_comm_overlap = False`), and AOTAutograd's
backward reordering (`_functorch/partitioners.py` `reordering_to_mimic_autograd_engine`) pulls a node's
producers in just before it. Every K/V gather and every fp32 dK/dV send is then waited on before the next kernel:
exposed = (2 + r) · t_allgather + cp · t_hop (the cp sends of `dkv_rotater`, one per backward step).

Every block of the load-balanced ring does the same work (round-robin sharding, `_is_causal_behavior`: the local
causal block on two chunks, later blocks on half of the K/V or half of the queries), so t_block = t_pass / cp.
"""

from __future__ import annotations

import numpy as np


def torch_ring_exposed_seconds(
    kv_block_bytes: object,
    cp: object,
    link_bytes_per_s: object,
    *,
    forward_seconds: object,
    backward_seconds: object,
    recomputed_share: object,
    latency_s: float,
    grad_bytes_relative: float = 2.0,
    compiled: object = False,
) -> np.ndarray:
    """Seconds of K/V and dK/dV transfers that the ring attention does not hide, per layer per micro-batch.

    `kv_block_bytes`: this rank's K and V as SDPA sees them (tokens/cp × ring width per TP rank × 2 × bytes).
    `forward_seconds`, `backward_seconds`: the rank's attention kernels of one layer, one pass each (all cp blocks).
    `grad_bytes_relative`: the gradient buffers' bytes per K/V byte (fp32 over bf16 = 2, `convert_to_f32`).
    `compiled`: the ring runs inside a torch.compile graph, its waits right after the collectives (no overlap).
    Zero at cp = 1 (no ring)."""
    c = np.asarray(cp, dtype=float)
    steps = np.maximum(c - 1.0, 0.0)
    bw = np.asarray(link_bytes_per_s, dtype=float)
    kv = np.asarray(kv_block_bytes, dtype=float)
    block_fwd = np.asarray(forward_seconds, dtype=float) / np.maximum(c, 1.0)
    block_bwd = np.asarray(backward_seconds, dtype=float) / np.maximum(c, 1.0)
    # NCCL ring all-gather: each rank receives the other cp − 1 blocks, one latency per ring step
    all_gather = steps * kv / bw + steps * latency_s
    hop = grad_bytes_relative * kv / bw + latency_s  # one dK/dV send to the next rank
    forward = np.maximum(0.0, all_gather - block_fwd) * (1.0 + np.asarray(recomputed_share, dtype=float))
    backward = np.maximum(0.0, all_gather - block_bwd) + steps * np.maximum(0.0, hop - block_bwd) + hop
    # traced under torch.compile: each wait follows its collective, nothing overlaps (module docstring)
    serial = (2.0 + np.asarray(recomputed_share, dtype=float)) * all_gather + c * hop
    exposed = np.where(np.asarray(compiled, dtype=bool), serial, forward + backward)
    return np.where(c > 1, exposed, 0.0)
