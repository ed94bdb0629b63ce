"""Numbers as the app shows them. ``—`` stands for a value that is not known (None), never 0."""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication

DASH = "—"
GIB = float(2**30)
CURRENCY_SYMBOL = {"USD": "$", "KRW": "₩"}


def tr(text: str) -> str:
    return QCoreApplication.translate("Format", text)


def _missing(v: float | None) -> bool:
    return v is None or (isinstance(v, float) and not math.isfinite(v))


def gib(v: float | None, digits: int = 1) -> str:
    """Bytes as GiB: ``62.6 GiB``."""
    if _missing(v):
        return DASH
    return tr("{0} GiB").format(f"{v / GIB:,.{digits}f}")


def signed_gib(v: float | None) -> str:
    if _missing(v):
        return DASH
    return tr("{0} GiB").format(f"{v / GIB:+,.1f}")


def money(v: float | None, currency: str) -> str:
    """Whole currency units with the symbol: ``$440,032`` / ``₩616,045,248``."""
    if _missing(v):
        return DASH
    sym = CURRENCY_SYMBOL.get(currency, "")
    sign = "−" if v < 0 else ""
    return f"{sign}{sym}{abs(v):,.0f}" if sym else f"{sign}{abs(v):,.0f} {currency}"


def money_short(v: float | None, currency: str) -> str:
    """Compact money for plot labels: ``$1.23M``, ``$440k``."""
    if _missing(v):
        return DASH
    sym = CURRENCY_SYMBOL.get(currency, "")
    a = abs(v)
    for div, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")):
        if a >= div:
            text = f"{a / div:.3g}{suffix}"
            break
    else:
        text = f"{a:.3g}"
    return ("−" if v < 0 else "") + (f"{sym}{text}" if sym else f"{text} {currency}")


def days(seconds: float | None) -> str:
    """Wall-clock time: hours below a day, days above."""
    if _missing(seconds):
        return DASH
    if seconds < 86400:
        return tr("{0} hours").format(f"{seconds / 3600:,.1f}")
    return tr("{0} days").format(f"{seconds / 86400:,.1f}")


def gpu_hours(v: float | None) -> str:
    if _missing(v):
        return DASH
    return tr("{0} GPU-hours").format(f"{v:,.0f}")


def percent(fraction: float | None, digits: int = 0) -> str:
    if _missing(fraction):
        return DASH
    return f"{100 * fraction:.{digits}f}%"


def count(v: int | float | None) -> str:
    return DASH if _missing(v) else f"{v:,.0f}"


def params(v: float | None) -> str:
    """Parameter counts in billions: ``8.03 B``."""
    if _missing(v):
        return DASH
    if v >= 1e9:
        return tr("{0} B").format(f"{v / 1e9:,.3g}")
    return tr("{0} M").format(f"{v / 1e6:,.3g}")


def tokens(v: float | None) -> str:
    if _missing(v):
        return DASH
    return tr("{0} billion tokens").format(f"{v / 1e9:,.4g}")
