"""Megatron-LM arguments (a text file of `--flags` or the shell script that launches `pretrain_gpt.py`) → scenario.

Flag names and defaults are Megatron-LM's `megatron/training/arguments.py` (core_r0.12): `--micro-batch-size`
required, `--global-batch-size` = micro × data-parallel ranks, `--tensor/pipeline-model-parallel-size` 1,
`--context-parallel-size` 1, `--recompute-granularity` off, `--recompute-num-layers` 1, no `--bf16`/`--fp16` =
fp32, `--use-distributed-optimizer` = ZeRO-1 (the optimizer states sharded over data-parallel ranks), `--swiglu`
off, untied embeddings only with `--untie-embeddings-and-output-weights`. Shell variables assigned in the script
(`TP=8`, `${TP:-8}`) are substituted; Megatron has hundreds of flags that change neither memory nor time, so
the ones not read are listed as one assumption.
"""

from __future__ import annotations

import re
import shlex
from typing import Any

from .common import Draft, as_int

_ASSIGN = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(\S+)\s*$", re.M)
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)")
SWITCHES = frozenset(
    """bf16 fp16 swiglu untie-embeddings-and-output-weights sequence-parallel use-distributed-optimizer
    group-query-attention use-flash-attn disable-bias-linear overlap-grad-reduce overlap-param-gather
    use-mcore-models no-masked-softmax-fusion add-qkv-bias moe-enable-deepep""".split()
)
# Megatron-LM `--fp8-recipe` values and the scenario's names for them (framework.FP8_RECIPES)
FP8_RECIPE_FLAGS = {"delayed": "te-delayed", "tensorwise": "te-current", "blockwise": "te-blockwise", "mxfp8": "mxfp8"}
READ = (
    frozenset(
        """num-layers hidden-size num-attention-heads num-query-groups ffn-hidden-size seq-length micro-batch-size
    global-batch-size tensor-model-parallel-size pipeline-model-parallel-size context-parallel-size
    expert-model-parallel-size num-layers-per-virtual-pipeline-stage recompute-granularity recompute-method
    recompute-num-layers train-iters train-samples num-experts moe-router-topk vocab-size padded-vocab-size
    fp8-format fp8-recipe moe-token-dispatcher-type moe-flex-dispatcher-backend optimizer kv-channels normalization
    max-position-embeddings""".split()
    )
    | SWITCHES
)


def _read_dispatcher(d: Draft, f: dict[str, Any], w: dict[str, Any]) -> None:
    """`--moe-token-dispatcher-type` (Megatron-Core's default `allgather`; megatron/training/arguments.py): `flex`
    (DeepEP or HybridEP, `--moe-flex-dispatcher-backend`, or the older `--moe-enable-deepep`) is the token-based
    dispatcher, `alltoall` NCCL's; `allgather` has no model of its own and is estimated as `alltoall`."""
    kind = f.get("moe-token-dispatcher-type", "allgather")
    if kind not in ("allgather", "alltoall", "alltoall_seq", "flex"):
        raise d.fail("--moe-token-dispatcher-type", f"must be allgather, alltoall, alltoall_seq or flex, got {kind!r}")
    if kind == "flex" or f.get("moe-enable-deepep"):
        w["moe_dispatcher"] = "deepep"
    else:
        w["moe_dispatcher"] = "alltoall"
        if kind == "allgather":
            d.assume("--moe-token-dispatcher-type allgather (Megatron's default) estimated as alltoall")
        elif kind == "alltoall_seq":  # older Megatron-LM releases: the all-to-all over the sequence-parallel split
            d.assume("--moe-token-dispatcher-type alltoall_seq (older Megatron-LM) estimated as alltoall")


def parse_flags(d: Draft, text: str) -> dict[str, Any]:
    env = {m.group(1): m.group(2).strip("\"'") for m in _ASSIGN.finditer(text)}

    def sub(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(3)
        return env.get(name, m.group(2) if m.group(2) is not None else m.group(0))

    body = _VAR.sub(sub, _VAR.sub(sub, text)).replace("\\\n", " ")
    try:
        tokens = shlex.split(body, comments=True)
    except ValueError as err:
        raise d.fail("file", f"cannot split the arguments ({err})") from None
    flags: dict[str, Any] = {}
    for i, tok in enumerate(tokens):
        if not tok.startswith("--") or tok.startswith("--nproc") or tok.startswith("--nnodes"):
            continue
        name, _, value = tok[2:].partition("=")
        if not value and i + 1 < len(tokens) and not tokens[i + 1].startswith("--") and name not in SWITCHES:
            value = tokens[i + 1]
        flags[name] = value if value else True
    for launcher in ("nproc_per_node", "nproc-per-node", "nnodes"):
        m = re.search(rf"--{launcher}[= ](\d+)", body)
        if m:
            flags["@" + launcher.replace("-", "_")] = int(m.group(1))
    return flags


def import_megatron(d: Draft, text: str) -> None:
    f = parse_flags(d, text)

    def num(name: str, default: Any = None) -> Any:
        if name not in f:
            return default
        value = f[name]
        if isinstance(value, str) and value.startswith("$"):
            raise d.fail(f"--{name}", f"{value} is a shell variable the script does not assign")
        try:
            return as_int(d, f"--{name}", int(value))
        except (TypeError, ValueError):
            raise d.fail(f"--{name}", f"must be an integer, got {value!r}") from None

    w = d.workload
    w.update(framework="megatron", method="pretrain")
    if not d.options.model:
        missing = [k for k in ("num-layers", "hidden-size", "num-attention-heads") if k not in f]
        if missing:
            raise d.fail(f"--{missing[0]}", "missing; give the architecture flags or --model PRESET")
        hidden, heads = num("hidden-size"), num("num-attention-heads")
        d.model = {
            "name": "Megatron GPT",
            "layers": num("num-layers"),
            "hidden": hidden,
            "heads": heads,
            "kv_heads": num("num-query-groups", heads) if f.get("group-query-attention") else heads,
            "ffn_hidden": num("ffn-hidden-size", 4 * hidden),
            "vocab": num("padded-vocab-size", num("vocab-size", 50304)),
            "gated_mlp": bool(f.get("swiglu")),
            "tied_embeddings": not f.get("untie-embeddings-and-output-weights"),
            "norm": "rmsnorm" if str(f.get("normalization", "LayerNorm")) == "RMSNorm" else "layernorm",
            "linear_bias": not f.get("disable-bias-linear"),
        }
        if "vocab-size" not in f and "padded-vocab-size" not in f:
            d.assume("vocab 50304 (GPT-2's 50257 padded to 128 × tp; the tokenizer decides the real one)")
        if num("kv-channels"):
            d.model["head_dim"] = num("kv-channels")
        if num("num-experts", 1) > 1:
            d.model.update(experts=num("num-experts"), experts_active=num("moe-router-topk", 2))
    if num("num-experts", 1) > 1:
        _read_dispatcher(d, f, w)
    w["seq_len"] = num("seq-length", num("max-position-embeddings"))
    if w["seq_len"] is None:
        raise d.fail("--seq-length", "missing")
    w["micro_batch"] = num("micro-batch-size")
    if w["micro_batch"] is None:
        raise d.fail("--micro-batch-size", "missing (Megatron requires it)")
    if "global-batch-size" in f:
        w["global_batch"] = num("global-batch-size")
    if f.get("bf16") and f.get("fp16"):
        raise d.fail("--fp16", "and --bf16 are both given")
    w["precision"] = "bf16-master" if f.get("bf16") else "fp16-master" if f.get("fp16") else "fp32"
    if "fp8-format" in f:
        # `--fp8-recipe` names TE's recipe, delayed scaling unless given (megatron/training/arguments.py)
        recipe = f.get("fp8-recipe", "delayed")
        if recipe not in FP8_RECIPE_FLAGS:
            raise d.fail("--fp8-recipe", f"must be one of {', '.join(FP8_RECIPE_FLAGS)}, got {recipe!r}")
        w["precision"], w["fp8_recipe"] = "fp8-mixed", FP8_RECIPE_FLAGS[recipe]
    granularity = f.get("recompute-granularity")
    if granularity in (None, True):
        w["recompute"] = "none"
    elif granularity in ("full", "selective"):
        w["recompute"] = granularity
        every = num("recompute-num-layers", 1)
        if granularity == "full" and f.get("recompute-method") == "uniform" and every > 1:
            d.assume(f"--recompute-method uniform --recompute-num-layers {every}: every layer recomputed in "
                     f"groups of {every} (estimated as full recompute)")  # fmt: skip
    else:
        raise d.fail("--recompute-granularity", f"must be full or selective, got {granularity!r}")
    opt = f.get("optimizer", "adam")
    if opt not in ("adam", "sgd"):
        raise d.fail("--optimizer", f"must be adam or sgd, got {opt!r}")
    w["optimizer"] = "adamw" if opt == "adam" else "sgd"
    tp, pp, cp = (
        num("tensor-model-parallel-size", 1),
        num("pipeline-model-parallel-size", 1),
        num("context-parallel-size", 1),
    )
    d.parallel.update(tp=tp, pp=pp, cp=cp, zero=1 if f.get("use-distributed-optimizer") else 0)
    if num("expert-model-parallel-size", 1) > 1:
        d.parallel["ep"] = num("expert-model-parallel-size")
    if "num-layers-per-virtual-pipeline-stage" in f and pp > 1:
        layers = d.model.get("layers") or 0
        per = num("num-layers-per-virtual-pipeline-stage")
        if layers and layers % (pp * per) == 0:
            d.parallel["vpp"] = layers // (pp * per)
    d.parallel["sequence_parallel"] = bool(f.get("sequence-parallel")) and tp > 1
    if "train-iters" in f:
        d.steps = num("train-iters")
    nproc = f.get("@nproc_per_node")
    if nproc and d.options.gpu_count is None:
        d.hardware["gpu_count"] = nproc * f.get("@nnodes", 1)
        d.assume(f"{d.hardware['gpu_count']} GPUs from the launcher's --nproc_per_node/--nnodes")
    unread = sorted(k for k in f if k not in READ and not k.startswith("@"))
    if unread:
        d.assume("Megatron flags not read (no effect on memory or time): " + ", ".join(f"--{k}" for k in unread))
    d.name = "Megatron-LM pretraining"
