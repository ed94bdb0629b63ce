"""The user layer laid over the shipped catalog, leaving out only what is bad (issue #18 class 6).

One bad cell in a user file (``memory_bytes = 1e400``, a node whose GPU is gone, a duplicate id) must not
cost the user every other edit: the row is left out, named (file, line, id, column, reason), and the rest of
the user layer applies. A problem that comes from how rows combine (a GPU without a default node type, two
default offers) is pinned on the user row most likely to have caused it; what no user row explains leaves
the whole user layer out, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .build import build_catalog, first_error, merge_rows
from .csv_io import read_table_rows
from .lookup import Catalog
from .schema import SCHEMA
from .types import CatalogError, RawRow, UserRowProblem


def _problem(err: CatalogError, left_out: str, *, row_id: str = "", more: int = 0) -> UserRowProblem:
    return UserRowProblem(
        file=err.file or "",
        line=err.line,
        row_id=row_id or err.row_id,
        column=err.column,
        reason=err.detail,
        left_out=left_out,
        more=more,
    )


def read_user_layer(user_dir: Path) -> tuple[dict[str, list[RawRow]], list[UserRowProblem]]:
    """The readable rows of every user file (a missing file has none) and what was left out.

    A second row with an id already in the same file is left out (the first one counts, as in the
    problem's wording "first on line N").
    """
    tables: dict[str, list[RawRow]] = {}
    problems: list[UserRowProblem] = []
    for name, schema in SCHEMA.items():
        path = Path(user_dir) / schema.file
        if not path.exists() and not path.is_symlink():
            tables[name] = []
            continue
        rows, errs = read_table_rows(path, schema, partial_columns=True, lenient=True)
        problems.extend(_problem(e, e.scope) for e in errs)
        kept: list[RawRow] = []
        first: dict[str, RawRow] = {}
        for r in rows:
            r.user = True
            if r.id and r.id in first:
                problems.append(
                    UserRowProblem(
                        r.file, r.line, r.id, "id", f"duplicate id {r.id!r} (first on line {first[r.id].line})"
                    )
                )
                continue
            if not r.id:
                problems.append(UserRowProblem(r.file, r.line, "", "id", "a row needs an id"))
                continue
            first[r.id] = r
            kept.append(r)
        tables[name] = kept
    return tables, problems


def _culprit(err: CatalogError, by_key: Mapping[tuple[str, str], RawRow]) -> RawRow | None:
    """The user row to leave out for ``err``: the likeliest of the rows it concerns that is the user's."""
    return next((by_key[key] for key in err.rows if key in by_key), None)


def lay_over(
    shipped: Mapping[str, list[RawRow]], user: Mapping[str, list[RawRow]]
) -> tuple[Catalog | None, list[UserRowProblem]]:
    """The catalog of ``shipped`` with the good rows of ``user`` over it, and the user rows left out.

    None when the shipped rows alone do not build (the caller reports the shipped catalog's problems).
    """
    user = {t: list(rows) for t, rows in user.items()}
    left_out: list[UserRowProblem] = []
    for _ in range(1 + sum(len(rows) for rows in user.values())):  # each round leaves out one row or more
        cat, problems = build_catalog(merge_rows(shipped, user))
        if not problems:
            return cat, left_out
        by_row: dict[int, tuple[RawRow, list[CatalogError]]] = {}
        by_key = {(t, r.id): r for t, rows in user.items() for r in rows}
        for err in problems:
            row = _culprit(err, by_key)
            if row is not None:
                by_row.setdefault(id(row), (row, []))[1].append(err)
        if not by_row:
            break
        for row, errs in by_row.values():
            first = errs[0]
            left_out.append(
                UserRowProblem(row.file, row.line, row.id, first.column, first.detail, "row", more=len(errs) - 1)
            )
            for table, rows in user.items():
                user[table] = [r for r in rows if r is not row]
    base, problems = build_catalog(shipped)
    if base is None:
        return None, left_out
    _, remaining = build_catalog(merge_rows(shipped, user))
    if remaining:
        left_out.append(_problem(first_error(remaining), "layer"))
    return base, left_out
