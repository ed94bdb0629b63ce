"""Autosave records (gpuplanner.core.autosave): written atomically, read back identical, corrupt ones rejected
with a message, the data folder from GPUPLANNER_DATA_DIR."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from gpuplanner.core import autosave
from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.paths import resources_dir
from gpuplanner.core.scenario_io import read_scenario


@pytest.fixture
def scenario():
    s = read_scenario(resources_dir() / "default.gpuplan.toml")
    return replace(s, name="Recovered plan", hardware=replace(s.hardware, gpu_count=16))


def test_data_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("GPUPLANNER_DATA_DIR", str(tmp_path))
    assert autosave.data_dir() == tmp_path
    assert autosave.autosave_dir() == tmp_path / "autosave"
    monkeypatch.delenv("GPUPLANNER_DATA_DIR")
    assert autosave.data_dir().name == "gpuplanner"


def test_round_trip(scenario, tmp_path):
    session = autosave.new_session_id()
    plan = tmp_path / "plan.gpuplan.toml"
    file = autosave.write_record(session, scenario, path=plan, modified=True, folder=tmp_path / "a", now=1.5e9)
    assert file == tmp_path / "a" / f"{session}.json"
    rec = autosave.read_record(file)
    assert rec.scenario == scenario and rec.path == plan.resolve() and rec.modified and not rec.read_only_path
    assert rec.session == session and rec.saved_at == 1.5e9
    assert [p.name for p in (tmp_path / "a").iterdir()] == [file.name]  # no temporary file left
    assert autosave.list_records(tmp_path / "a") == [file]
    assert autosave.remove_record(session, tmp_path / "a") is True
    assert autosave.remove_record(session, tmp_path / "a") is False
    assert autosave.list_records(tmp_path / "a") == []
    assert autosave.list_records(tmp_path / "missing") == []


def test_never_saved_scenario(scenario, tmp_path):
    file = autosave.write_record("ab" * 16, scenario, path=None, read_only_path=True, folder=tmp_path)
    rec = autosave.read_record(file)
    assert rec.path is None and rec.read_only_path


@pytest.mark.parametrize(
    "content, needle",
    [
        (b"{not json", "not a valid autosave record"),
        (b'{"format": "other"}', "not a gpuplanner autosave record"),
        (b'{"format": "gpuplanner-autosave", "version": 99}', "version 99"),
        (b'{"format": "gpuplanner-autosave", "version": 1, "session": "x"}', "session"),
        (b"\xff\xfe", "not a valid autosave record"),
    ],
)
def test_corrupt_records_are_rejected(tmp_path, content, needle):
    bad = tmp_path / ("0" * 32 + ".json")
    bad.write_bytes(content)
    with pytest.raises(InputError, match=needle):
        autosave.read_record(bad)


def test_a_record_with_an_invalid_scenario_names_the_key(scenario, tmp_path):
    file = autosave.write_record("cd" * 16, scenario, path=None, folder=tmp_path)
    doc = json.loads(file.read_text(encoding="utf-8"))
    doc["scenario"] = doc["scenario"].replace("gpu_count = 16", "gpu_count = -1")
    file.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(InputError, match="hardware.gpu_count"):
        autosave.read_record(file)


def test_unreadable_file(tmp_path):
    with pytest.raises(FileAccessError):
        autosave.read_record(tmp_path / "nothing.json")


def test_a_failed_write_keeps_the_previous_record(scenario, tmp_path, monkeypatch):
    session = "ef" * 16
    file = autosave.write_record(session, scenario, path=None, folder=tmp_path)
    before = file.read_bytes()

    def full(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(FileAccessError, match="No space left"):
        autosave.write_record(session, replace(scenario, name="Newer"), path=None, folder=tmp_path)
    monkeypatch.undo()
    assert file.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [file.name]


def test_session_ids_are_checked(tmp_path):
    with pytest.raises(ValueError):
        autosave.record_path("../evil", tmp_path)
    (tmp_path / "notes.json").write_text("{}")
    assert autosave.list_records(tmp_path) == []
    assert isinstance(autosave.new_session_id(), str) and len(autosave.new_session_id()) == 32
    assert Path(autosave.record_path("a" * 32, tmp_path)).parent == tmp_path
