"""Reading a user's file with errors a user can act on (exit 3 for the file, never a traceback)."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import FileAccessError


def read_user_file(path: str | os.PathLike[str], what: str) -> bytes:
    """The file's bytes; FileAccessError naming the file when it is missing, a folder or unreadable.

    ``what`` completes "is a folder, not a …" (e.g. "scenario file").
    """
    p = Path(path)
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise FileAccessError("no such file", file=str(p)) from None
    except IsADirectoryError:
        raise FileAccessError(f"is a folder, not a {what}", file=str(p)) from None
    except OSError as err:
        raise FileAccessError(f"cannot be read ({err.strerror or err})", file=str(p)) from None
