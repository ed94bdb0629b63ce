"""The user layer of the catalog, at its former import path; the code lives in ``catalog/user_layer.py``."""

from __future__ import annotations

from gpuplanner.core.catalog.schema import SCHEMA
from gpuplanner.core.catalog.user_layer import (
    atomic_write_text,
    export_user_csv,
    import_user_csv,
    read_user_rows,
    reset_row,
    save_user_row,
)

__all__ = [
    "SCHEMA",
    "atomic_write_text",
    "export_user_csv",
    "import_user_csv",
    "read_user_rows",
    "reset_row",
    "save_user_row",
]
