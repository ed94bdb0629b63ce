"""Numbers as the app shows them. ``—`` stands for a value that is not known (None), never 0."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from PySide6.QtCore import QCoreApplication

DASH = "—"
GIB = float(2**30)
CURRENCY_SYMBOL = {"USD": "$", "KRW": "₩"}


def tr(text: str) -> str:
    return QCoreApplication.translate("Format", text)


def _missing(v: float | None) -> bool:
    return v is None or (isinstance(v, float) and not math.isfinite(v))


def _known(v: float | None) -> float | None:
    """``v``, or None when it is not known (None, NaN, infinite): one test that also narrows the type."""
    return None if _missing(v) else v


def gib(v: float | None, digits: int = 1) -> str:
    """Bytes as GiB: ``62.6 GiB``."""
    v = _known(v)
    if v is None:
        return DASH
    return tr("{0} GiB").format(f"{v / GIB:,.{digits}f}")


def signed_gib(v: float | None) -> str:
    v = _known(v)
    if v is None:
        return DASH
    return tr("{0} GiB").format(f"{v / GIB:+,.1f}")


def money(v: float | None, currency: str) -> str:
    """Whole currency units with the symbol: ``$440,032`` / ``₩616,045,248``."""
    v = _known(v)
    if v is None:
        return DASH
    sym = CURRENCY_SYMBOL.get(currency, "")
    sign = "−" if v < 0 else ""
    return f"{sign}{sym}{abs(v):,.0f}" if sym else f"{sign}{abs(v):,.0f} {currency}"


def money_short(v: float | None, currency: str) -> str:
    """Compact money for plot labels: ``$1.23M``, ``$440k``."""
    v = _known(v)
    if v is None:
        return DASH
    div, suffix = _money_unit(abs(v))
    return _signed_money(v, f"{abs(v) / div:.3g}{suffix}", currency)


def _money_unit(magnitude: float) -> tuple[float, str]:
    """The divisor and suffix of compact money: T, B, M, k, or none below a thousand."""
    return next(((d, x) for d, x in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")) if magnitude >= d), (1.0, ""))


def _signed_money(v: float, number: str, currency: str) -> str:
    sym = CURRENCY_SYMBOL.get(currency, "")
    return ("−" if v < 0 else "") + (f"{sym}{number}" if sym else f"{number} {currency}")


def days(seconds: float | None) -> str:
    """Wall-clock time: hours below a day, days above."""
    seconds = _known(seconds)
    if seconds is None:
        return DASH
    if seconds < 86400:
        return tr("{0} hours").format(f"{seconds / 3600:,.1f}")
    return tr("{0} days").format(f"{seconds / 86400:,.1f}")


def gpu_hours(v: float | None) -> str:
    v = _known(v)
    if v is None:
        return DASH
    return tr("{0} GPU-hours").format(f"{v:,.0f}")


def percent(fraction: float | None, digits: int = 0) -> str:
    fraction = _known(fraction)
    if fraction is None:
        return DASH
    return f"{100 * fraction:.{digits}f}%"


def count(v: int | float | None) -> str:
    return DASH if _missing(v) else f"{v:,.0f}"


def params(v: float | None) -> str:
    """Parameter counts in billions: ``8.03 B``."""
    v = _known(v)
    if v is None:
        return DASH
    if v >= 1e9:
        return tr("{0} B").format(f"{v / 1e9:,.3g}")
    return tr("{0} M").format(f"{v / 1e6:,.3g}")


def tokens(v: float | None) -> str:
    v = _known(v)
    if v is None:
        return DASH
    return tr("{0} billion tokens").format(f"{v / 1e9:,.4g}")


# The fit words of issue #19, from the fit probability (spec §4.3 memory.fit_probability): the lowest
# probability each word stands for, highest first (core.plan.FIT_WORDS); below the last, "does not fit".
# Read on first use: the first wizard step formats numbers before the first paint, and core.plan is not needed
# for them.
@cache
def fit_word_floors() -> tuple[float, ...]:
    from gpuplanner.core.plan import FIT_WORDS

    return tuple(floor for floor, _word in FIT_WORDS)


def fit_word(probability: float | None, fits: bool | None) -> str:
    """The words "fits" (≥ 0.9), "probably fits" (0.6–0.9), "borderline" (0.4–0.6), "probably not" (0.1–0.4), "does not
    fit" (< 0.1); without a probability, the point estimate's fits / does not fit."""
    words = (tr("fits"), tr("probably fits"), tr("borderline"), tr("probably not"))
    known = _known(probability)
    if known is None:
        return DASH if fits is None else (words[0] if fits else tr("does not fit"))
    for floor, word in zip(fit_word_floors(), words, strict=True):
        if known >= floor:
            return word
    return tr("does not fit")


def probability(p: float | None) -> str:
    """A fit probability in whole percent, rounded down: 89.6% must not read "90%" beside "probably fits"."""
    known = _known(p)
    return DASH if known is None else f"{math.floor(100 * known)}%"


def _band_ends(band: object) -> tuple[float, float] | None:
    low, high = _known(getattr(band, "low", None)), _known(getattr(band, "high", None))
    if low is None or high is None:
        return None
    return float(low), float(high)


def band_text(band: object, show: Callable[[float], str]) -> str:
    """The text "80%: 2.1–7.0" (each end written by ``show``), or "" without a band."""
    ends = _band_ends(band)
    if ends is None:
        return ""
    return tr("80%: {0}–{1}").format(show(ends[0]), show(ends[1]))


def with_band(text: str, band: object, show: Callable[[float], str]) -> str:
    """``text (80%: lo–hi)``, or ``text`` alone without a band."""
    b = band_text(band, show)
    return f"{text} ({b})" if b else text


def gib_number(v: float) -> str:
    return f"{v / GIB:,.1f}".replace("-", "−")


def days_number_like(seconds: float | None) -> Callable[[float], str]:
    """Band ends in the unit ``days(seconds)`` uses (hours below a day), as bare numbers."""
    known = _known(seconds)
    if known is not None and known < 86400:
        return lambda v: f"{v / 3600:,.1f}"
    return lambda v: f"{v / 86400:,.1f}"


def money_short_pair(a: float, b: float, currency: str) -> tuple[str, str]:
    """Two amounts compared in one sentence, in the same unit and with the same decimals (``$1.77M`` against
    ``$2.00M``, not ``$2M``): three significant digits on the larger."""
    big = max(abs(a), abs(b))
    div, suffix = _money_unit(big)
    decimals = max(0, 2 - int(math.floor(math.log10(big / div)))) if big > 0 else 0
    first, second = (_signed_money(v, f"{abs(v) / div:.{decimals}f}{suffix}", currency) for v in (a, b))
    return first, second


def money_short_in(currency: str) -> Callable[[float], str]:
    return lambda v: money_short(v, currency)


def days_range(band: object, seconds: float | None) -> str:
    """The text "80%: 10.2–15.1 days" in the unit of ``days(seconds)`` (hours below a day), or "" without a band."""
    ends = _band_ends(band)
    if ends is None:
        return ""
    show = days_number_like(seconds)
    known = _known(seconds)
    hours = known is not None and known < 86400
    high = (tr("{0} hours") if hours else tr("{0} days")).format(show(ends[1]))
    return tr("80%: {0}–{1}").format(show(ends[0]), high)


def gib_range(band: object) -> str:
    """The text "80%: 2.1–7.0 GiB", or "" without a band."""
    ends = _band_ends(band)
    if ends is None:
        return ""
    return tr("80%: {0}–{1}").format(gib_number(ends[0]), gib(ends[1]))


def money_range(band: object, currency: str) -> str:
    ends = _band_ends(band)
    if ends is None:
        return ""
    return tr("80%: {0}–{1}").format(money_short(ends[0], currency), money_short(ends[1], currency))


def in_parentheses(text: str) -> str:
    """`` (text)``, or "" when text is empty."""
    return f" ({text})" if text else ""
