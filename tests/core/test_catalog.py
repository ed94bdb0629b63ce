"""The hardware catalog: shipped data, validation, user layer (issue #3)."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpuplanner.core.catalog import (
    DEFAULT_SITE,
    SCHEMA,
    TIERS,
    CatalogError,
    export_user_csv,
    import_user_csv,
    load_catalog,
    reset_row,
    save_user_row,
    validate_folder,
    validate_row,
)
from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.paths import catalog_dir

SPEC_GPU_IDS = (
    "a100-sxm-40gb a100-sxm-80gb a100-pcie-80gb h100-sxm-80gb h100-pcie-80gb h100-nvl-94gb h200-sxm-141gb "
    "gh200-144gb b200-sxm-180gb l40s l4 rtx-3090 rtx-4090 rtx-5090 rtx-6000-ada rtx-a6000 mi250x mi300x "
    "mi325x mi355x gaudi3"
).split()
MORE_GPU_IDS = "b300-sxm-288gb tpu-v5e tpu-v5p tpu-v6e gaudi2 rtx-pro-6000 a100-pcie-40gb gb200-186gb".split()
GIB = 2**30


@pytest.fixture(scope="module")
def shipped():
    return load_catalog(use_user_layer=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the shipped catalog that a test may change (a simulated shipped update)."""
    dst = tmp_path / "shipped"
    shutil.copytree(catalog_dir(), dst)
    return dst


@pytest.fixture
def user_dir(tmp_path: Path) -> Path:
    return tmp_path / "user" / "catalog"


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8-sig") as fh:
        return list(csv.DictReader(fh))


def _write_rows(path: Path, rows: list[dict[str, str]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


# ---------------------------------------------------------------------------------------------------------
# Shipped data


def test_every_shipped_row_loads(shipped):
    assert validate_folder(catalog_dir()) == []
    counts = {t: len(_rows(catalog_dir() / s.file)) for t, s in SCHEMA.items()}
    assert len(shipped.gpus) == counts["gpus"]
    assert len(shipped.nodes) == counts["nodes"]
    assert len(shipped.offers) == counts["cloud_offers"]
    assert len(shipped.sites) == counts["sites"]
    assert shipped.warnings == ()
    assert shipped.user_row_ids == frozenset()


def test_spec_ids_and_sites_present(shipped):
    for gid in SPEC_GPU_IDS + MORE_GPU_IDS:
        assert gid in shipped.gpus, gid
    assert set(shipped.sites) == {"us-colo", "kr-colo", "eu-colo", "own-room"}
    assert shipped.site(DEFAULT_SITE).id == "us-colo"


@pytest.mark.parametrize(
    ("gid", "bf16"),
    [
        ("h100-sxm-80gb", 989.0),
        ("h200-sxm-141gb", 989.0),
        ("mi300x", 1307.0),
        ("mi325x", 1307.0),
        ("b200-sxm-180gb", 2250.0),
        ("a100-sxm-80gb", 312.0),
        ("a100-sxm-40gb", 312.0),
        ("h100-nvl-94gb", 835.0),
        ("rtx-4090", 165.2),
        ("h100-pcie-80gb", 756.0),
        ("mi250x", 191.5),
        ("l40s", 362.0),
    ],
)
def test_dense_not_sparse_peaks(shipped, gid, bf16):
    """Guard against datasheet 2:4-sparse numbers (2x) and non-tensor rates sneaking in."""
    assert shipped.gpu(gid).peak_tflops("bf16") == pytest.approx(bf16, rel=0.005)


def test_precision_ratios_plausible(shipped):
    for g in shipped.gpus.values():
        bf16 = g.bf16_dense_tflops
        if g.fp8_dense_tflops is not None:
            assert g.fp8_dense_tflops <= 2.05 * bf16, g.id  # dense FP8 is at most 2x dense BF16 (+rounding)
        if g.tf32_dense_tflops is not None:
            assert g.tf32_dense_tflops <= 0.51 * bf16 or g.id == "rtx-4090", g.id  # GeForce: FP32-acc BF16
        if g.fp32_tflops is not None:
            assert g.fp32_tflops < bf16, g.id
        assert 0.3 <= g.gemm_efficiency <= 1.0, g.id
        assert g.spec_source and g.spec_as_of, g.id


def test_memory_rule(shipped):
    assert shipped.gpu("h100-sxm-80gb").memory_bytes == 80 * GIB == 85_899_345_920
    assert shipped.gpu("h200-sxm-141gb").memory_bytes == 141 * GIB
    assert shipped.gpu("mi250x").memory_bytes == 64 * GIB  # one GCD
    assert shipped.gpu("mi250x").devices_per_package == 2
    assert shipped.gpu("h100-sxm-80gb").devices_per_package == 1
    assert shipped.gpu("b200-sxm-180gb").memory_gib == pytest.approx(180)


def test_peak_tflops_dtypes(shipped):
    h100 = shipped.gpu("h100-sxm-80gb")
    assert h100.peak_tflops("fp8") == pytest.approx(1978.9)
    assert h100.peak_tflops("int8") == pytest.approx(1978.9)
    assert shipped.gpu("a100-sxm-80gb").peak_tflops("fp8") is None  # Ampere has no FP8
    with pytest.raises(ValueError, match="bf16"):
        h100.peak_tflops("bfloat17")


def test_exactly_one_default_node_per_gpu(shipped):
    for gid in shipped.gpus:
        defaults = [n for n in shipped.nodes_for(gid) if n.default_for_gpu]
        assert len(defaults) == 1, gid
        assert shipped.default_node(gid) is defaults[0]
    assert shipped.default_node("h100-sxm-80gb").gpus_per_node == 8
    assert shipped.default_node("rtx-4090").gpus_per_node == 1


def test_default_offers(shipped):
    for gid in shipped.gpus:
        for tier in TIERS:
            assert len([o for o in shipped.offers_for(gid, tier) if o.default]) <= 1
    od = shipped.default_offer("h100-sxm-80gb", "on_demand")
    assert od is not None and 0.5 < od.usd_per_gpu_hour < 20
    assert shipped.default_offer("h200-sxm-141gb", "reserved_3y") is None  # nothing published: absent
    assert shipped.default_offer("tpu-v5p", "reserved_3y").usd_per_gpu_hour == pytest.approx(1.89)
    with pytest.raises(CatalogError, match="tier"):
        shipped.default_offer("h100-sxm-80gb", "monthly")


def test_nodes_have_sources_and_consistent_power(shipped):
    for n in shipped.nodes.values():
        assert n.source and n.as_of, n.id
        if n.power_full_kw is not None and n.power_idle_kw is not None:
            assert n.power_idle_kw < n.power_full_kw
        if n.price_usd is not None:
            assert n.price_source and n.price_as_of, n.id
    assert shipped.node("dgx-h100").power_full_kw == pytest.approx(10.2)
    assert shipped.node("dgx-h100").network_gb_per_s_per_gpu == pytest.approx(50)


def test_unknown_id_suggestions(shipped):
    with pytest.raises(CatalogError) as err:
        shipped.gpu("h100")
    msg = str(err.value)
    assert "unknown GPU 'h100'" in msg and "h100-sxm-80gb" in msg and "h100-pcie-80gb" in msg
    assert isinstance(err.value, InputError)
    with pytest.raises(CatalogError, match="mi300x"):
        shipped.gpu("mi300")
    with pytest.raises(CatalogError, match="us-colo"):
        shipped.site("us_colo")
    with pytest.raises(CatalogError, match="dgx-h100"):
        shipped.node("dgx-h10")


def test_core_catalog_imports_no_gui_or_tables():
    code = (
        "import sys, gpuplanner.core.catalog, gpuplanner.core.catalog_user; "
        "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','openpyxl','pandas')]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------------------------------------------------
# Corrupt and invalid files


def test_truncated_file_names_file_and_line(folder):
    path = folder / "gpus.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")  # cut inside a row
    problems = validate_folder(folder)
    assert problems and "gpus.csv" in problems[0] and "line " in problems[0]
    with pytest.raises(CatalogError) as err:
        load_catalog(folder, use_user_layer=False)
    assert err.value.file and err.value.file.endswith("gpus.csv")
    assert err.value.line is not None


def test_truncated_inside_quotes(folder):
    path = folder / "nodes.csv"
    text = path.read_text(encoding="utf-8")
    cut = text.index('"', text.index("\n") + 1) + 5  # inside the first quoted cell of row 2
    path.write_text(text[:cut], encoding="utf-8")
    with pytest.raises(CatalogError, match=r"nodes\.csv.*line"):
        load_catalog(folder, use_user_layer=False)


@pytest.mark.parametrize(
    ("content", "pattern"),
    [(b"", "empty"), (b"\x00\x01\x02garbage\xff\xfe", "UTF-8|NUL"), (b"id,name\nx,y\n", "lacks column")],
)
def test_corrupt_file_messages(folder, content, pattern):
    (folder / "sites.csv").write_bytes(content)
    problems = validate_folder(folder)
    assert len(problems) == 1 and "sites.csv" in problems[0]
    with pytest.raises(CatalogError, match=pattern):
        load_catalog(folder, use_user_layer=False)


def test_bad_cell_names_line_and_column(folder):
    rows = _rows(folder / "gpus.csv")
    rows[2]["bf16_dense_tflops"] = "fast"
    rows[4]["memory_bytes"] = "-3"
    _write_rows(folder / "gpus.csv", rows)
    problems = validate_folder(folder)
    assert any("gpus.csv: line 4, column bf16_dense_tflops: 'fast' is not a number" in p for p in problems)
    assert any("line 6, column memory_bytes" in p for p in problems)
    with pytest.raises(CatalogError) as err:
        load_catalog(folder, use_user_layer=False)
    assert len(err.value.problems) == 2


def test_references_and_defaults_checked(folder):
    nodes = _rows(folder / "nodes.csv")
    nodes[0]["gpu"] = "h100"  # unknown GPU
    second = next(n for n in nodes[1:] if n["gpu"] == "h100-sxm-80gb" and n["default_for_gpu"] == "false")
    second["default_for_gpu"] = "true"  # two defaults for h100
    _write_rows(folder / "nodes.csv", nodes)
    offers = _rows(folder / "cloud_offers.csv")
    offers[0]["id"] = offers[1]["id"]  # duplicate id
    _write_rows(folder / "cloud_offers.csv", offers)
    problems = "\n".join(validate_folder(folder))
    assert "unknown GPU 'h100'; did you mean" in problems
    assert "2 default node types" in problems
    assert "has no default node type" in problems  # a100-sxm-40gb lost its only default
    assert "duplicate id" in problems


def test_excel_style_csv_accepted(folder):
    """A file saved by a spreadsheet: BOM, CRLF line ends, memory written with a unit."""
    rows = _rows(folder / "gpus.csv")
    rows[0]["memory_bytes"] = "40 GiB"
    buf = folder / "gpus.csv"
    with open(buf, "w", newline="", encoding="utf-8-sig") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]), lineterminator="\r\n")
        w.writeheader()
        w.writerows(rows)
    cat = load_catalog(folder, use_user_layer=False)
    assert cat.gpu(rows[0]["id"]).memory_bytes == 40 * GIB


def test_validate_row():
    assert validate_row("sites", {"id": "x", "pue": 0.5}) != []
    problems = validate_row("nodes", {"id": "n", "gpus_per_node": "eight"})
    assert any("gpus_per_node" in p for p in problems)


# ---------------------------------------------------------------------------------------------------------
# User layer


def test_save_user_row_and_update_survival(folder, user_dir):
    save_user_row("nodes", {"id": "dgx-h100", "price_usd": 250000}, user_dir, folder=folder)
    cat = load_catalog(folder, user_dir=user_dir)
    assert cat.node("dgx-h100").price_usd == 250000
    assert cat.node("dgx-h100").power_full_kw == pytest.approx(10.2)  # other cells from the shipped row
    assert ("nodes", "dgx-h100") in cat.user_row_ids and cat.is_user_row("nodes", "dgx-h100")

    # a shipped update changes the same row: the user's row still wins
    nodes = _rows(folder / "nodes.csv")
    next(n for n in nodes if n["id"] == "dgx-h100")["price_usd"] = "999999"
    _write_rows(folder / "nodes.csv", nodes)
    user_before = (user_dir / "nodes.csv").read_bytes()
    cat = load_catalog(folder, user_dir=user_dir)
    assert cat.node("dgx-h100").price_usd == 250000
    assert (user_dir / "nodes.csv").read_bytes() == user_before


def test_user_additions_and_default_takeover(folder, user_dir):
    row = {
        "id": "my-h100-box",
        "name": "Our H100 box",
        "gpu": "h100-sxm-80gb",
        "gpus_per_node": 4,
        "power_full_kw": 5.0,
        "power_idle_kw": 1.0,
        "price_usd": 150000,
        "price_source": "our quote",
        "price_as_of": "2026-01",
        "default_for_gpu": True,
        "source": "our vendor",
        "as_of": "2026-01",
    }
    save_user_row("nodes", row, user_dir, folder=folder)
    save_user_row("gpus", {"id": "h100-sxm-80gb", "gemm_efficiency": 0.75}, user_dir, folder=folder)
    cat = load_catalog(folder, user_dir=user_dir)
    assert cat.default_node("h100-sxm-80gb").id == "my-h100-box"
    assert not cat.node("dgx-h100").default_for_gpu
    assert cat.gpu("h100-sxm-80gb").gemm_efficiency == 0.75
    assert cat.gpu("h100-sxm-80gb").bf16_dense_tflops == pytest.approx(989.4)


def test_save_rejects_bad_rows_without_writing(folder, user_dir):
    with pytest.raises(CatalogError, match="price_usd"):
        save_user_row("nodes", {"id": "dgx-h100", "price_usd": -5}, user_dir, folder=folder)
    with pytest.raises(CatalogError, match="unknown GPU"):
        save_user_row(
            "cloud_offers",
            {
                "id": "x",
                "provider": "p",
                "gpu": "h999",
                "tier": "spot",
                "usd_per_gpu_hour": 1,
                "source": "s",
                "as_of": "2026",
            },
            user_dir,
            folder=folder,
        )
    with pytest.raises(CatalogError, match="unknown column"):
        save_user_row("gpus", {"id": "l4", "speed": 3}, user_dir, folder=folder)
    assert not (user_dir / "nodes.csv").exists() and not (user_dir / "cloud_offers.csv").exists()


def test_reset_row_restores_shipped(folder, user_dir):
    save_user_row("sites", {"id": "us-colo", "pue": 1.2}, user_dir, folder=folder)
    save_user_row("sites", {"id": "kr-colo", "pue": 1.3}, user_dir, folder=folder)
    assert load_catalog(folder, user_dir=user_dir).site("us-colo").pue == 1.2
    assert reset_row("sites", "us-colo", user_dir) is True
    cat = load_catalog(folder, user_dir=user_dir)
    assert cat.site("us-colo").pue == load_catalog(folder, use_user_layer=False).site("us-colo").pue
    assert cat.site("kr-colo").pue == 1.3
    assert reset_row("sites", "us-colo", user_dir) is False
    assert reset_row("offers", "nothing", user_dir) is False


def test_corrupt_user_layer_falls_back_and_keeps_files(folder, user_dir):
    save_user_row("sites", {"id": "us-colo", "pue": 1.2}, user_dir, folder=folder)
    bad = b'id,pue\nus-colo,"1.3\nkr-colo,1.4'  # unterminated quote: truncated write
    (user_dir / "sites.csv").write_bytes(bad)
    cat = load_catalog(folder, user_dir=user_dir)
    assert cat.site("us-colo").pue != 1.2  # shipped data
    assert cat.warnings and "sites.csv: line 2: not valid CSV" in cat.warnings[0] and "ignored" in cat.warnings[0]
    assert (user_dir / "sites.csv").read_bytes() == bad  # not deleted, not overwritten
    with pytest.raises(CatalogError, match="sites.csv"):
        save_user_row("sites", {"id": "kr-colo", "pue": 1.1}, user_dir, folder=folder)
    assert (user_dir / "sites.csv").read_bytes() == bad


def test_invalid_user_values_fall_back(folder, user_dir):
    user_dir.mkdir(parents=True)
    (user_dir / "gpus.csv").write_text("id,bf16_dense_tflops\nh100-sxm-80gb,-1\n", encoding="utf-8")
    cat = load_catalog(folder, user_dir=user_dir)
    assert cat.gpu("h100-sxm-80gb").bf16_dense_tflops == pytest.approx(989.4)
    assert "line 2, id 'h100-sxm-80gb', column bf16_dense_tflops" in cat.warnings[0]


def test_import_export_roundtrip(folder, user_dir, tmp_path):
    src = tmp_path / "mine.csv"
    src.write_text(
        "id,provider,gpu,tier,usd_per_gpu_hour,default,source,as_of\n"
        "our-h100,OurCloud,h100-sxm-80gb,reserved_3y,1.10,true,our contract,2026-02\n",
        encoding="utf-8",
    )
    assert import_user_csv("offers", src, user_dir, folder=folder) == 1
    cat = load_catalog(folder, user_dir=user_dir)
    assert cat.default_offer("h100-sxm-80gb", "reserved_3y").id == "our-h100"
    out = tmp_path / "export.csv"
    assert export_user_csv("cloud_offers", out, user_dir) == 1
    assert _rows(out)[0]["usd_per_gpu_hour"] == "1.10"
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "id,provider,gpu,tier,usd_per_gpu_hour,source,as_of\nx,P,h100-sxm-80gb,weekly,1,s,2026\n",
        encoding="utf-8",
    )
    before = (user_dir / "cloud_offers.csv").read_bytes()
    with pytest.raises(CatalogError, match=r"bad\.csv: line 2, column tier"):
        import_user_csv("cloud_offers", bad, user_dir, folder=folder)
    assert (user_dir / "cloud_offers.csv").read_bytes() == before


def test_write_failure_leaves_file_intact(folder, user_dir, monkeypatch):
    save_user_row("sites", {"id": "us-colo", "pue": 1.2}, user_dir, folder=folder)
    before = (user_dir / "sites.csv").read_bytes()

    def boom(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(FileAccessError, match="No space left"):
        save_user_row("sites", {"id": "us-colo", "pue": 1.3}, user_dir, folder=folder)
    monkeypatch.undo()
    assert (user_dir / "sites.csv").read_bytes() == before
    assert sorted(p.name for p in user_dir.iterdir()) == [".catalog.lock", "sites.csv"]  # no temp file left


def test_default_user_dir_env(monkeypatch, tmp_path):
    from gpuplanner.core.catalog import default_user_dir

    monkeypatch.setenv("GPUPLANNER_DATA_DIR", str(tmp_path))
    assert default_user_dir() == tmp_path / "catalog"
    monkeypatch.delenv("GPUPLANNER_DATA_DIR")
    assert default_user_dir().name == "catalog"


def test_unreadable_user_file_is_a_warning(folder, user_dir, monkeypatch):
    save_user_row("sites", {"id": "us-colo", "pue": 1.2}, user_dir, folder=folder)
    real_open = os.open
    unreadable = user_dir / "sites.csv"

    def refuse(path, *args, **kwargs):  # CI runs as root, where permissions stop nothing: inject the failure
        if Path(path) == unreadable:
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    cat = load_catalog(folder, user_dir=user_dir)
    assert cat.warnings and "cannot be read (Permission denied); file ignored" in cat.warnings[0]
    monkeypatch.undo()
    assert unreadable.exists()  # the user's file is reported, never deleted
