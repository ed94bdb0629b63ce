"""Calibration from the user's own short benchmark (spec §2 "calibration"; issue #11).

`gpuplanner bench-script` writes a PyTorch script for a scenario (`gpuplanner/benchscript`); it measures one
training configuration and writes a JSON result (schema `RESULT_SCHEMA`, version `RESULT_VERSION`). This package
reads that result, checks that it belongs to the scenario, compares it with the estimate of the configuration
that actually ran, derives per-GPU corrections and re-projects the scenario with them. Pure functions and frozen
dataclasses; no Qt, no torch.

What ran and what the scenario plans may differ in a few deliberate ways, all of which are compared against the
estimate *of what ran* (not refused): fewer layers (`--layers K`), another sequence length (`--seq-len`),
another data-parallel width (torchrun), another gradient accumulation (`--accum`). The benchmark always runs
tp = pp = cp = 1 with plain data parallelism (DDP, ZeRO 0), so the scenario's own tp/pp/cp/ZeRO are reached only
through the projection: the corrections are per GPU type, not per layout. Refused (`CalibrationMismatch`, exit
2): another architecture (any model field but `layers`, or more layers than the model has), another GPU, another
per-GPU layout (`micro_batch`, `recompute` where the scenario gives them) or another workload style (method,
precision, optimizer, LoRA rank/targets, FlashAttention, chunked loss, …).

Corrections (`Corrections`):

- `efficiency_factor` f: the per-GPU kernel efficiency. The catalog's achievable GEMM efficiency and the
  achievable HBM bandwidth of the memory-bound kernels are both multiplied by f, and f is solved so that the
  throughput model's step time of the configuration that ran equals the measured step time (bisection: the step
  time falls monotonically with f). Without exposed communication (one GPU) every term of the step scales with
  1/f, so f = estimated step / measured step exactly (a step 1.25× slower than estimated gives f = 0.8).
- `overhead_delta_bytes`: measured overhead (nvidia-smi used − torch max_memory_allocated: CUDA context, the
  caching allocator's reserve and fragmentation, NCCL) minus the estimated overhead of what ran; added to the
  overhead of every projection (per GPU). Null when nvidia-smi was not available.

The peak of live tensors (max_memory_allocated against `memory.total`) is compared and reported but not
corrected: the composition of the peak changes with the layout (ZeRO sharding, pipeline stages), so a single
factor measured on a data-parallel replica would not transfer.

Implausible corrections are warned about: f outside 0.5–1.5, a measured overhead above 10 GiB or below zero.

Storage (`--write`): the scenario schema (§4.1, `scenario_io.TABLES`) has no `[calibration]` table, and an
unknown table makes a scenario unreadable, so the measurement is stored in a sidecar JSON file next to the
scenario, `<scenario stem>.calibration.json` (`sidecar_path`), written atomically. Its documented key set:

    {"schema": "gpuplanner-calibration", "schema_version": 1,
     "calibrations": {GPU_ID: {key: value for key in CALIBRATION_KEYS}}}

with `CALIBRATION_KEYS` (`sidecar.py`); one entry per catalog GPU id, so several GPU types can be calibrated for one
scenario. If a `[calibration]` table is later added to the scenario schema it should carry the same keys.

One job per module, imported one way (result_types ← result_file; result_types ← bench ← matching;
result_types ← corrections; bench, matching, corrections ← comparison ← sidecar):

- `result_types`: the benchmark result as frozen dataclasses;
- `result_file`: reading and validating the result JSON;
- `bench`: what the benchmark script can run, the scenario as it runs it, and whether it fits;
- `matching`: refusing a measurement of another model, GPU, layout or workload style;
- `corrections`: the corrections, their plausibility, applying them and projecting the scenario;
- `comparison`: measured against estimated, and solving for the corrections;
- `sidecar`: storing and reading calibrations next to the scenario.
"""

from __future__ import annotations

from .bench import (
    BenchFit,
    as_run_scenario,
    bench_fit,
    bench_grad_accum,
    bench_scenario,
    bench_support_problem,
    scenario_hash,
)
from .comparison import Calibration, MemoryComparison, TimeComparison, compare, solve_efficiency
from .comparison import _given_estimate as _given_estimate  # the tests reach the estimate of a given layout
from .corrections import (
    DEFAULT_GPU_COUNTS,
    PLAUSIBLE_EFFICIENCY,
    PLAUSIBLE_OVERHEAD_BYTES,
    Corrections,
    Projection,
    apply,
    calibrated_catalog,
    calibrated_gpu,
    plausibility_warnings,
    project,
)
from .corrections import _with_count as _with_count  # the tests reach the GPU-count change
from .matching import (
    ARCH_FIELDS,
    DEVICE_MEMORY_TOLERANCE,
    LORA_FIELDS,
    STYLE_FIELDS,
    CalibrationMismatch,
    check_compatible,
    device_mismatch,
    matching_gpus,
)
from .result_file import parse_result, read_result
from .result_types import (
    GIB,
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
from .sidecar import (
    CALIBRATION_KEYS,
    SIDECAR_SCHEMA,
    SIDECAR_SUFFIX,
    SIDECAR_VERSION,
    StoredCalibration,
    load_corrections,
    read_calibrations,
    sidecar_path,
    write_calibration,
)

__all__ = [
    "ARCH_FIELDS",
    "BenchDevice",
    "BenchFit",
    "BenchLayout",
    "BenchMemory",
    "BenchResult",
    "BenchSoftware",
    "BenchTiming",
    "BenchWorkload",
    "CALIBRATION_KEYS",
    "Calibration",
    "CalibrationMismatch",
    "Corrections",
    "DEFAULT_GPU_COUNTS",
    "DEVICE_MEMORY_TOLERANCE",
    "GIB",
    "LORA_FIELDS",
    "MemoryComparison",
    "PLAUSIBLE_EFFICIENCY",
    "PLAUSIBLE_OVERHEAD_BYTES",
    "Projection",
    "RESULT_SCHEMA",
    "RESULT_VERSION",
    "SIDECAR_SCHEMA",
    "SIDECAR_SUFFIX",
    "SIDECAR_VERSION",
    "STYLE_FIELDS",
    "StoredCalibration",
    "TimeComparison",
    "apply",
    "as_run_scenario",
    "bench_fit",
    "bench_grad_accum",
    "bench_scenario",
    "bench_support_problem",
    "calibrated_catalog",
    "calibrated_gpu",
    "check_compatible",
    "compare",
    "device_mismatch",
    "load_corrections",
    "matching_gpus",
    "parse_result",
    "plausibility_warnings",
    "project",
    "read_calibrations",
    "read_result",
    "scenario_hash",
    "sidecar_path",
    "solve_efficiency",
    "write_calibration",
]
