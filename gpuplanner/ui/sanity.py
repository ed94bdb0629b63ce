"""Sanity warnings under the verdict: inputs that the engine accepts but that are probably not what the user
means, each with its reason (issue #16 item 12)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from . import formatting as fmt
from .resultset import ResultSet

# Context length each preset was trained for: `max_position_embeddings` in the model's Hugging Face
# config.json (meta-llama/Llama-3.1-8B, -70B, -405B, Llama-3.2-1B/-3B, Llama-3.3-70B-Instruct: 131072;
# meta-llama/Llama-2-7b-hf, -13b-hf, -70b-hf: 4096; mistralai/Mistral-7B-v0.3 and Mixtral-8x7B-v0.1: 32768;
# mistralai/Mixtral-8x22B-v0.1: 65536; google/gemma-2-9b, -27b: 8192; deepseek-ai/DeepSeek-V3: 163840;
# Qwen/Qwen3-30B-A3B, Qwen3-235B-A22B: 40960; openai/gpt-oss-20b, -120b: 131072).
# Models with a learned position table (GPT-3) carry theirs in ModelSpec.learned_positions.
TRAINED_CONTEXT = {
    "llama-3.1-8b": 131_072,
    "llama-3.1-70b": 131_072,
    "llama-3.1-405b": 131_072,
    "llama-3.2-1b": 131_072,
    "llama-3.2-3b": 131_072,
    "llama-3.3-70b": 131_072,
    "llama-2-7b": 4_096,
    "llama-2-13b": 4_096,
    "llama-2-70b": 4_096,
    "mistral-7b": 32_768,
    "mixtral-8x7b": 32_768,
    "mixtral-8x22b": 65_536,
    "gemma-2-9b": 8_192,
    "gemma-2-27b": 8_192,
    "deepseek-v3": 163_840,
    "qwen3-30b-a3b": 40_960,
    "qwen3-235b-a22b": 40_960,
    "gpt-oss-20b": 131_072,
    "gpt-oss-120b": 131_072,
}


def tr(text: str) -> str:
    return QCoreApplication.translate("Sanity", text)


def trained_context(rs: ResultSet) -> int | None:
    s = rs.scenario
    if s.model.learned_positions:
        return s.model.learned_positions
    return TRAINED_CONTEXT.get(s.model_preset or "")


def warnings_for(rs: ResultSet) -> list[str]:
    s = rs.scenario
    w, n = s.workload, s.hardware.gpu_count
    out: list[str] = []
    ctx = trained_context(rs)
    if ctx is not None and w.seq_len > ctx:
        out.append(
            tr(
                "A sequence of {0} tokens is {1:.3g}× the {2} tokens {3} was trained for: the estimate assumes "
                "the model works at that length (context extension), which it does not out of the box."
            ).format(fmt.count(w.seq_len), w.seq_len / ctx, fmt.count(ctx), s.model.name)
        )
    gb = w.global_batch
    if w.is_training and gb is not None and gb < n:
        out.append(
            tr(
                "A global batch of {0} sequences on {1} GPUs: data parallelism is at most {0}-way, so every "
                "sequence is split over {2} or more GPUs (tensor, pipeline, context parallel), which is slow and "
                "leaves memory unused. Raise the global batch or plan fewer GPUs."
            ).format(fmt.count(gb), fmt.count(n), fmt.count(-(-n // gb)))
        )
    c = rs.primary
    mem = c.estimate.memory if c is not None and c.estimate is not None else None
    if w.is_training and mem is not None and mem.fits and n > 8 and mem.total + mem.overhead < 0.25 * mem.capacity:
        out.append(
            tr("The planned layout uses {0} of {1} per GPU: fewer GPUs (or a larger micro-batch) would do.").format(
                fmt.gib(mem.total + mem.overhead), fmt.gib(mem.capacity)
            )
        )
    return out
