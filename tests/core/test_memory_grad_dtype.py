"""Memory and time of one Plan agree on the gradient buffer (issue 22 follow-up): the memory model holds each
gradient element in the framework profile's dtype (`FrameworkProfile.grad_bytes`), the number the time model
uses for the main_grad traffic and the DP reduction (throughput.py; tests/core/test_grad_dtype.py checks the time
side). Megatron-Core's buffer is full-size on every DP rank under the distributed optimizer (reduce-scattered in
place), the fp32 master copy stays, and a 16-bit buffer is copied to fp32 shard by shard for the optimizer step."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpuplanner.core import framework
from gpuplanner.core.framework import FRAMEWORKS, profile
from gpuplanner.core.memory import PEAK_PHASES, _stage_params, training_components
from gpuplanner.core.memory_states import state_bytes
from gpuplanner.core.presets import preset
from gpuplanner.core.scenario import PRECISIONS, Workload

LLAMA8 = preset("llama-3.1-8b")


def _components(w: Workload, **kw: float):  # type: ignore[no-untyped-def]
    args: dict[str, float] = dict(tp=1, pp=1, cp=1, ep=1, dp=1, zero=0, micro_batch=1, recompute=2, gpu_count=8)
    args.update(kw)
    return training_components(LLAMA8, w, **args)


def _local_params() -> float:
    """Parameters on the one GPU of a tp = pp = 1 layout, as the memory model counts them."""
    one = np.ones(1)
    dense, expert, _ = _stage_params(LLAMA8, one, one, one, first=True)
    return float((dense + expert)[0])


@pytest.mark.parametrize("framework_id", FRAMEWORKS)
@pytest.mark.parametrize("precision", PRECISIONS)
def test_memory_holds_the_gradient_in_the_time_models_dtype(framework_id: str, precision: str) -> None:
    if precision == "fp8-mixed" and profile(framework_id).fp8_recipe is None:
        pytest.skip("no fp8 path in this framework")
    # two micro-batches per step: the gradients exist at every phase, so the peak's gradient term is the buffer
    w = Workload(method="pretrain", seq_len=256, precision=precision, framework=framework_id, global_batch=2)
    c = _components(w)
    grad_bytes_per_param = float(c.gradients) / _local_params()
    assert grad_bytes_per_param == pytest.approx(profile(framework_id).grad_bytes(precision), rel=1e-9)


def test_megatron_bf16_buffer_full_size_under_the_distributed_optimizer() -> None:
    """Megatron-Bridge recipes: 2 (bf16 weights) + 2 (bf16 main_grad, not sharded) + 12/d (fp32 master and
    moments, sharded); at the optimizer step each rank also holds the fp32 copy of its gradient shard (4/d)."""
    w = Workload(method="pretrain", seq_len=128, precision="bf16-master", framework="megatron", global_batch=8)
    c = _components(w, dp=8, zero=1)
    p = float(c.weights) / 2.0
    assert float(c.gradients) == pytest.approx(2.0 * p, rel=1e-9)  # full-size, reduce-scattered in place
    # a short sequence under full recompute: the step's fp32 gradient copy is the peak
    assert PEAK_PHASES[int(c.phase)] == "optimizer step"
    assert float(c.optimizer) == pytest.approx(p * (4.0 + 8.0 + 4.0) / 8, rel=1e-9)
    sb = state_bytes("bf16-master", "adamw", grad_bytes=profile("megatron").grad_bytes("bf16-master"))
    assert (sb.weight, sb.grad, sb.master, sb.optimizer, sb.step_grad_copy) == (2.0, 2.0, 4.0, 8.0, 4.0)
    assert sb.total == 16.0  # 4 + 12/d at d = 1; the step's copy is transient, not a state


def test_fp32_buffer_needs_no_copy_for_the_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """`main_grad.float()` of an fp32 buffer is the buffer itself: 18 bytes/param and no temporary (Megatron-Core
    with grad_reduce_in_fp32 = True, the generic profile's bf16-master)."""
    prof = dataclasses.replace(framework.PROFILES["megatron"], grads_in_param_dtype=False)
    monkeypatch.setitem(framework.PROFILES, "megatron", prof)
    w = Workload(method="pretrain", seq_len=128, precision="bf16-master", framework="megatron", global_batch=8)
    c = _components(w, dp=8, zero=1)
    p = float(c.weights) / 2.0
    assert float(c.gradients) == pytest.approx(4.0 * p, rel=1e-9)
    assert float(c.optimizer) == pytest.approx(p * 12.0 / 8, rel=1e-9)
    assert state_bytes("bf16-master", "adamw").step_grad_copy == 0.0


def test_megatron_lm_2021_fp16_buffer_and_its_whole_fp32_copy() -> None:
    """generic fp16-master (Megatron-LM 2021–22 `--fp16`): fp16 gradients; the non-distributed
    Float16OptimizerWithFloat16Params copies every gradient to fp32 for the step (`main_grad.float()`)."""
    w = Workload(method="pretrain", seq_len=128, precision="fp16-master", global_batch=2)
    c = _components(w)
    p = float(c.weights) / 2.0
    assert float(c.gradients) == pytest.approx(2.0 * p, rel=1e-9)
    assert PEAK_PHASES[int(c.phase)] == "optimizer step"
    assert float(c.optimizer) == pytest.approx(p * (12.0 + 4.0), rel=1e-9)
