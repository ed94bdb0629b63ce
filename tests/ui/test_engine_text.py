"""Engine messages in the interface language (ui/engine_text.py): the key table's type, range and choice messages,
with the refused value, are translated with their numbers kept; English is the engine's text unchanged; a
message of another shape stays as the engine wrote it."""

from __future__ import annotations

import pytest

from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.scenario_keys import HARDWARE_KEYS
from gpuplanner.core.value_checks import range_problem
from gpuplanner.ui import i18n
from gpuplanner.ui.dialogs import for_users
from gpuplanner.ui.engine_text import localized


def _engine_message(**hardware: object) -> str:
    doc = {
        "schema": 1,
        "model": {"preset": "llama-3.1-8b"},
        "workload": {"method": "pretrain", "seq_len": 4096, "tokens": 1e9},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 8, **hardware},
    }
    with pytest.raises(Exception) as err:
        parse_scenario(doc)
    return str(getattr(err.value, "detail", err.value))


@pytest.fixture
def korean(qapp):  # type: ignore[no-untyped-def]
    yield i18n.install_translator(qapp, "ko")
    i18n.uninstall_translator(qapp)


def test_english_is_the_engines_own_text(qapp) -> None:  # type: ignore[no-untyped-def]
    for text in (
        _engine_message(gpu_count=0),
        _engine_message(inter_node_gbits_per_s=1e12),
        range_problem(HARDWARE_KEYS["inter_node_gbits_per_s"], 1e12) or "",
        "must be one of te, te-delayed, torchao, got 'x'",
        "must be a multiple of workload.micro_batch (4), got 6",
    ):
        assert localized(text) == text and for_users(text) == text


def test_korean_keeps_the_numbers_and_the_refused_value(korean) -> None:  # type: ignore[no-untyped-def]
    assert korean == "ko"
    bound = range_problem(HARDWARE_KEYS["inter_node_gbits_per_s"], 1e12)
    assert bound is not None and bound.startswith("must be at most ")
    number = bound.removeprefix("must be at most ")
    assert localized(bound) == f"{number} 이하여야 합니다"
    assert localized(f"{bound}, got 1e+12") == f"{number} 이하여야 합니다 (입력값 1e+12)"
    assert localized("must be a positive integer, got 0") == "양의 정수여야 합니다 (입력값 0)"
    assert localized("must be one of te, torchao, got 'x'") == "다음 중 하나여야 합니다: te, torchao (입력값 'x')"
    # the engine's message for a GPU count of 0, as the wizard shows it
    assert "양의 정수여야 합니다" in for_users(_engine_message(gpu_count=0))
    # value_checks.one_of's hint is translated with the choices
    hinted = "must be one of te, te-delayed, torchao; did you mean te-current?, got 'te_current'"
    assert localized(hinted) == (
        "다음 중 하나여야 합니다: te, te-delayed, torchao (te-current을(를) 뜻했나요?) (입력값 'te_current')"
    )
    # other shapes, cross-key bounds included: as the engine wrote them, not half translated
    for other in (
        "must be a multiple of workload.micro_batch (4), got 6",
        "must be at most the number of layers (32), got 40",
        "must be at least 1 (1 = no cooling overhead), got 0.5",
    ):
        assert localized(other) == other


def test_every_translated_shape_is_one_the_key_table_writes() -> None:
    """engine_text repeats the engine's English as its source strings: each must still be in the engine's code,
    so that a reworded message is noticed here rather than shown untranslated."""
    import inspect

    from gpuplanner.core import scenario_keys, value_checks
    from gpuplanner.ui import engine_text

    source = inspect.getsource(scenario_keys) + inspect.getsource(value_checks)
    for text in engine_text._fixed():
        assert f'"{text}"' in source, text
    for template in engine_text._templates():
        head = template.split("{0}")[0]
        assert f'"{head}' in source or f'f"{head}' in source, template
