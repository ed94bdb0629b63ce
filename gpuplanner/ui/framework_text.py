"""The framework profiles (core/framework.py) and recompute policies as the wizard and the results name them,
in the user's language. The English texts are the profiles' own (tests/ui/test_framework_step.py checks that
they agree); they are literals here so that the translation workflow finds them."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.framework import profile
from gpuplanner.core.scenario import Scenario


def tr(text: str) -> str:
    return QCoreApplication.translate("Frameworks", text)


def labels() -> dict[str, tuple[str, str]]:
    """Framework id -> (label, one-line summary)."""
    return {
        "generic": (
            tr("Unknown / other"),
            tr("Best estimate when the framework is unknown: master-weight styles as Megatron, others as eager"),
        ),
        "hf": (
            tr("Hugging Face Trainer / PEFT / Accelerate"),
            tr("transformers modules, autocast over fp32 weights, gradient checkpointing = full recompute"),
        ),
        "torchtune": (
            tr("torchtune"),
            tr("torchtune recipes: pure bf16 weights and AdamW states, chunked loss, optimizer in backward"),
        ),
        "torchtitan": (
            tr("torchtitan"),
            tr("FSDP2 with fp32 sharded weights and bf16 compute, per-op selective checkpointing, torchao fp8"),
        ),
        "megatron": (
            tr("Megatron-Core / NeMo"),
            tr("fused Transformer Engine kernels, persistent bf16 gradient buffer, distributed optimizer"),
        ),
        "deepspeed": (
            tr("DeepSpeed ZeRO"),
            tr("ZeRO stages over Hugging Face modules: bf16 weights with an fp32 master copy"),
        ),
        "llm-foundry": (
            tr("MosaicML llm-foundry / Composer"),
            tr("Composer with FSDP and autocast (amp_bf16) over fp32 weights"),
        ),
    }


def recompute_label(policy: str | None) -> str:
    return {
        None: tr("Automatic (planner)"),
        "none": tr("None"),
        "selective": tr("Selective (attention)"),
        "selective-op": tr("Selective per op (every other matmul saved)"),
        "full": tr("Full (every layer)"),
    }.get(policy, policy or "")


def recompute_choices(framework_id: str) -> list[tuple[str | None, str]]:
    """ "Automatic (planner)" (recompute absent) and the policies the framework has."""
    return [(None, recompute_label(None))] + [(p, recompute_label(p)) for p in profile(framework_id).recompute_policies]


def phase_label(phase: str) -> str:
    """core.memory.PEAK_PHASES in the user's language."""
    return {
        "end of forward": tr("end of forward"),
        "loss backward": tr("loss backward"),
        "backward of the last layer": tr("backward of the last layer"),
        "end of backward": tr("end of backward"),
        "optimizer step": tr("optimizer step"),
    }.get(phase, phase)


def framework_assumed(s: Scenario, peak_phase: str) -> tuple[str, str]:
    """(what the results page shows, its tooltip): the profile assumed and when the peak happens."""
    fw = s.workload.framework
    label, summary = labels().get(fw, (fw, ""))
    text = label if not peak_phase else tr("{0}, peak during {1}").format(label, phase_label(peak_phase))
    extras = []
    if s.workload.compile:
        extras.append(tr("torch.compile"))
    if s.workload.recompute is None:
        extras.append(tr("recompute chosen by the planner"))
    tip = summary + ("\n" + ", ".join(extras) if extras else "")
    return text, tip
