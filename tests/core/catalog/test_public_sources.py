"""The shipped catalog and scenarios cite public sources only (issue #17 item 6, at its root).

Users read these texts in the catalog editor, `gpuplanner catalog list`, tooltips and the exported workbook.
A pointer into the project's own working notes (``reference/hardware_notes.md``, "spec §4.1",
``shared/seeds``, "the source documents") means nothing to them; the public source it stands for (paper,
vendor page, price page with its date, GitHub repository + file) must be written instead. Every text cell of
every catalog CSV, every line of ``models.toml`` and the catalog README, and every line (comments included) of
the default and example scenarios is scanned; a failure names the file, the row and the column.
"""

from __future__ import annotations

import csv
import re
import tomllib
from pathlib import Path

import pytest

from gpuplanner.core.paths import catalog_dir, examples_dir, resources_dir

# Pointers into project-internal documents. "seeds" and "source documents" are the project's input notes;
# "spec §" its specification. A bare "§3.3" is a paper section and stays allowed.
INTERNAL = re.compile(
    r"reference/|\breference [\w-]+\.(?:md|csv)|spec\s*§|\bshared/|\bseeds\b|hardware_notes|peers_and_tco"
    r"|\bhardware\.csv\b|source documents?|project workspace",
    re.IGNORECASE,
)
# A `.md` path is allowed only as part of a URL (domain/...) or right after a GitHub "owner/repo" name
# ("stas00/ml-engineering `compute/accelerator/README.md`", "deepseek-ai/DeepSeek-V3 README.md").
_MD_PATH = re.compile(r"[\w./:-]*\.md\b")
_URL_START = re.compile(r"^(?:https?://|[\w-]+(?:\.[\w-]+)+/)")
_REPO_BEFORE = re.compile(r"(?:^|[\s(`'\"])[\w.-]+/[\w.-]+[\s`]+$")

CSV_FILES = ("gpus.csv", "nodes.csv", "cloud_offers.csv", "sites.csv")


def internal_pointers(text: str) -> list[str]:
    """The project-internal pointers in `text` (empty when it cites public sources only)."""
    internal = list(INTERNAL.finditer(text))
    found = [m.group(0) for m in internal]
    for m in _MD_PATH.finditer(text):
        token = m.group(0)
        already = any(i.start() < m.end() and m.start() < i.end() for i in internal)
        if already or _URL_START.match(token) or _REPO_BEFORE.search(text[: m.start()]):
            continue
        found.append(token)
    return found


def _csv_hits(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    hits = [f"{path.name}: header: {h!r}" for h in header if internal_pointers(h)]
    for line_no, row in enumerate(body, start=2):
        row_id = row[0] if row else "?"
        for column, cell in zip(header, row, strict=False):
            bad = internal_pointers(cell)
            if bad:
                hits.append(f"{path.name}: row {row_id!r} (line {line_no}), column {column!r}: {bad}")
    return hits


def _lines_hits(path: Path, label: str) -> list[str]:
    """Line by line, so comments (which tomllib drops) are scanned too; the TOML table names the row."""
    hits = []
    table = "(top)"
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        stripped = line.strip()
        if path.suffix == ".toml" and stripped.startswith("[") and not stripped.startswith("#"):
            table = stripped
        bad = internal_pointers(line)
        if bad:
            key = stripped.split("=", 1)[0].strip() if "=" in stripped and not stripped.startswith("#") else "#"
            where = f"table {table}, key {key!r}" if path.suffix == ".toml" else "text"
            hits.append(f"{label}: line {line_no}, {where}: {bad}")
    return hits


@pytest.mark.parametrize("name", CSV_FILES)
def test_catalog_csv_cites_public_sources_only(name: str) -> None:
    hits = _csv_hits(catalog_dir() / name)
    assert not hits, "\n".join(hits)


@pytest.mark.parametrize("name", ["models.toml", "README.md"])
def test_catalog_text_cites_public_sources_only(name: str) -> None:
    path = catalog_dir() / name
    if path.suffix == ".toml":
        tomllib.loads(path.read_text(encoding="utf-8"))  # a file that does not parse would scan as nonsense
    hits = _lines_hits(path, f"catalog/{name}")
    assert not hits, "\n".join(hits)


def _scenarios() -> list[Path]:
    return [resources_dir() / "default.gpuplan.toml", *sorted(examples_dir().glob("*.gpuplan.toml"))]


@pytest.mark.parametrize("path", _scenarios(), ids=lambda p: p.name)
def test_shipped_scenarios_cite_public_sources_only(path: Path) -> None:
    hits = _lines_hits(path, f"{path.parent.name}/{path.name}")
    assert not hits, "\n".join(hits)


def test_every_shipped_catalog_file_is_scanned() -> None:
    """A new catalog file must be added here."""
    shipped = {p.name for p in catalog_dir().iterdir() if p.is_file()}
    assert shipped == {*CSV_FILES, "models.toml", "README.md"}
    assert len(_scenarios()) >= 2


@pytest.mark.parametrize(
    ("text", "pointers"),
    [
        ("techplained (Apr 2026), via reference/hardware_notes.md C.2", ["reference/", "hardware_notes"]),
        ("stas00 network README / reference estimation.md: one NIC per GPU", ["reference estimation.md"]),
        ("The scenario gpuplanner opens on first start (spec §4.1).", ["spec §"]),
        ("shared/seeds: '구매 전 체크리스트'", ["shared/", "seeds"]),
        ("The source documents' 82.6 is corrected", ["source documents"]),
        ("see notes.md for details", ["notes.md"]),
        ("Not in hardware.csv", ["hardware.csv"]),
        # public: GitHub repository + file, URL, paper section
        ("stas00/ml-engineering compute/accelerator/README.md MAMF table", []),
        ("stas00/ml-engineering `network/README.md` (PCIe4 31 GB/s)", []),
        ("deepseek-ai/DeepSeek-V3 README.md (671B total)", []),
        ("github.com/stas00/ml-engineering/blob/master/network/README.md", []),
        ("https://example.org/notes.md", []),
        ("The Llama 3 Herd of Models (Dubey et al. 2024), §3.3.2", []),
        ("epoch-research/training-cost-trends data/Hardware prices.csv", []),
    ],
)
def test_pointer_detector(text: str, pointers: list[str]) -> None:
    assert internal_pointers(text) == pointers
