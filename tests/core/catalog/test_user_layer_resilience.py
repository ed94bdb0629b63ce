"""Issue #18 class 6: one bad row in the user catalog costs that row only, is named, and never crashes.

The user layer here is real files in a temporary folder over the shipped catalog (read, never changed).
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest

from gpuplanner.core.catalog import (
    CatalogError,
    export_user_csv,
    import_user_csv,
    load_catalog,
    reset_row,
    save_user_row,
)
from gpuplanner.core.catalog.user_layer import read_user_rows
from gpuplanner.core.paths import catalog_dir

SHIPPED = catalog_dir()


@pytest.fixture
def user_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data" / "catalog"
    d.mkdir(parents=True)
    return d


def _shipped_row(table_file: str, row_id: str) -> dict[str, str]:
    with open(SHIPPED / table_file, newline="", encoding="utf-8") as fh:
        return next(r for r in csv.DictReader(fh) if r["id"] == row_id)


def _write(path: Path, rows: list[dict[str, str]]) -> None:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")


def _gpu(row_id: str, **cells: str) -> dict[str, str]:
    return {**_shipped_row("gpus.csv", "h100-sxm-80gb"), "id": row_id, **cells}


def _node(row_id: str, gpu: str) -> dict[str, str]:
    return {**_shipped_row("nodes.csv", "dgx-h100"), "id": row_id, "gpu": gpu, "default_for_gpu": "true"}


def test_a_non_finite_cell_leaves_out_that_row_only_in_every_table(user_dir: Path) -> None:
    _write(user_dir / "gpus.csv", [_gpu("good-gpu"), _gpu("bad-gpu", memory_bytes="1e400")])
    _write(user_dir / "nodes.csv", [_node("good-node", "good-gpu"), _node("bad-node", "bad-gpu")])
    _write(user_dir / "sites.csv", [{**_shipped_row("sites.csv", "us-colo"), "pue": "1.11"}])
    offer = {**_shipped_row("cloud_offers.csv", _first_offer_id()), "id": "my-offer", "usd_per_gpu_hour": "1.23"}
    _write(user_dir / "cloud_offers.csv", [{**offer, "gpu": "good-gpu", "default": "false"}])
    cat = load_catalog(user_dir=user_dir)
    assert "good-gpu" in cat.gpus and "good-node" in cat.nodes and cat.site("us-colo").pue == 1.11
    assert cat.offer("my-offer").usd_per_gpu_hour == 1.23
    assert "bad-gpu" not in cat.gpus and "bad-node" not in cat.nodes
    by_id = {p.row_id: p for p in cat.dropped}
    assert set(by_id) == {"bad-gpu", "bad-node"}
    bad = by_id["bad-gpu"]
    assert (Path(bad.file).name, bad.line, bad.column) == ("gpus.csv", 3, "memory_bytes")
    assert "'1e400' is not a finite byte count" in bad.reason
    assert "unknown GPU 'bad-gpu'" in by_id["bad-node"].reason  # the node of the bad GPU goes with it, named
    assert len(cat.warnings) == 2 and all(w.count("\n") == 0 for w in cat.warnings)
    assert "gpus.csv: line 3, id 'bad-gpu', column memory_bytes:" in cat.warnings[0]


def _first_offer_id() -> str:
    with open(SHIPPED / "cloud_offers.csv", newline="", encoding="utf-8") as fh:
        return next(csv.DictReader(fh))["id"]


def test_duplicate_ids_in_a_user_file_are_reported_and_the_first_counts(user_dir: Path) -> None:
    _write(user_dir / "gpus.csv", [_gpu("h100-sxm-80gb", gemm_efficiency="0.7"), _gpu("h100-sxm-80gb")])
    cat = load_catalog(user_dir=user_dir)
    assert cat.gpu("h100-sxm-80gb").gemm_efficiency == 0.7
    (dup,) = cat.dropped
    assert dup.line == 3 and dup.column == "id" and "duplicate id 'h100-sxm-80gb' (first on line 2)" in dup.reason


def test_a_gpu_without_its_server_is_left_out_and_the_shipped_gpus_stay(user_dir: Path) -> None:
    _write(user_dir / "gpus.csv", [_gpu("lonely-gpu")])
    cat = load_catalog(user_dir=user_dir)
    (p,) = cat.dropped
    assert p.row_id == "lonely-gpu" and "no default node type" in p.reason
    assert "h100-sxm-80gb" in cat.gpus


def test_a_node_that_takes_the_default_away_is_left_out_not_the_gpu(user_dir: Path) -> None:
    _write(user_dir / "nodes.csv", [{**_shipped_row("nodes.csv", "dgx-h100"), "default_for_gpu": "false"}])
    cat = load_catalog(user_dir=user_dir)
    (p,) = cat.dropped
    assert p.row_id == "dgx-h100" and cat.default_node("h100-sxm-80gb").id == "dgx-h100"


def test_structural_problems_cost_the_lines_we_cannot_read(user_dir: Path) -> None:
    site = _shipped_row("sites.csv", "kr-colo")
    _write(user_dir / "sites.csv", [{**site, "pue": "1.21"}])
    text = (user_dir / "sites.csv").read_text(encoding="utf-8")
    (user_dir / "sites.csv").write_text(text + 'us-colo,"unterminated\n', encoding="utf-8")
    (user_dir / "gpus.csv").write_text("id,speed,gemm_efficiency\nl4,3,0.6\nl40s,1\n", encoding="utf-8")
    cat = load_catalog(user_dir=user_dir)
    assert cat.site("kr-colo").pue == 1.21  # the rows before the syntax error still apply
    assert cat.gpu("l4").gemm_efficiency == 0.6  # an unknown column costs that column, not the file
    kinds = {(Path(p.file).name, p.left_out, p.line) for p in cat.dropped}
    assert kinds == {("sites.csv", "rest", 3), ("gpus.csv", "column", 1), ("gpus.csv", "row", 3)}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_fifo_or_a_device_link_in_the_user_folder_is_refused_not_read(user_dir: Path) -> None:
    os.mkfifo(user_dir / "gpus.csv")
    (user_dir / "sites.csv").symlink_to("/dev/zero")
    _write(user_dir / "nodes.csv", [_node("dgx-h100", "h100-sxm-80gb")])
    cat = load_catalog(user_dir=user_dir)  # returns: neither blocks nor fills memory
    assert {(Path(p.file).name, p.left_out) for p in cat.dropped} == {("gpus.csv", "file"), ("sites.csv", "file")}
    assert "named pipe" in str(cat.dropped[0]) or "named pipe" in str(cat.dropped[1])


def test_a_lone_cr_written_through_save_and_import_is_quoted_and_reads_back(user_dir: Path, tmp_path: Path) -> None:
    save_user_row("gpus", {"id": "l4", "notes": "line one\rline two"}, user_dir)
    raw = (user_dir / "gpus.csv").read_bytes()
    assert b'"line one\rline two"' in raw
    assert load_catalog(user_dir=user_dir).dropped == ()
    assert [r.cells["notes"] for r in read_user_rows("gpus", user_dir)] == ["line one\rline two"]
    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.61}, user_dir)  # the next save still works
    src = tmp_path / "in.csv"
    src.write_bytes(b'id,notes\nl40s,"a\rb"\n')
    assert import_user_csv("gpus", src, user_dir) == 1
    cat = load_catalog(user_dir=user_dir)
    assert cat.dropped == () and cat.gpu("l4").gemm_efficiency == 0.61 and "\r" not in cat.gpu("l40s").notes
    assert export_user_csv("gpus", tmp_path / "out.csv", user_dir) == 2


def test_saving_beside_a_bad_row_keeps_it_and_works(user_dir: Path) -> None:
    _write(user_dir / "gpus.csv", [_gpu("bad-gpu", memory_bytes="1e400")])
    before = load_catalog(user_dir=user_dir).dropped
    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.62}, user_dir)
    cat = load_catalog(user_dir=user_dir)
    assert cat.gpu("l4").gemm_efficiency == 0.62
    assert [p.key for p in cat.dropped] == [p.key for p in before]  # still there, still named
    assert "1e400" in (user_dir / "gpus.csv").read_text(encoding="utf-8")  # the user's text, not lost


def test_a_save_that_would_break_a_row_is_refused_and_nothing_is_written(user_dir: Path) -> None:
    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.62}, user_dir)
    before = (user_dir / "gpus.csv").read_bytes()
    with pytest.raises(CatalogError, match=r"gpus\.csv: line 2, column memory_bytes: '1e400'"):
        save_user_row("gpus", {"id": "l4", "memory_bytes": "1e400"}, user_dir)
    with pytest.raises(CatalogError, match="unknown GPU"):
        save_user_row("nodes", {**_node("n", "no-such-gpu")}, user_dir)
    assert (user_dir / "gpus.csv").read_bytes() == before and not (user_dir / "nodes.csv").exists()


def test_a_file_we_cannot_read_back_whole_is_never_overwritten(user_dir: Path) -> None:
    bad = b'id,pue\nus-colo,"1.3\n'
    (user_dir / "sites.csv").write_bytes(bad)
    with pytest.raises(CatalogError, match=r"sites\.csv: line 2: not valid CSV.*cannot be saved until it is fixed"):
        save_user_row("sites", {"id": "kr-colo", "pue": 1.1}, user_dir)
    with pytest.raises(CatalogError, match="cannot be saved until it is fixed"):
        reset_row("sites", "us-colo", user_dir)
    assert (user_dir / "sites.csv").read_bytes() == bad


def test_the_user_layer_refuses_to_write_onto_a_device(user_dir: Path) -> None:
    from gpuplanner.core.errors import FileAccessError

    (user_dir / "gpus.csv").symlink_to("/dev/null")
    with pytest.raises((FileAccessError, CatalogError)):
        save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.6}, user_dir)
    assert (user_dir / "gpus.csv").is_symlink() and os.path.realpath(user_dir / "gpus.csv") == "/dev/null"


def test_a_file_an_older_version_wrote_with_a_bare_cr_reads_and_the_next_save_quotes_it(user_dir: Path) -> None:
    (user_dir / "gpus.csv").write_bytes(b"id,gemm_efficiency,notes\nl4,0.6,first\rsecond\nl40s,0.7,\rx\n")
    cat = load_catalog(user_dir=user_dir)
    assert cat.dropped == () and cat.gpu("l4").gemm_efficiency == 0.6 and cat.gpu("l40s").gemm_efficiency == 0.7
    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.65}, user_dir)
    raw = (user_dir / "gpus.csv").read_bytes()
    assert b'"first\rsecond"' in raw and b'"\rx"' in raw
    assert [r.cells["notes"] for r in read_user_rows("gpus", user_dir)] == ["first\rsecond", "\rx"]
