"""Write the benchmark script for a scenario (`gpuplanner bench-script`).

The script is the source of the modules in `program/` (see program/__init__.py) joined into one file, and a data
block: the JSON of `script_config` (the model's architecture, the workload the scenario plans, the expected
parameter counts and the scenario's hash, sha256 of its canonical TOML, `calibration.scenario_hash`, so that
`calibrate` can tell which scenario a result belongs to) in `CONFIG_JSON`. The canonical TOML itself is copied
into the script's header as comments.
"""

from __future__ import annotations

import ast
import functools
import json
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.calibration import bench_grad_accum, bench_support_problem, scenario_hash
from ..core.errors import InputError
from ..core.model import MODEL_FIELDS
from ..core.scenario import Scenario

DEFAULT_WARMUP = 3
DEFAULT_STEPS = 10

# the parts of the program, in the order the script runs them
PROGRAM = ("common", "model", "train", "measure", "result", "run")
BODY_MARKER = "# bench-script: the writer copies from here\n"
EMPTY_DATA_BLOCK = 'CONFIG_JSON = r"""\n{}\n"""\n'
DATA_BLOCK_START = 'CONFIG_JSON = r"""\n'


@dataclass(frozen=True)
class Program:
    preamble: str  # common.py's leading comments and docstring: the script's own
    imports: tuple[str, ...]  # standard-library imports of all parts, once each
    body: str  # every part from its marker line on, the data block still empty


def _part(name: str) -> str:
    return (resources.files(__package__) / "program" / f"{name}.py").read_text(encoding="utf-8")


def _split(name: str, text: str) -> tuple[ast.Module, str, str]:
    head, marker, body = text.partition(BODY_MARKER)
    if not marker:
        raise RuntimeError(f"benchscript/program/{name}.py has no line {BODY_MARKER.strip()!r}")
    return ast.parse(head), head, body


@functools.cache
def program() -> Program:
    """The program's parts, read once. RuntimeError when a part breaks the layout program/__init__.py describes."""
    preamble, imports, bodies = "", [], []
    for name in PROGRAM:
        tree, head, body = _split(name, _part(name))
        for i, node in enumerate(tree.body):
            if i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                if name == PROGRAM[0]:
                    preamble = "\n".join(head.splitlines()[: node.end_lineno])
                continue
            if isinstance(node, ast.ImportFrom) and (node.level or node.module == "__future__"):
                continue  # the parts share the script's namespace; the script has its own __future__ line
            if isinstance(node, ast.Import | ast.ImportFrom):
                roots = {a.name.split(".")[0] for a in node.names} if isinstance(node, ast.Import) else {node.module}
                if "torch" in roots:  # it would run before the guarded import in common.py
                    raise RuntimeError(f"benchscript/program/{name}.py imports torch; import it from .common")
                line = ast.get_source_segment(head, node)
                if line and line not in imports:
                    imports.append(line)
                continue
            if isinstance(node, ast.Assign | ast.AugAssign) and ast.unparse(node).startswith("__all__"):
                continue  # for the linters only
            raise RuntimeError(
                f"benchscript/program/{name}.py line {node.lineno}: only imports go above {BODY_MARKER.strip()!r}"
            )
        bodies.append(body.strip("\n"))
    imports.sort(key=lambda line: (line.startswith("from "), line))
    body = "\n\n\n".join(bodies) + "\n"
    if body.count(EMPTY_DATA_BLOCK) != 1:
        raise RuntimeError("benchscript/program/common.py must hold one empty data block: " + EMPTY_DATA_BLOCK)
    return Program(preamble=preamble, imports=tuple(imports), body=body)


def data_block(config: dict[str, Any]) -> str:
    """The JSON in a raw triple-quoted string. JSON escapes every quote inside a string (and a raw string keeps
    the backslash), so the text never holds three unescaped quotes in a row and cannot end the literal."""
    return DATA_BLOCK_START + json.dumps(config, indent=1, ensure_ascii=False) + '\n"""\n'


def script_data(text: str) -> dict[str, Any]:
    """The data block of a script `render_script` wrote, read back."""
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["CONFIG_JSON"]:
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                data = json.loads(value)
                if isinstance(data, dict):
                    return data
    raise ValueError("not a gpuplanner benchmark script: no CONFIG_JSON data block")


def script_config(
    s: Scenario, *, warmup: int = DEFAULT_WARMUP, steps: int = DEFAULT_STEPS, scenario_file: str | None = None
) -> dict[str, Any]:
    """The data block of the script. InputError when the benchmark cannot run the scenario."""
    problem = bench_support_problem(s)
    if problem:
        raise InputError(problem[1], file=scenario_file, key=problem[0])
    if warmup < 1 or steps < 1:
        raise InputError("--warmup and --steps must be at least 1", key="--warmup" if warmup < 1 else "--steps")
    m, w = s.model, s.workload
    lora = w.is_lora
    per_layer = m.dense_layer_params()
    return {
        "generator": f"gpuplanner {__version__}",
        "scenario_name": s.name,
        "scenario_file": os.path.basename(scenario_file) if scenario_file else None,
        "scenario_hash": scenario_hash(s),
        "gpu": s.hardware.gpu,
        "model_fields": list(MODEL_FIELDS),
        "model": {"name": m.name, **{k: getattr(m, k) for k in MODEL_FIELDS}},
        "expected": {
            "params_per_layer": per_layer,
            "params_outside_layers": m.params - m.layers * per_layer,
            "lora_params_per_layer": (m.lora_params(w.lora_rank, w.lora_targets) // m.layers) if lora else 0,
        },
        "workload": {
            "method": w.method,
            "seq_len": w.seq_len,
            "micro_batch": w.micro_batch or 1,
            "grad_accum": bench_grad_accum(s),
            "precision": w.precision,
            "optimizer": w.optimizer,
            "optimizer_impl": getattr(w, "optimizer_impl", "fused"),
            "recompute": w.recompute or "selective",
            "flash_attention": w.flash_attention,
            "chunked_loss": w.chunked_loss,
            "optimizer_in_backward": w.optimizer_in_backward,
            "activation_offload": w.activation_offload,
            "dropout": w.dropout,
            "lora_rank": w.lora_rank if lora else None,
            "lora_targets": list(w.lora_targets) if lora else None,
        },
        "defaults": {"warmup": warmup, "steps": steps},
    }


def _comment(text: str) -> str:
    return " ".join(text.replace("\r", " ").split("\n"))


def render_script(
    s: Scenario, *, warmup: int = DEFAULT_WARMUP, steps: int = DEFAULT_STEPS, scenario_file: str | None = None
) -> str:
    """The text of the benchmark script for `s`."""
    from ..core.scenario_io import scenario_to_toml

    config = script_config(s, warmup=warmup, steps=steps, scenario_file=scenario_file)
    header = [
        f"# Scenario: {_comment(s.name)}"
        + (f" ({_comment(config['scenario_file'])})" if config["scenario_file"] else ""),
        f"# Generated by {config['generator']}; scenario hash {config['scenario_hash']}",
        "# (sha256 of the canonical scenario TOML below)",
        "#",
    ]
    header += ["# " + line if line else "#" for line in scenario_to_toml(s).splitlines()]
    p = program()
    return "\n".join(
        [
            "#!/usr/bin/env python3",
            "# gpuplanner benchmark script: a short training run of one scenario's model, to calibrate the estimates.",
            *header,
            "#",
            p.preamble,
            "",
            "from __future__ import annotations",
            "",
            *p.imports,
            "",
            p.body.replace(EMPTY_DATA_BLOCK, data_block(config)),
        ]
    )


def write_script(
    s: Scenario,
    path: str | os.PathLike[str],
    *,
    warmup: int = DEFAULT_WARMUP,
    steps: int = DEFAULT_STEPS,
    scenario_file: str | None = None,
) -> Path:
    """Write the script atomically and make it executable. FileAccessError when it cannot be written."""
    from ..core.files import atomic_write_text

    text = render_script(s, warmup=warmup, steps=steps, scenario_file=scenario_file)
    p = Path(path)
    # the shared writer refuses folders and special files, follows symlinks and says "file name too long"
    atomic_write_text(p, text, example="bench.py")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(p, 0o777 & ~umask & ~0o022 | 0o644)
    except OSError:
        pass  # the script runs with `python bench.py` all the same
    return p
