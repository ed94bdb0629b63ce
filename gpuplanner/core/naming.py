"""A scenario's name: the user's, or one derived from model, method and hardware (spec §4.1 `name`).

"Llama 3.1 70B pretraining on 64 × H100" follows the scenario while the user has not typed a name of their own:
an edit keeps the name derived when the old name was the old scenario's derived name (or empty, or the file
format's "Untitled scenario"). The app's title bar, Save As, quit prompt and the workbook Summary all read
`Scenario.name`, so they follow too. Pure: no Qt.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .scenario import Scenario

UNTITLED = "Untitled scenario"  # scenario_io's name for a file without one

METHOD_WORDS = {
    "pretrain": "pretraining",
    "full": "full fine-tune",
    "lora": "LoRA fine-tune",
    "qlora": "QLoRA fine-tune",
    "inference": "inference",
}

# GPU families the catalog lists in two memory sizes: their short name keeps the size ("A100 40GB")
_SIZED_FAMILIES = ("a100", "gh200")
_WORDS = {"pcie": "PCIe", "ada": "Ada", "nvl": "NVL", "pro": "PRO"}


def gpu_short_name(gpu_id: str) -> str:
    """A catalog id (spec §4.4) as people say it: h100-sxm-80gb → H100, rtx-4090 → RTX 4090, tpu-v5p → TPU v5p."""
    parts = [p for p in gpu_id.split("-") if p and p != "sxm"]
    out: list[str] = []
    for p in parts:
        if re.fullmatch(r"\d+gb", p):
            if parts[0] in _SIZED_FAMILIES:
                out.append(p[:-2] + "GB")
            continue
        gaudi = re.fullmatch(r"gaudi(\d+)", p)
        if gaudi:
            out.append(f"Gaudi {gaudi.group(1)}")
        elif p in _WORDS:
            out.append(_WORDS[p])
        elif re.fullmatch(r"v\d+\w*", p):
            out.append(p)
        else:
            out.append(p.upper())
    return " ".join(out) or gpu_id


def derived_name(s: Scenario) -> str:
    """ "Llama 3.1 70B pretraining on 64 × H100"; "… inference on 2 × H100"."""
    method = METHOD_WORDS.get(s.workload.method, s.workload.method)
    n = s.hardware.gpu_count
    return f"{s.model.name} {method} on {n:,} × {gpu_short_name(s.hardware.gpu)}"


def is_derived(s: Scenario) -> bool:
    """The name is not the user's own: empty, the file format's default, or the derived name."""
    return s.name.strip() in ("", UNTITLED) or s.name == derived_name(s)


def follow_name(old: Scenario, new: Scenario) -> Scenario:
    """`new`, its name re-derived when the edit did not touch the name and the old one was derived."""
    if new.name == old.name and is_derived(old):
        name = derived_name(new)
        return new if new.name == name else replace(new, name=name)
    return new


def with_name(s: Scenario, typed: str) -> Scenario:
    """The user's name; an empty one means "derive it again"."""
    name = typed.strip()
    return replace(s, name=name or derived_name(s))
