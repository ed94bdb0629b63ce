"""Sources: the application and catalog used, every catalog row the options read (with source and as-of date),
the formulas and their citations, and the scenario file itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .... import __version__
from ...cells import put
from ...public import public_text
from ..citations import FORMULA_CITATIONS

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Sources"


class _Rows:
    """Rows one below the other; `r` is the last row written. Catalog rows are listed once each."""

    def __init__(self, b: Builder) -> None:
        self.b = b
        self.ws = b.ws[SHEET]
        self.r = 3
        self.seen: set[tuple[str, str]] = set()

    def catalog_row(self, kind: str, rid: str, source: str, as_of: str, notes: str) -> None:
        if (kind, rid) in self.seen:
            return
        self.seen.add((kind, rid))
        self.r += 1
        user = " (user edit)" if self.b.cat.is_user_row(kind, rid) else ""
        put(self.ws, self.r, 1, f"{kind}: {rid}{user}", "text")
        put(self.ws, self.r, 2, public_text(source), "wrap")
        put(self.ws, self.r, 3, as_of, "text")
        put(self.ws, self.r, 4, public_text(notes), "wrap")


def write(b: Builder) -> None:
    ws = b.ws[SHEET]
    put(ws, 1, 1, b.t("Sources"), "title")
    ws.freeze_panes = "A2"
    ws.column_dimensions["A"].width = 34
    ws.column_dimensions["B"].width = 60
    ws.column_dimensions["C"].width = 14
    ws.column_dimensions["D"].width = 80
    rows = _Rows(b)
    _application(rows)
    _catalog_rows(rows)
    _formulas(rows)
    _scenario_file(rows)


def _application(rows: _Rows) -> None:
    b, ws, t = rows.b, rows.ws, rows.b.t
    put(ws, rows.r, 1, t("Application"), "section")
    for label, value in (
        (t("Application"), "gpuplanner"),
        (t("Version"), __version__),
        (t("Exported"), b.today.isoformat()),
        (t("Language"), b.lang),
        (t("Scenario"), b.scenario_name),
        ("Catalog folder", str(b.cat.folder) if b.cat.folder else "(in memory)"),
        ("User catalog folder", str(b.cat.user_dir) if b.cat.user_dir else "(none)"),
    ):
        rows.r += 1
        put(ws, rows.r, 1, label, "bold")
        put(ws, rows.r, 2, value, "text")
    for w in b.cat.warnings:
        rows.r += 1
        put(ws, rows.r, 1, "Catalog warning", "bold")
        put(ws, rows.r, 2, w, "wrap")


def _catalog_rows(rows: _Rows) -> None:
    b, ws = rows.b, rows.ws
    rows.r += 2
    put(ws, rows.r, 1, b.t("Catalog rows used"), "section")
    rows.r += 1
    for i, h in enumerate(("Table / id", "Source", "As of", "Notes"), start=1):
        put(ws, rows.r, i, h, "header")
    row = rows.catalog_row
    for opt in b.options:
        g, nd = opt.gpu, opt.node
        row("gpus", g.id, g.spec_source, g.spec_as_of, g.notes)
        if g.efficiency_source:
            row("gpus", f"{g.id} (GEMM efficiency)", g.efficiency_source, g.efficiency_as_of, "")
        row("nodes", nd.id, nd.source, nd.as_of, nd.notes)
        if nd.price_source:
            row("nodes", f"{nd.id} (price)", nd.price_source, nd.price_as_of, "")
        for offer in opt.offers.values():
            if offer is not None:
                row("cloud_offers", offer.id, offer.source, offer.as_of, offer.notes)
    site = b.cat.site(b.main.inputs.site) if b.main.inputs.site else None
    if site is not None:
        row("sites", site.id, site.source, site.as_of, site.notes)


def _formulas(rows: _Rows) -> None:
    ws = rows.ws
    rows.r += 2
    put(ws, rows.r, 1, rows.b.t("Formulas and their sources"), "section")
    for label, citation in FORMULA_CITATIONS:
        rows.r += 1
        put(ws, rows.r, 1, label, "bold")
        put(ws, rows.r, 2, citation, "wrap")


def _scenario_file(rows: _Rows) -> None:
    b, ws = rows.b, rows.ws
    rows.r += 2
    put(ws, rows.r, 1, b.t("Scenario file"), "section")
    text: str | None = b.scenario_text
    if text is None:
        from ....core.scenario_io import scenario_to_toml

        try:
            text = scenario_to_toml(b.s)
        except Exception as err:  # pragma: no cover - a scenario the writer cannot express
            text = f"(scenario text not available: {err})"
    for line in text.splitlines() or [""]:
        rows.r += 1
        # the file as it is, but for comment lines that point into the project (the shipped default's)
        put(ws, rows.r, 1, public_text(line) if line.lstrip().startswith("#") else line, "text")
