"""Step 4's prices (issue #16 items 5 and 6, issue #19 price age): each cloud price names its offer (provider,
as-of date, age), a default price older than 12 months is flagged, a typed price reads "your edit", another
offer of the GPU can be picked (undoable), the default-offer rule is stated, and an unknown owning TCO names
the field that is missing."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from ui_helpers import wait_for_results

from gpuplanner.ui import offer_picker as op
from gpuplanner.ui.wizard import Pages


def test_price_age_in_months() -> None:
    on = dt.date(2026, 12, 1)
    assert op.age_months("2026-05", on) == 7
    assert op.age_months("2025-12-15", on) == 12
    assert op.age_months("2023-03", on) == 45
    assert op.age_months("2027-01", on) == 0  # a date after today is no negative age
    assert op.age_months("March 2024", on) is None and op.age_months("2024-13", on) is None


@pytest.fixture
def costs(window, qtbot, monkeypatch):
    monkeypatch.setattr(op, "today", lambda: dt.date(2026, 12, 1))
    window.wizard.add_remaining_pages()
    window.wizard.go_to(Pages.COSTS)
    page = window.wizard.cost_page
    page.load()
    return page


def test_each_price_names_its_offer_and_age(costs, window) -> None:
    catalog, gpu = window.doc.catalog, window.doc.scenario.hardware.gpu
    assert window.doc.scenario.cost.cloud_usd_per_gpu_hour is None  # the default scenario takes the catalog's
    default = catalog.default_offer(gpu, "on_demand")
    assert default is not None
    picker = costs.offers["on_demand"]
    months = op.age_months(default.as_of, dt.date(2026, 12, 1))
    assert picker.line.text() == (
        f"catalog default: {op.offer_name(default)}, as of {default.as_of} ({op.age_text(months)})"
    )
    assert picker.combo.currentData() == default.id
    assert picker.combo.count() == len(catalog.offers_for(gpu, "on_demand"))
    from gpuplanner.core.offer_rule import DEFAULT_OFFER_RULE

    assert costs.rule_note.text().startswith(DEFAULT_OFFER_RULE)  # the engine's rule, word for word
    # every compared GPU's default on-demand offer, side by side, old ones flagged
    lines = costs.compared.text().split("\n")[1:]
    for gid in window.doc.scenario.hardware.compared_gpus:
        o = catalog.default_offer(gid, "on_demand")
        line = next(x for x in lines if catalog.gpus[gid].name in x)
        if o is not None:
            age = op.age_months(o.as_of, dt.date(2026, 12, 1))
            assert f"${o.usd_per_gpu_hour:,.2f}, {op.offer_name(o)}, {o.as_of}" in line
            assert line.startswith("⚠ ") is (age is not None and age > op.PRICE_STALE_MONTHS)
    for tier, p in costs.offers.items():
        if catalog.default_offer(gpu, tier) is None:
            assert p.line.text().startswith("not published")


def test_a_default_price_older_than_12_months_is_flagged(costs, monkeypatch) -> None:
    monkeypatch.setattr(op, "today", lambda: dt.date(2030, 1, 1))
    costs.load()
    picker = costs.offers["on_demand"]
    assert picker.stale and picker.line.text().startswith("⚠ catalog default:")
    assert "older than 12 months" in picker.line.text()


def test_pick_another_offer_then_undo_and_type_a_price(costs, window, qtbot) -> None:
    catalog, gpu = window.doc.catalog, window.doc.scenario.hardware.gpu
    other = next(o for o in catalog.offers_for(gpu, "on_demand") if not o.default)
    picker = costs.offers["on_demand"]
    picker.combo.setFocus()
    index = picker.combo.findData(other.id)
    while picker.combo.currentIndex() != index:  # down the list with the keyboard, as a user would
        qtbot.keyClick(picker.combo, Qt.Key.Key_Down)
    assert window.doc.scenario.cost.cloud_usd_per_gpu_hour == pytest.approx(other.usd_per_gpu_hour)
    assert picker.line.text().startswith("offer picked: ")
    window.doc.undo_stack.undo()
    assert window.doc.scenario.cost.cloud_usd_per_gpu_hour is None
    assert picker.line.text().startswith("catalog default: ")
    s = window.doc.scenario
    window.doc.edit(replace(s, cost=replace(s.cost, cloud_usd_per_gpu_hour=123.45)), "typed")
    assert picker.line.text() == "your edit (typed into this scenario)"
    assert picker.combo.currentText().startswith("your edit: $123.45")


def _unknown_owning(catalog, s):  # type: ignore[no-untyped-def]
    """The first catalog GPU whose owning TCO the engine cannot compute for ``s`` (its node has no price)."""
    from gpuplanner.core.engine import estimate

    for gid in catalog.gpus:
        hw = replace(s.hardware, gpu=gid, candidates=(gid,))
        try:
            e = estimate(replace(s, hardware=hw), catalog, gid)
        except Exception:  # noqa: BLE001 - a GPU the scenario cannot run on is not the one we look for
            continue
        why = next((u for u in e.cost.unknown if u.figure == "onprem_tco"), None) if e.cost is not None else None
        if why is not None and "node_price_usd" in why.missing:
            return hw
    raise AssertionError("every catalog GPU has a known owning TCO: nothing to test")


def test_unknown_owning_tco_names_the_missing_field(window, qtbot) -> None:
    from gpuplanner.ui.cost_fields import input_label

    s = window.doc.scenario
    hw = _unknown_owning(window.doc.catalog, s)
    window.doc.edit(replace(s, hardware=hw), "a GPU without a server price")
    wait_for_results(qtbot, window, timeout=60_000)
    window.wizard.add_remaining_pages()
    window.wizard.go_to(Pages.RESULTS)
    value = window.wizard.results_page.values["onprem_tco"]

    def missing() -> tuple[str, ...]:
        e = window.runner.latest.primary.estimate
        return next((u.missing for u in e.cost.unknown if u.figure == "onprem_tco"), ())

    assert "node_price_usd" in missing()
    text = value.text()
    assert text.startswith("unknown: enter ") and all(input_label(n) in text for n in missing())
    assert "node_price_usd" in value.toolTip()  # the engine's own reason, with the key and its source
    note = window.results_view.tco_plot.note.text()
    assert "Owning (TCO) unknown: enter" in note and input_label("node_price_usd") in note
    # the server price typed: it is no longer named; what is still missing is
    s = window.doc.scenario
    window.doc.edit(replace(s, cost=replace(s.cost, node_price_usd=250_000.0)), "server price")
    wait_for_results(qtbot, window, timeout=60_000)
    rest = missing()
    assert "node_price_usd" not in rest
    if rest:
        assert "Server price" not in value.text() and all(input_label(n) in value.text() for n in rest)
    else:
        assert value.text().startswith("$")


def test_a_reserved_price_dearer_than_on_demand_is_flagged(costs, window, qtbot) -> None:
    s = window.doc.scenario
    reserved = costs.offers["reserved_1y"]
    window.doc.edit(replace(s, cost=replace(s.cost, cloud_usd_per_gpu_hour=0.01)), "typed")  # below any offer
    wait_for_results(qtbot, window)
    costs.load()
    assert reserved.price_usd_per_hour is not None  # the default GPU (H100) has a reserved 1-year offer
    assert reserved.dearer_than_on_demand and reserved.stale
    assert "⚠ dearer than the on-demand price ($0.01 per GPU-hour)" in reserved.line.text()
    window.doc.edit(replace(s, cost=replace(s.cost, cloud_usd_per_gpu_hour=99.0)), "typed")
    wait_for_results(qtbot, window)
    costs.load()
    assert not reserved.dearer_than_on_demand and "dearer" not in reserved.line.text()
    assert not costs.offers["on_demand"].dearer_than_on_demand  # on demand is never read against itself
