"""Shared pieces of the framework truth harness: trackers, record layout, JSON output, grid runner.

The trackers are PyTorch's own (``MemTracker`` / ``FSDPMemTracker``) with three additions:
each category's own maximum, the phase and active modules at the global peak, named segments
(running maxima between marks, e.g. the loss head), and a pause switch for calls whose fake-mode
accounting is wrong (FSDPMemTracker books a phantom copy of the model inside ``zero_grad``).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import importlib.metadata as md
import json
import os
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any

os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import torch  # noqa: E402
from torch.distributed._tools.mem_tracker import _TOTAL_KEY  # noqa: E402

HARNESS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if HARNESS_DIR not in sys.path:
    sys.path.insert(0, HARNESS_DIR)

GiB = 1024**3
DEFAULT_OUT = os.path.normpath(os.path.join(HARNESS_DIR, "..", "data", "framework_truth.json"))

# MemTracker (_MemRefType) and FSDPMemTracker (_FSDPRefType) category names -> record categories.
CATEGORY_OF = {
    "Parameter": "param",
    "Sharded Param": "param",
    "Unsharded Param": "param",
    "All Gather": "param",
    "Buffer": "other",
    "Gradient": "grad",
    "Sharded Grad": "grad",
    "Unsharded Grad": "grad",
    "Reduce Scatter": "grad",
    "Optstate": "optimizer",
    "OptState": "optimizer",
    "Activation": "act",
    "Temp": "temp",
    "Other": "other",
    "Inputs": "other",
}
RECORD_CATEGORIES = ("param", "grad", "optimizer", "act", "temp", "other")


def versions(*dists: str) -> dict[str, str]:
    out = {"torch": torch.__version__}
    for d in dists:
        try:
            out[d] = md.version(d)
        except md.PackageNotFoundError:
            out[d] = "missing"
    return out


def _key(k: Any) -> str:
    return k.value if hasattr(k, "value") else str(k)


def raw_snapshot(tracker: Any) -> dict[str, int]:
    """Current per-category bytes summed over devices, keyed by the tracker's own category names."""
    out: dict[str, int] = {}
    for snap in tracker._curr_mem_snap.values():
        for k, v in snap.items():
            out[_key(k)] = out.get(_key(k), 0) + int(v)
    return out


def categorise(raw: dict[str, int]) -> dict[str, int]:
    total_name = _key(_TOTAL_KEY)
    rec = {"total": int(raw.get(total_name, 0))}
    for c in RECORD_CATEGORIES:
        rec[c] = 0
    for k, v in raw.items():
        if k == total_name:
            continue
        rec[CATEGORY_OF.get(k, "other")] += int(v)
    return rec


class PeakMixin:
    """Adds to a MemTracker subclass: category maxima, peak phase/modules, segments, pause."""

    def init_peak_mixin(self) -> None:
        self.paused = False
        self.reset_step_records()

    def reset_step_records(self) -> None:
        self.cat_max_raw: dict[str, int] = {}
        self.peak_total = -1
        self.peak_raw: dict[str, int] = {}
        self.peak_phase = ""
        self.peak_modules: list[str] = []
        self.segment = "forward"
        self.segment_max: dict[str, int] = {}
        self.marks: dict[str, dict[str, int]] = {}

    def phase(self) -> str:
        if self._in_opt:
            return "optimizer"
        if self._mod_tracker.is_bw:
            return "backward"
        return "forward"

    def mark(self, name: str, segment: str | None = None) -> None:
        """Remember the current snapshot under ``name``; optionally start a new running-max segment."""
        self.marks[name] = raw_snapshot(self)
        if segment is not None:
            self.segment = segment

    @contextlib.contextmanager
    def pause(self) -> Iterator[None]:
        old = self.paused
        self.paused = True
        try:
            yield
        finally:
            self.paused = old

    def _update_snap(self, u_type, winfo, old_mem_consumed=None, old_reftype=None):  # type: ignore[no-untyped-def]
        super()._update_snap(u_type, winfo, old_mem_consumed, old_reftype)  # type: ignore[misc]
        snap = self._curr_mem_snap.get(winfo.device)
        if snap is None:
            return
        cm = self.cat_max_raw
        for k, v in snap.items():
            key = _key(k)
            if v > cm.get(key, 0):
                cm[key] = int(v)

    def _update_peak_stats(self, peak_state) -> None:  # type: ignore[no-untyped-def]
        super()._update_peak_stats(peak_state)  # type: ignore[misc]
        self._record_peak()

    def _record_peak(self) -> None:
        total = sum(int(s[_TOTAL_KEY]) for s in self._curr_mem_snap.values())
        if total > self.segment_max.get(self.segment, -1):
            self.segment_max[self.segment] = total
        if total > self.peak_total:
            self.peak_total = total
            self.peak_raw = raw_snapshot(self)
            self.peak_phase = self.phase()
            self.peak_modules = sorted(self._mod_tracker.parents)[-6:]

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        if self.paused:
            from torch.distributed.tensor import DTensor

            if any(t == DTensor for t in types):
                return NotImplemented
            return func(*args, **(kwargs or {}))
        return super().__torch_dispatch__(func, types, args, kwargs)  # type: ignore[misc]


def make_plain_tracker() -> Any:
    """MemTracker with the existing harness's fixes (frozen params without grad hooks) plus PeakMixin."""
    from memtracker_grid import InstrumentedMemTracker

    class Tracker(PeakMixin, InstrumentedMemTracker):
        def __init__(self) -> None:
            super().__init__(fast=True)
            self.init_peak_mixin()

    return Tracker()


def make_fsdp_tracker(root: torch.nn.Module, optimizer: Any) -> Any:
    from memtracker_grid import InstrumentedMemTracker
    from torch.distributed._tools.fsdp2_mem_tracker import FSDPMemTracker

    class Tracker(PeakMixin, FSDPMemTracker):
        def __init__(self) -> None:
            super().__init__(root, optimizer)
            self.init_peak_mixin()
            self._idx: dict[str, list] = {}
            self._idx_len = -1

        def _update_peak_stats(self, peak_state) -> None:  # type: ignore[no-untyped-def]
            # MemTracker scans every tracked module after every op (O(ops x modules)); the existing
            # harness's equivalent lookup of the active modules only (tested there for equality).
            InstrumentedMemTracker._fast_update_peak_stats(self, peak_state)
            PeakMixin._record_peak(self)

    return Tracker()


def step_summary(tracker: Any) -> dict[str, Any]:
    """Peak breakdown of the step just run (after ``reset_step_records`` at its start)."""
    official = categorise(
        {_key(k): int(v) for snap in tracker.get_tracker_snapshot("peak").values() for k, v in snap.items()}
    )
    mine = categorise(tracker.peak_raw)
    return {
        "peak_bytes": official,
        "peak_bytes_mine": mine,
        "peak_raw": dict(tracker.peak_raw),
        "category_max_bytes": categorise(tracker.cat_max_raw),
        "phase": tracker.peak_phase,
        "modules": list(tracker.peak_modules),
        "segment_max": dict(tracker.segment_max),
        "marks": {k: dict(v) for k, v in tracker.marks.items()},
    }


def run_two_steps(tracker: Any, one_step: Callable[[Any], None]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Run ``one_step(tracker)`` twice; the second (steady-state) step is the measurement.

    MemTracker refuses a second root forward without ``reset_mod_stats``; re-entering the context
    restarts the peak from the current snapshot (params + optimizer states), so step 2's peak is
    that step's own.
    """
    out = []
    for step in range(2):
        if step:
            tracker.reset_mod_stats()
        tracker.reset_step_records()
        with tracker:
            one_step(tracker)
        out.append(step_summary(tracker))
    return out[0], out[1]


def total_of(raw: dict[str, int]) -> int:
    return int(raw.get(_key(_TOTAL_KEY), 0))


def cat_of(raw: dict[str, int], cat: str) -> int:
    return categorise(raw)[cat]


def build_record(
    *,
    rid: str,
    framework: str,
    vers: dict[str, str],
    model: dict[str, Any],
    workload: dict[str, Any],
    parallel: dict[str, Any],
    step2: dict[str, Any],
    step1: dict[str, Any],
    derived: dict[str, Any],
    notes: list[str],
    t_start: float,
) -> dict[str, Any]:
    if step2["peak_bytes"] != step2["peak_bytes_mine"]:
        notes.append(
            "own peak breakdown differs from the tracker's peak snapshot: " + json.dumps(step2["peak_bytes_mine"])
        )
    marks = step2["marks"]
    for name, raw in marks.items():
        derived[f"at_{name}"] = categorise(raw)
    for seg, v in step2["segment_max"].items():
        derived[f"max_total_{seg}"] = v
    return {
        "id": rid,
        "framework": framework,
        "versions": vers,
        "model": model,
        "workload": {"compile": False, **workload},
        "parallel": parallel,
        "peak_bytes": step2["peak_bytes"],
        "peak_raw_categories": step2["peak_raw"],
        "category_max_bytes": step2["category_max_bytes"],
        "phase_of_peak": step2["phase"],
        "peak_context": {"active_modules": step2["modules"]},
        "step1": {"peak_bytes": step1["peak_bytes"], "phase_of_peak": step1["phase"]},
        "derived": derived,
        "runtime_s": round(time.time() - t_start, 2),
        "notes": "; ".join(notes),
    }


def error_record(case: dict[str, Any], framework: str, exc: BaseException) -> dict[str, Any]:
    return {
        "id": case["id"],
        "framework": framework,
        "versions": versions(*FRAMEWORK_DISTS.get(framework, ())),
        "inputs": {k: v for k, v in case.items() if k != "id"},
        "error": f"{type(exc).__name__}: {exc}"[:2000],
        "traceback": traceback.format_exc()[-3000:],
    }


FRAMEWORK_DISTS = {
    "torchtitan": ("torchtitan",),
    "torchtune": ("torchtune", "torchao"),
    "hf": ("transformers", "peft"),
}


# ------------------------------------------------------------------ output


def load_records(path: str) -> list[dict[str, Any]]:
    if not os.path.exists(path):
        return []
    with open(path) as fh:
        return json.load(fh)


@contextlib.contextmanager
def _locked(path: str) -> Iterator[None]:
    # several runners (one per framework) may merge into the same file at the same time
    import fcntl
    import hashlib
    import tempfile

    # the lock lives outside the checkout so that it never shows up as an untracked file
    tag = hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:12]
    with open(os.path.join(tempfile.gettempdir(), f"framework_truth-{tag}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def merge_write(path: str, new: list[dict[str, Any]]) -> None:
    """Replace records with the same id, keep the others, write atomically (others read it while we run)."""
    with _locked(path):
        _merge_write_unlocked(path, new)


def _merge_write_unlocked(path: str, new: list[dict[str, Any]]) -> None:
    old = load_records(path)
    by_id = {r["id"]: r for r in old}
    order = [r["id"] for r in old]
    for r in new:
        if r["id"] not in by_id:
            order.append(r["id"])
        by_id[r["id"]] = r
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump([by_id[i] for i in order], fh, indent=1)
        fh.write("\n")
    os.replace(tmp, path)


def prune(path: str, framework: str, keep_ids: set[str]) -> int:
    """Drop this framework's records whose id is no longer in its grid; returns how many were dropped."""
    with _locked(path):
        return _prune_unlocked(path, framework, keep_ids)


def _prune_unlocked(path: str, framework: str, keep_ids: set[str]) -> int:
    old = load_records(path)
    new = [r for r in old if r.get("framework") != framework or r["id"] in keep_ids]
    if len(new) != len(old):
        tmp = path + ".tmp"
        with open(tmp, "w") as fh:
            json.dump(new, fh, indent=1)
            fh.write("\n")
        os.replace(tmp, path)
    return len(old) - len(new)


def progress(r: dict[str, Any], n: int, total: int, t0: float) -> None:
    if "error" in r:
        print(f"[{n}/{total}] {r['id']}: ERROR {r['error'][:300]}", flush=True)
        return
    pk = r["peak_bytes"]
    print(
        f"[{n}/{total}] {r['id']}: peak {pk['total'] / GiB:.2f} GiB ({r['phase_of_peak']}) "
        f"param {pk['param'] / GiB:.2f} grad {pk['grad'] / GiB:.2f} opt {pk['optimizer'] / GiB:.2f} "
        f"act {pk['act'] / GiB:.2f} temp {pk['temp'] / GiB:.2f} [{r['runtime_s']:.1f}s, t={time.time() - t0:.0f}s]",
        flush=True,
    )


def run_cases(
    worker: Callable[[dict[str, Any]], dict[str, Any]],
    cases: list[dict[str, Any]],
    jobs: int,
    fresh_workers: bool,
    out_path: str | None = None,
) -> list[dict[str, Any]]:
    """Run cases in spawned worker processes (a fake process group is per process).

    With ``out_path`` every finished record is merged into that file at once (others read it while we run).
    """
    import multiprocessing

    t0 = time.time()
    by_id: dict[str, dict[str, Any]] = {}
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(
        max_workers=max(1, jobs), mp_context=ctx, max_tasks_per_child=1 if fresh_workers else None
    ) as ex:
        futs = {ex.submit(worker, c): c for c in cases}
        for f in cf.as_completed(futs):
            c = futs[f]
            try:
                r = f.result()
            except Exception as e:  # the worker died (memory, abort): still a record
                r = {"id": c["id"], "error": f"worker died: {e!r}", "inputs": c}
            by_id[r["id"]] = r
            progress(r, len(by_id), len(cases), t0)
            if out_path:
                merge_write(out_path, [r])
    return [by_id[c["id"]] for c in cases]
