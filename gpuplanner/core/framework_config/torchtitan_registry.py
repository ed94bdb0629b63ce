"""torchtitan's Python config registry (`--module llama3 --config llama3_8b`, torchtitan after v0.2.2) as the
TOML-shaped document the torchtitan importer reads.

torchtitan replaced its TOML files with one Python function per config in
`torchtitan/models/<module>/config_registry.py` (pytorch/torchtitan commit
9810191bbb0385d8ac91cd31abbc7f4156a0d462, "[BC Breaking] Config System Refactor: TOML to Python Dataclass
Registry (#2386)", 2026-02-23). The command line names the function and overrides its fields with the same
`--section.key value` flags as before (`run_train.sh` there: `--module ${MODULE} --config ${CONFIG} "$@"`).

The defaults are read from the installed torchtitan's own `config_registry.py` when it has one: the source is
parsed with `ast` (never imported, so no torch is loaded) — each function's `Trainer.Config(...)` keywords and
the `config = base(); config.x = ...` edits of the derived ones. Without an installed registry (torchtitan
0.2.2 in the test environment has none) the `PINNED` table below is used: the same reading of
`torchtitan/models/{llama3,deepseek_v3}/config_registry.py` at commit 9810191; a test reads the committed
copies of those two files (`tests/data/configs/torchtitan-registry/`) and compares them with this table.
"""

from __future__ import annotations

import ast
import copy
import importlib.util
from pathlib import Path
from typing import Any

REGISTRY_COMMIT = "9810191bbb0385d8ac91cd31abbc7f4156a0d462"
# the Trainer.Config sections the importer reads, whose keys are the dataclass fields (torchtitan/config/configs.py)
READ_SECTIONS = ("training", "parallelism", "activation_checkpoint", "compile", "optimizer")
# Trainer.Config's other fields at 9810191 (torchtitan/trainer.py): no effect on memory or time
OTHER_SECTIONS = frozenset(
    "hf_assets_path dump_folder profiling metrics tokenizer dataloader model_converters lr_scheduler checkpoint "
    "comm validator debug fault_tolerance".split()
)
CONVERTERS = {
    "Float8LinearConverter": "quantize.linear.float8",
    "Float8GroupedMMConverter": "quantize.grouped_mm.float8",
    "MXLinearConverter": "quantize.linear.mx",
    "MXGroupedMMConverter": "quantize.grouped_mm.mx",
}

Doc = dict[str, dict[str, Any]]


def _value(node: ast.expr) -> Any:
    """A keyword's literal value (constants, lists, and products/sums of constants such as `8 * 2048`)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Add)):
        left, right = _value(node.left), _value(node.right)
        if isinstance(left, int) and isinstance(right, int):
            return left * right if isinstance(node.op, ast.Mult) else left + right
        raise ValueError
    return ast.literal_eval(node)


def _call_name(node: ast.expr) -> str:
    """`Float8LinearConverter.Config(...)` → "Float8LinearConverter"; `model_registry(...)` → "model_registry"."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return _call_name(node.value) if node.attr == "Config" else node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _kwargs(call: ast.Call) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kw in call.keywords:
        if kw.arg is None:
            continue
        try:
            out[kw.arg] = _value(kw.value)
        except (ValueError, SyntaxError, TypeError):
            continue  # a computed value (a dataset object, a function call): not one the importer reads
    return out


def _apply(doc: Doc, field: str, node: ast.expr) -> None:
    """Set one Trainer.Config field from its expression."""
    if field == "model_spec" and isinstance(node, ast.Call) and node.args:
        try:
            doc.setdefault("model", {})["flavor"] = str(_value(node.args[0]))
        except (ValueError, SyntaxError):
            pass
    elif field == "model_converters" and isinstance(node, ast.Call):
        names: list[str] = []
        for kw in node.keywords:
            if kw.arg == "converters" and isinstance(kw.value, ast.List):
                names = [CONVERTERS.get(_call_name(c), _call_name(c)) for c in kw.value.elts]
        doc.setdefault("model", {})["converters"] = names
    elif field in READ_SECTIONS and isinstance(node, ast.Call):
        section = _kwargs(node)
        if field == "optimizer":
            section = {k: v for k, v in section.items() if k in ("name", "implementation")}
            if "InBackward" in _call_name(node):  # OptimizersInBackwardContainer: the step runs in backward
                section["early_step_in_backward"] = True
        doc[field] = section


def _function_doc(fn: ast.FunctionDef, known: dict[str, Doc]) -> Doc | None:
    doc: Doc | None = None
    for stmt in fn.body:
        if isinstance(stmt, ast.Return) and isinstance(stmt.value, ast.Call) and _call_name(stmt.value) == "Trainer":
            doc = {}
            for kw in stmt.value.keywords:
                if kw.arg:
                    _apply(doc, kw.arg, kw.value)
        elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) and len(stmt.targets) == 1:
            target, base = stmt.targets[0], _call_name(stmt.value)
            if isinstance(target, ast.Name) and base in known:
                doc = copy.deepcopy(known[base])  # `config = llama3_debugmodel()`
            elif doc is not None and isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                _apply(doc, target.attr, stmt.value)  # `config.optimizer = ...Config(...)`
        elif (
            doc is not None
            and isinstance(stmt, ast.Assign)
            and isinstance(stmt.targets[0], ast.Attribute)
            and isinstance(stmt.targets[0].value, ast.Attribute)
            and stmt.targets[0].value.attr in READ_SECTIONS
        ):
            try:  # `config.training.seq_len = 4096`
                doc.setdefault(stmt.targets[0].value.attr, {})[stmt.targets[0].attr] = _value(stmt.value)
            except (ValueError, SyntaxError):
                pass
    return doc


def read_registry(source: str) -> dict[str, Doc]:
    """Every config function of one `config_registry.py` source, as {function name: TOML-shaped document}."""
    docs: dict[str, Doc] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            doc = _function_doc(node, docs)
            if doc is not None:
                docs[node.name] = doc
    return docs


def installed_registry(module: str, roots: list[str] | None = None) -> tuple[dict[str, Doc], str] | None:
    """The installed torchtitan's registry of `module` and where it was read, or None when it has none.
    `roots`: the torchtitan package folders to look in (default: where Python finds the installed one)."""
    if roots is None:
        spec = importlib.util.find_spec("torchtitan")  # locates the package without importing it (or torch)
        if spec is None or not spec.submodule_search_locations:
            return None
        roots = list(spec.submodule_search_locations)
    for root in roots:
        path = Path(root) / "models" / module / "config_registry.py"
        if path.is_file():
            return read_registry(path.read_text(encoding="utf-8")), str(path)
    return None


# read_registry() of torchtitan/models/{llama3,deepseek_v3}/config_registry.py at REGISTRY_COMMIT
PINNED: dict[str, dict[str, Doc]] = {
    "deepseek_v3": {
        "deepseek_v3_16b": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "op"},
            "compile": {"components": ["loss"], "enable": True},
            "model": {"flavor": "16B"},
            "optimizer": {},
            "parallelism": {
                "expert_parallel_degree": 8,
                "expert_tensor_parallel_degree": 1,
                "pipeline_parallel_schedule": "Interleaved1F1B",
            },
            "training": {"local_batch_size": 4, "seq_len": 4096, "steps": 1000},
        },
        "deepseek_v3_671b": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "op"},
            "compile": {"components": ["loss"], "enable": True},
            "model": {"converters": ["quantize.linear.float8", "quantize.grouped_mm.float8"], "flavor": "671B"},
            "optimizer": {},
            "parallelism": {
                "expert_parallel_degree": 1,
                "expert_tensor_parallel_degree": 1,
                "pipeline_parallel_schedule": "Interleaved1F1B",
            },
            "training": {"local_batch_size": 4, "seq_len": 4096, "steps": 10000},
        },
        "deepseek_v3_debugmodel": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "op"},
            "model": {"flavor": "debugmodel"},
            "optimizer": {},
            "parallelism": {"expert_parallel_degree": 1, "expert_tensor_parallel_degree": 1},
            "training": {"local_batch_size": 8, "seq_len": 2048, "steps": 10},
        },
        "deepseek_v3_debugmodel_flex_attn": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "op"},
            "model": {"flavor": "debugmodel_flex_attn"},
            "optimizer": {},
            "parallelism": {"expert_parallel_degree": 1, "expert_tensor_parallel_degree": 1},
            "training": {"local_batch_size": 8, "seq_len": 2048, "steps": 10},
        },
    },
    "llama3": {
        "llama3_405b": {
            "activation_checkpoint": {"mode": "full"},
            "compile": {"enable": True},
            "model": {"converters": ["quantize.linear.float8"], "flavor": "405B"},
            "optimizer": {},
            "parallelism": {"enable_async_tensor_parallel": True, "tensor_parallel_degree": 8},
            "training": {"local_batch_size": 2, "seq_len": 8192, "steps": 3000},
        },
        "llama3_70b": {
            "activation_checkpoint": {"mode": "full"},
            "model": {"flavor": "70B"},
            "optimizer": {},
            "parallelism": {"tensor_parallel_degree": 8},
            "training": {"local_batch_size": 8, "seq_len": 8192, "steps": 1000},
        },
        "llama3_8b": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "op"},
            "model": {"flavor": "8B"},
            "optimizer": {},
            "training": {"local_batch_size": 1, "seq_len": 8192, "steps": 1000},
        },
        "llama3_debugmodel": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "2"},
            "model": {"flavor": "debugmodel"},
            "optimizer": {},
            "parallelism": {"pipeline_parallel_schedule": "Interleaved1F1B"},
            "training": {"local_batch_size": 8, "seq_len": 2048, "steps": 10},
        },
        "llama3_debugmodel_flex_attn": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "2"},
            "model": {"flavor": "debugmodel_flex_attn"},
            "optimizer": {},
            "parallelism": {"pipeline_parallel_schedule": "Interleaved1F1B"},
            "training": {"local_batch_size": 8, "seq_len": 2048, "steps": 10},
        },
        "llama3_debugmodel_float8": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "2"},
            "model": {"converters": ["quantize.linear.float8"], "flavor": "debugmodel"},
            "optimizer": {},
            "parallelism": {"pipeline_parallel_schedule": "Interleaved1F1B"},
            "training": {"local_batch_size": 8, "seq_len": 2048, "steps": 10},
        },
        "llama3_debugmodel_float8_emulate": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "2"},
            "model": {"converters": ["quantize.linear.float8"], "flavor": "debugmodel"},
            "optimizer": {},
            "parallelism": {"pipeline_parallel_schedule": "Interleaved1F1B"},
            "training": {"local_batch_size": 8, "seq_len": 2048, "steps": 10},
        },
        "llama3_debugmodel_opt_in_bwd": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "2"},
            "model": {"flavor": "debugmodel"},
            "optimizer": {"early_step_in_backward": True},
            "parallelism": {"pipeline_parallel_schedule": "Interleaved1F1B"},
            "training": {"local_batch_size": 8, "seq_len": 2048, "steps": 10},
        },
        "llama3_debugmodel_varlen_attn": {
            "activation_checkpoint": {"mode": "selective", "selective_ac_option": "2"},
            "model": {"flavor": "debugmodel_varlen_attn"},
            "optimizer": {},
            "parallelism": {"pipeline_parallel_schedule": "Interleaved1F1B"},
            "training": {"local_batch_size": 8, "seq_len": 2048, "steps": 10},
        },
    },
}
