"""axolotl YAML → scenario with the `hf` profile (axolotl trains Hugging Face modules with the HF Trainer).

Keys and defaults are axolotl's (axolotl/utils/schemas/config.py): `micro_batch_size` 1,
`gradient_accumulation_steps` 1, `sequence_len` 512, `optimizer` "adamw_torch_fused", `adapter` none (full
fine-tune), `lora_target_linear` false. axolotl has hundreds of keys that change neither memory nor time
(datasets, prompts, logging); the ones not read here are listed as one assumption instead of refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .common import Draft, as_bool, as_int, load_json, load_yaml, read_text
from .deepspeed import apply_deepspeed
from .hf import HF_MODULES, _model_from_name, _optim, hf_targets

READ = frozenset(
    """base_model adapter lora_r lora_alpha lora_target_modules lora_target_linear sequence_len micro_batch_size
    gradient_accumulation_steps max_steps optimizer bf16 fp16 gradient_checkpointing deepspeed fsdp
    fsdp_config torch_compile load_in_4bit load_in_8bit activation_offloading""".split()
)


def import_axolotl(d: Draft, text: str) -> None:
    cfg = load_yaml(text, file=d.file)
    if not isinstance(cfg, dict):
        raise d.fail("file", "must be a YAML mapping of axolotl keys")
    w = d.workload
    w["framework"] = "hf"
    adapter = cfg.get("adapter")
    if adapter not in (None, "lora", "qlora"):
        raise d.fail("adapter", f"must be lora or qlora (or absent for a full fine-tune), got {adapter!r}")
    w["method"] = "qlora" if adapter == "qlora" or (adapter and cfg.get("load_in_4bit")) else adapter or "full"
    if adapter:
        w["lora_rank"] = as_int(d, "lora_r", cfg.get("lora_r", 8))
        d.lora_alpha = float(cfg.get("lora_alpha", 16))
        if cfg.get("lora_target_linear"):
            w["lora_targets"] = list(HF_MODULES.values())
        elif cfg.get("lora_target_modules"):
            w["lora_targets"] = hf_targets(d, cfg["lora_target_modules"], "lora_target_modules")
    w["seq_len"] = as_int(d, "sequence_len", cfg.get("sequence_len", 512))
    w["micro_batch"] = as_int(d, "micro_batch_size", cfg.get("micro_batch_size", 1))
    d.grad_accum = as_int(d, "gradient_accumulation_steps", cfg.get("gradient_accumulation_steps", 1))
    if isinstance(cfg.get("max_steps"), int) and cfg["max_steps"] > 0:
        d.steps = cfg["max_steps"]
    _optim(d, str(cfg.get("optimizer", "adamw_torch_fused")))
    bf16 = cfg.get("bf16") in (True, "auto", "true")
    fp16 = as_bool(d, "fp16", cfg.get("fp16", False) or False)
    if bf16 and fp16:
        raise d.fail("fp16", "and bf16 are both on")
    w["precision"] = "bf16-mixed" if bf16 else "fp16-mixed" if fp16 else "fp32"
    w["recompute"] = "full" if cfg.get("gradient_checkpointing") else "none"
    w["compile"] = as_bool(d, "torch_compile", cfg.get("torch_compile", False) or False)
    if cfg.get("activation_offloading"):
        w["activation_offload"] = True
    d.parallel.update(tp=1, pp=1, cp=1, zero=0)
    fsdp = cfg.get("fsdp") or []
    options = fsdp.split() if isinstance(fsdp, str) else list(fsdp)
    if "full_shard" in options:
        d.parallel["zero"] = 3
    elif "shard_grad_op" in options:
        d.parallel["zero"] = 2
    if "offload" in options or (cfg.get("fsdp_config") or {}).get("fsdp_offload_params"):
        w["offload"] = "full"
    if cfg.get("deepspeed"):
        path = Path(d.file).parent / str(cfg["deepspeed"])
        if path.is_file():
            hf: dict[str, Any] = {"per_device_train_batch_size": w["micro_batch"],
                                  "gradient_accumulation_steps": d.grad_accum, "bf16": bf16, "fp16": fp16}  # fmt: skip
            apply_deepspeed(
                d, load_json(read_text(path, "DeepSpeed config"), file=str(path)), hf=hf, prefix="deepspeed."
            )
            w["framework"] = "deepspeed"
        else:
            d.assume(f"deepspeed {cfg['deepspeed']} not found beside the file: ZeRO stage 0 assumed")
    _model_from_name(d, cfg.get("base_model"), "base_model")
    unread = sorted(k for k in cfg if k not in READ)
    if unread:
        d.assume("axolotl keys not read (no effect on memory or time): " + ", ".join(unread))
    d.name = f"axolotl {w['method']}"
