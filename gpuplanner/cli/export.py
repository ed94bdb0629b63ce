"""`gpuplanner export SCENARIO -o OUT.xlsx` (spec §4.2): the Excel workbook for finance."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.catalog import load_catalog
from ..core.errors import FileAccessError
from ..core.scenario_io import read_scenario
from ..export import export_workbook
from .args import EXIT_OK, Subparsers, add_command


def register(subparsers: Subparsers) -> None:
    p = add_command(subparsers, "export", help="write the Excel workbook for finance (live formulas, charts, sources)")
    p.add_argument("scenario", help="a .gpuplan.toml file")
    p.add_argument("-o", "--output", required=True, metavar="OUT.xlsx", help="the workbook to write")
    p.add_argument("--language", choices=("en", "ko"), default="en", help="labels in English or Korean")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    scenario = read_scenario(args.scenario)
    try:
        text = Path(args.scenario).read_text(encoding="utf-8")
    except OSError as err:  # read_scenario just read it; a race is still a file error
        raise FileAccessError(f"cannot be read ({err.strerror or err})", file=str(args.scenario)) from None
    catalog = load_catalog()
    export_workbook(scenario, catalog, args.output, language=args.language, scenario_text=text)
    print(f"wrote {args.output}")
    return EXIT_OK
