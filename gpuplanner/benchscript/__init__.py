"""The benchmark script `gpuplanner bench-script` writes: the program (program/, as modules) and its writer."""

from .writer import DEFAULT_STEPS, DEFAULT_WARMUP, render_script, script_config, script_data, write_script

__all__ = ["DEFAULT_STEPS", "DEFAULT_WARMUP", "render_script", "script_config", "script_data", "write_script"]
