"""Light and dark palettes (Fusion), and the colours the plots and field checks use.

The plots read their background and foreground from the widget palette (``plot_colors``), so they follow
a theme switch. Categorical colours are Okabe-Ito (colour-blind safe) and readable on both backgrounds.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget

THEMES = ("system", "light", "dark")

COMPONENT_COLORS = {  # memory breakdown
    "weights": "#0072B2",
    "gradients": "#E69F00",
    "optimizer": "#009E73",
    "activations": "#CC79A7",
    "kv_cache": "#56B4E9",
    "overhead": "#999999",
}
SERIES_COLORS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000")
TIER_COLORS = {
    "onprem_tco": "#D55E00",
    "cloud_on_demand": "#0072B2",
    "cloud_reserved_1y": "#009E73",
    "cloud_reserved_3y": "#CC79A7",
    "cloud_spot": "#E69F00",
}


def is_dark(palette: QPalette | None = None) -> bool:
    pal = palette or QGuiApplication.palette()
    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def relative_luminance(c: QColor) -> float:
    """WCAG 2.1 relative luminance (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance)."""

    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF())


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2.1 contrast ratio, 1 to 21 (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio)."""
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def status_colors(palette: QPalette | None = None) -> tuple[str, str]:
    """(good, bad) text colours readable on the palette's background."""
    return ("#3fb950", "#ff7b72") if is_dark(palette) else ("#1a7f37", "#cf222e")


def caution_color(palette: QPalette | None = None) -> str:
    """Text colour for "probably fits" / "borderline": neither the good green nor the bad red."""
    return "#e3b341" if is_dark(palette) else "#9a6700"


def error_color(palette: QPalette | None = None) -> str:
    return status_colors(palette)[1]


def plot_colors(widget: QWidget) -> tuple[QColor, QColor]:
    """(background, foreground) for a plot inside ``widget``."""
    pal = widget.palette()
    return pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text)


def dark_palette() -> QPalette:
    p = QPalette()
    roles = QPalette.ColorRole
    window, base, text = QColor("#1f2328"), QColor("#161b22"), QColor("#e6edf3")
    for role, color in (
        (roles.Window, window),
        (roles.WindowText, text),
        (roles.Base, base),
        (roles.AlternateBase, QColor("#21262d")),
        (roles.ToolTipBase, QColor("#2d333b")),
        (roles.ToolTipText, text),
        (roles.Text, text),
        (roles.Button, QColor("#2d333b")),
        (roles.ButtonText, text),
        (roles.BrightText, QColor("#ff7b72")),
        (roles.Highlight, QColor("#1f6feb")),
        (roles.HighlightedText, QColor("#ffffff")),
        (roles.Link, QColor("#58a6ff")),
        (roles.PlaceholderText, QColor("#8b949e")),
        (roles.Mid, QColor("#30363d")),
        (roles.Dark, QColor("#0d1117")),
        (roles.Light, QColor("#6e7681")),
        (roles.Midlight, QColor("#3d444d")),
        (roles.Shadow, QColor("#010409")),
    ):
        p.setColor(role, color)
    disabled = QPalette.ColorGroup.Disabled
    for role in (roles.Text, roles.ButtonText, roles.WindowText):
        p.setColor(disabled, role, QColor("#6e7681"))
    return p


INDICATOR_OUTLINE_DARK = "#8b949e"  # 6:1 against the dark Base, like the placeholder text


def indicator_outline(palette: QPalette) -> QColor | None:
    """The frame drawn around check boxes and radio buttons on a dark palette (None: Fusion's own is seen)."""
    return QColor(INDICATOR_OUTLINE_DARK) if is_dark(palette) else None


class FramedIndicators(QProxyStyle):
    """Fusion, with check box and radio button frames that show on a dark palette.

    Fusion outlines an indicator in the window colour made darker (qfusionstyle.cpp, ``outline()``): on a
    dark palette that frame vanished into the dark Base, so an unticked box in the GPU list, a dialog or a
    form looked like no box at all.
    """

    _FRAMED = (
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
        QStyle.PrimitiveElement.PE_IndicatorRadioButton,
    )

    def __init__(self) -> None:
        super().__init__("Fusion")

    def drawPrimitive(self, element, option: QStyleOption, painter: QPainter, widget=None) -> None:  # noqa: N802
        super().drawPrimitive(element, option, painter, widget)
        outline = indicator_outline(option.palette) if element in self._FRAMED else None
        if outline is None:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(QColor(0, 0, 0, 0))
        painter.setPen(QPen(outline, 1.0))
        rect = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            side = min(rect.width(), rect.height())
            rect = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
            painter.drawEllipse(rect)
        else:
            side = min(rect.width(), rect.height(), 16.0)  # item views pass a wider rect than the box
            rect = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
            painter.drawRoundedRect(rect, 2.0, 2.0)
        painter.restore()


def apply_theme(app: QApplication, theme: str) -> None:
    """``light``, ``dark`` or ``system`` (the platform's palette; Fusion follows a dark desktop by itself)."""
    if not isinstance(app.style(), FramedIndicators):  # picked once; it follows the palette by itself
        app.setStyle(FramedIndicators())
    if theme == "dark":
        app.setPalette(dark_palette())
    elif theme == "light":
        app.setPalette(app.style().standardPalette())
    elif app.property("gpuplannerTheme") not in (None, "system"):
        app.setPalette(QPalette())  # back to the platform's own palette
    app.setProperty("gpuplannerTheme", theme)
