"""torchtune runner: its Llama 3.x builders, LoRA/QLoRA builders, losses, AC and optimizer-in-backward helpers.

One step follows recipes/full_finetune_single_device.py and recipes/lora_finetune_single_device.py
(torchtune 0.6.1): model built under ``training.set_default_dtype(bf16)`` (pure bf16: params, grads and
AdamW states bf16), ``training.set_activation_checkpointing(model, {TransformerSelfAttentionLayer})``,
``model.set_num_output_chunks(loss.num_output_chunks)`` for CEWithChunkedOutputLoss, ``_loss_step``
(logits, shifted labels, ``loss_fn``, ``del logits``), ``(loss * num_tokens).backward()``,
``training.scale_grads``, ``optimizer.step()``, ``optimizer.zero_grad(set_to_none=True)``; with
``optimizer_in_bwd`` one AdamW per parameter stepped by ``training.register_optim_in_bwd_hooks``.
"""

from __future__ import annotations

import time
from typing import Any

import common as C
import torch

# public Llama 3.x hyper-parameters (torchtune/models/llama3_2/_model_builders.py, llama3_1/_model_builders.py)
MODELS: dict[str, dict[str, Any]] = {
    "llama3_2_1b": dict(layers=16, hidden=2048, heads=32, kv_heads=8, ffn_hidden=8192, tied_embeddings=True),
    "llama3_2_3b": dict(layers=28, hidden=3072, heads=24, kv_heads=8, ffn_hidden=8192, tied_embeddings=True),
    "llama3_1_8b": dict(layers=32, hidden=4096, heads=32, kv_heads=8, ffn_hidden=14336, tied_embeddings=False),
}
VOCAB = 128256
LORA_TARGETS_TT = {"q": "q_proj", "k": "k_proj", "v": "v_proj", "o": "output_proj"}


def case_id(c: dict[str, Any]) -> str:
    parts = ["torchtune", c["model"], c["method"] + (f"-r{c['lora_rank']}" if c["method"] != "full" else "")]
    parts += [f"s{c['seq_len']}", f"b{c['micro_batch']}", "ac" if c["ac"] else "noac"]
    parts.append("chunkedce" if c["chunked_loss"] else "ce")
    if c.get("optimizer_in_bwd"):
        parts.append("optbwd")
    if c.get("optimizer_impl", "fused") != "fused":
        parts.append(f"opt-{c['optimizer_impl']}")
    return "/".join(parts)


def _build(c: dict[str, Any]) -> torch.nn.Module:
    from torchtune import training
    from torchtune.models import llama3_1, llama3_2

    name, method = c["model"], c["method"]
    mod = llama3_2 if name.startswith("llama3_2") else llama3_1
    if method == "full":
        builder = getattr(mod, name)
        kw: dict[str, Any] = {}
    else:
        builder = getattr(mod, ("qlora_" if method == "qlora" else "lora_") + name)
        kw = dict(
            lora_attn_modules=[LORA_TARGETS_TT[t] for t in c["lora_targets"] if t in LORA_TARGETS_TT],
            apply_lora_to_mlp=any(t in ("gate", "up", "down") for t in c["lora_targets"]),
            lora_rank=c["lora_rank"],
            lora_alpha=2 * c["lora_rank"],
            lora_dropout=0.0,
        )
    # the RoPE cache is built from values (apply_scaling loops over freqs in Python): on meta it is
    # skipped; it is built for real below and then faked
    with training.set_default_dtype(torch.bfloat16), torch.device("meta"):
        return builder(**kw)


def _fake_rope(model: torch.nn.Module, fake_mode: Any) -> None:
    from torchtune.models.llama3_1._position_embeddings import Llama3ScaledRoPE

    done: dict[int, Any] = {}
    for m in model.modules():
        if isinstance(m, Llama3ScaledRoPE) and id(m) not in done:
            with torch.device("cpu"):
                real = Llama3ScaledRoPE(m.dim, m.max_seq_len, m.base, m.scale_factor, m.low_freq_factor,
                                        m.high_freq_factor, m.old_context_len)  # fmt: skip
            # registered on the meta model: to_empty keeps them (they are not meta)
            m.register_buffer("theta", fake_mode.from_tensor(real.theta), persistent=False)
            m.register_buffer("cache", fake_mode.from_tensor(real.cache), persistent=False)
            m.is_cache_built = True
            done[id(m)] = m


def run_case(c: dict[str, Any]) -> dict[str, Any]:
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torchtune import modules, training
    from torchtune.modules.loss import CEWithChunkedOutputLoss
    from torchtune.modules.peft import get_adapter_params, set_trainable_params

    t_start = time.time()
    notes: list[str] = []
    s, b, method = c["seq_len"], c["micro_batch"], c["method"]
    spec = dict(MODELS[c["model"]])
    try:
        model = _build(c)
    except Exception as e:
        raise RuntimeError(f"builder failed on the meta device: {e}") from e
    fake_mode = FakeTensorMode(allow_non_fake_inputs=True)
    _fake_rope(model, fake_mode)  # outside the mode: the real cache needs real values
    with fake_mode:
        try:
            model.to_empty(device="cpu")
            if method == "qlora":
                # to_empty cannot move torchao NF4Tensor's inner (quantised) tensors off meta: the first
                # forward raises FakeTensorDeviceMismatchError; say so in the record
                model(torch.randint(0, VOCAB, (1, 8)))
        except Exception as e:
            raise RuntimeError(f"QLoRA base weights (torchao NF4Tensor) do not run under FakeTensorMode: {e}") from e
        if method != "full":
            set_trainable_params(model, get_adapter_params(model))
        if c["ac"]:
            training.set_activation_checkpointing(model, auto_wrap_policy={modules.TransformerSelfAttentionLayer})
        if c["chunked_loss"]:
            loss_fn: Any = CEWithChunkedOutputLoss()
            model.set_num_output_chunks(loss_fn.num_output_chunks)
        else:
            loss_fn = torch.nn.CrossEntropyLoss(ignore_index=-100)
        model.train()
        trainable = [p for p in model.parameters() if p.requires_grad]
        opt_kw: dict[str, Any] = dict(lr=2e-5, weight_decay=0.01)
        impl = c.get("optimizer_impl", "fused")
        opt_kw.update({"fused": True} if impl == "fused" else {"foreach": impl == "foreach"})
        optimizer = None
        optim_dict: dict[Any, Any] = {}
        if c.get("optimizer_in_bwd"):
            optim_dict = {p: torch.optim.AdamW([p], **opt_kw) for p in trainable}
            training.register_optim_in_bwd_hooks(model=model, optim_dict=optim_dict)
        else:
            optimizer = torch.optim.AdamW(trainable, **opt_kw)
        tokens = torch.randint(0, VOCAB, (b, s))
        labels = torch.randint(0, VOCAB, (b, s))
        ignore_labels_cache = torch.full((b, 1), -100)
        mt = C.make_plain_tracker()
        mt.track_external(model, *([optimizer] if optimizer else list(optim_dict.values())), tokens, labels)
        # the 1B/3B output is a TiedLinear (not a module): the head starts when the final norm ends
        model.norm.register_forward_hook(lambda *_: mt.mark("head_start", segment="head_loss"))

        def one_step(tr: Any) -> None:
            tr.mark("step_start", segment="forward")
            logits = model(tokens)
            shifted = torch.hstack((labels[..., 1:], ignore_labels_cache[:b]))
            if not isinstance(logits, list):
                shifted = shifted.reshape(-1)
                logits = logits.reshape(-1, logits.size(-1))
            loss = loss_fn(logits, shifted)
            del logits
            num_tokens = (labels != -100).sum()
            loss = loss * num_tokens
            tr.mark("before_backward", segment="backward")
            loss.backward()
            del loss
            tr.mark("after_backward", segment="optimizer")
            if optimizer is not None:
                training.scale_grads(model, 1 / num_tokens)
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
            tr.mark("after_optimizer", segment="end")

        step1, step2 = C.run_two_steps(mt, one_step)
        opts = [optimizer] if optimizer else list(optim_dict.values())
        opt_state_bytes = sum(
            v.untyped_storage().nbytes() for o in opts for st in o.state.values() for v in st.values()
            if isinstance(v, torch.Tensor)
        )  # fmt: skip
        n_params = sum(p.numel() for p in model.parameters())
        n_trainable = sum(p.numel() for p in trainable)
        param_dtypes = sorted({str(p.dtype) for p in model.parameters()})
    spec.update(
        name=c["model"],
        head_dim=spec["hidden"] // spec["heads"],
        vocab=VOCAB,
        params=n_params,
        trainable_params=n_trainable,
        param_dtypes=param_dtypes,
    )
    derived = _derived(step2, opt_state_bytes)
    notes += [
        "pure bf16 (training.set_default_dtype(bf16)): params, grads, AdamW states bf16",
        "zero_grad(set_to_none=True) after optimizer.step(): no gradients alive in the forward",
        "loss: "
        + (
            "CEWithChunkedOutputLoss(8 chunks): model returns 8 logit chunks, each .float() then "
            "cross_entropy(reduction=sum)"
            if c["chunked_loss"]
            else "torch.nn.CrossEntropyLoss on bf16 logits (no fp32 upcast)"
        ),
        "del logits before backward; labels shifted with an ignore-index column (recipe _loss_step)",
    ]
    if c["ac"]:
        notes.append("AC: training.set_activation_checkpointing(TransformerSelfAttentionLayer) = full AC per layer")
    if c.get("optimizer_in_bwd"):
        notes.append("optimizer_in_bwd: one AdamW per param, step+zero_grad in post-accumulate-grad hooks")
    if c["model"] == "llama3_2_1b" and method == "full":
        notes.append("the 1B full single-device config uses bitsandbytes PagedAdamW8bit; torch AdamW used here")
    workload = {
        "method": method,
        "seq_len": s,
        "micro_batch": b,
        "precision": "bf16-true",
        "optimizer": "adamw",
        "optimizer_impl": impl,
        "optimizer_in_backward": bool(c.get("optimizer_in_bwd")),
        "recompute": "full" if c["ac"] else "none",
        "recompute_every": 1 if c["ac"] else None,
        "chunked_loss": bool(c["chunked_loss"]),
        "lora_rank": c.get("lora_rank") if method != "full" else None,
        "lora_targets": list(c["lora_targets"]) if method != "full" else None,
    }
    parallel = {"world_size": 1, "fsdp_shard": 1, "tp": 1, "pp": 1, "reshard_after_forward": None}
    return C.build_record(
        rid=c["id"],
        framework="torchtune",
        vers=C.versions("torchtune", "torchao"),
        model=spec,
        workload=workload,
        parallel=parallel,
        step2=step2,
        step1=step1,
        derived=derived,
        notes=notes,
        t_start=t_start,
    )


def _derived(st: dict[str, Any], opt_state_bytes: int) -> dict[str, Any]:
    marks, seg = st["marks"], st["segment_max"]
    d: dict[str, Any] = {"optimizer_state_bytes": opt_state_bytes}
    bb, hs, ab = marks.get("before_backward"), marks.get("head_start"), marks.get("after_backward")
    if bb is not None:
        d["act_saved_for_backward"] = C.cat_of(bb, "act")
        d["total_before_backward"] = C.total_of(bb)
        if "backward" in seg:
            d["backward_peak_delta"] = seg["backward"] - C.total_of(bb)
    if hs is not None and "head_loss" in seg:
        d["head_loss_fw_peak_delta"] = seg["head_loss"] - C.total_of(hs)
        if bb is not None:
            d["head_loss_retained_for_bw"] = C.total_of(bb) - C.total_of(hs)
    if ab is not None:
        d["grad_after_backward"] = C.cat_of(ab, "grad")
    return d


def grid() -> list[dict[str, Any]]:
    g: list[dict[str, Any]] = []
    attn4 = ["q", "k", "v", "o"]
    recipe_targets = ["q", "v", "o", "gate", "up", "down"]

    def add(**kw: Any) -> None:
        c = {
            "model": "llama3_2_1b",
            "method": "full",
            "seq_len": 2048,
            "micro_batch": 1,
            "ac": False,
            "chunked_loss": True,
            "lora_rank": 16,
            "lora_targets": attn4,
            **kw,
        }
        c["id"] = case_id(c)
        g.append(c)

    for m in MODELS:
        add(model=m)
        add(model=m, ac=True)
        add(model=m, method="lora", ac=True)
    add(seq_len=4096, ac=True)
    add(seq_len=8192, ac=True)
    add(micro_batch=4, ac=True)
    add(chunked_loss=False)
    add(chunked_loss=False, ac=True)
    add(optimizer_in_bwd=True)
    add(optimizer_in_bwd=True, ac=True)
    add(model="llama3_1_8b", optimizer_in_bwd=True, ac=True)
    add(method="lora")
    add(method="lora", lora_rank=64, lora_targets=recipe_targets)
    add(method="lora", seq_len=8192, ac=True)
    add(method="qlora")
    return g


def worker(c: dict[str, Any]) -> dict[str, Any]:
    try:
        return run_case(c)
    except Exception as e:  # recorded: what does not run is part of the truth
        return C.error_record(c, "torchtune", e)
