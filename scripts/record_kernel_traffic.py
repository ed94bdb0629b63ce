"""Record the memory traffic of a training step's non-GEMM kernels from the frameworks' own code, eager and
under torch.compile, and write it as data for the time model (gpuplanner/core/elementwise_kernels.py).

What is run (CPU, small shapes, real bf16 tensors):

* the transformer block of torchtitan's Llama 3 (`torchtitan.models.llama3.model.TransformerBlock`) and of
  torchtune's Llama 3.2 (`torchtune.models.llama3_2._component_builders.llama3_2`, one layer), forward and
  backward, with the code the published runs used: torchtitan of December 2024 (commit 3f20451bc) normalised
  with its own fp32 `RMSNorm` (`torchtitan/models/norms.py`) and repeated K/V to the query heads before SDPA
  (`repeat_kv`, `torchtitan/models/llama/model.py`); torchtune at commit 1814feb17 normalised with
  `x.float()`/`pow`/`mean`/`rsqrt`/`type_as` (`torchtune/modules/rms_norm.py`). Those two pieces are copied
  below verbatim; everything else is the installed packages' code (identical there).
* the loss on the logits: torchtune's decoder `output(h).float()` + `nn.CrossEntropyLoss` (eager, or with the
  loss compiled by `torchtune.training.compile_loss`), torchtune's `CEWithChunkedOutputLoss` (its
  `compute_cross_entropy` compiled), torchtitan's `cross_entropy(pred.flatten(0, 1).float(), labels)` (eager in
  December 2024: `train.py` leaves `torch.compile(loss_fn)` commented out).
* AdamW's step, `torch.optim.AdamW` foreach (torchtitan's December 2024 default) and fused (torchtune's recipes
  set `fused: True`), on bf16 states (torchtune, pure bf16) and fp32 states (torchtitan, FSDP2 fp32 shards).

Eager: a `TorchDispatchMode` sees every aten op; each op that is not a view reads its inputs and writes its
outputs once (broadcast dimensions read once). Compiled: Inductor's scheduler nodes after fusion
(`BaseSchedulerNode.get_read_write_buffers_sizes`, the bytes Inductor itself reports in its graph metrics).
Matmuls are counted by the GEMM term and attention by the FlashAttention term of the time model, so both are
listed apart: attention is a stand-in custom op (the real kernel's inputs and outputs, no math inside).

The bytes per token per layer are linear in the widths, c_tok + c_h·h + c_kv·kv + c_f·f (q = h in these
models), so four shapes give the four coefficients exactly (no fit; the residual of a fifth shape is printed).

Run: PYTHONPATH=. python scripts/record_kernel_traffic.py [-o tests/validation/data/kernel_traffic.json]
(about 5 minutes on 2 CPU cores, most of it Inductor compiling).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils._python_dispatch import TorchDispatchMode

torch._inductor.config.force_disable_caches = True  # a cache hit would skip the lowering we read
DTYPE = torch.bfloat16
BATCH, SEQ = 2, 64  # tokens per run = 128; the counts are per token, so the length only has to be real
GEMM_OPS = {"mm", "addmm", "bmm", "baddbmm", "matmul", "linear", "_scaled_mm"}
ZERO_READ_OPS = {"copy_", "fill_", "zero_", "zeros_like", "empty_like", "new_empty", "new_zeros", "empty", "zeros"}


# --- attention stand-in: the FlashAttention kernel's inputs/outputs (q, k, v -> out, lse), no work inside -------
@torch.library.custom_op("gprec::attn_fwd", mutates_args=())
def attn_fwd(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.zeros_like(q), torch.zeros(q.shape[:-1], dtype=torch.float32)


@attn_fwd.register_fake
def _(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.empty_like(q), q.new_empty(q.shape[:-1], dtype=torch.float32)


@torch.library.custom_op("gprec::attn_bwd", mutates_args=())
def attn_bwd(
    do: torch.Tensor, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, o: torch.Tensor, lse: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return torch.zeros_like(q), torch.zeros_like(k), torch.zeros_like(v)


@attn_bwd.register_fake
def _(do, q, k, v, o, lse):  # type: ignore[no-untyped-def]
    return torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)


def _setup(ctx, inputs, output):  # type: ignore[no-untyped-def]
    ctx.save_for_backward(*inputs, *output)


def _backward(ctx, do, dlse):  # type: ignore[no-untyped-def]
    q, k, v, o, lse = ctx.saved_tensors
    return attn_bwd(do, q, k, v, o, lse)


attn_fwd.register_autograd(_backward, setup_context=_setup)


def sdpa_stub(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, *args: object, **kwargs: object) -> torch.Tensor:
    return attn_fwd(q, k, v)[0]


# --- the pieces of the December/November 2024 code that differ from the installed packages (verbatim) ---------
class TitanRMSNorm2024(nn.Module):
    """torchtitan@3f20451bc torchtitan/models/norms.py `RMSNorm`."""

    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def _norm(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        output = self._norm(x.float()).type_as(x)
        return output * self.weight


class TuneRMSNorm2024(nn.Module):
    """torchtune@1814feb17 torchtune/modules/rms_norm.py `RMSNorm`."""

    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.scale = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x_fp32 = x.float()
        x_normed = (x_fp32 * torch.rsqrt(x_fp32.pow(2).mean(-1, keepdim=True) + self.eps)).type_as(x)
        return x_normed * self.scale


def repeat_kv(x: torch.Tensor, n_rep: int) -> torch.Tensor:
    """torchtitan@3f20451bc torchtitan/models/llama/model.py `repeat_kv`."""
    bs, slen, n_kv_heads, head_dim = x.shape
    if n_rep == 1:
        return x
    return torch.unsqueeze(x, dim=3).expand(bs, slen, n_kv_heads, n_rep, head_dim).reshape(bs, slen, -1, head_dim)


class TitanSDPA2024(nn.Module):
    """The December 2024 call: keys and values repeated to the query heads, then SDPA (causal)."""

    def __init__(self, n_rep: int):
        super().__init__()
        self.n_rep = n_rep

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, **kwargs: object) -> torch.Tensor:
        # q, k, v arrive as (bs, heads, seqlen, head_dim) views of (bs, seqlen, heads, head_dim) tensors
        k = repeat_kv(k.transpose(1, 2), self.n_rep).transpose(1, 2)
        v = repeat_kv(v.transpose(1, 2), self.n_rep).transpose(1, 2)
        return sdpa_stub(q, k, v)


# --- blocks ---------------------------------------------------------------------------------------------------
def titan_block(h: int, heads: int, kv_heads: int, f: int) -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    from torchtitan.models.llama3.model.args import TransformerModelArgs
    from torchtitan.models.llama3.model.model import TransformerBlock, precompute_freqs_cis

    args = TransformerModelArgs(dim=h, n_layers=1, n_heads=heads, n_kv_heads=kv_heads, max_seq_len=SEQ)
    block = TransformerBlock(0, args)
    block.feed_forward = type(block.feed_forward)(h, 1, 1, None)  # replaced below with width f
    ff = block.feed_forward
    ff.w1, ff.w2, ff.w3 = nn.Linear(h, f, bias=False), nn.Linear(f, h, bias=False), nn.Linear(h, f, bias=False)
    block.attention_norm, block.ffn_norm = TitanRMSNorm2024(h), TitanRMSNorm2024(h)
    block.attention.inner_attention = TitanSDPA2024(heads // kv_heads)
    block.attention.enable_gqa = False
    freqs = precompute_freqs_cis(h // heads, SEQ, args.rope_theta, args.rope_scaling_args)
    block = block.to(DTYPE)
    x = torch.randn(BATCH, SEQ, h, dtype=DTYPE, requires_grad=True)
    return _CallWith(block, freqs), (x,)


def tune_block(h: int, heads: int, kv_heads: int, f: int) -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    from torchtune.models.llama3_2._component_builders import llama3_2

    model = llama3_2(
        vocab_size=16,
        num_layers=1,
        num_heads=heads,
        num_kv_heads=kv_heads,
        embed_dim=h,
        max_seq_len=SEQ,
        intermediate_dim=f,
    )
    layer = model.layers[0]
    layer.sa_norm, layer.mlp_norm = TuneRMSNorm2024(h, 1e-5), TuneRMSNorm2024(h, 1e-5)
    layer.attn._attention_call = sdpa_stub
    layer = layer.to(DTYPE)
    x = torch.randn(BATCH, SEQ, h, dtype=DTYPE, requires_grad=True)
    return layer, (x,)


class _CallWith(nn.Module):
    def __init__(self, block: nn.Module, freqs: torch.Tensor):
        super().__init__()
        self.block = block
        self.register_buffer("freqs", freqs, persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.block(x, self.freqs, None)


# --- counting -------------------------------------------------------------------------------------------------
def _unique_bytes(t: torch.Tensor) -> int:
    """Bytes a kernel must touch for this operand: broadcast (stride-0) dimensions are read once."""
    n = 1
    for size, stride in zip(t.shape, t.stride(), strict=True):
        if stride != 0:
            n *= size
    return n * t.element_size()


def _tensors(x: object) -> list[torch.Tensor]:
    if isinstance(x, torch.Tensor):
        return [x]
    if isinstance(x, (list, tuple)):
        return [t for y in x for t in _tensors(y)]
    return []


class TrafficMode(TorchDispatchMode):
    """Eager: bytes read + written by every non-view aten op, by class (gemm, attention, other)."""

    def __init__(self) -> None:
        super().__init__()
        self.bytes = {"gemm": 0, "attention": 0, "elementwise": 0}
        self.ops: dict[str, int] = {}
        self.paused = False

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        if self.paused or func.is_view or func._schema.name in ("aten::detach", "aten::alias", "aten::lift_fresh"):
            return out
        name = func._schema.name.split("::")[-1]
        ins = _tensors(args) + _tensors(list(kwargs.values()))
        outs = _tensors(out)
        in_storages = {t.untyped_storage().data_ptr() for t in ins}
        if not func._schema.is_mutable and outs and all(t.untyped_storage().data_ptr() in in_storages for t in outs):
            return out  # a view by another name (_unsafe_view, _reshape_alias): no kernel
        if func._schema.is_mutable:
            # in-place and foreach ops (add_, _foreach_addcdiv_, _fused_adamw_) return nothing or `self`:
            # what they write is the arguments the schema marks as written
            outs = [
                t
                for a, v in zip(func._schema.arguments, args, strict=False)
                if a.alias_info is not None
                and a.alias_info.is_write
                # the fused AdamW kernel reads the gradients and stores only param, exp_avg, exp_avg_sq (no
                # GradScaler here; ATen native/cuda/fused_adam_utils.cuh), though its schema marks grads written
                and not (name == "_fused_adamw_" and a.name == "grads")
                for t in _tensors(v)
            ]
        if name in ZERO_READ_OPS or name.endswith("_like"):
            ins = ins[1:] if name == "copy_" else []
        moved = sum(_unique_bytes(t) for t in ins) + sum(_unique_bytes(t) for t in outs)
        kind = "gemm" if name in GEMM_OPS else "attention" if func.namespace == "gprec" else "elementwise"
        self.bytes[kind] += moved
        if kind == "elementwise":
            self.ops[name] = self.ops.get(name, 0) + moved
        return out


class InductorNodes:
    """Compiled: every scheduler node of every graph Inductor lowers (forward and backward), after fusion."""

    def __init__(self) -> None:
        self.bytes = {"gemm": 0, "attention": 0, "elementwise": 0}
        self.kernels = 0
        self.externs: dict[str, int] = {}
        self.graph_bytes: list[int] = []  # element-wise bytes per lowered graph, in order (forward first)

    def __enter__(self) -> InductorNodes:
        from torch._inductor.graph import GraphLowering
        from torch._inductor.scheduler import ExternKernelSchedulerNode, NopKernelSchedulerNode

        original = GraphLowering.codegen
        recorder = self

        def codegen(graph, *a, **k):  # type: ignore[no-untyped-def]
            result = original(graph, *a, **k)
            before = recorder.bytes["elementwise"]
            for node in graph.scheduler.nodes:
                if isinstance(node, NopKernelSchedulerNode):
                    continue
                moved = node.get_read_write_buffers_sizes()
                kind = "elementwise"
                if isinstance(node, ExternKernelSchedulerNode):
                    ir = node.node
                    overload = getattr(ir, "op_overload", None)
                    if getattr(overload, "is_view", False) or str(overload) == "aten._conj.default":
                        continue  # an alias Inductor falls back to (view_as_complex, view_as_real): no kernel
                    kname = (
                        f"{type(ir).__name__} {getattr(ir, 'python_kernel_name', '')} {getattr(ir, 'op_overload', '')}"
                    )
                    recorder.externs[kname] = recorder.externs.get(kname, 0) + moved
                    kind = "attention" if "gprec" in kname else "gemm" if any(g in kname for g in GEMM_OPS) else kind
                if kind == "elementwise":
                    recorder.kernels += 1
                recorder.bytes[kind] += moved
            recorder.graph_bytes.append(recorder.bytes["elementwise"] - before)
            return result

        self._original, self._cls = original, GraphLowering
        GraphLowering.codegen = codegen  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        self._cls.codegen = self._original  # type: ignore[method-assign]


def _fwd_bwd(fn: nn.Module, inputs: tuple[torch.Tensor, ...], mode: TrafficMode | None = None) -> int:
    """Forward and backward; returns the eager forward's element-wise bytes (0 without a mode)."""
    out = fn(*inputs)
    forward = mode.bytes["elementwise"] if mode is not None else 0
    if mode is not None:
        mode.paused = True  # the incoming gradient is the next block's output, not this block's work
    grad = torch.ones_like(out)
    if mode is not None:
        mode.paused = False
    out.backward(grad)
    return forward


def block_bytes(build, dims: tuple[int, int, int, int], compiled: bool) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Element-wise bytes per token of one block: forward + backward, and forward alone."""
    module, inputs = build(*dims)
    tokens = BATCH * SEQ
    if compiled:
        torch._dynamo.reset()
        # fullgraph as torchtitan's apply_compile; torchtune's per-layer `m.compile()` gives the same one graph
        fn = torch.compile(module, fullgraph=True)
        with InductorNodes() as rec:
            _fwd_bwd(fn, inputs)
        assert len(rec.graph_bytes) == 2, rec.graph_bytes  # one forward and one backward graph, nothing cached
        return rec.bytes["elementwise"] / tokens, rec.graph_bytes[0] / tokens
    with TrafficMode() as mode:
        forward = _fwd_bwd(module, inputs, mode)
    return mode.bytes["elementwise"] / tokens, forward / tokens


SHAPES = [(256, 4, 2, 768), (512, 8, 4, 768), (256, 4, 1, 768), (256, 4, 2, 1536)]  # h, heads, kv heads, f
CHECK = (384, 6, 2, 1280)


def coefficients(build, compiled: bool) -> dict[str, object]:  # type: ignore[no-untyped-def]
    rows, rhs, fwd = [], [], []
    for h, heads, kvh, f in SHAPES:
        rows.append([1.0, h, kvh * h // heads, f])
        total, forward = block_bytes(build, (h, heads, kvh, f), compiled)
        rhs.append(total)
        fwd.append(forward)
    c = np.linalg.solve(np.array(rows), np.array(rhs))
    cf = np.linalg.solve(np.array(rows), np.array(fwd))
    h, heads, kvh, f = CHECK
    pred = float(np.dot(c, [1.0, h, kvh * h // heads, f]))
    got, _ = block_bytes(build, CHECK, compiled)
    print(f"  check shape {CHECK}: predicted {pred:.0f} B/token, recorded {got:.0f} ({pred / got - 1:+.2%})")
    names = ("per_token", "per_h", "per_kv", "per_f")
    return {
        **{n: round(float(x), 2) for n, x in zip(names, c, strict=True)},
        "forward": {n: round(float(x), 2) for n, x in zip(names, cf, strict=True)},
        "check": {"shape": list(CHECK), "recorded": got, "predicted": pred},
    }


def loss_bytes(kind: str, compiled: bool, vocab: int = 4096) -> float:
    """Bytes per logit of the loss, forward + backward, from bf16 logits (the LM head's output)."""
    from torchtune.modules.loss import CEWithChunkedOutputLoss

    tokens = BATCH * SEQ
    logits = torch.randn(BATCH, SEQ, vocab, dtype=DTYPE, requires_grad=True)
    labels = torch.randint(0, vocab, (BATCH, SEQ))
    torch._dynamo.reset()
    if kind == "tune-ce":  # decoder returns output(h).float(); nn.CrossEntropyLoss, compiled by compile_loss

        def run() -> torch.Tensor:
            loss_fn = nn.CrossEntropyLoss(ignore_index=-100)
            fn = torch.compile(loss_fn) if compiled else loss_fn
            return fn(logits.float().reshape(-1, vocab), labels.reshape(-1))

    elif kind == "tune-chunked":  # chunked_output returns bf16 chunks; compute_cross_entropy upcasts, compiled

        def run() -> torch.Tensor:
            loss_fn = CEWithChunkedOutputLoss(num_output_chunks=8)
            if compiled:
                loss_fn.compute_cross_entropy = torch.compile(loss_fn.compute_cross_entropy)
            return loss_fn(list(logits.chunk(8, dim=1)), labels)

    else:  # torchtitan December 2024: cross_entropy(pred.flatten(0, 1).float(), labels.flatten(0, 1)), eager

        def run() -> torch.Tensor:
            return F.cross_entropy(logits.flatten(0, 1).float(), labels.flatten(0, 1))

    if compiled:
        with InductorNodes() as rec:
            run().backward()
        assert len(rec.graph_bytes) == 2, rec.graph_bytes
        moved = float(rec.bytes["elementwise"])
        if kind == "tune-chunked":
            moved *= 8  # one graph, lowered once, runs on each of the 8 chunks
        if kind == "tune-ce":
            # the decoder's eager `.float()` outside the compiled loss: read 2 write 4, and its backward cast of
            # the fp32 logit gradient to bf16, read 4 write 2 (what the eager recording counts for `_to_copy`)
            moved += tokens * vocab * 12.0
        return moved / (tokens * vocab)
    with TrafficMode() as mode:
        run().backward()
    return mode.bytes["elementwise"] / (tokens * vocab)


def optimizer_bytes(dtype: torch.dtype, impl: str) -> float:
    """Bytes per parameter of one AdamW step ("foreach" or "fused"), states in the parameters' dtype."""
    params = [nn.Parameter(torch.randn(n, dtype=dtype)) for n in (4096, 12288, 65536)]
    for p in params:
        p.grad = torch.randn_like(p)
    opt = torch.optim.AdamW(params, lr=1e-4, weight_decay=0.1, **{impl: True})
    opt.step()  # states created (zeros) outside the recorded step
    with TrafficMode() as mode:
        opt.step()
    return mode.bytes["elementwise"] / sum(p.numel() for p in params)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--out", default="tests/validation/data/kernel_traffic.json")
    args = ap.parse_args(argv)
    torch.manual_seed(0)
    import torchtitan
    import torchtune

    blocks: dict[str, dict[str, dict[str, object]]] = {}
    for name, build in (("torchtitan", titan_block), ("torchtune", tune_block)):
        blocks[name] = {}
        for compiled in (False, True):
            mode = "compiled" if compiled else "eager"
            print(f"{name} {mode}:")
            blocks[name][mode] = coefficients(build, compiled)
            print("  ", blocks[name][mode])
    losses = {
        "torchtitan": {"eager": loss_bytes("titan", False), "compiled": loss_bytes("titan", False)},
        "torchtune": {"eager": loss_bytes("tune-ce", False), "compiled": loss_bytes("tune-ce", True)},
        "torchtune-chunked": {"eager": loss_bytes("tune-chunked", False), "compiled": loss_bytes("tune-chunked", True)},
    }
    print("loss bytes per logit:", {k: {m: round(x, 2) for m, x in v.items()} for k, v in losses.items()})
    opt = {
        f"{impl}-{name}": optimizer_bytes(dtype, impl)
        for impl in ("foreach", "fused")
        for name, dtype in (("bf16", torch.bfloat16), ("fp32", torch.float32))
    }
    print("AdamW bytes per parameter:", {k: round(v, 2) for k, v in opt.items()})
    data = {
        "provenance": {
            "script": "scripts/record_kernel_traffic.py",
            "torch": torch.__version__,
            "torchtitan": getattr(torchtitan, "__version__", "installed"),
            "torchtune": getattr(torchtune, "__version__", "installed"),
            "code_of_the_runs": {
                "torchtitan": "commit 3f20451bc (2024-12-26): own fp32 RMSNorm, repeat_kv before SDPA, loss eager",
                "torchtune": "commit 1814feb17 (2024-11-18): fp32 RMSNorm by x.float()/pow/mean/rsqrt",
            },
            "dtype": "bfloat16 activations and weights",
            "tokens_per_run": BATCH * SEQ,
            "shapes": SHAPES,
            "method": "eager: TorchDispatchMode, every non-view aten op reads inputs and writes outputs once; "
            "compiled: Inductor (CPU) scheduler nodes after fusion, get_read_write_buffers_sizes",
        },
        "block_bytes_per_token": blocks,
        "loss_bytes_per_logit": losses,
        "adamw_bytes_per_param": opt,
    }
    Path(args.out).write_text(json.dumps(data, indent=1) + "\n")
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
