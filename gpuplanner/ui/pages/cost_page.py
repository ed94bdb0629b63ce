"""Step 4: costs — utilization, horizon, currency, cloud prices and owning assumptions.

Every price starts as the catalog's (the planned GPU's default offers and node type, the site profile), shown
in italics with its source in the tooltip. A value typed here is saved in the scenario and applies to every
candidate GPU; ↺ goes back to the catalog's value. Inputs are in USD (spec §4.3.1); results are converted
into the chosen currency.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QComboBox, QGroupBox, QLabel, QWidget

from gpuplanner.core.cost_inputs import TIER_KEYS
from gpuplanner.core.errors import InputError
from gpuplanner.core.scenario import CostSettings, Scenario

from ..document import ScenarioDocument
from ..fields import DefaultableSpin, Form, dspin, set_value
from ..offer_picker import OfferPicker, compared_offers
from .base import PlannerPage

PERCENT = 100.0


def cost(**changes: object):
    return lambda s: replace(s, cost=replace(s.cost, **changes))


class CostPage(PlannerPage):
    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        t = self.tr
        self.setTitle(t("Costs"))
        self.setSubTitle(
            t(
                "Cloud prices and the cost of owning, prefilled from the catalog. Italic values are "
                "the catalog's; type to override, ↺ to go back."
            )
        )
        body = self.scrolling_body()
        self.defaultable: dict[str, DefaultableSpin] = {}

        # --- use ---
        use_box = QGroupBox(t("Use and horizon"))
        form = Form(use_box)
        self.site = QComboBox()
        self._fill_sites()
        self.rows["cost.site"] = form.add(
            t("&Site profile:"), self.site, t("Electricity, PUE, colocation, staff and financing defaults")
        )
        self.utilization = dspin(0, 100, t("% of hours"), decimals=0, step=5)
        self.rows["cost.utilization"] = form.add(
            t("&Utilization:"), self.utilization, t("Share of the horizon's hours the GPUs do useful work")
        )
        self.horizon = dspin(0.1, 50, t(" years"), decimals=1, step=1)
        self.rows["cost.horizon_years"] = form.add(t("Hori&zon:"), self.horizon)
        self.currency = QComboBox()
        self.currency.addItem(t("US dollar (USD)"), "USD")
        self.currency.addItem(t("Korean won (KRW)"), "KRW")
        self.rows["cost.currency"] = form.add(t("Currenc&y:"), self.currency)
        self._defaultable(form, "usd_to_krw", t("E&xchange rate:"), 1, 100_000, t(" KRW per USD"), decimals=0, step=10)
        body.addWidget(use_box)

        # --- cloud ---
        cloud_box = QGroupBox(t("Cloud prices"))
        form = Form(cloud_box)
        self.cloud_note = QLabel()
        self.cloud_note.setWordWrap(True)
        form.addRow(self.cloud_note)
        # core.offer_rule.DEFAULT_OFFER_RULE, word for word (a test checks it), so that it can be translated
        rule = t(
            "Default offer per GPU and tier: the cheapest offer dated within the 12 months up to the catalog's newest "
            "price date; with none that recent, the cheapest within the 12 months up to that GPU's newest offer."
        )
        self.rule_note = QLabel(
            rule + " " + t("Each price shows its provider, as-of date and age; pick another offer under it.")
        )
        self.rule_note.setWordWrap(True)
        form.addRow(self.rule_note)
        # the default on-demand offer of every compared GPU, so that prices from different providers and years
        # are seen side by side before they decide the recommendation (issue #16 item 5)
        self.compared = QLabel()
        self.compared.setWordWrap(True)
        self.compared.setAccessibleName(t("Default offers of the compared GPUs"))
        per_hour = t(" USD per GPU-hour")
        self.offers: dict[str, OfferPicker] = {}
        for tier, key, label in (
            ("on_demand", "cloud_usd_per_gpu_hour", t("&On demand:")),
            ("reserved_1y", "reserved_1y_usd_per_gpu_hour", t("Reserved &1 year:")),
            ("reserved_3y", "reserved_3y_usd_per_gpu_hour", t("Reserved &3 years:")),
            ("spot", "spot_usd_per_gpu_hour", t("S&pot:")),
        ):
            self._defaultable(form, key, label, 0, 1000, per_hour, step=0.1)
            picker = OfferPicker()
            picker.setAccessibleName(t("{0} offer").format(label.replace("&", "").rstrip(":")))
            form.addRow("", picker)
            self.offers[tier] = picker
            picker.picked.connect(
                lambda price, k=key, lab=label: self.edit_field(
                    f"cost.{k}",
                    cost(**{k: price}),
                    self.tr("Pick the {0} offer").format(lab.replace("&", "").rstrip(":")),
                )
            )
        form.addRow(self.compared)
        self.spot_lost = dspin(0, 99, t("% of spot hours lost"), decimals=0, step=1)
        self.rows["cost.spot_lost_fraction"] = form.add(
            t("Spot &interruptions:"), self.spot_lost, t("Work lost to preemption; spot cost is divided by (1 − this)")
        )
        body.addWidget(cloud_box)

        # --- owning ---
        own_box = QGroupBox(t("Owning (on-premises)"))
        form = Form(own_box)
        usd_node = t(" USD per node")
        self._defaultable(form, "node_price_usd", t("Se&rver price:"), 0, 100_000_000, usd_node, decimals=0, step=1000)
        self._defaultable(form, "network_usd_per_node", t("Net&work:"), 0, 10_000_000, usd_node, decimals=0, step=1000)
        self._defaultable(
            form, "install_usd_per_node", t("Installation:"), 0, 10_000_000, usd_node, decimals=0, step=1000
        )
        self.import_tax = dspin(0, 500, t("% import tax"), decimals=1, step=1)
        self.rows["cost.import_tax_fraction"] = form.add(t("Import tax:"), self.import_tax)
        self._defaultable(
            form, "electricity_usd_per_kwh", t("E&lectricity:"), 0, 10, t(" USD per kWh"), decimals=3, step=0.01
        )
        self.escalation = dspin(-99, 100, t("% per year"), decimals=1, step=0.5)
        self.rows["cost.electricity_escalation_per_year"] = form.add(t("Electricity price rise:"), self.escalation)
        self._defaultable(form, "pue", t("PUE:"), 1, 5, "", decimals=2, step=0.05)
        self._defaultable(
            form, "colocation_usd_per_kw_month", t("Colocation:"), 0, 10_000, t(" USD per kW-month"), step=5
        )
        self._defaultable(
            form,
            "support_fraction_per_year",
            t("Support:"),
            0,
            100,
            t("% of capex per year"),
            decimals=1,
            scale=PERCENT,
        )
        self._defaultable(form, "staff_usd_per_year", t("Staff:"), 0, 1e9, t(" USD per year"), decimals=0, step=1000)
        self._defaultable(
            form, "software_usd_per_year", t("Software:"), 0, 1e9, t(" USD per year"), decimals=0, step=1000
        )
        self._defaultable(form, "depreciation_years", t("&Depreciation:"), 0.1, 50, t(" years"), decimals=1)
        self._defaultable(
            form, "discount_rate", t("Discount rate:"), -99, 100, t("% per year"), decimals=1, scale=PERCENT
        )
        body.addWidget(own_box)
        body.addStretch(1)

        t_ = self.tr
        self.site.currentIndexChanged.connect(
            self.bind("cost.site", t_("Change site profile"), lambda s: cost(site=self.site.currentData())(s))
        )
        self.utilization.valueChanged.connect(
            self.bind(
                "cost.utilization",
                t_("Change utilization"),
                lambda s: cost(utilization=round(self.utilization.value() / PERCENT, 6))(s),
            )
        )
        self.horizon.valueChanged.connect(
            self.bind("cost.horizon_years", t_("Change horizon"), lambda s: cost(horizon_years=self.horizon.value())(s))
        )
        self.currency.currentIndexChanged.connect(
            self.bind("cost.currency", t_("Change currency"), lambda s: cost(currency=self.currency.currentData())(s))
        )
        self.spot_lost.valueChanged.connect(
            self.bind(
                "cost.spot_lost_fraction",
                t_("Change spot interruptions"),
                lambda s: cost(spot_lost_fraction=round(self.spot_lost.value() / PERCENT, 6))(s),
            )
        )
        self.import_tax.valueChanged.connect(
            self.bind(
                "cost.import_tax_fraction",
                t_("Change import tax"),
                lambda s: cost(import_tax_fraction=round(self.import_tax.value() / PERCENT, 6))(s),
            )
        )
        self.escalation.valueChanged.connect(
            self.bind(
                "cost.electricity_escalation_per_year",
                t_("Change electricity price rise"),
                lambda s: cost(electricity_escalation_per_year=round(self.escalation.value() / PERCENT, 6))(s),
            )
        )
        self.load()

    def _fill_sites(self) -> None:
        self.site.blockSignals(True)
        self.site.clear()
        self.site.addItem(self.tr("Catalog default"), None)
        for sid, site in self.doc.catalog.sites.items():
            self.site.addItem(f"{site.name} ({sid})" if site.name != sid else sid, sid)
        self.site.blockSignals(False)

    def catalog_changed(self) -> None:
        self._fill_sites()

    def _defaultable(
        self,
        form: Form,
        key: str,
        label: str,
        lo: float,
        hi: float,
        suffix: str,
        *,
        decimals: int = 2,
        step: float = 1.0,
        scale: float = 1.0,
    ) -> None:
        w = DefaultableSpin(lo, hi, suffix, decimals=decimals, step=step, scale=scale)  # range as shown
        self.rows[f"cost.{key}"] = form.add(label, w)
        self.defaultable[key] = w
        w.edited.connect(
            self.bind(
                f"cost.{key}",
                self.tr("Change {0}").format(label.replace("&", "").rstrip(":")),
                lambda s: cost(**{key: w.value()})(s),  # key and w are this call's: no loop to bind them from
            )
        )

    # --- document -> widgets -------------------------------------------------------------------------
    def catalog_defaults(self, s: Scenario):
        """The catalog's inputs for the planned GPU (scenario overrides left out), or None with a problem."""
        from gpuplanner.core.cost_inputs import resolve_cost_inputs

        hw = s.hardware
        if hw.gpu not in self.doc.catalog.gpus:
            return None
        try:
            return resolve_cost_inputs(
                CostSettings(site=s.cost.site),
                self.doc.catalog,
                hw.gpu,
                gpu_count=hw.gpu_count,
                gpus_per_node=hw.gpus_per_node,
                node_id=hw.node,
            )
        except InputError:
            return None

    def refresh(self, s: Scenario) -> None:
        c = s.cost
        if c.site is not None and self.site.findData(c.site) < 0:
            self.site.addItem(self.tr("{0} (not in the catalog)").format(c.site), c.site)
        self.site.setCurrentIndex(max(self.site.findData(c.site), 0))
        set_value(self.utilization, c.utilization * PERCENT)
        set_value(self.horizon, c.horizon_years)
        self.currency.setCurrentIndex(max(self.currency.findData(c.currency), 0))
        set_value(self.spot_lost, c.spot_lost_fraction * PERCENT)
        set_value(self.import_tax, c.import_tax_fraction * PERCENT)
        set_value(self.escalation, c.electricity_escalation_per_year * PERCENT)
        defaults = self.catalog_defaults(s)
        for key, w in self.defaultable.items():
            dv = getattr(defaults, key, None) if defaults is not None else None
            src = defaults.source(key) if defaults is not None else self.tr("catalog")
            w.set_values(getattr(c, key), dv, src)
        gpu = s.hardware.gpu
        known = gpu in self.doc.catalog.gpus
        on_demand = None
        for tier, picker in self.offers.items():  # on demand first: the other tiers are read against it
            offers = self.doc.catalog.offers_for(gpu, tier) if known else ()
            picker.set_offers(offers, getattr(c, TIER_KEYS[tier]), None if tier == "on_demand" else on_demand)
            if tier == "on_demand":
                on_demand = picker.price_usd_per_hour

    def after_commit(self, s: Scenario) -> None:
        g = self.doc.catalog.gpus.get(s.hardware.gpu)
        name = g.name if g else s.hardware.gpu
        self.cloud_note.setText(
            self.tr("Catalog prices for {0}. A price you type applies to every candidate GPU.").format(name)
        )
        self.compared.setText(compared_offers(self.doc.catalog, s.hardware.compared_gpus))
        self.rows["cost.usd_to_krw"].widget.setEnabled(s.cost.currency == "KRW")


if __name__ == "__main__":
    from .._demo import run_page

    run_page(CostPage)
