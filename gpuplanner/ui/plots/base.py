"""A plot panel: title, export button, a note line, and the pyqtgraph plot, created on first show.

Subclasses implement ``make_plot`` (axes) and ``draw(results)``; they keep the items they draw in
``self.series`` (name -> item) so tests, hover readouts and exports can find them. Items are made once and
then updated in place (``item``/``retire``): a redraw that rebuilt every curve, label and legend entry
took ~20 ms per plot, updating them takes a few.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMenu, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from .. import dialogs
from ..lazy import after_first_paint
from ..resultset import ResultSet
from ..theme import plot_colors

EXPORT_SIZE = (720, 440)  # smallest layout an export is drawn at (logical pixels)
EXPORT_PNG_WIDTH = 1600  # PNG pixels across, at least (and at least twice the layout)
EXPORT_MARGIN = 8
EXPORT_SUFFIXES = (".png", ".svg")


def keep_inside(label: Any, view_box: Any) -> None:
    """Put a vertical InfiniteLine's label right of the line, or left of it where it would run past the
    plot's right edge ("break-even 95%" did, and a Korean label lost its last characters). Decided again
    whenever the view box resizes."""

    def place() -> None:
        from PySide6.QtCore import QPointF

        rect = view_box.sceneBoundingRect()
        x = view_box.mapViewToScene(QPointF(label.line.value(), 0)).x()
        flip = x + label.textItem.boundingRect().width() > rect.right() - 2
        anchors = [(1.0 if flip else 0.0, y) for _x, y in label.anchors]
        if anchors != label.anchors:
            label.anchors = anchors
            label.updatePosition()

    if not getattr(label, "_kept_inside", False):
        label._kept_inside = True
        view_box.sigResized.connect(place)
        view_box.sigRangeChanged.connect(place)
    place()


NARROW_PANEL_PX = 470  # below this panel width a legend beside the plot goes under it (place_legend)


class PlotPanel(QFrame):
    title_text = ""
    file_stem = "plot"
    legend_under = False  # True: the legend always sits under the plot (else beside it, under only when narrow)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.results: ResultSet | None = None
        self.series: dict[str, Any] = {}  # what the last draw shows
        self._items: dict[str, Any] = {}  # every item made so far, by key
        self.plot_widget: Any = None  # pg.PlotWidget once loaded
        self.title = QLabel(self.title_text or self.panel_title())
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        # wraps rather than running under the Export button in a narrow panel (or in Korean)
        self.title.setWordWrap(True)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.export_button = QToolButton()
        self.export_button.setText(self.tr("Export"))
        self.export_button.setToolTip(self.tr("Save this plot as PNG or SVG"))
        self.export_button.setAccessibleName(self.tr("Export {0}").format(self.panel_title()))
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.export_button)
        self.png_action = menu.addAction(self.tr("Save as &PNG…"), lambda: self.export_dialog("png"))
        self.svg_action = menu.addAction(self.tr("Save as &SVG…"), lambda: self.export_dialog("svg"))
        self.export_button.setMenu(menu)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.note.hide()
        placeholder = QLabel(self.tr("Preparing the plot…"))
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        placeholder.setMinimumHeight(180)
        self.placeholder: QLabel | None = placeholder  # None once the plot has replaced it
        head = QHBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.addWidget(self.title, 1)
        head.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignTop)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 4, 6, 4)
        self._layout.setSpacing(2)
        self._layout.addLayout(head)
        self._layout.addWidget(self.note)
        self._layout.addWidget(placeholder, 1)
        self.setAccessibleName(self.panel_title())
        self.setMinimumSize(260, 220)

    def panel_title(self) -> str:
        return self.title_text

    # --- lazy creation -------------------------------------------------------------------------------
    @property
    def loaded(self) -> bool:
        return self.plot_widget is not None

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if not self.loaded:
            after_first_paint(self, self.ensure_plot)

    def ensure_plot(self) -> None:
        """Import pyqtgraph and build the plot (once); draw what arrived meanwhile."""
        if self.loaded:
            return
        from ._pg import pg

        self.plot_widget = pg.PlotWidget(**self.axis_items())
        self.plot_widget.setAccessibleName(self.panel_title())
        self.plot_widget.setMinimumHeight(160)
        self.plot_widget.setMenuEnabled(True)
        vb_menu = self.plot_widget.getPlotItem().getViewBox().menu
        vb_menu.addSeparator()
        vb_menu.addAction(self.tr("Save as PNG…"), lambda: self.export_dialog("png"))
        vb_menu.addAction(self.tr("Save as SVG…"), lambda: self.export_dialog("svg"))
        placeholder = self.placeholder
        assert placeholder is not None  # built in __init__; only this (run once, while not loaded) drops it
        self._layout.replaceWidget(placeholder, self.plot_widget)
        placeholder.deleteLater()
        self.placeholder = None
        plot_item = self.plot_widget.getPlotItem()
        for name in ("left", "bottom"):
            # no minor ticks: their grid lines (alpha-blended, antialiased) were ~60% of each plot's paint
            plot_item.getAxis(name).setStyle(maxTickLevel=1)
        self.make_plot(plot_item)
        self.apply_palette()
        self.place_legend()
        if self.results is not None:
            self.show_results(self.results)

    def axis_items(self) -> dict[str, Any]:
        return {}

    def legend_beside(self, plot_item: Any) -> Any:
        """A legend in its own column right of the plot: with one entry per GPU over curves that can cross
        anywhere, a legend anchored inside the plot covered points wherever it sat (and a row under the x
        axis took the height these short panels lack)."""
        from ._pg import pg

        legend = pg.LegendItem(colCount=1, labelTextSize="8pt", horSpacing=4, verSpacing=-6)
        # its own height, not the plot's: in the plot's row a stretched legend spread its entries 45 px apart
        legend.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        plot_item.layout.addItem(legend, 2, 3)
        plot_item.layout.setAlignment(legend, Qt.AlignmentFlag.AlignTop)
        plot_item.legend = legend
        self._legend_beside = legend
        self._legend_under = False
        self.place_legend()
        return legend

    def place_legend(self) -> None:
        """A legend beside the plot moves under the x axis, in rows of two, when the panel is narrow (at
        1024 px wide the legend column took half of each plot), and back beside when it widens."""
        legend = getattr(self, "_legend_beside", None)
        if legend is None or self.plot_widget is None:
            return
        under = self.legend_under or self.width() < NARROW_PANEL_PX
        columns = (3 if self.width() >= NARROW_PANEL_PX else 2) if under else 1
        if (under, columns) == getattr(self, "_legend_state", None):
            return
        self._legend_state = (under, columns)
        self._legend_under = under
        layout = self.plot_widget.getPlotItem().layout
        layout.removeItem(legend)
        legend.setColumnCount(columns)
        if under:
            layout.addItem(legend, 5, 1)
            layout.setAlignment(legend, Qt.AlignmentFlag.AlignHCenter)
        else:
            layout.addItem(legend, 2, 3)
            layout.setAlignment(legend, Qt.AlignmentFlag.AlignTop)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.place_legend()

    # --- drawing -------------------------------------------------------------------------------------
    def make_plot(self, plot_item: Any) -> None:
        raise NotImplementedError

    def draw(self, rs: ResultSet) -> None:
        raise NotImplementedError

    def item(self, key: str, factory: Any, legend: str | None = None) -> Any:
        """The plot item ``key``, made by ``factory()`` and added to the plot (and the legend) once."""
        found = self._items.get(key)
        if found is None:
            found = factory()
            plot_item = self.plot_widget.getPlotItem()
            plot_item.addItem(found)
            if legend is not None and plot_item.legend is not None:
                plot_item.legend.addItem(found, legend)
            self._items[key] = found
        self.series[key] = found
        return found

    # --- updates that skip what did not change (issue #15) ----------------------------------------------
    # A redraw after an edit usually changes a few things: a new GPU count moves the count marker, but the sweep
    # curves, the axis titles and the ranges stay. pyqtgraph redoes the work on every call even for equal values
    # (an axis title re-laid the plot out and dropped its tick picture; setData rebuilt paths and bounds), about
    # as much as the rest of a redraw's paint, so the plots set these only when they differ.
    def set_label(self, plot_item: Any, axis: str, text: str) -> None:
        """``plot_item.setLabel(axis, text)`` unless that axis already has this title."""
        labels = self.__dict__.setdefault("_axis_titles", {})
        if labels.get(axis) != text:
            plot_item.setLabel(axis, text)
            # pyqtgraph centres an axis title only when the axis resizes (AxisItem.resizeEvent): centre a new one
            plot_item.getAxis(axis).resizeEvent()
            labels[axis] = text

    def set_range(self, plot_item: Any, axis: str, low: float, high: float, padding: float = 0.0) -> None:
        """``setXRange``/``setYRange`` unless the view still shows the range this asked for last time (a range the
        user panned or zoomed to is set back, as before)."""
        vb = plot_item.getViewBox()
        index = 0 if axis == "x" else 1
        ranges = self.__dict__.setdefault("_view_ranges", {})
        asked = (low, high, padding)
        last = ranges.get(axis)
        if last is not None and last[0] == asked and vb.state["autoRange"][index] is False:
            if list(vb.state["targetRange"][index]) == last[1]:
                return
        (plot_item.setXRange if axis == "x" else plot_item.setYRange)(low, high, padding=padding)
        ranges[axis] = (asked, list(vb.state["targetRange"][index]))

    def auto_range(self, plot_item: Any, axis: str) -> None:
        """``enableAutoRange(axis)`` unless it is on already (the view then follows the data by itself)."""
        self.__dict__.setdefault("_view_ranges", {}).pop(axis, None)
        if plot_item.getViewBox().state["autoRange"][0 if axis == "x" else 1] is False:
            plot_item.enableAutoRange(axis=axis)

    @staticmethod
    def set_data(target: Any, *args: Any, **kwargs: Any) -> None:
        """``target.setData(*args, **kwargs)`` unless the item already shows exactly these (lists, numbers, pens)."""
        key = (args, kwargs)
        if getattr(target, "_gpuplanner_data", None) == key:
            return
        target.setData(*args, **kwargs)
        target._gpuplanner_data = key

    def retire(self) -> None:
        """Remove the items this draw did not use (call at the end of ``draw``; ``series`` holds the used)."""
        plot_item = self.plot_widget.getPlotItem()
        for key in [k for k in self._items if k not in self.series]:
            old = self._items.pop(key)
            if plot_item.legend is not None:
                plot_item.legend.removeItem(old)
            plot_item.removeItem(old)

    def show_results(self, rs: ResultSet) -> None:
        self.results = rs
        if self.loaded:
            self.draw(rs)
            self.plot_widget.setAccessibleDescription(self.describe())

    def describe(self) -> str:
        """A text summary of what the plot shows (for screen readers)."""
        return ""

    def set_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))

    # --- palette -------------------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt API
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.loaded:
            self.apply_palette()
            if self.results is not None:
                self.draw(self.results)

    def apply_palette(self) -> None:
        bg, fg = plot_colors(self)
        self.plot_widget.setBackground(bg)
        item = self.plot_widget.getPlotItem()
        for name in ("left", "bottom"):
            axis = item.getAxis(name)
            axis.setPen(fg)
            axis.setTextPen(fg)
        legend = item.legend
        if legend is not None:
            legend.setLabelTextColor(fg)
            for _sample, label in legend.items:
                # setLabelTextColor only stores the colour: a label keeps the one its text was set with
                # (after a switch to the dark theme every legend stayed black on dark)
                label.setText(label.text, color=fg)
            # no fill: pyqtgraph's legend box can reach far below its entries (at 2× scale it hid the
            # left third of the curves), and the plots keep their legends clear of the data anyway
            legend.setBrush(QColor(0, 0, 0, 0))
            legend.setPen(QColor(0, 0, 0, 0))

    def foreground(self):
        return plot_colors(self)[1]

    # --- export --------------------------------------------------------------------------------------
    def export(self, path: str | Path) -> Path:
        """Write the plot, with its title and note, as PNG or SVG (by the suffix; anything but .svg is PNG).
        Creates the plot first if it was never shown. PNG and SVG are painted by the same code at the same
        layout, so they agree to the pixel."""
        self.ensure_plot()
        path = Path(path)
        with self._export_size():
            if path.suffix.lower() == ".svg":
                self._export_svg(path)
            else:
                self._export_png(path)
        return path

    @contextmanager
    def _export_size(self) -> Iterator[None]:
        """Lay the plot out at least EXPORT_SIZE for the export (a panel squeezed on screen exported its
        squeezed layout), and back afterwards."""
        w = self.plot_widget
        old = w.size()
        target = self._export_plot_size()
        if target != old:
            w.resize(target)
        try:
            yield
        finally:
            if target != old:
                w.resize(old)

    def _export_plot_size(self) -> QSize:
        return self.plot_widget.size().expandedTo(QSize(*EXPORT_SIZE))

    def export_header(self) -> list[tuple[str, QFont]]:
        """The lines above the plot in an export: the title (bold, larger) and the note, if any."""
        title_font = QFont(self.title.font())
        title_font.setBold(True)
        title_font.setPointSizeF(max(title_font.pointSizeF(), 9.0) * 1.25)
        lines = [(self.panel_title(), title_font)]
        if self.note.isVisibleTo(self) and self.note.text():
            lines.append((self.note.text(), QFont(self.note.font())))
        return lines

    def export_header_height(self, width: int) -> int:
        from PySide6.QtGui import QFontMetrics

        height = EXPORT_MARGIN
        for text, font in self.export_header():
            rect = QFontMetrics(font).boundingRect(
                QRect(0, 0, width - 2 * EXPORT_MARGIN, 10_000), int(Qt.TextFlag.TextWordWrap), text
            )
            height += rect.height() + 2
        return height + EXPORT_MARGIN

    def export_size(self) -> tuple[int, int, int]:
        """(width, height, header height) of an export, in logical pixels (the SVG's units)."""
        plot = self._export_plot_size()
        header = self.export_header_height(plot.width())
        return plot.width(), header + plot.height(), header

    def paint_export(self, painter: Any) -> None:
        """Paint the header and the plot (for both PNG and SVG)."""
        from PySide6.QtCore import QPoint

        bg, fg = plot_colors(self)
        width, height, header = self.export_size()
        painter.fillRect(QRect(0, 0, width, height), bg)
        painter.setPen(fg)
        y = EXPORT_MARGIN
        for text, font in self.export_header():
            painter.setFont(font)
            box = QRect(EXPORT_MARGIN, y, width - 2 * EXPORT_MARGIN, 10_000)
            used = painter.boundingRect(box, int(Qt.TextFlag.TextWordWrap), text)
            painter.drawText(box, int(Qt.TextFlag.TextWordWrap), text)
            y += used.height() + 2
        items = [it for it in self.plot_widget.scene().items() if hasattr(it, "setExportMode")]
        opts = {"antialias": True, "background": bg, "painter": painter}
        for it in items:  # vector markers instead of cached pixmaps (pyqtgraph's exporters do the same)
            it.setExportMode(True, opts)
        try:
            # QWidget.render: the view paints as on screen (QGraphicsView.render skips its paintEvent, where
            # pyqtgraph brings the view box's transform up to date)
            QWidget.render(self.plot_widget, painter, QPoint(0, header))
        finally:
            for it in items:
                it.setExportMode(False)

    def _export_png(self, path: Path) -> None:
        from PySide6.QtGui import QImage, QPainter

        width, height, _header = self.export_size()
        # a device pixel ratio, not a painter scale: the legend ignores transformations and stayed small
        scale = max(2.0, EXPORT_PNG_WIDTH / width)
        img = QImage(round(width * scale), round(height * scale), QImage.Format.Format_ARGB32)
        img.setDevicePixelRatio(scale)
        img.fill(plot_colors(self)[0])
        painter = QPainter(img)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        try:
            self.paint_export(painter)
        finally:
            painter.end()
        # PySide6's stub types the format as bytes, but its runtime accepts only str ("PNG"; b"PNG" raises)
        if not img.save(str(path), "PNG"):  # type: ignore[call-overload]
            raise OSError(f"cannot write {path}")

    def _export_svg(self, path: Path) -> None:
        """Vector output through QSvgGenerator (pyqtgraph's SVGExporter cannot parse the paths that
        recent Qt versions write), with the shapes moved into page coordinates (see ``_svg``)."""
        from PySide6.QtCore import QBuffer, QByteArray, QIODevice
        from PySide6.QtGui import QPainter
        from PySide6.QtSvg import QSvgGenerator

        from . import _svg

        width, height, _header = self.export_size()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        gen = QSvgGenerator()
        gen.setOutputDevice(buffer)
        gen.setSize(QSize(width, height))
        gen.setViewBox(QRect(0, 0, width, height))
        # pyqtgraph paints axes and bars from QPictures, which replay scaled by (device dpi / recorded dpi):
        # at QSvgGenerator's default 72 dpi the axes came out at 3/4 size, off the data they label
        gen.setResolution(self.plot_widget.logicalDpiY())
        gen.setTitle(self.panel_title())
        gen.setDescription(self.describe())
        painter = QPainter()
        if not painter.begin(gen):
            raise OSError(f"cannot write {path}")
        try:
            self.paint_export(painter)
        finally:
            painter.end()
        text = _svg.flatten(bytes(data.data()).decode("utf-8"))
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as err:
            raise OSError(f"cannot write {path}: {err.strerror or err}") from err

    def export_dialog(self, kind: str) -> None:
        filt = self.tr("PNG image (*.png)") if kind == "png" else self.tr("SVG drawing (*.svg)")
        # no suffix forced by the dialog: a name typed with .png or .svg is kept, and written in that format
        path = dialogs.save_file_path(self, self.tr("Export plot"), f"{self.file_stem}.{kind}", filt, "")
        if not path:
            return
        if Path(path).suffix.lower() not in EXPORT_SUFFIXES:
            path += f".{kind}"
        try:
            self.export(path)
        except OSError as err:
            dialogs.error(self, self.tr("Export failed"), self.tr("Could not write {0}: {1}").format(path, err))
