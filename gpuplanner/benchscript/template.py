"""The benchmark script that `gpuplanner bench-script` writes, as text.

It is kept as a string (not a module read from disk) so that it ships inside any build, wheel or PyInstaller
bundle alike. `writer.render_script` replaces the `@@...@@` markers: `@@HEADER@@` (comment lines naming the
scenario and its canonical TOML) and `@@CONFIG@@` (a Python literal: the model, workload and scenario hash).

The script needs only torch (bitsandbytes for QLoRA and 8-bit AdamW) and never imports gpuplanner. It builds
a Llama-style decoder in plain torch from the scenario's architecture with random weights and trains it on
synthetic tokens, the way Hugging Face eager modules run (RMSNorm upcast to fp32, SDPA attention, logits
upcast for the loss), because that is what the memory model's `eager` family describes. Result schema:
`gpuplanner.core.calibration` (RESULT_SCHEMA, RESULT_VERSION) reads what `write_result` writes here.
"""

SOURCE = r'''#!/usr/bin/env python3
# gpuplanner benchmark script: a short training run of one scenario's model, to calibrate the estimates.
@@HEADER@@
#
# Self-contained: needs PyTorch only (bitsandbytes for QLoRA or 8-bit AdamW); random weights, synthetic
# tokens, no downloads, no gpuplanner import.
#
#   python bench.py --out result.json                              one GPU
#   torchrun --nproc-per-node 8 bench.py --out result.json         one node, data parallel (DDP)
#   python bench.py --layers 4 --out result.json                   a shrunken model (first K layers)
#   python bench.py --device cpu --layers 2 --seq-len 64 --steps 2 functional check without a GPU
#
# then:  gpuplanner calibrate SCENARIO.gpuplan.toml result.json
"""Measure memory and throughput of one training configuration (see the comment above)."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
import weakref

try:
    import torch
    import torch.nn.functional as F
    from torch import nn
    from torch.utils.checkpoint import checkpoint
except ImportError:  # pragma: no cover - depends on the machine
    sys.stderr.write("bench: PyTorch is not installed (pip install torch)\n")
    sys.exit(2)

RESULT_SCHEMA = "gpuplanner-bench-result"
RESULT_VERSION = 1
EXIT_CONFIG, EXIT_OOM = 2, 3

CONFIG = @@CONFIG@@


class BenchError(Exception):
    """A configuration this machine cannot run: one line on stderr, exit 2."""


# --- the model ------------------------------------------------------------------------------------------

class RMSNorm(nn.Module):
    """As Hugging Face LlamaRMSNorm: computed in fp32, weight applied to the result cast back."""

    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        dtype = x.dtype
        x = x.float()
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * x.to(dtype)


def make_norm(m):
    return RMSNorm(m["hidden"]) if m["norm"] == "rmsnorm" else nn.LayerNorm(m["hidden"], eps=1e-5)


class LoRALinear(nn.Module):
    """y = base(x) + (x A^T B^T)·alpha/r, base frozen (Hu et al. 2021); B starts at zero as in PEFT."""

    def __init__(self, base, rank, dtype, alpha=None):
        super().__init__()
        self.base = base
        for p in self.base.parameters():
            p.requires_grad_(False)
        device = next(base.parameters()).device
        self.lora_a = nn.Parameter(torch.empty(rank, base.in_features, device=device, dtype=dtype))
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank, device=device, dtype=dtype))
        nn.init.kaiming_uniform_(self.lora_a, a=math.sqrt(5))
        self.scale = (alpha or 2 * rank) / rank

    def forward(self, x):
        return self.base(x) + F.linear(F.linear(x, self.lora_a), self.lora_b) * self.scale


def rope_tables(seq_len, dim, device, theta=500000.0):
    inv = 1.0 / (theta ** (torch.arange(0, dim, 2, device=device, dtype=torch.float32) / dim))
    freqs = torch.outer(torch.arange(seq_len, device=device, dtype=torch.float32), inv)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos(), emb.sin()


def apply_rope(x, cos, sin):
    half = x.shape[-1] // 2
    rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return (x * cos.to(x.dtype)) + (rotated * sin.to(x.dtype))


class Attention(nn.Module):
    def __init__(self, m, w):
        super().__init__()
        h, a, kv, d = m["hidden"], m["heads"], m["kv_heads"], m["head_dim"]
        qkv_bias = m["qkv_bias"] or m["linear_bias"]
        self.q = nn.Linear(h, a * d, bias=qkv_bias)
        self.k = nn.Linear(h, kv * d, bias=qkv_bias)
        self.v = nn.Linear(h, kv * d, bias=qkv_bias)
        self.o = nn.Linear(a * d, h, bias=m["linear_bias"])
        self.heads, self.kv_heads, self.head_dim = a, kv, d
        self.flash = w["flash_attention"]
        self.selective = w["recompute"] == "selective" and not self.flash
        self.dropout = 0.1 if w["dropout"] else 0.0
        self.rope = not m["learned_positions"]

    def core(self, q, k, v):
        if self.flash and q.is_cuda and q.dtype in (torch.float16, torch.bfloat16):
            # FlashAttention reads the n_kv K/V heads directly (GQA); the memory-efficient kernel, which fp32
            # inputs use, needs them repeated first (below), as Hugging Face's repeat_kv does
            try:
                return F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True,
                                                      dropout_p=self.dropout if self.training else 0.0)
            except TypeError:  # torch < 2.5: no enable_gqa
                pass
        if self.kv_heads != self.heads:
            k = k.repeat_interleave(self.heads // self.kv_heads, dim=1)
            v = v.repeat_interleave(self.heads // self.kv_heads, dim=1)
        if self.flash:
            return F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                                  dropout_p=self.dropout if self.training else 0.0)
        # eager attention: materialised scores, fp32 softmax (Hugging Face eager_attention_forward)
        s = q.shape[-2]
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_dim)
        mask = torch.ones(s, s, dtype=torch.bool, device=q.device).triu(1)
        scores = scores.masked_fill(mask, float("-inf"))
        probs = torch.softmax(scores, dim=-1, dtype=torch.float32).to(q.dtype)
        if self.dropout and self.training:
            probs = F.dropout(probs, p=self.dropout)
        return torch.matmul(probs, v)

    def forward(self, x, cos, sin):
        b, s, _ = x.shape
        q = self.q(x).view(b, s, self.heads, self.head_dim).transpose(1, 2)
        k = self.k(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        if self.rope:
            q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        if self.selective and torch.is_grad_enabled():
            out = checkpoint(self.core, q, k, v, use_reentrant=False)
        else:
            out = self.core(q, k, v)
        out = out.transpose(1, 2).contiguous().view(b, s, self.heads * self.head_dim)
        return self.o(out)


class MLP(nn.Module):
    def __init__(self, m):
        super().__init__()
        h, f, bias = m["hidden"], m["ffn_hidden"], m["linear_bias"]
        self.gated = m["gated_mlp"]
        if self.gated:
            self.gate = nn.Linear(h, f, bias=bias)
        self.up = nn.Linear(h, f, bias=bias)
        self.down = nn.Linear(f, h, bias=bias)

    def forward(self, x):
        if self.gated:
            return self.down(F.silu(self.gate(x)) * self.up(x))
        return self.down(F.gelu(self.up(x)))


class Block(nn.Module):
    def __init__(self, m, w):
        super().__init__()
        self.norm1, self.norm2 = make_norm(m), make_norm(m)
        self.attn, self.mlp = Attention(m, w), MLP(m)
        extra = m["extra_norms_per_layer"]
        self.post1 = make_norm(m) if extra >= 1 else None  # Gemma 2 post-attention norm
        self.post2 = make_norm(m) if extra >= 2 else None  # Gemma 2 post-feedforward norm
        self.dropout = 0.1 if w["dropout"] else 0.0

    def forward(self, x, cos, sin):
        a = self.attn(self.norm1(x), cos, sin)
        if self.post1 is not None:
            a = self.post1(a)
        x = x + F.dropout(a, self.dropout, self.training)
        f = self.mlp(self.norm2(x))
        if self.post2 is not None:
            f = self.post2(f)
        return x + F.dropout(f, self.dropout, self.training)


class Decoder(nn.Module):
    def __init__(self, m, w, layers):
        super().__init__()
        self.embed = nn.Embedding(m["vocab"], m["hidden"])
        nn.init.normal_(self.embed.weight, std=0.02)  # Hugging Face initializer_range
        self.pos = nn.Embedding(m["learned_positions"], m["hidden"]) if m["learned_positions"] else None
        if self.pos is not None:
            nn.init.normal_(self.pos.weight, std=0.02)
        self.blocks = nn.ModuleList(Block(m, w) for _ in range(layers))
        self.norm = make_norm(m)
        self.head = None if m["tied_embeddings"] else nn.Linear(m["hidden"], m["vocab"], bias=False)
        self.full_recompute = w["recompute"] == "full"
        self.chunked_loss = w["chunked_loss"]
        self.head_dim, self.vocab = m["head_dim"], m["vocab"]

    def logits(self, x):
        weight = self.embed.weight if self.head is None else self.head.weight
        return F.linear(x, weight)

    def forward(self, tokens, targets):
        s = tokens.shape[1]
        x = self.embed(tokens)
        cos = sin = None
        if self.pos is not None:
            x = x + self.pos(torch.arange(s, device=tokens.device))
        else:
            cos, sin = rope_tables(s, self.head_dim, tokens.device)
        for block in self.blocks:
            if self.full_recompute and torch.is_grad_enabled():
                x = checkpoint(block, x, cos, sin, use_reentrant=False)
            else:
                x = block(x, cos, sin)
        x = self.norm(x)
        if self.chunked_loss:  # torchtune CEWithChunkedOutputLoss: 8 chunks of 16-bit logits, upcast one at a time
            chunks = [self.logits(c) for c in x.chunk(8, dim=1)]
            total = sum(F.cross_entropy(c.float().flatten(0, 1), t.flatten(), reduction="sum")
                        for c, t in zip(chunks, targets.chunk(8, dim=1)))
            return total / targets.numel()
        logits = self.logits(x)
        return F.cross_entropy(logits.float().flatten(0, 1), targets.flatten())


# --- precision styles (spec §4.1) ---------------------------------------------------------------------

def style_of(precision):
    """(parameter dtype, autocast dtype or None, fp32 master weights, gradient scaling)."""
    return {
        "fp32": (torch.float32, None, False, False),
        "bf16-mixed": (torch.float32, torch.bfloat16, False, False),
        "fp16-mixed": (torch.float32, torch.float16, False, True),
        "bf16-master": (torch.bfloat16, None, True, False),
        "fp16-master": (torch.float16, None, True, True),
        "bf16-true": (torch.bfloat16, None, False, False),
    }[precision]


def lora_wrap(model, w, adapter_dtype):
    names = {"q": ("attn", "q"), "k": ("attn", "k"), "v": ("attn", "v"), "o": ("attn", "o"),
             "gate": ("mlp", "gate"), "up": ("mlp", "up"), "down": ("mlp", "down")}
    for p in model.parameters():
        p.requires_grad_(False)
    for block in model.blocks:
        for target in w["lora_targets"]:
            part, attr = names[target]
            parent = getattr(block, part)
            if hasattr(parent, attr):
                setattr(parent, attr, LoRALinear(getattr(parent, attr), w["lora_rank"], adapter_dtype))


def quantize_nf4(model, compute_dtype, device):
    """QLoRA (Dettmers et al. 2023): every block Linear becomes a bitsandbytes NF4 Linear4bit, double-quantised."""
    try:
        import bitsandbytes as bnb
    except ImportError:
        raise BenchError("QLoRA needs bitsandbytes (pip install bitsandbytes) and a CUDA GPU; it is not "
                         "importable here") from None
    if device.type != "cuda":
        raise BenchError("QLoRA (bitsandbytes NF4) runs only on a CUDA GPU, not with --device cpu")
    for block in model.blocks:
        for part in (block.attn, block.mlp):
            for attr in ("q", "k", "v", "o", "gate", "up", "down"):
                lin = getattr(part, attr, None)
                if not isinstance(lin, nn.Linear):
                    continue
                q = bnb.nn.Linear4bit(lin.in_features, lin.out_features, bias=lin.bias is not None,
                                      compute_dtype=compute_dtype, compress_statistics=True, quant_type="nf4")
                q.weight = bnb.nn.Params4bit(lin.weight.data.to("cpu"), requires_grad=False,
                                             compress_statistics=True, quant_type="nf4")
                if lin.bias is not None:
                    q.bias = nn.Parameter(lin.bias.data.clone(), requires_grad=False)
                setattr(part, attr, q.to(device))
                del lin
    if device.type == "cuda":
        torch.cuda.empty_cache()
    return bnb.__version__


def make_optimizer(name, params, device, impl="fused"):
    lr = 1e-5
    if name == "adamw" and impl == "foreach":  # PyTorch's multi-tensor AdamW (its default without fused=True)
        return torch.optim.AdamW(params, lr=lr, weight_decay=0.0, foreach=True), "AdamW(foreach)"
    if name == "adamw":
        try:
            return torch.optim.AdamW(params, lr=lr, weight_decay=0.0, fused=True), "AdamW(fused)"
        except (RuntimeError, TypeError, ValueError):
            return torch.optim.AdamW(params, lr=lr, weight_decay=0.0, foreach=False), "AdamW(for-loop)"
    if name == "sgd":
        try:
            return torch.optim.SGD(params, lr=lr, momentum=0.9, fused=True), "SGD(fused)"
        except (RuntimeError, TypeError, ValueError):
            return torch.optim.SGD(params, lr=lr, momentum=0.9, foreach=False), "SGD(for-loop)"
    if name == "adafactor":
        if not hasattr(torch.optim, "Adafactor"):
            raise BenchError("Adafactor needs torch >= 2.5 (torch.optim.Adafactor)")
        return torch.optim.Adafactor(params, lr=1e-3, foreach=False), "Adafactor(for-loop)"
    if name == "adamw8bit":
        try:
            import bitsandbytes as bnb
        except ImportError:
            raise BenchError("8-bit AdamW needs bitsandbytes (pip install bitsandbytes)") from None
        if device.type != "cuda":
            raise BenchError("8-bit AdamW (bitsandbytes) runs only on a CUDA GPU")
        return bnb.optim.AdamW8bit(params, lr=lr, weight_decay=0.0), "bitsandbytes AdamW8bit"
    raise BenchError(f"unknown optimizer {name!r}")


class MasterWeights:
    """16-bit parameters for compute, fp32 master copies in the optimizer and one contiguous fp32 gradient
    buffer (Megatron `main_grad`, DeepSpeed bf16): each 16-bit gradient is added into it as soon as it is
    accumulated and freed, so the step holds 2 + 4 + 4 + moments bytes per parameter."""

    def __init__(self, params, optimizer_name, device, world, loss_scale):
        self.params = [p for p in params if p.requires_grad]
        total = sum(p.numel() for p in self.params)
        self.flat_grad = torch.zeros(total, dtype=torch.float32, device=device)
        self.master = []
        offset = 0
        for p in self.params:
            m = p.detach().float().clone().requires_grad_(True)
            m.grad = self.flat_grad[offset:offset + p.numel()].view_as(p)
            offset += p.numel()
            self.master.append(m)
            p.register_post_accumulate_grad_hook(self._hook(m))
        self.optimizer, self.impl = make_optimizer(optimizer_name, self.master, device,
                                                   CONFIG["workload"]["optimizer_impl"])
        self.world, self.loss_scale = world, loss_scale

    @staticmethod
    def _hook(master):
        def hook(p):
            master.grad.add_(p.grad)
            p.grad = None
        return hook

    def step(self):
        if self.world > 1:
            torch.distributed.all_reduce(self.flat_grad)
            self.flat_grad.div_(self.world)
        if self.loss_scale != 1.0:
            self.flat_grad.div_(self.loss_scale)
        self.optimizer.step()
        with torch.no_grad():
            for p, m in zip(self.params, self.master):
                p.copy_(m)
        self.flat_grad.zero_()


# --- measurements -------------------------------------------------------------------------------------

def run_quiet(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


def nvidia_smi_used(device):
    """(bytes, 'process' | 'device') for this process on this GPU from nvidia-smi; (None, None) without it."""
    if device.type != "cuda" or torch.version.hip:
        return None, None
    uuid = None
    try:
        uuid = str(torch.cuda.get_device_properties(device).uuid)
    except (AttributeError, RuntimeError):
        pass
    if uuid and not uuid.startswith(("GPU-", "MIG-")):
        uuid = "GPU-" + uuid
    apps = run_quiet(["nvidia-smi", "--query-compute-apps=pid,gpu_uuid,used_memory",
                      "--format=csv,noheader,nounits"])
    if apps:
        for line in apps.splitlines():
            parts = [x.strip() for x in line.split(",")]
            if len(parts) == 3 and parts[0] == str(os.getpid()) and (uuid is None or parts[1] == uuid):
                try:
                    return int(float(parts[2]) * 2**20), "process"
                except ValueError:
                    break
    gpus = run_quiet(["nvidia-smi", "--query-gpu=uuid,index,memory.used", "--format=csv,noheader,nounits"])
    if gpus:
        for line in gpus.splitlines():
            parts = [x.strip() for x in line.split(",")]
            if len(parts) != 3:
                continue
            if (uuid and parts[0] == uuid) or (uuid is None and parts[1] == str(device.index or 0)):
                try:
                    return int(float(parts[2]) * 2**20), "device"
                except ValueError:
                    return None, None
    return None, None


def driver_version(device):
    if device.type != "cuda" or torch.version.hip:
        return None
    out = run_quiet(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"])
    return out.splitlines()[0].strip() if out and out.strip() else None


class PeakTracker:
    """Peak bytes of live tensor storages on the CPU, where PyTorch keeps no allocator statistics: every tensor an
    operator returns is counted (once per storage) until its storage is freed, as the CUDA caching allocator's
    max_memory_allocated counts device blocks. Tensors that exist before the step (parameters, gradients,
    optimizer states) are registered with `add`."""

    def __init__(self):
        from torch.utils._python_dispatch import TorchDispatchMode
        from torch.utils._pytree import tree_flatten

        tracker = self

        class Mode(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                out = func(*args, **(kwargs or {}))
                for t in tree_flatten(out)[0]:
                    tracker.add(t)
                return out

        self.mode = Mode()
        self.refs = {}
        self.current = self.peak = 0

    def add(self, t):
        if not isinstance(t, torch.Tensor) or t.device.type != "cpu" or t.is_meta:
            return
        try:
            st = t.untyped_storage()
        except (RuntimeError, NotImplementedError):
            return
        key = id(st)
        if key in self.refs:
            return
        n = st.nbytes()

        def freed(_ref, key=key, n=n):
            if self.refs.pop(key, None) is not None:
                self.current -= n

        self.refs[key] = weakref.ref(st, freed)
        self.current += n
        self.peak = max(self.peak, self.current)


def cpu_peak_bytes(run_step, tensors):
    """Peak of live tensors during one more step on the CPU; None if the tracker cannot run here."""
    try:
        tracker = PeakTracker()
        for t in tensors():
            tracker.add(t)
        with tracker.mode:
            run_step()
        return int(tracker.peak)
    except Exception as err:  # noqa: BLE001 - torch internals: any failure means "not measured"
        if os.environ.get("BENCH_DEBUG"):
            raise
        sys.stderr.write(f"bench: no CPU memory peak ({type(err).__name__}: {err})\n")
        return None


def live_tensors(model, optimizers, master, batches):
    """Tensors alive between steps: parameters, gradients, optimizer states, master weights, the batches."""
    out = list(batches)
    for p in model.parameters():
        out.append(p)
        if p.grad is not None:
            out.append(p.grad)
    for opt in optimizers:
        for state in opt.state.values():
            out.extend(v for v in state.values() if isinstance(v, torch.Tensor))
    if master is not None:
        out.append(master.flat_grad)
        out.extend(master.master)
    return out


# --- the run ------------------------------------------------------------------------------------------

def parse_args(argv):
    w, d = CONFIG["workload"], CONFIG["defaults"]
    p = argparse.ArgumentParser(description="gpuplanner benchmark of scenario " + repr(CONFIG["scenario_name"]))
    p.add_argument("--device", choices=("cuda", "cpu"), default="cuda",
                   help="cuda (default; one GPU per process, torchrun for several) or cpu (functional check)")
    p.add_argument("--warmup", type=int, default=d["warmup"], help="untimed steps first (default %(default)s)")
    p.add_argument("--steps", type=int, default=d["steps"], help="timed steps (default %(default)s)")
    p.add_argument("--layers", type=int, help=f"build only the first K of {CONFIG['model']['layers']} layers")
    p.add_argument("--seq-len", type=int, default=w["seq_len"], help="tokens per sequence (default %(default)s)")
    p.add_argument("--micro-batch", type=int, default=w["micro_batch"],
                   help="sequences per GPU per micro-step (default %(default)s)")
    p.add_argument("--accum", type=int, default=w["grad_accum"],
                   help="micro-batches per optimizer step (default %(default)s)")
    p.add_argument("--out", default="bench_result.json", help="result JSON file (default %(default)s)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    for name in ("steps", "seq_len", "micro_batch", "accum"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.warmup < 1:
        p.error("--warmup must be at least 1 (the optimizer creates its states in the first step)")
    if args.layers is not None and args.layers < 1:
        p.error("--layers must be at least 1")
    return args


def setup_distributed(args):
    world = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    local = int(os.environ.get("LOCAL_RANK", "0"))
    if args.device == "cuda":
        if not torch.cuda.is_available():
            raise BenchError("no CUDA GPU is visible to PyTorch (torch.cuda.is_available() is False); "
                             "use --device cpu for a functional check")
        device = torch.device("cuda", local)
        torch.cuda.set_device(device)
    else:
        device = torch.device("cpu")
    if world > 1:
        import torch.distributed as dist
        dist.init_process_group("nccl" if device.type == "cuda" else "gloo")
    return world, rank, device


def build(args, device, world):
    m, w = CONFIG["model"], CONFIG["workload"]
    layers = args.layers or m["layers"]
    param_dtype, autocast_dtype, master, scaled = style_of(w["precision"])
    lora = w["method"] in ("lora", "qlora")
    if w["precision"] == "fp32" and device.type == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = False  # the estimate uses the fp32 (non-tensor-core) peak
        torch.backends.cudnn.allow_tf32 = False
    if w["optimizer_in_backward"] and (master or world > 1 or scaled):
        raise BenchError("optimizer_in_backward is measured only on one process with fp32, autocast bf16 or "
                         "pure bf16 parameters")
    torch.manual_seed(args.seed)
    # frozen LoRA base weights live in 16 bits unless the style is fp32 (PEFT on a bf16 model)
    base_dtype = (torch.float32 if w["precision"] == "fp32" else
                  (torch.float16 if w["precision"].startswith("fp16") else torch.bfloat16)) if lora else param_dtype
    previous = torch.get_default_dtype()
    torch.set_default_dtype(base_dtype)
    try:
        with torch.device(device):
            model = Decoder(m, w, layers)
    finally:
        torch.set_default_dtype(previous)
    bnb_version = None
    if w["method"] == "qlora":
        bnb_version = quantize_nf4(model, torch.float16 if w["precision"].startswith("fp16") else torch.bfloat16,
                                   device)
    if lora:
        lora_wrap(model, w, param_dtype)
    model.train()
    params = [p for p in model.parameters() if p.requires_grad]
    return model, params, layers, bnb_version


def main(argv=None):
    args = parse_args(argv)
    m, w = CONFIG["model"], CONFIG["workload"]
    world, rank, device = setup_distributed(args)
    model, params, layers, bnb_version = build(args, device, world)
    param_dtype, autocast_dtype, master, scaled = style_of(w["precision"])
    n_trainable = sum(p.numel() for p in params)
    n_params = sum(p.numel() for p in model.parameters())
    if w["method"] in ("lora", "qlora"):  # the model's own parameters, adapters not included
        n_params -= n_trainable
    if w["method"] == "qlora":  # Params4bit numel() is the packed storage; count the logical weights
        n_params = expected_params(layers)

    loss_scale = 2.0 ** 12 if (master and scaled) else 1.0
    grad_scaler = None
    optimizer = master_opt = None
    ddp = model
    in_backward = {}
    if master:
        master_opt = MasterWeights(params, w["optimizer"], device, world, loss_scale)
        impl = master_opt.impl
    elif w["optimizer_in_backward"]:
        def step_in_backward(p):
            in_backward[p].step()
            in_backward[p].zero_grad(set_to_none=True)

        for p in params:  # torchtune optimizer_in_bwd: one optimizer per parameter, stepped in its hook
            in_backward[p], impl = make_optimizer(w["optimizer"], [p], device, w["optimizer_impl"])
            p.register_post_accumulate_grad_hook(step_in_backward)
    else:
        optimizer, impl = make_optimizer(w["optimizer"], params, device, w["optimizer_impl"])
        if scaled:
            grad_scaler = torch.amp.GradScaler(device.type)
    if world > 1 and not master:
        from torch.nn.parallel import DistributedDataParallel as DDP
        ddp = DDP(model, device_ids=[device.index] if device.type == "cuda" else None,
                  gradient_as_bucket_view=True)

    gen = torch.Generator(device="cpu").manual_seed(args.seed + rank)
    batches = [torch.randint(0, m["vocab"], (args.micro_batch, args.seq_len + 1), generator=gen).to(device)
               for _ in range(2)]
    amp = (lambda: torch.autocast(device.type, dtype=autocast_dtype)) if autocast_dtype else contextlib.nullcontext
    offload = ((lambda: torch.autograd.graph.save_on_cpu(pin_memory=device.type == "cuda"))
               if w["activation_offload"] else contextlib.nullcontext)
    last_loss = [float("nan")]

    def micro_step(i, sync):
        tokens = batches[i % len(batches)]
        ctx = ddp.no_sync() if (ddp is not model and not sync) else contextlib.nullcontext()
        with ctx:
            with offload(), amp():
                loss = ddp(tokens[:, :-1], tokens[:, 1:]) / args.accum
            if grad_scaler is not None:
                grad_scaler.scale(loss).backward()
            else:
                (loss * loss_scale if loss_scale != 1.0 else loss).backward()
        last_loss[0] = loss.detach() * args.accum  # read once at the end: no host sync per micro-step

    def train_step():
        for i in range(args.accum):
            micro_step(i, i == args.accum - 1)
        if master_opt is not None:
            master_opt.step()
        elif optimizer is not None:
            if grad_scaler is not None:
                grad_scaler.step(optimizer)
                grad_scaler.update()
            else:
                optimizer.step()
            optimizer.zero_grad(set_to_none=True)

    def sync():
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        if world > 1:
            torch.distributed.barrier()

    for _ in range(args.warmup):
        train_step()
    sync()
    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats(device)
    times = []
    for _ in range(args.steps):
        t0 = time.perf_counter()
        train_step()
        sync()
        times.append(time.perf_counter() - t0)

    allocated = reserved = smi = smi_source = None
    memory_method = None
    if device.type == "cuda":
        allocated = int(torch.cuda.max_memory_allocated(device))
        reserved = int(torch.cuda.max_memory_reserved(device))
        smi, smi_source = nvidia_smi_used(device)
        memory_method = "torch.cuda"
    else:
        optimizers = [o for o in (optimizer, master_opt.optimizer if master_opt else None) if o is not None]
        optimizers += list(in_backward.values())
        allocated = cpu_peak_bytes(train_step, lambda: live_tensors(model, optimizers, master_opt, batches))
        memory_method = "cpu-tracker" if allocated is not None else None

    step_seconds = statistics.median(times)
    mine = {"rank": rank, "max_memory_allocated": allocated, "max_memory_reserved": reserved,
            "nvidia_smi_used": smi, "step_seconds": step_seconds}
    ranks = [mine]
    if world > 1:
        ranks = [None] * world
        torch.distributed.all_gather_object(ranks, mine)
    if rank == 0:
        result = make_result(args, device, world, layers, n_params, n_trainable, impl, bnb_version, times, ranks,
                             smi_source, memory_method, float(last_loss[0]))
        write_result(args.out, result)
        print(summary(result))
    if world > 1:
        torch.distributed.destroy_process_group()
    return 0


def expected_params(layers):
    e = CONFIG["expected"]
    return e["params_outside_layers"] + layers * e["params_per_layer"]


def _max(values):
    values = [v for v in values if v is not None]
    return max(values) if values else None


def make_result(args, device, world, layers, n_params, n_trainable, impl, bnb_version, times, ranks, smi_source,
                memory_method, loss):
    m, w = CONFIG["model"], CONFIG["workload"]
    e = CONFIG["expected"]
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        name, total = torch.cuda.get_device_name(device), int(props.total_memory)
    else:
        name, total = (platform.processor() or platform.machine() or "cpu"), None
    step = max(r["step_seconds"] for r in ranks)
    tokens_per_step = world * args.micro_batch * args.accum * args.seq_len
    lora = w["method"] in ("lora", "qlora")
    expected_trainable = layers * e["lora_params_per_layer"] if lora else expected_params(layers)
    return {
        "schema": RESULT_SCHEMA,
        "schema_version": RESULT_VERSION,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "generator": CONFIG["generator"],
        "scenario_name": CONFIG["scenario_name"],
        "scenario_hash": CONFIG["scenario_hash"],
        "planned_gpu": CONFIG["gpu"],
        "device": {"type": device.type, "name": name, "total_memory": total, "count": world},
        "software": {"torch": torch.__version__, "cuda": torch.version.cuda, "hip": getattr(torch.version, "hip", None),
                     "driver": driver_version(device), "python": platform.python_version(),
                     "bitsandbytes": bnb_version, "optimizer_impl": impl},
        "world_size": world,
        "model": {**{k: m[k] for k in CONFIG["model_fields"]}, "layers": layers, "scenario_layers": m["layers"],
                  "params": n_params, "expected_params": expected_params(layers),
                  "trainable_params": n_trainable,
                  "expected_trainable_params": expected_trainable},
        "layout": {"tp": 1, "pp": 1, "cp": 1, "ep": 1, "dp": world, "zero": 0, "micro_batch": args.micro_batch,
                   "grad_accum": args.accum, "recompute": w["recompute"]},
        "workload": {**{k: w[k] for k in ("method", "precision", "optimizer", "optimizer_impl", "recompute",
                                           "flash_attention",
                                           "chunked_loss", "optimizer_in_backward", "activation_offload",
                                           "dropout", "lora_rank", "lora_targets")},
                     "seq_len": args.seq_len, "micro_batch": args.micro_batch, "grad_accum": args.accum},
        "memory": {"max_memory_allocated": _max(r["max_memory_allocated"] for r in ranks),
                   "max_memory_reserved": _max(r["max_memory_reserved"] for r in ranks),
                   "nvidia_smi_used": _max(r["nvidia_smi_used"] for r in ranks),
                   "nvidia_smi_source": smi_source, "method": memory_method,
                   "per_rank": [{k: r[k] for k in ("rank", "max_memory_allocated", "max_memory_reserved",
                                                   "nvidia_smi_used")} for r in ranks]},
        "timing": {"warmup_steps": args.warmup, "timed_steps": args.steps, "step_seconds": step,
                   "step_seconds_all": times, "tokens_per_step": tokens_per_step,
                   "tokens_per_second": tokens_per_step / step,
                   "tokens_per_second_per_gpu": tokens_per_step / step / world},
        "loss": loss if math.isfinite(loss) else None,
    }


def write_result(path, result):
    folder = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=2)
        fh.write("\n")
    os.replace(tmp, path)


def summary(r):
    gib = 2 ** 30
    mem = r["memory"]

    def g(v):
        return "n/a" if v is None else f"{v / gib:.2f} GiB"
    return (f"bench: {r['device']['name']} x{r['world_size']}, {r['model']['layers']} layers, "
            f"{r['timing']['step_seconds']:.3f} s/step, {r['timing']['tokens_per_second']:,.0f} tokens/s; "
            f"peak allocated {g(mem['max_memory_allocated'])}, reserved {g(mem['max_memory_reserved'])}, "
            f"nvidia-smi {g(mem['nvidia_smi_used'])}")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as err:
        sys.stderr.write(f"bench: {err}\n")
        sys.exit(EXIT_CONFIG)
    except (torch.cuda.OutOfMemoryError, MemoryError) as err:
        first = (str(err).splitlines() or [type(err).__name__])[0]
        sys.stderr.write(f"bench: out of memory ({first}); try --layers K, a smaller --micro-batch or "
                         f"--seq-len\n")
        sys.exit(EXIT_OOM)
'''
