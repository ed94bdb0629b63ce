"""`gpuplanner catalog validate [FOLDER]` and `gpuplanner catalog list [--json]` (spec §4.2).

`run_validate` and `run_list` return the exit status: 0 success, 2 bad catalog data (one line per problem on
stderr), 3 a file that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..core.catalog import (
    SCHEMA,
    TIERS,
    Catalog,
    CatalogError,
    GpuSpec,
    load_catalog,
    validate_folder,
)
from ..core.errors import FileAccessError
from ..core.files import read_user_file
from ..core.paths import catalog_dir
from .args import EXIT_FILE, EXIT_INPUT, EXIT_OK, Parser, Subparsers, add_command

_warned: set[str] = set()  # the user-layer warnings printed in this run


def warn_user_catalog(args: argparse.Namespace | None = None, catalog: Catalog | None = None) -> None:
    """Name each part of the user catalog that was left out (file, line, id, column, reason) on stderr,
    once per run, before a command that reads the catalog runs (issue #18 class 6: a bad user row is left
    out and said so in every command, never silently). ``catalog validate FOLDER`` reads no user layer."""
    if args is not None and getattr(args, "catalog_command", None) == "validate" and args.folder is not None:
        return
    if catalog is None:
        try:
            catalog = load_catalog()
        except (CatalogError, FileAccessError):
            return  # the shipped catalog's own problem: the command reports it with its exit status
    for w in catalog.warnings:
        if w not in _warned:
            _warned.add(w)
            print(f"warning: {w}", file=sys.stderr)


def register(subparsers: Subparsers) -> None:
    cat = add_command(subparsers, "catalog", help="check or list the hardware catalog")
    cat_sub = cat.add_subparsers(dest="catalog_command", required=True, parser_class=Parser)
    val = add_command(cat_sub, "validate", help="validate the shipped catalog or a catalog folder")
    val.add_argument("folder", nargs="?")
    lst = add_command(cat_sub, "list", help="the GPUs with all their fields")
    lst.add_argument("--json", action="store_true")
    cat.set_defaults(func=run)


def _error(text: object) -> None:
    """One error line on stderr, with the "gpuplanner:" prefix every other command's errors carry."""
    print(f"gpuplanner: {text}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    if args.catalog_command == "validate":
        return run_validate(args.folder)
    return run_list(args.json)


def run_validate(folder: str | None) -> int:
    """Validate the shipped catalog (``folder`` None) or a catalog folder; print the result."""
    path = catalog_dir() if folder is None else Path(folder)
    if not path.is_dir():
        _error(f"{path}: not a catalog folder (expected {', '.join(s.file for s in SCHEMA.values())})")
        return EXIT_INPUT
    for schema in SCHEMA.values():
        file = path / schema.file
        if not os.path.lexists(file):
            continue  # reported by validate_folder as a catalog problem
        try:
            read_user_file(file, "catalog CSV file")  # a FIFO or a device is refused, never opened for reading
        except FileAccessError as exc:
            _error(exc)
            return EXIT_FILE
    problems = validate_folder(path)
    if problems:
        for p in problems:
            _error(p)
        _error(f"catalog {path}: {len(problems)} problem{'' if len(problems) == 1 else 's'}")
        return EXIT_INPUT
    cat = load_catalog(path, use_user_layer=False)
    print(
        f"catalog OK: {len(cat.gpus)} GPUs, {len(cat.nodes)} node types, {len(cat.offers)} offers, "
        f"{len(cat.sites)} sites ({path})"
    )
    return EXIT_OK


def gpu_record(cat: Catalog, gpu: GpuSpec) -> dict[str, Any]:
    """One GPU with every field (units in the names), its sources, defaults and whether the user edited it."""
    rec: dict[str, Any] = asdict(gpu)
    rec["memory_gib"] = round(gpu.memory_bytes / 2**30, 3)
    node = cat.default_node(gpu.id)
    rec["default_node"] = node.id
    rec["default_node_gpus_per_node"] = node.gpus_per_node
    rec["default_offers_usd_per_gpu_hour"] = {
        tier: (o.usd_per_gpu_hour if (o := cat.default_offer(gpu.id, tier)) else None) for tier in TIERS
    }
    rec["user_edited"] = cat.is_user_row("gpus", gpu.id)
    return rec


def _table(cat: Catalog) -> str:
    cols = [
        ("id", 16),
        ("vendor", 7),
        ("mem GiB", 8),
        ("HBM GB/s", 9),
        ("bf16 TF", 8),
        ("fp8 TF", 7),
        ("MAMF", 5),
        ("TDP W", 6),
        ("default node", 26),
    ]
    lines = ["  ".join(f"{h:<{w}}" if i < 2 or i == 8 else f"{h:>{w}}" for i, (h, w) in enumerate(cols))]

    def num(v: float | None, fmt: str) -> str:
        return "-" if v is None else format(v, fmt)

    for g in sorted(cat.gpus.values(), key=lambda g: (g.vendor, -g.bf16_dense_tflops)):
        mark = "*" if cat.is_user_row("gpus", g.id) else ""
        cells = [
            g.id + mark,
            g.vendor[:7],
            num(g.memory_bytes / 2**30, ".0f"),
            num(g.memory_bandwidth_gb_per_s, ".0f"),
            num(g.bf16_dense_tflops, ".1f"),
            num(g.fp8_dense_tflops, ".0f"),
            num(g.gemm_efficiency, ".2f"),
            num(g.tdp_watts, ".0f"),
            cat.default_node(g.id).id,
        ]
        lines.append(
            "  ".join(
                f"{c:<{w}}" if i < 2 or i == 8 else f"{c:>{w}}"
                for i, (c, (_, w)) in enumerate(zip(cells, cols, strict=True))
            )
        )
    lines.append(
        f"{len(cat.gpus)} GPUs; dense peaks (no 2:4 sparsity); * = edited in your user catalog; "
        "--json for every field and its sources"
    )
    return "\n".join(lines)


def run_list(as_json: bool, *, user_dir: Path | None = None) -> int:
    """Print the GPUs (table, or with ``as_json`` a JSON list with all fields and sources)."""
    try:
        cat = load_catalog(user_dir=user_dir)
    except CatalogError as exc:
        _error(exc)
        return EXIT_INPUT
    except FileAccessError as exc:
        _error(exc)
        return EXIT_FILE
    warn_user_catalog(catalog=cat)
    if as_json:
        records = [gpu_record(cat, g) for g in sorted(cat.gpus.values(), key=lambda g: g.id)]
        print(json.dumps(records, indent=2))
    else:
        print(_table(cat))
    return EXIT_OK
