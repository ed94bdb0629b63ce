"""The 80% bands in the CLI's human output (issue #19): `estimate` gives the range of memory, headroom, wall
clock, GPU-hours, tokens/s and job cost and the fit word of the fit probability; `plan` lists every candidate
with the same ranges. The numbers are the `--json` document's bands, printed (in process, through cli.main)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from gpuplanner import cli
from gpuplanner.core.plan import fit_word

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml"


def out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert cli.main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("probability", "fits", "word"),
    [(0.95, True, "fits"), (0.7, True, "probably fits"), (0.5, True, "borderline"), (0.2, False, "probably not"),
     (0.01, False, "does not fit"), (None, True, "fits"), (None, False, "does not fit")],
)  # fmt: skip
def test_fit_words(probability: float | None, fits: bool, word: str) -> None:
    assert fit_word(probability, fits) == word


def test_estimate_prints_the_bands_of_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(out(capsys, "estimate", str(EXAMPLE), "--json"))
    text = out(capsys, "estimate", str(EXAMPLE))
    b, m, t = doc["bands"], doc["memory"], doc["time"]
    gib = 2**30
    lo, hi = b["memory_total"]
    assert f"{m['total'] / gib:.1f} GiB peak (80%: {lo / gib:.1f}–{hi / gib:.1f})" in text
    lo, hi = b["wall_seconds"]
    assert f"wall clock (80%: {lo / 86400:.1f}–{hi / 86400:.1f})" in text
    lo, hi = b["tokens_per_second"]
    assert f"{t['tokens_per_second']:,.0f} tokens/s (80%: {lo:,.0f}–{hi:,.0f})" in text
    lo, hi = b["job_cloud_on_demand"]
    assert f"{doc['cost']['job_cloud_on_demand']:,.0f} USD (80%: {lo:,.0f}–{hi:,.0f})" in text
    p = m["fit_probability"]
    assert f"-> {fit_word(p, m['fits'])} (headroom {m['headroom'] / gib:.1f} GiB, 80%: " in text
    assert f"fit probability {math.floor(100 * p)}%" in text
    # the headroom's band: capacity − overhead − the allocated peak's band
    room = m["capacity"] - m["overhead"]
    lo, hi = b["memory_total"]
    assert f"80%: {(room - hi) / gib:.1f}–{(room - lo) / gib:.1f})" in text


def test_plan_lists_every_candidate_with_its_bands(capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(out(capsys, "plan", str(EXAMPLE), "--json"))
    text = out(capsys, "plan", str(EXAMPLE))
    assert "candidates at 64 GPUs (80% bands)" in text
    for c in doc["candidates"]:
        line = next(x for x in text.splitlines() if x.strip().startswith(c["gpu"] + " "))
        word = fit_word(c["memory"]["fit_probability"], c["memory"]["fits"])
        assert re.search(rf"{re.escape(c['gpu'])}\s+{re.escape(word)}\s+headroom", line), line
        lo, hi = c["bands"]["wall_seconds"]
        assert f"days (80%: {lo / 86400:.1f}–{hi / 86400:.1f})" in line
