"""The names the app gives the cost model's inputs (``core.cost_inputs.CostInputs`` fields), so that an unknown
figure can say which field of step 4 to fill in (issue #16 item 6). The reason itself comes from the engine
(``CostEstimate.unknown``, core/cost_reasons.py); nothing here decides whether a figure is known."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.results import Estimate


def tr(text: str) -> str:
    return QCoreApplication.translate("CostFields", text)


def input_label(name: str) -> str:
    """The step-4 label of a CostInputs field (the field name itself for one step 4 does not show)."""
    labels = {
        "cloud_usd_per_gpu_hour": tr("On demand"),
        "reserved_1y_usd_per_gpu_hour": tr("Reserved 1 year"),
        "reserved_3y_usd_per_gpu_hour": tr("Reserved 3 years"),
        "spot_usd_per_gpu_hour": tr("Spot"),
        "node_price_usd": tr("Server price"),
        "network_usd_per_node": tr("Network"),
        "install_usd_per_node": tr("Installation"),
        "electricity_usd_per_kwh": tr("Electricity"),
        "pue": tr("PUE"),
        "colocation_usd_per_kw_month": tr("Colocation"),
        "support_fraction_per_year": tr("Support"),
        "staff_usd_per_year": tr("Staff"),
        "software_usd_per_year": tr("Software"),
        "depreciation_years": tr("Depreciation"),
        "discount_rate": tr("Discount rate"),
        "usd_to_krw": tr("Exchange rate"),
        "node_power_idle_kw": tr("node idle power (catalog, Tools › Catalog editor)"),
        "node_power_draw_kw": tr("node training power (catalog, Tools › Catalog editor)"),
        "node_power_full_kw": tr("node full power (catalog, Tools › Catalog editor)"),
    }
    return labels.get(name, name)


def missing_fields(e: Estimate | None, figure: str) -> tuple[str, ...]:
    """The CostInputs fields whose absence makes ``figure`` unknown (empty when it is known or has no input
    missing)."""
    cost = e.cost if e is not None else None
    for u in getattr(cost, "unknown", ()) or ():
        if u.figure == figure:
            return tuple(u.missing)
    return ()


def unknown_text(e: Estimate | None, figure: str) -> str:
    """ "unknown: enter Server price, Network in step 4", or "" when the figure is known or no input is missing."""
    names = missing_fields(e, figure)
    if not names:
        return ""
    return tr("unknown: enter {0} in step 4").format(", ".join(input_label(n) for n in names))


def unknown_reason(e: Estimate | None, figure: str) -> str:
    """The engine's own reason for an unknown figure (the keys and where their defaults would come from)."""
    cost = e.cost if e is not None else None
    reason = cost.missing_reason(figure) if cost is not None and hasattr(cost, "missing_reason") else None
    return reason or ""
