"""`gpuplanner [--smoke-test] [FILE.gpuplan.toml]`: the desktop app, on the default or a given scenario (spec §4.2)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.scenario_io import read_scenario

APP_OPTIONS = ("--smoke-test", "--debug")


@dataclass(frozen=True)
class AppRequest:
    smoke_test: bool
    debug: bool
    scenario_path: Path | None


def app_request(argv: Sequence[str], commands: Sequence[str]) -> AppRequest | None:
    """The app invocation `argv` asks for, or None when it names a command (or anything else for argparse).

    A single argument that is not a command opens the app when it looks like a scenario file (an existing path
    or a `.toml` name), so that a mistyped command is still reported by argparse as an invalid choice.
    """
    options = [a for a in argv if a.startswith("-")]
    positionals = [a for a in argv if not a.startswith("-")]
    if any(o not in APP_OPTIONS for o in options) or len(positionals) > 1:
        return None
    path = None
    if positionals:
        name = positionals[0]
        if name in commands or not (name.endswith(".toml") or os.path.exists(name)):
            return None
        path = Path(name)
    return AppRequest(smoke_test="--smoke-test" in options, debug="--debug" in options, scenario_path=path)


def run(request: AppRequest) -> int:
    if request.scenario_path is not None:
        read_scenario(request.scenario_path)  # a bad file is one line and exit 2 or 3, before Qt starts
    # the desktop app is imported only here: the commands run without Qt
    from ..ui.app import run_app

    if request.scenario_path is None:
        return run_app(smoke_test=request.smoke_test)
    return int(run_app(smoke_test=request.smoke_test, scenario_path=str(request.scenario_path)))
