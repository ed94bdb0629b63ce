"""The Korean interface (issue #10): every UI string has a finished Korean translation, the .ts/.qm files are
up to date with the sources, user-visible literals go through tr(), the language preference, the app in
Korean, and Korean screenshots of every step.

When a test here fails because the UI gained strings, run ``.venv/bin/python scripts/update_translations.py``:
it lists the untranslated strings; add them to ``resources/i18n/ko_terms.toml`` and run it again.

``GPUPLANNER_WRITE_SCREENSHOTS=1`` writes the Korean screenshots to docs/screenshots/ko-*.png (else to a
temporary folder).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import string
import subprocess
import sys
import time
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QWidget
from ui_helpers import ROOT, wait_for_results

from gpuplanner.ui import i18n

TS = ROOT / "resources" / "i18n" / "gpuplanner_ko.ts"
QM = ROOT / "resources" / "i18n" / "gpuplanner_ko.qm"
TERMS = ROOT / "resources" / "i18n" / "ko_terms.toml"
HANGUL = re.compile("[\uac00-\ud7a3]")
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
UPDATE = "run `.venv/bin/python scripts/update_translations.py` (it lists what to add to resources/i18n/ko_terms.toml)"


def _load_update_script():
    spec = importlib.util.spec_from_file_location("update_translations", ROOT / "scripts" / "update_translations.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


update_translations = _load_update_script()


def ts_messages() -> list[tuple[str, str, str, str | None]]:
    """(context, source, translation, translation type) of every message in the committed .ts."""
    root = ET.parse(TS).getroot()
    out = []
    for ctx in root.findall("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.findall("message"):
            tr_el = msg.find("translation")
            out.append(
                (
                    name,
                    msg.findtext("source") or "",
                    (tr_el.text or "") if tr_el is not None else "",
                    tr_el.get("type") if tr_el is not None else "missing",
                )
            )
    return out


# --- the translation files ----------------------------------------------------------------------------------
def test_every_source_string_has_a_finished_korean_translation():
    messages = ts_messages()
    assert len(messages) > 300
    unfinished = [
        (c, s)
        for c, s, t, kind in messages
        if kind in ("unfinished", "missing", "vanished", "obsolete") or not t.strip()
    ]
    assert not unfinished, f"{len(unfinished)} untranslated, e.g. {unfinished[:5]}; {UPDATE}"


def test_the_ts_file_is_up_to_date_with_the_sources():
    """lupdate (plus the ast pass for what lupdate misses) over gpuplanner/ui finds exactly the .ts's texts.
    Fails when the UI gains or drops strings until the update script is run again."""
    expected = update_translations.expected_sources()
    have = {s for _c, s, _t, _k in ts_messages()}
    assert not expected - have, f"new UI strings not in the .ts: {sorted(expected - have)[:10]}; {UPDATE}"
    assert not have - expected, f"strings the UI no longer has: {sorted(have - expected)[:10]}; {UPDATE}"


def test_the_qm_file_is_compiled_from_the_ts(tmp_path):
    fresh = tmp_path / "fresh.qm"
    update_translations.run_lrelease(TS, fresh)
    assert QM.is_file() and QM.read_bytes() == fresh.read_bytes(), UPDATE


def test_the_ts_translations_come_from_the_dictionary():
    with TERMS.open("rb") as f:
        terms = tomllib.load(f)["messages"]
    for context, source, translation, _kind in ts_messages():
        assert translation == terms.get(f"{context}|{source}", terms.get(source)), (context, source)


def _fields(text: str) -> list[str]:
    return sorted(
        f"{name}!{conv}:{spec}" for _lit, name, spec, conv in string.Formatter().parse(text) if name is not None
    )


def _mnemonic(text: str) -> list[str]:
    return [m.upper() for m in re.findall(r"&([^&\s])", text.replace("&&", ""))]


@pytest.mark.parametrize("check", ["placeholders", "mnemonics", "edges", "window-modified"])
def test_translations_keep_what_the_code_relies_on(check):
    bad = []
    for _context, source, translation, _kind in ts_messages():
        if check == "placeholders" and _fields(source) != _fields(translation):
            bad.append((source, translation))
        elif check == "mnemonics" and _mnemonic(source) != _mnemonic(translation):
            bad.append((source, translation))
        elif check == "edges" and (
            (translation[:1].isspace() and not source[:1].isspace())
            or source.endswith(":") != translation.endswith(":")
        ):
            # a unit suffix may drop its space in Korean ("3.0년"), never gain one; labels keep their colon
            bad.append((source, translation))
        elif check == "window-modified" and ("[*]" in source) != ("[*]" in translation):
            bad.append((source, translation))
    assert not bad, bad[:5]


def test_translations_use_the_glossary_terms():
    """Domain terms as Korean engineers write them (glossary in ko_terms.toml): a source that says
    "utilization" is translated with 가동률, "micro-batch" with 마이크로 배치, and so on."""
    with TERMS.open("rb") as f:
        glossary = tomllib.load(f)["glossary"]
    for term in (
        "utilization",
        "break-even",
        "on-demand",
        "reserved",
        "spot",
        "tensor",
        "pipeline",
        "data parallel",
        "checkpoint",
        "micro-batch",
        "sequence length",
        "optimizer",
        "recompute",
    ):
        assert term in glossary
    bad = []
    for _context, source, translation, _kind in ts_messages():
        plain = source.replace("&", "").lower()
        for term, korean in glossary.items():
            if re.search(rf"(?<![a-z]){re.escape(term)}", plain) and korean not in translation:
                bad.append((term, source, translation))
    assert not bad, bad[:8]


# --- literals that bypass tr() ------------------------------------------------------------------------------
SETTERS = {
    "setText",
    "setToolTip",
    "setWindowTitle",
    "setPlaceholderText",
    "setStatusTip",
    "setWhatsThis",
    "setTitle",
    "setSubTitle",
    "setAccessibleName",
    "setAccessibleDescription",
    "setSpecialValueText",
    "setSuffix",
    "setPrefix",
    "setButtonText",
    "addItem",
    "addItems",
    "addAction",
    "addMenu",
    "showMessage",
    "setLabelText",
    "setHeaderLabels",
    "setHorizontalHeaderLabels",
    "setTabText",
    "addTab",
    "insertItem",
    "setFormat",
    "setNote",
    "set_note",
    "addRow",
    "setWindowIconText",
}
WIDGETS = {
    "QLabel",
    "QPushButton",
    "QCheckBox",
    "QRadioButton",
    "QGroupBox",
    "QAction",
    "QToolButton",
    "QListWidgetItem",
    "QMenu",
    "QCommandLinkButton",
}
MESSAGE_BOXES = {"information", "warning", "critical", "question", "about"}
# project helpers that put a text on screen: argument positions and keywords
HELPERS = {
    "spin": ([2], {"suffix", "special"}),
    "dspin": ([2], {"suffix", "special"}),
    "counted": ([2, 3], {"special"}),
    "add": ([0, 2], set()),
}
# literals that are not prose: the product name, a date pattern; pyqtgraph's setLabel takes the axis name first
ALLOWED = {"gpuplanner", "YYYY-MM-DD", "left", "right", "top", "bottom"}
UNITS = re.compile(r"\b(GiB|GB|TB|MB|TFLOPS|GB/s|kW|W|USD|KRW|s|ms)\b")


def _prose(text: str) -> bool:
    return text not in ALLOWED and any(ch.isalpha() for ch in UNITS.sub("", text))


def _texty(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _prose(node.value)
    if isinstance(node, ast.JoinedStr):  # an f-string: its literal parts
        return any(isinstance(v, ast.Constant) and _prose(str(v.value)) for v in node.values)
    return False


def untranslated_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        args: list[ast.AST] = []
        if name in SETTERS or name in WIDGETS:
            args = node.args[:1] + [k.value for k in node.keywords if k.arg in ("text", "title", "toolTip")]
        if name == "setLabel":  # pyqtgraph: setLabel(axis, text)
            args = node.args[1:2] + [k.value for k in node.keywords if k.arg == "text"]
        if name in MESSAGE_BOXES and isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "QMessageBox":
            args = node.args[1:3]
        if name in HELPERS and (name != "add" or "form" in ast.unparse(func).lower()):
            positions, keywords = HELPERS[name]
            args = [node.args[i] for i in positions if i < len(node.args)]
            args += [k.value for k in node.keywords if k.arg in keywords]
        for arg in args:
            if _texty(arg):
                where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
                found.append(f"{where}:{node.lineno}: {name}({ast.unparse(arg)[:60]})")
    return found


def test_user_visible_literals_go_through_tr():
    found = [hit for p in sorted((ROOT / "gpuplanner" / "ui").rglob("*.py")) for hit in untranslated_literals(p)]
    assert not found, "wrap these in self.tr()/QCoreApplication.translate():\n" + "\n".join(found)


def test_the_literal_scan_catches_a_bare_string(tmp_path):
    bad = tmp_path / "probe.py"
    bad.write_text(
        "def f(w, form):\n    w.setToolTip('Save the file')\n    form.add('&Name:', w)\n"
        "    w.setText(w.tr('fine'))\n    w.setObjectName('ok')\n",
        encoding="utf-8",
    )
    hits = untranslated_literals(bad)
    assert [h.split(": ", 1)[1] for h in hits] == ["setToolTip('Save the file')", "add('&Name:')"]


# --- the language preference --------------------------------------------------------------------------------
def test_language_preference_env_wins_over_settings(monkeypatch, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    monkeypatch.delenv(i18n.ENV_VAR, raising=False)
    assert i18n.requested_language(settings) == "system"
    settings.setValue(i18n.SETTINGS_KEY, "ko")
    assert i18n.requested_language(settings) == "ko"
    settings.setValue(i18n.SETTINGS_KEY, "klingon")
    assert i18n.requested_language(settings) == "system"
    settings.setValue(i18n.SETTINGS_KEY, "en")
    monkeypatch.setenv(i18n.ENV_VAR, "ko_KR.UTF-8")
    assert i18n.requested_language(settings) == "ko"
    monkeypatch.setenv(i18n.ENV_VAR, "nonsense")
    assert i18n.requested_language(settings) == "en"


def test_system_language_follows_the_preferred_languages():
    assert i18n.system_language(QLocale(QLocale.Language.Korean, QLocale.Country.SouthKorea)) == "ko"
    assert i18n.system_language(QLocale(QLocale.Language.German, QLocale.Country.Germany)) == "en"
    assert i18n.system_language(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom)) == "en"
    assert [v for v, _label in i18n.language_choices()] == list(i18n.LANGUAGES)


@pytest.fixture
def korean(qapp):
    lang = i18n.install_translator(qapp, "ko")
    yield lang
    i18n.uninstall_translator(qapp)


def test_the_translator_finds_texts_under_any_context(korean):
    assert korean == "ko" and i18n.current_language() == "ko" and i18n.export_language() == "ko"
    t = QCoreApplication.translate
    assert t("Format", "{0} days") == "{0}일"  # a module-level tr() helper: lupdate files it under ""
    assert t("MainWindow", "&File") == "파일(&F)"  # ``t = self.tr`` alias, missed by lupdate
    assert t("Results", "GPU-hours") == "GPU 시간"  # ``t = QCoreApplication.translate`` alias
    assert t("NoSuchContext", "Break-even utilization:") == "손익분기 가동률:"
    assert t("MainWindow", "no such text") == "no such text"
    assert t("QPlatformTheme", "Cancel") == "취소"  # Qt's own texts (qtbase_ko.qm)
    assert QLocale().language() == QLocale.Language.Korean
    assert i18n.format_number(1234567.5, 1) == "1,234,567.5"
    assert i18n.format_money(-1234.4, "KRW") == "−₩1,234"


def test_uninstall_goes_back_to_english(qapp):
    before = QLocale().name()
    i18n.install_translator(qapp, "ko")
    i18n.uninstall_translator(qapp)
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"
    assert i18n.current_language() == "en" and QLocale().name() == before


def test_a_missing_korean_file_leaves_the_interface_in_english(qapp, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(i18n, "translations_dir", lambda: tmp_path)
    try:
        assert i18n.install_translator(qapp, "ko") == "en"
    finally:
        i18n.uninstall_translator(qapp)
    assert "Korean translation is missing" in capsys.readouterr().err


# --- the app in Korean --------------------------------------------------------------------------------------
START_IN_KOREAN = """
import sys
from PySide6.QtCore import QSettings
from gpuplanner.ui.app import build_window, create_application
from gpuplanner.ui.i18n import current_language
app = create_application(["x"])
win = build_window(QSettings(sys.argv[1], QSettings.Format.IniFormat), smoke_test=True)  # never /dev/null: root
# would see it replaced by a regular file when the window saves its geometry
win.show()
app.processEvents()
page = win.wizard.currentPage()
print("LANG", current_language())
print("TITLE", page.title())
print("SUBTITLE", page.subTitle())
print("MENUS", " ".join(a.text() for a in win.menuBar().actions()))
print("STEPS", " ".join(win.wizard.step_names()))
win.doc.undo_stack.setClean(); win.close()
"""


def test_the_app_starts_in_korean(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", START_IN_KOREAN, str(tmp_path / "settings.ini")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**ENV, i18n.ENV_VAR: "ko"},
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if " " in line)
    assert lines["LANG"] == "ko"
    assert lines["TITLE"] == "모델과 학습 방식"
    assert HANGUL.search(lines["SUBTITLE"])
    menus = lines["MENUS"].split()
    assert menus[0] == "파일(&F)" and menus[-1] == "도움말(&H)" and all(HANGUL.search(m) for m in menus)
    assert lines["STEPS"] == "모델 데이터 하드웨어 비용 결과"


def test_the_smoke_test_runs_and_exports_in_korean():
    out = subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", "--smoke-test"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**ENV, i18n.ENV_VAR: "ko"},
        timeout=180,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("gpuplanner smoke test OK:") and "language ko" in out.stdout
    assert "workbook exported" in out.stdout


# Texts that stay as they are in Korean: names of methods, libraries and LoRA target modules.
LATIN_OK = {"FlashAttention", "LoRA", "QLoRA", "AdamW", "q", "k", "v", "o", "gate", "up", "down", "MFU:", "PUE:"}


def _visible_texts(root: QWidget) -> list[str]:
    texts = []
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root):
            continue
        if isinstance(w, QLabel):
            texts.append(re.sub(r"<[^>]+>", " ", w.text()))
        elif isinstance(w, QAbstractButton):
            texts.append(w.text())
        elif isinstance(w, QGroupBox):
            texts.append(w.title())
    return [t.replace("&", "").strip() for t in texts if t and t.strip()]


def _english_left(texts: list[str]) -> list[str]:
    """Texts with an English word of four letters or more and no Hangul (numbers, units and names pass)."""
    return [
        t
        for t in texts
        if t not in LATIN_OK
        and not HANGUL.search(t)
        and re.search(r"\b[a-z]{4,}\b", t)
        and not re.fullmatch(r"[\w.\- ]*\d[\w.\- ]*", t)
    ]


def _settle(app, ms: int) -> None:
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        app.processEvents()


def test_korean_screenshots_of_every_step(korean, qapp, qtbot, tmp_path):
    """Every wizard step in Korean, rendered to ko-*.png; no English prose left on any step, and the
    wizard stays inside its panel (a Korean subtitle must not widen it)."""
    from gpuplanner.ui.app import build_window
    from gpuplanner.ui.wizard import Pages

    out = ROOT / "docs" / "screenshots" if os.environ.get("GPUPLANNER_WRITE_SCREENSHOTS") == "1" else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    win = build_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), smoke_test=True)
    qtbot.addWidget(win)
    win.set_theme("light")
    win.resize(1480, 920)
    win.show()
    qtbot.waitUntil(lambda: win._painted, timeout=5000)
    wait_for_results(qtbot, win)
    _settle(qapp, 300)
    english: dict[str, list[str]] = {}
    try:
        for page, name in (
            (Pages.MODEL, "1-model"),
            (Pages.TRAINING, "2-training"),
            (Pages.HARDWARE, "3-hardware"),
            (Pages.COSTS, "4-costs"),
            (Pages.RESULTS, "5-results"),
        ):
            win.wizard.go_to(page)
            _settle(qapp, 200)
            assert win.wizard.currentId() == page
            assert win.wizard.width() <= win.wizard_panel.width(), f"step {name}: the wizard is wider than its panel"
            current = win.wizard.currentPage()
            assert HANGUL.search(current.title()) and HANGUL.search(current.subTitle())
            left = _english_left(_visible_texts(current) + _visible_texts(win.wizard_panel.steps.parentWidget()))
            if left:
                english[name] = left
            image = win.grab()
            assert image.width() >= 1400 and not image.isNull()
            assert image.save(str(out / f"ko-step-{name}.png"))
        win.wizard.go_to(Pages.MODEL)
        _settle(qapp, 200)
        assert win.grab().save(str(out / "ko-main-window.png"))
        english_results = _english_left(_visible_texts(win.results_view))
    finally:
        win.doc.undo_stack.setClean()
        win.runner.shutdown()
    assert not english, english
    assert not english_results, english_results
    assert len(list(out.glob("ko-*.png"))) >= 6


def test_the_about_dialog_in_korean(korean, qtbot):
    from gpuplanner.ui.about import about_dialog

    dialog = about_dialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "gpuplanner 정보"
    text = dialog.findChild(QWidget, "AboutText").toPlainText()
    assert "참고용" in text and "LGPL" in text
