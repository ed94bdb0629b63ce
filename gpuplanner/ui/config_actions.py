"""File › Import Training Config… and Tools › Write Launch Config… (spec §4.5, issue #20).

Import reads a framework's training config (torchtune, torchtitan, DeepSpeed, HF TrainingArguments, accelerate,
axolotl, llm-foundry, Megatron-LM) with :func:`gpuplanner.core.framework_config.import_config`, opens the result
as a new unsaved scenario and shows every assumption the import made in a dialog the user can read and copy.
Write Launch Config writes the planned layout (the estimate's) back as a framework's config with
:func:`gpuplanner.core.framework_config.launch.launch_config`, the same text as ``gpuplanner launch``.
The dialogs are not modal-blocking (``open()``), so the window stays usable and tests never wait on them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.errors import FileAccessError, InputError

from . import dialogs

if TYPE_CHECKING:
    from .main_window import MainWindow

# the launch writer that fits a scenario's framework profile (HF Trainer users launch with accelerate)
_LAUNCH_FOR_PROFILE = {"torchtitan": "torchtitan", "torchtune": "torchtune", "megatron": "megatron",
                       "deepspeed": "deepspeed", "hf": "accelerate"}  # fmt: skip
# what each launch file is, for the save dialog's filter and default name
_LAUNCH_FILES = {"torchtitan": ("train.toml", "*.toml"), "torchtitan-registry": ("train.sh", "*.sh"),
                 "torchtune": ("train.yaml", "*.yaml"),
                 "megatron": ("megatron_args.txt", "*.txt"), "deepspeed": ("ds_config.json", "*.json"),
                 "accelerate": ("accelerate_config.yaml", "*.yaml")}  # fmt: skip


class ReportDialog(QDialog):
    """A titled text the user can read, scroll and copy (the import's assumptions, the launch line)."""

    def __init__(self, parent: QWidget, title: str, summary: str, text: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        self.summary = QLabel(summary)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.text = QPlainTextEdit(text)
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setAccessibleName(title)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self.resize(720, 420)


def import_training_config(w: MainWindow, path: str | None = None) -> ReportDialog | None:
    """Ask for a training config, import it, open it as a new unsaved scenario, show the assumptions (a child
    dialog of the window named ``importReport``)."""
    from gpuplanner.core.engine import check_catalog_ids
    from gpuplanner.core.framework_config import import_config

    if not w.maybe_save():
        return None
    t = w.tr
    if path is None:
        path = dialogs.open_file_path(
            w,
            t("Import training config"),
            w._scenario_folder(),
            t("Training configs (*.yaml *.yml *.toml *.json *.sh *.txt);;All files (*)"),
        )
        if not path:
            return None
    try:
        imported = import_config(path)
        check_catalog_ids(imported.scenario, w.doc.catalog, file=path)
    except (InputError, FileAccessError) as err:
        dialogs.error(w, t("Cannot import the training config"), t("{0}\n\nNothing was changed.").format(err))
        return None
    w.doc.replace_all(imported.scenario, None)  # not a scenario file: Save asks where
    w.doc.undo_stack.resetClean()  # unsaved work: closing asks to save it
    w.wizard.restart()
    lines = [f"• {a}" for a in imported.assumptions]
    if imported.lora_alpha is not None:
        lines.append("• " + t("lora_alpha {0} is not a scenario key (memory and time do not depend on it)").format(
            f"{imported.lora_alpha:g}"))  # fmt: skip
    summary = t("Imported {0} as “{1}” ({2} config, {3} profile). The import assumed:").format(
        Path(path).name, imported.scenario.name, imported.source_format, imported.scenario.workload.framework
    )
    report = ReportDialog(w, t("Training config imported"), summary, "\n".join(lines) or t("nothing"))
    report.setObjectName("importReport")
    report.open()
    w.statusBar().showMessage(t("Imported {0}").format(path), 5000)
    return report


class LaunchDialog(QDialog):
    """Which framework to write the planned layout for."""

    def __init__(self, parent: QWidget, current: str) -> None:
        from gpuplanner.core.framework_config.launch import LAUNCH_FORMATS

        super().__init__(parent)
        self.setWindowTitle(self.tr("Write launch config"))
        form = QFormLayout(self)
        note = QLabel(self.tr("The planned layout (parallel degrees, batch, recompute, precision) as the "
                              "framework's own config, with the expected memory and speed in its header."))  # fmt: skip
        note.setWordWrap(True)
        form.addRow(note)
        self.framework = QComboBox()
        self.framework.addItems(list(LAUNCH_FORMATS))
        self.framework.setCurrentText(current)
        form.addRow(self.tr("&Framework:"), self.framework)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


def write_launch_config(w: MainWindow) -> LaunchDialog:
    """Ask for the framework (preselected from the scenario's profile), then where to save its config."""
    current = _LAUNCH_FOR_PROFILE.get(w.doc.scenario.workload.framework or "", "torchtitan")
    dialog = LaunchDialog(w, current)
    dialog.setObjectName("launchDialog")
    dialog.accepted.connect(lambda: save_launch_config(w, dialog.framework.currentText()))
    dialog.open()
    return dialog


def save_launch_config(w: MainWindow, framework: str) -> Path | None:
    from gpuplanner import __version__
    from gpuplanner.core.engine import estimate
    from gpuplanner.core.files import atomic_write_text
    from gpuplanner.core.framework_config.launch import launch_config

    t = w.tr
    name, pattern = _LAUNCH_FILES[framework]
    folder = w._scenario_folder()
    path = dialogs.save_file_path(
        w,
        t("Save the {0} config").format(framework),
        str(Path(folder) / name) if folder else name,
        t("{0} config ({1});;All files (*)").format(framework, pattern),
        Path(name).suffix,
    )
    if not path:
        return None
    s = w.doc.scenario
    source = str(w.doc.path) if w.doc.path and not w.doc.needs_save_as else t("unsaved")
    try:
        result = estimate(s, w.doc.catalog)
        config = launch_config(s, result, framework, version=__version__, source=source, out=path)
        atomic_write_text(path, config.text, example=name)
    except (InputError, FileAccessError) as err:
        dialogs.error(w, t("Cannot write the launch config"), str(err))
        return None
    summary = t("Wrote {0}. Start the run with the line below; the header says what to expect.").format(path)
    report = ReportDialog(w, t("Launch config written"), summary, config.header)
    report.setObjectName("launchReport")
    report.open()
    w.statusBar().showMessage(t("Wrote {0}").format(path), 5000)
    return Path(path)
