"""core.naming: the derived scenario name, and a name that follows the plan until the user types one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gpuplanner.core.naming import UNTITLED, derived_name, follow_name, gpu_short_name, is_derived, with_name
from gpuplanner.core.scenario_io import parse_scenario


def scenario(name: str = UNTITLED, method: str = "pretrain", gpu: str = "h100-sxm-80gb", count: int = 64):  # type: ignore[no-untyped-def]
    wl = {"method": method, "seq_len": 4096}
    if method != "inference":
        wl["tokens"] = 1e9
    return parse_scenario(
        {
            "schema": 1,
            "name": name,
            "model": {"preset": "llama-3.1-70b"},
            "workload": wl,
            "hardware": {"gpu": gpu, "gpu_count": count},
        }
    )


@pytest.mark.parametrize(
    ("gpu_id", "short"),
    [
        ("h100-sxm-80gb", "H100"),
        ("a100-sxm-40gb", "A100 40GB"),
        ("a100-pcie-80gb", "A100 PCIe 80GB"),
        ("rtx-4090", "RTX 4090"),
        ("rtx-6000-ada", "RTX 6000 Ada"),
        ("mi300x", "MI300X"),
        ("h100-nvl-94gb", "H100 NVL"),
        ("tpu-v5p", "TPU v5p"),
        ("gaudi3", "Gaudi 3"),
    ],
)
def test_gpu_short_names(gpu_id: str, short: str) -> None:
    assert gpu_short_name(gpu_id) == short


def test_the_spec_example() -> None:
    assert derived_name(scenario()) == "Llama 3.1 70B pretraining on 64 × H100"
    assert (
        derived_name(scenario(method="qlora", gpu="rtx-4090", count=1))
        == "Llama 3.1 70B QLoRA fine-tune on 1 × RTX 4090"
    )
    assert derived_name(scenario(count=16384)) == "Llama 3.1 70B pretraining on 16,384 × H100"


def test_a_derived_name_follows_an_edit() -> None:
    old = scenario(name="Llama 3.1 70B pretraining on 64 × H100")
    assert is_derived(old)
    new = replace(old, hardware=replace(old.hardware, gpu_count=1280))
    assert follow_name(old, new).name == "Llama 3.1 70B pretraining on 1,280 × H100"
    untitled = scenario()
    assert (
        follow_name(untitled, replace(untitled, hardware=new.hardware)).name
        == "Llama 3.1 70B pretraining on 1,280 × H100"
    )


def test_the_users_own_name_stays() -> None:
    old = scenario(name="Cluster bid, March")
    assert not is_derived(old)
    new = replace(old, hardware=replace(old.hardware, gpu_count=1280))
    assert follow_name(old, new).name == "Cluster bid, March"
    renamed = with_name(new, "Other")  # an edit of the name itself is kept
    assert follow_name(new, renamed).name == "Other"


def test_an_empty_typed_name_means_derive_it_again() -> None:
    s = scenario(name="Mine")
    assert with_name(s, "   ").name == derived_name(s)
    assert with_name(s, " Bid ").name == "Bid"
