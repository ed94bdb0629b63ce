"""GPT-OSS-120B on 64 B200 runs at its recipe's EP 64 (docs/estimation_time.md round 7).

The 25.11 table row prints EP 8, but the B200 recipe of that container (Megatron-Bridge v0.2.0 and 00b7660
`GPT_OSS_120B_B200_BF16_BASE_CONFIG`) sets `expert_model_parallel_size=64` and the 26.02 edition of the same table
lists the B200 run at EP 64 with 8,047 tokens/s, 2% from the 25.11 row. At EP 8 the model spends half the step on
an expert-data-parallel reduction the run did not do (+73.5% against +13.1%).
"""

from __future__ import annotations

import json
from pathlib import Path

CASES = Path(__file__).resolve().parents[1] / "validation" / "data" / "throughput_cases.json"


def _case(case_id: str) -> dict:  # type: ignore[type-arg]
    cases = json.loads(CASES.read_text(encoding="utf-8"))["cases"]
    return next(c for c in cases if c["id"] == case_id)


def test_b200_gpt_oss_runs_at_the_recipes_ep_64() -> None:
    for case_id, measured in (("mb_b200_gpt_oss_120b_64", 8213), ("mb_b200_gpt_oss_120b_64_2602", 8047)):
        case = _case(case_id)
        assert case["parallel"]["ep"] == 64, case_id
        assert case["parallel"]["pp"] == 1 and case["workload"]["micro_batch"] == 4
        assert case["measured"]["tokens_per_second_per_gpu"] == measured
    assert "expert_model_parallel_size=64" in _case("mb_b200_gpt_oss_120b_64")["notes"]


def test_h100_gpt_oss_keeps_the_base_ep_8() -> None:
    # the H100 recipe keeps BASE_GPT_OSS_120B_CONFIG's expert_model_parallel_size=8 (and its table rows say EP 8)
    for case_id in ("mb_gpt_oss_120b_bf16_64", "mb_h100_gpt_oss_120b_64_2602"):
        assert _case(case_id)["parallel"]["ep"] == 8
