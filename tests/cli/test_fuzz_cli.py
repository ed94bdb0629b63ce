"""Fuzzing the scenario loader and the engine with mutations of the four examples (issue #18): removed keys,
wrong types, extreme and non-finite numbers, values at and past each documented bound, deep nesting, huge
strings, control and non-characters, BOM, CRLF, cut and spliced bytes. A mutation is either refused with one
InputError line or gives an estimate whose §4.3 document is valid JSON without NaN or infinity.

The loader and the engine run in process with a fixed seed; a small fixed sample runs as CLI subprocesses
(exit 0/2/3, exactly one stderr line on failure, no traceback), each under a time-out so that a hang fails
instead of stalling CI. No test asserts speed."""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
import signal
import stat
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gpuplanner.core import scenario_io as sio
from gpuplanner.core import value_checks as vc
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import check_catalog_ids, estimate
from gpuplanner.core.errors import InputError, is_unsafe_char
from gpuplanner.core.files import decode_user_text, parse_toml
from gpuplanner.core.report import estimate_document

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.gpuplan.toml"))
DOCS = [tomllib.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
SOURCES = [p.read_bytes() for p in EXAMPLES]
CATALOG = load_catalog(use_user_layer=False)
FILE = "fuzz.gpuplan.toml"
FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SEEN: dict[tuple[str, str], list[Any]] = {}  # the values the examples give each key: valid where they apply
for _doc in DOCS:
    for _table, _keys in _doc.items():
        if isinstance(_keys, dict):
            for _key, _value in _keys.items():
                SEEN.setdefault((_table, _key), []).append(_value)
KEYS = [(t, k) for t, keys in sio.TABLES.items() for k in keys] + [(None, "schema"), (None, "name")]
NASTY_NUMBERS = st.sampled_from(
    [0, -1, 1, 2, 3, 7, 0.5, 1.5, 5e-324, 1e-300, 1e6, 2**31, 2**53 + 1, 2**63, 10**18, 10**30, 1e308, -1e308]
    + [math.inf, -math.inf, math.nan]
)
NASTY_STRINGS = st.sampled_from(
    ["", " ", "x" * 100_000, "\x1b]0;title\x07", "\x1b[2J", "\ufffe", "\uffff", "\ud800", "a\x00b", "\r\n"]
    + ["h100-sxm-80gb", "llama-3.1-8b", "max", "auto", "bf16", "é中"]
)
LEAVES = (
    NASTY_NUMBERS
    | NASTY_STRINGS
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=30)
    | st.lists(st.sampled_from(["q", "k", "v", "o", "gate", "up", "down", "h100-sxm-80gb", "x"]), max_size=8)
)


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


VALUES = LEAVES | st.builds(nested, st.integers(1, 200)) | st.dictionaries(st.text(max_size=5), LEAVES, max_size=3)


@st.composite
def bound_values(draw: st.DrawFn, table: str, key: str) -> Any:
    """Values at, just inside and just past the key's documented range: the edges the engine must survive."""
    spec = sio.TABLES[table][key]
    edges = [e for e in (spec.at_most, spec.at_least) if e is not None]
    if not edges:
        return draw(VALUES)
    edge = draw(st.sampled_from(edges))
    value = draw(st.sampled_from([edge, edge * 0.999, edge * 1.001, edge + 1, edge - 1]))
    if spec.check in (vc.pos_int, vc.nonneg_int):
        value = int(value)
    return value


@st.composite
def in_range_values(draw: st.DrawFn, table: str, key: str) -> Any:
    """A value the key accepts, log-uniform over its documented range: accepted extremes reach the engine."""
    spec = sio.TABLES[table][key]
    if spec.check is vc.boolean:
        return draw(st.booleans())
    if spec.at_most is None:
        return draw(st.sampled_from(SEEN.get((table, key)) or [None])) if (table, key) in SEEN else draw(VALUES)
    low = spec.at_least or (1 if spec.check is vc.pos_int else 1e-6)
    exponent = draw(st.floats(math.log10(low), math.log10(spec.at_most)))
    value = min(max(10**exponent, low), spec.at_most)
    return int(value) if spec.check in (vc.pos_int, vc.nonneg_int) else value


# accepted values weighted up, so that about a third of the mutations reach the engine
ACTIONS = ["in-range"] * 5 + ["bound"] * 2 + ["remove", "set", "scale", "table", "unknown"]


@st.composite
def mutated_docs(draw: st.DrawFn) -> dict[str, Any]:
    doc = copy.deepcopy(draw(st.sampled_from(DOCS)))
    for _ in range(draw(st.integers(1, 3))):
        table, key = draw(st.sampled_from(KEYS))
        holder = doc if table is None else doc.setdefault(table, {})
        if not isinstance(holder, dict):
            continue
        action = draw(st.sampled_from(ACTIONS))
        if action == "remove":
            holder.pop(key, None)
        elif action == "in-range" and table is not None:
            holder[key] = draw(in_range_values(table, key))
        elif action == "bound" and table is not None:
            holder[key] = draw(bound_values(table, key))
        elif action == "scale" and isinstance(holder.get(key), (int, float)) and not isinstance(holder[key], bool):
            holder[key] = holder[key] * draw(st.sampled_from([0, -1, 10**3, 10**9, 1e30, 1e-9]))
        elif action == "table" and table is not None:
            doc[table] = draw(VALUES)  # a table replaced by a value
        elif action == "unknown":
            holder[draw(st.text(max_size=40))] = draw(VALUES)
        else:
            holder[key] = draw(VALUES)
    return doc


@contextlib.contextmanager
def hang_guard(seconds: int = 60) -> Iterator[None]:
    """Fail a call that has not returned in `seconds` (a hang, such as the 29 s factorisation of 1e18) instead of
    stalling CI; a bound on hangs, not a speed test."""

    def expire(_signum: int, _frame: Any) -> None:
        raise TimeoutError(f"no answer in {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def check_outcome(doc: Any) -> None:
    """Refused with one InputError line, or an estimate whose JSON document is finite and sane."""
    with hang_guard():
        _check_outcome(doc)


def _check_outcome(doc: Any) -> None:
    try:
        scenario = sio.parse_scenario(doc, file="fuzz.gpuplan.toml")
        check_catalog_ids(scenario, CATALOG, file="fuzz.gpuplan.toml")
    except InputError as err:
        message = str(err)
        assert message.startswith("fuzz.gpuplan.toml"), message
        assert "\n" not in message and len(message) <= 1000
        assert not any(is_unsafe_char(ch) for ch in message), message
        return
    event("estimated")
    result = estimate(scenario, CATALOG)
    document = estimate_document(result, scenario.name)
    json.dumps(document, allow_nan=False)  # ValueError on NaN or infinity
    assert not any(is_unsafe_char(ch) and ch not in "\n\t" for ch in document["scenario"])
    model = document["model"]
    assert 0 <= model["trainable_params"] <= model["params"]
    wall = document["time"].get("wall_seconds")
    assert wall is None or wall > 0


@settings(FUZZ, max_examples=600)
@given(mutated_docs())
def test_mutated_documents_are_refused_or_estimated(doc: dict[str, Any]) -> None:
    check_outcome(doc)


@st.composite
def mutated_bytes(draw: st.DrawFn) -> bytes:
    data = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["bom", "crlf", "cut", "splice", "deep", "digits", "noise", "dup"]))
        at = draw(st.integers(0, len(data)))
        if action == "bom":
            data = b"\xef\xbb\xbf" + data
        elif action == "crlf":
            data = data.replace(b"\n", b"\r\n")
        elif action == "cut":
            data = data[:at]
        elif action == "splice":
            data = data[:at] + draw(st.sampled_from(SOURCES))[at:]
        elif action == "deep":
            depth = draw(st.sampled_from([50, 999, 2000, 10_000]))
            opener, closer = draw(st.sampled_from([(b"[", b"]"), (b"{a = ", b"}")]))
            data += b"\nzz = " + opener * depth + b"1" + closer * depth + b"\n"
        elif action == "digits":
            data += b"\nzz = " + b"9" * draw(st.sampled_from([20, 4300, 5000])) + b"\n"
        elif action == "noise":
            data = data[:at] + draw(st.binary(max_size=12)) + data[at:]
        else:
            line = draw(st.sampled_from(data.splitlines() or [b""]))
            data = data[:at] + b"\n" + line + b"\n" + data[at:]
    return data


@settings(FUZZ, max_examples=300)
@given(mutated_bytes())
def test_mutated_files_are_refused_or_estimated(data: bytes) -> None:
    try:
        doc = parse_toml(
            decode_user_text(data, file="fuzz.gpuplan.toml", what="scenario file"), file="fuzz.gpuplan.toml"
        )
    except InputError as err:
        assert str(err).startswith(f"{FILE}: not ") and "\n" not in str(err)
        return
    check_outcome(doc)


# --- a sample as the user runs it ------------------------------------------------------------------


def _sample_files(folder: Path) -> list[Path]:
    base = EXAMPLES[1].read_text(encoding="utf-8")  # the 70B full fine-tune
    variants = {
        "gpu-count-1e18": base.replace("gpu_count = 64", "gpu_count = 1e18"),
        "seq-len-1e308": base.replace("seq_len = 4096", "seq_len = 1e308"),
        "horizon-nan": base.replace("horizon_years = 3", "horizon_years = nan"),
        "schema-true": base.replace("schema = 1", "schema = true"),
        "deep": base + "\nzz = " + "[" * 2000 + "]" * 2000 + "\n",
        "digits": base + "\nzz = " + "9" * 5000 + "\n",
        "escapes-bom-crlf": "\ufeff" + base.replace('name = "', 'name = "\\u001b[2J\\uFFFE ').replace("\n", "\r\n"),
        "at-the-bounds": base.replace("gpu_count = 64", "gpu_count = 8_388_608")
        .replace("tokens = 2.0e9", "tokens = 1e16")
        .replace("global_batch = 256", "global_batch = 2_147_483_648"),
    }
    paths = []
    for name, content in variants.items():
        path = folder / f"{name}.gpuplan.toml"
        path.write_text(content, encoding="utf-8")
        paths.append(path)
    fifo = folder / "fifo.gpuplan.toml"
    os.mkfifo(fifo)
    return [*paths, fifo]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", *args], capture_output=True, text=True, timeout=120, env=env
    )


EXPECTED = {
    "gpu-count-1e18": 2,
    "seq-len-1e308": 2,
    "horizon-nan": 2,
    "schema-true": 2,
    "deep": 2,
    "digits": 2,
    "escapes-bom-crlf": 0,
    "at-the-bounds": 0,
    "fifo": 3,
}


def _no_constant(name: str) -> None:
    raise AssertionError(f"{name} in the JSON document")


def test_a_sample_through_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    fifo_target = out / "target-fifo"
    os.mkfifo(fifo_target)
    fifo_workbook = out / "target-fifo.xlsx"  # export refuses a name without .xlsx first (exit 2)
    os.mkfifo(fifo_workbook)
    runs = [(p.name.split(".")[0], _run("estimate", str(p), "--json")) for p in _sample_files(tmp_path)]
    runs += [
        ("human", _run("estimate", str(tmp_path / "escapes-bom-crlf.gpuplan.toml"))),
        ("plan-at-the-bounds", _run("plan", str(tmp_path / "at-the-bounds.gpuplan.toml"), "--json")),
        ("plan-fifo", _run("plan", str(tmp_path / "fifo.gpuplan.toml"))),
        ("export-fifo", _run("export", str(EXAMPLES[3]), "-o", str(fifo_workbook))),
        ("export-long-name", _run("export", str(EXAMPLES[3]), "-o", str(out / ("x" * 300 + ".xlsx")))),
        ("bench-fifo", _run("bench-script", str(EXAMPLES[1]), "-o", str(fifo_target))),
    ]
    expected = {**EXPECTED, "human": 0, "plan-at-the-bounds": 0, "plan-fifo": 3}
    expected.update({"export-fifo": 3, "export-long-name": 3, "bench-fifo": 3})
    for label, proc in runs:
        where = f"{label}: rc={proc.returncode} stderr={proc.stderr!r}"
        assert proc.returncode == expected[label], where
        assert "Traceback" not in proc.stderr and "\x1b" not in proc.stdout + proc.stderr, where
        if proc.returncode:
            assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith("gpuplanner: "), where
        elif proc.stdout.startswith("{"):
            json.loads(proc.stdout, parse_constant=_no_constant)  # NaN, Infinity
    assert stat.S_ISFIFO(os.lstat(fifo_target).st_mode) and stat.S_ISFIFO(os.lstat(fifo_workbook).st_mode)
    assert sorted(p.name for p in out.iterdir()) == ["target-fifo", "target-fifo.xlsx"]
