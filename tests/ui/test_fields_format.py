"""Numbers in the form fields carry thousands separators, as the results do ("8,192 tokens" beside "1,024"),
and a number typed with separators reads back (issue item 13)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from ui_helpers import type_number

from gpuplanner.ui.fields import DefaultableSpin, dspin, spin
from gpuplanner.ui.wizard import Pages


def test_sequence_length_shows_and_reads_separators(window, qtbot):
    window.wizard.go_to(Pages.TRAINING)
    box = window.wizard.training_page.seq_len
    assert box.value() == 8192 and box.text() == "8,192 tokens"
    type_number(qtbot, box, "16,384")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == 16_384 and box.text() == "16,384 tokens"
    qtbot.waitUntil(lambda: window.doc.scenario.workload.seq_len == 16_384, timeout=2000)


def test_typing_plain_digits_into_a_grouped_field_gives_that_number(window, qtbot):
    """Each keystroke re-reads the document into the page; a page that re-set its title on every refresh re-laid the
    wizard out, Qt then rewrote the box's text as "1,638" with the cursor before the 8, and "16384" became 16,348."""
    window.wizard.go_to(Pages.TRAINING)
    box = window.wizard.training_page.seq_len
    type_number(qtbot, box, "16384")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == 16_384
    qtbot.waitUntil(lambda: window.doc.scenario.workload.seq_len == 16_384, timeout=2000)


def test_gpu_count_shows_separators(window):
    window.wizard.go_to(Pages.HARDWARE)
    box = window.wizard.hardware_page.gpu_count
    box.setValue(1024)
    assert box.text() == "1,024 GPUs"


def test_every_kind_of_field_groups_digits(qtbot):
    whole = spin(0, 10_000_000, " tokens")
    decimal = dspin(0, 1e6, " days", decimals=1)
    price = DefaultableSpin(0, 1e9, " USD", decimals=0)
    for w in (whole, decimal, price):
        qtbot.addWidget(w)
    whole.setValue(300_000)
    decimal.setValue(12_345.5)
    price.set_values(None, 250_000, "catalog")
    assert whole.text() == "300,000 tokens"
    assert decimal.text() == "12,345.5 days"
    assert price.spin.text() == "250,000 USD"


def test_two_amounts_in_one_sentence_share_unit_and_decimals() -> None:
    from gpuplanner.ui.formatting import money_short_pair

    assert money_short_pair(1_770_000, 1_999_600, "USD") == ("$1.77M", "$2.00M")
    assert money_short_pair(208_333, 221_000, "USD") == ("$208k", "$221k")
    assert money_short_pair(394.0, 7.0, "USD") == ("$394", "$7")
