"""Hugging Face transformers + peft runner: real ``LlamaForCausalLM``, peft ``get_peft_model`` LoRA, Trainer's step.

One step follows transformers/trainer.py (5.24) ``training_step`` and the inner loop: forward with
``labels`` (``ForCausalLMLoss``: ``logits.float()`` then cross-entropy), ``loss.backward()`` (accelerate),
``clip_grad_norm_(max_grad_norm=1.0)``, ``optimizer.step()`` (default ``adamw_torch_fused``),
``model.zero_grad()`` (``set_to_none=True``). ``bf16=True`` is accelerate's ``torch.autocast(bf16)`` over
fp32 parameters (here CPU autocast); ``bf16-true`` loads the weights in bf16 without autocast.
peft cannot ``.to()`` fake tensors: the model is built on ``meta``, ``to_empty`` under fake mode, weights re-tied.
"""

from __future__ import annotations

import contextlib
import time
import warnings
from typing import Any

import common as C
import torch

PEFT_TARGETS = {"q": "q_proj", "k": "k_proj", "v": "v_proj", "o": "o_proj", "gate": "gate_proj", "up": "up_proj",
                "down": "down_proj"}  # fmt: skip
MODEL_NAMES = {"llama-3.2-1b": "llama-3.2-1b", "llama-3.2-3b": "llama-3.2-3b", "llama-3.1-8b": "llama-3.1-8b"}


def case_id(c: dict[str, Any]) -> str:
    parts = ["hf", c["model"], c["method"] + (f"-r{c['lora_rank']}" if c["method"] == "lora" else "")]
    parts += [c["precision"], f"s{c['seq_len']}", f"b{c['micro_batch']}", "gc" if c["gc"] else "nogc"]
    if c["method"] == "lora" and c.get("lora_dropout", 0.0):
        parts.append(f"drop{c['lora_dropout']}")
    if c["method"] == "lora" and c["lora_targets"] != ["q", "k", "v", "o"]:
        parts.append("t-" + "".join(t[0] for t in c["lora_targets"]))
    return "/".join(parts)


def _disable_peft_torchao_check() -> None:
    # torchtune 0.6.1 needs torchao <= 0.15 (int4_weight_only); peft 0.21 raises ImportError for torchao < 0.16
    # while dispatching every LoRA layer. No torchao-quantized layer is used here: tell peft torchao is absent.
    import peft.import_utils as iu
    import peft.tuners.lora.torchao as lt
    import peft.utils.quantization_utils as qu

    for mod in (iu, lt, qu):
        mod.is_torchao_available = lambda: False


def run_case(c: dict[str, Any]) -> dict[str, Any]:
    import memtracker_grid as g
    import transformers
    from torch._subclasses.fake_tensor import FakeTensorMode

    t_start = time.time()
    notes: list[str] = []
    s, b, method, precision = c["seq_len"], c["micro_batch"], c["method"], c["precision"]
    spec = dict(g.MODELS[c["model"]])
    cfg = g._hf_config(spec, "sdpa")
    param_dtype = torch.bfloat16 if precision == "bf16-true" else torch.float32
    with torch.device("meta"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = transformers.AutoModelForCausalLM.from_config(cfg, attn_implementation="sdpa", dtype=param_dtype)
    n_base = sum(p.numel() for p in model.parameters())
    if method == "lora":
        _disable_peft_torchao_check()
        from peft import LoraConfig, get_peft_model

        lcfg = LoraConfig(
            r=c["lora_rank"],
            lora_alpha=2 * c["lora_rank"],
            lora_dropout=c.get("lora_dropout", 0.0),
            target_modules=[PEFT_TARGETS[t] for t in c["lora_targets"]],
            bias="none",
            task_type="CAUSAL_LM",
        )
        model = get_peft_model(model, lcfg)
    fake_mode = FakeTensorMode(allow_non_fake_inputs=True)
    with fake_mode, g.real_mask_behaviour(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.to_empty(device="cpu")
        model.get_base_model().tie_weights() if method == "lora" else model.tie_weights()
        if c["gc"]:
            # Trainer: gradient_checkpointing=True -> gradient_checkpointing_enable(kwargs or None);
            # transformers 5.x defaults to use_reentrant=False
            model.gradient_checkpointing_enable()
            if method == "lora":
                model.enable_input_require_grads()
        model.train()
        trainable = [p for p in model.parameters() if p.requires_grad]
        optimizer = torch.optim.AdamW(trainable, lr=5e-5, weight_decay=0.0, fused=True)
        tokens = torch.randint(0, spec["vocab"], (b, s))
        mt = C.make_plain_tracker()
        mt.track_external(model, optimizer, tokens)
        base = model.get_base_model() if method == "lora" else model
        base.model.norm.register_forward_hook(lambda *_: mt.mark("head_start", segment="head_loss"))
        autocast = (
            (lambda: torch.autocast("cpu", dtype=torch.bfloat16))
            if precision == "bf16-mixed"
            else contextlib.nullcontext
        )

        def one_step(tr: Any) -> None:
            tr.mark("step_start", segment="forward")
            with autocast():
                out = model(input_ids=tokens, labels=tokens)
            loss = out.loss
            del out
            tr.mark("before_backward", segment="backward")
            loss.backward()
            del loss
            tr.mark("after_backward", segment="clip")
            torch.nn.utils.clip_grad_norm_(trainable, 1.0)
            tr.mark("before_optimizer", segment="optimizer")
            optimizer.step()
            model.zero_grad()
            tr.mark("after_optimizer", segment="end")

        step1, step2 = C.run_two_steps(mt, one_step)
        opt_state_bytes = sum(
            v.untyped_storage().nbytes() for st in optimizer.state.values() for v in st.values()
            if isinstance(v, torch.Tensor)
        )  # fmt: skip
        n_trainable = sum(p.numel() for p in trainable)
    model_rec = {
        "name": c["model"],
        "layers": spec["layers"],
        "hidden": spec["hidden"],
        "heads": spec["heads"],
        "kv_heads": spec["kv_heads"],
        "head_dim": spec["hidden"] // spec["heads"],
        "ffn_hidden": spec["ffn_hidden"],
        "vocab": spec["vocab"],
        "tied_embeddings": spec["tied_embeddings"],
        "params": n_base,
        "trainable_params": n_trainable,
    }
    derived = _derived(step2, opt_state_bytes)
    notes += [
        "Trainer step: loss.backward(), clip_grad_norm_(1.0), AdamW(fused) step, model.zero_grad() "
        "(set_to_none=True): no gradients alive in the forward",
        "loss: ForCausalLMLoss upcasts logits with .float() before cross_entropy; outputs deleted before backward",
    ]
    if precision == "bf16-mixed":
        notes.append("bf16=True: CPU torch.autocast(bf16) over fp32 params/grads/AdamW states (weight-cast cache)")
    else:
        notes.append("bf16 weights, no autocast: params, grads, AdamW states bf16")
    if c["gc"]:
        notes.append("gradient_checkpointing_enable(): non-reentrant checkpoint per decoder layer")
    if method == "lora":
        notes.append(f"peft LoraConfig(r={c['lora_rank']}, alpha=2r, dropout={c.get('lora_dropout', 0.0)})")
    workload = {
        "method": method,
        "seq_len": s,
        "micro_batch": b,
        "precision": precision,
        "optimizer": "adamw",
        "optimizer_impl": "fused",
        "optimizer_in_backward": False,
        "recompute": "full" if c["gc"] else "none",
        "recompute_every": 1 if c["gc"] else None,
        "chunked_loss": False,
        "lora_rank": c["lora_rank"] if method == "lora" else None,
        "lora_targets": list(c["lora_targets"]) if method == "lora" else None,
        "lora_dropout": c.get("lora_dropout", 0.0) if method == "lora" else None,
    }
    parallel = {"world_size": 1, "fsdp_shard": 1, "tp": 1, "pp": 1, "reshard_after_forward": None}
    return C.build_record(
        rid=c["id"],
        framework="hf",
        vers=C.versions("transformers", "peft"),
        model=model_rec,
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

    def add(**kw: Any) -> None:
        c = {
            "model": "llama-3.2-1b",
            "method": "lora",
            "precision": "bf16-mixed",
            "seq_len": 2048,
            "micro_batch": 1,
            "gc": False,
            "lora_rank": 16,
            "lora_targets": ["q", "k", "v", "o"],
            **kw,
        }
        c["id"] = case_id(c)
        g.append(c)

    for m in MODEL_NAMES:
        add(model=m)
        add(model=m, gc=True)
        add(model=m, precision="bf16-true", gc=True)
    add(seq_len=4096)
    add(seq_len=8192, gc=True)
    add(micro_batch=4, gc=True)
    add(precision="bf16-true")
    add(lora_dropout=0.05)
    add(lora_rank=64, lora_targets=["q", "k", "v", "o", "gate", "up", "down"])
    add(method="full", gc=True)
    add(method="full", precision="bf16-true", gc=True)
    return g


def worker(c: dict[str, Any]) -> dict[str, Any]:
    try:
        return run_case(c)
    except Exception as e:  # recorded: what does not run is part of the truth
        return C.error_record(c, "hf", e)
