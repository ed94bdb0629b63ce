"""Fuzzing the user catalog layer (issue #18 class 6): mutations of a valid user layer over the shipped
catalog — extreme, non-finite and malformed cells, duplicate ids, unknown and missing columns, control and
non-characters, CR, BOM, CRLF, NUL, cut files. Loading never raises; each part left out is named in one
line; the rows nobody mutated are kept; and the estimate on the mutated GPU is refused with one InputError
line or is a §4.3 document that is valid JSON without NaN or infinity.

In process, with a fixed seed (derandomize); the CLI sample is tests/cli/test_catalog_fuzz_cli.py.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gpuplanner.core.catalog import SCHEMA, load_catalog
from gpuplanner.core.engine import check_catalog_ids, estimate
from gpuplanner.core.errors import InputError, is_unsafe_char
from gpuplanner.core.paths import catalog_dir, examples_dir
from gpuplanner.core.report import estimate_document
from gpuplanner.core.scenario_io import read_scenario

SHIPPED = catalog_dir()
SCENARIO = read_scenario(examples_dir() / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml")
FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    max_examples=8,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)


def _shipped(table: str, row_id: str | None = None) -> dict[str, str]:
    with open(SHIPPED / SCHEMA[table].file, newline="", encoding="utf-8") as fh:
        return next(r for r in csv.DictReader(fh) if row_id is None or r["id"] == row_id)


# the rows a mutation may touch (the scenario's GPU, its server, the site it is costed at, an offer) ...
TARGETS: dict[str, dict[str, str]] = {
    "gpus": _shipped("gpus", "rtx-4090"),
    "nodes": _shipped("nodes", "ws-1x-rtx-4090"),
    "sites": _shipped("sites", "us-colo"),
    "cloud_offers": {
        **_shipped("cloud_offers"),
        "id": "fuzz-offer",
        "gpu": "rtx-4090",
        "tier": "on_demand",
        "default": "true",
    },
}
# ... and rows no mutation touches, which must always be kept
GOOD = {
    "gpus": {**_shipped("gpus", "h100-sxm-80gb"), "id": "fuzz-good", "name": "Fuzz good"},
    "nodes": {**_shipped("nodes", "dgx-h100"), "id": "fuzz-good-node", "gpu": "fuzz-good", "default_for_gpu": "true"},
}
NASTY = [
    "1e400",
    "-1e400",
    "nan",
    "inf",
    "-1",
    "0",
    "",
    " ",
    "9" * 5000,
    "1e308",
    "5e-324",
    "4TiB",
    "1.5GiB",
    "true",
    "yes",
    "2040-13-01",
    "\x1b[2J",
    "a\rb",
    "a\nb",
    "\ufffe",
    "\ufdd0",
    '"',
    ",",
    "x" * 10_000,
    "h100-sxm-80gb",
    "no-such-gpu",
    "=1+1",
]


DAMAGE = (None, "bom", "crlf", "cut", "nul", "latin1", "cr")  # what may happen to one file's bytes


@st.composite
def user_layers(draw: st.DrawFn, damage: str | None) -> tuple[dict[str, bytes], bool]:
    """The user files' bytes, and whether the good rows' files were left whole (no byte-level damage)."""
    tables: dict[str, list[dict[str, str]]] = {t: [dict(TARGETS[t])] for t in TARGETS}
    for t, row in GOOD.items():
        tables[t].insert(0, dict(row))
    extra: dict[str, list[str]] = {t: [] for t in tables}
    for _ in range(draw(st.integers(1, 6))):
        table = draw(st.sampled_from(sorted(TARGETS)))
        target = tables[table][-1]
        action = draw(st.sampled_from(["cell", "cell", "cell", "dup", "drop-column", "unknown-column"]))
        if action == "cell":
            column = draw(st.sampled_from([c.name for c in SCHEMA[table].columns if c.name != "id"]))
            target[column] = draw(st.sampled_from(NASTY) | st.text(max_size=30))
        elif action == "dup":
            tables[table].append(dict(target, name="duplicate"))
        elif action == "drop-column":
            column = draw(st.sampled_from([c for c in target if c != "id"]))
            for r in tables[table]:
                if r is target or r is tables[table][-1]:
                    r.pop(column, None)
        else:
            extra[table].append(draw(st.sampled_from(["speed", "memory_gib", "Notes"])))
    files: dict[str, bytes] = {}
    for table, rows in tables.items():
        columns = list(dict.fromkeys(c for r in rows for c in r)) + extra[table]
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        for r in rows:
            writer.writerow([r.get(c, "") for c in columns])
        files[SCHEMA[table].file] = buf.getvalue().encode("utf-8", "surrogatepass")
    whole = True
    if damage is not None:
        name = draw(st.sampled_from(sorted(files)))
        data = files[name]
        action = damage
        if action == "bom":
            data = b"\xef\xbb\xbf" + data
        elif action == "crlf":
            data = data.replace(b"\n", b"\r\n")
        elif action == "cut":
            data = data[: draw(st.integers(0, len(data)))]
        elif action == "nul":
            data = data + b"\x00"
        elif action == "latin1":
            data = data + "caf\xe9\n".encode("latin-1")
        else:
            data = data.replace(b"\n", b"\r", 1)
        whole = action in ("bom", "crlf") or name not in ("gpus.csv", "nodes.csv")
        files[name] = data
    return files, whole


def _no_constant(name: str) -> None:
    raise AssertionError(f"{name} in the JSON document")


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_mutated_user_layer_loads_names_what_it_leaves_out_and_keeps_the_rest(
    tmp_path_factory: Any, damage: str | None
) -> None:
    @FUZZ
    @given(user_layers(damage))
    def check(layer: tuple[dict[str, bytes], bool]) -> None:
        _check(tmp_path_factory, *layer)

    check()


def _check(tmp_path_factory: Any, files: dict[str, bytes], whole: bool) -> None:
    user_dir = Path(tmp_path_factory.mktemp("user"))
    for name, data in files.items():
        (user_dir / name).write_bytes(data)
    cat = load_catalog(user_dir=user_dir)  # never raises for the user layer
    event(f"parts left out: {min(len(cat.dropped), 3)}{'+' if len(cat.dropped) > 3 else ''}")
    event("files whole" if whole else "a file damaged")
    assert len(cat.warnings) == len(cat.dropped)
    for w in cat.warnings:
        assert w.startswith("user catalog: ") and len(w) <= 1100  # errors.MAX_MESSAGE_CHARS and the cut's note
        assert not any(is_unsafe_char(ch) for ch in w), w
    if whole:
        assert "fuzz-good" in cat.gpus and cat.default_node("fuzz-good").id == "fuzz-good-node", cat.warnings
    for gpu in cat.gpus.values():
        assert not any(is_unsafe_char(ch) and ch not in "\n\t" for ch in gpu.name + gpu.notes + gpu.vendor)
    try:
        check_catalog_ids(SCENARIO, cat, file="fuzz.gpuplan.toml")
        document = estimate_document(estimate(SCENARIO, cat), SCENARIO.name)
    except InputError as err:
        assert "\n" not in str(err)
        event("estimate refused")
        return
    event("estimated")
    json.loads(json.dumps(document, allow_nan=False), parse_constant=_no_constant)
