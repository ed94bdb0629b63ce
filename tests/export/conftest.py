"""Fixtures of the workbook tests: headless LibreOffice (skips locally without it, fails with CI=true) and the
shipped catalog."""

from __future__ import annotations

import uuid

import pytest
from export_helpers import LibreOffice, soffice_or_skip

from gpuplanner.core.catalog import Catalog, load_catalog


@pytest.fixture(scope="session")
def libreoffice(tmp_path_factory: pytest.TempPathFactory) -> LibreOffice:
    exe = soffice_or_skip()
    return LibreOffice(exe, tmp_path_factory.mktemp(f"lo-profile-{uuid.uuid4().hex[:6]}"))


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()
