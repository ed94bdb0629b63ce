"""Communication that Megatron-Core hides under compute, as the Megatron-Bridge performance recipes run it (issue 22).

Two overlaps, each with what it hides under and what it costs; all take numpy arrays over layouts.

**Tensor-parallel communication under the GEMMs** (Transformer Engine userbuffers, `tp_comm_overlap`). With
sequence parallelism every TE linear of a layer gathers its input or reduce-scatters its output across the TP
group. TE's `CommOverlapP2PBase` (transformer_engine/common/comm_gemm_overlap/comm_gemm_overlap.cpp,
`split_overlap_ag` / `split_overlap_rs`, "ring_exchange") splits the GEMM into tp chunks and sends chunk i + 1
to the neighbour while chunk i multiplies; `CommOverlapBase` "bulk" runs one collective beside a different GEMM
of the same layer on `num_sm` SMs of its own. Which collective hides under which GEMM is the recipe's
`TransformerLayerTPOverlapCfg` (Megatron-Bridge `src/megatron/bridge/training/comm_overlap.py` at 00b7660, e.g.
`userbuffers_fp8_h100_h16384_tp8_cp2_mbs1_seqlen8192`):

    forward   qkv_fprop  AG under the QKV GEMM     (ring)    proj_fprop  RS under the projection GEMM (ring)
              fc1_fprop  AG under the fc1 GEMM     (ring)    fc2_fprop   RS under the fc2 GEMM        (ring)
    backward  proj_dgrad AG under the proj dgrad   (ring)    fc2_dgrad   AG under the fc2 dgrad       (ring)
              qkv_dgrad / qkv_wgrad: AG of the saved input and RS of its gradient beside the QKV dgrad and wgrad
              GEMMs (bulk); fc1_dgrad / fc1_wgrad likewise beside fc1's

A chunked pair (collective c, GEMM g, tp chunks) takes max(c, g) + min(c, g)/tp: the pipeline's one chunk that
nothing overlaps (the local chunk before the first receive, or the last partial sum after the last send). A bulk
pair takes max(c, g), and the GEMM loses the comm kernel's SMs while both run: min(c, g)·k/(SMs − k), with k the
recipe's `num_sm` (the fp8 405B H100 config: 2 for the gathers, 24 for the QKV wgrad-side and 2 for fc1's) of
the 132 SMs of an H100 SXM (NVIDIA H100 whitepaper); the dgrad GEMMs the rings hide under are the same size as
the forward ones. Each dgrad/wgrad GEMM has the forward's FLOPs (2·tokens·params each).

The distributed-optimizer collectives overlapped chunk by chunk (`overlap_grad_reduce`, `overlap_param_gather`)
were modelled, measured and rejected by the acceptance rule; the model and its numbers are in
docs/estimation_time.md ("Rejected pieces"; code in commit cff5fd3). throughput.py keeps its generic DP overlap.

**Pipeline point-to-point** under interleaving (`overlap_p2p_comm = True` whenever vpp > 1,
`_get_model_comm_overlap_cfgs`): the send/receive of the next chunk's activations is posted before the current
chunk computes and waited on after it, so only what the chunk does not cover is exposed.
"""

from __future__ import annotations

import numpy as np

# TE userbuffers' bulk overlaps: SMs of the comm kernel (num_sm), Megatron-Bridge 00b7660 comm_overlap.py
# `userbuffers_fp8_h100_h16384_tp8_cp2_mbs1_seqlen8192` (the configs of our Megatron TP runs: 405B on H100; the
# B200 and 70B fp8 configs take 2–8 for the gathers and 24–32 on the QKV wgrad side)
BULK_NUM_SM = {"qkv_dgrad": 2, "qkv_wgrad": 24, "fc1_dgrad": 2, "fc1_wgrad": 2}
# Megatron-Bridge's DDP bucket under overlap_grad_reduce: 128 Mi parameters (`training/comm_overlap.py`
# `_get_optimizer_overlap_cfgs`, 00b7660); Megatron-Core's own default is max(40 M, 1 M × dp)
DP_BUCKET_PARAMS = 128.0 * 1024 * 1024
GPU_SMS = 132.0  # H100 SXM5 (NVIDIA H100 Tensor Core GPU Architecture whitepaper); stated for every GPU


def _chunked(comm: np.ndarray, gemm: np.ndarray, chunks: np.ndarray) -> np.ndarray:
    """Time a ring-exchange pair adds to its GEMM: max(c, g) + min(c, g)/n − g."""
    return np.maximum(comm, gemm) + np.minimum(comm, gemm) / chunks - gemm


def _bulk(comm: np.ndarray, gemm: np.ndarray, num_sm: float) -> np.ndarray:
    """Time a bulk pair adds to its GEMM: the collective's excess plus the GEMM's SMs lost while both run."""
    return np.maximum(0.0, comm - gemm) + np.minimum(comm, gemm) * num_sm / (GPU_SMS - num_sm)


def tp_overlap_exposed_seconds(
    collective_seconds: object,
    qkv_seconds: object,
    proj_seconds: object,
    fc1_seconds: object,
    fc2_seconds: object,
    tp: object,
    *,
    recomputed_share: object = 0.0,
) -> tuple[np.ndarray, np.ndarray]:
    """Exposed TP communication of one layer per micro-batch under userbuffers overlap, as (attention linears,
    MLP linears): `collective_seconds` is one all-gather or reduce-scatter of the layer's activations across the
    TP group, the four GEMM times are the forward GEMMs of that layer on one GPU (a dgrad or wgrad GEMM takes the
    same). A recomputed forward repeats the forward pairs. Zero at tp = 1."""
    c = np.asarray(collective_seconds, dtype=float)
    n = np.maximum(np.asarray(tp, dtype=float), 1.0)
    qkv, proj, fc1, fc2 = (np.asarray(x, dtype=float) for x in (qkv_seconds, proj_seconds, fc1_seconds, fc2_seconds))
    again = 1.0 + np.asarray(recomputed_share, dtype=float)
    attention = (
        (_chunked(c, qkv, n) + _chunked(c, proj, n)) * again
        + _chunked(c, proj, n)
        + _bulk(c, qkv, BULK_NUM_SM["qkv_dgrad"])
        + _bulk(c, qkv, BULK_NUM_SM["qkv_wgrad"])
    )
    mlp = (
        (_chunked(c, fc1, n) + _chunked(c, fc2, n)) * again
        + _chunked(c, fc2, n)
        + _bulk(c, fc1, BULK_NUM_SM["fc1_dgrad"])
        + _bulk(c, fc1, BULK_NUM_SM["fc1_wgrad"])
    )
    return np.where(n > 1, attention, 0.0), np.where(n > 1, mlp, 0.0)


def overlapped_p2p_seconds(hop_seconds: object, chunk_seconds: object, vpp: object) -> np.ndarray:
    """Exposed pipeline p2p per micro-batch with `overlap_p2p_comm` (vpp > 1): each of the vpp hops waits only
    for what its chunk's compute does not cover; vpp = 1 (batched, blocking p2p) exposes every hop."""
    v = np.asarray(vpp, dtype=float)
    hop = np.asarray(hop_seconds, dtype=float)
    hidden = np.maximum(0.0, hop - np.asarray(chunk_seconds, dtype=float))
    return np.where(v > 1, v * hidden, v * hop)


def dp_overlap_exposed_seconds(
    collective_seconds: object, slot_seconds: object, pp: object, vpp: object, buckets_per_chunk: object
) -> np.ndarray:
    """Exposed seconds per step of one distributed-optimizer collective (the gradients' reduce-scatter, or the
    parameters' all-gather) overlapped chunk by chunk: `collective_seconds` for the stage's whole share,
    `slot_seconds` one micro-batch's backward (or forward) of the whole stage, so one chunk-slot is slot/v; the
    stage's v chunks finish p chunk-slots apart (interleaved 1F1B cool-down on the first stage); within a chunk the
    buckets hide under its own slot except the last one."""
    c = np.asarray(collective_seconds, dtype=float)
    v = np.maximum(np.asarray(vpp, dtype=float), 1.0)
    p = np.maximum(np.asarray(pp, dtype=float), 1.0)
    nb = np.maximum(np.asarray(buckets_per_chunk, dtype=float), 1.0)
    chunk_slot = np.asarray(slot_seconds, dtype=float) / v
    own = chunk_slot * (1.0 - 1.0 / nb)  # the first buckets of a chunk start before its slot ends
    last_chunk = c / v - own
    first_chunk = c - (v - 1.0) * p * chunk_slot - own
    return np.maximum(c / (v * nb), np.maximum(last_chunk, first_chunk))
