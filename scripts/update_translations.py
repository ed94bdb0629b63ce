"""Regenerate the Korean interface: resources/i18n/gpuplanner_ko.ts from the UI sources, filled from the
Korean dictionary resources/i18n/ko_terms.toml, compiled to gpuplanner_ko.qm.

    .venv/bin/python scripts/update_translations.py            # rewrite .ts and .qm, list what is untranslated
    .venv/bin/python scripts/update_translations.py --check    # write nothing; exit 1 when .ts/.qm are stale
    .venv/bin/python scripts/update_translations.py --stubs    # the untranslated strings as TOML lines to fill in
    .venv/bin/python scripts/update_translations.py --compile  # only .ts -> .qm (the bundle build runs this)

How a string gets translated
----------------------------
1. ``pyside6-lupdate`` reads every module under ``gpuplanner/ui`` (``self.tr``, ``QCoreApplication.translate``,
   free ``tr()`` wrappers) into a fresh .ts file.
2. lupdate misses a few patterns the UI uses (``t = self.tr`` then ``t("…")``, ``t = QCoreApplication.translate``,
   ``tr()`` inside an f-string) and files ``parent.tr(…)`` under a context named ``parent`` that never exists at
   run time. An ``ast`` pass finds those; they go into the shared context ``""``, which the app's translator
   (``gpuplanner.ui.i18n``) consults whenever the caller's own context has no entry.
3. Every message is filled from ``ko_terms.toml`` ``[messages]`` (keyed by the English text; a
   ``"Context|text"`` key overrides one context). The .ts is a generated file: edit the dictionary, not the .ts.
4. ``pyside6-lrelease`` compiles the .ts to the .qm that the app loads (committed, so a checkout works).

When the sources gain a string, this script lists it as untranslated (exit status 1). ``--stubs`` prints TOML
lines for them; add the Korean text to ``[messages]`` and run the script again.
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI_DIR = ROOT / "gpuplanner" / "ui"
I18N_DIR = ROOT / "resources" / "i18n"
TS_FILE = I18N_DIR / "gpuplanner_ko.ts"
QM_FILE = I18N_DIR / "gpuplanner_ko.qm"
TERMS_FILE = I18N_DIR / "ko_terms.toml"
POOL = ""  # the shared context (see gpuplanner/ui/i18n.py)


@dataclass(frozen=True)
class Message:
    context: str
    source: str
    filename: str  # relative to the repository root
    line: int


# --- tools ------------------------------------------------------------------------------------------------
def tool(name: str) -> str:
    """A PySide6 tool next to this interpreter (the venv), else on PATH."""
    here = Path(sys.executable).parent / name
    if here.is_file():
        return str(here)
    found = shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found (pip install PySide6-Essentials into the venv)")
    return found


def ui_sources() -> list[Path]:
    return sorted(p for p in UI_DIR.rglob("*.py") if "__pycache__" not in p.parts)


def run_lupdate(out_ts: Path) -> ET.ElementTree:
    """A fresh .ts (no translations) from every UI module, file names relative to the repository root."""
    files = [str(p.relative_to(ROOT)) for p in ui_sources()]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run(
        [
            tool("pyside6-lupdate"),
            *files,
            "-no-obsolete",
            "-locations",
            "absolute",
            "-source-language",
            "en_US",
            "-target-language",
            "ko_KR",
            "-ts",
            str(out_ts),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
    )
    if proc.returncode != 0 or not out_ts.is_file():
        raise SystemExit(f"pyside6-lupdate failed:\n{proc.stdout}\n{proc.stderr}")
    return ET.parse(out_ts)


def run_lrelease(ts: Path, qm: Path) -> None:
    proc = subprocess.run(
        [tool("pyside6-lrelease"), str(ts), "-nounfinished", "-qm", str(qm)], capture_output=True, text=True
    )
    if proc.returncode != 0 or not qm.is_file():
        raise SystemExit(f"pyside6-lrelease failed:\n{proc.stdout}\n{proc.stderr}")


# --- the ast pass -----------------------------------------------------------------------------------------
def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_translate(node: ast.AST) -> bool:
    """``QCoreApplication.translate`` / ``QApplication.translate`` / ``translate`` (not ``super().translate``
    inside a QTranslator subclass)."""
    if isinstance(node, ast.Attribute) and node.attr == "translate":
        owner = node.value
        return not (isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super")
    return isinstance(node, ast.Name) and node.id == "translate"


def _wrapper_context(fn: ast.FunctionDef) -> str | None:
    """``def tr(text): return QCoreApplication.translate("Ctx", text)`` -> "Ctx"."""
    if not fn.args.args:
        return None
    param = fn.args.args[0].arg
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Call)
            and _is_translate(node.func)
            and len(node.args) >= 2
            and _literal(node.args[0]) is not None
            and isinstance(node.args[1], ast.Name)
            and node.args[1].id == param
        ):
            return _literal(node.args[0])
    return None


class _Finder(ast.NodeVisitor):
    """Every translatable literal, with the context Qt looks it up under at run time."""

    def __init__(self, filename: str, wrappers: dict[str, str]) -> None:
        self.filename = filename
        self.wrappers = wrappers  # module-level tr() wrappers -> context
        self.classes: list[str] = []
        self.aliases: list[dict[str, str]] = [{}]  # name -> "tr" | "translate", per function scope
        self.functions: list[str] = []
        self.messages: list[Message] = []
        self.problems: list[str] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:  # noqa: N802 - ast API
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:  # noqa: N802 - ast API
        scope: dict[str, str] = {}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Assign) and len(sub.targets) == 1 and isinstance(sub.targets[0], ast.Name):
                value = sub.value
                if isinstance(value, ast.Attribute) and value.attr == "tr":
                    scope[sub.targets[0].id] = "tr"
                elif _is_translate(value):
                    scope[sub.targets[0].id] = "translate"
        self.aliases.append({**self.aliases[-1], **scope})
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()
        self.aliases.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815

    def _add(self, context: str, node: ast.Call, arg: ast.AST | None) -> None:
        text = _literal(arg)
        if text is None and not self.classes and self.functions and self.functions[-1] in self.wrappers:
            return  # the wrapper's own body: translate("Ctx", text)
        if text is None:
            self.problems.append(
                f"{self.filename}:{node.lineno}: translated text is not a string literal ({ast.unparse(node)[:80]})"
            )
            return
        self.messages.append(Message(context, text, self.filename, node.lineno))

    def visit_Call(self, node: ast.Call) -> None:  # noqa: N802 - ast API
        func = node.func
        cls = self.classes[-1] if self.classes else POOL
        kind = None
        if isinstance(func, ast.Attribute) and func.attr == "tr":
            kind = "tr"
        elif _is_translate(func):
            kind = "translate"
        elif isinstance(func, ast.Name):
            if func.id in self.aliases[-1]:
                kind = self.aliases[-1][func.id]
            elif func.id in self.wrappers:
                self._add(self.wrappers[func.id], node, node.args[0] if node.args else None)
        if kind == "tr":
            self._add(cls, node, node.args[0] if node.args else None)
        elif kind == "translate" and len(node.args) >= 2:
            ctx = _literal(node.args[0])
            if ctx is None:
                self.problems.append(f"{self.filename}:{node.lineno}: translate() context is not a literal")
            else:
                self._add(ctx, node, node.args[1])
        self.generic_visit(node)


def scan_sources() -> tuple[list[Message], set[str], list[str]]:
    """(messages, the class names and literal contexts that exist at run time, problems)."""
    messages: list[Message] = []
    contexts: set[str] = {POOL}
    problems: list[str] = []
    for path in ui_sources():
        rel = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"), rel)
        wrappers = {
            fn.name: ctx
            for fn in tree.body
            if isinstance(fn, ast.FunctionDef) and (ctx := _wrapper_context(fn)) is not None
        }
        finder = _Finder(rel, wrappers)
        finder.visit(tree)
        messages += finder.messages
        problems += finder.problems
        contexts |= {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
        contexts |= {m.context for m in finder.messages}
    return messages, contexts, problems


# --- building the .ts -------------------------------------------------------------------------------------
def load_terms() -> dict[str, str]:
    with TERMS_FILE.open("rb") as f:
        data = tomllib.load(f)
    return {str(k): str(v) for k, v in data.get("messages", {}).items()}


def _context(root: ET.Element, name: str) -> ET.Element:
    for ctx in root.findall("context"):
        if (ctx.findtext("name") or "") == name:
            return ctx
    ctx = ET.Element("context")
    ET.SubElement(ctx, "name").text = name
    # keep the contexts in lupdate's (alphabetical) order
    names = [(c.findtext("name") or "") for c in root.findall("context")]
    index = sum(1 for n in names if n < name)
    root.insert(index, ctx)
    return ctx


def _new_message(msg: Message) -> ET.Element:
    el = ET.Element("message")
    ET.SubElement(el, "location", filename=_rel_to_ts(msg.filename), line=str(msg.line))
    ET.SubElement(el, "source").text = msg.source
    ET.SubElement(el, "translation", type="unfinished")
    return el


def _rel_to_ts(filename: str) -> str:
    return os.path.relpath(ROOT / filename, I18N_DIR).replace(os.sep, "/")


def build_ts(tmp: Path) -> tuple[ET.ElementTree, list[Message], list[str]]:
    """The .ts as it should be: lupdate's messages + the ast pass's extra ones, filled from the dictionary.
    Returns (tree, untranslated messages, problems)."""
    tree = run_lupdate(tmp / "lupdate.ts")
    root = tree.getroot()
    # lupdate wrote paths relative to the temporary file: make them relative to resources/i18n
    for loc in root.iter("location"):
        name = loc.get("filename")
        if name:
            loc.set("filename", _rel_to_ts(os.path.relpath((tmp / name).resolve(), ROOT)))
    found, real_contexts, problems = scan_sources()

    # contexts that do not exist at run time (``parent.tr(...)``): their messages go to the shared context
    pool = _context(root, POOL)
    for ctx in list(root.findall("context")):
        name = ctx.findtext("name") or ""
        if name not in real_contexts:
            for msg in ctx.findall("message"):
                pool.append(msg)
            root.remove(ctx)
    have = {
        ((c.findtext("name") or ""), m.findtext("source") or "")
        for c in root.findall("context")
        for m in c.findall("message")
    }
    extra = sorted(
        {m for m in found if (m.context, m.source) not in have and (POOL, m.source) not in have},
        key=lambda m: (m.filename, m.line, m.source),
    )
    seen: set[str] = set()
    for msg in extra:
        if msg.source not in seen:
            seen.add(msg.source)
            pool.append(_new_message(msg))

    terms = load_terms()
    untranslated: list[Message] = []
    for ctx in root.findall("context"):
        name = ctx.findtext("name") or ""
        for el in ctx.findall("message"):
            source = el.findtext("source") or ""
            tr_el = el.find("translation")
            assert tr_el is not None
            text = terms.get(f"{name}|{source}", terms.get(source, ""))
            tr_el.text = text
            if text:
                tr_el.attrib.pop("type", None)
            else:
                tr_el.set("type", "unfinished")
                loc = el.find("location")
                where = loc.get("filename", "") if loc is not None else ""
                where = os.path.relpath(os.path.normpath(I18N_DIR / where), ROOT) if where else ""
                untranslated.append(Message(name, source, where, int(loc.get("line", 0)) if loc is not None else 0))
    return tree, untranslated, problems


def ts_text(tree: ET.ElementTree) -> str:
    root = tree.getroot()
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n"


def ts_entries(path: Path) -> set[tuple[str, str, str]]:
    """(context, source, translation) of every message in a .ts file."""
    root = ET.parse(path).getroot()
    return {
        ((c.findtext("name") or ""), m.findtext("source") or "", m.findtext("translation") or "")
        for c in root.findall("context")
        for m in c.findall("message")
    }


def expected_sources() -> set[str]:
    """Every source text the UI modules translate (lupdate's and the ast pass's), for the tests."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = run_lupdate(Path(tmp) / "check.ts")
    lupdate = {m.findtext("source") or "" for m in tree.getroot().iter("message")}
    return lupdate | {m.source for m in scan_sources()[0]}


def toml_key(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if .ts/.qm are out of date")
    mode.add_argument("--stubs", action="store_true", help="print TOML lines for the untranslated strings")
    mode.add_argument("--compile", action="store_true", help="only compile the .ts to the .qm")
    args = parser.parse_args(argv)

    if args.compile:
        run_lrelease(TS_FILE, QM_FILE)
        print(f"compiled {_shown(QM_FILE)}")
        return 0

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        tree, untranslated, problems = build_ts(tmp)
        text = ts_text(tree)
        for p in problems:
            print(f"warning: {p}", file=sys.stderr)
        if args.stubs:
            for msg in untranslated:
                print(f'{toml_key(msg.source)} = ""  # {msg.context or "(shared)"} {msg.filename}:{msg.line}')
            return 1 if untranslated else 0
        new_ts = tmp / TS_FILE.name
        new_ts.write_text(text, encoding="utf-8")
        new_qm = tmp / QM_FILE.name
        run_lrelease(new_ts, new_qm)
        total = sum(1 for _ in tree.getroot().iter("message"))
        if args.check:  # the messages and their translations, not the line numbers of the locations
            stale = [
                p.name
                for p, same in (
                    (TS_FILE, TS_FILE.is_file() and ts_entries(TS_FILE) == ts_entries(new_ts)),
                    (QM_FILE, QM_FILE.is_file() and QM_FILE.read_bytes() == new_qm.read_bytes()),
                )
                if not same
            ]
            if stale:
                print("out of date: " + ", ".join(stale) + " (run scripts/update_translations.py)")
        else:
            I18N_DIR.mkdir(parents=True, exist_ok=True)
            TS_FILE.write_text(text, encoding="utf-8")
            shutil.copyfile(new_qm, QM_FILE)
            stale = []
            print(
                f"{_shown(TS_FILE)}: {total} messages, {total - len(untranslated)} translated; "
                f"{_shown(QM_FILE)} compiled"
            )
    if untranslated:
        print(
            f"{len(untranslated)} untranslated (add them to {_shown(TERMS_FILE)} [messages]; --stubs prints the lines):"
        )
        for msg in untranslated:
            print(f"  {msg.filename}:{msg.line} [{msg.context or 'shared'}] {msg.source!r}")
    return 1 if untranslated or stale else 0


if __name__ == "__main__":
    sys.exit(main())
