"""`gpuplanner import-config FILE [--framework NAME] [--gpu ID] [--gpu-count N] [--model PRESET|config.json]
[--tokens N] -o OUT.gpuplan.toml` (spec §4.5): a framework's training config as a scenario, every assumption
printed."""

from __future__ import annotations

import argparse

from ..core.errors import InputError
from .args import EXIT_OK, Subparsers, add_command, positive_int


def _tokens(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of tokens such as 2e9, got {text!r}") from None
    if not value >= 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 token, got {text!r}")
    return value


def register(subparsers: Subparsers) -> None:
    from ..core.framework_config import FORMATS

    cmd = add_command(subparsers, "import-config", help="a torchtune/torchtitan/DeepSpeed/HF/axolotl/Megatron config "
                      "as a scenario")  # fmt: skip
    cmd.add_argument("file", help="the training config (YAML, TOML, JSON, or a file of command-line flags)")
    cmd.add_argument("--framework", choices=FORMATS, help="the config's framework (detected when absent)")
    cmd.add_argument("--gpu", help="catalog GPU id (a training config names none)")
    cmd.add_argument("--gpu-count", type=positive_int, metavar="N", help="GPUs the launcher starts")
    cmd.add_argument("--model", metavar="PRESET|config.json", help="the model, when the config does not name one")
    cmd.add_argument("--tokens", type=_tokens, metavar="N", help="tokens to train")
    cmd.add_argument("-o", "--output", required=True, metavar="OUT.gpuplan.toml", help="the scenario to write")
    cmd.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..core.catalog import CatalogError, load_catalog
    from ..core.engine import check_catalog_ids
    from ..core.framework_config import ImportOptions, import_config
    from ..core.scenario_io import write_scenario

    options = ImportOptions(
        framework=args.framework, gpu=args.gpu, gpu_count=args.gpu_count, model=args.model, tokens=args.tokens
    )
    catalog = load_catalog()
    if args.gpu:
        try:
            catalog.gpu(args.gpu)
        except CatalogError as err:
            raise InputError(err.detail, key="--gpu") from None
    imported = import_config(args.file, options)
    check_catalog_ids(imported.scenario, catalog, file=args.file)
    write_scenario(imported.scenario, args.output)
    s = imported.scenario
    print(f"wrote {args.output}: {s.name} ({imported.source_format} config, {s.workload.framework} profile)")
    if imported.assumptions:
        print("assumed:")
        for line in imported.assumptions:
            print(f"  - {line}")
    if imported.lora_alpha is not None:
        print(f"  - lora_alpha {imported.lora_alpha:g} is not a scenario key (memory and time do not depend on it)")
    return EXIT_OK
