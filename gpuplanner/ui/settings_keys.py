"""QSettings keys the app uses, and the defaults for new scenarios (light: the main window imports it
before its first paint; the Preferences dialog lives in :mod:`gpuplanner.ui.preferences`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings

if TYPE_CHECKING:
    from gpuplanner.core.catalog import Catalog
    from gpuplanner.core.scenario import Scenario

LANGUAGE_KEY = "ui/language"  # "system" | "en" | "ko", read at start (gpuplanner.ui.i18n)
LANGUAGES = ("system", "en", "ko")
THEME_KEY = "view/theme"
CURRENCY_KEY = "defaults/currency"
CURRENCIES = ("USD", "KRW")
SITE_KEY = "defaults/site"
SCENARIO_FOLDER_KEY = "files/scenario_folder"
EXPORT_FOLDER_KEY = "files/export_folder"
CATALOG_FOLDER_KEY = "files/catalog_folder"
AUTOSAVE_KEY = "files/autosave_seconds"
RECENT_KEY = "files/recent"
LAST_FILE_KEY = "files/last"
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
SPLITTER_KEY = "window/splitter"


def setting(settings: QSettings, key: str, default: str = "") -> str:
    value = settings.value(key, default)
    return default if value is None else str(value)


def new_scenario_defaults(s: Scenario, settings: QSettings, catalog: Catalog | None = None) -> Scenario:
    """``s`` with the preferred currency and site profile (a site the catalog lacks is left out)."""
    from gpuplanner.core.errors import InputError

    from .edits import normalize

    currency = setting(settings, CURRENCY_KEY)
    site = setting(settings, SITE_KEY) or None
    cost = s.cost
    if currency in CURRENCIES:
        cost = replace(cost, currency=currency)
    if site and (catalog is None or site in catalog.sites):
        cost = replace(cost, site=site)
    if cost == s.cost:
        return s
    try:
        return normalize(replace(s, cost=cost))
    except InputError:
        return s
