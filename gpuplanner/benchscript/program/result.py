"""The benchmark program, part 5: the result document calibrate reads (core/calibration.py: RESULT_SCHEMA)."""

from __future__ import annotations

import datetime
import json
import math
import os
import platform

from .common import CONFIG, RESULT_SCHEMA, RESULT_VERSION, torch
from .measure import driver_version

# bench-script: the writer copies from here


def expected_params(layers):
    e = CONFIG["expected"]
    return e["params_outside_layers"] + layers * e["params_per_layer"]


def _max(values):
    values = [v for v in values if v is not None]
    return max(values) if values else None


def make_result(
    args, device, world, layers, n_params, n_trainable, impl, bnb_version, times, ranks, smi_source, memory_method, loss
):
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
        "software": {
            "torch": torch.__version__,
            "cuda": torch.version.cuda,
            "hip": getattr(torch.version, "hip", None),
            "driver": driver_version(device),
            "python": platform.python_version(),
            "bitsandbytes": bnb_version,
            "optimizer_impl": impl,
        },
        "world_size": world,
        "model": {
            **{k: m[k] for k in CONFIG["model_fields"]},
            "layers": layers,
            "scenario_layers": m["layers"],
            "params": n_params,
            "expected_params": expected_params(layers),
            "trainable_params": n_trainable,
            "expected_trainable_params": expected_trainable,
        },
        "layout": {
            "tp": 1,
            "pp": 1,
            "cp": 1,
            "ep": 1,
            "dp": world,
            "zero": 0,
            "micro_batch": args.micro_batch,
            "grad_accum": args.accum,
            "recompute": w["recompute"],
        },
        "workload": {
            **{
                k: w[k]
                for k in (
                    "method",
                    "precision",
                    "optimizer",
                    "optimizer_impl",
                    "recompute",
                    "flash_attention",
                    "chunked_loss",
                    "optimizer_in_backward",
                    "activation_offload",
                    "dropout",
                    "lora_rank",
                    "lora_targets",
                )
            },
            "seq_len": args.seq_len,
            "micro_batch": args.micro_batch,
            "grad_accum": args.accum,
        },
        "memory": {
            "max_memory_allocated": _max(r["max_memory_allocated"] for r in ranks),
            "max_memory_reserved": _max(r["max_memory_reserved"] for r in ranks),
            "nvidia_smi_used": _max(r["nvidia_smi_used"] for r in ranks),
            "nvidia_smi_source": smi_source,
            "method": memory_method,
            "per_rank": [
                {k: r[k] for k in ("rank", "max_memory_allocated", "max_memory_reserved", "nvidia_smi_used")}
                for r in ranks
            ],
        },
        "timing": {
            "warmup_steps": args.warmup,
            "timed_steps": args.steps,
            "step_seconds": step,
            "step_seconds_all": times,
            "tokens_per_step": tokens_per_step,
            "tokens_per_second": tokens_per_step / step,
            "tokens_per_second_per_gpu": tokens_per_step / step / world,
        },
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
    gib = 2**30
    mem = r["memory"]

    def g(v):
        return "n/a" if v is None else f"{v / gib:.2f} GiB"

    return (
        f"bench: {r['device']['name']} x{r['world_size']}, {r['model']['layers']} layers, "
        f"{r['timing']['step_seconds']:.3f} s/step, {r['timing']['tokens_per_second']:,.0f} tokens/s; "
        f"peak allocated {g(mem['max_memory_allocated'])}, reserved {g(mem['max_memory_reserved'])}, "
        f"nvidia-smi {g(mem['nvidia_smi_used'])}"
    )
