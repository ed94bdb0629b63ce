"""Memory traffic of the non-GEMM kernels of torchtitan and torchtune, eager and under torch.compile, as the
frameworks' own code moves it (issue 22).

Every number below is recorded by `scripts/record_kernel_traffic.py` from the frameworks' code, not fitted to a
throughput table: the transformer block of torchtitan's Llama 3 (the December 2024 code of its published H100
benchmarks, commit 3f20451bc: own fp32 RMSNorm, `repeat_kv` before SDPA) and torchtune's Llama 3.2 layer (commit
1814feb17 of its README "Optimization flags" table), forward + backward, in bf16. Eager: every aten op that is
not a view reads its inputs and writes its outputs once (a `TorchDispatchMode`); compiled: Inductor's scheduler
nodes after fusion (the bytes Inductor reports in its graph metrics). The matmuls and the attention kernel are
left out (the GEMM and FlashAttention terms count them). The data with provenance is
`tests/validation/data/kernel_traffic.json`; `tests/core/test_elementwise_kernels.py` checks these constants
against it and, with torch installed, re-records one shape.

Bytes per token per layer are linear in the widths: `per_token + per_h·h + per_kv·kv + per_f·f` (q = h in these
models); four shapes give the coefficients exactly, a fifth checks them (within 2%).
"""

from __future__ import annotations

from dataclasses import dataclass

# frameworks whose block and loss traffic is recorded here (the AdamW step too, in the data file; not applied)
RECORDED_FRAMEWORKS = ("torchtitan", "torchtune")
# the ones the time model uses it for; the others keep the pass counts of throughput.ELEMENTWISE_PASSES.
# torchtitan's recording is kept out (docs/estimation_time.md, "Rejected pieces"): its eager-to-compiled gap
# comes out right (0.41 s per step predicted, 0.39 s / 0.41 s measured on 8 / 128 H100s) but every torchtitan
# run then becomes 16-35% too fast, so the old pass count stands in for a mode-independent cost not yet found.
APPLIED_FRAMEWORKS = ("torchtune",)


@dataclass(frozen=True)
class BlockTraffic:
    """Element-wise bytes per token per layer, forward + backward, bf16 activations."""

    per_token: float
    per_h: float  # per element of the hidden state (norms, residual adds, RoPE on q, casts)
    per_kv: float  # per element of the key/value width (RoPE on k, K/V repeated to the query heads)
    per_f: float  # per element of the MLP inner width (SiLU, the gate product)
    forward_per_token: float
    forward_per_h: float
    forward_per_kv: float
    forward_per_f: float

    def hidden_bytes(self, h: float) -> float:
        return self.per_token + self.per_h * h

    def inner_bytes(self, kv: float, f: float) -> float:
        return self.per_kv * kv + self.per_f * f

    def forward_share(self, h: float, kv: float, f: float) -> float:
        """Share of the bytes in the forward: what a recomputed forward moves again."""
        fwd = self.forward_per_token + self.forward_per_h * h + self.forward_per_kv * kv + self.forward_per_f * f
        return fwd / (self.hidden_bytes(h) + self.inner_bytes(kv, f))


# (framework, compiled) -> recorded coefficients (kernel_traffic.json "block_bytes_per_token")
BLOCK_TRAFFIC: dict[tuple[str, bool], BlockTraffic] = {
    # eager: the fp32 RMSNorm is 8 ops (x.float, pow, mean, add, rsqrt, mul, type_as, mul weight) and its
    # backward twice that; RoPE through fp32 complex numbers; repeat_kv materialises query-width K/V
    ("torchtitan", False): BlockTraffic(1152.0, 336.16, 68.0, 28.0, 304.0, 98.03, 44.0, 10.0),
    # per-block torch.compile (torchtitan `apply_compile`, fullgraph): each norm, each residual add + norm and
    # SiLU·gate become one kernel; the complex RoPE multiply stays an ATen fallback
    ("torchtitan", True): BlockTraffic(792.0, 96.09, 56.0, 16.0, 264.0, 34.03, 36.0, 6.0),
    # eager: the same fp32 RMSNorm; RoPE in fp32 by select/stack (its backward materialises select_backward)
    ("torchtune", False): BlockTraffic(640.0, 434.16, 176.0, 28.0, 304.0, 126.03, 72.0, 10.0),
    # per-layer compile (torchtune `training.compile_model`): RoPE fuses too
    ("torchtune", True): BlockTraffic(280.0, 72.09, 32.0, 16.0, 136.0, 26.03, 28.0, 6.0),
}

# Loss bytes per logit, forward + backward, from the LM head's bf16 logits (kernel_traffic.json
# "loss_bytes_per_logit"). torchtitan (December 2024): cross_entropy(pred.float()) eager in both modes (its
# train.py leaves `torch.compile(loss_fn)` commented out). torchtune: the decoder's eager `output(h).float()`
# then nn.CrossEntropyLoss, compiled with `compile` (training.compile_loss); the chunked loss upcasts each
# bf16 chunk inside its compiled `compute_cross_entropy`.
LOSS_BYTES_PER_LOGIT: dict[tuple[str, bool, bool], float] = {  # (framework, compiled, chunked)
    ("torchtitan", False, False): 44.0,
    ("torchtitan", True, False): 44.0,
    ("torchtune", False, False): 44.0,
    ("torchtune", True, False): 28.0,
    ("torchtune", False, True): 52.0,
    ("torchtune", True, True): 8.0,
}


def block_traffic(framework: str, compiled: bool) -> BlockTraffic | None:
    """The recorded block of the framework in that mode; None where the time model does not apply one."""
    return BLOCK_TRAFFIC.get((framework, compiled)) if framework in APPLIED_FRAMEWORKS else None


def loss_bytes_per_logit(framework: str, compiled: bool, chunked: bool) -> float | None:
    """Recorded loss traffic; torchtitan has no chunked loss (its eager loss is used)."""
    if framework not in APPLIED_FRAMEWORKS:
        return None
    return LOSS_BYTES_PER_LOGIT.get((framework, compiled, chunked), LOSS_BYTES_PER_LOGIT[(framework, compiled, False)])
