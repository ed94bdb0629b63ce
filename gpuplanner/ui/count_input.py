"""Count fields that read "1.4T", "1.4 trillion", "1.4e12", "32k" or "1.4조", and say so when they cannot.

A plain spin box reads "1.4T" as 1.4 of whatever its unit is and drops the letter: a token count typed as
1.4T became 1.4 billion, a 1000× error nobody saw (issue item 3). :func:`parse_count` is the one reader of
such text; :class:`CountSpin` (integers: GPU counts, sequence lengths, batch sizes, architecture sizes) and
:class:`TokenCountSpin` (token counts, shown in words: "1.4 trillion tokens", "1.4조 토큰") use it.

Text that does not read as a count is kept in the box (so the user sees what they typed) and
``textProblem`` carries the reason; the page marks the field with it (:meth:`PlannerPage.watch_counts`).
The box's value stays the last valid one.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox, QWidget

if TYPE_CHECKING:
    from typing import Protocol

    from PySide6.QtCore import SignalInstance

# multipliers by suffix, lower-cased; "b" and "g" are both 10^9 (billion / giga), "m" is a million: a count is
# never in milli-units.
_SUFFIXES = {
    "k": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mn": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bn": 1e9,
    "g": 1e9,
    "billion": 1e9,
    "t": 1e12,
    "trillion": 1e12,
    "천": 1e3,
    "만": 1e4,
    "억": 1e8,
    "조": 1e12,
}
_NUMBER = r"[+-]?(?:\d[\d,_]*(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?"
_PART = re.compile(rf"\s*({_NUMBER})\s*([a-z]+|[천만억조])?", re.IGNORECASE)
_UNIT_WORDS = ("tokens", "token", "토큰", "gpus", "gpu")


def _tr(text: str) -> str:
    return QCoreApplication.translate("CountInput", text)


class CountParseError(ValueError):
    """Text that is not a count; the message says what was typed and what would work."""


def parse_count(text: str, suffix: str = "") -> float:
    """A count from what a user typed: ``"1.4T"``, ``"1.4 trillion"``, ``"1.4e12"``, ``"1,400,000"``,
    ``"32k"``, ``"1조 4000억"``. ``suffix`` (the box's unit, e.g. " tokens") may be left on the text."""
    s = text.strip()
    if suffix and s.endswith(suffix.strip()):
        s = s[: len(s) - len(suffix.strip())].strip()
    low = s.lower()
    for word in _UNIT_WORDS:
        if low.endswith(word):
            s = s[: len(s) - len(word)].strip()
            break
    if not s:
        raise CountParseError(_tr("Type a number, e.g. 1.4T, 1.4 trillion or 1.4e12."))
    total, pos, last_mult = 0.0, 0, math.inf
    while pos < len(s):
        m = _PART.match(s, pos)
        if m is None or m.end() == pos:
            break
        number, word = m.group(1), m.group(2)
        if pos and not (word and word in "천만억조" and _SUFFIXES[word] < last_mult):
            break  # only Korean groups follow one another ("1조 4000억"); anything else is not a count
        mult = 1.0
        if word is not None:
            key = word.lower()
            if key not in _SUFFIXES:
                raise CountParseError(
                    _tr("“{0}” is not a number: “{1}” is not one of k, M, B, T (thousand … trillion).").format(
                        text.strip(), word
                    )
                )
            mult = _SUFFIXES[key]
        if pos and last_mult not in (_SUFFIXES["천"], _SUFFIXES["만"], _SUFFIXES["억"], _SUFFIXES["조"]):
            break
        last_mult = mult
        try:
            total += float(number.replace(",", "").replace("_", "")) * mult
        except ValueError as err:
            raise CountParseError(_tr("“{0}” is not a number.").format(text.strip())) from err
        pos = m.end()
    if pos < len(s.rstrip()) or not math.isfinite(total):
        raise CountParseError(
            _tr("“{0}” is not a number. Type e.g. 1.4T, 1.4 trillion or 1.4e12.").format(text.strip())
        )
    return total


def _korean() -> bool:
    from .i18n import current_language

    return current_language() == "ko"


def _short(v: float) -> str:
    text = f"{v:,.3f}".rstrip("0").rstrip(".")
    return text


def count_in_words(v: float) -> str:
    """``1.4 trillion`` / ``300 billion`` / ``12,000``; in Korean ``1.4조`` / ``3,000억`` / ``1.2만``."""
    a = abs(v)
    if _korean():
        for div, word in ((1e12, "조"), (1e8, "억"), (1e4, "만")):
            if a >= div:
                return f"{_short(v / div)}{word}"
        return f"{v:,.0f}"
    for div, word in ((1e12, _tr("trillion")), (1e9, _tr("billion")), (1e6, _tr("million"))):
        if a >= div:
            return f"{_short(v / div)} {word}"
    return f"{v:,.0f}"


if TYPE_CHECKING:  # for mypy only: no class to build when the first wizard step loads

    class _CountBox(Protocol):
        """What :class:`_ParsingMixin` uses of the spin box it is mixed into (QSpinBox or QDoubleSpinBox) and of
        itself: the methods' self type, so that mypy checks the mixin against both boxes."""

        @property
        def textProblem(self) -> SignalInstance: ...  # noqa: N802 - the Qt signal's name

        _last_problem: str
        _reporting: bool

        def prefix(self) -> str: ...
        def suffix(self) -> str: ...
        def specialValueText(self) -> str: ...
        def minimum(self) -> float: ...
        def maximum(self) -> float: ...
        def _parse(self, text: str) -> float: ...
        def _report(self, message: str) -> None: ...
        def _shown(self, v: float) -> str: ...


class _ParsingMixin:
    """validate/valueFromText through :func:`parse_count`; unreadable text is Intermediate, with a reason."""

    # set on the first report (read with getattr's default until then)
    _last_problem: str
    _reporting: bool

    def _parse(self: _CountBox, text: str) -> float:
        prefix = self.prefix()
        if prefix and text.startswith(prefix):
            text = text[len(prefix) :]
        return parse_count(text, self.suffix())

    def _report(self: _CountBox, message: str) -> None:
        if message == getattr(self, "_last_problem", ""):
            return
        self._last_problem = message
        if getattr(self, "_reporting", False):
            return  # marking the field restyles the box, which validates again: report once
        self._reporting = True
        try:
            self.textProblem.emit(message)
        finally:
            self._reporting = False

    def validate(self: _CountBox, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        special = self.specialValueText()
        if special and text == special:
            self._report("")
            return QValidator.State.Acceptable, text, pos
        try:
            v = self._parse(text)
        except CountParseError as err:
            self._report(str(err))
            return QValidator.State.Intermediate, text, pos
        lo, hi = self.minimum(), self.maximum()
        if v < lo or v > hi:
            # while typing "1.4T" the box passes through "1.4": below the range is only a step on the way
            if v > hi:
                self._report(_tr("{0} is above the largest allowed, {1}.").format(self._shown(v), self._shown(hi)))
            else:
                self._report("")
            return QValidator.State.Intermediate, text, pos
        self._report("")
        return QValidator.State.Acceptable, text, pos

    def fixup(self: _CountBox, text: str) -> str:
        try:
            v = self._parse(text)
        except CountParseError:
            return text
        lo = self.minimum()
        if v < lo:
            self._report(_tr("{0} is below the smallest allowed, {1}.").format(self._shown(v), self._shown(lo)))
        return text

    def _shown(self: _CountBox, v: float) -> str:
        return count_in_words(v) + self.suffix()

    def text_problem(self) -> str:
        return getattr(self, "_last_problem", "")


class CountSpin(_ParsingMixin, QSpinBox):
    """An integer count field that also reads 32k, 1.5M, 2e3."""

    textProblem = Signal(str)  # why the text is not a count; "" when it reads as one again

    def valueFromText(self, text: str) -> int:  # noqa: N802 - Qt API
        special = self.specialValueText()
        if special and text == special:
            return self.minimum()
        try:
            return int(round(self._parse(text)))
        except CountParseError:
            return self.value()


class TokenCountSpin(_ParsingMixin, QDoubleSpinBox):
    """A token count (the value is the count itself), shown in words: "1.4 trillion tokens"."""

    textProblem = Signal(str)  # why the text is not a count; "" when it reads as one again

    def __init__(self, minimum: float, maximum: float, suffix: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDecimals(0)
        self.setRange(minimum, maximum)
        self.setSuffix(suffix)
        self.setStepType(QDoubleSpinBox.StepType.AdaptiveDecimalStepType)
        self.setKeyboardTracking(True)

    def textFromValue(self, v: float) -> str:  # noqa: N802 - Qt API
        return count_in_words(v)

    def valueFromText(self, text: str) -> float:  # noqa: N802 - Qt API
        try:
            return float(round(self._parse(text)))
        except CountParseError:
            return self.value()

    def stepBy(self, steps: int) -> None:  # noqa: N802 - Qt API
        # one step is 10% of the shown magnitude's leading unit: 1.4 trillion → 1.5 trillion
        v = self.value()
        unit = 10 ** max(math.floor(math.log10(max(v, 1.0))) - 1, 0)
        self.setValue(min(max(v + steps * unit, self.minimum()), self.maximum()))
