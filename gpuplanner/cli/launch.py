"""`gpuplanner launch SCENARIO --framework NAME -o OUT` (spec §4.5): the Plan's layout as that framework's config."""

from __future__ import annotations

import argparse

from .args import EXIT_OK, Subparsers, add_command


def register(subparsers: Subparsers) -> None:
    from ..core.framework_config.launch import LAUNCH_FORMATS

    cmd = add_command(subparsers, "launch", help="write the planned layout as a torchtitan/torchtune/Megatron/"
                      "DeepSpeed/accelerate config")  # fmt: skip
    cmd.add_argument("scenario", help="a .gpuplan.toml file")
    cmd.add_argument("--framework", required=True, choices=LAUNCH_FORMATS, help="the framework to write for")
    cmd.add_argument("-o", "--output", required=True, metavar="OUT", help="the config file to write")
    cmd.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .. import __version__
    from ..core.engine import estimate, load_checked
    from ..core.files import atomic_write_text
    from ..core.framework_config.launch import launch_config

    scenario, catalog = load_checked(args.scenario)
    result = estimate(scenario, catalog)
    config = launch_config(
        scenario, result, args.framework, version=__version__, source=str(args.scenario), out=str(args.output)
    )
    atomic_write_text(args.output, config.text, example="train.toml")
    print(f"wrote {args.output}")
    print(config.header.rstrip())
    return EXIT_OK
