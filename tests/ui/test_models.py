"""Every table model of the app passes Qt's model checks (pytest-qt's qtmodeltester): the results table,
the catalog tables and their filter proxies, the comparison tables."""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.core.catalog import TABLES
from gpuplanner.ui.catalog_model import CatalogFilterProxy, CatalogTableModel
from gpuplanner.ui.catalog_session import CatalogSession
from gpuplanner.ui.compare import CompareResultsModel, InputDiffModel, Side
from gpuplanner.ui.results_table import ResultsTableModel
from gpuplanner.ui.resultset import compute_results, estimate_one


def test_results_table_model(window, qtmodeltester):
    s = window.doc.scenario
    deadline = replace(s, workload=replace(s.workload, deadline_days=10))
    for results in (None, window.runner.latest, compute_results(deadline, window.doc.catalog, sweep=True)):
        model = ResultsTableModel()  # one model per check: the tester stays connected to what it checked
        model.set_results(results)
        qtmodeltester.check(model, force_py=True)
        assert model.rowCount() == (0 if results is None else len(results.candidates))
    assert model.columnCount() == 12  # with the deadline column


def test_catalog_models(window, qtmodeltester):
    session = CatalogSession(window.doc)
    for table in TABLES:
        model = CatalogTableModel(session, table)
        qtmodeltester.check(model, force_py=True)
        proxy = CatalogFilterProxy()
        proxy.setSourceModel(model)
        proxy.set_scope("shipped")
        proxy.sort(2)
        qtmodeltester.check(proxy, force_py=True)


def test_compare_models(window, qtmodeltester):
    s = window.doc.scenario
    other = replace(s, hardware=replace(s.hardware, gpu="no-such-gpu", candidates=("no-such-gpu",)))
    a = Side(s, estimate_one(s, window.doc.catalog), "A")
    b = Side(other, estimate_one(other, window.doc.catalog), "B")  # no estimate: dashes, with the reason
    qtmodeltester.check(CompareResultsModel(), force_py=True)  # empty
    model = CompareResultsModel()
    model.set_sides(a, b)
    qtmodeltester.check(model, force_py=True)
    assert model.index(2, 2).data() == "—" and "not in the hardware catalog" in model.index(2, 2).data(3)
    diff = InputDiffModel()
    diff.set_scenarios(s, other)
    qtmodeltester.check(diff, force_py=True)
    assert diff.rowCount() == 2
