"""File › Open on a file the reader refuses (issue #18 class 3, the app's part): the real error dialog comes
up with the same one-line message the command line prints, and the open scenario stays as it was.

The dialog is Qt's own QMessageBox (not the recording stand-in of conftest.py): a timer reads its text
while it is modal and closes it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from gpuplanner.cli import main as cli_main
from gpuplanner.core.paths import examples_dir
from gpuplanner.ui import dialogs

REAL_ERROR = dialogs.error  # taken at import, before the autouse fixture puts the recorder in its place
EXAMPLE = examples_dir() / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml"


def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _dev_zero(p: Path) -> None:
    p.symlink_to("/dev/zero")


def _deep(p: Path) -> None:
    p.write_text("schema = 1\nzz = " + "[" * 2000 + "1" + "]" * 2000 + "\n", encoding="utf-8")


def _digits(p: Path) -> None:
    p.write_text("schema = 1\nzz = " + "9" * 5000 + "\n", encoding="utf-8")


def _too_large(p: Path) -> None:
    p.write_bytes(EXAMPLE.read_bytes() + b"#" * (9 * 2**20) + b"\n")


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (_fifo, "is a named pipe (FIFO), not a scenario file"),
    "dev-zero": (_dev_zero, "is a character device, not a scenario file"),
    "deep": (_deep, "not valid TOML (nested too deeply)"),
    "digits": (_digits, "not valid TOML (Exceeds the limit"),
    "too-large": (_too_large, "is larger than 8 MiB"),
}


def _cli_line(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    rc = cli_main(["estimate", str(path)])
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("gpuplanner: "), err
    return rc, err[0].removeprefix("gpuplanner: ")


def _open_reading_the_dialog(window, qtbot, monkeypatch: pytest.MonkeyPatch, path: Path) -> list[tuple[str, str]]:
    monkeypatch.setattr(dialogs, "error", REAL_ERROR)
    seen: list[tuple[str, str]] = []

    def close_the_box() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append((box.windowTitle(), box.text()))
            box.done(QMessageBox.StandardButton.Ok)
        else:
            QTimer.singleShot(20, close_the_box)

    QTimer.singleShot(0, close_the_box)
    assert window.open_file(path) is False
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    return seen


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_refused_file_shows_the_command_lines_message_in_a_dialog(
    window, qtbot, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    make, needle = CASES[case]
    path = tmp_path / f"{case}.gpuplan.toml"
    make(path)
    rc, line = _cli_line(path, capsys)
    assert rc in (2, 3) and needle in line, line
    before, before_path = window.doc.scenario, window.doc.path
    ((title, text),) = _open_reading_the_dialog(window, qtbot, monkeypatch, path)
    assert title == "Cannot open scenario"
    assert text.splitlines()[0] == line  # the very line the command line prints
    assert "nothing was changed" in text.lower()
    assert window.doc.scenario == before and window.doc.path == before_path


def test_a_file_with_a_bom_opens_like_the_plain_file(window, dialog_log, capsys, tmp_path: Path) -> None:
    path = tmp_path / "bom.gpuplan.toml"
    path.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes().replace(b"\n", b"\r\n"))
    assert cli_main(["estimate", str(path), "--json"]) == 0
    assert window.open_file(path) is True and dialog_log.errors == []
    from gpuplanner.core.scenario_io import read_scenario

    assert window.doc.scenario == read_scenario(EXAMPLE)
