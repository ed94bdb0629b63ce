"""Step 4's cloud offers (issue #16 item 5, issue #19 price age): under each cloud price, which offer it comes
from (provider, instance, region, as-of date and its age), a warning when a default price is older than
PRICE_STALE_MONTHS, "your edit" for a price typed in the scenario, and a list of the catalog's other offers of
that GPU and tier to pick from.

Picking an offer writes its price into the scenario (undoable); picking the catalog's default offer removes the
scenario's price again, so the default follows the catalog. A scenario price equal to an offer's price is shown
as that offer (the scenario file stores the price, not the offer).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from gpuplanner.core.catalog import Catalog
from gpuplanner.core.catalog.types import CloudOffer

from .theme import caution_color

# Issue #19: a default price older than this is flagged (cloud prices fell ~15–40% a year in 2023–2026,
# e.g. AWS's June 2025 cut of p4/p5 on-demand prices; see catalog/cloud_offers.csv notes).
PRICE_STALE_MONTHS = 12
_PRICE_TOLERANCE_USD = 1e-6


def tr(text: str) -> str:
    return QCoreApplication.translate("OfferPicker", text)


def today() -> dt.date:
    """The date prices are aged against (a function, so tests can fix it)."""
    return dt.date.today()


def age_months(as_of: str, on: dt.date | None = None) -> int | None:
    """Whole months from an offer's as-of date (``YYYY-MM`` or ``YYYY-MM-DD``) to ``on``; None if unreadable."""
    try:
        year, month = (int(p) for p in as_of.strip().split("-")[:2])
    except ValueError:
        return None
    if not 1 <= month <= 12:
        return None
    on = on or today()
    return max(0, (on.year - year) * 12 + (on.month - month))


def age_text(months: int | None) -> str:
    if months is None:
        return tr("age unknown")
    if months == 0:
        return tr("this month")
    if months == 1:
        return tr("1 month old")
    return tr("{0} months old").format(months)


def offer_name(o: CloudOffer) -> str:
    """ "AWS p5.48xlarge, us-east" (provider, then the instance and region where the catalog names them)."""
    extra = ", ".join(x for x in (o.instance, o.region) if x)
    return f"{o.provider} {extra}".strip() if o.instance else ", ".join(x for x in (o.provider, o.region) if x)


def matching_offer(offers: Sequence[CloudOffer], price: float | None) -> CloudOffer | None:
    """The offer whose price the scenario holds (the default first), or None."""
    if price is None:
        return None
    hits = [o for o in offers if abs(o.usd_per_gpu_hour - price) <= _PRICE_TOLERANCE_USD]
    return next((o for o in hits if o.default), hits[0] if hits else None)


def provenance(offers: Sequence[CloudOffer], price: float | None, on: dt.date | None = None) -> tuple[str, bool]:
    """(the line under a price, stale?): where the price comes from and how old it is."""
    default = next((o for o in offers if o.default), None)
    if price is None:
        if default is None:
            return tr("not published: the catalog has no default offer for this GPU and tier"), False
        months = age_months(default.as_of, on)
        text = tr("catalog default: {0}, as of {1} ({2})").format(offer_name(default), default.as_of, age_text(months))
        stale = months is not None and months > PRICE_STALE_MONTHS
        if stale:
            text = "⚠ " + text + tr(" — older than {0} months: check today's price").format(PRICE_STALE_MONTHS)
        return text, stale
    picked = matching_offer(offers, price)
    if picked is not None:
        months = age_months(picked.as_of, on)
        return tr("offer picked: {0}, as of {1} ({2})").format(
            offer_name(picked), picked.as_of, age_text(months)
        ), False
    return tr("your edit (typed into this scenario)"), False


def compared_offers(catalog: Catalog, gpus: Sequence[str], on: dt.date | None = None) -> str:
    """One line per compared GPU: its default on-demand offer, provider, as-of date and age (⚠ when stale)."""
    lines = [tr("Default on-demand offers of the compared GPUs:")]
    for gid in gpus:
        gpu = catalog.gpus.get(gid)
        if gpu is None:
            continue
        o = catalog.default_offer(gid, "on_demand")
        if o is None:
            lines.append(tr("{0}: not published").format(gpu.name))
            continue
        months = age_months(o.as_of, on)
        warn = "⚠ " if months is not None and months > PRICE_STALE_MONTHS else ""
        lines.append(f"{warn}{gpu.name}: ${o.usd_per_gpu_hour:,.2f}, {offer_name(o)}, {o.as_of} ({age_text(months)})")
    return "\n".join(lines)


class OfferPicker(QWidget):
    """The provenance line of one cloud price and the catalog's offers of that GPU and tier."""

    picked = Signal(object)  # the price to put into the scenario (None: the catalog's default)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox()
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(18)
        self.combo.setAccessibleName(tr("Cloud offer"))
        self.line = QLabel()
        self.line.setWordWrap(True)
        self.line.setAccessibleName(tr("Where this price comes from"))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(1)
        lay.addWidget(self.combo)
        lay.addWidget(self.line)
        self._offers: tuple[CloudOffer, ...] = ()
        self.stale = False
        self.price_usd_per_hour: float | None = None
        self.dearer_than_on_demand = False
        self.combo.activated.connect(self._activated)

    def set_offers(
        self, offers: Sequence[CloudOffer], price: float | None, on_demand_usd_per_hour: float | None = None
    ) -> None:
        """Show ``offers`` (one GPU, one tier) with ``price`` (the scenario's, None = the catalog default).
        With ``on_demand_usd_per_hour`` (a reserved or spot tier), a price above it is flagged: the per-tier
        default rule can pick offers of different providers and dates, and a reserved price paid for every hour
        that is dearer than renting on demand is almost never a real choice."""
        self._offers = tuple(sorted(offers, key=lambda o: (not o.default, o.usd_per_gpu_hour)))
        self.combo.blockSignals(True)
        self.combo.clear()
        for o in self._offers:
            mark = tr(" (default)") if o.default else ""
            self.combo.addItem(f"{offer_name(o)} — ${o.usd_per_gpu_hour:,.2f}, {o.as_of}{mark}", o.id)
            self.combo.setItemData(self.combo.count() - 1, o.source + ("\n" + o.notes if o.notes else ""), 3)
        current = matching_offer(self._offers, price) if price is not None else None
        if price is None:
            current = next((o for o in self._offers if o.default), None)
        if current is None and price is not None:
            self.combo.insertItem(0, tr("your edit: ${0:,.2f}").format(price), None)
            self.combo.setCurrentIndex(0)
        elif current is not None:
            self.combo.setCurrentIndex(self.combo.findData(current.id))
        self.combo.setEnabled(bool(self._offers))
        self.combo.blockSignals(False)
        text, self.stale = provenance(self._offers, price)
        default = next((o for o in self._offers if o.default), None)
        self.price_usd_per_hour = price if price is not None else (default.usd_per_gpu_hour if default else None)
        mine, od = self.price_usd_per_hour, on_demand_usd_per_hour
        self.dearer_than_on_demand = mine is not None and od is not None and mine > od
        if self.dearer_than_on_demand:
            text += "\n" + tr(
                "⚠ dearer than the on-demand price (${0:,.2f} per GPU-hour): these offers come from different "
                "providers or dates; pick another offer or type your quote"
            ).format(od)
            self.stale = True
        self.line.setText(text)
        self.line.setStyleSheet(f"color: {caution_color(self.palette())};" if self.stale else "")

    def _activated(self, index: int) -> None:
        oid = self.combo.itemData(index)
        o = next((x for x in self._offers if x.id == oid), None)
        if o is None:
            return
        self.picked.emit(None if o.default else o.usd_per_gpu_hour)
