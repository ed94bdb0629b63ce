"""The entry point itself (spec §4.2): the app form `gpuplanner [--smoke-test] [FILE.gpuplan.toml]`, the exit
codes of the error mapping and --debug."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpuplanner import cli
from gpuplanner.cli import estimate
from gpuplanner.cli.app import AppRequest, app_request

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml"
COMMANDS = ("estimate", "plan", "export", "catalog", "bench-script", "calibrate", "import-config", "launch")


def run(*args: str | os.PathLike[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "GPUPLANNER_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    return subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env,
        check=False,
    )


def one_line(proc: subprocess.CompletedProcess[str], code: int) -> str:
    assert proc.returncode == code, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


def test_every_command_is_registered() -> None:
    parser = cli.build_parser()
    assert tuple(cli._command_names(parser)) == COMMANDS


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], AppRequest(smoke_test=False, debug=False, scenario_path=None)),
        (["--smoke-test"], AppRequest(smoke_test=True, debug=False, scenario_path=None)),
        (["x.gpuplan.toml"], AppRequest(smoke_test=False, debug=False, scenario_path=Path("x.gpuplan.toml"))),
        (
            ["--smoke-test", "x.gpuplan.toml"],
            AppRequest(smoke_test=True, debug=False, scenario_path=Path("x.gpuplan.toml")),
        ),
        (["x.gpuplan.toml", "--smoke-test", "--debug"], AppRequest(True, True, Path("x.gpuplan.toml"))),
        (["estimate", "x.gpuplan.toml"], None),
        (["estimate"], None),
        (["--version"], None),
        (["--help"], None),
        (["estimat"], None),  # a mistyped command is argparse's "invalid choice", not a file
        (["a.gpuplan.toml", "b.gpuplan.toml"], None),
        (["x.gpuplan.toml", "--json"], None),
    ],
)
def test_app_request(argv: list[str], expected: AppRequest | None) -> None:
    assert app_request(argv, COMMANDS) == expected


def test_existing_file_without_toml_suffix_opens_the_app(tmp_path: Path) -> None:
    path = tmp_path / "scenario.txt"
    path.write_text("", encoding="utf-8")
    assert app_request([str(path)], COMMANDS) == AppRequest(False, False, path)


def test_scenario_file_for_the_app_is_checked_first(tmp_path: Path) -> None:
    line = one_line(run("missing.gpuplan.toml", tmp_path=tmp_path), 3)
    assert line.startswith("gpuplanner: missing.gpuplan.toml")
    bad = tmp_path / "bad.gpuplan.toml"
    bad.write_text(EXAMPLE.read_text(encoding="utf-8").replace("gpu_count = 64", "gpu_count = -1"), encoding="utf-8")
    line = one_line(run(bad, "--smoke-test", tmp_path=tmp_path), 2)
    assert str(bad) in line and "hardware.gpu_count" in line


def test_mistyped_command_is_an_invalid_choice(tmp_path: Path) -> None:
    line = one_line(run("estimat", "x.gpuplan.toml", tmp_path=tmp_path), 2)
    assert "invalid choice: 'estimat'" in line


def test_smoke_test_on_a_scenario_file(tmp_path: Path) -> None:
    proc = run("--smoke-test", EXAMPLE, tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "gpuplanner smoke test OK: Llama 3.1 70B" in proc.stdout


def _broken_command(_args: object) -> int:
    raise RuntimeError("a bug\nover two lines")


def test_internal_error_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(estimate, "run", _broken_command)
    assert cli.main(["estimate", str(EXAMPLE)]) == 1
    err = capsys.readouterr().err
    assert err == "gpuplanner: internal error: RuntimeError: a bug over two lines (--debug shows the traceback)\n"


@pytest.mark.parametrize("argv", [["--debug", "estimate", str(EXAMPLE)], ["estimate", str(EXAMPLE), "--debug"]])
def test_debug_shows_the_traceback(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(estimate, "run", _broken_command)
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):") and "RuntimeError: a bug" in err


def test_user_errors_ignore_debug(tmp_path: Path) -> None:
    line = one_line(run("--debug", "estimate", tmp_path / "missing.gpuplan.toml", tmp_path=tmp_path), 3)
    assert "missing.gpuplan.toml" in line
