"""Light and dark palettes (Fusion), and the colours the plots and field checks use.

The plots read their background and foreground from the widget palette (``plot_colors``), so they follow
a theme switch. Categorical colours are Okabe-Ito (colour-blind safe) and readable on both backgrounds.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

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


def status_colors(palette: QPalette | None = None) -> tuple[str, str]:
    """(good, bad) text colours readable on the palette's background."""
    return ("#3fb950", "#ff7b72") if is_dark(palette) else ("#1a7f37", "#cf222e")


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


def apply_theme(app: QApplication, theme: str) -> None:
    """``light``, ``dark`` or ``system`` (the platform's palette; Fusion follows a dark desktop by itself)."""
    app.setStyle("Fusion")  # the style is created before the first paint anyway; this only picks it
    if theme == "dark":
        app.setPalette(dark_palette())
    elif theme == "light":
        app.setPalette(app.style().standardPalette())
    elif app.property("gpuplannerTheme") not in (None, "system"):
        app.setPalette(QPalette())  # back to the platform's own palette
    app.setProperty("gpuplannerTheme", theme)
