"""Light and dark palettes (Fusion), and the colours the plots and field checks use.

The plots read their background and foreground from the widget palette (``plot_colors``), so they follow
a theme switch. Categorical colours are Okabe-Ito (colour-blind safe) and readable on both backgrounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor, QGuiApplication, QPalette

if TYPE_CHECKING:
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


FUSION = "Fusion"  # the style on every platform, so that screenshots and the palettes look the same everywhere
_THEME_PROPERTY = "gpuplannerTheme"
_FRAMED_PROPERTY = "gpuplannerFramedIndicators"  # set once FramedIndicators is the application's style
FUSION_PROPERTY = "gpuplannerFusion"  # set where the application was built with style_arguments (or given Fusion)


def style_arguments(argv: list[str]) -> list[str]:
    """The QApplication arguments with ``-style Fusion`` (unless the user gave a style): Qt builds Fusion itself,
    and the first paint does not wait for Python's wrapper of QStyle (see :mod:`gpuplanner.ui.theme_style`)."""
    return (
        argv if any(a in ("-style", "--style") or a.startswith("-style=") for a in argv) else [*argv, "-style", FUSION]
    )


def _framed_if_dark(app: QApplication) -> None:
    """Fusion's indicator frames vanish on a dark palette (theme_style.py): there, the framing style."""
    if app.property(_FRAMED_PROPERTY) or not is_dark(app.palette()):
        return
    from .theme_style import FramedIndicators

    app.setStyle(FramedIndicators())  # it follows the palette by itself from now on
    app.setProperty(_FRAMED_PROPERTY, True)


def apply_theme(app: QApplication, theme: str) -> None:
    """``light``, ``dark`` or ``system`` (the platform's palette; Fusion follows a dark desktop by itself).

    The style is Fusion throughout: given to the QApplication by :func:`style_arguments`, else set here; it
    becomes :class:`~gpuplanner.ui.theme_style.FramedIndicators` once the palette is dark (the dark theme, or a
    dark desktop under ``system``, also one that turns dark while the app runs)."""
    first = app.property(_THEME_PROPERTY) is None
    if first and not app.property(FUSION_PROPERTY) and not app.property(_FRAMED_PROPERTY):
        app.setStyle(FUSION)  # an application built elsewhere (tests, scripts)
        app.setProperty(FUSION_PROPERTY, True)
    if theme == "dark":
        app.setPalette(dark_palette())
    elif theme == "light":
        app.setPalette(app.style().standardPalette())
    elif not first and app.property(_THEME_PROPERTY) != "system":
        app.setPalette(QPalette())  # back to the platform's own palette
    app.setProperty(_THEME_PROPERTY, theme)
    _framed_if_dark(app)
    if first:  # a desktop that turns dark later: look once its new palette is in (after the signal)
        from PySide6.QtCore import QTimer

        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(lambda *_a: QTimer.singleShot(0, app, lambda: _framed_if_dark(app)))
