"""Errors a user can act on. The CLI maps them to exit codes (spec §4.2)."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input (scenario, catalog, argument): exit 2, one line naming file, key and problem."""

    def __init__(self, message: str, *, file: str | None = None, key: str | None = None) -> None:
        self.file = file
        self.key = key
        self.detail = message
        parts = [p for p in (file, key) if p]
        super().__init__(": ".join([*parts, message]))


class FileAccessError(OSError):
    """A file cannot be read or written (permission, disk, lock): exit 3."""

    def __init__(self, message: str, *, file: str | None = None) -> None:
        self.file = file
        self.detail = message
        super().__init__(f"{file}: {message}" if file else message)
