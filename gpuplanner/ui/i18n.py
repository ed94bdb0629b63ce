"""The interface language: English or Korean (spec §2 "app").

The language comes from the environment variable ``GPUPLANNER_LANG`` when it is set (tests, screenshots, a
one-off run), else from the QSettings key ``ui/language`` that the preferences dialog writes: ``"system"``
(the desktop's preferred languages: Korean when Korean comes before English, else English), ``"en"`` or
``"ko"``. :func:`install_translator` runs once, before the main window is built; a change in the preferences
applies at the next start (the widgets set their texts when they are built).

Translations live in ``resources/i18n/gpuplanner_ko.qm`` (compiled from ``gpuplanner_ko.ts`` by
``scripts/update_translations.py``). Qt looks a text up under the caller's context (its class name, or the
context given to ``QCoreApplication.translate``); when that context has no entry, :class:`Translator` falls
back to the shared context ``""``, where the update script files the texts lupdate cannot place (aliases
such as ``t = self.tr``, ``parent.tr(...)``, module-level ``tr()`` helpers).

Numbers: :func:`current_locale` is the QLocale of the chosen language (the system locale for ``"system"``);
it is also made the default QLocale, so spin boxes and ``QLocale().toString`` follow it.

Font: in Korean the application font becomes a Korean UI font (Malgun Gothic, Apple SD Gothic Neo, Noto Sans
CJK KR, …, whichever is installed). With a Latin font, Hangul comes from a fallback font with taller lines,
and QWizard, which sizes a page's subtitle by the line height of "Pq", then widens the wizard past its panel.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator

if TYPE_CHECKING:  # Python's QFont wrapper is built only where a Korean font is set (6 ms before the first paint)
    from PySide6.QtGui import QFont

LANGUAGES = ("system", "en", "ko")  # what the preference may hold
TRANSLATED = ("en", "ko")  # what the interface can be shown in
SETTINGS_KEY = "ui/language"
ENV_VAR = "GPUPLANNER_LANG"
SHARED_CONTEXT = ""
_PROPERTY = "gpuplannerLanguage"

KOREAN_FONTS = (
    "Malgun Gothic",
    "Apple SD Gothic Neo",
    "Noto Sans CJK KR",
    "Noto Sans KR",
    "Source Han Sans KR",
    "NanumGothic",
    "NanumBarunGothic",
    "UnDotum",
)

_installed: list[QTranslator] = []
_locale_before: QLocale | None = None
_font_before: QFont | None = None  # the application font from before a Korean one was set


def translations_dir() -> Path:
    from gpuplanner.core.paths import resources_dir

    return resources_dir() / "i18n"


def qm_path(language: str) -> Path:
    return translations_dir() / f"gpuplanner_{language}.qm"


def normalize(value: object) -> str | None:
    """``"ko"``, ``"ko_KR"``, ``"ko-KR.UTF-8"``, ``"KO"`` -> ``"ko"``; ``"system"``; None for anything else."""
    text = str(value or "").strip().lower()
    if text in ("system", ""):
        return "system" if text else None
    head = text.replace("-", "_").split("_")[0].split(".")[0]
    return head if head in TRANSLATED else None


def requested_language(settings: QSettings | None = None) -> str:
    """``system``, ``en`` or ``ko``: the environment variable, else the preference, else ``system``."""
    env = normalize(os.environ.get(ENV_VAR))
    if env:
        return env
    settings = settings if settings is not None else QSettings()
    return normalize(settings.value(SETTINGS_KEY, "system")) or "system"


def system_language(locale: QLocale | None = None) -> str:
    """The first of the desktop's preferred languages that the interface has; English when none is."""
    locale = locale or QLocale.system()
    for name in locale.uiLanguages() or [locale.name()]:
        lang = normalize(name)
        if lang in TRANSLATED:
            return lang
    return "en"


def resolve(language: str) -> str:
    """``en`` or ``ko`` for a preference value."""
    lang = normalize(language) or "system"
    return system_language() if lang == "system" else lang


def locale_for(language: str) -> QLocale:
    """Number and currency formats: the system's for ``system``, else the language's own country."""
    lang = normalize(language) or "system"
    if lang == "ko":
        return QLocale(QLocale.Language.Korean, QLocale.Country.SouthKorea)
    if lang == "en":
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    return QLocale.system()


class Translator(QTranslator):
    """A QTranslator over one .qm file that also looks in the shared context when the caller's has no entry."""

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str | None:
        text = super().translate(context, source, disambiguation, n)
        if not text and context != SHARED_CONTEXT:
            text = super().translate(SHARED_CONTEXT, source, disambiguation, n)
        return text or None  # None = not found (Qt goes on to the next translator, or the source text)


def korean_font_family() -> str | None:
    """The first installed Korean UI font of :data:`KOREAN_FONTS` (needs a QGuiApplication)."""
    from PySide6.QtGui import QFontDatabase

    installed = set(QFontDatabase.families())
    return next((f for f in KOREAN_FONTS if f in installed), None)


def _set_font(app: QCoreApplication, lang: str) -> None:
    global _font_before
    from PySide6.QtGui import QGuiApplication

    if not isinstance(app, QGuiApplication):
        return
    if _font_before is not None:
        app.setFont(_font_before)
        _font_before = None
    family = korean_font_family() if lang == "ko" else None
    if family:
        _font_before = app.font()
        font = app.font()
        font.setFamilies([family])
        app.setFont(font)


def _warn(message: str) -> None:
    if sys.stderr is not None:
        sys.stderr.write(f"gpuplanner: {message}\n")


def uninstall_translator(app: QCoreApplication) -> None:
    """Back to the untranslated interface and the locale from before :func:`install_translator`."""
    global _locale_before
    for tr in _installed:
        app.removeTranslator(tr)
    _installed.clear()
    if _locale_before is not None:
        QLocale.setDefault(_locale_before)
        _locale_before = None
    _set_font(app, "en")
    app.setProperty(_PROPERTY, None)


def install_translator(app: QCoreApplication, language: str | None = None) -> str:
    """Install the interface language (``None``: :func:`requested_language`) before any widget is built.
    Returns the language the interface is now in: ``en`` or ``ko`` (``en`` when the Korean file is missing)."""
    global _locale_before
    requested = normalize(language) if language is not None else requested_language()
    requested = requested or "system"
    uninstall_translator(app)
    lang = resolve(requested)
    if lang == "ko":
        ours = Translator(app)
        path = qm_path("ko")
        if ours.load(str(path)):
            _installed.append(ours)
            from PySide6.QtCore import QLibraryInfo  # only for Korean: its wrapper costs ~1.6 M instructions

            qt_own = QTranslator(app)  # Qt's own texts: dialog buttons, file dialogs, context menus
            if qt_own.load(
                QLocale(QLocale.Language.Korean),
                "qtbase",
                "_",
                QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
            ):
                _installed.append(qt_own)  # (missing from a build is not fatal: Qt's buttons stay English)
            for tr in _installed:
                app.installTranslator(tr)
        else:
            _warn(f"the Korean translation is missing ({path}); the interface stays in English")
            lang = "en"
    _locale_before = QLocale()
    QLocale.setDefault(locale_for(requested if requested == "system" else lang))
    _set_font(app, lang)
    app.setProperty(_PROPERTY, lang)
    return lang


def current_language() -> str:
    """``en`` or ``ko``: the language the interface is shown in (``en`` before :func:`install_translator`)."""
    app = QCoreApplication.instance()
    value = app.property(_PROPERTY) if app is not None else None
    return value if value in TRANSLATED else "en"


def qt_translations_loaded() -> bool:
    """Whether Qt's own Korean texts (qtbase_ko.qm) are in, besides gpuplanner's."""
    return len(_installed) > 1


def current_locale() -> QLocale:
    """The QLocale for numbers and money in the interface (the default QLocale once the translator is in)."""
    return QLocale()


def export_language() -> str:
    """The workbook language for ``gpuplanner.export.export_workbook(..., language=...)``: the interface's."""
    return current_language()


def format_number(value: float, decimals: int = 0) -> str:
    """``1,234.5`` with the current locale's separators (QLocale, not Python's ``:,``)."""
    return current_locale().toString(float(value), "f", decimals)


def format_money(value: float, currency: str, decimals: int = 0) -> str:
    """``$1,234`` / ``₩1,234`` with the current locale's separators; the sign in front of the symbol."""
    symbol = {"USD": "$", "KRW": "₩"}.get(currency)
    amount = current_locale().toString(abs(float(value)), "f", decimals)
    sign = "−" if value < 0 else ""
    return f"{sign}{symbol}{amount}" if symbol else f"{sign}{amount} {currency}"


def language_choices() -> list[tuple[str, str]]:
    """(value, label) for a preferences combo box; each language named in itself."""
    return [("system", QCoreApplication.translate("Language", "System default")), ("en", "English"), ("ko", "한국어")]
