"""Count fields read 1.4T / 1.4 trillion / 1.4e12 / 32k / 1.4조, show token counts in words, and mark text
that is not a count (issue item 3: "1.4T" used to become 1.4 billion)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWizard
from ui_helpers import click, type_number

from gpuplanner.ui.count_input import CountParseError, count_in_words, parse_count
from gpuplanner.ui.wizard import Pages


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1.4T", 1.4e12),
        ("1.4 trillion", 1.4e12),
        ("1.4e12", 1.4e12),
        ("300B", 3e11),
        ("15 billion tokens", 1.5e10),
        ("32k", 32_000),
        ("1,400,000", 1_400_000),
        ("2.5M", 2_500_000),
        ("1.4조", 1.4e12),
        ("1조 4000억", 1.4e12),
        ("300억 토큰", 3e10),
    ],
)
def test_parse_count(text, value):
    assert parse_count(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["1.4X", "abc", "", "1..4T", "T"])
def test_parse_count_rejects(text):
    with pytest.raises(CountParseError):
        parse_count(text)


def test_token_counts_in_words():
    assert count_in_words(1.4e12) == "1.4 trillion"
    assert count_in_words(3e11) == "300 billion"
    assert count_in_words(12_000) == "12,000"


def test_typing_1_4t_trains_on_1_4_trillion_tokens(window, qtbot):
    window.wizard.go_to(Pages.TRAINING)
    page = window.wizard.training_page
    click(qtbot, page.by_tokens)
    type_number(qtbot, page.tokens, "1.4T")
    assert window.doc.scenario.workload.tokens == 1.4e12
    page.tokens.clearFocus()
    assert page.tokens.text() == "1.4 trillion tokens"
    type_number(qtbot, page.tokens, "2.5e11")
    assert window.doc.scenario.workload.tokens == 2.5e11


def test_text_that_is_not_a_count_is_marked_and_not_stored(window, qtbot):
    window.wizard.go_to(Pages.TRAINING)
    page = window.wizard.training_page
    click(qtbot, page.by_tokens)
    before = window.doc.scenario.workload.tokens
    type_number(qtbot, page.tokens, "1.4X")
    row = page.rows["workload.tokens"]
    assert "is not a number" in row.error.text() and row.error.isVisibleTo(page)
    assert "border" in page.tokens.styleSheet()
    assert not window.wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    assert window.doc.scenario.workload.tokens == before
    type_number(qtbot, page.tokens, "2T")
    assert window.doc.scenario.workload.tokens == 2e12 and not row.error.isVisibleTo(page)


def test_integer_count_fields_read_suffixes(window, qtbot):
    window.wizard.go_to(Pages.TRAINING)
    page = window.wizard.training_page
    type_number(qtbot, page.seq_len, "8k")
    assert window.doc.scenario.workload.seq_len == 8000


def test_korean_token_counts(monkeypatch):
    from gpuplanner.ui import count_input

    monkeypatch.setattr(count_input, "_korean", lambda: True)
    assert count_in_words(1.4e12) == "1.4조"
    assert count_in_words(3e11) == "3,000억"
