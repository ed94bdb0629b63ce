"""Fixtures of the workbook tests: headless LibreOffice (skips locally without it, fails with CI=true) and the
shipped catalog."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from export_helpers import KO, LibreOffice, load_scenario, scenario_files, soffice_or_skip

from gpuplanner.core.catalog import Catalog, load_catalog
from gpuplanner.export import export_workbook


@pytest.fixture(scope="session")
def libreoffice(tmp_path_factory: pytest.TempPathFactory) -> LibreOffice:
    exe = soffice_or_skip()
    return LibreOffice(exe, tmp_path_factory.mktemp(f"lo-profile-{uuid.uuid4().hex[:6]}"))


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="session")
def books(tmp_path_factory: pytest.TempPathFactory, catalog: Any) -> dict[str, tuple[Path, Path]]:
    """Every scenario exported in English and in Korean (no LibreOffice needed): name -> (scenario file,
    workbook); the Korean workbook of `name` is under KO + name."""
    root = tmp_path_factory.mktemp("export")
    files = scenario_files(root / "scenarios")
    out: dict[str, tuple[Path, Path]] = {}
    for language, prefix in (("en", ""), ("ko", KO)):
        for name, path in files.items():
            book = root / f"books-{language}" / f"{name}.xlsx"
            book.parent.mkdir(exist_ok=True)
            text = path.read_text(encoding="utf-8")
            export_workbook(load_scenario(path), catalog, book, language=language, scenario_text=text)
            out[prefix + name] = (path, book)
    return out


@pytest.fixture(scope="session")
def exported(
    books: dict[str, tuple[Path, Path]], libreoffice: LibreOffice, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """name -> (scenario file, workbook, workbook recalculated and saved by LibreOffice)."""
    recalculated = [
        *libreoffice.convert([b for n, (_, b) in books.items() if not n.startswith(KO)], tmp_path_factory.mktemp("en")),
        *libreoffice.convert([b for n, (_, b) in books.items() if n.startswith(KO)], tmp_path_factory.mktemp("ko")),
    ]
    names = [n for n in books if not n.startswith(KO)] + [n for n in books if n.startswith(KO)]
    return {name: (*books[name], rec) for name, rec in zip(names, recalculated, strict=True)}
