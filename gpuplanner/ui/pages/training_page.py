"""Step 2: data and training setup — tokens, sequence length, batches, precision, optimizer, memory savers,
LoRA, inference settings, and the parallel layout (automatic or given)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.framework import FRAMEWORKS, profile
from gpuplanner.core.results import Layout
from gpuplanner.core.scenario import LORA_TARGETS, Parallel, Scenario

from ..count_input import TokenCountSpin
from ..document import ScenarioDocument
from ..fields import INT_MAX, Form, counted, set_value, spin
from ..framework_text import labels as framework_labels
from ..framework_text import recompute_choices
from .base import PlannerPage, Setter
from .recipe_fields import with_precision


def whole(v: float) -> float:
    """A token count as a whole number (the box holds a double)."""
    return float(round(v))


def combo(items: Sequence[tuple[object, str]], tips: dict[object, str] | None = None) -> QComboBox:
    from PySide6.QtCore import Qt

    c = QComboBox()
    for value, label in items:
        c.addItem(label, value)
        if tips and value in tips:
            c.setItemData(c.count() - 1, tips[value], Qt.ItemDataRole.ToolTipRole)
    return c


def fill_combo(c: QComboBox, items: Sequence[tuple[object, str]]) -> None:
    """Replace the items (signals blocked: the page shows the document afterwards)."""
    blocked = c.blockSignals(True)
    c.clear()
    for value, label in items:
        c.addItem(label, value)
    c.blockSignals(blocked)


def set_combo(c: QComboBox, value: object) -> None:
    i = c.findData(value)
    c.setCurrentIndex(max(i, 0))


def wl(**changes: object):  # a setter changing workload fields
    return lambda s: replace(s, workload=replace(s.workload, **changes))


def _data_setter(key: str, box: QComboBox) -> Setter:
    """The edit setting workload field ``key`` to the box's current data, read when the edit is made."""
    return lambda s: wl(**{key: box.currentData()})(s)


def _checked_setter(key: str, box: QCheckBox) -> Setter:
    """The edit setting workload field ``key`` to whether the box is ticked, read when the edit is made."""
    return lambda s: wl(**{key: box.isChecked()})(s)


class TrainingPage(PlannerPage):
    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.planned_layout: Layout | None = None  # the planner's layout in the latest results
        self.setTitle(self.tr("Data and training setup"))
        self.setSubTitle(self.tr("How much data, in what batches, with which memory savers and layout."))
        body = self.scrolling_body()
        t = self.tr

        # --- data ---
        self.data_box = QGroupBox(t("Data"))
        dv = QVBoxLayout(self.data_box)
        mode_row = QHBoxLayout()
        self.by_tokens = QRadioButton(t("Tokens to train"))  # no mnemonic: Alt+T is the Tools menu
        self.by_dataset = QRadioButton(t("&Dataset × epochs"))
        self.data_mode = QButtonGroup(self)
        for b in (self.by_tokens, self.by_dataset):
            self.data_mode.addButton(b)
            mode_row.addWidget(b)
        mode_row.addStretch(1)
        dv.addLayout(mode_row)
        form = Form()
        dv.addLayout(form)
        self.tokens = TokenCountSpin(1e6, 1e16, t(" tokens"))
        self.dataset = TokenCountSpin(1e6, 1e16, t(" tokens"))
        self.epochs = counted(1, 10_000, t(" epoch"), t(" epochs"))
        self.rows["workload.tokens"] = form.add(
            t("T&okens:"), self.tokens, t("Tokens the run trains on; type 1.4T, 300B, 1.4 trillion or 1.4e12")
        )
        self.rows["workload.dataset_tokens"] = form.add(
            t("Data&set size:"), self.dataset, t("Tokens in one pass over the dataset; type 1.4T, 300B or 1.4e12")
        )
        self.rows["workload.epochs"] = form.add(t("Ep&ochs:"), self.epochs)
        self.data_form = form
        body.addWidget(self.data_box)

        # --- sequence and batch ---
        batch_box = QGroupBox(t("Sequence and batch"))
        form = Form(batch_box)
        self.seq_len = spin(1, 10_000_000, t(" tokens"), step=1024)
        self.micro = counted(0, 1_000_000, t(" sequence"), t(" sequences"), special=t("automatic (planner)"))
        self.global_ = counted(
            0, INT_MAX, t(" sequence"), t(" sequences"), special=t("automatic (micro-batch × data-parallel)")
        )
        self.rows["workload.seq_len"] = form.add(
            t("Se&quence length:"), self.seq_len, t("Tokens per sequence (inference: prompt + generated)")
        )
        self.rows["workload.micro_batch"] = form.add(
            t("&Micro-batch:"), self.micro, t("Sequences per GPU per micro-step")
        )
        self.rows["workload.global_batch"] = form.add(
            t("&Global batch:"), self.global_, t("Sequences per optimizer step")
        )
        self.batch_form = form  # the group box's layout (what batch_box.layout() returns)
        body.addWidget(batch_box)

        # --- precision and memory savers ---
        self.train_box = QGroupBox(t("Precision, optimizer and memory savers"))
        form = Form(self.train_box)
        # short names (a narrow panel truncated the long ones); who uses each style is the item's tooltip
        self.precision = combo(
            [
                ("bf16-mixed", t("BF16 autocast")),
                ("bf16-master", t("BF16 + FP32 master")),
                ("bf16-true", t("Pure BF16")),
                ("fp8-mixed", t("FP8 + FP32 master")),
                ("fp16-mixed", t("FP16 autocast")),
                ("fp16-master", t("FP16 + FP32 master")),
                ("fp32", t("FP32")),
            ],
            {
                "bf16-mixed": t("BF16 autocast over FP32 weights (HF Trainer, Lightning, llm-foundry)"),
                "bf16-master": t("BF16 weights + FP32 master copy (Megatron, DeepSpeed, FSDP/torchtitan)"),
                "bf16-true": t("Everything in BF16, weights and optimizer states (torchtune)"),
                "fp8-mixed": t("FP8 matmuls over BF16 weights + FP32 master copy"),
                "fp16-mixed": t("FP16 autocast over FP32 weights"),
                "fp16-master": t("FP16 weights + FP32 master copy"),
            },
        )
        names = framework_labels()
        self.framework = combo([(fw, names[fw][0]) for fw in FRAMEWORKS], {fw: names[fw][1] for fw in FRAMEWORKS})
        self.framework_help = QLabel()
        self.framework_help.setWordWrap(True)
        self.compile = QCheckBox(t("torch.compile (&JIT-compiled model)"))
        self.compile.setAccessibleName(t("torch.compile"))
        self.optimizer = combo(
            [
                ("adamw", t("AdamW")),
                ("adamw8bit", t("8-bit AdamW")),
                ("sgd", t("SGD with momentum")),
                ("adafactor", t("Adafactor")),
            ]
        )
        self.offload = combo(
            [
                ("none", t("No offload")),
                ("optimizer", t("Optimizer states to CPU")),
                ("full", t("Parameters and optimizer states to CPU")),
            ]
        )
        self.recompute = combo(recompute_choices("generic"))
        self.in_backward = QCheckBox(t("Optimizer step &inside backward"))
        self.flash = QCheckBox(t("Flash&Attention"))
        self.chunked = QCheckBox(t("Chun&ked loss (no full logits)"))
        self.rows["workload.framework"] = form.add(
            t("Frame&work:"), self.framework, t("The training code you run: it decides what a step keeps in memory")
        )
        form.addRow("", self.framework_help)
        self.rows["workload.precision"] = form.add(t("&Precision:"), self.precision)
        from .recipe_fields import RecipeFields

        self.recipe_fields = RecipeFields(self, form)  # the fp8 recipe and the MoE dispatcher, under precision
        self.rows["workload.optimizer"] = form.add(t("Optimi&zer:"), self.optimizer)
        self.rows["workload.optimizer_in_backward"] = form.add("", self.in_backward)
        self.rows["workload.offload"] = form.add(t("Off&load:"), self.offload)
        self.rows["workload.recompute"] = form.add(t("Activation re&compute:"), self.recompute)
        self.rows["workload.flash_attention"] = form.add("", self.flash)
        self.rows["workload.chunked_loss"] = form.add("", self.chunked)
        self.rows["workload.compile"] = form.add("", self.compile)
        self.in_backward.setAccessibleName(t("Optimizer step inside backward"))
        self.flash.setAccessibleName(t("FlashAttention"))
        self.chunked.setAccessibleName(t("Chunked loss"))
        self.train_form = form
        body.addWidget(self.train_box)

        # --- LoRA ---
        self.lora_box = QGroupBox(t("LoRA adapters"))
        form = Form(self.lora_box)
        self.lora_rank = spin(1, 65_536)  # the label says Rank: "16 rank" read oddly
        self.rows["workload.lora_rank"] = form.add(t("&Rank:"), self.lora_rank)
        targets = QWidget()
        grid = QGridLayout(targets)
        grid.setContentsMargins(0, 0, 0, 0)
        self.lora_targets: dict[str, QCheckBox] = {}
        for i, name in enumerate(LORA_TARGETS):
            cb = QCheckBox(name)
            cb.setAccessibleName(t("LoRA target {0}").format(name))
            grid.addWidget(cb, i // 4, i % 4)
            self.lora_targets[name] = cb
        self.rows["workload.lora_targets"] = form.add(
            t("Targets:"), targets, t("Projection matrices that get adapters")
        )
        body.addWidget(self.lora_box)

        # --- inference: the serving fields (issue 21) ---
        from .serving_fields import ServingFields

        self.serving = ServingFields(self)
        self.infer_box = self.serving.box
        body.addWidget(self.infer_box)

        # --- parallel layout ---
        par_box = QGroupBox(t("Parallel layout"))
        pv = QVBoxLayout(par_box)
        row = QHBoxLayout()
        self.auto_layout = QRadioButton(t("A&utomatic (fastest layout that fits)"))
        self.manual_layout = QRadioButton(t("Set b&y hand"))
        self.layout_mode = QButtonGroup(self)
        for b in (self.auto_layout, self.manual_layout):
            self.layout_mode.addButton(b)
            row.addWidget(b)
        row.addStretch(1)
        pv.addLayout(row)
        form = Form()
        pv.addLayout(form)
        self.tp = spin(1, 1024, t("-way"))
        self.pp = counted(1, 1024, t(" stage"), t(" stages"))
        self.cp = spin(1, 1024, t("-way"))
        self.ep = spin(1, 4096, t("-way"))
        self.zero = combo(
            [
                (0, t("0 — plain data parallel")),
                (1, t("1 — shard optimizer states")),
                (2, t("2 — + gradients")),
                (3, t("3 — + weights (FSDP full shard)")),
            ]
        )
        self.rows["parallel.tp"] = form.add(t("Tensor parallel:"), self.tp)
        self.rows["parallel.pp"] = form.add(t("Pipeline parallel:"), self.pp)
        self.rows["parallel.cp"] = form.add(t("Context parallel:"), self.cp)
        self.rows["parallel.ep"] = form.add(t("Expert parallel:"), self.ep)
        self.rows["parallel.zero"] = form.add(t("ZeRO stage:"), self.zero)
        self.rows["parallel"] = self.rows["parallel.tp"]  # "dp is not a whole number" lands on tp
        self.layout_form = form
        self.layout_note = QLabel()
        self.layout_note.setWordWrap(True)
        pv.addWidget(self.layout_note)
        body.addWidget(par_box)
        body.addStretch(1)

        self._connect()
        self.load()

    # --- wiring --------------------------------------------------------------------------------------
    def _connect(self) -> None:
        t = self.tr
        self.tokens.valueChanged.connect(
            self.bind("workload.tokens", t("Change tokens"), lambda s: wl(tokens=whole(self.tokens.value()))(s))
        )
        self.dataset.valueChanged.connect(
            self.bind(
                "workload.dataset_tokens",
                t("Change dataset size"),
                lambda s: wl(dataset_tokens=whole(self.dataset.value()))(s),
            )
        )
        self.epochs.valueChanged.connect(
            self.bind("workload.epochs", t("Change epochs"), lambda s: wl(epochs=self.epochs.value())(s))
        )
        self.data_mode.buttonToggled.connect(self._data_mode_toggled)
        self.seq_len.valueChanged.connect(
            self.bind("workload.seq_len", t("Change sequence length"), lambda s: wl(seq_len=self.seq_len.value())(s))
        )
        self.micro.valueChanged.connect(
            self.bind(
                "workload.micro_batch", t("Change micro-batch"), lambda s: wl(micro_batch=self.micro.value() or None)(s)
            )
        )
        self.global_.valueChanged.connect(
            self.bind(
                "workload.global_batch",
                t("Change global batch"),
                lambda s: wl(global_batch=self.global_.value() or None)(s),
            )
        )
        self.framework.currentIndexChanged.connect(
            self.bind("workload.framework", t("Change framework"), self._with_framework)
        )
        self.precision.currentIndexChanged.connect(
            self.bind(
                "workload.precision", t("Change precision"), lambda s: with_precision(s, self.precision.currentData())
            )
        )
        for key, box in (
            ("optimizer", self.optimizer),
            ("offload", self.offload),
            ("recompute", self.recompute),
        ):
            box.currentIndexChanged.connect(
                self.bind(
                    f"workload.{key}",
                    t("Change {0}").format(key.replace("_", " ")),
                    _data_setter(key, box),
                )
            )
        for key, cb in (
            ("optimizer_in_backward", self.in_backward),
            ("flash_attention", self.flash),
            ("chunked_loss", self.chunked),
            ("compile", self.compile),
        ):
            cb.toggled.connect(
                self.bind(
                    f"workload.{key}",
                    t("Change {0}").format(key.replace("_", " ")),
                    _checked_setter(key, cb),
                )
            )
        self.lora_rank.valueChanged.connect(
            self.bind("workload.lora_rank", t("Change LoRA rank"), lambda s: wl(lora_rank=self.lora_rank.value())(s))
        )
        for cb in self.lora_targets.values():
            cb.toggled.connect(self.bind("workload.lora_targets", t("Change LoRA targets"), self._with_targets))
        self.layout_mode.buttonToggled.connect(self._layout_mode_toggled)
        for w in (self.tp, self.pp, self.cp, self.ep):
            w.valueChanged.connect(self.bind("parallel", t("Change parallel layout"), self._with_layout))
        self.zero.currentIndexChanged.connect(self.bind("parallel", t("Change parallel layout"), self._with_layout))

    def _with_targets(self, s: Scenario) -> Scenario:
        chosen = tuple(n for n, cb in self.lora_targets.items() if cb.isChecked())
        if not chosen:
            raise ValueError(self.tr("pick at least one target matrix"))
        return wl(lora_targets=chosen)(s)

    def _with_framework(self, s: Scenario) -> Scenario:
        """The framework; a recompute policy it does not have goes back to the planner's choice, and a precision
        at the old framework's default follows the new one's."""
        new = self.framework.currentData()
        old = profile(s.workload.framework)
        w = s.workload
        recompute = w.recompute if w.recompute in profile(new).recompute_policies else None
        precision = profile(new).default_precision if w.precision == old.default_precision else w.precision
        return with_precision(wl(framework=new, recompute=recompute)(s), precision)

    def set_automatic_layout(self, layout: Layout | None) -> None:
        """The layout the planner chose (from the latest results): "Set by hand" starts from it."""
        self.planned_layout = layout

    def _with_layout(self, s: Scenario) -> Scenario:
        if self.auto_layout.isChecked():
            return replace(s, parallel=Parallel(vpp=s.parallel.vpp))
        lay = self.planned_layout
        if lay is not None and not any(v is not None for v in (s.parallel.tp, s.parallel.pp, s.parallel.cp)):
            # switching from automatic: start from the planner's layout, not tp1/pp1
            return replace(s, parallel=replace(s.parallel, tp=lay.tp, pp=lay.pp, cp=lay.cp, ep=lay.ep, zero=lay.zero))
        return replace(
            s,
            parallel=replace(
                s.parallel,
                tp=self.tp.value(),
                pp=self.pp.value(),
                cp=self.cp.value(),
                ep=self.ep.value(),
                zero=self.zero.currentData(),
            ),
        )

    def _layout_mode_toggled(self, _button: QRadioButton, checked: bool) -> None:
        if checked:
            self.edit_field("parallel", self._with_layout, self.tr("Change parallel layout"))

    def _data_mode_toggled(self, _button: QRadioButton, checked: bool) -> None:
        if not checked:
            return

        def setter(s: Scenario) -> Scenario:
            if self.by_tokens.isChecked():
                return wl(tokens=whole(self.tokens.value()), dataset_tokens=None, epochs=None)(s)
            return wl(tokens=None, dataset_tokens=whole(self.dataset.value()), epochs=self.epochs.value())(s)

        self.edit_field("workload.tokens", setter, self.tr("Change how tokens are given"))

    # --- document -> widgets -------------------------------------------------------------------------
    def refresh(self, s: Scenario) -> None:
        w, p = s.workload, s.parallel
        by_dataset = w.dataset_tokens is not None
        (self.by_dataset if by_dataset else self.by_tokens).setChecked(True)
        total = w.training_tokens or 0.0
        set_value(self.tokens, total)
        set_value(self.dataset, w.dataset_tokens if w.dataset_tokens is not None else total)  # by_dataset
        set_value(self.epochs, w.epochs or 1)
        set_value(self.seq_len, w.seq_len)
        set_value(self.micro, w.micro_batch or 0)
        set_value(self.global_, w.global_batch or 0)
        fill_combo(self.recompute, recompute_choices(w.framework))
        self.framework_help.setText(framework_labels().get(w.framework, ("", ""))[1])
        for box, value in (
            (self.framework, w.framework),
            (self.precision, w.precision),
            (self.optimizer, w.optimizer),
            (self.offload, w.offload),
            (self.recompute, w.recompute),
        ):
            set_combo(box, value)
        self.serving.refresh(s)
        self.recipe_fields.refresh(s)
        self.in_backward.setChecked(w.optimizer_in_backward)
        self.flash.setChecked(w.flash_attention)
        self.chunked.setChecked(w.chunked_loss)
        self.compile.setChecked(w.compile)
        set_value(self.lora_rank, w.lora_rank)
        for name, cb in self.lora_targets.items():
            cb.setChecked(name in w.lora_targets)
        manual = any(v is not None for v in (p.tp, p.pp, p.cp, p.ep, p.zero))
        (self.manual_layout if manual else self.auto_layout).setChecked(True)
        set_value(self.tp, p.tp or 1)
        set_value(self.pp, p.pp or 1)
        set_value(self.cp, p.cp or 1)
        set_value(self.ep, p.ep or 1)
        set_combo(self.zero, p.zero or 0)

    def after_commit(self, s: Scenario) -> None:
        w = s.workload
        training, lora = w.is_training, w.is_lora
        by_dataset = self.by_dataset.isChecked()
        self.data_box.setVisible(training)
        self.train_box.setVisible(training)
        self.lora_box.setVisible(lora)
        self.infer_box.setVisible(not training)
        if training:
            title = self.tr("Data and training setup")
            subtitle = self.tr("How much data, in what batches, with which memory savers and layout.")
        else:
            title = self.tr("Serving setup")
            subtitle = self.tr("Request lengths, load and latency targets, precision and layout.")
        if (title, subtitle) != (self.title(), self.subTitle()):  # only on a change of method: a new title
            self.setTitle(title)  # re-lays the wizard out, which rewrites the text of the box being typed in
            self.setSubTitle(subtitle)
        self.data_form.set_row_visible(self.rows["workload.tokens"], not by_dataset)
        self.data_form.set_row_visible(self.rows["workload.dataset_tokens"], by_dataset)
        self.data_form.set_row_visible(self.rows["workload.epochs"], by_dataset)
        bf = self.batch_form
        for key in ("workload.micro_batch", "workload.global_batch"):
            bf.set_row_visible(self.rows[key], training)
        # the lengths make the sequence length (seq_len = input_len + output_len): it follows them
        self.seq_len.setEnabled(training or w.input_len is None or w.output_len is None)
        self.serving.after_commit(s)
        self.recipe_fields.after_commit(s)
        manual = self.manual_layout.isChecked()
        for key in ("parallel.tp", "parallel.pp", "parallel.cp", "parallel.ep", "parallel.zero"):
            row = self.rows[key]
            row.widget.setEnabled(manual)
            shown = training or key in ("parallel.tp", "parallel.pp")
            if key == "parallel.ep":
                shown = shown and s.model.is_moe
            # in automatic mode the greyed boxes showed their defaults ("ZeRO 0 — plain data parallel") beside a
            # planned ZeRO-3 layout: the rows show only when the user sets the layout; the plan's own layout is in
            # the results
            self.layout_form.set_row_visible(row, shown and manual)
        if manual:
            self.layout_note.setText(self.tr("dp = GPU count / (tp × pp × cp); ZeRO shards over dp × cp."))
        else:
            self.layout_note.setText(
                self.tr(
                    "The planner searches tp × pp × cp × ZeRO × micro-batch × recompute "
                    "for the fastest layout that fits each GPU type."
                )
            )


if __name__ == "__main__":
    from .._demo import run_page

    run_page(TrainingPage)
