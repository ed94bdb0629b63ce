"""Step 1: the model (a preset, custom architecture fields, or a Hugging Face config.json) and the method."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.naming import derived_name, is_derived, with_name
from gpuplanner.core.presets import presets
from gpuplanner.core.scenario import Scenario

from .. import dialogs
from .. import formatting as fmt
from ..document import ScenarioDocument
from ..edits import with_method, with_model_fields, with_preset
from ..fields import Form, counted, set_value, spin
from ..qt_names import USER_ROLE
from .base import PlannerPage

if TYPE_CHECKING:
    from PySide6.QtWidgets import QSpinBox

CUSTOM = "__custom__"
ARCH_FIELDS = ("layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab", "experts", "experts_active")


class ModelPage(PlannerPage):
    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.setTitle(self.tr("Model and method"))
        self.setSubTitle(self.tr("Pick a preset, describe the architecture, or open a config.json."))
        body = self.scrolling_body()

        # --- the scenario's name: derived from model, method and hardware until the user types one ---
        name_form = Form()
        self.name = QLineEdit()
        self.name.setClearButtonEnabled(True)
        self.rows["name"] = name_form.add(
            self.tr("Scena&rio name:"),
            self.name,
            self.tr("Shown in the title bar, the file name and the workbook; empty: derived from the plan"),
        )
        body.addLayout(name_form)

        # --- preset picker ---
        presets_box = QGroupBox(self.tr("Model"))
        pv = QVBoxLayout(presets_box)
        search_row = QHBoxLayout()
        search_label = QLabel(self.tr("&Search:"))
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("e.g. llama 70b, qwen, mixtral"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(self.tr("Search presets"))
        search_label.setBuddy(self.search)
        search_row.addWidget(search_label)
        search_row.addWidget(self.search, 1)
        pv.addLayout(search_row)
        self.preset_list = QListWidget()
        self.preset_list.setAccessibleName(self.tr("Model presets"))
        self.preset_list.setMinimumHeight(150)
        custom = QListWidgetItem(self.tr("Custom architecture (fields below)"))
        custom.setData(USER_ROLE, CUSTOM)
        self.preset_list.addItem(custom)
        for pid, spec in presets().items():
            item = QListWidgetItem(self.tr("{0}  ·  {1} parameters").format(spec.name, fmt.params(spec.params)))
            item.setData(USER_ROLE, pid)
            item.setToolTip(self.tr("Preset id: {0}\nSource: {1}").format(pid, spec.params_source or "—"))
            self.preset_list.addItem(item)
        pv.addWidget(self.preset_list)
        self.open_config = QPushButton(self.tr("&Open config.json…"))
        self.open_config.setToolTip(
            self.tr("Read the architecture from a local Hugging Face config.json (offline; nothing is downloaded)")
        )
        left = QHBoxLayout()  # the button at its own width on the left (Qt.AlignLeft would build Qt, qt_names.py)
        left.addWidget(self.open_config)
        left.addStretch(1)
        pv.addLayout(left)
        body.addWidget(presets_box)

        # --- method ---
        method_box = QGroupBox(self.tr("Method"))
        mv = QVBoxLayout(method_box)
        self.method_group = QButtonGroup(self)
        self.method_buttons: dict[str, QRadioButton] = {}
        for method, label in (
            ("pretrain", self.tr("&Pretraining")),
            ("full", self.tr("F&ull fine-tune")),
            ("lora", self.tr("&LoRA")),
            ("qlora", self.tr("&QLoRA (4-bit base)")),
            ("inference", self.tr("&Inference serving")),
        ):
            b = QRadioButton(label)
            self.method_group.addButton(b)
            self.method_buttons[method] = b
            mv.addWidget(b)
        body.addWidget(method_box)

        # --- architecture ---
        arch_box = QGroupBox(self.tr("Architecture"))
        av = QVBoxLayout(arch_box)
        self.model_name = QLabel()
        self.model_name.setWordWrap(True)
        self.model_name.setAccessibleName(self.tr("Model summary"))
        av.addWidget(self.model_name)
        form = Form()
        av.addLayout(form)
        self.arch: dict[str, QSpinBox] = {}
        tips = {
            "layers": self.tr("Transformer blocks"),
            "hidden": self.tr("Model width h"),
            "heads": self.tr("Attention (query) heads"),
            "kv_heads": self.tr("Key/value heads (GQA); = heads for MHA"),
            "ffn_hidden": self.tr("MLP inner width"),
            "vocab": self.tr("Vocabulary size"),
            "experts": self.tr("Routed experts (1 = dense)"),
            "experts_active": self.tr("Experts per token"),
        }
        labels = {
            "layers": self.tr("La&yers:"),
            "hidden": self.tr("Hidden si&ze:"),
            "heads": self.tr("Attention heads:"),  # no mnemonic: Alt+T is the Tools menu
            "kv_heads": self.tr("&KV heads:"),
            "ffn_hidden": self.tr("FFN hi&dden:"),
            "vocab": self.tr("Vo&cabulary:"),
            "experts": self.tr("E&xperts:"),
            "experts_active": self.tr("Experts &active:"),
        }
        units = {
            "layers": (self.tr(" layer"), self.tr(" layers")),
            "vocab": (self.tr(" token"), self.tr(" tokens")),
            "heads": (self.tr(" head"), self.tr(" heads")),
            "kv_heads": (self.tr(" head"), self.tr(" heads")),
            "experts": (self.tr(" expert (dense)"), self.tr(" experts")),
            "experts_active": (self.tr(" expert"), self.tr(" experts")),
        }
        maxima = {
            "layers": 1000,
            "hidden": 1_000_000,
            "heads": 4096,
            "kv_heads": 4096,
            "ffn_hidden": 10_000_000,
            "vocab": 10_000_000,
            "experts": 4096,
            "experts_active": 4096,
        }
        for key in ARCH_FIELDS:
            w = counted(1, maxima[key], *units[key]) if key in units else spin(1, maxima[key])
            row = form.add(labels[key], w, tips[key])
            self.rows[f"model.{key}"] = row
            self.arch[key] = w
            w.valueChanged.connect(lambda _v, k=key: self._arch_edited(k))
        self.gated = QCheckBox(self.tr("&Gated MLP (SwiGLU)"))
        self.tied = QCheckBox(self.tr("Tied e&mbeddings"))
        self.rows["model.gated_mlp"] = form.add("", self.gated)
        self.rows["model.tied_embeddings"] = form.add("", self.tied)
        self.gated.setAccessibleName(self.tr("Gated MLP"))
        self.tied.setAccessibleName(self.tr("Tied embeddings"))
        self.gated.toggled.connect(lambda _c: self._arch_edited("gated_mlp"))
        self.tied.toggled.connect(lambda _c: self._arch_edited("tied_embeddings"))
        body.addWidget(arch_box)
        body.addStretch(1)

        self.name.textEdited.connect(
            self.bind("name", self.tr("Rename scenario"), lambda s: with_name(s, self.name.text()))
        )
        self.search.textChanged.connect(self._filter)
        self.search.returnPressed.connect(self._pick_first_match)
        self.preset_list.currentItemChanged.connect(self._preset_picked)
        self.method_group.buttonToggled.connect(self._method_toggled)
        self.open_config.clicked.connect(self.open_config_json)
        self.load()

    # --- document -> widgets -------------------------------------------------------------------------
    def refresh(self, s: Scenario) -> None:
        own = "" if is_derived(s) else s.name
        if self.name.text().strip() != own:  # never rewrite the text being typed
            self.name.setText(own)
        self.name.setPlaceholderText(derived_name(s))
        want = s.model_preset or CUSTOM
        for i in range(self.preset_list.count()):
            item = self.preset_list.item(i)
            if item.data(USER_ROLE) == want:
                self.preset_list.setCurrentItem(item)
                break
        self.method_buttons[s.workload.method].setChecked(True)
        m = s.model
        for key, w in self.arch.items():
            set_value(w, getattr(m, key))
        self.gated.setChecked(m.gated_mlp)
        self.tied.setChecked(m.tied_embeddings)

    def after_commit(self, s: Scenario) -> None:
        m = s.model
        text = self.tr("{0}: {1} parameters").format(m.name, fmt.params(m.params))
        if m.is_moe:
            text += self.tr(" ({0} active per token)").format(fmt.params(m.active_params))
        if m.is_mla:
            text += self.tr("; multi-head latent attention from the preset")
        self.model_name.setText(text)

    # --- widgets -> document -------------------------------------------------------------------------
    def _filter(self, text: str) -> None:
        words = text.lower().split()
        for i in range(self.preset_list.count()):
            item = self.preset_list.item(i)
            hay = f"{item.text()} {item.data(USER_ROLE)}".lower()
            item.setHidden(bool(words) and not all(w in hay for w in words))

    def _pick_first_match(self) -> None:
        """Enter in the search field picks the first preset that matches."""
        for i in range(1, self.preset_list.count()):
            item = self.preset_list.item(i)
            if not item.isHidden():
                self.preset_list.setCurrentItem(item)
                self.preset_list.setFocus()
                return

    def _preset_picked(self, item: QListWidgetItem | None, _prev: object = None) -> None:
        if item is None or self._loading:
            return
        pid = item.data(USER_ROLE)

        def setter(s: Scenario) -> Scenario:
            return with_preset(s, None, s.model) if pid == CUSTOM else with_preset(s, pid, presets()[pid])

        self.edit_field("model", setter, self.tr("Choose model {0}").format(item.text().split("  ·")[0]))

    def _method_toggled(self, button: QRadioButton, checked: bool) -> None:
        if not checked or self._loading:
            return
        method = next(m for m, b in self.method_buttons.items() if b is button)
        self.edit_field("workload.method", lambda s: with_method(s, method), self.tr("Change method"))

    def _arch_value(self, key: str) -> object:
        if key == "gated_mlp":
            return self.gated.isChecked()
        if key == "tied_embeddings":
            return self.tied.isChecked()
        return self.arch[key].value()

    def _arch_edited(self, key: str) -> None:
        value = self._arch_value(key)

        def setter(s: Scenario) -> Scenario:
            base = presets().get(s.model_preset) if s.model_preset else None
            return with_model_fields(s, base, **{key: value})

        self.edit_field(f"model.{key}", setter, self.tr("Change architecture"))

    def open_config_json(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open a Hugging Face config.json"), "", self.tr("Model config (config.json *.json)")
        )
        if path:
            self.load_config_json(path)

    def load_config_json(self, path: str) -> bool:
        """Read an architecture from a config.json. Errors are shown; the scenario stays as it was."""
        from gpuplanner.core.hf_config import model_from_config_json

        try:
            model = model_from_config_json(path)
        except (InputError, FileAccessError) as err:
            dialogs.error(
                self, self.tr("Cannot read config.json"), self.tr("{0}\n\nThe model was not changed.").format(err)
            )
            return False
        self.edit_field(
            "model", lambda s: replace(with_preset(s, None, model), model=model), self.tr("Open config.json")
        )
        return True


if __name__ == "__main__":
    from .._demo import run_page

    run_page(ModelPage)
