"""fp8 recipes by name (issue 22): Transformer Engine's delayed, current, block and MXFP8 scaling and torchao, each
with its own cast traffic, per-expert quantize calls, weight cache, GPU requirement and Megatron flag."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gpuplanner import __version__
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import check_catalog_ids, estimate
from gpuplanner.core.errors import InputError
from gpuplanner.core.fp8_kernels import block_scaled_fp8, cast_bytes_per_element, cast_elements_per_token
from gpuplanner.core.framework import FP8_RECIPES, TE_RECIPES, fp8_recipe_of
from gpuplanner.core.framework_config import ImportOptions, import_config
from gpuplanner.core.framework_config.launch import launch_config
from gpuplanner.core.memory_states import state_bytes
from gpuplanner.core.moe_kernels import quantize_calls_per_expert
from gpuplanner.core.plan import plan
from gpuplanner.core.presets import preset
from gpuplanner.core.scenario import Workload
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.throughput import step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog()


def _doc(recipe: str | None, gpu: str = "b200-sxm-180gb", **hardware: Any) -> dict[str, Any]:
    workload: dict[str, Any] = {
        "method": "pretrain",
        "framework": "megatron",
        "precision": "fp8-mixed",
        "seq_len": 4096,
        "micro_batch": 1,
        "global_batch": 64,
        "tokens": 1e10,
        "recompute": "none",
    }
    if recipe is not None:
        workload["fp8_recipe"] = recipe
    return {
        "schema": 1,
        "model": {"preset": "llama-3.1-8b"},
        "workload": workload,
        "hardware": {"gpu": gpu, "gpu_count": 8, **hardware},
        "parallel": {"tp": 1, "pp": 1, "cp": 1, "ep": 1, "zero": 1},
    }


def test_te_means_the_frameworks_recipe_and_the_named_ones_stay() -> None:
    assert fp8_recipe_of("te", "megatron") == fp8_recipe_of(None, "megatron") == "te-current"  # Megatron-Bridge FP8-CS
    assert fp8_recipe_of("te", "generic") == fp8_recipe_of(None, "llm-foundry") == "te-delayed"  # TE's own default
    assert fp8_recipe_of(None, "torchtitan") == "torchao" and fp8_recipe_of(None, "hf") is None
    for recipe in FP8_RECIPES[1:]:
        assert fp8_recipe_of(recipe, "megatron") == fp8_recipe_of(recipe, "torchtitan") == recipe
        assert parse_scenario(_doc(recipe)).workload.fp8_recipe == recipe


def test_mxfp8_casts_in_one_kernel_with_block_scales_and_its_norms_write_bf16() -> None:
    # one read of bf16, two fp8 copies and an E8M0 byte per 32 elements each: no amax pass (current scaling: 6)
    assert cast_bytes_per_element("mxfp8", False) == pytest.approx(4.0 + 2.0 / 32.0)
    assert cast_bytes_per_element("te-delayed", False) < cast_bytes_per_element("mxfp8", False)
    assert cast_bytes_per_element("mxfp8", False) < cast_bytes_per_element("te-current", False)
    assert cast_bytes_per_element("te-blockwise", False) == pytest.approx(4.0 + 8.0 / 128.0)
    # the norm-fed input casts: free only under delayed scaling, whose norm writes fp8 itself
    m = preset("llama-3.1-8b")
    full = {r: cast_elements_per_token(m, r)[1] for r in ("te-delayed", "mxfp8", "te-current")}
    assert full["te-delayed"] == 2.0 * m.hidden  # only the two output gradients h wide
    assert full["mxfp8"] > full["te-current"] > full["te-delayed"]  # (5.06 / 4.06) vs (5 / 6) per norm-fed element


def test_step_memory_passes_order_by_recipe_traffic() -> None:
    m = preset("llama-3.1-8b")
    gpu = CATALOG.gpu("b200-sxm-180gb")
    rates = hardware_rates(gpu, CATALOG.default_node(gpu.id), 8, "fp8-mixed")
    kw = dict(tp=1, pp=1, cp=1, ep=1, dp=8, zero=1, micro_batch=1, recompute=0, global_batch=8)
    passes = {}
    for recipe in ("te-delayed", "mxfp8", "te-current"):
        w = Workload(method="pretrain", seq_len=8192, precision="fp8-mixed", framework="megatron", fp8_recipe=recipe)
        terms = step_times(m, w, rates, **kw).terms
        assert terms is not None
        passes[recipe] = float(terms.memory_bound_seconds)
    assert passes["te-delayed"] < passes["mxfp8"] < passes["te-current"]


def test_quantize_calls_and_weight_cache_follow_the_recipe() -> None:
    assert quantize_calls_per_expert("mxfp8") == quantize_calls_per_expert("te-current") == 1.0
    assert quantize_calls_per_expert("te-delayed") == quantize_calls_per_expert("torchao") == 0.0
    assert TE_RECIPES == {"te-delayed", "te-current", "te-blockwise", "mxfp8"}
    cached = state_bytes("fp8-mixed", "adamw", fp8_weight_cache=True)
    assert cached.fp8_cache == 1.0 and state_bytes("fp8-mixed", "adamw", fp8_weight_cache=False).fp8_cache == 0.0


def test_mxfp8_needs_a_data_center_blackwell_gpu() -> None:
    assert block_scaled_fp8(CATALOG.gpu("b200-sxm-180gb").architecture)
    assert block_scaled_fp8(CATALOG.gpu("gb200-186gb").architecture)
    assert not block_scaled_fp8(CATALOG.gpu("rtx-5090").architecture)  # compute capability 12.0: TE refuses
    check_catalog_ids(parse_scenario(_doc("mxfp8")), CATALOG)
    check_catalog_ids(parse_scenario(_doc("te-blockwise", gpu="h100-sxm-80gb")), CATALOG)  # Hopper runs blockwise
    for doc, named in (
        (_doc("mxfp8", gpu="h100-sxm-80gb"), "h100-sxm-80gb is Hopper"),
        (_doc("mxfp8", candidates=["b200-sxm-180gb", "rtx-5090"]), "(candidate rtx-5090)"),
    ):
        with pytest.raises(InputError) as err:
            check_catalog_ids(parse_scenario(doc), CATALOG, file="run.gpuplan.toml")
        assert err.value.key == "workload.fp8_recipe"
        assert '"mxfp8" runs on data-center Blackwell GPUs only' in str(err.value) and named in str(err.value)


@pytest.mark.parametrize(("recipe", "flag"), [("mxfp8", "mxfp8"), ("te-current", "tensorwise"), ("te", "tensorwise"),
                                              ("te-delayed", "delayed"), ("te-blockwise", "blockwise")])  # fmt: skip
def test_megatron_launch_writes_the_recipe_and_reads_it_back(tmp_path: Path, recipe: str, flag: str) -> None:
    scenario = parse_scenario(_doc(recipe))
    out = tmp_path / "launch.sh"
    config = launch_config(
        scenario, estimate(scenario, CATALOG, limits=False), "megatron", version=__version__, source="x", out=str(out)
    )
    assert f"--fp8-recipe {flag}" in config.text
    out.write_text(config.text)
    back = import_config(out, ImportOptions(framework="megatron")).scenario
    assert back.workload.fp8_recipe == fp8_recipe_of(recipe, "megatron")


def test_megatron_import_reads_fp8_recipe_with_megatrons_default(tmp_path: Path) -> None:
    base = (
        "torchrun pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --ffn-hidden-size 14336 "
        "--seq-length 4096 --micro-batch-size 1 --global-batch-size 64 --bf16 --fp8-format hybrid"
    )
    for extra, expected in (
        ("", "te-delayed"),
        (" --fp8-recipe mxfp8", "mxfp8"),
        (" --fp8-recipe tensorwise", "te-current"),
    ):
        path = tmp_path / "run.sh"
        path.write_text(base + extra + "\n")
        got = import_config(path, ImportOptions(framework="megatron", gpu="b200-sxm-180gb", gpu_count=8)).scenario
        assert got.workload.fp8_recipe == expected
    path.write_text(base + " --fp8-recipe custom\n")
    with pytest.raises(InputError, match="--fp8-recipe"):
        import_config(path, ImportOptions(framework="megatron", gpu="b200-sxm-180gb", gpu_count=8))


def test_block_scaled_gemms_run_below_per_tensor_fp8_on_blackwell_only() -> None:
    """TE's GEMM guide, pre-quantized B300 layer: MXFP8 7.161 ms against FP8 current scaling 6.812 ms
    (gemm_layer_rate.py); FP8 block scaling is emulated through MXFP8 on Blackwell and native on Hopper."""
    m = preset("llama-3.1-8b")
    kw = dict(tp=1, pp=1, cp=1, ep=1, dp=8, zero=1, micro_batch=1, recompute=0, global_batch=8)

    def gemm_seconds(gpu_id: str, recipe: str) -> float:
        gpu = CATALOG.gpu(gpu_id)
        rates = hardware_rates(gpu, CATALOG.default_node(gpu_id), 8, "fp8-mixed")
        w = Workload(method="pretrain", seq_len=4096, precision="fp8-mixed", framework="megatron", fp8_recipe=recipe)
        terms = step_times(m, w, rates, **kw).terms
        assert terms is not None
        return float(terms.gemm_seconds)

    head = gemm_seconds("b200-sxm-180gb", "te-current")
    for recipe in ("mxfp8", "te-blockwise"):
        slower = gemm_seconds("b200-sxm-180gb", recipe) / head
        assert 1.0 < slower < 7.161 / 6.812  # the LM head stays in bf16 at its own rate
    assert gemm_seconds("h100-sxm-80gb", "te-blockwise") == gemm_seconds("h100-sxm-80gb", "te-current")


def test_every_estimate_refuses_mxfp8_off_blackwell_and_a_plan_says_why_per_candidate() -> None:
    """The app's edits and a Plan's candidates go through estimate, not through a file check."""
    s = parse_scenario(_doc("mxfp8", candidates=["b200-sxm-180gb", "h100-sxm-80gb"]))
    with pytest.raises(InputError, match='"mxfp8" runs on data-center Blackwell GPUs only') as err:
        estimate(s, CATALOG, "h100-sxm-80gb", limits=False)
    assert err.value.key == "workload.fp8_recipe"
    assert estimate(s, CATALOG, "b200-sxm-180gb", limits=False).time is not None
    rows = {c.gpu: c for c in plan(s, CATALOG).candidates}
    assert rows["b200-sxm-180gb"].estimate is not None
    assert rows["h100-sxm-80gb"].estimate is None and "Blackwell" in (rows["h100-sxm-80gb"].error or "")


def test_launch_notes_name_the_recipe_the_estimate_priced(tmp_path: Path) -> None:
    doc = _doc(None)
    doc["workload"]["framework"] = "hf"  # no fp8 path of its own: the estimate priced torchao casts
    s = parse_scenario(doc)
    config = launch_config(
        s, estimate(s, CATALOG, limits=False), "megatron", version=__version__, source="x", out=str(tmp_path / "l.sh")
    )
    assert "fp8 recipe torchao has no Megatron-LM flag" in config.text and "None" not in config.text
