"""Summary's deadline block (issue #15): when the scenario has `workload.deadline_days`, the Plan's answer per GPU
type (the smallest whole-node GPU count that meets the deadline, its wall clock, this job at on-demand prices and
the on-prem TCO) and the Plan's recommendation with its reason. These are engine values (green): the formulas
cannot re-run the layout search, so a change of the deadline needs a new export. The recommended GPU's figures
carry the defined names `out_deadline_gpu_count`, `out_deadline_wall_days` and `out_deadline_job_cloud_on_demand`
(and `out_deadline_onprem_tco`), the figures the app's verdict and `gpuplanner plan` print."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.plan import DeadlineAnswer, Plan
from ...cells import put

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Summary"
ANSWER_ROW, ANSWER_LAST_COLUMN = 5, 7  # the sentence on top, merged over B:G (the charts start at H)
SECONDS_PER_DAY = 86400.0  # wall_seconds → days, the unit of the Summary's wall-clock column
NAMES = (
    "out_deadline_gpu_count",
    "out_deadline_wall_days",
    "out_deadline_job_cloud_on_demand",
    "out_deadline_onprem_tco",
)
# The English sentence of the recommendation; Korean has its own (i18n_ko) with the same placeholders.
MEETS = "{count} × {gpu}: {wall} days, {cost} at on-demand prices (the lowest job cost)"
MEETS_NO_PRICE = "{count} × {gpu}: {wall} days (no on-demand price published)"
NONE_MEETS = "No candidate meets the {days}-day deadline (the reason per GPU type is below)"


def has_deadline(plan: Plan | None) -> bool:
    return plan is not None and bool(plan.deadline) and plan.scenario.workload.deadline_days is not None


def write(b: Builder, first_row: int) -> int:
    """The block from `first_row`; returns the next free row (unchanged without a deadline)."""
    plan = b.plan
    if plan is None or not has_deadline(plan):
        return first_row
    ws, t = b.ws[SHEET], b.t
    days = plan.scenario.workload.deadline_days
    assert days is not None
    days_text = f"{days:g}"
    rec = plan.recommendation
    # the answer on top (row ANSWER_ROW, beside the scenario), so that the reader does not take the key numbers
    # at the scenario's GPU count for the plan; the details per GPU type below the comparison
    put(ws, ANSWER_ROW, 1, t("Meets the {days}-day deadline").format(days=days_text), "bold")
    put(ws, ANSWER_ROW, 2, _sentence(b, plan, days_text), "engine")
    ws.merge_cells(start_row=ANSWER_ROW, start_column=2, end_row=ANSWER_ROW, end_column=ANSWER_LAST_COLUMN)
    r = first_row
    put(ws, r, 1, t("Deadline: {days} days (engine answer per GPU type)").format(days=days_text), "section")
    put(
        ws,
        r + 1,
        1,
        t("smallest whole-node GPU count meeting the deadline; among those, the lowest job cost on demand"),
        "subtitle",
    )
    hdr = r + 2
    heads = (
        t("GPU"),
        t("GPU count"),
        t("Wall-clock days"),
        t("This job at on-demand prices"),
        t("On-prem TCO"),
        t("Note"),
    )
    for i, h in enumerate(heads, start=1):
        put(ws, hdr, i, h, "header")
    ws.row_dimensions[hdr].height = 30  # two lines: "This job at on-demand prices" wraps in its column
    row = hdr + 1
    for gid, answer in plan.deadline.items():
        _answer_row(b, row, _gpu_name(plan, gid), answer)
        if rec.kind == "deadline" and gid == rec.gpu:
            put(ws, row, 6, t("recommended"), "bold")
            for name, column in zip(NAMES, (2, 3, 4, 5), strict=True):
                b.define(name, SHEET, row, column)
        row += 1
    return row + 1


def _answer_row(b: Builder, r: int, gpu_name: str, d: DeadlineAnswer) -> None:
    ws, fmt = b.ws[SHEET], b.fmt
    put(ws, r, 1, gpu_name, "text")
    put(ws, r, 2, d.gpu_count, "engine", fmt["int"])
    put(ws, r, 3, None if d.wall_seconds is None else d.wall_seconds / SECONDS_PER_DAY, "engine", fmt["days"])
    put(ws, r, 4, d.job_cloud_on_demand, "engine", fmt["money"])
    put(ws, r, 5, d.onprem_tco, "engine", fmt["money"])
    if d.gpu_count is None:
        put(ws, r, 6, d.reason or b.t("does not meet the deadline"), "subtitle")
    elif d.job_cloud_on_demand is None:
        put(ws, r, 6, b.t("not published"), "subtitle")


def _gpu_name(plan: Plan, gid: str) -> str:
    c = plan.candidate(gid)
    return c.gpu_name if c is not None and c.gpu_name else gid


def _sentence(b: Builder, plan: Plan, days_text: str) -> str:
    rec = plan.recommendation
    answer = plan.deadline.get(rec.gpu) if rec.gpu is not None else None
    if rec.kind != "deadline" or answer is None or answer.gpu_count is None:
        return b.t(NONE_MEETS).format(days=days_text)
    wall = f"{(answer.wall_seconds or 0.0) / SECONDS_PER_DAY:,.1f}"
    common = {"count": f"{answer.gpu_count:,}", "gpu": _gpu_name(plan, answer.gpu), "wall": wall}
    if answer.job_cloud_on_demand is None:
        return b.t(MEETS_NO_PRICE).format(**common)
    return b.t(MEETS).format(cost=_money(answer.job_cloud_on_demand, plan.currency), **common)


def _money(value: float, currency: str) -> str:
    """Whole currency units as the app writes them ($1,049,170; other currencies with their code)."""
    sym = {"USD": "$", "KRW": "₩"}.get(currency)  # the two currencies of styles.number_formats
    return f"{sym}{value:,.0f}" if sym else f"{value:,.0f} {currency}"
