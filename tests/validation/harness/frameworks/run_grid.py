#!/usr/bin/env python3
"""Run the framework truth grid and merge its records into framework_truth.json.

    .venv/bin/python tests/validation/harness/frameworks/run_grid.py [--framework torchtitan|torchtune|hf]
        [--only SUBSTR] [--list] [--jobs N] [--out PATH]

Frameworks run in the order torchtitan, torchtune, hf; the JSON is rewritten after each framework's part
(records with the same id are replaced, others kept), so partial results are usable early.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common as C  # noqa: E402

ORDER = ("torchtitan", "torchtune", "hf")


def _module(framework: str):  # type: ignore[no-untyped-def]
    if framework == "torchtitan":
        import titan as m
    elif framework == "torchtune":
        import tune as m
    else:
        import hf_peft as m
    return m


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--framework", action="append", choices=ORDER, help="repeatable; default: all, in order")
    ap.add_argument("--only", default=None, help="run only cases whose id contains this substring")
    ap.add_argument("--list", action="store_true", help="print the case ids and exit")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=C.DEFAULT_OUT)
    args = ap.parse_args(argv)
    n_err = n_all = 0
    t0 = time.time()
    for fw in [f for f in ORDER if not args.framework or f in args.framework]:
        m = _module(fw)
        cases = [c for c in m.grid() if not args.only or args.only in c["id"]]
        if args.list:
            for c in cases:
                print(c["id"])
            continue
        if not cases:
            continue
        # one process per case: a fake process group (and its world size) is per process
        C.prune(args.out, fw, {c["id"] for c in m.grid()})
        recs = C.run_cases(m.worker, cases, args.jobs, fresh_workers=True, out_path=args.out)
        n_all += len(recs)
        n_err += sum(1 for r in recs if "error" in r)
        print(f"{fw}: wrote {len(recs)} records ({n_err} errors so far) to {args.out}, t={time.time() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
