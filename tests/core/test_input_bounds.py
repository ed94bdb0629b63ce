"""Every numeric scenario key has a documented range (issue #18 class 1), the parser's own limits are one-line
InputErrors (class 3), text that would break a terminal or a workbook is cleaned or refused (class 5, 9),
messages quote values cut short (class 8), and divisors come from a factorisation (class 2)."""

from __future__ import annotations

import copy
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gpuplanner.core import scenario_io as sio
from gpuplanner.core import value_checks as vc
from gpuplanner.core.errors import MAX_VALUE_CHARS, InputError, is_unsafe_char, printable
from gpuplanner.core.files import decode_user_text, parse_json, parse_toml, read_user_text
from gpuplanner.core.planner import _divisors, _prime_factors
from gpuplanner.core.scenario_io import cross_key_problem, parse_scenario, read_scenario
from gpuplanner.core.value_checks import fmt_value

ROOT = Path(__file__).resolve().parents[2]
FULL_PATH = ROOT / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml"
FULL = tomllib.loads(FULL_PATH.read_text(encoding="utf-8"))
QLORA = tomllib.loads((ROOT / "examples" / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml").read_text(encoding="utf-8"))
INFER = tomllib.loads((ROOT / "examples" / "mixtral-8x7b-inference-2xh100.gpuplan.toml").read_text(encoding="utf-8"))
CUSTOM = {"layers": 2, "hidden": 64, "heads": 4, "ffn_hidden": 128, "vocab": 100}


def _base_for(table: str, key: str) -> dict[str, Any]:
    """An example the key applies to: LoRA keys on the QLoRA one, inference keys on the serving one."""
    applies = sio.TABLES[table][key].applies
    doc = QLORA if applies == vc.LORA else INFER if applies == vc.INFER else FULL
    doc = copy.deepcopy(doc)
    if table == "model":
        doc["model"] = dict(CUSTOM)
    return doc


BOUNDED = [(t, k, spec) for t, keys in sio.TABLES.items() for k, spec in keys.items() if spec.at_most is not None]


def test_every_numeric_key_has_an_upper_bound() -> None:
    numeric = {
        (t, k)
        for t, keys in sio.TABLES.items()
        for k, spec in keys.items()
        if spec.check in (vc.pos_int, vc.nonneg_int, vc.pos_num, vc.nonneg_num) or k == "depreciation_years"
    }
    bounded = {(t, k) for t, k, _ in BOUNDED}
    assert numeric - bounded == set()
    for _, _, spec in BOUNDED:
        assert spec.at_most is not None and math.isfinite(spec.at_most)


@pytest.mark.parametrize(("table", "key", "spec"), BOUNDED, ids=[f"{t}.{k}" for t, k, _ in BOUNDED])
def test_a_value_over_the_bound_is_refused_with_the_bound(table: str, key: str, spec: vc.Key) -> None:
    doc = _base_for(table, key)
    assert spec.at_most is not None
    over = spec.at_most * 2 + 1
    if spec.check in (vc.pos_int, vc.nonneg_int):
        over = int(over)
    doc.setdefault(table, {})[key] = over
    with pytest.raises(InputError) as err:
        parse_scenario(doc, file="s.gpuplan.toml")
    assert str(err.value).startswith(f"s.gpuplan.toml: {table}.{key}: must be at most ")


@pytest.mark.parametrize(("table", "key", "spec"), BOUNDED, ids=[f"{t}.{k}" for t, k, _ in BOUNDED])
def test_non_finite_and_huge_values_are_refused(table: str, key: str, spec: vc.Key) -> None:
    for bad in (math.inf, -math.inf, math.nan, 1e308, 10**40, -1):
        doc = _base_for(table, key)
        doc.setdefault(table, {})[key] = bad
        with pytest.raises(InputError, match=f"{table}.{key}: must"):
            parse_scenario(doc)


@pytest.mark.parametrize(("table", "key"), [("cost", "horizon_years"), ("cluster", "kw_per_rack"), ("workload", "mfu")])
def test_a_positive_value_below_the_lower_bound_is_refused(table: str, key: str) -> None:
    doc = copy.deepcopy(FULL)
    doc.setdefault(table, {})[key] = 5e-324
    with pytest.raises(InputError, match=f"{table}.{key}: must be at least "):
        parse_scenario(doc)


@pytest.mark.parametrize("schema", [True, 1.0, "1", 2, [1]])
def test_schema_must_be_the_integer_one(schema: Any) -> None:
    doc = {**copy.deepcopy(FULL), "schema": schema}
    with pytest.raises(InputError, match="schema: unsupported version"):
        parse_scenario(doc)


def test_lora_rank_is_at_most_hidden_and_adapters_never_outnumber_the_model() -> None:
    doc = copy.deepcopy(QLORA)
    doc["model"] = dict(CUSTOM)
    doc["workload"]["lora_rank"] = 65
    with pytest.raises(InputError, match=r"workload.lora_rank: must be at most model.hidden \(64\), got 65"):
        parse_scenario(doc)
    doc["workload"]["lora_rank"] = 64  # r·(d_in + d_out) on all seven matrices is more than the model's weights
    with pytest.raises(InputError, match="workload.lora_rank: gives more adapter parameters than the model has"):
        parse_scenario(doc)
    doc["workload"]["lora_rank"] = 8
    s = parse_scenario(doc)
    assert s.model.lora_params(8, s.workload.lora_targets) <= s.model.params
    assert cross_key_problem(s) is None


def test_dataset_tokens_times_epochs_is_bounded() -> None:
    doc = copy.deepcopy(QLORA)
    doc["workload"].update(dataset_tokens=1e16, epochs=2)
    with pytest.raises(InputError, match="workload.epochs: dataset_tokens × epochs must be at most 1e"):
        parse_scenario(doc)


def test_a_model_beyond_any_real_one_is_refused() -> None:
    doc = copy.deepcopy(FULL)
    doc["model"] = {**CUSTOM, "layers": 4096, "hidden": 2**20, "heads": 2**10, "ffn_hidden": 2**22}
    with pytest.raises(InputError, match="model: has .* parameters; at most 1e"):
        parse_scenario(doc)


def test_values_are_quoted_short_in_messages() -> None:
    doc = copy.deepcopy(FULL)
    doc["hardware"]["gpu"] = "h" * 100_000
    with pytest.raises(InputError) as err:
        parse_scenario(doc, file="s.gpuplan.toml")
    message = str(err.value)
    assert len(message) < 200 and "(100,000 characters)" in message
    doc = copy.deepcopy(FULL)
    doc["workload"]["method"] = ["x" * 1000] * 1000
    with pytest.raises(InputError) as err:
        parse_scenario(doc)
    assert len(str(err.value)) < 400
    assert fmt_value(10**5000) == "an integer of about 5,001 digits"
    assert len(printable("é" * 1000)) <= MAX_VALUE_CHARS + 30


def test_names_lose_terminal_escapes_and_non_characters() -> None:
    doc = copy.deepcopy(FULL)
    doc["name"] = "evil \x1b]0;pwned\x07 \x1b[2J \ufffe\uffff\ud800 two\nlines\tand a tab"
    doc["model"] = {"preset": "llama-3.1-70b", "name": "m\x9b31m\x00"}
    s = parse_scenario(doc)
    assert not any(is_unsafe_char(ch) and ch not in "\n\t" for ch in s.name + s.model.name)
    assert s.name.startswith("evil \ufffd]0;pwned\ufffd") and s.name.endswith("two\nlines\tand a tab")


@pytest.mark.parametrize("key", ["gpu", "node"])
def test_ids_with_control_characters_are_refused(key: str) -> None:
    doc = copy.deepcopy(FULL)
    doc["hardware"][key] = "h100\x1b[2J"
    with pytest.raises(InputError, match=rf"hardware.{key}: must not contain control characters.*\\x1b\[2J"):
        parse_scenario(doc)


def test_a_name_too_long_for_a_title_is_refused() -> None:
    doc = {**copy.deepcopy(FULL), "name": "n" * 5000}
    with pytest.raises(InputError, match="name: must be at most 200 characters, got 5,000"):
        parse_scenario(doc)


# --- the parser's own limits (class 3) and encodings (class 8) --------------------------------------


def test_deep_nesting_and_huge_integers_are_one_line_input_errors() -> None:
    with pytest.raises(InputError, match="not valid TOML \\(nested too deeply\\)"):
        parse_toml("x = " + "[" * 2000 + "]" * 2000, file="f")
    with pytest.raises(InputError, match="not valid TOML \\(nested too deeply\\)"):
        parse_toml("x = " + "{a = " * 2000 + "1" + "}" * 2000, file="f")
    with pytest.raises(InputError) as err:
        parse_toml("x = " + "9" * 5000, file="f")
    assert str(err.value) == "f: not valid TOML (Exceeds the limit (4300 digits) for integer string conversion)"


def test_bom_and_crlf_are_read_like_the_plain_file(tmp_path: Path) -> None:
    source = FULL_PATH.read_bytes()
    plain = read_scenario(FULL_PATH)
    for variant in (b"\xef\xbb\xbf" + source, source.replace(b"\n", b"\r\n")):
        path = tmp_path / "v.gpuplan.toml"
        path.write_bytes(variant)
        assert read_scenario(path) == plain


def test_other_encodings_and_binary_are_named() -> None:
    with pytest.raises(InputError, match="not UTF-8 text"):
        decode_user_text("name = 'é'".encode("latin-1"), file="f", what="scenario file")
    with pytest.raises(InputError, match="binary content"):
        decode_user_text(b"\x00\x01schema", file="f", what="scenario file")


# --- factorisation (class 2) ------------------------------------------------------------------------


def test_divisors_match_trial_division() -> None:
    for n in [*range(1, 2000), 16384, 65536 - 1]:
        assert _divisors(n) == [d for d in range(1, n + 1) if n % d == 0]
    for n in (9_999_991, 10**7, 2**23, 3**14, 2 * 3 * 5 * 7 * 11 * 13 * 17 * 19):
        small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
        assert _divisors(n) == sorted(set(small + [n // d for d in small]))
    assert math.prod(p**e for p, e in _prime_factors(10**18).items()) == 10**18
    assert len(_divisors(10**18)) == 19 * 19  # 2^18 · 5^18: returns at once, no loop to 10^9


def test_json_parser_limits_are_one_line_input_errors() -> None:
    for text, reason in (
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("9" * 5000, "Exceeds the limit (4300 digits)"),
        ('{"a": 1,}', "invalid JSON at line 1, column 9"),
    ):
        with pytest.raises(InputError) as err:
            parse_json(text, file="r.json", what="benchmark result")
        assert str(err.value).startswith("r.json: not a benchmark result (") and reason in str(err.value)


def test_read_user_text_drops_the_bom(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_bytes(b"\xef\xbb\xbfschema = 1\r\n")
    assert read_user_text(path, "scenario file") == "schema = 1\r\n"
