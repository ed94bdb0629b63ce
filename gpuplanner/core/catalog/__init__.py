"""The hardware catalog: GPUs, node types, cloud offers and site profiles (spec §2 "catalog", §4.4).

The shipped catalog is four CSV files in ``catalog/`` (see ``catalog/README.md`` for every column and its
unit). User edits and additions are CSV files with the same columns in the user's data directory; they are
laid over the shipped rows by id (``user_layer.py`` writes them). Only the ``csv`` module is used here.

Loading validates types, units, ranges, unique ids and the references between tables, and every problem
names the file, the line and the column.

One job per module, imported one way
(types ← schema ← cells ← csv_io ← lookup ← build ← layered ← user_layer ← load):

- ``types``: the row dataclasses, the raw text row and CatalogError;
- ``schema``: the columns of each table (kind, unit, range);
- ``cells``: parsing cells and rows, the per-row checks;
- ``csv_io``: reading and writing the CSV files;
- ``lookup``: the loaded ``Catalog`` and its lookups by id;
- ``build``: laying the user rows over the shipped ones and cross-checking the tables;
- ``layered``: reading the user layer leniently and leaving out (and naming) only its bad rows;
- ``user_layer``: where the user layer lives, and writing it (the one atomic writer, under a lock file;
  reset, import and export);
- ``load``: loading the shipped catalog and the user layer over it, validating a folder.
"""

from __future__ import annotations

from .build import build_catalog, merge_rows
from .cells import format_cell, parse_cell, parse_row, validate_row
from .csv_io import read_folder_rows, read_table_file, read_table_rows
from .layered import lay_over, read_user_layer
from .load import load_catalog, validate_folder
from .lookup import Catalog
from .schema import SCHEMA, TABLES, Column, TableSchema, table_schema
from .types import (
    DEFAULT_SITE,
    DTYPES,
    FORM_FACTORS,
    TIERS,
    CatalogError,
    CloudOffer,
    GpuSpec,
    NodeType,
    RawRow,
    SiteProfile,
    UserRowProblem,
)
from .user_layer import (
    USER_DIR_ENV,
    default_user_dir,
    export_user_csv,
    import_user_csv,
    reset_row,
    save_user_row,
    user_layer_lock,
)

__all__ = [
    "DEFAULT_SITE",
    "DTYPES",
    "FORM_FACTORS",
    "SCHEMA",
    "TABLES",
    "TIERS",
    "USER_DIR_ENV",
    "Catalog",
    "CatalogError",
    "CloudOffer",
    "Column",
    "GpuSpec",
    "NodeType",
    "RawRow",
    "SiteProfile",
    "TableSchema",
    "UserRowProblem",
    "build_catalog",
    "default_user_dir",
    "export_user_csv",
    "format_cell",
    "import_user_csv",
    "lay_over",
    "load_catalog",
    "merge_rows",
    "parse_cell",
    "parse_row",
    "read_folder_rows",
    "read_table_file",
    "read_table_rows",
    "read_user_layer",
    "reset_row",
    "save_user_row",
    "table_schema",
    "user_layer_lock",
    "validate_folder",
    "validate_row",
]
