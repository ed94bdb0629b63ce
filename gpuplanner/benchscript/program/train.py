"""The benchmark program, part 3: precision styles, LoRA and QLoRA, optimizers, fp32 master weights, the model."""

from __future__ import annotations

from .common import CONFIG, BenchError, nn, torch
from .model import Decoder, LoRALinear

# bench-script: the writer copies from here

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
    names = {
        "q": ("attn", "q"),
        "k": ("attn", "k"),
        "v": ("attn", "v"),
        "o": ("attn", "o"),
        "gate": ("mlp", "gate"),
        "up": ("mlp", "up"),
        "down": ("mlp", "down"),
    }
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
        raise BenchError(
            "QLoRA needs bitsandbytes (pip install bitsandbytes) and a CUDA GPU; it is not importable here"
        ) from None
    if device.type != "cuda":
        raise BenchError("QLoRA (bitsandbytes NF4) runs only on a CUDA GPU, not with --device cpu")
    for block in model.blocks:
        for part in (block.attn, block.mlp):
            for attr in ("q", "k", "v", "o", "gate", "up", "down"):
                lin = getattr(part, attr, None)
                if not isinstance(lin, nn.Linear):
                    continue
                q = bnb.nn.Linear4bit(
                    lin.in_features,
                    lin.out_features,
                    bias=lin.bias is not None,
                    compute_dtype=compute_dtype,
                    compress_statistics=True,
                    quant_type="nf4",
                )
                q.weight = bnb.nn.Params4bit(
                    lin.weight.data.to("cpu"), requires_grad=False, compress_statistics=True, quant_type="nf4"
                )
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
            m.grad = self.flat_grad[offset : offset + p.numel()].view_as(p)
            offset += p.numel()
            self.master.append(m)
            p.register_post_accumulate_grad_hook(self._hook(m))
        self.optimizer, self.impl = make_optimizer(
            optimizer_name, self.master, device, CONFIG["workload"]["optimizer_impl"]
        )
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


def build(args, device, world):
    m, w = CONFIG["model"], CONFIG["workload"]
    layers = args.layers or m["layers"]
    param_dtype, autocast_dtype, master, scaled = style_of(w["precision"])
    lora = w["method"] in ("lora", "qlora")
    if w["precision"] == "fp32" and device.type == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = False  # the estimate uses the fp32 (non-tensor-core) peak
        torch.backends.cudnn.allow_tf32 = False
    if w["optimizer_in_backward"] and (master or world > 1 or scaled):
        raise BenchError(
            "optimizer_in_backward is measured only on one process with fp32, autocast bf16 or pure bf16 parameters"
        )
    torch.manual_seed(args.seed)
    # frozen LoRA base weights live in 16 bits unless the style is fp32 (PEFT on a bf16 model)
    base_dtype = (
        (
            torch.float32
            if w["precision"] == "fp32"
            else (torch.float16 if w["precision"].startswith("fp16") else torch.bfloat16)
        )
        if lora
        else param_dtype
    )
    previous = torch.get_default_dtype()
    torch.set_default_dtype(base_dtype)
    try:
        with torch.device(device):
            model = Decoder(m, w, layers)
    finally:
        torch.set_default_dtype(previous)
    bnb_version = None
    if w["method"] == "qlora":
        bnb_version = quantize_nf4(
            model, torch.float16 if w["precision"].startswith("fp16") else torch.bfloat16, device
        )
    if lora:
        lora_wrap(model, w, param_dtype)
    model.train()
    params = [p for p in model.parameters() if p.requires_grad]
    return model, params, layers, bnb_version
