"""Edit › Preferences: language, theme, defaults for new scenarios, autosave interval and the folders the
file dialogs start in. Everything is kept in QSettings under the keys below (the window's geometry and
layout are saved there too, on close).

``ui/language`` (``system`` | ``en`` | ``ko``) is read when the app starts, so a change takes effect after a
restart; the theme applies at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .settings_keys import (  # noqa: F401 - re-exported for callers that know the dialog's module
    AUTOSAVE_KEY,
    CATALOG_FOLDER_KEY,
    CURRENCIES,
    CURRENCY_KEY,
    EXPORT_FOLDER_KEY,
    GEOMETRY_KEY,
    LANGUAGE_KEY,
    LANGUAGES,
    SCENARIO_FOLDER_KEY,
    SITE_KEY,
    SPLITTER_KEY,
    STATE_KEY,
    THEME_KEY,
    new_scenario_defaults,
    setting,
)
from .theme import THEMES

if TYPE_CHECKING:
    from gpuplanner.core.catalog import Catalog


def language_choices() -> list[tuple[str, str]]:
    """(value, label) of the languages offered, from :mod:`gpuplanner.ui.i18n`."""
    from .i18n import language_choices as choices

    return choices()


class _FolderField(QWidget):
    def __init__(self, text: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(text)
        self.edit.setPlaceholderText(self.tr("(the last folder used)"))
        self.edit.setClearButtonEnabled(True)
        self.edit.setAccessibleName(name)
        self.browse = QToolButton()
        self.browse.setText("…")
        self.browse.setToolTip(self.tr("Choose a folder"))
        self.browse.setAccessibleName(self.tr("Choose a folder for {0}").format(name))
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.edit, 1)
        lay.addWidget(self.browse)
        self.setFocusProxy(self.edit)
        self.browse.clicked.connect(self._choose)

    def _choose(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder"), self.edit.text())
        if path:
            self.edit.setText(path)

    def text(self) -> str:
        return self.edit.text().strip()


class PreferencesDialog(QDialog):
    def __init__(self, settings: QSettings, catalog: Catalog | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = self.tr
        self.settings = settings
        self.setWindowTitle(t("Preferences"))
        self.setObjectName("PreferencesDialog")

        # --- appearance ---
        look = QGroupBox(t("Appearance"))
        form = QFormLayout(look)
        self.language = QComboBox()
        for value, label in language_choices():
            self.language.addItem(label, value)
        self.language.setAccessibleName(t("Language"))
        lang_label = QLabel(t("&Language:"))
        lang_label.setBuddy(self.language)
        lang_row = QWidget()
        lr = QVBoxLayout(lang_row)
        lr.setContentsMargins(0, 0, 0, 0)
        lr.setSpacing(2)
        lr.addWidget(self.language)
        self.language_note = QLabel(t("Takes effect after a restart."))
        note_font = self.language_note.font()
        note_font.setItalic(True)
        self.language_note.setFont(note_font)
        lr.addWidget(self.language_note)
        form.addRow(lang_label, lang_row)
        self.theme = QComboBox()
        for key, label in zip(THEMES, (t("System"), t("Light"), t("Dark")), strict=True):
            self.theme.addItem(label, key)
        self.theme.setAccessibleName(t("Theme"))
        theme_label = QLabel(t("&Theme:"))
        theme_label.setBuddy(self.theme)
        form.addRow(theme_label, self.theme)

        # --- new scenarios ---
        new_box = QGroupBox(t("New scenarios"))
        form2 = QFormLayout(new_box)
        self.currency = QComboBox()
        self.currency.addItem(t("US dollar (USD)"), "USD")
        self.currency.addItem(t("Korean won (KRW)"), "KRW")
        self.currency.setAccessibleName(t("Currency for new scenarios"))
        cur_label = QLabel(t("&Currency:"))
        cur_label.setBuddy(self.currency)
        form2.addRow(cur_label, self.currency)
        self.site = QComboBox()
        self.site.addItem(t("Catalog default"), "")
        if catalog is not None:
            for sid, site in catalog.sites.items():
                self.site.addItem(f"{site.name} ({sid})" if site.name != sid else sid, sid)
        self.site.setAccessibleName(t("Site profile for new scenarios"))
        site_label = QLabel(t("&Site profile:"))
        site_label.setBuddy(self.site)
        form2.addRow(site_label, self.site)

        # --- files ---
        files_box = QGroupBox(t("Files"))
        form3 = QFormLayout(files_box)
        self.autosave = QSpinBox()
        self.autosave.setRange(5, 3600)
        self.autosave.setSuffix(t(" seconds"))
        self.autosave.setAccessibleName(t("Autosave interval"))
        self.autosave.setToolTip(t("Unsaved work is also saved at every wizard step"))
        auto_label = QLabel(t("&Autosave every:"))
        auto_label.setBuddy(self.autosave)
        form3.addRow(auto_label, self.autosave)
        self.scenario_folder = _FolderField(setting(settings, SCENARIO_FOLDER_KEY), t("Scenario folder"))
        self.export_folder = _FolderField(setting(settings, EXPORT_FOLDER_KEY), t("Export folder"))
        self.catalog_folder = _FolderField(setting(settings, CATALOG_FOLDER_KEY), t("Catalog CSV folder"))
        for label, field in (
            (t("Sc&enarios:"), self.scenario_folder),
            (t("E&xports:"), self.export_folder),
            (t("Catalog C&SV:"), self.catalog_folder),
        ):
            lab = QLabel(label)
            lab.setBuddy(field.edit)
            form3.addRow(lab, field)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        lay = QVBoxLayout(self)
        lay.addWidget(look)
        lay.addWidget(new_box)
        lay.addWidget(files_box)
        lay.addStretch(1)
        lay.addWidget(buttons)
        for form_ in (form, form2, form3):
            form_.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            form_.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.load()
        self.resize(max(self.sizeHint().width(), 560), self.sizeHint().height())

    @staticmethod
    def _select(box: QComboBox, value: str) -> None:
        box.setCurrentIndex(max(box.findData(value), 0))

    def load(self) -> None:
        s = self.settings
        self._select(self.language, setting(s, LANGUAGE_KEY, "system"))
        self._select(self.theme, setting(s, THEME_KEY, "system"))
        self._select(self.currency, setting(s, CURRENCY_KEY, "USD"))
        self._select(self.site, setting(s, SITE_KEY, ""))
        try:
            self.autosave.setValue(int(float(setting(s, AUTOSAVE_KEY, "30"))))
        except ValueError:
            self.autosave.setValue(30)

    def restore_defaults(self) -> None:
        self._select(self.language, "system")
        self._select(self.theme, "system")
        self._select(self.currency, "USD")
        self._select(self.site, "")
        self.autosave.setValue(30)

    def values(self) -> dict[str, str | int]:
        return {
            LANGUAGE_KEY: self.language.currentData(),
            THEME_KEY: self.theme.currentData(),
            CURRENCY_KEY: self.currency.currentData(),
            SITE_KEY: self.site.currentData(),
            AUTOSAVE_KEY: self.autosave.value(),
            SCENARIO_FOLDER_KEY: self.scenario_folder.text(),
            EXPORT_FOLDER_KEY: self.export_folder.text(),
            CATALOG_FOLDER_KEY: self.catalog_folder.text(),
        }

    def save(self) -> None:
        for key, value in self.values().items():
            self.settings.setValue(key, value)
        self.settings.sync()

    def accept(self) -> None:
        self.save()
        super().accept()
