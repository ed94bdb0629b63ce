"""Value checks for the scenario keys (spec §4.1): each returns a problem ("must be …") or None, and `Key`
ties one to the methods it applies to and its documented range. The tables that use them are in
`scenario_io`, the one place where keys are declared."""

from __future__ import annotations

import math
import reprlib
from collections.abc import Callable, Mapping
from typing import Any

from .errors import MAX_VALUE_CHARS, is_unsafe_char, printable
from .records import record
from .suggest import did_you_mean

ALL, TRAIN, LORA, INFER, TRAIN_OR_TP_PP = "all", "training", "lora", "inference", "parallel"

Check = Callable[[Any], str | None]  # returns a problem ("must be …") or None


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) or (isinstance(v, float) and v.is_integer())


def is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def pos_int(v: Any) -> str | None:
    return None if is_int(v) and v > 0 else "must be a positive integer"


def nonneg_int(v: Any) -> str | None:
    return None if is_int(v) and v >= 0 else "must be an integer ≥ 0"


def pos_num(v: Any) -> str | None:
    return None if is_num(v) and v > 0 else "must be a positive number"


def nonneg_num(v: Any) -> str | None:
    return None if is_num(v) and v >= 0 else "must be a number ≥ 0"


def fraction(v: Any) -> str | None:
    return None if is_num(v) and 0 <= v <= 1 else "must be a number from 0 to 1"


def open_fraction(v: Any) -> str | None:
    return None if is_num(v) and 0 <= v < 1 else "must be a number from 0 up to (not including) 1"


def boolean(v: Any) -> str | None:
    return None if isinstance(v, bool) else "must be true or false"


MAX_TEXT_CHARS = 200  # ids and names; a workbook title or a terminal line has room for less


def text(v: Any) -> str | None:
    if not isinstance(v, str) or not v.strip():
        return "must be a non-empty string"
    if len(v) > MAX_TEXT_CHARS:
        return f"must be at most {MAX_TEXT_CHARS} characters"
    if any(is_unsafe_char(ch) for ch in v):
        return "must not contain control characters or Unicode non-characters"
    return None


def name_text(v: Any) -> str | None:
    """A free-text name (after clean_name): like `text`, and line breaks and tabs allowed."""
    problem = text(v.replace("\n", " ").replace("\t", " ") if isinstance(v, str) else v)
    return problem


def clean_name(v: str) -> str:
    """A free-text name with control characters (but line breaks and tabs) and non-characters replaced by
    U+FFFD: they would reach the terminal as escapes (retitle, clear screen) and make a workbook openpyxl
    cannot read."""
    return "".join("\ufffd" if is_unsafe_char(ch) and ch not in "\n\t" else ch for ch in v)


def one_of(*choices: str, aliases: Mapping[str, str] | None = None) -> Check:
    def check(v: Any) -> str | None:
        if isinstance(v, str) and (v in choices or (aliases and v in aliases)):
            return None
        hint = did_you_mean(v, choices) if isinstance(v, str) and len(v) <= MAX_TEXT_CHARS else ""
        return "must be one of " + ", ".join(choices) + hint

    return check


def int_in(*choices: int) -> Check:
    def check(v: Any) -> str | None:
        return None if is_int(v) and int(v) in choices else "must be one of " + ", ".join(map(str, choices))

    return check


def list_of(choices: tuple[str, ...]) -> Check:
    def check(v: Any) -> str | None:
        if not isinstance(v, list) or not v or any(x not in choices for x in v):
            return "must be a non-empty list of " + ", ".join(repr(c) for c in choices)
        if len(set(v)) != len(v):
            return "must not repeat an entry"
        return None

    return check


def id_list(v: Any) -> str | None:
    if isinstance(v, list) and 0 < len(v) <= 100 and all(isinstance(x, str) and text(x) is None for x in v):
        return None if len(set(v)) == len(v) else "must not repeat a GPU id"
    return "must be a non-empty list of catalog GPU ids"


@record
class Key:
    """One scenario key: its type check, the methods it applies to and its documented range. The bounds keep
    every number the engine multiplies finite and every loop short (issue #18): far above any real cluster
    or model, far below float overflow."""

    check: Check
    applies: str = ALL
    at_most: float | None = None
    at_least: float | None = None


def _bound(v: float) -> str:
    if float(v).is_integer() and abs(v) < 1e15:
        exp = int(v).bit_length() - 1
        return f"{int(v):,}" + (f" (2^{exp})" if v >= 1024 and int(v) == 2**exp else "")
    return f"{v:g}"


def range_problem(spec: Key, v: Any) -> str | None:
    """The key's range violated by a value that passed its type check, as "must be at most …"; else None."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    if spec.at_most is not None and v > spec.at_most:
        return f"must be at most {_bound(spec.at_most)}"
    if spec.at_least is not None and v < spec.at_least:
        return f"must be at least {_bound(spec.at_least)}"
    return None


def fmt_value(v: Any) -> str:
    """A value as the message quotes it: TOML-like, escapes shown, cut to about 80 characters."""
    if isinstance(v, str):
        if len(v) > MAX_VALUE_CHARS:
            return printable(repr(v[: MAX_VALUE_CHARS - 20]) + f"… ({len(v):,} characters)", None)
        return printable(repr(v))
    if isinstance(v, (list, dict)):
        return printable(reprlib.repr(v))  # reprlib: a bounded depth and length, even for deep nesting
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10**15:
        if abs(v) < 10**300:
            return f"{float(v):.3g}"
        return f"an integer of about {int(v.bit_length() * math.log10(2)) + 1:,} digits"  # str() would refuse it
    return printable("true" if v is True else "false" if v is False else str(v))
