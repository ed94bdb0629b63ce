"""The results table's serving columns for inference scenarios (issue 21): per GPU type the serving plan's
deployment (``core.serving_plan.Deployment``) — replicas × (TP), output tokens/s, TTFT, TPOT and the cost per
million output tokens on demand and owned — in place of the training columns (wall clock, GPU-hours, job cost),
which an inference scenario leaves empty. The numbers are the plan's fields, as ``plan --json`` prints them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from . import formatting as fmt
from .serving_text import ms, per_million, shape

if TYPE_CHECKING:
    from gpuplanner.core.serving_plan import Deployment

    from .resultset import ResultSet

COLUMNS = ("deployment", "served", "ttft", "tpot", "per_million", "owned_per_million")
NUMERIC = {"served", "ttft", "tpot", "per_million", "owned_per_million"}


def tr(text: str) -> str:
    return QCoreApplication.translate("Results", text)


def shows_serving(rs: ResultSet | None) -> bool:
    """Inference with a serving plan (both lengths given): the table shows the serving columns."""
    return rs is not None and rs.serving is not None and not rs.serving.reason


def header(col: str) -> str:
    return {
        "deployment": tr("Deployment"),
        "served": tr("Output tokens/s"),
        "ttft": tr("TTFT"),
        "tpot": tr("TPOT"),
        "per_million": tr("On demand / M tokens"),
        "owned_per_million": tr("Owned / M tokens"),
    }[col]


def deployment(rs: ResultSet, gpu: str) -> Deployment | None:
    p = rs.serving
    return None if p is None else next((d for d in p.deployments if d.gpu == gpu), None)


def raw_value(rs: ResultSet, gpu: str, col: str) -> Any:
    d = deployment(rs, gpu)
    if d is None:
        return None
    return {
        "deployment": d,
        "served": d.output_tokens_per_second,
        "ttft": d.ttft_seconds,
        "tpot": d.tpot_seconds,
        "per_million": d.on_demand_per_million_output_tokens,
        "owned_per_million": d.owned_per_million_output_tokens,
    }[col]


def display(rs: ResultSet, gpu: str, col: str) -> str:
    d = deployment(rs, gpu)
    if d is None:
        return fmt.DASH
    if col == "deployment":
        text = tr("{0} × ({1})").format(fmt.count(d.replicas), shape(d))
        return text if d.meets_targets else tr("{0}, misses the targets").format(text)
    if col == "served":
        return fmt.count(d.output_tokens_per_second)
    if col in ("ttft", "tpot"):
        return ms(d.ttft_seconds if col == "ttft" else d.tpot_seconds)
    return per_million(raw_value(rs, gpu, col), rs.currency)


def tooltip(rs: ResultSet, gpu: str, col: str) -> str:
    d = deployment(rs, gpu)
    if d is None:
        return tr("No replica of the model fits on this GPU type (up to 8 pipeline stages of a node).")
    if col == "deployment":
        return d.reason
    if col == "served":
        return tr("{0} replicas × {1} sequences each; {2} requests/s").format(
            fmt.count(d.replicas), fmt.count(d.batch_per_replica), f"{d.requests_per_second:,.2f}"
        )
    if col == "per_million":
        return tr("on-demand price per GPU-hour × {0} GPUs / (output tokens/s × 3,600) × 1,000,000 (spec §4.3)").format(
            fmt.count(d.gpu_count)
        )
    if col == "owned_per_million":
        return tr(
            "owning cost per used GPU-hour at {0} utilization × {1} GPUs / (output tokens/s × 3,600) × 1,000,000"
        ).format(fmt.percent(rs.scenario.cost.utilization), fmt.count(d.gpu_count))
    return tr("time to first token") if col == "ttft" else tr("time per output token")
