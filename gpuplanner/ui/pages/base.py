"""What every wizard page shares: read the document, write edits back, show problems.

A widget change turns into a *setter* (scenario -> scenario, changing that one key). The page applies the
setters of every field the user changed since the last valid state to the document's scenario, and checks
the result exactly as a file would be checked (``edits.normalize``). When it is valid it goes to the
document (one undo step per field, typing merged); else the field the problem names gets a red border and
the reason under it, the page-level message says what to do, and Next stays disabled (``isComplete``)
until the page is valid again. The user's invalid input stays on screen until they fix it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget, QWizardPage

from gpuplanner.core.errors import InputError
from gpuplanner.core.scenario import Scenario

from ..document import ScenarioDocument
from ..edits import normalize
from ..fields import FieldRow
from ..qt_names import set_enum_property
from ..theme import error_color

if TYPE_CHECKING:  # count_input loads with the first field that uses it
    from ..count_input import CountSpin, TokenCountSpin


def key_label(key: str) -> str:
    """A scenario key as the wizard names it, with its step: ``Global batch (step 2)``."""
    t = QCoreApplication.translate
    labels = {
        "model": t("Keys", "Model (step 1)"),
        "workload.method": t("Keys", "Method (step 1)"),
        "workload.seq_len": t("Keys", "Sequence length (step 2)"),
        "workload.micro_batch": t("Keys", "Micro-batch (step 2)"),
        "workload.global_batch": t("Keys", "Global batch (step 2)"),
        "workload.tokens": t("Keys", "Tokens to train (step 2)"),
        "workload.dataset_tokens": t("Keys", "Dataset size (step 2)"),
        "workload.epochs": t("Keys", "Epochs (step 2)"),
        "workload.lora_targets": t("Keys", "LoRA targets (step 2)"),
        "parallel": t("Keys", "Parallel layout (step 2)"),
        "hardware.gpu": t("Keys", "GPU (step 3)"),
        "hardware.gpu_count": t("Keys", "GPU count (step 3)"),
        "hardware.candidates": t("Keys", "Candidate GPUs (step 3)"),
        "hardware.gpus_per_node": t("Keys", "GPUs per node (step 3)"),
        "name": t("Keys", "Scenario name"),
        "model.preset": t("Keys", "Model preset (step 1)"),
        "model.name": t("Keys", "Model name (step 1)"),
        "workload.precision": t("Keys", "Precision (step 2)"),
        "workload.fp8_recipe": t("Keys", "FP8 recipe (step 2)"),
        "workload.moe_dispatcher": t("Keys", "MoE token dispatch (step 2)"),
        "workload.optimizer": t("Keys", "Optimizer (step 2)"),
        "workload.recompute": t("Keys", "Activation recompute (step 2)"),
        "workload.flash_attention": t("Keys", "FlashAttention (step 2)"),
        "workload.chunked_loss": t("Keys", "Chunked loss (step 2)"),
        "workload.lora_rank": t("Keys", "LoRA rank (step 2)"),
        "workload.batch": t("Keys", "Concurrent sequences (step 2)"),
        "workload.deadline_days": t("Keys", "Deadline (step 3)"),
        "hardware.inter_node_gbits_per_s": t("Keys", "Link between nodes (step 3)"),
        "hardware.intra_node_gbytes_per_s": t("Keys", "Link inside a node (step 3)"),
        "parallel.tp": t("Keys", "Tensor parallel (step 2)"),
        "parallel.pp": t("Keys", "Pipeline parallel (step 2)"),
        "parallel.cp": t("Keys", "Context parallel (step 2)"),
        "parallel.ep": t("Keys", "Expert parallel (step 2)"),
        "parallel.zero": t("Keys", "ZeRO stage (step 2)"),
        "cost.site": t("Keys", "Site profile (step 4)"),
        "cost.utilization": t("Keys", "Utilization (step 4)"),
        "cost.horizon_years": t("Keys", "Horizon (step 4)"),
        "cost.currency": t("Keys", "Currency (step 4)"),
        "cost.usd_to_krw": t("Keys", "Exchange rate (step 4)"),
        "cost.cloud_usd_per_gpu_hour": t("Keys", "On-demand price (step 4)"),
        "cost.node_price_usd": t("Keys", "Server price (step 4)"),
        "cost.electricity_usd_per_kwh": t("Keys", "Electricity price (step 4)"),
        "cost.pue": t("Keys", "PUE (step 4)"),
        "cost.discount_rate": t("Keys", "Discount rate (step 4)"),
    }
    if key in labels:
        return labels[key]
    head = key.split(".")[0]
    step = {"model": 1, "workload": 2, "parallel": 2, "hardware": 3, "cost": 4}.get(head)
    return f"{key} (step {step})" if step else key


Setter = Callable[[Scenario], Scenario]


class PlannerPage(QWizardPage):
    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.rows: dict[str, FieldRow] = {}  # scenario key -> its field
        self._problem: tuple[str, str] | None = None  # (key, message)
        self._loading = False
        self._dirty: dict[str, Setter] = {}
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName(self.tr("Problem on this page"))
        # not Qt.* before the first paint (qt_names.py)
        set_enum_property(self.message, "textInteractionFlags", "TextSelectableByMouse")
        self.message.hide()
        doc.changed.connect(self._on_doc_changed)
        doc.catalogChanged.connect(self._on_catalog_changed)

    # --- layout helpers ------------------------------------------------------------------------------
    def scrolling_body(self) -> QVBoxLayout:
        """The page's content area (scrolls when the panel is short), with the message label under it."""
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        set_enum_property(area, "horizontalScrollBarPolicy", "ScrollBarAlwaysOff")
        inner = QWidget()
        body = QVBoxLayout(inner)
        body.setContentsMargins(0, 0, 6, 0)
        area.setWidget(inner)
        outer.addWidget(area, 1)
        outer.addWidget(self.message)
        return body

    # --- document <-> widgets ------------------------------------------------------------------------
    def refresh(self, s: Scenario) -> None:
        """Show ``s`` in the widgets (called with their signals blocked)."""
        raise NotImplementedError

    def after_commit(self, s: Scenario) -> None:
        """Update derived displays (labels, visibility) for ``s``; runs after every refresh."""

    def initializePage(self) -> None:  # noqa: N802 - Qt API
        self.load()

    def load(self) -> None:
        self._loading = True
        blocked = [w for w in self.findChildren(QWidget) if not w.signalsBlocked()]
        for w in blocked:
            w.blockSignals(True)
        try:
            self.refresh(self.doc.scenario)
        finally:
            for w in blocked:
                w.blockSignals(False)
            self._loading = False
        self._dirty.clear()
        self.set_problem(None)
        self.after_commit(self.doc.scenario)
        self.watch_counts()

    def watch_counts(self) -> None:
        """Mark a count field whose text does not read as a count ("1.4X"), with the reason (once per box)."""
        from ..count_input import CountSpin, TokenCountSpin

        for key, row in self.rows.items():
            for box in [row.widget, *row.widget.findChildren(QWidget)]:
                if isinstance(box, (CountSpin, TokenCountSpin)) and not box.property("countWatched"):
                    box.setProperty("countWatched", True)
                    box.textProblem.connect(lambda msg, k=key: self._count_problem(k, msg))
                    box.editingFinished.connect(lambda k=key, b=box: self._count_finished(k, b))

    def _count_problem(self, key: str, message: str) -> None:
        if message:
            self.set_problem(key, message)
        elif self._problem is not None and self._problem[0] == key:
            self.set_problem(None)

    def _count_finished(self, key: str, box: CountSpin | TokenCountSpin) -> None:
        """Leaving a count field with unreadable text: Qt puts the last valid value back; the field stays
        marked with what was rejected (without blocking the page, whose value is valid again)."""
        message = box.text_problem()
        if not message or self._problem is None or self._problem[0] != key:
            return
        self.set_problem(None)
        box.validate(box.text(), 0)  # the restored text: clears the reason
        kept = self.tr("{0} Kept {1}.").format(message, box.text())
        self.rows[key].set_problem(kept)

    def catalog_changed(self) -> None:
        """Rebuild what lists catalog rows (GPUs, sites); the page then shows the document again."""

    def _on_catalog_changed(self) -> None:
        self.catalog_changed()
        self.load()

    def _on_doc_changed(self) -> None:
        self.load()  # also after this page's own edit: derived values (e.g. a preset's fields) follow

    def bind(self, key: str, text: str, setter: Setter) -> Callable[..., bool]:
        """A slot for a widget's change signal: ``setter`` makes the edit of ``key`` (True when it was made)."""
        return lambda *_args: self.edit_field(key, setter, text)

    def edit_field(self, key: str, setter: Setter, text: str) -> bool:
        if self._loading:
            return False
        self._dirty.pop(key, None)
        self._dirty[key] = setter
        new = self.doc.scenario
        try:
            for apply in self._dirty.values():
                new = apply(new)
        except ValueError as err:
            self.set_problem(key, str(err))
            return False
        if self.commit(text, key, new):
            self._dirty.clear()
            return True
        return False

    def commit(self, text: str, merge_key: str | None, new: Scenario) -> bool:
        """Validate ``new`` and hand it to the document. False, with the problem shown, if it is invalid."""
        if self._loading:
            return False
        try:
            candidate = normalize(new)
        except InputError as err:
            self.set_problem(err.key or "", err.detail)
            return False
        except ValueError as err:  # a widget combination no scenario can hold
            self.set_problem("", str(err))
            return False
        self.set_problem(None)
        self.doc.edit(candidate, text, merge_key)
        return True

    # --- problems ------------------------------------------------------------------------------------
    def set_problem(self, key: str | None, message: str = "") -> None:
        for row in self.rows.values():
            row.set_problem(None)
        was_complete = self._problem is None
        if key is None:
            self._problem = None
            self.message.hide()
        else:
            from ..dialogs import for_users

            message = for_users(message)
            self._problem = (key, message)
            found = self.rows.get(key)
            if found is not None:
                found.set_problem(message)
                where = found.name
            else:
                where = key_label(key) if key else ""
            color = error_color(self.palette())
            text = self.tr("{0}: {1}").format(where, message) if where else message
            self.message.setText(self.tr("Fix this to continue — {0}").format(text))
            self.message.setStyleSheet(f"color: {color}; font-weight: 600;")
            self.message.show()
        if was_complete != (self._problem is None):
            self.completeChanged.emit()

    @property
    def problem(self) -> tuple[str, str] | None:
        return self._problem

    def isComplete(self) -> bool:  # noqa: N802 - Qt API
        return self._problem is None

    def validatePage(self) -> bool:  # noqa: N802 - Qt API
        return self._problem is None
