"""The parser class, exit codes and argument types shared by the CLI commands (spec §4.2)."""

from __future__ import annotations

import argparse
from typing import Any

EXIT_OK, EXIT_INTERNAL, EXIT_INPUT, EXIT_FILE = 0, 1, 2, 3


class Parser(argparse.ArgumentParser):
    """argparse with the spec's exit status for a usage error: one line on stderr and 2, as for any bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_INPUT, f"gpuplanner: {message} (see 'gpuplanner --help')\n")


def debug_option() -> Parser:
    """A parent parser with --debug, so that it is accepted before and after the command name."""
    parent = Parser(add_help=False)
    # SUPPRESS: a subcommand that does not see --debug must not reset the value the main parser set
    parent.add_argument(
        "--debug", action="store_true", default=argparse.SUPPRESS, help="show the traceback of an internal error"
    )
    return parent


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return value


def gpu_counts(text: str) -> tuple[int, ...]:
    """Comma-separated GPU counts such as 1,8,64."""
    counts = []
    for part in text.split(","):
        try:
            n = int(part.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"must be comma-separated GPU counts such as 1,8,64, got {text!r}"
            ) from None
        if n < 1:
            raise argparse.ArgumentTypeError(f"GPU counts must be positive, got {n}")
        counts.append(n)
    return tuple(counts)


Subparsers = argparse._SubParsersAction


def add_command(subparsers: Subparsers, name: str, **kwargs: Any) -> argparse.ArgumentParser:
    """A subcommand that, like the main parser, accepts --debug."""
    parser: argparse.ArgumentParser = subparsers.add_parser(name, parents=[debug_option()], **kwargs)
    return parser
