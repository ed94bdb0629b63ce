"""One full round trip per framework (issue #20): a scenario → `gpuplanner launch --framework F` → the framework's
config → `gpuplanner import-config` → a scenario again, and a table of the fields that must come back the same
(model, method, sequence length, micro and global batch, precision, optimizer, recompute, compile, LoRA settings,
TP/PP/CP/ZeRO, GPU count).

    .venv/bin/python scripts/framework_config_roundtrip.py            # the table (markdown) on stdout
    .venv/bin/python scripts/framework_config_roundtrip.py --keep D   # also keep the launch configs in folder D

Both steps run the real command line (`gpuplanner.cli.main`), as a user types them; exit status 1 when a field
differs. tests/cli/test_launch.py runs it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gpuplanner.cli import main as cli  # noqa: E402
from gpuplanner.core.model import MODEL_FIELDS  # noqa: E402
from gpuplanner.core.scenario_io import parse_scenario, read_scenario, write_scenario  # noqa: E402


@dataclass(frozen=True)
class Case:
    framework: str  # the launch writer
    file: str  # the config's file name (its suffix tells import-config the format)
    import_args: tuple[str, ...]  # what a user adds to import-config for a config that cannot say it
    workload: dict[str, Any]
    parallel: dict[str, Any]
    gpus: int


CASES = (
    Case("torchtitan", "train.toml", (),
         {"method": "pretrain", "framework": "torchtitan", "seq_len": 4096, "micro_batch": 2, "global_batch": 32,
          "precision": "bf16-master", "recompute": "selective-op", "compile": True},
         {"tp": 2, "pp": 1, "cp": 1, "zero": 3}, 16),
    Case("torchtitan-registry", "train.sh", (),
         {"method": "pretrain", "framework": "torchtitan", "seq_len": 8192, "micro_batch": 1, "global_batch": 64,
          "precision": "bf16-master", "recompute": "full", "optimizer_impl": "foreach"},
         {"tp": 4, "pp": 1, "cp": 2, "zero": 2}, 64),
    Case("torchtune", "train.yaml", (),
         {"method": "lora", "framework": "torchtune", "seq_len": 2048, "micro_batch": 4, "global_batch": 64,
          "precision": "bf16-true", "recompute": "full", "compile": True, "chunked_loss": True, "lora_rank": 16,
          "lora_targets": ["q", "k", "v", "o", "gate", "up", "down"]},
         {"tp": 1, "pp": 1, "cp": 1, "zero": 3}, 8),
    Case("megatron", "megatron_args.txt", ("--framework", "megatron"),
         {"method": "pretrain", "framework": "megatron", "seq_len": 8192, "micro_batch": 1, "global_batch": 64,
          "precision": "bf16-master", "recompute": "selective"},
         {"tp": 2, "pp": 2, "cp": 1, "zero": 1}, 16),
    Case("deepspeed", "ds_config.json", ("--model", "llama-3.1-8b"),
         {"method": "full", "framework": "deepspeed", "seq_len": 2048, "micro_batch": 2, "global_batch": 32,
          "precision": "bf16-master", "recompute": "none", "offload": "optimizer"},
         {"tp": 1, "pp": 1, "cp": 1, "zero": 2}, 8),
    Case("accelerate", "accelerate_config.yaml", ("--model", "llama-3.1-8b", "--framework", "accelerate"),
         {"method": "full", "framework": "hf", "seq_len": 2048, "micro_batch": 8, "global_batch": 64,
          "precision": "bf16-mixed", "recompute": "full", "compile": True},
         {"tp": 1, "pp": 1, "cp": 1, "zero": 3}, 8),
)  # fmt: skip
WORKLOAD_FIELDS = ("method", "seq_len", "micro_batch", "global_batch", "precision", "optimizer", "recompute",
                   "compile", "lora_rank", "lora_targets")  # fmt: skip
PARALLEL_FIELDS = ("tp", "pp", "cp", "zero")


def _scenario(case: Case) -> Any:
    return parse_scenario({
        "schema": 1, "name": f"round trip {case.framework}", "model": {"preset": "llama-3.1-8b"},
        "workload": {"tokens": 1e9, "optimizer": "adamw", **case.workload},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": case.gpus},
        "parallel": {"ep": 1, **case.parallel},
    })  # fmt: skip


@dataclass(frozen=True)
class Model:
    """Shown by name and size, compared by architecture (Megatron's flags rebuild it under another name)."""

    name: str
    params: float
    architecture: tuple[Any, ...]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Model) and other.architecture == self.architecture

    def __hash__(self) -> int:
        return hash(self.architecture)

    def __str__(self) -> str:
        return f"{self.name} ({self.params / 1e9:.2f}B)"


def _fields(s: Any) -> dict[str, Any]:
    w = s.workload
    arch = tuple(getattr(s.model, k) for k in MODEL_FIELDS)
    out: dict[str, Any] = {"model": Model(s.model.name, s.model.params, arch)}
    for key in WORKLOAD_FIELDS:
        value = getattr(w, key)
        out[key] = value if w.is_lora or not key.startswith("lora") else "–"
    out.update({key: getattr(s.parallel, key) for key in PARALLEL_FIELDS})
    out["gpu_count"] = s.hardware.gpu_count
    return out


def _run(argv: list[str]) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        rc = cli(argv)
    if rc != 0:
        raise SystemExit(f"gpuplanner {' '.join(argv)} exited {rc}")


def round_trip(folder: Path) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(framework, fields before, fields after) per case, through launch and import-config in `folder`."""
    rows = []
    for case in CASES:
        original = _scenario(case)
        scenario_path = folder / f"{case.framework}.gpuplan.toml"
        write_scenario(original, scenario_path)
        config = folder / f"{case.framework}-{case.file}"
        back_path = folder / f"{case.framework}-back.gpuplan.toml"
        _run(["launch", str(scenario_path), "--framework", case.framework, "-o", str(config)])
        _run(["import-config", str(config), *case.import_args, "-o", str(back_path)])
        rows.append((case.framework, _fields(original), _fields(read_scenario(back_path))))
    return rows


def table(rows: list[tuple[str, dict[str, Any], dict[str, Any]]]) -> tuple[str, int]:
    """Markdown: one row per field, one column per framework; `a → b ✗` where the import differs."""
    keys = list(rows[0][1])
    lines = ["| field | " + " | ".join(r[0] for r in rows) + " |", "| --- |" + " --- |" * len(rows)]
    bad = 0
    for key in keys:
        cells = []
        for _, before, after in rows:
            b, a = before[key], after[key]
            show = ",".join(b) if isinstance(b, tuple) else str(b)
            if a == b:
                cells.append(f"{show} ✓" if str(a) == str(b) else f"{show} = {a} ✓")
            else:
                bad += 1
                cells.append(f"{show} → {a} ✗")
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    return "\n".join(lines), bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="a folder to keep the scenarios and launch configs in")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        text, bad = table(round_trip(folder))
    print(text)
    print(f"\n{len(CASES)} frameworks, {len(CASES) * (len(WORKLOAD_FIELDS) + len(PARALLEL_FIELDS) + 2)} fields, "
          f"{bad} differ")  # fmt: skip
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
