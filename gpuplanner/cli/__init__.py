"""Command line (spec §4.2): argparse over core and export; without a command, the desktop app.

Exit status: 0 success (a workload that does not fit is an answer), 2 bad input (one line naming the file, the
key and the problem), 3 a file that cannot be read or written, 1 an internal error as one line (`--debug`
shows the traceback). Every command module is imported here unconditionally: a broken import fails loudly.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence

from .. import __version__
from ..core.errors import FileAccessError, InputError
from . import app, bench, calibrate, catalog, estimate, export, import_config, launch, plan
from .args import EXIT_FILE, EXIT_INPUT, EXIT_INTERNAL, EXIT_OK, Parser

# in the order `gpuplanner --help` lists them
COMMANDS = (estimate, plan, export, catalog, bench, calibrate, import_config, launch)

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="gpuplanner",
        usage="gpuplanner [--smoke-test] [FILE.gpuplan.toml]\n       gpuplanner [--debug] COMMAND ...",
        description="Plan GPU servers for LLM training. Without a command: the desktop app, on the default "
        "scenario or on FILE.gpuplan.toml (--smoke-test: offscreen check, exit 0).",
    )
    parser.add_argument("--version", action="version", version=f"gpuplanner {__version__}")
    parser.add_argument("--debug", action="store_true", help="show the traceback of an internal error")
    # prog: without it argparse builds each command's usage from the custom top-level usage above
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser, prog="gpuplanner")
    for command in COMMANDS:
        command.register(sub)
    return parser


def _command_names(parser: argparse.ArgumentParser) -> list[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split()) or type(err).__name__


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    request = app.app_request(argv, _command_names(parser))
    debug = request.debug if request is not None else False
    try:
        if request is not None:
            return app.run(request)
        args = parser.parse_args(argv)
        debug = args.debug
        if not getattr(args, "func", None):
            parser.print_help()
            return EXIT_INPUT
        catalog.warn_user_catalog(args)  # a bad user catalog row is named in every command, once
        return int(args.func(args))
    except InputError as err:
        print(f"gpuplanner: {_one_line(err)}", file=sys.stderr)
        return EXIT_INPUT
    except FileAccessError as err:
        print(f"gpuplanner: {_one_line(err)}", file=sys.stderr)
        return EXIT_FILE
    except BrokenPipeError:  # `gpuplanner ... | head`: the reader has what it wanted
        return EXIT_OK
    except Exception as err:  # anything else is a bug: one line, or the traceback with --debug
        if debug:
            traceback.print_exc()
        else:
            print(
                f"gpuplanner: internal error: {type(err).__name__}: {_one_line(err)} (--debug shows the traceback)",
                file=sys.stderr,
            )
        return EXIT_INTERNAL
