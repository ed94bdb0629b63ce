"""Load a DeepSpeed config with DeepSpeed's own `DeepSpeedConfig` and print what it understood, as JSON.

Run as a separate process by tests/core/test_framework_config_parsers.py: DeepSpeed checks
`train_batch_size == micro × accumulation × data-parallel world size`, and it asks the world size of its
communication backend, so the config is loaded inside a one-process gloo group with a model-parallel unit (the
`mpu` argument, Megatron's interface) that reports the data-parallel size the config was planned for.
DeepSpeed's CPU accelerator compiles its shared-memory op on the first init (cached in ~/.cache/torch_extensions).

    python deepspeed_config_check.py CONFIG.json DATA_PARALLEL_SIZE
"""

from __future__ import annotations

import json
import os
import socket
import sys
import warnings


class DataParallelUnit:
    """The two questions DeepSpeedConfig asks an mpu (deepspeed/runtime/config.py, DeepSpeedConfig.__init__)."""

    def __init__(self, size: int) -> None:
        self.size = size

    def get_data_parallel_world_size(self) -> int:
        return self.size

    def get_data_parallel_rank(self) -> int:
        return 0


def main(path: str, dp: int) -> None:
    warnings.simplefilter("ignore")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    os.environ.update(RANK="0", WORLD_SIZE="1", LOCAL_RANK="0", LOCAL_SIZE="1", MASTER_ADDR="127.0.0.1",
                      MASTER_PORT=str(port))  # fmt: skip
    import deepspeed
    from deepspeed.runtime.config import DeepSpeedConfig

    deepspeed.init_distributed(dist_backend="gloo", auto_mpi_discovery=False, verbose=False)
    cfg = DeepSpeedConfig(path, mpu=DataParallelUnit(dp))
    zero = cfg.zero_config
    print(
        json.dumps(
            {
                "stage": int(cfg.zero_optimization_stage),
                "train_batch_size": cfg.train_batch_size,
                "micro": cfg.train_micro_batch_size_per_gpu,
                "accum": cfg.gradient_accumulation_steps,
                "bf16": cfg.bfloat16_config.enabled,
                "fp16": cfg.float16_config.enabled,
                "offload_optimizer": str(zero.offload_optimizer.device) if zero.offload_optimizer else "none",
                "offload_param": str(zero.offload_param.device) if zero.offload_param else "none",
                "optimizer": cfg.optimizer_name,
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
