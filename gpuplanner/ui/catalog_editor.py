"""Tools › Catalog editor: the hardware catalog as four editable tables (GPUs, node types, cloud offers, site
profiles), with search, add, duplicate, delete, reset to the shipped values, CSV import and export, and undo.

Edits go to the user layer (``<data dir>/catalog``), never to the shipped files, and re-estimate the open
scenario at once. See :mod:`gpuplanner.ui.catalog_session` for the operations and their undo, and
:mod:`gpuplanner.ui.catalog_model` for the tables and their editors.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, QSettings, Qt
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenuBar,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.catalog import TABLES, CatalogError
from gpuplanner.core.errors import FileAccessError

from . import dialogs
from .catalog_columns import table_title
from .catalog_delegate import CatalogDelegate
from .catalog_model import CatalogFilterProxy, CatalogTableModel
from .catalog_session import CatalogSession, left_out_lines
from .settings_keys import CATALOG_FOLDER_KEY as FOLDER_KEY
from .theme import error_color

_ID_RE = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


def ask_row_id(parent: QWidget, title: str, label: str, suggestion: str) -> str | None:
    """The id for a new row, or None when cancelled (tests replace this)."""
    text, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, suggestion)
    return text.strip() if ok else None


class CatalogTablePage(QWidget):
    """One table: search, scope, the table view."""

    def __init__(self, session: CatalogSession, table: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = self.tr
        self.table = table
        self.model = CatalogTableModel(session, table, self)
        self.proxy = CatalogFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setPlaceholderText(t("Search all columns"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(t("Search {0}").format(table_title(table)))
        self.scope = QComboBox()
        self.scope.addItem(t("All rows"), "all")
        self.scope.addItem(t("Your rows"), "user")
        self.scope.addItem(t("Shipped rows"), "shipped")
        self.scope.setAccessibleName(t("Show rows"))
        self.count = QLabel()
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.delegate = CatalogDelegate(self.model, self.view)
        self.view.setItemDelegate(self.delegate)
        self.view.setAccessibleName(table_title(table))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        triggers = QAbstractItemView.EditTrigger
        self.view.setEditTriggers(triggers.DoubleClicked | triggers.EditKeyPressed | triggers.AnyKeyPressed)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        ids = self.view.verticalHeader()  # the row ids, fixed at the left while the columns scroll
        ids.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.view.setColumnHidden(0, True)  # the id column: shown by the row header instead
        header = self.view.horizontalHeader()
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the catalog's own order until a click
        self.view.setSortingEnabled(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setHighlightSections(False)
        rows = self.view.verticalHeader()
        rows.setDefaultSectionSize(self.view.fontMetrics().height() + 10)
        rows.setMinimumSectionSize(self.view.fontMetrics().height() + 6)
        self.view.resizeColumnsToContents()
        for c in range(self.model.columnCount()):
            self.view.setColumnWidth(c, min(max(self.view.columnWidth(c), 64), 240))
        bold = QFont(self.view.font())
        bold.setBold(True)
        longest = max((self.model.row_id(r) for r in range(self.model.rowCount())), key=len, default="")
        # room for the marker and the bold id of a row of yours
        ids.setMinimumWidth(QFontMetrics(bold).horizontalAdvance(longest) + 36)
        top = QHBoxLayout()
        search_label = QLabel(t("&Search:"))
        search_label.setBuddy(self.search)
        top.addWidget(search_label)
        top.addWidget(self.search, 1)
        show_label = QLabel(t("S&how:"))
        show_label.setBuddy(self.scope)
        top.addWidget(show_label)
        top.addWidget(self.scope)
        top.addWidget(self.count)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 6, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.view, 1)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.scope.currentIndexChanged.connect(lambda _i: self.proxy.set_scope(self.scope.currentData()))
        for sig in (self.proxy.rowsInserted, self.proxy.rowsRemoved, self.proxy.modelReset, self.proxy.layoutChanged):
            sig.connect(self._update_count)
        self._update_count()

    def _update_count(self, *_args: object) -> None:
        self.count.setText(self.tr("{0} of {1} rows").format(self.proxy.rowCount(), self.model.rowCount()))

    def selected_rows(self) -> list[int]:
        """Source rows with a selected cell, in table order."""
        rows = {self.proxy.mapToSource(ix).row() for ix in self.view.selectionModel().selectedIndexes()}
        current = self.view.currentIndex()
        if not rows and current.isValid():
            rows = {self.proxy.mapToSource(current).row()}
        return sorted(r for r in rows if r >= 0)

    def selected_ids(self) -> list[str]:
        return [self.model.row_id(r) for r in self.selected_rows()]

    def select_id(self, row_id: str) -> None:
        row = self.model.row_of(row_id)
        if row < 0:
            return
        ix = self.proxy.mapFromSource(self.model.index(row, 1 if self.model.columnCount() > 1 else 0))
        if not ix.isValid():  # hidden by the search or scope: show everything
            self.search.clear()
            self.scope.setCurrentIndex(0)
            ix = self.proxy.mapFromSource(self.model.index(row, 1 if self.model.columnCount() > 1 else 0))
        self.view.setCurrentIndex(ix)
        self.view.selectionModel().select(
            ix, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        )
        self.view.scrollTo(ix)


class CatalogEditor(QDialog):
    def __init__(
        self, session: CatalogSession, parent: QWidget | None = None, settings: QSettings | None = None
    ) -> None:
        super().__init__(parent)
        t = self.tr
        self.session = session
        self.settings = settings or QSettings()
        self.setWindowTitle(t("Hardware catalog"))
        self.setObjectName("CatalogEditor")
        self.setSizeGripEnabled(True)
        self.resize(1180, 680)

        self.tabs = QTabWidget()
        self.pages: dict[str, CatalogTablePage] = {}
        for table in TABLES:
            page = CatalogTablePage(session, table)
            self.pages[table] = page
            self.tabs.addTab(page, table_title(table))
            page.model.problem.connect(self.show_problem)
            page.model.stored.connect(self.show_info)
            page.view.selectionModel().selectionChanged.connect(self._update_actions)
            page.view.selectionModel().currentChanged.connect(self._update_actions)
            page.model.modelReset.connect(self._update_actions)
        self.tabs.currentChanged.connect(self._update_actions)

        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.intro.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        where = str(session.user_dir) if session.user_dir is not None else t("(none)")
        self.intro.setText(
            t(
                "Edits are kept in your own catalog, apart from the shipped one, and survive "
                "updates. Rows with a dot and bold cells are yours; hover a cell for the shipped "
                "value. Your catalog: {0}"
            ).format(where)
        )

        # the parts of the user catalog left out when it loaded (a bad cell, a duplicate id): named here, in
        # the interface language, until the user fixes the file
        self.left_out = QLabel()
        self.left_out.setWordWrap(True)
        self.left_out.setAccessibleName(t("Parts of your catalog left out"))
        self.left_out.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._show_left_out()
        session.changed.connect(self._show_left_out)

        # --- actions ---
        self.add_button = QPushButton(t("&Add…"))
        self.duplicate_button = QPushButton(t("&Duplicate…"))
        self.delete_button = QPushButton(t("De&lete"))
        self.reset_button = QPushButton(t("&Reset to Shipped"))
        self.import_button = QPushButton(t("&Import CSV…"))
        self.export_button = QPushButton(t("E&xport CSV…"))
        self.add_button.setToolTip(t("Add a row, starting from the selected one"))
        self.duplicate_button.setToolTip(t("Copy the selected row under a new id"))
        self.delete_button.setToolTip(t("Delete the rows you added (shipped rows cannot be deleted)"))
        self.reset_button.setToolTip(t("Drop your edits of the selected rows: the shipped values apply again"))
        self.import_button.setToolTip(t("Merge rows from a CSV file (same columns) into your catalog"))
        self.export_button.setToolTip(t("Write your rows of this table to a CSV file"))
        buttons = QHBoxLayout()
        for b in (self.add_button, self.duplicate_button, self.delete_button, self.reset_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.export_button)

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName(t("Catalog editor message"))
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)

        menubar = QMenuBar(self)
        file_menu = menubar.addMenu(t("&File"))
        self.import_action = file_menu.addAction(t("&Import CSV…"), self.import_csv)
        self.export_action = file_menu.addAction(t("E&xport CSV…"), self.export_csv)
        file_menu.addSeparator()
        file_menu.addAction(t("&Close"), QKeySequence.StandardKey.Close, self.close)
        edit_menu = menubar.addMenu(t("&Edit"))
        self.undo_action = session.stack.createUndoAction(self, t("&Undo"))
        self.undo_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Undo)])
        self.redo_action = session.stack.createRedoAction(self, t("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.add_action = edit_menu.addAction(t("&Add Row…"), QKeySequence("Ctrl+N"), self.add_row)
        self.duplicate_action = edit_menu.addAction(t("&Duplicate Row…"), QKeySequence("Ctrl+D"), self.duplicate_row)
        self.delete_action = edit_menu.addAction(
            t("De&lete Rows"), QKeySequence(QKeySequence.StandardKey.Delete), self.delete_rows
        )
        self.reset_action = edit_menu.addAction(t("&Reset to Shipped"), self.reset_rows)
        edit_menu.addSeparator()
        edit_menu.addAction(t("&Find"), QKeySequence(QKeySequence.StandardKey.Find), self.focus_search)
        for a in (self.undo_action, self.redo_action, self.add_action, self.duplicate_action, self.delete_action):
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        for page in self.pages.values():
            page.view.addAction(self.delete_action)
        self.add_button.clicked.connect(self.add_row)
        self.duplicate_button.clicked.connect(self.duplicate_row)
        self.delete_button.clicked.connect(self.delete_rows)
        self.reset_button.clicked.connect(self.reset_rows)
        self.import_button.clicked.connect(self.import_csv)
        self.export_button.clicked.connect(self.export_csv)
        session.failed.connect(lambda msg: dialogs.error(self, self.tr("Catalog not changed"), msg))
        session.changed.connect(self._update_actions)
        QShortcut(
            QKeySequence("Ctrl+PgDown"),
            self,
            lambda: self.tabs.setCurrentIndex((self.tabs.currentIndex() + 1) % self.tabs.count()),
        )

        lay = QVBoxLayout(self)
        lay.setMenuBar(menubar)
        lay.addWidget(self.intro)
        lay.addWidget(self.left_out)
        lay.addWidget(self.tabs, 1)
        lay.addLayout(buttons)
        lay.addWidget(self.message)
        lay.addWidget(close)
        self._update_actions()
        if not session.editable:
            self.show_problem(t("This catalog has no user layer: it can be viewed, not edited."))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        """Escape cancels a cell edit (the editor takes it) but never closes the editor window."""
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            return
        super().keyPressEvent(event)

    # --- helpers -------------------------------------------------------------------------------------
    @property
    def page(self) -> CatalogTablePage:
        return self.pages[TABLES[self.tabs.currentIndex()]]

    def show_table(self, table: str) -> CatalogTablePage:
        self.tabs.setCurrentIndex(list(TABLES).index(table))
        return self.page

    def _show_left_out(self, *_args: object) -> None:
        lines = left_out_lines(self.session.catalog)
        self.left_out.setVisible(bool(lines))
        self.left_out.setStyleSheet(f"color: {error_color(self.palette())};" if lines else "")
        header = self.tr("Parts of your catalog are left out until you fix them in its files:")
        self.left_out.setText("\n".join([header, *("• " + line for line in lines)]) if lines else "")

    def show_problem(self, text: str) -> None:
        self.message.setStyleSheet(f"color: {error_color(self.palette())}; font-weight: 600;")
        self.message.setText(text)

    def show_info(self, text: str) -> None:
        self.message.setStyleSheet("")
        self.message.setText(text)

    def focus_search(self) -> None:
        self.page.search.setFocus()
        self.page.search.selectAll()

    def _update_actions(self, *_args: object) -> None:
        page = self.page
        ids = page.selected_ids()
        s = self.session
        editable = s.editable
        added = [i for i in ids if s.is_user(page.table, i) and not s.is_shipped(page.table, i)]
        edited = [i for i in ids if s.is_user(page.table, i) and s.is_shipped(page.table, i)]
        for w in (self.add_button, self.add_action, self.import_button, self.import_action):
            w.setEnabled(editable)
        for w in (self.duplicate_button, self.duplicate_action):
            w.setEnabled(editable and len(ids) == 1)
        for w in (self.delete_button, self.delete_action):
            w.setEnabled(editable and bool(added))
        for w in (self.reset_button, self.reset_action):
            w.setEnabled(editable and bool(edited))
        for w in (self.export_button, self.export_action):
            w.setEnabled(editable)

    def _new_id(self, title: str, suggestion: str) -> str | None:
        table = self.page.table
        new_id = ask_row_id(
            self, title, self.tr("Id of the new row (lowercase letters, digits, '.', '-', '_'):"), suggestion
        )
        if new_id is None or not new_id:
            return None
        if not _ID_RE.match(new_id):
            self.show_problem(
                self.tr("Not added — {0!r} is not a valid id: use lowercase letters, digits, '.', '-' and '_'.").format(
                    new_id
                )
            )
            return None
        if new_id in self.session.ids(table):
            self.show_problem(self.tr("Not added — the id {0!r} is already taken.").format(new_id))
            return None
        return new_id

    def _run(self, action, done: str, failed: str) -> bool:
        try:
            action()
        except (CatalogError, FileAccessError) as err:
            detail = err.detail if isinstance(err, CatalogError) and not err.file else str(err)
            self.show_problem(failed.format(detail))
            return False
        self.show_info(done)
        return True

    # --- operations ----------------------------------------------------------------------------------
    def add_row(self) -> None:
        self._add(duplicate=False)

    def duplicate_row(self) -> None:
        self._add(duplicate=True)

    def _add(self, *, duplicate: bool) -> None:
        page = self.page
        ids = page.selected_ids()
        template = ids[0] if ids else None
        if duplicate and template is None:
            return
        base = (
            f"{template}-copy"
            if duplicate and template
            else "my-" + {"gpus": "gpu", "nodes": "node", "cloud_offers": "offer", "sites": "site"}[page.table]
        )
        title = self.tr("Duplicate row") if duplicate else self.tr("Add row")
        new_id = self._new_id(title, self.session.suggest_id(page.table, base))
        if new_id is None:
            return
        ok = self._run(
            lambda: self.session.add_row(page.table, new_id, template, duplicate=duplicate),
            self.tr("Added {0}. Edit its cells; undo with Ctrl+Z.").format(new_id),
            self.tr("Not added — {0}"),
        )
        if ok:
            page.select_id(new_id)
            extra = [r for r in self.session.catalog.rows("nodes") if r.get("gpu") == new_id]
            if page.table == "gpus" and extra:
                self.show_info(
                    self.tr("Added {0} and its node type {1}. Edit their cells; undo with Ctrl+Z.").format(
                        new_id, extra[0].get("id", "")
                    )
                )

    def delete_rows(self) -> None:
        page = self.page
        s = self.session
        ids = page.selected_ids()
        added = [i for i in ids if s.is_user(page.table, i) and not s.is_shipped(page.table, i)]
        if not added:
            self.show_problem(self.tr("Shipped rows cannot be deleted. Edit them, or reset your edits."))
            return
        deps = s.dependents(page.table, added)
        n_deps = sum(len(v) for v in deps.values())
        done = (
            self.tr("Deleted {0} and {1} row(s) that used it. Undo with Ctrl+Z.").format(", ".join(added), n_deps)
            if n_deps
            else self.tr("Deleted {0}. Undo with Ctrl+Z.").format(", ".join(added))
        )
        self._run(
            lambda: s.remove_rows(page.table, added, text=self.tr("Delete {0}").format(", ".join(added))),
            done,
            self.tr("Not deleted — {0}"),
        )

    def reset_rows(self) -> None:
        page = self.page
        s = self.session
        edited = [i for i in page.selected_ids() if s.is_user(page.table, i) and s.is_shipped(page.table, i)]
        if not edited:
            return
        self._run(
            lambda: s.remove_rows(page.table, edited, text=self.tr("Reset {0} to shipped").format(", ".join(edited))),
            self.tr("{0}: the shipped values apply again. Undo with Ctrl+Z.").format(", ".join(edited)),
            self.tr("Not reset — {0}"),
        )

    def _folder(self) -> str:
        return str(self.settings.value(FOLDER_KEY, "") or "")

    def import_csv(self) -> None:
        page = self.page
        path = dialogs.open_file_path(
            self,
            self.tr("Import CSV into {0}").format(table_title(page.table)),
            self._folder(),
            self.tr("CSV files (*.csv);;All files (*)"),
        )
        if not path:
            return
        self.settings.setValue(FOLDER_KEY, str(Path(path).parent))
        try:
            n = self.session.import_csv(page.table, Path(path))
        except (CatalogError, FileAccessError) as err:
            dialogs.error(
                self, self.tr("Cannot import CSV"), self.tr("{0}\n\nYour catalog was not changed.").format(err)
            )
            return
        self.show_info(self.tr("Imported {0} row(s) into {1}. Undo with Ctrl+Z.").format(n, table_title(page.table)))

    def export_csv(self) -> None:
        page = self.page
        start = str(Path(self._folder()) / f"my-{page.table}.csv") if self._folder() else f"my-{page.table}.csv"
        path = dialogs.save_file_path(
            self,
            self.tr("Export your {0}").format(table_title(page.table)),
            start,
            self.tr("CSV files (*.csv)"),
            ".csv",
        )
        if not path:
            return
        self.settings.setValue(FOLDER_KEY, str(Path(path).parent))
        try:
            n = self.session.export_csv(page.table, Path(path))
        except (CatalogError, FileAccessError) as err:
            dialogs.error(
                self,
                self.tr("Cannot export CSV"),
                self.tr("{0}\n\nAn existing file there was left as it was.").format(err),
            )
            return
        self.show_info(self.tr("Exported {0} of your row(s) to {1}.").format(n, path))


if __name__ == "__main__":
    import sys

    from ._demo import demo_document, run_widget

    def make(_app):
        doc = demo_document()
        editor = CatalogEditor(CatalogSession(doc))
        editor._demo_doc = doc
        return editor

    sys.exit(run_widget(make))
