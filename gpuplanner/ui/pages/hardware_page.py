"""Step 3: hardware — candidate GPUs from the catalog (filtered by vendor, memory, form factor), the GPU the
plan is for, the GPU count or a deadline, and optionally the cluster's link speeds (link_fields.py)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.scenario import Scenario

from .. import formatting as fmt
from ..document import ScenarioDocument
from ..edits import with_candidates
from ..fields import Form, counted, dspin, set_value, shrinkable, spin
from .base import PlannerPage

ID_ROLE = Qt.ItemDataRole.UserRole


def form_factor_label(form_factor: str) -> str:
    """Catalog form factors as people write them: SXM, PCIe, OAM, Consumer, Workstation."""
    t = QCoreApplication.translate
    known = {
        "sxm": "SXM",
        "pcie": "PCIe",
        "oam": "OAM",
        "apu": "APU",
        "tpu": "TPU",
        "consumer": t("HardwarePage", "Consumer"),
        "workstation": t("HardwarePage", "Workstation"),
        "superchip": t("HardwarePage", "Superchip"),
    }
    return known.get(form_factor, form_factor.capitalize())


class HardwarePage(PlannerPage):
    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        t = self.tr
        self.setTitle(t("Hardware"))
        self.setSubTitle(
            t(
                "Which GPUs to compare, and how many. Memory is never pooled across GPUs: "
                "the layout decides what each one holds."
            )
        )
        body = self.scrolling_body()

        # --- filters and candidates ---
        cand_box = QGroupBox(t("Candidate GPUs"))
        cv = QVBoxLayout(cand_box)
        filters = QGridLayout()
        self.vendor = QComboBox()
        self.vendor.setAccessibleName(t("Vendor filter"))
        self.form_factor = QComboBox()
        self.form_factor.setAccessibleName(t("Form factor filter"))
        self.min_memory = spin(0, 4096, t(" GiB"), special=t("any memory"), step=8)
        self.min_memory.setAccessibleName(t("Minimum memory filter"))
        mem_label = QLabel(t("&At least:"))
        mem_label.setBuddy(self.min_memory)
        for w in (self.vendor, self.form_factor, self.min_memory):
            shrinkable(w, 80)
        filters.addWidget(self.vendor, 0, 0, 1, 2)
        filters.addWidget(self.form_factor, 0, 2, 1, 2)
        filters.addWidget(mem_label, 1, 0)
        filters.addWidget(self.min_memory, 1, 1, 1, 3)
        cv.addLayout(filters)
        search_row = QHBoxLayout()
        search_label = QLabel(t("Fi&lter:"))
        self.search = QLineEdit()
        self.search.setPlaceholderText(t("e.g. h100, 80 GiB, mi300"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(t("Search GPUs"))
        search_label.setBuddy(self.search)
        self.clear_all = QPushButton(t("Clea&r All"))
        self.clear_all.setToolTip(t("Untick every GPU except the one the plan is sized for"))
        search_row.addWidget(search_label)
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.clear_all)
        cv.addLayout(search_row)
        self._scrolled_to_ticked = False  # only the first time: later the list stays where the user scrolled
        self.gpu_list = QListWidget()
        self.gpu_list.setAccessibleName(t("Candidate GPUs"))
        self.gpu_list.setMinimumHeight(300)
        self._fill_catalog_lists()
        self.rows["hardware.candidates"] = row = Form().add(t("Candidates"), self.gpu_list)
        cv.addWidget(row.holder)
        self.chosen_label = QLabel()
        self.chosen_label.setWordWrap(True)
        cv.addWidget(self.chosen_label)
        body.addWidget(cand_box)

        # --- plan ---
        plan_box = QGroupBox(t("Size of the plan"))
        form = Form(plan_box)
        self.plan_gpu = QComboBox()
        self.rows["hardware.gpu"] = form.add(
            t("&Plan for:"), self.plan_gpu, t("The GPU type the layout and the cost details are for")
        )
        self.gpu_count = counted(1, 1_000_000, t(" GPU"), t(" GPUs"), step=8)
        self.rows["hardware.gpu_count"] = form.add(t("GPU &count:"), self.gpu_count)
        self.per_node = counted(0, 144, t(" GPU per node"), t(" GPUs per node"), special=t("node type's default"))
        self.rows["hardware.gpus_per_node"] = form.add(t("GPUs per no&de:"), self.per_node)
        deadline_row = QWidget()
        dl = QHBoxLayout(deadline_row)
        dl.setContentsMargins(0, 0, 0, 0)
        self.use_deadline = QCheckBox(t("&Meet a deadline of"))
        self.deadline = dspin(0.1, 100_000, t(" days"), decimals=1, step=1)
        set_value(self.deadline, 30)
        dl.addWidget(self.use_deadline)
        dl.addWidget(self.deadline, 1)
        self.rows["workload.deadline_days"] = form.add(
            t("Deadline:"), deadline_row, t("Find the smallest GPU count per GPU type that finishes in time")
        )
        self.deadline.setAccessibleName(t("Deadline in days"))
        self.use_deadline.setAccessibleName(t("Meet a deadline"))
        self.plan_form = form
        body.addWidget(plan_box)
        # last: most users keep the catalog's links, so the default journey stays the two boxes above
        from .link_fields import LinkFields

        self.links = LinkFields(self)
        body.addWidget(self.links.box)
        body.addStretch(1)

        self.vendor.currentIndexChanged.connect(self._filter)
        self.form_factor.currentIndexChanged.connect(self._filter)
        self.min_memory.valueChanged.connect(self._filter)
        self.search.textChanged.connect(self._filter)
        self.clear_all.clicked.connect(self._clear_all)
        self.gpu_list.itemChanged.connect(
            self.bind("hardware.candidates", t("Change candidate GPUs"), self._with_candidates)
        )
        self.plan_gpu.currentIndexChanged.connect(
            self.bind("hardware.gpu", t("Change planned GPU"), self._with_plan_gpu)
        )
        self.gpu_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.gpu_count.valueChanged.connect(
            self.bind(
                "hardware.gpu_count",
                t("Change GPU count"),
                lambda s: replace(s, hardware=replace(s.hardware, gpu_count=self.gpu_count.value())),
            )
        )
        self.per_node.valueChanged.connect(
            self.bind(
                "hardware.gpus_per_node",
                t("Change GPUs per node"),
                lambda s: replace(s, hardware=replace(s.hardware, gpus_per_node=self.per_node.value() or None)),
            )
        )
        for sig in (self.use_deadline.toggled, self.deadline.valueChanged):
            sig.connect(self.bind("workload.deadline_days", t("Change deadline"), self._with_deadline))
        self.load()

    def _fill_catalog_lists(self) -> None:
        """The vendor and form-factor filters and the GPU list, from the catalog (again after a catalog edit)."""
        t = self.tr
        gpus = self.doc.catalog.gpus
        boxes = (self.vendor, self.form_factor, self.gpu_list)
        for w in boxes:
            w.blockSignals(True)
        vendor, ff = self.vendor.currentData(), self.form_factor.currentData()
        self.vendor.clear()
        self.vendor.addItem(t("All vendors"), "")
        for v in sorted({g.vendor for g in gpus.values()}):
            self.vendor.addItem(v, v)
        self.vendor.setCurrentIndex(max(self.vendor.findData(vendor), 0))
        self.form_factor.clear()
        self.form_factor.addItem(t("All form factors"), "")
        for f in sorted({g.form_factor for g in gpus.values()}):
            self.form_factor.addItem(form_factor_label(f), f)
        self.form_factor.setCurrentIndex(max(self.form_factor.findData(ff), 0))
        self.gpu_list.clear()
        for g in sorted(gpus.values(), key=lambda g: (g.vendor, -g.memory_bytes, g.name)):
            item = QListWidgetItem(
                t("{0}  ·  {1} · {2}").format(g.name, fmt.gib(g.memory_bytes, 0), form_factor_label(g.form_factor))
            )
            item.setData(ID_ROLE, g.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            peak = g.bf16_dense_tflops
            item.setToolTip(
                t("{0} ({1})\n{2} usable, {3:,.0f} GB/s, {4:,.0f} dense BF16 TFLOPS\nSource: {5}").format(
                    g.name, g.id, fmt.gib(g.memory_bytes), g.memory_bandwidth_gb_per_s, peak, g.spec_source
                )
            )
            self.gpu_list.addItem(item)
        for w in boxes:
            w.blockSignals(False)

    def catalog_changed(self) -> None:
        self._fill_catalog_lists()

    # --- widgets -> scenario -------------------------------------------------------------------------
    def checked_ids(self) -> tuple[str, ...]:
        out = []
        for i in range(self.gpu_list.count()):
            item = self.gpu_list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(ID_ROLE))
        return tuple(out)

    def _with_candidates(self, s: Scenario) -> Scenario:
        ids = self.checked_ids()
        # keep the file's order for GPUs already compared, append new ones in list order
        ordered = tuple(g for g in s.hardware.compared_gpus if g in ids) + tuple(
            g for g in ids if g not in s.hardware.compared_gpus
        )
        ordered += tuple(g for g in s.hardware.compared_gpus if g not in self.doc.catalog.gpus)  # kept as is
        if not ordered:
            raise ValueError(self.tr("tick at least one GPU to compare"))
        return with_candidates(s, ordered, s.hardware.gpu)

    def _clear_all(self) -> None:
        keep = self.doc.scenario.hardware.gpu  # at least one GPU is compared: the plan's stays ticked
        self.edit_field(
            "hardware.candidates",
            lambda s: with_candidates(s, (keep,), keep),
            self.tr("Clear candidate GPUs"),
        )

    def _with_plan_gpu(self, s: Scenario) -> Scenario:
        gid = self.plan_gpu.currentData()
        return with_candidates(s, s.hardware.compared_gpus, gid)

    def _with_deadline(self, s: Scenario) -> Scenario:
        days = self.deadline.value() if self.use_deadline.isChecked() else None
        return replace(s, workload=replace(s.workload, deadline_days=days))

    def _filter(self) -> None:
        vendor, ff = self.vendor.currentData(), self.form_factor.currentData()
        min_bytes = self.min_memory.value() * 2**30
        words = self.search.text().lower().split()
        gpus = self.doc.catalog.gpus
        for i in range(self.gpu_list.count()):
            item = self.gpu_list.item(i)
            g = gpus[item.data(ID_ROLE)]
            haystack = f"{g.id} {item.text()} {g.vendor}".lower()
            keep = (
                (not vendor or g.vendor == vendor)
                and (not ff or g.form_factor == ff)
                and (g.memory_bytes >= min_bytes)
                and all(w in haystack for w in words)
            )
            item.setHidden(not keep and item.checkState() != Qt.CheckState.Checked)

    # --- document -> widgets -------------------------------------------------------------------------
    def refresh(self, s: Scenario) -> None:
        chosen = set(s.hardware.compared_gpus)
        for i in range(self.gpu_list.count()):
            item = self.gpu_list.item(i)
            want = Qt.CheckState.Checked if item.data(ID_ROLE) in chosen else Qt.CheckState.Unchecked
            if item.checkState() != want:
                item.setCheckState(want)
        first = next(
            (
                self.gpu_list.item(i)
                for i in range(self.gpu_list.count())
                if self.gpu_list.item(i).checkState() == Qt.CheckState.Checked
            ),
            None,
        )
        if first is not None and not self._scrolled_to_ticked:
            self._scrolled_to_ticked = True
            self.gpu_list.scrollToItem(first, QListWidget.ScrollHint.PositionAtTop)
        self.plan_gpu.clear()
        for gid in s.hardware.compared_gpus:
            g = self.doc.catalog.gpus.get(gid)
            self.plan_gpu.addItem(g.name if g else self.tr("{0} (not in the catalog)").format(gid), gid)
        self.plan_gpu.setCurrentIndex(max(self.plan_gpu.findData(s.hardware.gpu), 0))
        set_value(self.gpu_count, s.hardware.gpu_count)
        set_value(self.per_node, s.hardware.gpus_per_node or 0)
        dl = s.workload.deadline_days
        self.use_deadline.setChecked(dl is not None)
        if dl is not None:
            set_value(self.deadline, dl)
        self.links.refresh(s)
        self._filter()

    def after_commit(self, s: Scenario) -> None:
        training = s.workload.is_training
        self.plan_form.set_row_visible(self.rows["workload.deadline_days"], training)
        self.deadline.setEnabled(self.use_deadline.isChecked())
        unknown = [g for g in s.hardware.compared_gpus if g not in self.doc.catalog.gpus]
        names = [self.doc.catalog.gpus[g].name for g in s.hardware.compared_gpus if g in self.doc.catalog.gpus]
        text = self.tr("Comparing {0}: {1}.").format(len(s.hardware.compared_gpus), ", ".join(names))
        if unknown:
            text += " " + self.tr("Not in the catalog (shown as errors): {0}.").format(", ".join(unknown))
        self.chosen_label.setText(text)


if __name__ == "__main__":
    from .._demo import run_page

    run_page(HardwarePage)
