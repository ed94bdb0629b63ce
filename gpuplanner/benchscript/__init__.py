"""The benchmark script `gpuplanner bench-script` writes (template) and its writer."""

from .writer import DEFAULT_STEPS, DEFAULT_WARMUP, render_script, script_config, write_script

__all__ = ["DEFAULT_STEPS", "DEFAULT_WARMUP", "render_script", "script_config", "write_script"]
