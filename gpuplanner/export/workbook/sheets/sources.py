"""Sources: the application and catalog used, every catalog row the options read (with source and as-of date),
the formulas and their citations, and the scenario file itself."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import TYPE_CHECKING

from .... import __version__
from ....core.catalog import table_schema
from ...cells import put
from ...public import public_text
from ..citations import FORMULA_CITATIONS

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Sources"
PRICE_MAX_AGE_MONTHS = 12


def age_months(as_of: str, today: _dt.date) -> int | None:
    """Whole months from an as-of date ("2025-03" or "2025-03-17") to `today`; None when not a date."""
    try:
        year, month = int(as_of[:4]), int(as_of[5:7])
    except (ValueError, TypeError):
        return None
    return (today.year - year) * 12 + (today.month - month)


class _Rows:
    """Rows one below the other; `r` is the last row written. Catalog rows are listed once each."""

    def __init__(self, b: Builder) -> None:
        self.b = b
        self.ws = b.ws[SHEET]
        self.r = 3
        self.seen: set[tuple[str, str]] = set()

    def catalog_row(self, kind: str, rid: str, source: str, as_of: str, notes: str, price: bool = False) -> None:
        """One catalog row; for a price, its age at the export date, flagged when a shipped (not user-edited)
        price is older than PRICE_MAX_AGE_MONTHS (issue #19)."""
        if (kind, rid) in self.seen:
            return
        self.seen.add((kind, rid))
        self.r += 1
        t = self.b.t
        user = self.b.cat.is_user_row(kind, rid.split(" (")[0])
        put(self.ws, self.r, 1, f"{kind}: {rid}" + (f" ({t('user edit')})" if user else ""), "text")
        put(self.ws, self.r, 2, public_text(source), "wrap")
        put(self.ws, self.r, 3, as_of, "text")
        months = age_months(as_of, self.b.today)
        if months is not None:
            put(self.ws, self.r, 4, months, "text", "0")
            if price and not user and months > PRICE_MAX_AGE_MONTHS:
                put(self.ws, self.r, 5, t("older than 12 months: check the price"), "bad")
            elif user:
                put(self.ws, self.r, 5, t("user edit"), "text")
        put(self.ws, self.r, 6, public_text(notes), "wrap")


def write(b: Builder) -> None:
    ws = b.ws[SHEET]
    put(ws, 1, 1, b.t("Sources"), "title")
    ws.freeze_panes = "A2"
    for letter, width in zip("ABCDEF", (30, 46, 10, 10, 20, 44), strict=True):  # ≤ 170 units on a page width
        ws.column_dimensions[letter].width = width
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
        (t("Catalog"), t("shipped with gpuplanner") if b.cat.folder else t("in memory (Python API)")),
        (t("User catalog layer"), _user_layer(b)),
    ):
        rows.r += 1
        put(ws, rows.r, 1, label, "bold")
        put(ws, rows.r, 2, value, "wrap")
    for w in b.cat.warnings:
        rows.r += 1
        put(ws, rows.r, 1, t("Catalog warning"), "bold")
        put(ws, rows.r, 2, without_paths(w, b), "wrap")


def _user_layer(b: Builder) -> str:
    """Whether the user's catalog layer was read and which of its files changed rows, never its folder: a
    path names the person and their machine, and the workbook goes to finance."""
    t = b.t
    if b.cat.user_dir is None:
        return t("not used")
    by_file: dict[str, list[str]] = {}
    for table, rid in sorted(b.cat.user_row_ids):
        by_file.setdefault(table_schema(table).file, []).append(rid)
    if not by_file:
        return t("in use; it changes no row (every value is the shipped one)")
    files = "; ".join(f"{f}: {', '.join(ids)}" for f, ids in sorted(by_file.items()))
    return t("in use; rows it adds or changes") + f": {files}"


def without_paths(text: str, b: Builder) -> str:
    """`text` with the catalog folders and the home folder replaced by what they are."""
    for folder, name in ((b.cat.user_dir, "<user catalog>"), (b.cat.folder, "<catalog>"), (Path.home(), "~")):
        if folder is not None and str(folder) not in ("", "/", "."):
            text = text.replace(str(folder), name)
    return text


def _catalog_rows(rows: _Rows) -> None:
    b, ws, t = rows.b, rows.ws, rows.b.t
    rows.r += 2
    put(ws, rows.r, 1, b.t("Catalog rows used"), "section")
    rows.r += 1
    heads = (t("Table / id"), t("Source"), t("As of"), t("Age (months)"), t("Price age"), t("Notes"))
    for i, h in enumerate(heads, start=1):
        put(ws, rows.r, i, h, "header")
    row = rows.catalog_row
    for opt in b.options:
        g, nd = opt.gpu, opt.node
        row("gpus", g.id, g.spec_source, g.spec_as_of, g.notes)
        if g.efficiency_source:
            row("gpus", f"{g.id} (GEMM efficiency)", g.efficiency_source, g.efficiency_as_of, "")
        row("nodes", nd.id, nd.source, nd.as_of, nd.notes)
        if nd.price_source:
            row("nodes", f"{nd.id} (price)", nd.price_source, nd.price_as_of, "", price=True)
        for offer in opt.offers.values():
            if offer is not None:
                row("cloud_offers", offer.id, offer.source, offer.as_of, offer.notes, price=True)
    site = b.cat.site(b.main.inputs.site) if b.main.inputs.site else None
    if site is not None:
        row("sites", site.id, site.source, site.as_of, site.notes, price=True)  # electricity, colocation


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
    b.verbatim_rows[SHEET] = rows.r + 1  # the file as written: never translated
    for line in text.splitlines() or [""]:
        rows.r += 1
        # the file as it is, but for comment lines that point into the project (the shipped default's)
        put(ws, rows.r, 1, public_text(line) if line.lstrip().startswith("#") else line, "text")
