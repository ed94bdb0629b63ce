"""`gpuplanner export SCENARIO -o OUT.xlsx` (spec §4.2): the Excel workbook for finance."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.engine import load_checked
from ..core.errors import InputError
from ..core.files import read_user_text
from ..export import export_workbook
from .args import EXIT_OK, Subparsers, add_command


def register(subparsers: Subparsers) -> None:
    p = add_command(subparsers, "export", help="write the Excel workbook for finance (live formulas, charts, sources)")
    p.add_argument("scenario", help="a .gpuplan.toml file")
    p.add_argument("-o", "--output", required=True, metavar="OUT.xlsx", help="the workbook to write")
    p.add_argument("--language", choices=("en", "ko"), default="en", help="labels in English or Korean")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # the workbook is an Office Open XML file: another suffix would hand finance a file their tools misread
    out = Path(args.output)
    if out.suffix.lower() != ".xlsx":
        raise InputError(
            f"the workbook must be an .xlsx file, got {str(out)!r} (e.g. -o {out.with_suffix('.xlsx')})",
            key="-o/--output",
        )
    # the same checks as every command: catalog ids named by their scenario key, one shared reader
    scenario, catalog = load_checked(args.scenario)
    text = read_user_text(args.scenario, "scenario file")
    export_workbook(scenario, catalog, args.output, language=args.language, scenario_text=text)
    print(f"wrote {args.output}")
    return EXIT_OK
