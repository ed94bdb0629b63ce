"""Python's garbage collection runs in the GUI thread only (gpuplanner/ui/main_thread_gc.py): a collection in the
estimate's worker thread finalised a Qt object of the window there and deadlocked Qt's connection lock against
the GIL (CI hung, 2026-12-01)."""

from __future__ import annotations

import gc
import threading


class _Node:
    seen: list[int] = []

    def __del__(self) -> None:
        _Node.seen.append(threading.get_ident())


def test_a_worker_thread_never_collects_and_the_gui_thread_does(window, qtbot):
    assert not gc.isenabled()  # the window's estimate runner switched automatic collection off
    _Node.seen = []
    node = _Node()
    node.me = node  # a cycle: only the cyclic collector frees it
    del node
    kept: list[list[int]] = []

    def allocate() -> None:  # far past generation 0's threshold: automatic collection would run here
        kept.extend([] for _ in range(20_000))

    worker = threading.Thread(target=allocate)
    worker.start()
    worker.join()
    assert _Node.seen == []  # not collected in the worker
    qtbot.waitUntil(lambda: bool(_Node.seen), timeout=5000)  # the GUI thread's timer collects it
    assert _Node.seen == [threading.main_thread().ident]
    kept.clear()
