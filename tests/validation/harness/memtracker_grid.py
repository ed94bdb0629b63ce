#!/usr/bin/env python3
"""Ground-truth memory harness: PyTorch MemTracker + FakeTensorMode on real HF models.

Runs a full training step (forward + HF causal-LM loss, backward, optimizer.step,
zero_grad) of a *full size* Hugging Face transformers model on the CPU under
``torch._subclasses.fake_tensor.FakeTensorMode`` (nothing is allocated, so an
8B model runs in seconds), while ``torch.distributed._tools.mem_tracker.MemTracker``
accounts every tensor storage by category (Parameter, Buffer, Gradient,
Optstate, Activation, Temp, Other).

The step is run twice; the *second* (steady-state) step is reported, the first
step's peak is kept under ``step1`` for reference (AdamW creates its states
lazily in the first ``step()``).

Usage (needs the separate venv, see README.md)::

    .venv-torch/bin/python tests/validation/harness/memtracker_grid.py \
        --out tests/validation/harness_results.json [--only llama-3.2-1b] [--jobs 2]

``run_case(record_inputs) -> dict`` runs one configuration in-process; see
``default_grid()`` for the shape of ``record_inputs``.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import contextlib
import json
import os
import platform
import sys
import time
import traceback
import warnings
import weakref
from copy import deepcopy
from typing import Any

# Keep the run deterministic and quiet; must be set before transformers import.
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import torch  # noqa: E402
from torch import nn  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
from torch.distributed._tools.mem_tracker import (  # noqa: E402
    _TOTAL_KEY,
    MemTracker,
    _MemRefType,
    _ModState,
)

# --------------------------------------------------------------------------
# Model catalogue (public architecture hyper-parameters, no weights needed)
# --------------------------------------------------------------------------

MODELS: dict[str, dict[str, Any]] = {
    "llama-3.2-1b": dict(
        arch="llama",
        layers=16,
        hidden=2048,
        heads=32,
        kv_heads=8,
        ffn_hidden=8192,
        vocab=128256,
        tied_embeddings=True,
        rope_theta=500000.0,
    ),
    "llama-3.2-3b": dict(
        arch="llama",
        layers=28,
        hidden=3072,
        heads=24,
        kv_heads=8,
        ffn_hidden=8192,
        vocab=128256,
        tied_embeddings=True,
        rope_theta=500000.0,
    ),
    "llama-3.1-8b": dict(
        arch="llama",
        layers=32,
        hidden=4096,
        heads=32,
        kv_heads=8,
        ffn_hidden=14336,
        vocab=128256,
        tied_embeddings=False,
        rope_theta=500000.0,
    ),
    "mistral-7b": dict(
        arch="mistral",
        layers=32,
        hidden=4096,
        heads=32,
        kv_heads=8,
        ffn_hidden=14336,
        vocab=32768,
        tied_embeddings=False,
        rope_theta=1000000.0,
    ),
    "qwen2.5-7b": dict(
        arch="qwen2",
        layers=28,
        hidden=3584,
        heads=28,
        kv_heads=4,
        ffn_hidden=18944,
        vocab=152064,
        tied_embeddings=False,
        rope_theta=1000000.0,
        qkv_bias=True,
    ),
    "mixtral-8x7b": dict(
        arch="mixtral",
        layers=32,
        hidden=4096,
        heads=32,
        kv_heads=8,
        ffn_hidden=14336,
        vocab=32000,
        tied_embeddings=False,
        rope_theta=1000000.0,
        experts=8,
        experts_active=2,
    ),
}

PRECISIONS = ("bf16-mixed", "bf16-true", "fp32")
CAT_KEYS = {
    "param": _MemRefType.PARAM,
    "buffer": _MemRefType.BUFFER,
    "grad": _MemRefType.GRAD,
    "optimizer": _MemRefType.OPT,
    "act": _MemRefType.ACT,
    "temp": _MemRefType.TEMP,
    "other": _MemRefType.OTH,
}
GiB = 1024**3


# --------------------------------------------------------------------------
# Model construction
# --------------------------------------------------------------------------


def _hf_config(spec: dict[str, Any], attn: str):
    import transformers as tf

    common = dict(
        num_hidden_layers=spec["layers"],
        hidden_size=spec["hidden"],
        num_attention_heads=spec["heads"],
        num_key_value_heads=spec["kv_heads"],
        intermediate_size=spec["ffn_hidden"],
        vocab_size=spec["vocab"],
        tie_word_embeddings=spec["tied_embeddings"],
        max_position_embeddings=32768,
        rms_norm_eps=1e-5,
        use_cache=False,
    )
    arch = spec["arch"]
    if arch == "llama":
        cfg = tf.LlamaConfig(**common)
    elif arch == "mistral":
        cfg = tf.MistralConfig(sliding_window=None, **common)
    elif arch == "qwen2":
        cfg = tf.Qwen2Config(use_sliding_window=False, **common)
    elif arch == "mixtral":
        cfg = tf.MixtralConfig(
            num_local_experts=spec["experts"],
            num_experts_per_tok=spec["experts_active"],
            router_jitter_noise=0.0,
            output_router_logits=False,
            sliding_window=None,
            **common,
        )
    else:  # pragma: no cover - catalogue is closed
        raise ValueError(arch)
    # rope theta lives in rope_parameters in transformers v5, rope_theta before.
    rp = getattr(cfg, "rope_parameters", None)
    if isinstance(rp, dict):
        rp["rope_theta"] = spec["rope_theta"]
    else:
        cfg.rope_theta = spec["rope_theta"]
    return cfg


@contextlib.contextmanager
def real_mask_behaviour():
    """Make HF build the attention mask as it would for real (non-fake) tensors.

    transformers' ``find_packed_sequence_indices`` treats FakeTensors as "tracing"
    (``is_tracing`` returns True for fake tensors) and then assumes the batch may be
    packed: it returns a packed-sequence mask, which disables the ``is_causal`` skip,
    so a (b, 1, s, s) boolean mask is materialised, ``enable_gqa`` is turned off
    (``repeat_kv`` copies of K and V are made) and SDPA converts the mask per layer to
    a float mask that is saved for backward. With real unpacked inputs (our case:
    position_ids = arange) the function returns None. We force that result.
    """
    import transformers.masking_utils as mu

    orig = getattr(mu, "find_packed_sequence_indices", None)
    if orig is None:  # pragma: no cover - older/newer transformers
        yield
        return
    mu.find_packed_sequence_indices = lambda position_ids: None
    try:
        yield
    finally:
        mu.find_packed_sequence_indices = orig


class LoRALinear(nn.Module):
    """Minimal LoRA wrapper (what peft does for r, alpha, dropout=0).

    y = base(x) + (x @ A^T @ B^T) * alpha / r, base frozen, A: r x in, B: out x r.
    """

    def __init__(self, base: nn.Linear, rank: int, alpha: float):
        super().__init__()
        self.base = base
        self.rank = rank
        self.scaling = alpha / rank
        dtype = base.weight.dtype
        self.lora_A = nn.Linear(base.in_features, rank, bias=False, dtype=dtype)
        self.lora_B = nn.Linear(rank, base.out_features, bias=False, dtype=dtype)
        nn.init.zeros_(self.lora_B.weight)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.base(x) + self.lora_B(self.lora_A(x)) * self.scaling


def _apply_lora(model: nn.Module, rank: int, targets: list[str]) -> int:
    for p in model.parameters():
        p.requires_grad_(False)
    n = 0
    for _, mod in list(model.named_modules()):
        for child_name, child in list(mod.named_children()):
            if child_name in targets and isinstance(child, nn.Linear):
                setattr(mod, child_name, LoRALinear(child, rank, alpha=2.0 * rank))
                n += 1
    return n


def _storage_bytes(t: torch.Tensor) -> int:
    return t.untyped_storage().nbytes()


def _unique_param_bytes(params) -> int:
    seen, total = set(), 0
    for p in params:
        st = p.untyped_storage()
        key = id(st) if not hasattr(st, "_cdata") else st._cdata
        if key in seen:
            continue
        seen.add(key)
        total += st.nbytes()
    return total


# --------------------------------------------------------------------------
# Instrumented tracker
# --------------------------------------------------------------------------


class InstrumentedMemTracker(MemTracker):
    """MemTracker that additionally records

    * ``cat_max``: each category's own maximum (``get_tracker_snapshot("peak")``
      is the breakdown *at the instant of the global peak*, not per-category maxima);
    * an independent record of the global-peak breakdown + phase + active modules;
    * a compact per-op timeline (total and categories) with phase/module markers;
    * bytes of dtype casts of parameters (autocast weight copies) per module.
    """

    def __init__(self, fast: bool = True) -> None:
        super().__init__()
        self.fast = fast
        self._idx: dict[str, list] = {}
        self._idx_len = -1
        self.cat_max: dict[str, int] = {}
        self.my_peak_total = -1
        self.my_peak: dict[str, Any] = {}
        self.timeline: list[tuple] = []
        self.recording = False
        self.cast_bytes_by_module: dict[str, int] = {}
        self._cast_refs: list[tuple] = []
        self.retained_cast_bytes: dict[str, int] = {}

    def reset_step_stats(self) -> None:
        self.cat_max = {}
        self.my_peak_total = -1
        self.my_peak = {}
        self.timeline = []
        self.cast_bytes_by_module = {}
        self._cast_refs = []
        self.retained_cast_bytes = {}
        self._idx_len = -1

    # every storage add / delete / re-categorisation goes through here
    def _update_snap(self, u_type, winfo, old_mem_consumed=None, old_reftype=None):
        super()._update_snap(u_type, winfo, old_mem_consumed, old_reftype)
        snap = self._curr_mem_snap.get(winfo.device)
        if snap is None:
            return
        cm = self.cat_max
        for k, v in snap.items():
            key = k.value if hasattr(k, "value") else k
            if v > cm.get(key, 0):
                cm[key] = v

    def _track_module_params_and_buffers(self, module, install_grad_hooks=True):
        # MemTracker registers gradient hooks on *every* parameter, which raises
        # "cannot register a hook on a tensor that doesn't require gradient" for frozen
        # (LoRA base) weights. Track frozen parameters without hooks.
        frozen = [p for p in module.parameters() if not p.requires_grad]
        if not install_grad_hooks or not frozen:
            return super()._track_module_params_and_buffers(module, install_grad_hooks)
        param_mem = 0
        for param in frozen:
            winfos = self._update_and_maybe_create_winfos(param, _MemRefType.PARAM)
            param_mem += sum(w.mem_consumed for w in winfos)
        saved = {}
        try:
            for param in frozen:
                # make the parent skip them: pretend a hook is installed already
                saved[param] = self._param_to_grad_hook_handles.get(param, None)
                self._param_to_grad_hook_handles[param] = ()
            # parent counts frozen params again in its total; we only use its side effects
            p_mem, b_mem = super()._track_module_params_and_buffers(module, install_grad_hooks)
        finally:
            for param, h in saved.items():
                if h is None:
                    self._param_to_grad_hook_handles.pop(param, None)
                else:
                    self._param_to_grad_hook_handles[param] = h
        return p_mem, b_mem

    def _phase(self) -> str:
        if self._in_opt:
            return "optimizer"
        if self._mod_tracker.is_bw:
            return "backward"
        return "forward"

    def _fast_update_peak_stats(self, peak_state) -> None:
        # Same semantics as MemTracker._update_peak_stats, but it looks up only the
        # active modules (by fqn) instead of scanning every tracked module per op
        # (O(ops x modules): ~60% of the runtime otherwise).
        if len(self.memory_tracking) != self._idx_len:
            idx: dict[str, list] = {}
            for ms in self.memory_tracking.values():
                idx.setdefault(ms.mod_fqn, []).append(ms)
            self._idx = idx
            self._idx_len = len(self.memory_tracking)
        curr_snap = self._curr_mem_snap
        for fqn in self._mod_tracker.parents:
            for mod_stats in self._idx.get(fqn, ()):
                if mod_stats.mod_fqn != fqn or peak_state not in mod_stats.snapshots:
                    continue
                for dev, dev_snap in curr_snap.items():
                    if mod_stats.local_peak.get(dev, 0) < dev_snap[_TOTAL_KEY]:
                        mod_stats.local_peak[dev] = dev_snap[_TOTAL_KEY]
                        mod_stats.snapshots[peak_state][-1][dev] = deepcopy(dev_snap)
        for dev, dev_snap in curr_snap.items():
            if self._peak_mem.get(dev, 0) < dev_snap[_TOTAL_KEY]:
                self._peak_mem[dev] = dev_snap[_TOTAL_KEY]
                self._peak_mem_snap[dev] = deepcopy(dev_snap)

    # called by MemTracker after every dispatched op (outputs allocated, inputs alive)
    def _update_peak_stats(self, peak_state) -> None:
        if self.fast:
            self._fast_update_peak_stats(peak_state)
        else:
            super()._update_peak_stats(peak_state)
        if not self.recording:
            return
        snap = None
        for _dev, s in self._curr_mem_snap.items():
            snap = s
        if snap is None:
            return
        total = snap[_TOTAL_KEY]
        phase = self._phase()
        parents = self._mod_tracker.parents
        in_head = any(p.endswith("lm_head") for p in parents)
        layer = -1
        for p in parents:
            i = p.find(".layers.")
            if i >= 0:
                rest = p[i + 8 :].split(".", 1)[0]
                if rest.isdigit():
                    layer = int(rest)
                    break
        self.timeline.append(
            (
                total,
                snap[_MemRefType.ACT],
                snap[_MemRefType.TEMP],
                snap[_MemRefType.GRAD],
                snap[_MemRefType.OPT],
                phase,
                in_head,
                layer,
                self._in_ac,
            )
        )
        if total > self.my_peak_total:
            self.my_peak_total = total
            self.my_peak = {
                "snap": {(k.value if hasattr(k, "value") else k): v for k, v in snap.items()},
                "phase": phase,
                "parents": sorted(parents),
                "in_ac_recompute": bool(self._in_ac),
                "op_index": len(self.timeline) - 1,
            }

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        res = super().__torch_dispatch__(func, types, args, kwargs)
        # Autocast weight copies: a _to_copy whose input storage is a tracked Parameter.
        if (
            self.recording
            and func is torch.ops.aten._to_copy.default
            and args
            and not self._mod_tracker.is_bw  # forward casts only (not AC recomputation)
        ):
            src = args[0]
            if isinstance(src, torch.Tensor):
                try:
                    winfo, _ = self._WINFO.get(src.untyped_storage(), (None, None))
                except Exception:  # pragma: no cover
                    winfo = None
                if winfo is not None and winfo.reftype == _MemRefType.PARAM:
                    nb = res.untyped_storage().nbytes() if isinstance(res, torch.Tensor) else 0
                    parents = tuple(self._mod_tracker.parents)
                    for p in parents:
                        self.cast_bytes_by_module[p] = self.cast_bytes_by_module.get(p, 0) + nb
                    if isinstance(res, torch.Tensor):
                        self._cast_refs.append((weakref.ref(res.untyped_storage()), nb, parents))
        return res

    def alive_cast_bytes(self, fqn: str) -> int:
        """Bytes of parameter casts made inside module ``fqn`` that are still alive."""
        seen, total = set(), 0
        for ref, nb, parents in self._cast_refs:
            st = ref()
            if st is None or fqn not in parents or id(st) in seen:
                continue
            seen.add(id(st))
            total += nb
        return total

    def probe_hook(self, module, _args, _out) -> None:
        """Forward hook: remember casts of this module still alive when its forward ends."""
        if not self.recording or self._mod_tracker.is_bw:
            return
        fqn = self._mod_tracker.get_known_fqn(module)
        if fqn is not None:
            self.retained_cast_bytes[fqn] = self.alive_cast_bytes(fqn)


def _snap_dict(snap_by_dev: dict) -> dict[str, int]:
    out: dict[str, int] = {}
    for _dev, s in snap_by_dev.items():
        for k, v in s.items():
            key = k.value if hasattr(k, "value") else k
            out[key] = out.get(key, 0) + v
    return out


def _cats(d: dict[str, int]) -> dict[str, int]:
    r = {"total": int(d.get(_TOTAL_KEY, d.get("Total", 0)))}
    for name, ref in CAT_KEYS.items():
        r[name] = int(d.get(ref.value, 0))
    return r


# --------------------------------------------------------------------------
# One case
# --------------------------------------------------------------------------

DEFAULTS = dict(
    method="full",
    seq_len=2048,
    micro_batch=1,
    precision="bf16-mixed",
    recompute="none",
    attn="sdpa",
    lora_rank=16,
    lora_targets=["q_proj", "k_proj", "v_proj", "o_proj"],
    optimizer_impl="foreach",
)


def case_id(inp: dict[str, Any]) -> str:
    i = {**DEFAULTS, **inp}
    parts = [
        i["model"]["name"] if isinstance(i["model"], dict) else i["model"],
        i["method"] + (f"-r{i['lora_rank']}" if i["method"] == "lora" else ""),
        i["precision"],
        f"s{i['seq_len']}",
        f"b{i['micro_batch']}",
        f"rc-{i['recompute']}",
        i["attn"],
    ]
    if i["optimizer_impl"] != "foreach":
        parts.append(f"opt-{i['optimizer_impl']}")
    return "/".join(parts)


def run_case(record_inputs: dict[str, Any]) -> dict[str, Any]:
    """Run one configuration and return a result record (see module docstring).

    ``record_inputs`` keys: model (name in MODELS, or a dict with the MODELS fields
    plus "name"), method ("full"|"lora"), seq_len, micro_batch, precision
    ("bf16-mixed"|"bf16-true"|"fp32"), recompute ("none"|"full"), attn
    ("sdpa"|"eager"), lora_rank, lora_targets, optimizer_impl
    ("foreach" = CUDA default | "for-loop" = CPU default | "fused"), optional id.
    """
    import transformers

    t_start = time.time()
    inp = {**DEFAULTS, **record_inputs}
    if isinstance(inp["model"], dict):
        spec = dict(inp["model"])
        name = spec.pop("name")
    else:
        name = inp["model"]
        spec = dict(MODELS[name])
    spec.setdefault("experts", 1)
    spec.setdefault("experts_active", 1)
    spec.setdefault("qkv_bias", False)
    method, s, b = inp["method"], int(inp["seq_len"]), int(inp["micro_batch"])
    precision, recompute, attn = inp["precision"], inp["recompute"], inp["attn"]
    if precision not in PRECISIONS:
        raise ValueError(precision)
    rid = inp.get("id") or case_id(inp)
    notes: list[str] = []

    param_dtype = torch.bfloat16 if precision == "bf16-true" else torch.float32
    cfg = _hf_config(spec, attn)

    old_default = torch.get_default_dtype()
    fake_mode = FakeTensorMode()
    torch.manual_seed(0)
    try:
        with fake_mode, real_mask_behaviour():
            torch.set_default_dtype(param_dtype)
            try:
                kw: dict[str, Any] = dict(attn_implementation=attn)
                if spec["arch"] == "mixtral":
                    kw["experts_implementation"] = "grouped_mm"
                model = transformers.AutoModelForCausalLM.from_config(cfg, **kw)
            finally:
                torch.set_default_dtype(old_default)
            n_params_base = sum(p.numel() for p in model.parameters())
            n_lora = 0
            if method == "lora":
                torch.set_default_dtype(param_dtype)
                try:
                    n_lora = _apply_lora(model, int(inp["lora_rank"]), list(inp["lora_targets"]))
                finally:
                    torch.set_default_dtype(old_default)
            elif method != "full":
                raise ValueError(method)
            model.train()
            if recompute == "full":
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", FutureWarning)
                    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
            elif recompute != "none":
                raise ValueError(recompute)
            params_all = list(model.parameters())
            trainable = [p for p in params_all if p.requires_grad]
            n_params = sum(p.numel() for p in params_all)
            n_trainable = sum(p.numel() for p in trainable)
            param_dtypes = sorted({str(p.dtype) for p in params_all})

            opt_kw: dict[str, Any] = dict(lr=1e-4, weight_decay=0.0)
            if inp["optimizer_impl"] == "foreach":
                opt_kw["foreach"] = True
            elif inp["optimizer_impl"] == "fused":
                opt_kw["fused"] = True
            elif inp["optimizer_impl"] == "for-loop":
                opt_kw["foreach"] = False
            else:
                raise ValueError(inp["optimizer_impl"])
            optimizer = torch.optim.AdamW(trainable, **opt_kw)
            input_ids = torch.randint(0, spec["vocab"], (b, s))

            mt = InstrumentedMemTracker(fast=bool(inp.get("fast_tracker", True)))
            probe_layer = model.model.layers[spec["layers"] // 2]
            probe_layer.register_forward_hook(mt.probe_hook)
            model.lm_head.register_forward_hook(mt.probe_hook)
            mt.track_external(model, optimizer, input_ids)

            autocast = (
                (lambda: torch.autocast("cpu", dtype=torch.bfloat16))
                if precision == "bf16-mixed"
                else contextlib.nullcontext
            )
            steps: list[dict[str, Any]] = []
            logits_dtype = None
            for step in range(2):
                if step:
                    # MemTracker refuses a second root forward without this; re-entering the
                    # context resets the peak to the current (steady-state) snapshot.
                    mt.reset_mod_stats()
                mt.reset_step_stats()
                mt.recording = True
                t_step = time.time()
                with mt:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        with autocast():
                            out = model(input_ids=input_ids, labels=input_ids)
                            loss = out.loss
                            logits_dtype = str(out.logits.dtype)
                            del out  # like HF Trainer: only the loss survives the forward
                            # still inside autocast: its weight-cast cache is alive
                            snap_fw_end = _snap_dict(mt.get_tracker_snapshot("current"))
                        fw_end_idx = len(mt.timeline)
                        snap_before_bw = _snap_dict(mt.get_tracker_snapshot("current"))
                        loss.backward()
                        del loss
                        bw_end_idx = len(mt.timeline)
                        snap_after_bw = _snap_dict(mt.get_tracker_snapshot("current"))
                        optimizer.step()
                        optimizer.zero_grad(set_to_none=True)
                    snap_end = _snap_dict(mt.get_tracker_snapshot("current"))
                mt.recording = False
                steps.append(
                    dict(
                        peak=_snap_dict(mt.get_tracker_snapshot("peak")),
                        my_peak=dict(mt.my_peak),
                        cat_max=dict(mt.cat_max),
                        timeline=mt.timeline,
                        fw_end_idx=fw_end_idx,
                        bw_end_idx=bw_end_idx,
                        before_bw=snap_before_bw,
                        fw_end=snap_fw_end,
                        after_bw=snap_after_bw,
                        end=snap_end,
                        cast_bytes=dict(mt.cast_bytes_by_module),
                        retained_casts=dict(mt.retained_cast_bytes),
                        memory_tracking={st.mod_fqn: st for st in mt.memory_tracking.values()},
                        seconds=time.time() - t_step,
                    )
                )
            opt_state_bytes = 0
            for st in optimizer.state.values():
                for v in st.values():
                    if isinstance(v, torch.Tensor):
                        opt_state_bytes += _storage_bytes(v)
            param_bytes = _unique_param_bytes(params_all)
            trainable_bytes = _unique_param_bytes(trainable)
    finally:
        torch.set_default_dtype(old_default)

    st2, st1 = steps[1], steps[0]
    peak_bytes = _cats(st2["peak"])
    my_peak = _cats(st2["my_peak"]["snap"])
    if my_peak != peak_bytes:
        notes.append("instrumented global-peak breakdown differs from MemTracker peak snapshot: " + json.dumps(my_peak))

    # ---------------- derived analysis ----------------
    L = spec["layers"]
    tl = st2["timeline"]
    fw_end, bw_end = st2["fw_end_idx"], st2["bw_end_idx"]
    derived: dict[str, Any] = {}
    derived["param_bytes"] = param_bytes
    derived["trainable_param_bytes"] = trainable_bytes
    derived["optimizer_state_bytes"] = opt_state_bytes
    if st2["my_peak"]["phase"] == "optimizer":
        derived["optimizer_transient_at_peak"] = peak_bytes["optimizer"] - opt_state_bytes
    # steady-state baseline (params + buffers + optimizer states [+ inputs])
    base_total = int(st2["end"].get(_TOTAL_KEY, 0))
    derived["steady_state_bytes"] = base_total
    derived["act_before_backward"] = int(st2["before_bw"].get(_MemRefType.ACT.value, 0))
    derived["total_before_backward"] = int(st2["before_bw"].get(_TOTAL_KEY, 0))
    derived["grad_after_backward"] = int(st2["after_bw"].get(_MemRefType.GRAD.value, 0))

    # per decoder layer: activation retained by one middle layer's forward
    mid = L // 2
    by_fqn_layer: dict[int, Any] = {}
    for fqn, ms in st2["memory_tracking"].items():
        i = fqn.rfind(".layers.")
        if i >= 0 and fqn[i + 8 :].isdigit():
            by_fqn_layer[int(fqn[i + 8 :])] = (fqn, ms)
    ACT = _MemRefType.ACT.value

    def _first(ms, state):
        return _snap_dict(ms.snapshots[state][0])

    if mid in by_fqn_layer and mid + 1 in by_fqn_layer:
        fqn, ms = by_fqn_layer[mid]
        pre = _first(ms, _ModState.PRE_FW)
        post = _first(ms, _ModState.POST_FW)
        pk = _first(ms, _ModState.PEAK_FW)
        pre_next = _first(by_fqn_layer[mid + 1][1], _ModState.PRE_FW)
        # What one layer adds to the activations that stay alive until backward: ACT growth
        # from the start of layer `mid` to the start of layer `mid+1`. (post_fw - pre_fw would
        # also count the layer's output, which is only the live hidden state and is freed
        # after the next layer unless that layer saves it: in bf16-true it does not.)
        act_layer = pre_next[ACT] - pre[ACT]
        # casts still alive when the layer's forward ends (saved for backward and/or held by
        # the autocast weight cache); transient casts (frozen LoRA base weights under
        # recompute) are not in the layer's retained ACT and are not subtracted.
        cast = st2["retained_casts"].get(fqn, 0)
        derived["layer_probe"] = fqn
        derived["per_layer_act_bytes"] = act_layer
        derived["per_layer_act_incl_live_output"] = post[ACT] - pre[ACT]
        derived["per_layer_param_cast_bytes_made"] = st2["cast_bytes"].get(fqn, 0)
        derived["per_layer_param_cast_bytes"] = cast
        derived["per_layer_act_bytes_excl_casts"] = act_layer - cast
        derived["per_layer_fw_peak_delta"] = pk[_TOTAL_KEY] - pre[_TOTAL_KEY]
        h = spec["hidden"]
        sbh = s * b * h
        derived["per_layer_act_per_sbh"] = round(act_layer / sbh, 4)
        derived["per_layer_act_excl_casts_per_sbh"] = round((act_layer - cast) / sbh, 4)
    if 0 in by_fqn_layer and (L - 1) in by_fqn_layer:
        derived["act_before_first_layer"] = _first(by_fqn_layer[0][1], _ModState.PRE_FW)[ACT]
        derived["act_after_last_layer"] = _first(by_fqn_layer[L - 1][1], _ModState.POST_FW)[ACT]
        derived["act_at_forward_end"] = int(st2["fw_end"].get(ACT, 0))
    # forward head + loss (lm_head, fp32 upcast, cross-entropy) and its backward
    first_head = next((i for i in range(fw_end) if tl[i][6]), None)
    if first_head is not None and first_head > 0:
        base = tl[first_head - 1][0]
        fw_head_peak = max(t[0] for t in tl[first_head:fw_end]) - base
        derived["head_fw_base_total"] = base
        derived["head_loss_fw_peak_delta"] = fw_head_peak
        derived["head_loss_retained_for_bw"] = int(st2["fw_end"].get(_TOTAL_KEY, 0)) - base
        last_head_bw = None
        for i in range(fw_end, bw_end):
            if tl[i][6]:
                last_head_bw = i
        if last_head_bw is not None:
            seg = tl[fw_end : last_head_bw + 1]
            derived["head_loss_bw_peak_delta"] = max(t[0] for t in seg) - derived["total_before_backward"]
            # same, without the lm_head/embedding weight-gradient allocation (GRAD category)
            g0 = int(st2["before_bw"].get(_MemRefType.GRAD.value, 0))
            derived["head_loss_bw_peak_delta_excl_grads"] = max(t[0] - t[3] for t in seg) - (
                derived["total_before_backward"] - g0
            )
        bsv = b * s * spec["vocab"]
        # autocast bf16 copy of the lm_head weight (bf16-mixed only): V*h*2 bytes, not per token
        head_cast = sum(v for k, v in st2["cast_bytes"].items() if k.endswith("lm_head"))
        derived["head_param_cast_bytes"] = head_cast
        derived["head_loss_fw_peak_per_bsV"] = round((fw_head_peak - head_cast) / bsv, 4)
        derived["head_loss_retained_per_bsV"] = round((derived["head_loss_retained_for_bw"] - head_cast) / bsv, 4)
        if "head_loss_bw_peak_delta" in derived:
            # (the lm_head cast is already part of total_before_backward)
            derived["head_loss_bw_peak_per_bsV"] = round(derived["head_loss_bw_peak_delta"] / bsv, 4)
            derived["head_loss_bw_peak_excl_grads_per_bsV"] = round(
                derived["head_loss_bw_peak_delta_excl_grads"] / bsv, 4
            )
    # peak split by phase
    for ph in ("forward", "backward", "optimizer"):
        vals = [t[0] for t in tl if t[5] == ph]
        if vals:
            derived[f"max_total_{ph}"] = max(vals)
    derived["param_cast_bytes_total"] = st2["cast_bytes"].get("Global", 0)

    elapsed = time.time() - t_start
    if precision == "bf16-mixed":
        notes.append(
            "CPU autocast(bfloat16): matmuls/linear run in bf16, params/grads/AdamW states fp32; "
            "autocast caches bf16 copies of trainable weights for the whole forward "
            f"(param_cast_bytes_total={derived['param_cast_bytes_total']})"
        )
    notes.append(f"logits dtype={logits_dtype}; HF ForCausalLMLoss upcasts logits with .float() before cross_entropy")
    notes.append(f"optimizer=torch.optim.AdamW({inp['optimizer_impl']}); peak step = 2nd step (steady state)")

    record = {
        "id": rid,
        "torch_version": torch.__version__,
        "transformers_version": transformers.__version__,
        "model": {
            "name": name,
            "layers": spec["layers"],
            "hidden": spec["hidden"],
            "heads": spec["heads"],
            "kv_heads": spec["kv_heads"],
            "head_dim": spec["hidden"] // spec["heads"],
            "ffn_hidden": spec["ffn_hidden"],
            "vocab": spec["vocab"],
            "tied_embeddings": spec["tied_embeddings"],
            "experts": spec["experts"],
            "experts_active": spec["experts_active"],
            "qkv_bias": spec["qkv_bias"],
            "params": n_params_base,
            "params_incl_adapters": n_params,
            "trainable_params": n_trainable,
            "param_dtypes": param_dtypes,
        },
        "workload": {
            "method": method,
            "seq_len": s,
            "micro_batch": b,
            "precision": precision,
            "optimizer": "adamw",
            "optimizer_impl": inp["optimizer_impl"],
            "recompute": recompute,
            "attn": attn,
            "lora_rank": int(inp["lora_rank"]) if method == "lora" else None,
            "lora_targets": list(inp["lora_targets"]) if method == "lora" else None,
            "lora_wrapped_modules": n_lora if method == "lora" else None,
        },
        "peak_bytes": peak_bytes,
        "category_max_bytes": _cats(st2["cat_max"]),
        "phase_of_peak": st2["my_peak"]["phase"],
        "peak_context": {
            "active_modules": st2["my_peak"]["parents"][-6:],
            "in_ac_recompute": st2["my_peak"]["in_ac_recompute"],
        },
        "step1": {
            "peak_bytes": _cats(st1["peak"]),
            "category_max_bytes": _cats(st1["cat_max"]),
            "phase_of_peak": st1["my_peak"]["phase"],
        },
        "derived": derived,
        "runtime_s": round(elapsed, 2),
        "notes": "; ".join(notes),
    }
    return record


def explain_layer(record_inputs: dict[str, Any], layer: int | None = None) -> list[dict[str, Any]]:
    """List the tensors one decoder layer's forward leaves alive (what autograd saved
    for backward, plus the layer output), by producing op, shape and dtype.

    Runs only the forward (+ loss) of the configuration under FakeTensorMode.
    """
    import weakref

    import transformers
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils._pytree import tree_flatten

    inp = {**DEFAULTS, **record_inputs}
    spec = dict(MODELS[inp["model"]]) if not isinstance(inp["model"], dict) else dict(inp["model"])
    spec.setdefault("experts", 1)
    precision = inp["precision"]
    param_dtype = torch.bfloat16 if precision == "bf16-true" else torch.float32
    cfg = _hf_config(spec, inp["attn"])

    class Probe(TorchDispatchMode):
        def __init__(self):
            super().__init__()
            self.active = False
            self.items: list[tuple] = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if self.active:
                for t in tree_flatten(out)[0]:
                    if isinstance(t, torch.Tensor):
                        st = t.untyped_storage()
                        self.items.append(
                            (
                                str(func.overloadpacket.__name__),
                                tuple(t.shape),
                                str(t.dtype).replace("torch.", ""),
                                st.nbytes(),
                                weakref.ref(st),
                            )
                        )
            return out

    old = torch.get_default_dtype()
    alive: list[dict[str, Any]] = []
    with FakeTensorMode(), real_mask_behaviour():
        torch.set_default_dtype(param_dtype)
        try:
            kw: dict[str, Any] = dict(attn_implementation=inp["attn"])
            if spec["arch"] == "mixtral":
                kw["experts_implementation"] = "grouped_mm"
            model = transformers.AutoModelForCausalLM.from_config(cfg, **kw)
            if inp["method"] == "lora":
                _apply_lora(model, int(inp["lora_rank"]), list(inp["lora_targets"]))
        finally:
            torch.set_default_dtype(old)
        model.train()
        if inp["recompute"] == "full":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", FutureWarning)
                model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        ids = torch.randint(0, spec["vocab"], (int(inp["micro_batch"]), int(inp["seq_len"])))
        probe = Probe()
        target = model.model.layers[spec["layers"] // 2 if layer is None else layer]

        def pre(_m, _a):
            probe.active = True

        # weight views (t, expand, ...) share the parameter's storage: not activations
        param_storages = [p.untyped_storage() for p in model.parameters()]
        param_storages += [bf.untyped_storage() for bf in model.buffers()]

        def post(_m, _a, _o):
            probe.active = False
            seen = {id(st) for st in param_storages}
            for name, shape, dtype, nb, ref in probe.items:
                st = ref()
                if st is None or id(st) in seen:
                    continue
                seen.add(id(st))
                alive.append({"op": name, "shape": list(shape), "dtype": dtype, "bytes": nb})

        h1 = target.register_forward_pre_hook(pre)
        h2 = target.register_forward_hook(post)
        ac = torch.autocast("cpu", dtype=torch.bfloat16) if precision == "bf16-mixed" else contextlib.nullcontext()
        with probe, ac, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = model(input_ids=ids, labels=ids)
        h1.remove()
        h2.remove()
        del out
    return alive


# --------------------------------------------------------------------------
# Grid
# --------------------------------------------------------------------------


def default_grid() -> list[dict[str, Any]]:
    g: list[dict[str, Any]] = []

    def add(**kw):
        g.append(kw)

    dense = ["llama-3.2-1b", "llama-3.2-3b", "llama-3.1-8b", "mistral-7b", "qwen2.5-7b"]
    for m in dense:
        # baseline: full fine-tune, bf16-mixed, sdpa, s2048 b1, no recompute
        add(model=m)
        add(model=m, seq_len=512)
        add(model=m, micro_batch=2)
        add(model=m, recompute="full")
        add(model=m, precision="bf16-true")
        add(model=m, precision="bf16-true", recompute="full")
        add(model=m, precision="fp32")
        add(model=m, method="lora")
        add(model=m, method="lora", precision="bf16-true")
        add(model=m, method="lora", precision="bf16-true", recompute="full")
    # fuller seq/batch sweep on the 1B
    for s in (512, 2048):
        for bb in (1, 2):
            for prec in PRECISIONS:
                for rc in ("none", "full"):
                    add(model="llama-3.2-1b", seq_len=s, micro_batch=bb, precision=prec, recompute=rc)
    # fp32 recompute, lora-mixed recompute, lora fp32 on the 8B
    add(model="llama-3.1-8b", precision="fp32", recompute="full")
    add(model="llama-3.1-8b", method="lora", precision="fp32")
    add(model="llama-3.1-8b", method="lora", recompute="full")
    # long sequence on the 3B
    add(model="llama-3.2-3b", seq_len=4096)
    add(model="llama-3.2-3b", seq_len=4096, precision="bf16-true")
    add(model="llama-3.2-3b", seq_len=4096, recompute="full")
    add(model="llama-3.2-3b", seq_len=4096, method="lora", precision="bf16-true")
    # eager attention: the s^2 term
    add(model="llama-3.2-1b", attn="eager", seq_len=512)
    add(model="llama-3.2-1b", attn="eager")
    add(model="llama-3.2-1b", attn="eager", precision="bf16-true")
    add(model="llama-3.2-3b", attn="eager", precision="bf16-true", seq_len=512)
    # optimizer implementations (CPU default for-loop, fused)
    add(model="llama-3.2-1b", optimizer_impl="for-loop")
    add(model="llama-3.2-1b", optimizer_impl="fused")
    add(model="llama-3.2-1b", precision="bf16-true", optimizer_impl="for-loop")
    # MoE
    add(model="mixtral-8x7b", precision="bf16-true", seq_len=512)
    add(model="mixtral-8x7b", precision="bf16-true")
    add(model="mixtral-8x7b", method="lora", precision="bf16-true", recompute="full")
    # dedupe by id, keep order
    seen, out = set(), []
    for kw in g:
        i = case_id(kw)
        if i in seen:
            continue
        seen.add(i)
        out.append({"id": i, **kw})
    return out


def _worker(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        return run_case(inp)
    except Exception as e:  # keep going; record the failure
        return {
            "id": inp.get("id") or case_id(inp),
            "error": f"{type(e).__name__}: {e}",
            "traceback": traceback.format_exc()[-4000:],
            "inputs": inp,
        }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="tests/validation/harness_results.json")
    ap.add_argument("--only", default=None, help="run only cases whose id contains this substring")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--list", action="store_true", help="print the case ids and exit")
    ap.add_argument(
        "--fresh-workers",
        action="store_true",
        help="one new worker process per case (isolation; costs ~4 s of imports per case)",
    )
    args = ap.parse_args(argv)

    cases = default_grid()
    if args.only:
        cases = [c for c in cases if args.only in c["id"]]
    if args.list:
        for c in cases:
            print(c["id"])
        return 0
    if not cases:
        print("no case matches", file=sys.stderr)
        return 2
    t0 = time.time()
    results: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    if args.jobs <= 1:
        it = (_worker(c) for c in cases)
        for r in it:
            by_id[r["id"]] = r
            _progress(r, len(by_id), len(cases), t0)
    else:
        ctx = __import__("multiprocessing").get_context("spawn")
        per_child = 1 if args.fresh_workers else None
        with cf.ProcessPoolExecutor(max_workers=args.jobs, mp_context=ctx, max_tasks_per_child=per_child) as ex:
            futs = {ex.submit(_worker, c): c for c in cases}
            for f in cf.as_completed(futs):
                try:
                    r = f.result()
                except Exception as e:  # worker died (e.g. OOM)
                    c = futs[f]
                    r = {"id": c["id"], "error": f"worker died: {e!r}", "inputs": c}
                by_id[r["id"]] = r
                _progress(r, len(by_id), len(cases), t0)
    results = [by_id[c["id"]] for c in cases]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as fh:
        json.dump(results, fh, indent=1)
        fh.write("\n")
    n_err = sum(1 for r in results if "error" in r)
    print(
        f"wrote {len(results)} records ({n_err} errors) to {args.out} in {time.time() - t0:.1f}s "
        f"[{platform.python_version()}, torch {torch.__version__}]"
    )
    return 1 if n_err else 0


def _progress(r: dict[str, Any], n: int, total: int, t0: float) -> None:
    if "error" in r:
        print(f"[{n}/{total}] {r['id']}: ERROR {r['error']}", flush=True)
        return
    pk = r["peak_bytes"]
    print(
        f"[{n}/{total}] {r['id']}: peak {pk['total'] / GiB:.2f} GiB ({r['phase_of_peak']}) "
        f"act {pk['act'] / GiB:.2f} temp {pk['temp'] / GiB:.2f} grad {pk['grad'] / GiB:.2f} "
        f"opt {pk['optimizer'] / GiB:.2f}  [{r['runtime_s']:.1f}s, t={time.time() - t0:.0f}s]",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
