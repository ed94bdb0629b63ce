"""Command line (spec §4.2). Exit 0 on success, 2 on bad input, 3 when a file cannot be read or written."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from . import __version__
from .core.errors import FileAccessError, InputError

EXIT_OK, EXIT_INPUT, EXIT_FILE = 0, 2, 3


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, as for any other bad input
        self.exit(EXIT_INPUT, f"gpuplanner: {message} (see 'gpuplanner --help')\n")


def _cmd_estimate(args: argparse.Namespace) -> int:
    from .core.catalog import CatalogError
    from .core.engine import estimate, load_checked
    from .report import estimate_document

    scenario, catalog = load_checked(args.scenario)
    if args.gpu:
        try:
            catalog.gpu(args.gpu)
        except CatalogError as err:
            raise InputError(err.detail, key="--gpu") from None
    result = estimate(scenario, catalog, args.gpu)
    doc = estimate_document(result, scenario.name)
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print(_human(doc))
    return EXIT_OK


def _human(doc: dict) -> str:
    gib = 2**30
    m, t, p = doc["memory"], doc["time"], doc["parallel"]
    lines = [
        f"{doc['scenario']} on {doc['gpu']}",
        f"  model        {doc['model']['params'] / 1e9:.2f}B parameters "
        f"({doc['model']['trainable_params'] / 1e9:.3g}B trainable)",
        f"  layout       tp={p['tp']} pp={p['pp']} cp={p['cp']} ep={p['ep']} dp={p['dp']} zero={p['zero']} "
        f"micro_batch={p['micro_batch']} recompute={p['recompute']}",
    ]
    if m["total"] is not None:
        lines.append(
            f"  memory/GPU   {m['total'] / gib:.1f} GiB peak + {m['overhead'] / gib:.1f} GiB overhead of "
            f"{m['capacity'] / gib:.1f} GiB -> {'fits' if m['fits'] else 'DOES NOT FIT'} "
            f"(headroom {m['headroom'] / gib:.1f} GiB)"
        )
        lines.append(
            f"               weights {m['weights'] / gib:.1f}, gradients {m['gradients'] / gib:.1f}, "
            f"optimizer {m['optimizer'] / gib:.1f}, activations {m['activations'] / gib:.1f}, "
            f"KV cache {m['kv_cache'] / gib:.1f} GiB"
        )
    if t.get("wall_seconds") is not None:
        lines.append(
            f"  time         {t['wall_seconds'] / 86400:.1f} days wall clock, "
            f"{t['gpu_hours']:,.0f} GPU-hours, {t['tokens_per_second']:,.0f} tokens/s, "
            f"MFU {100 * t['mfu']:.1f}%"
        )
    c = doc["cost"]
    if c.get("onprem_tco") is not None:
        cur = doc["currency"]
        lines.append(
            f"  cost         cloud on-demand {c['cloud_on_demand']:,.0f} {cur}, on-prem TCO "
            f"{c['onprem_tco']:,.0f} {cur}; job at on-demand prices "
            f"{c['job_cloud_on_demand'] or 0:,.0f} {cur}"
        )
    return "\n".join(lines)


def _cmd_catalog(args: argparse.Namespace) -> int:
    from . import catalog_cli

    if args.catalog_command == "validate":
        return catalog_cli.run_validate(args.folder)
    return catalog_cli.run_list(args.json)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gpuplanner", description="Plan GPU servers for LLM training (run without arguments for the desktop app)."
    )
    parser.add_argument("--version", action="version", version=f"gpuplanner {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    est = sub.add_parser("estimate", help="memory, time and cost of a scenario on one GPU type")
    est.add_argument("scenario", help="a .gpuplan.toml file")
    est.add_argument("--json", action="store_true", help="print the spec §4.3 JSON document")
    est.add_argument("--gpu", help="catalog GPU id to use instead of hardware.gpu")
    est.set_defaults(func=_cmd_estimate)
    cat = sub.add_parser("catalog", help="check or list the hardware catalog")
    cat_sub = cat.add_subparsers(dest="catalog_command", required=True, parser_class=_Parser)
    val = cat_sub.add_parser("validate", help="validate the shipped catalog or a catalog folder")
    val.add_argument("folder", nargs="?")
    lst = cat_sub.add_parser("list", help="the GPUs with all their fields")
    lst.add_argument("--json", action="store_true")
    cat.set_defaults(func=_cmd_catalog)
    for register in _EXTRA_COMMANDS:
        register(sub)
    return parser


# Commands that arrive with later modules register themselves here (plan, export, bench-script, calibrate).
_EXTRA_COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = []


def _register_optional() -> None:
    import importlib

    _EXTRA_COMMANDS.clear()
    for name in ("gpuplanner.plan_cli", "gpuplanner.export.cli", "gpuplanner.calibrate_cli"):
        try:
            mod = importlib.import_module(name)
        except ImportError:
            continue
        _EXTRA_COMMANDS.append(mod.register)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] == "--smoke-test":
        try:
            from .ui.app import run_app
        except ImportError as err:
            print(f"gpuplanner: the desktop app is not available ({err})", file=sys.stderr)
            return 1
        return run_app(smoke_test=bool(argv))
    _register_optional()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_INPUT
    try:
        return int(args.func(args))
    except InputError as err:
        print(f"gpuplanner: {err}", file=sys.stderr)
        return EXIT_INPUT
    except FileAccessError as err:
        print(f"gpuplanner: {err}", file=sys.stderr)
        return EXIT_FILE
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
