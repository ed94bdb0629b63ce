"""Errors a user can act on. The CLI maps them to exit codes (spec §4.2)."""

from __future__ import annotations

import unicodedata

MAX_MESSAGE_CHARS = 1000  # one readable line, even when a message quotes a whole file's worth of value
MAX_VALUE_CHARS = 80  # a value echoed in a message


def is_unsafe_char(ch: str) -> bool:
    """Control characters (terminal escapes, NUL, line breaks), lone surrogates and the non-characters
    U+FFFE/U+FFFF and U+FDD0–U+FDEF: none belongs in a name, and openpyxl writes a workbook it cannot read
    back with them (Unicode 15, §23.7 "Noncharacters")."""
    cp = ord(ch)
    if unicodedata.category(ch) in ("Cc", "Cs"):
        return True
    return (cp & 0xFFFE) == 0xFFFE or 0xFDD0 <= cp <= 0xFDEF


def printable(text: str, limit: int | None = MAX_VALUE_CHARS) -> str:
    """`text` with unsafe characters shown as escapes (\\x1b, \\ufffe) and cut to `limit` characters."""
    out = "".join(ascii(ch)[1:-1] if is_unsafe_char(ch) else ch for ch in text)
    if limit is not None and len(out) > limit:
        return out[: limit - 1] + f"… ({len(text):,} characters)"
    return out


class InputError(ValueError):
    """Bad input (scenario, catalog, argument): exit 2, one line naming file, key and problem."""

    def __init__(self, message: str, *, file: str | None = None, key: str | None = None) -> None:
        self.file = file
        self.key = key
        self.detail = message
        parts = [p for p in (file, key) if p]
        super().__init__(printable(": ".join([*parts, message]), MAX_MESSAGE_CHARS))


class FileAccessError(OSError):
    """A file cannot be read or written (permission, disk, lock): exit 3."""

    def __init__(self, message: str, *, file: str | None = None) -> None:
        self.file = file
        self.detail = message
        super().__init__(printable(f"{file}: {message}" if file else message, MAX_MESSAGE_CHARS))
