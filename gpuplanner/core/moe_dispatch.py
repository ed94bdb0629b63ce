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
"""

from __future__ import annotations

import numpy as np


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
    on_node = (g - 1.0) / ep_ * b / np.asarray(intra_bytes_per_s, dtype=float)
    off_node = (ep_ - g) / ep_ * b / np.asarray(inter_bytes_per_s, dtype=float)
    return np.where(ep_ > 1.0, np.maximum(on_node, off_node), 0.0)
