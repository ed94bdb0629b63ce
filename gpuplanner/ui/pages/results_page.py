"""Step 5: the results for the planned GPU, number by number (hover for the formula), with Save and Export.
The plots and the comparison table are in the results view beside the wizard."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gpuplanner.core.plan import headroom_band

from .. import formatting as fmt
from .. import memory_figures as mf
from .. import tooltips as tips
from ..cost_fields import unknown_text
from ..document import ScenarioDocument
from ..framework_text import framework_assumed
from ..resultset import ResultSet
from ..verdict import Verdict
from .base import PlannerPage

FIGURES = (
    "framework",
    "memory",
    "reserved",
    "smi",
    "headroom",
    "max_micro_batch",
    "layout",
    "wall",
    "gpu_hours",
    "tokens_per_second",
    "mfu",
    "job_cost",
    "cloud_on_demand",
    "onprem_tco",
    "breakeven",
    "per_million",
)


class ResultsPage(PlannerPage):
    saveRequested = Signal()
    exportRequested = Signal()
    launchRequested = Signal()  # write the chosen layout as a framework's launch config
    applyRequested = Signal(object, str)

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        t = self.tr
        self.setTitle(t("Results"))
        self.setSubTitle(t("The planned GPU in numbers; hover a number for its formula and inputs."))
        body = self.scrolling_body()
        self.verdict = Verdict(stacked=True)
        self.sentence = self.verdict.label
        self.verdict.applyRequested.connect(self.applyRequested)
        body.addWidget(self.verdict)
        self.box = QGroupBox()
        form = QFormLayout(self.box)
        self.form = form
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        labels = {
            "framework": t("Framework behaviour assumed:"),
            "memory": mf.label("allocated") + ":",
            "reserved": mf.label("reserved") + ":",
            "smi": mf.label("smi") + ":",
            "headroom": t("Headroom:"),
            "max_micro_batch": t("Largest micro-batch that fits:"),
            "layout": t("Layout:"),
            "wall": t("Wall clock:"),
            "gpu_hours": t("GPU-hours:"),
            "tokens_per_second": t("Throughput:"),
            "mfu": t("MFU:"),
            "job_cost": t("Job at on-demand prices:"),
            "cloud_on_demand": t("Cloud on demand (horizon):"),
            "onprem_tco": t("Owning TCO (horizon):"),
            "breakeven": t("Break-even utilization:"),
            "per_million": t("Owning cost per million tokens:"),
        }
        self.values: dict[str, QLabel] = {}
        self.launch_button = QPushButton(t("&Launch config…"))
        self.launch_button.setToolTip(t("Write this layout as a torchtitan, torchtune, Megatron or DeepSpeed config"))
        for key in FIGURES:
            value = QLabel(fmt.DASH)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setWordWrap(True)  # the framework behaviour is a phrase, not a number
            value.setAccessibleName(labels[key].rstrip(":"))
            if key == "layout":  # the button with the layout it writes, under it (beside it, the text was cut)
                row = QVBoxLayout()
                row.setContentsMargins(0, 0, 0, 0)
                row.setSpacing(2)
                row.addWidget(value)
                row.addWidget(self.launch_button, 0, Qt.AlignmentFlag.AlignLeft)
                form.addRow(QLabel(labels[key]), row)
            else:
                form.addRow(QLabel(labels[key]), value)
            self.values[key] = value
        body.addWidget(self.box)
        buttons = QHBoxLayout()
        self.save_button = QPushButton(t("&Save scenario…"))
        self.export_button = QPushButton(t("E&xport workbook…"))
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.export_button)
        buttons.addStretch(1)
        body.addLayout(buttons)
        body.addStretch(1)
        self.save_button.clicked.connect(self.saveRequested)
        self.export_button.clicked.connect(self.exportRequested)
        self.launch_button.clicked.connect(self.launchRequested)
        self.load()

    def refresh(self, s) -> None:
        pass

    def show_results(self, rs: ResultSet) -> None:
        self.verdict.show_results(rs)
        c = rs.primary
        e = c.estimate if c is not None else None
        name = c.gpu_name if c else rs.scenario.hardware.gpu
        training = rs.scenario.workload.is_training
        if training:
            self.box.setTitle(self.tr("{0} × {1}").format(rs.scenario.hardware.gpu_count, name))
        else:  # the verdict sizes the serving deployment; these figures are step 3's hardware as given
            self.box.setTitle(self.tr("{0} × {1} as given in step 3").format(rs.scenario.hardware.gpu_count, name))
        for key in ("wall", "gpu_hours", "tokens_per_second", "mfu", "job_cost"):  # a training job's figures
            self.form.setRowVisible(self.values[key], training)
        for label in self.values.values():
            label.setText(fmt.DASH)
            label.setToolTip(c.error if c is not None and c.error else "")
        self.launch_button.setEnabled(e is not None and rs.scenario.workload.is_training)
        if e is None:
            return
        mem, t, cost, cur, b = e.memory, e.time, e.cost, rs.currency, e.bands
        assert mem is not None  # the engine gives every estimate its memory (core/engine.py, estimate)
        s = rs.scenario
        wall = t.wall_seconds if t else None
        shown = {
            "framework": framework_assumed(s, mem.peak_phase),
            "memory": (
                fmt.gib(mem.total) + fmt.in_parentheses(fmt.gib_range(b.memory_total if b else None)),
                tips.memory_total(e),
            ),
            "reserved": (fmt.gib(mem.reserved), mf.meaning("reserved")),
            "smi": (
                fmt.gib(mem.total + mem.overhead) + self.tr(" of {0}").format(fmt.gib(mem.capacity)),
                tips.memory_total(e),
            ),
            "headroom": (
                fmt.signed_gib(mem.headroom)
                + fmt.in_parentheses(fmt.gib_range(headroom_band(e)))
                + " · "
                + fmt.fit_word(b.fit_probability if b else None, mem.fits)
                + fmt.in_parentheses(
                    self.tr("fit probability {0}").format(fmt.probability(b.fit_probability))
                    if b is not None and b.fit_probability is not None
                    else ""
                ),
                tips.headroom(e),
            ),
            "max_micro_batch": (fmt.count(mem.max_micro_batch), tips.headroom(e)),
            "layout": (
                f"tp {e.layout.tp} · pp {e.layout.pp} · cp {e.layout.cp} · dp {e.layout.dp} · ZeRO-{e.layout.zero}",
                tips.layout(e),
            ),
            "wall": (
                fmt.days(wall) + fmt.in_parentheses(fmt.days_range(b.wall_seconds if b else None, wall)),
                tips.wall_time(e, s.workload.training_tokens),
            ),
            "gpu_hours": (
                fmt.gpu_hours(t.gpu_hours if t else None)
                + fmt.in_parentheses(fmt.band_text(b.gpu_hours if b else None, lambda v: f"{v:,.0f}")),
                tips.gpu_hours(e, s.hardware.gpu_count),
            ),
            "tokens_per_second": (
                self.tr("{0} tokens/s").format(fmt.count(t.tokens_per_second))
                + fmt.in_parentheses(fmt.band_text(b.tokens_per_second if b else None, lambda v: f"{v:,.0f}"))
                if t and t.tokens_per_second
                else fmt.DASH,
                tips.wall_time(e, s.workload.training_tokens),
            ),
            "mfu": (fmt.percent(t.mfu if t else None, 1), tips.wall_time(e, s.workload.training_tokens)),
            "job_cost": (
                fmt.money(getattr(cost, "job_cloud_on_demand", None), cur)
                + fmt.in_parentheses(
                    fmt.money_range(b.job_cloud_on_demand, cur)
                    if b is not None and getattr(cost, "job_cloud_on_demand", None) is not None
                    else ""
                ),
                tips.job_cost(e),
            ),
            "cloud_on_demand": (
                fmt.money(getattr(cost, "cloud_on_demand", None), cur),
                tips.cloud_total(e, "cloud_on_demand"),
            ),
            "onprem_tco": (
                fmt.money(getattr(cost, "onprem_tco", None), cur)
                if getattr(cost, "onprem_tco", None) is not None
                else unknown_text(e, "onprem_tco") or fmt.DASH,
                tips.onprem_tco(e),
            ),
            "breakeven": (fmt.percent(getattr(cost, "breakeven_utilization", None), 1), tips.breakeven(e)),
            "per_million": (self._per_million(getattr(cost, "per_million_tokens", None), cur), tips.per_million(e)),
        }
        for key, (text, tip) in shown.items():
            self.values[key].setText(text)
            self.values[key].setToolTip(tip)

    @staticmethod
    def _per_million(v: float | None, cur: str) -> str:
        if v is None:
            return fmt.DASH
        sym = fmt.CURRENCY_SYMBOL.get(cur, "")
        return f"{sym}{v:,.2f}" if v >= 0.01 else f"{sym}{v:.4f}"


if __name__ == "__main__":
    import sys

    from .._demo import demo_document, run_widget
    from ..resultset import compute_results

    def make(_app):
        doc = demo_document()
        page = ResultsPage(doc)
        page._demo_doc = doc
        page.show_results(compute_results(doc.scenario, doc.catalog))
        return page

    sys.exit(run_widget(make))
