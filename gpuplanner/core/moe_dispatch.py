"""Megatron-Core's all-to-all token dispatcher (`MoEAlltoAllTokenDispatcher`) as NCCL runs it (issue 22).

- One EP all-to-all is `torch.distributed.all_to_all_single` with split sizes (`_AllToAll`, megatron/core/
  tensor_parallel/mappings.py at Megatron-LM 92c8482), which PyTorch issues as one NCCL group of an ncclSend and
  an ncclRecv per peer (`all2all_single_unequal_split`, torch/csrc/cuda/nccl.cpp). NCCL picks the transport per
  peer pair (P2P over NVLink inside a node, NET over the GPU's own NIC to other nodes) and runs all pairs of the
  group at once, so a rank's bytes to its on-node peers travel over NVLink while those to off-node peers travel
  over its NIC; the call ends when the slower of the two is done. The NIC does not aggregate: "Alltoall cannot
  aggregate the bandwidth of multiple NICs, so the performance you should see is the performance of a single
  NIC" (NCCL maintainer, NVIDIA/nccl-tests issue #267). Both rates are the model's own (NVLink at
  INTRA_LINK_EFFICIENCY, the NIC at NETWORK_EFFICIENCY of the line rate).
- EP ranks on one node: Megatron-Core lays the expert grid out ETP innermost, then EP (`expert_decoder_rank_generator
  = RankGenerator(tp=expert_tensor_parallel_size, ep=..., order="tp-cp-ep-dp-pp")`, megatron/core/
  parallel_state.py at 92c8482), so an EP group has node / ETP of its ranks on each node it spans (all of them
  when EP × ETP fits in a node, where nothing changes).
- NVLink rate of the all-to-all: NCCL's all-to-all reaches less of the link than its rings. The one published
  microbenchmark at a training shape, Megatron-Core MoE report (NVIDIA, arXiv 2603.07685v2, §4.2.2 Table 7:
  hidden 7168, 4,096 tokens per rank, 256 experts, so DeepSeek-V3's top-8; communication only), times the
  all-to-all dispatcher's dispatch and combine at EP 8: 1,265 and 1,277 µs on H100, 735 and 741 µs on GB200. Each
  rank sends 7/8 of 4096 × 8 × 7168 × 2 bytes (bf16: the dispatcher sends the hidden states in the activations'
  dtype) = 411.0 MB, so 323 GB/s on H100 (0.72 of NVLink4's 450 GB/s per direction) and 557 GB/s on GB200
  (0.62 of NVLink5's 900 GB/s). ALL_TO_ALL_NVLINK_EFFICIENCY holds those two ratios by architecture: Hopper, and
  the data-center Blackwell parts (assumption: the DGX B200's NVSwitch tray behaves as the NVL72 switch at
  EP 8). Other GPUs keep the model's link efficiency (no measurement). Cross-check, not used: the same table's
  H100 all-to-all at EP 16–64 crosses nodes, and its off-node bytes at the NIC give 41–45 GB/s, 0.81–0.90 of a
  400 Gb/s NIC, around the model's NETWORK_EFFICIENCY (0.85).
"""

from __future__ import annotations

import numpy as np

from .gemm_layer_rate import data_center_blackwell

# the table's EP 8 runs: bytes each rank sends off-rank, and the mean of dispatch and combine (seconds)
_TABLE7_BYTES = 7.0 / 8.0 * 4096 * 8 * 7168 * 2
_TABLE7_SECONDS = {"hopper": (1265e-6 + 1277e-6) / 2, "blackwell": (735e-6 + 741e-6) / 2}
_TABLE7_LINK_BYTES_PER_S = {"hopper": 450e9, "blackwell": 900e9}
ALL_TO_ALL_NVLINK_EFFICIENCY = {
    arch: _TABLE7_BYTES / seconds / _TABLE7_LINK_BYTES_PER_S[arch] for arch, seconds in _TABLE7_SECONDS.items()
}


def all_to_all_link_efficiency(architecture: str, default: float) -> float:
    """Fraction of the per-direction NVLink rate NCCL's all-to-all reaches on this architecture (Table 7 above):
    Hopper and data-center Blackwell (not the GB20x workstation chips, which have no NVLink); `default` elsewhere."""
    arch = architecture.lower()
    if "hopper" in arch:
        return ALL_TO_ALL_NVLINK_EFFICIENCY["hopper"]
    if data_center_blackwell(arch):
        return ALL_TO_ALL_NVLINK_EFFICIENCY["blackwell"]
    return default


def ep_ranks_per_node(ep: object, etp: object, gpus_per_node: float) -> np.ndarray:
    """EP ranks of one EP group that share a node: min(ep, node / etp)."""
    ep_ = np.asarray(ep, dtype=float)
    return np.minimum(ep_, np.maximum(1.0, gpus_per_node / np.asarray(etp, dtype=float)))


def a2a_seconds(
    bytes_per_rank: object,
    ep: object,
    etp: object,
    gpus_per_node: float,
    intra_bytes_per_s: object,
    inter_bytes_per_s: object,
) -> np.ndarray:
    """Seconds of one EP all-to-all that sends `bytes_per_rank` from each rank, spread evenly over the ep ranks
    (balanced routing): the on-node share over NVLink and the off-node share over the rank's NIC at once."""
    ep_ = np.asarray(ep, dtype=float)
    b = np.asarray(bytes_per_rank, dtype=float)
    g = ep_ranks_per_node(ep_, etp, gpus_per_node)
    return _slower_link(ep_, (g - 1.0) / ep_ * b, (ep_ - g) / ep_ * b, intra_bytes_per_s, inter_bytes_per_s)


def _slower_link(ep: np.ndarray, nvlink_bytes: object, nic_bytes: object, intra: object, inter: object) -> np.ndarray:
    """Both links carry their share at once: the call ends when the slower is done (0 without expert parallel)."""
    on_node = np.asarray(nvlink_bytes, dtype=float) / np.asarray(intra, dtype=float)
    off_node = np.asarray(nic_bytes, dtype=float) / np.asarray(inter, dtype=float)
    return np.where(ep > 1.0, np.maximum(on_node, off_node), 0.0)


def _holds_one(experts: float, held: np.ndarray, k: int) -> np.ndarray:
    """Probability that a set of `held` of the `experts` experts contains at least one of a token's k distinct
    experts under balanced (uniform) routing: 1 − C(E − held, k) / C(E, k)."""
    miss = np.ones_like(held, dtype=float)
    for i in range(k):
        miss = miss * np.clip((experts - held - i) / (experts - i), 0.0, 1.0)
    return 1.0 - miss


def token_dispatch_seconds(
    copy_bytes: object,
    experts: int,
    experts_active: int,
    ep: object,
    etp: object,
    gpus_per_node: float,
    intra_bytes_per_s: object,
    inter_bytes_per_s: object,
) -> np.ndarray:
    """Seconds of one DeepEP/HybridEP dispatch (or combine) of a rank's tokens, `copy_bytes` per copy of all of
    them (Megatron-Core MoE report, arXiv 2603.07685v2, §4.2.2 and Figures 14–15; DeepEP's README: NVLink inside a
    node, RDMA between nodes, the remote node's peer forwarding over NVLink). A token goes once to every GPU of its
    own node that holds one of its k experts, and once to every remote node that holds one, to the GPU of the same
    index there, which forwards it over NVLink to the node's GPUs that hold one: per GPU and per token of its own,
    n·(g − 1)·P_gpu copies on NVLink (its own sends plus what it forwards for its n − 1 remote peers) and
    (n − 1)·P_node on its NIC, n = ep/g nodes, g EP ranks per node, P the probability of holding one of the k
    experts (_holds_one). Both links run at once; the call ends when the slower is done."""
    ep_ = np.asarray(ep, dtype=float)
    g = ep_ranks_per_node(ep_, etp, gpus_per_node)
    nodes = ep_ / g
    per_gpu = experts / ep_
    p_gpu = _holds_one(experts, per_gpu, experts_active)
    p_node = _holds_one(experts, per_gpu * g, experts_active)
    b = np.asarray(copy_bytes, dtype=float)
    nvlink, nic = nodes * (g - 1.0) * p_gpu * b, (nodes - 1.0) * p_node * b
    return _slower_link(ep_, nvlink, nic, intra_bytes_per_s, inter_bytes_per_s)
