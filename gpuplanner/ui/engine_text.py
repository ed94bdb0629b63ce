"""Engine messages in the user's language. The engine words each message once, in English, from the shared key
table (core/scenario_keys.py, core/value_checks.py); the shapes a user meets while typing a value — a type, a
range, a choice, with the value that was refused — are translated here, their numbers and names kept exactly as
the engine wrote them. A message of any other shape is shown as the engine wrote it."""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication


def tr(text: str) -> str:
    return QCoreApplication.translate("EngineText", text)


def _fixed() -> dict[str, str]:
    """The key table's type messages, whole."""
    return {
        "must be a positive integer": tr("must be a positive integer"),
        "must be an integer ≥ 0": tr("must be an integer ≥ 0"),
        "must be a positive number": tr("must be a positive number"),
        "must be a number ≥ 0": tr("must be a number ≥ 0"),
        "must be a number from 0 to 1": tr("must be a number from 0 to 1"),
        "must be a number from 0 up to (not including) 1": tr("must be a number from 0 up to (not including) 1"),
        "must be a fraction above 0 and at most 1": tr("must be a fraction above 0 and at most 1"),
        "must be true or false": tr("must be true or false"),
        "must be a non-empty string": tr("must be a non-empty string"),
        "must not repeat an entry": tr("must not repeat an entry"),
        "must not repeat a GPU id": tr("must not repeat a GPU id"),
        "must be a non-empty list of catalog GPU ids": tr("must be a non-empty list of catalog GPU ids"),
        "must be more than 0 years": tr("must be more than 0 years"),
    }


def _templates() -> dict[str, str]:
    """The key table's range and choice messages, {0} the part the engine filled in."""
    return {
        "must be at most {0} characters": tr("must be at most {0} characters"),
        "must be at most {0}": tr("must be at most {0}"),
        "must be at least {0}": tr("must be at least {0}"),
        "must be one of {0}": tr("must be one of {0}"),
    }


# a bound as value_checks._bound writes it: "10,000,000", "1,024 (2^10)", "0.001", "1e+12"
_BOUND = r"-?[\d,.]+(?:e[+-]?\d+)?(?: \(2\^\d+\))?"
# (pattern of the engine's English, its template's English): only the key table's own wording, so that a
# cross-key message ("must be at most the number of layers (32)") is not half translated
_SHAPES = (
    (re.compile(rf"must be at most ({_BOUND}) characters"), "must be at most {0} characters"),
    (re.compile(rf"must be at most ({_BOUND})"), "must be at most {0}"),
    (re.compile(rf"must be at least ({_BOUND})"), "must be at least {0}"),
    (re.compile(r"must be one of ([^;]+)"), "must be one of {0}"),
)
# value_checks.one_of's hint after the choices (suggest.did_you_mean)
_HINT = re.compile(r"(?P<head>.+); did you mean (?P<names>[^;]+)\?")
_GOT = re.compile(r"(?P<head>.+?), got (?P<value>.+)")


def _head(text: str) -> str | None:
    hint = _HINT.fullmatch(text)
    if hint is not None:
        head = _head(hint.group("head"))
        return None if head is None else tr("{0}; did you mean {1}?").format(head, hint.group("names"))
    fixed = _fixed().get(text)
    if fixed is not None:
        return fixed
    for pattern, template in _SHAPES:
        m = pattern.fullmatch(text)
        if m:
            return _templates()[template].format(m.group(1))
    return None


def localized(text: str) -> str:
    """The message in the interface language where its shape is known, else as given."""
    m = _GOT.fullmatch(text)  # first: a choice list would otherwise swallow the refused value
    if m:
        head = _head(m.group("head"))
        if head is not None:
            return tr("{0}, got {1}").format(head, m.group("value"))
    head = _head(text)
    return text if head is None else head
