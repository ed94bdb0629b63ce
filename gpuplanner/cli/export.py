"""`gpuplanner export SCENARIO -o OUT.xlsx` (spec §4.2): the Excel workbook for finance."""

from __future__ import annotations

import argparse

from ..core.engine import load_checked
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
    # the same checks as every command: catalog ids named by their scenario key, one shared reader
    scenario, catalog = load_checked(args.scenario)
    text = read_user_text(args.scenario, "scenario file")
    export_workbook(scenario, catalog, args.output, language=args.language, scenario_text=text)
    print(f"wrote {args.output}")
    return EXIT_OK
