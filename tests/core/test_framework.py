"""Framework profiles (spec §4.1 `workload.framework`): each behaviour moves the estimate the way the
framework's code says it should, and explicit keys override the profile."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.errors import InputError
from gpuplanner.core.framework import FRAMEWORKS, PROFILES, profile
from gpuplanner.core.memory import memory_for
from gpuplanner.core.report import estimate_document
from gpuplanner.core.results import Layout
from gpuplanner.core.scenario_io import parse_scenario, scenario_to_dict

GIB = 2**30
CAPACITY = 80 * GIB


def scenario(workload: dict[str, Any] | None = None, parallel: dict[str, Any] | None = None, gpus: int = 8):  # type: ignore[no-untyped-def]
    wl = {"method": "full", "seq_len": 4096, "micro_batch": 1, "tokens": 1e9, "recompute": "none"}
    wl.update(workload or {})
    par = {"tp": 1, "pp": 1, "cp": 1, "zero": 3}
    par.update(parallel or {})
    return parse_scenario(
        {
            "schema": 1,
            "name": "t",
            "model": {"preset": "llama-3.1-8b"},
            "workload": wl,
            "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": gpus},
            "parallel": par,
        }
    )


def mem(s):  # type: ignore[no-untyped-def]
    p = s.parallel
    dp = s.hardware.gpu_count // (p.tp * p.pp * p.cp)
    lay = Layout(
        tp=p.tp, pp=p.pp, cp=p.cp, dp=dp, zero=p.zero, micro_batch=s.workload.micro_batch,
        recompute=s.workload.recompute, sequence_parallel=p.tp > 1,
    )  # fmt: skip
    return memory_for(s.model, s.workload, lay, CAPACITY, s.hardware.gpu_count, solve_limits=False)


def test_every_framework_has_a_profile_with_known_policies() -> None:
    assert set(FRAMEWORKS) == set(PROFILES)
    for fw in PROFILES.values():
        assert fw.summary and fw.label
        assert set(fw.recompute_policies) <= {"none", "selective", "selective-op", "full"}
        assert "none" in fw.recompute_policies and "full" in fw.recompute_policies


def test_absent_precision_is_the_frameworks_own_and_round_trips() -> None:
    s = scenario({"framework": "torchtune"})
    assert s.workload.precision == "bf16-true"
    assert scenario({"framework": "torchtitan"}).workload.precision == "bf16-master"
    assert scenario({"framework": "hf"}).workload.precision == "bf16-mixed"
    assert scenario({"framework": "torchtune", "precision": "bf16-mixed"}).workload.precision == "bf16-mixed"
    again = parse_scenario(scenario_to_dict(s))
    assert again.workload == s.workload


def test_torchtitan_keeps_fp32_shards_without_a_separate_master_copy() -> None:
    titan = mem(scenario({"framework": "torchtitan", "precision": "bf16-master"}))
    megatron = mem(scenario({"framework": "megatron", "precision": "bf16-master"}))
    params = scenario().model.params
    # FSDP2: 4 B fp32 shard + 4 B fp32 grad + 8 B AdamW per parameter over 8 ranks; Megatron 2 + 4 + 4 + 8
    assert titan.optimizer == pytest.approx(8 * params / 8, rel=0.02)
    assert megatron.optimizer == pytest.approx(12 * params / 8, rel=0.02)
    assert titan.weights < megatron.weights + 3 * params / 8


def test_set_to_none_frees_gradients_before_forward_megatron_keeps_main_grad() -> None:
    hf = mem(scenario({"framework": "hf", "precision": "bf16-master"}, {"zero": 0}, gpus=1))
    meg = mem(scenario({"framework": "megatron", "precision": "bf16-master"}, {"zero": 0}, gpus=1))
    assert hf.peak_phase in ("loss backward", "end of forward", "backward of the last layer")
    assert hf.gradients == 0.0
    assert meg.gradients > 0.0


def test_op_sac_sits_between_full_and_no_recompute_and_is_torchtitans_selective() -> None:
    base = {"framework": "torchtitan"}
    none = mem(scenario({**base, "recompute": "none"})).activations
    op = mem(scenario({**base, "recompute": "selective-op"})).activations
    full = mem(scenario({**base, "recompute": "full"})).activations
    titan_selective = mem(scenario({**base, "recompute": "selective"})).activations
    assert full < op < 0.6 * none
    assert titan_selective == pytest.approx(op)
    # Megatron's selective with FlashAttention keeps nearly everything (the attention core has no s² term)
    meg_sel = mem(scenario({"framework": "megatron", "recompute": "selective"})).activations
    meg_none = mem(scenario({"framework": "megatron", "recompute": "none"})).activations
    assert meg_sel > 0.9 * meg_none


def test_recompute_every_n_layers_interpolates() -> None:
    base = {"framework": "torchtitan", "recompute": "full"}
    every1 = mem(scenario(base)).activations
    every2 = mem(scenario({**base, "recompute_every": 2})).activations
    none = mem(scenario({**base, "recompute": "none"})).activations
    assert every1 < every2 < none
    with pytest.raises(InputError, match="recompute_every"):
        scenario({"recompute": "selective", "recompute_every": 2})


def test_compile_drops_elementwise_intermediates_and_the_fp32_loss_buffers() -> None:
    base = {"framework": "torchtune", "micro_batch": 2}
    eager = mem(scenario(base, {"zero": 0}, gpus=1))
    compiled = mem(scenario({**base, "compile": True}, {"zero": 0}, gpus=1))
    assert compiled.total < eager.total
    assert compiled.weights == eager.weights and compiled.optimizer == eager.optimizer


def test_paged_optimizer_states_are_unified_memory_outside_the_allocator() -> None:
    plain = mem(scenario({"framework": "hf", "optimizer": "adamw8bit"}, {"zero": 0}, gpus=1))
    paged = mem(scenario({"framework": "hf", "optimizer": "adamw8bit", "optimizer_paged": True}, {"zero": 0}, gpus=1))
    assert plain.unified is None
    assert paged.unified is not None and paged.unified > 0
    assert paged.optimizer == pytest.approx(plain.optimizer - paged.unified)


def test_reserved_lies_between_total_and_what_nvidia_smi_shows() -> None:
    for fw in FRAMEWORKS:
        m = mem(scenario({"framework": fw}))
        assert m.total <= m.reserved <= m.total + m.overhead


def test_fp8_recipe_decides_whether_weight_copies_are_kept() -> None:
    te = mem(scenario({"framework": "megatron", "precision": "fp8-mixed", "fp8_recipe": "te"}))
    ao = mem(scenario({"framework": "megatron", "precision": "fp8-mixed", "fp8_recipe": "torchao"}))
    titan = mem(scenario({"framework": "torchtitan", "precision": "fp8-mixed"}))
    assert ao.optimizer < te.optimizer
    assert profile("torchtitan").fp8_recipe == "torchao" and titan.optimizer == pytest.approx(
        mem(scenario({"framework": "torchtitan", "precision": "fp8-mixed", "fp8_recipe": "torchao"})).optimizer
    )
    with pytest.raises(InputError, match="fp8_recipe"):
        scenario({"fp8_recipe": "te"})


def test_torchtitan_pipeline_keeps_stage_weights_unsharded() -> None:
    pp = {"pp": 2}
    titan = mem(scenario({"framework": "torchtitan", "global_batch": 16}, pp, gpus=16))
    generic = mem(scenario({"framework": "generic", "precision": "bf16-master", "global_batch": 16}, pp, gpus=16))
    stage_params = scenario().model.params / 2
    assert titan.weights > 2 * stage_params  # 16-bit stage weights held whole
    assert titan.gradients >= 4 * stage_params * 0.9  # unsharded fp32 gradients accumulate
    assert titan.total > generic.total


def test_json_carries_reserved_unified_and_the_planner_uses_the_frameworks_policies() -> None:
    s = scenario({"framework": "torchtitan", "optimizer_paged": True})
    s = replace(s, workload=replace(s.workload, recompute=None))
    e = estimate(s, load_catalog())
    doc = estimate_document(e, s.name)
    assert {"reserved", "unified"} <= set(doc["memory"])
    assert doc["memory"]["total"] <= doc["memory"]["reserved"]
    assert e.layout.recompute in profile("torchtitan").recompute_policies
