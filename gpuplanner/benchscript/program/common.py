# Self-contained: needs PyTorch only (bitsandbytes for QLoRA or 8-bit AdamW); random weights, synthetic
# tokens, no downloads, no gpuplanner import.
#
#   python bench.py --out result.json                              one GPU
#   torchrun --nproc-per-node 8 bench.py --out result.json         one node, data parallel (DDP)
#   python bench.py --layers 4 --out result.json                   a shrunken model (first K layers)
#   python bench.py --device cpu --layers 2 --seq-len 64 --steps 2 functional check without a GPU
#
# then:  gpuplanner calibrate SCENARIO.gpuplan.toml result.json
"""Measure memory and throughput of one training configuration (see the comment above)."""

from __future__ import annotations

import json
import sys

# for the linters: the other parts import these names from here (in the script they share one namespace)
__all__ = ["CONFIG", "EXIT_CONFIG", "EXIT_OOM", "RESULT_SCHEMA", "RESULT_VERSION", "BenchError"]
__all__ += ["F", "checkpoint", "nn", "torch"]

# bench-script: the writer copies from here

# The script runs on the user's GPU machine, which may lack PyTorch: there this is one line and exit 2, not a
# traceback. (gpuplanner itself never imports this program; it copies its source.)
try:
    import torch
    import torch.nn.functional as F
    from torch import nn
    from torch.utils.checkpoint import checkpoint
except ImportError:  # pragma: no cover - depends on the machine
    sys.stderr.write("bench: PyTorch is not installed (pip install torch)\n")
    sys.exit(2)

RESULT_SCHEMA = "gpuplanner-bench-result"
RESULT_VERSION = 1
EXIT_CONFIG, EXIT_OOM = 2, 3

# The data block: the writer puts the scenario's JSON (model, workload, expected counts, scenario hash) between
# the quotes; in the package it is empty.
CONFIG_JSON = r"""
{}
"""
CONFIG = json.loads(CONFIG_JSON)


class BenchError(Exception):
    """A configuration this machine cannot run: one line on stderr, exit 2."""
