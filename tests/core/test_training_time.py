"""training_time.link_notes: an estimate says which link speed it assumed where nobody published one."""

from __future__ import annotations

from typing import Any

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.plan import plan
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.training_time import (
    FALLBACK_INTER_NODE_GB_PER_S,
    FALLBACK_INTRA_NODE_GB_PER_S,
    INTER_NODE_KEY,
    hardware_rates,
)


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return load_catalog()


def pretrain(gpu: str, count: int, **hardware: Any):  # type: ignore[no-untyped-def]
    return parse_scenario(
        {
            "schema": 1,
            "name": "8B pretrain",
            "model": {"preset": "llama-3.1-8b"},
            "workload": {"method": "pretrain", "seq_len": 4096, "tokens": 1e11},
            "hardware": {"gpu": gpu, "gpu_count": count, **hardware},
        }
    )


def test_four_mi300a_nodes_say_the_assumed_network(catalog) -> None:  # type: ignore[no-untyped-def]
    e = estimate(pretrain("mi300a", 16), catalog)
    inter = [n for n in e.notes if n.link == "inter-node"]
    assert len(inter) == 1
    assert inter[0].text == (
        "Inter-node link speed not published for node type mi300a-4x-node; assumed 10 Gb/s per GPU. "
        "Set hardware.inter_node_gbits_per_s."
    )
    assert (inter[0].subject, inter[0].key) == ("mi300a-4x-node", INTER_NODE_KEY)
    # the note is the rate the estimate used: the fallback, unchanged
    node = catalog.node("mi300a-4x-node")
    rates = hardware_rates(catalog.gpu("mi300a"), node, 4, "bf16-mixed")
    assert rates.inter_bytes_per_s == FALLBACK_INTER_NODE_GB_PER_S * 1e9 == 1.25e9
    assert rates.intra_bytes_per_s == FALLBACK_INTRA_NODE_GB_PER_S * 1e9 == 16e9
    # the layout (tp=2 inside a 4-GPU node) runs over the unpublished MI300A link too
    assert e.layout.tp > 1
    assert [n.link for n in e.notes] == ["inter-node", "intra-node"]
    assert "GPU mi300a; assumed 16 GB/s per GPU" in e.notes[1].text


def test_the_plan_carries_the_same_note(catalog) -> None:  # type: ignore[no-untyped-def]
    p = plan(pretrain("mi300a", 16, candidates=["mi300a", "h100-sxm-80gb"]), catalog, sweep=False)
    mi300a, h100 = p.candidate("mi300a"), p.candidate("h100-sxm-80gb")
    assert mi300a is not None and mi300a.estimate is not None and h100 is not None and h100.estimate is not None
    assert mi300a.estimate.notes == estimate(pretrain("mi300a", 16), catalog).notes
    assert h100.estimate.notes == ()


@pytest.mark.parametrize("count", [8, 32])
def test_h100_with_catalog_links_assumes_nothing(catalog, count: int) -> None:  # type: ignore[no-untyped-def]
    # one DGX H100 (NVLink inside), and four of them (their 400G NICs per GPU in the catalog)
    e = estimate(pretrain("h100-sxm-80gb", count), catalog)
    assert e.notes == ()


def test_the_scenario_key_removes_the_note(catalog) -> None:  # type: ignore[no-untyped-def]
    e = estimate(pretrain("mi300a", 16, inter_node_gbits_per_s=400.0, intra_node_gbytes_per_s=64.0), catalog)
    assert e.notes == ()
    only_network = estimate(pretrain("mi300a", 16, inter_node_gbits_per_s=400.0), catalog)
    assert all(n.link == "intra-node" for n in only_network.notes)


def test_one_node_has_no_network_note(catalog) -> None:  # type: ignore[no-untyped-def]
    e = estimate(pretrain("mi300a", 4), catalog)
    assert all(n.link != "inter-node" for n in e.notes)


def test_a_given_mfu_uses_no_link(catalog) -> None:  # type: ignore[no-untyped-def]
    s = parse_scenario(
        {
            "schema": 1,
            "name": "8B pretrain",
            "model": {"preset": "llama-3.1-8b"},
            "workload": {"method": "pretrain", "seq_len": 4096, "tokens": 1e11, "mfu": 0.4},
            "hardware": {"gpu": "mi300a", "gpu_count": 16},
        }
    )
    assert estimate(s, catalog).notes == ()


def test_pipeline_hops_inside_one_node_say_the_assumed_intra_link(catalog) -> None:  # type: ignore[no-untyped-def]
    # pp 4 over one 4-GPU MI300A node: the hops ride the node's (unpublished) link, not the network
    s = parse_scenario(
        {
            "schema": 1,
            "name": "8B pretrain",
            "model": {"preset": "llama-3.1-8b"},
            "workload": {"method": "pretrain", "seq_len": 4096, "tokens": 1e11, "micro_batch": 1, "global_batch": 8},
            "hardware": {"gpu": "mi300a", "gpu_count": 4},
            "parallel": {"tp": 1, "pp": 4, "cp": 1, "zero": 0},
        }
    )
    e = estimate(s, catalog)
    assert (e.layout.pp, e.layout.dp) == (4, 1)
    assert [n.link for n in e.notes] == ["intra-node"]
