"""Step 3's optional cluster links (issue 22): the link speeds per GPU, one direction, between nodes
(``hardware.inter_node_gbits_per_s``) and inside a node (``hardware.intra_node_gbytes_per_s``).

An empty field leaves the key out of the scenario: the planned GPU's node type (or the GPU) keeps its catalog
value, which the field shows as its placeholder, or the fallback the engine assumes when the catalog has none
(``core.training_time``). The fields are free text rather than spin boxes so that a value outside the key's
documented range reaches the scenario check and is refused with the same message a file gets
(``core.scenario_keys.HARDWARE_KEYS``); a spin box would clamp it silently.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QLineEdit, QToolButton, QVBoxLayout, QWidget

from gpuplanner.core.scenario import Scenario
from gpuplanner.core.training_time import (
    FALLBACK_INTER_NODE_GB_PER_S,
    FALLBACK_INTRA_NODE_GB_PER_S,
    INTER_NODE_KEY,
    INTRA_NODE_KEY,
)

from ..count_input import CountParseError, parse_count
from ..fields import Form
from ..link_notes import field_label
from .base import PlannerPage

GBITS_PER_GBYTE = 8  # the catalog gives node networks in GB/s per GPU; the key and the field are in Gb/s


def tr(text: str) -> str:
    return QCoreApplication.translate("LinkFields", text)


def parse_speed(text: str) -> float | None:
    """The typed speed, or None for an empty field; the number as every free-text field of the app reads one
    (count_input.parse_count: "3,200", "1.6k", "1e3")."""
    if not text.strip():
        return None
    try:
        return parse_count(text)
    except CountParseError:
        raise ValueError(tr("must be a number, or empty for the catalog's value")) from None


def speed_text(value: float) -> str:
    return f"{value:,.6g}" if value >= 1000 else f"{value:.6g}"


class LinkFields:
    """The "Cluster links (optional)" section of step 3, folded away under its title until opened; ``page.rows``
    gets both fields under their keys."""

    def __init__(self, page: PlannerPage) -> None:
        self.page = page
        self.box = QWidget()
        outer = QVBoxLayout(self.box)
        outer.setContentsMargins(0, 0, 0, 0)
        # folded by default so the usual journey (catalog links) stays one screen; it opens by itself when the
        # scenario sets a speed or the catalog publishes none for the planned server (refresh)
        self.toggle = QToolButton()
        self.toggle.setText(tr("Cluster links (optional)"))
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setToolTip(tr("The link speeds between and inside nodes, if you know your cluster's"))
        self.content = QGroupBox()
        outer.addWidget(self.toggle)
        outer.addWidget(self.content)
        form = Form(self.content)
        # the labels carry their units and are long: each field goes under its label, full width, so that the
        # placeholder (the catalog speed and where it comes from) is readable in a narrow panel
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        self.note = QLabel(
            tr(
                "Leave empty to use the catalog's speed for the planned server. A speed you type applies to every "
                "candidate GPU."
            )
        )
        self.note.setWordWrap(True)
        form.addRow(self.note)
        self.inter = QLineEdit()
        self.intra = QLineEdit()
        for box in (self.inter, self.intra):
            box.setClearButtonEnabled(True)
        page.rows[INTER_NODE_KEY] = form.add(
            field_label(INTER_NODE_KEY) + ":",
            self.inter,
            tr(
                "The network bandwidth each GPU has to other nodes, one direction, in gigabits per second "
                "(e.g. 400 for one 400G NIC per GPU). Data-parallel and pipeline traffic between nodes runs at it."
            ),
        )
        page.rows[INTRA_NODE_KEY] = form.add(
            field_label(INTRA_NODE_KEY) + ":",
            self.intra,
            tr(
                "The GPU-to-GPU bandwidth inside one server, per GPU, one direction, in gigabytes per second "
                "(e.g. 450 for NVLink 4, about 25 for PCIe 4 x16). Tensor and context parallel traffic runs at it."
            ),
        )
        self.toggle.toggled.connect(self._unfold)
        self._unfold(False)
        self.inter.textEdited.connect(page.bind(INTER_NODE_KEY, tr("Change link between nodes"), self._with_inter))
        self.intra.textEdited.connect(page.bind(INTRA_NODE_KEY, tr("Change link inside a node"), self._with_intra))

    def _with_inter(self, s: Scenario) -> Scenario:
        return replace(s, hardware=replace(s.hardware, inter_node_gbits_per_s=parse_speed(self.inter.text())))

    def _with_intra(self, s: Scenario) -> Scenario:
        return replace(s, hardware=replace(s.hardware, intra_node_gbytes_per_s=parse_speed(self.intra.text())))

    def _unfold(self, shown: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.content.setVisible(shown)

    @property
    def unfolded(self) -> bool:
        return self.toggle.isChecked()

    # --- document -> widgets -------------------------------------------------------------------------
    def refresh(self, s: Scenario) -> None:
        """Show ``s`` (called with signals blocked); opens the section when there is something to see in it."""
        for box, value in (
            (self.inter, s.hardware.inter_node_gbits_per_s),
            (self.intra, s.hardware.intra_node_gbytes_per_s),
        ):
            try:
                shown = parse_speed(box.text())
            except ValueError:  # text no scenario holds: the document (after an undo, say) replaces it
                shown = float("nan")
            if shown != value:  # leave the text being typed alone ("400." is already 400)
                box.setText("" if value is None else speed_text(value))
        inter, intra, unpublished = self.catalog_placeholders(s)
        self.inter.setPlaceholderText(inter)
        self.intra.setPlaceholderText(intra)
        given = s.hardware.inter_node_gbits_per_s is not None or s.hardware.intra_node_gbytes_per_s is not None
        if (given or unpublished) and not self.unfolded:  # never folded again by itself: the user's choice
            self.toggle.setChecked(True)
            self._unfold(True)  # toggled is blocked while the page shows the document

    def catalog_placeholders(self, s: Scenario) -> tuple[str, str, bool]:
        """What an empty field stands for: the catalog's speed of the planned GPU's node type and of the GPU,
        or the engine's fallback where the catalog publishes none (then True)."""
        from gpuplanner.core.catalog import CatalogError
        from gpuplanner.core.engine import resolve_target

        try:
            target = resolve_target(s, self.page.doc.catalog)
        except CatalogError:
            unknown = tr("from the catalog")
            return unknown, unknown, False
        network = target.node.network_gb_per_s_per_gpu
        if network:
            inter = tr("catalog: {0} Gb/s ({1})").format(speed_text(network * GBITS_PER_GBYTE), target.node.id)
        else:
            fallback = speed_text(FALLBACK_INTER_NODE_GB_PER_S * GBITS_PER_GBYTE)
            inter = tr("not published ({0}) — {1} Gb/s assumed").format(target.node.id, fallback)
        link = target.gpu.intra_node_gb_per_s
        if link:
            intra = tr("catalog: {0} GB/s ({1})").format(speed_text(link), target.gpu.id)
        else:
            fallback = speed_text(FALLBACK_INTRA_NODE_GB_PER_S)
            intra = tr("not published ({0}) — {1} GB/s assumed (PCIe 3 x16)").format(target.gpu.id, fallback)
        # only a speed the plan would run on (more than one node; more than one GPU) opens the section
        multi_node = s.hardware.gpu_count > target.gpus_per_node
        return inter, intra, (not network and multi_node) or (not link and s.hardware.gpu_count > 1)
