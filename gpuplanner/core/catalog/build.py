"""Building the catalog from raw rows: user rows laid over shipped rows, then parsed and cross-checked."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .cells import parse_cell, parse_row
from .lookup import Catalog, suggest_ids
from .schema import SCHEMA, Column
from .types import CatalogError, RawRow


def merge_rows(shipped: Mapping[str, list[RawRow]], user: Mapping[str, list[RawRow]]) -> dict[str, list[RawRow]]:
    """Lay user rows over shipped rows by id.

    A user row replaces the shipped row with its id; cells missing from a user file (a column added by a
    later shipped catalog) are taken from the shipped row. A user row marked default (node for its GPU,
    offer for its GPU and tier) takes the default over from the shipped rows.
    """
    merged: dict[str, list[RawRow]] = {}
    for table in SCHEMA:
        by_id = {r.id: r for r in shipped.get(table, [])}
        order = list(by_id)
        user_rows = user.get(table, [])
        for u in user_rows:
            base = by_id.get(u.id)
            cells = dict(base.cells) if base else {}
            cells.update(u.cells)
            if u.id not in by_id:
                order.append(u.id)
            by_id[u.id] = RawRow(cells, u.file, u.line, user=True)
        rows = [by_id[i] for i in order]
        flag = {"nodes": "default_for_gpu", "cloud_offers": "default"}.get(table)
        if flag:
            col = SCHEMA[table].column(flag)
            taken: set[tuple[str, ...]] = set()
            for r in rows:
                if r.user and _bool_or_false(col, r.cells.get(flag, "")):
                    taken.add(_default_key(table, r))
            for i, r in enumerate(rows):
                if not r.user and _default_key(table, r) in taken and _bool_or_false(col, r.cells.get(flag, "")):
                    rows[i] = RawRow({**r.cells, flag: "false"}, r.file, r.line, user=False)
        merged[table] = rows
    return merged


def _bool_or_false(col: Column, text: str) -> bool:
    try:
        return bool(parse_cell(col, text))
    except ValueError:
        return False


def _default_key(table: str, r: RawRow) -> tuple[str, ...]:
    if table == "nodes":
        return (r.cells.get("gpu", "").strip(),)
    return (r.cells.get("gpu", "").strip(), r.cells.get("tier", "").strip())


def build_catalog(tables: Mapping[str, list[RawRow]]) -> tuple[Catalog | None, list[CatalogError]]:
    """Parse and cross-check merged rows; returns the catalog or the problems."""
    problems: list[CatalogError] = []
    parsed: dict[str, list[tuple[Any, RawRow]]] = {}
    for name, schema in SCHEMA.items():
        seen: dict[str, RawRow] = {}
        parsed[name] = []
        for row in tables.get(name, []):
            if row.id in seen:
                first = seen[row.id]
                problems.append(
                    _about(
                        CatalogError(
                            f"duplicate id {row.id!r} (first on line {first.line})",
                            file=row.file,
                            line=row.line,
                            column="id",
                        ),
                        (name, row.id),
                    )
                )
                continue
            seen[row.id] = row
            obj, errs = parse_row(schema, row)
            problems.extend(_about(e, (name, row.id)) for e in errs)
            if obj is not None:
                parsed[name].append((obj, row))
    gpu_ids = {r.id for r in tables.get("gpus", [])}
    for table in ("nodes", "cloud_offers"):
        for obj, row in parsed[table]:
            if obj.gpu not in gpu_ids:
                problems.append(
                    _about(
                        CatalogError(
                            f"unknown GPU {obj.gpu!r}{suggest_ids(obj.gpu, gpu_ids)}",
                            file=row.file,
                            line=row.line,
                            column="gpu",
                        ),
                        (table, row.id),
                    )
                )
    _check_defaults(parsed, gpu_ids, tables, problems)
    if not parsed["sites"] and not problems:
        problems.append(CatalogError("no site profiles", file=SCHEMA["sites"].file))
    if problems:
        return None, problems
    user_ids = frozenset((t, r.id) for t, rows in tables.items() for r in rows if r.user)
    raw = {t: tuple(MappingProxyType(dict(r.cells)) for r in rows) for t, rows in tables.items()}
    cat = Catalog(
        gpus=MappingProxyType({o.id: o for o, _ in parsed["gpus"]}),
        nodes=MappingProxyType({o.id: o for o, _ in parsed["nodes"]}),
        offers=tuple(o for o, _ in parsed["cloud_offers"]),
        sites=MappingProxyType({o.id: o for o, _ in parsed["sites"]}),
        user_row_ids=user_ids,
        raw=MappingProxyType(raw),
    )
    return cat, []


def _check_defaults(
    parsed: Mapping[str, list[tuple[Any, RawRow]]],
    gpu_ids: set[str],
    tables: Mapping[str, list[RawRow]],
    problems: list[CatalogError],
) -> None:
    # a node row that failed to parse may be the missing default: only report "no default" when all parsed
    nodes_complete = len(parsed["nodes"]) == len(tables.get("nodes", []))
    defaults: dict[str, list[RawRow]] = {}
    for obj, row in parsed["nodes"]:
        if obj.default_for_gpu:
            defaults.setdefault(obj.gpu, []).append(row)
    for gid in sorted(gpu_ids):
        rows = defaults.get(gid, [])
        if len(rows) > 1:
            lines = ", ".join(f"{r.file} line {r.line}" for r in rows)
            problems.append(
                _about(
                    CatalogError(
                        f"GPU {gid!r} has {len(rows)} default node types ({lines}); exactly one allowed",
                        file=rows[1].file,
                        line=rows[1].line,
                        column="default_for_gpu",
                    ),
                    *_later_first("nodes", rows),  # the user's later default is the likelier slip
                )
            )
        elif not rows and nodes_complete:
            node_rows = tables.get("nodes", [])
            problems.append(
                _about(
                    CatalogError(
                        f"GPU {gid!r} has no default node type (mark one node with default_for_gpu=true)",
                        file=node_rows[0].file if node_rows else SCHEMA["nodes"].file,
                        column="default_for_gpu",
                    ),
                    # the user's node rows that took the default away, else a GPU the user added without one
                    *(("nodes", r.id) for r in node_rows if r.user and r.cells.get("gpu", "").strip() == gid),
                    ("gpus", gid),
                )
            )
    offer_defaults: dict[tuple[str, str], list[RawRow]] = {}
    for obj, row in parsed["cloud_offers"]:
        if obj.default:
            offer_defaults.setdefault((obj.gpu, obj.tier), []).append(row)
    for (gid, tier), rows in sorted(offer_defaults.items()):
        if len(rows) > 1:
            lines = ", ".join(f"line {r.line}" for r in rows)
            problems.append(
                _about(
                    CatalogError(
                        f"GPU {gid!r} tier {tier} has {len(rows)} default offers ({lines}); at most one allowed",
                        file=rows[1].file,
                        line=rows[1].line,
                        column="default",
                    ),
                    *_later_first("cloud_offers", rows),
                )
            )


def _later_first(table: str, rows: list[RawRow]) -> list[tuple[str, str]]:
    """The rows as culprits: the user's before the shipped ones, later lines of the user file first."""
    return [(table, r.id) for r in sorted(rows, key=lambda r: (r.user, r.line), reverse=True)]


def _about(err: CatalogError, *rows: tuple[str, str]) -> CatalogError:
    """``err`` marked with the rows it concerns (likeliest culprit first)."""
    err.rows = rows
    if len(rows) == 1:
        err.row_id = rows[0][1]
    return err


def first_error(problems: list[CatalogError]) -> CatalogError:
    first = problems[0]
    if len(problems) == 1:
        return first
    msg = f"{first.detail} (and {len(problems) - 1} more problem(s))"
    return CatalogError(
        msg, file=first.file, line=first.line, column=first.column, problems=tuple(str(p) for p in problems)
    )
