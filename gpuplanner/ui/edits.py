"""Pure scenario edits used by the wizard pages (no Qt).

Every edit ends in :func:`normalize`, which round-trips the scenario through the file format
(``scenario_to_dict`` → ``parse_scenario``). So the document only ever holds a scenario that the file
format accepts, with exactly the values a saved file gives back: the app and ``gpuplanner estimate FILE``
see the same numbers, and the wizard reports the same messages (naming the same keys) as the CLI.
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.core.model import ModelSpec
from gpuplanner.core.scenario import TRAINING_METHODS, Scenario
from gpuplanner.core.scenario_io import parse_scenario, scenario_to_dict

DEFAULT_TRAINING_TOKENS = 1e9


def normalize(s: Scenario) -> Scenario:
    """The scenario as a saved file reads back. Raises InputError (with ``.key``) when it is not valid."""
    return parse_scenario(scenario_to_dict(s))


def with_method(s: Scenario, method: str) -> Scenario:
    """Switch the method, filling what the new method needs (tokens for training) with plain defaults."""
    w = replace(s.workload, method=method)
    if method in TRAINING_METHODS and w.training_tokens is None:
        w = replace(w, tokens=DEFAULT_TRAINING_TOKENS)
    return replace(s, workload=w)


def with_model_fields(s: Scenario, base: ModelSpec | None, **fields: object) -> Scenario:
    """Change architecture fields. ``head_dim`` and ``expert_ffn_hidden`` follow hidden/heads and ffn_hidden
    when they were at their derived values. With a preset (``base``), a model equal to it is the preset again."""
    m = s.model
    changes = dict(fields)
    if ("hidden" in changes or "heads" in changes) and m.heads and m.head_dim == m.hidden // m.heads:
        changes.setdefault("head_dim", 0)
    if "ffn_hidden" in changes and m.expert_ffn_hidden == m.ffn_hidden:
        changes.setdefault("expert_ffn_hidden", 0)
    model = replace(m, **changes)  # type: ignore[arg-type]  # each name's value has that field's type; ** hides it
    if base is not None:
        same = replace(model, name=base.name) == base
        model = base if same else replace(model, name=base.name)  # normalize names it "… (modified)"
    return replace(s, model=model)


def with_preset(s: Scenario, preset_id: str | None, model: ModelSpec) -> Scenario:
    """Use a preset (or, with ``preset_id`` None, a custom architecture starting from ``model``)."""
    if preset_id is None and s.model_preset is not None:
        model = replace(model, name="Custom model")
    return replace(s, model=model, model_preset=preset_id)


def with_candidates(s: Scenario, candidates: tuple[str, ...], plan_gpu: str | None) -> Scenario:
    """Set the compared GPUs; the planned GPU stays if still a candidate, else the first one."""
    gpu = plan_gpu if plan_gpu in candidates else (candidates[0] if candidates else s.hardware.gpu)
    return replace(s, hardware=replace(s.hardware, gpu=gpu, candidates=tuple(candidates)))
