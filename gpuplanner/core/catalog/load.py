"""Loading the shipped catalog and the user layer over it, and validating a catalog folder."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gpuplanner.core.errors import FileAccessError

from .build import build_catalog, first_error
from .csv_io import read_folder_rows, read_table_file
from .layered import lay_over, read_user_layer
from .lookup import Catalog
from .schema import SCHEMA
from .types import CatalogError, RawRow
from .user_layer import LOCK_FILE, default_user_dir, user_layer_lock


def load_catalog(folder: Path | None = None, *, user_dir: Path | None = None, use_user_layer: bool = True) -> Catalog:
    """Load the shipped catalog (``folder``, default :func:`paths.catalog_dir`) and the user layer over it.

    A problem in the shipped files raises CatalogError (all problems in ``.problems``). A problem in the
    user layer never raises: the bad row (or the file that cannot be read) is left out, the rest of the
    user layer applies, the user files are left untouched, and each part left out is named in
    ``Catalog.dropped`` and, one line each, in ``Catalog.warnings``.
    """
    if folder is None:
        from gpuplanner.core.paths import catalog_dir

        folder = catalog_dir()
    folder = Path(folder)
    shipped = read_folder_rows(folder)
    base, problems = build_catalog(shipped)
    if problems:
        raise first_error(problems)
    assert base is not None
    if not use_user_layer:
        return _with(base, folder=folder, user_dir=None)
    udir = Path(user_dir) if user_dir is not None else default_user_dir()
    with _reading(udir):
        user, left_out = read_user_layer(udir)
    merged, more = lay_over(shipped, user) if any(user.values()) else (base, [])
    left_out += more
    return _with(
        merged or base,
        folder=folder,
        user_dir=udir,
        dropped=tuple(left_out),
        warnings=tuple(str(p) for p in left_out),
    )


READ_LOCK_TIMEOUT_SECONDS = 2.0  # a save holds the lock for milliseconds; a reader never waits long for it


@contextlib.contextmanager
def _reading(user_dir: Path) -> Iterator[None]:
    """The user layer's lock while its four files are read, so that a save of several tables at once (a new
    GPU with its server) is never seen half done. Loading must work without it: a folder we cannot create
    the lock file in, or a lock held too long, and the files are read as they are. A reader never creates
    the lock file (a folder handed to `--catalog` or a test's data stays as it was): every save creates it
    before it writes, so where none exists no save has run and there is nothing to wait for."""
    if not (user_dir / LOCK_FILE).is_file():
        yield
        return
    try:
        lock = user_layer_lock(user_dir, timeout_seconds=READ_LOCK_TIMEOUT_SECONDS)
        lock.__enter__()
    except FileAccessError:
        yield
        return
    try:
        yield
    finally:
        lock.__exit__(None, None, None)


def _with(cat: Catalog, **changes: Any) -> Catalog:
    from dataclasses import replace

    return replace(cat, **changes)


def validate_folder(folder: Path) -> list[str]:
    """Every problem in a catalog folder (shipped layout: all four files, all columns); empty when valid."""
    folder = Path(folder)
    problems: list[str] = []
    tables: dict[str, list[RawRow]] = {}
    for name, schema in SCHEMA.items():
        try:
            tables[name] = read_table_file(folder / schema.file, schema)
        except (CatalogError, FileAccessError) as exc:
            problems.append(str(exc))
            tables[name] = []
    if problems:
        return problems
    _, errs = build_catalog(tables)
    return [str(e) for e in errs]
