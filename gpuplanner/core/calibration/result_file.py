"""Reading the benchmark result file: JSON with one clear error per problem (file, key, what is wrong)."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..files import read_user_file
from ..model import MODEL_FIELDS, ModelSpec
from .result_types import (
    RESULT_SCHEMA,
    RESULT_VERSION,
    BenchDevice,
    BenchLayout,
    BenchMemory,
    BenchResult,
    BenchSoftware,
    BenchTiming,
    BenchWorkload,
)


class _Reader:
    """Typed access to the result document with one clear error per problem (file, key, what is wrong)."""

    def __init__(self, doc: Mapping[str, Any], file: str | None) -> None:
        self.doc, self.file = doc, file

    def fail(self, key: str, message: str) -> InputError:
        return InputError(message, file=self.file, key=key)

    def raw(self, key: str, *, optional: bool = False) -> Any:
        node: Any = self.doc
        parts = key.split(".")
        for i, part in enumerate(parts):
            if not isinstance(node, Mapping):
                raise self.fail(".".join(parts[:i]), "must be an object")
            if part not in node:
                if optional:
                    return None
                raise self.fail(key, "missing")
            node = node[part]
        return node

    def _typed(self, key: str, ok: Any, what: str, optional: bool) -> Any:
        v = self.raw(key, optional=optional)
        if v is None:
            if optional:
                return None
            raise self.fail(key, f"must be {what}, got null")
        if not ok(v):
            raise self.fail(key, f"must be {what}{' or null' if optional else ''}, got {json.dumps(v)[:60]}")
        return v

    def integer(self, key: str, *, minimum: int = 0, optional: bool = False) -> int | None:
        def ok(v: Any) -> bool:
            return isinstance(v, int) and not isinstance(v, bool) and v >= minimum

        v = self._typed(key, ok, f"an integer ≥ {minimum}", optional)
        return None if v is None else int(v)

    def number(self, key: str, *, positive: bool = True, optional: bool = False) -> float | None:
        def ok(v: Any) -> bool:
            return (
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and (v > 0 or not positive)
            )

        v = self._typed(key, ok, "a positive number" if positive else "a number", optional)
        return None if v is None else float(v)

    def string(self, key: str, *, optional: bool = False, choices: Sequence[str] | None = None) -> str | None:
        what = "one of " + ", ".join(repr(c) for c in choices) if choices else "a non-empty string"
        return self._typed(
            key, lambda v: isinstance(v, str) and bool(v) and (not choices or v in choices), what, optional
        )

    def flag(self, key: str) -> bool:
        return bool(self._typed(key, lambda v: isinstance(v, bool), "true or false", False))


def parse_result(doc: Any, *, file: str | None = None) -> BenchResult:
    """Validate a result document (the parsed JSON) and build the BenchResult. InputError names file and key."""
    from ..scenario_io import MODEL_KEYS, WORKLOAD_KEYS

    if not isinstance(doc, Mapping):
        raise InputError("not a gpuplanner benchmark result (expected a JSON object)", file=file)
    r = _Reader(doc, file)
    schema = doc.get("schema")
    if schema != RESULT_SCHEMA:
        raise r.fail(
            "schema",
            f"not a gpuplanner benchmark result (expected schema {RESULT_SCHEMA!r}, got "
            f"{json.dumps(schema)[:60]}); write one with the script from "
            f"'gpuplanner bench-script'",
        )
    version = r.integer("schema_version", minimum=1)
    if version != RESULT_VERSION:
        raise r.fail(
            "schema_version",
            f"version {version} is not readable by this gpuplanner (it reads "
            f"{RESULT_VERSION}); regenerate the script with this gpuplanner",
        )
    world = r.integer("world_size", minimum=1)
    assert world is not None
    device = BenchDevice(
        type=str(r.string("device.type", choices=("cuda", "cpu"))),
        name=str(r.string("device.name")),
        total_memory=r.integer("device.total_memory", minimum=1, optional=True),
        count=int(r.integer("device.count", minimum=1) or 0),
    )
    if device.count != world:
        raise r.fail("device.count", f"must equal world_size ({world}), got {device.count}")
    software = BenchSoftware(
        torch=str(r.string("software.torch")),
        cuda=r.string("software.cuda", optional=True),
        hip=r.string("software.hip", optional=True),
        driver=r.string("software.driver", optional=True),
        python=r.string("software.python", optional=True),
        bitsandbytes=r.string("software.bitsandbytes", optional=True),
        optimizer_impl=r.string("software.optimizer_impl", optional=True),
    )

    model_doc = r.raw("model")
    if not isinstance(model_doc, Mapping):
        raise r.fail("model", "must be an object")
    fields_: dict[str, Any] = {}
    for key in MODEL_FIELDS:
        v = r.raw(f"model.{key}")
        problem = MODEL_KEYS[key].check(v) if key in MODEL_KEYS else None
        if key in ("head_dim", "expert_ffn_hidden") and problem is None and v == 0:
            problem = "must be a positive integer"
        if problem:
            raise r.fail(f"model.{key}", f"{problem}, got {json.dumps(v)[:60]}")
        fields_[key] = int(v) if isinstance(v, float) else v
    try:
        model = ModelSpec(name="benchmark model", **fields_)
    except (TypeError, ValueError) as err:
        raise r.fail("model", f"not a valid architecture ({err})") from None

    def wl(key: str) -> Any:
        v = r.raw(f"workload.{key}")
        problem = WORKLOAD_KEYS[key].check(v)
        if problem:
            raise r.fail(f"workload.{key}", f"{problem}, got {json.dumps(v)[:60]}")
        return v

    method = wl("method")
    if method not in ("pretrain", "full", "lora", "qlora"):
        raise r.fail("workload.method", f"must be a training method, got {json.dumps(method)}")
    lora = method in ("lora", "qlora")
    workload = BenchWorkload(
        method=method,
        precision=wl("precision"),
        optimizer=wl("optimizer"),
        recompute=wl("recompute"),
        optimizer_impl=str(r.string("workload.optimizer_impl", choices=("fused", "foreach"))),
        seq_len=int(wl("seq_len")),
        micro_batch=int(wl("micro_batch")),
        grad_accum=int(r.integer("workload.grad_accum", minimum=1) or 0),
        flash_attention=r.flag("workload.flash_attention"),
        chunked_loss=r.flag("workload.chunked_loss"),
        optimizer_in_backward=r.flag("workload.optimizer_in_backward"),
        activation_offload=r.flag("workload.activation_offload"),
        dropout=r.flag("workload.dropout"),
        lora_rank=int(wl("lora_rank")) if lora else None,
        lora_targets=tuple(wl("lora_targets")) if lora else None,
    )
    layout = BenchLayout(
        **{
            k: int(r.integer(f"layout.{k}", minimum=0 if k == "zero" else 1) or 0)
            for k in ("tp", "pp", "cp", "ep", "dp", "zero")
        }
    )
    if layout.tp * layout.pp * layout.cp * layout.dp != world:
        raise r.fail("layout", f"tp × pp × cp × dp must equal world_size ({world})")
    memory = BenchMemory(
        max_memory_allocated=r.integer("memory.max_memory_allocated", minimum=1, optional=True),
        max_memory_reserved=r.integer("memory.max_memory_reserved", minimum=1, optional=True),
        nvidia_smi_used=r.integer("memory.nvidia_smi_used", minimum=1, optional=True),
        nvidia_smi_source=r.string("memory.nvidia_smi_source", optional=True, choices=("process", "device")),
        method=r.string("memory.method", optional=True),
    )
    all_steps = r.raw("timing.step_seconds_all", optional=True) or []
    if not isinstance(all_steps, list) or not all(
        isinstance(x, (int, float)) and not isinstance(x, bool) for x in all_steps
    ):
        raise r.fail("timing.step_seconds_all", "must be a list of numbers")
    timing = BenchTiming(
        warmup_steps=int(r.integer("timing.warmup_steps", minimum=0) or 0),
        timed_steps=int(r.integer("timing.timed_steps", minimum=1) or 0),
        step_seconds=float(r.number("timing.step_seconds") or 0.0),
        tokens_per_step=int(r.integer("timing.tokens_per_step", minimum=1) or 0),
        tokens_per_second=float(r.number("timing.tokens_per_second") or 0.0),
        step_seconds_all=tuple(float(x) for x in all_steps),
    )
    expected_tokens = world * workload.micro_batch * workload.grad_accum * workload.seq_len
    if timing.tokens_per_step != expected_tokens:
        raise r.fail(
            "timing.tokens_per_step",
            f"must be world_size × micro_batch × grad_accum × seq_len = "
            f"{expected_tokens}, got {timing.tokens_per_step}",
        )
    if abs(timing.tokens_per_second * timing.step_seconds - timing.tokens_per_step) > 1e-6 * timing.tokens_per_step:
        raise r.fail("timing.tokens_per_second", "must equal tokens_per_step / step_seconds")
    return BenchResult(
        schema_version=version,
        scenario_hash=r.string("scenario_hash", optional=True),
        scenario_name=r.string("scenario_name", optional=True),
        planned_gpu=r.string("planned_gpu", optional=True),
        device=device,
        software=software,
        world_size=world,
        model=model,
        scenario_layers=r.integer("model.scenario_layers", minimum=1, optional=True),
        params=r.integer("model.params", minimum=1, optional=True),
        expected_params=r.integer("model.expected_params", minimum=1, optional=True),
        trainable_params=r.integer("model.trainable_params", minimum=0, optional=True),
        layout=layout,
        workload=workload,
        memory=memory,
        timing=timing,
        loss=r.number("loss", positive=False, optional=True),
        created=r.string("created", optional=True),
        generator=r.string("generator", optional=True),
        file=file,
        document=dict(doc),
    )


def read_result(path: str | os.PathLike[str]) -> BenchResult:
    """Load a benchmark result. FileAccessError when it cannot be read; InputError for bad content."""
    p = Path(path)
    data = read_user_file(p, "benchmark result")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text; expected the JSON the benchmark script writes", file=str(p)) from None
    if not text.strip():
        raise InputError("empty file; the benchmark did not finish writing its result", file=str(p))
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as err:
        raise InputError(f"not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})", file=str(p)) from None
    except ValueError as err:
        raise InputError(f"not valid JSON ({err})", file=str(p)) from None
    return parse_result(doc, file=str(p))


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
