"""The benchmark program, part 6: arguments, the timed training loop and the entry point."""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import time

from .common import CONFIG, EXIT_CONFIG, EXIT_OOM, BenchError, torch
from .measure import cpu_peak_bytes, live_tensors, nvidia_smi_used
from .result import expected_params, make_result, summary, write_result
from .train import MasterWeights, build, make_optimizer, style_of

# bench-script: the writer copies from here

# --- the run ------------------------------------------------------------------------------------------


def parse_args(argv):
    w, d = CONFIG["workload"], CONFIG["defaults"]
    p = argparse.ArgumentParser(description="gpuplanner benchmark of scenario " + repr(CONFIG["scenario_name"]))
    p.add_argument(
        "--device",
        choices=("cuda", "cpu"),
        default="cuda",
        help="cuda (default; one GPU per process, torchrun for several) or cpu (functional check)",
    )
    p.add_argument("--warmup", type=int, default=d["warmup"], help="untimed steps first (default %(default)s)")
    p.add_argument("--steps", type=int, default=d["steps"], help="timed steps (default %(default)s)")
    p.add_argument("--layers", type=int, help=f"build only the first K of {CONFIG['model']['layers']} layers")
    p.add_argument("--seq-len", type=int, default=w["seq_len"], help="tokens per sequence (default %(default)s)")
    p.add_argument(
        "--micro-batch",
        type=int,
        default=w["micro_batch"],
        help="sequences per GPU per micro-step (default %(default)s)",
    )
    p.add_argument(
        "--accum", type=int, default=w["grad_accum"], help="micro-batches per optimizer step (default %(default)s)"
    )
    p.add_argument("--out", default="bench_result.json", help="result JSON file (default %(default)s)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    for name in ("steps", "seq_len", "micro_batch", "accum"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.warmup < 1:
        p.error("--warmup must be at least 1 (the optimizer creates its states in the first step)")
    if args.layers is not None and args.layers < 1:
        p.error("--layers must be at least 1")
    return args


def setup_distributed(args):
    world = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    local = int(os.environ.get("LOCAL_RANK", "0"))
    if args.device == "cuda":
        if not torch.cuda.is_available():
            raise BenchError(
                "no CUDA GPU is visible to PyTorch (torch.cuda.is_available() is False); "
                "use --device cpu for a functional check"
            )
        device = torch.device("cuda", local)
        torch.cuda.set_device(device)
    else:
        device = torch.device("cpu")
    if world > 1:
        import torch.distributed as dist

        dist.init_process_group("nccl" if device.type == "cuda" else "gloo")
    return world, rank, device


def main(argv=None):
    args = parse_args(argv)
    m, w = CONFIG["model"], CONFIG["workload"]
    world, rank, device = setup_distributed(args)
    model, params, layers, bnb_version = build(args, device, world)
    param_dtype, autocast_dtype, master, scaled = style_of(w["precision"])
    n_trainable = sum(p.numel() for p in params)
    n_params = sum(p.numel() for p in model.parameters())
    if w["method"] in ("lora", "qlora"):  # the model's own parameters, adapters not included
        n_params -= n_trainable
    if w["method"] == "qlora":  # Params4bit numel() is the packed storage; count the logical weights
        n_params = expected_params(layers)

    loss_scale = 2.0**12 if (master and scaled) else 1.0
    grad_scaler = None
    optimizer = master_opt = None
    ddp = model
    in_backward = {}
    if master:
        master_opt = MasterWeights(params, w["optimizer"], device, world, loss_scale)
        impl = master_opt.impl
    elif w["optimizer_in_backward"]:

        def step_in_backward(p):
            in_backward[p].step()
            in_backward[p].zero_grad(set_to_none=True)

        for p in params:  # torchtune optimizer_in_bwd: one optimizer per parameter, stepped in its hook
            in_backward[p], impl = make_optimizer(w["optimizer"], [p], device, w["optimizer_impl"])
            p.register_post_accumulate_grad_hook(step_in_backward)
    else:
        optimizer, impl = make_optimizer(w["optimizer"], params, device, w["optimizer_impl"])
        if scaled:
            grad_scaler = torch.amp.GradScaler(device.type)
    if world > 1 and not master:
        from torch.nn.parallel import DistributedDataParallel as DDP

        ddp = DDP(model, device_ids=[device.index] if device.type == "cuda" else None, gradient_as_bucket_view=True)

    gen = torch.Generator(device="cpu").manual_seed(args.seed + rank)
    batches = [
        torch.randint(0, m["vocab"], (args.micro_batch, args.seq_len + 1), generator=gen).to(device) for _ in range(2)
    ]
    amp = (lambda: torch.autocast(device.type, dtype=autocast_dtype)) if autocast_dtype else contextlib.nullcontext
    offload = (
        (lambda: torch.autograd.graph.save_on_cpu(pin_memory=device.type == "cuda"))
        if w["activation_offload"]
        else contextlib.nullcontext
    )
    last_loss = [float("nan")]

    def micro_step(i, sync):
        tokens = batches[i % len(batches)]
        ctx = ddp.no_sync() if (ddp is not model and not sync) else contextlib.nullcontext()
        with ctx:
            with offload(), amp():
                loss = ddp(tokens[:, :-1], tokens[:, 1:]) / args.accum
            if grad_scaler is not None:
                grad_scaler.scale(loss).backward()
            else:
                (loss * loss_scale if loss_scale != 1.0 else loss).backward()
        last_loss[0] = loss.detach() * args.accum  # read once at the end: no host sync per micro-step

    def train_step():
        for i in range(args.accum):
            micro_step(i, i == args.accum - 1)
        if master_opt is not None:
            master_opt.step()
        elif optimizer is not None:
            if grad_scaler is not None:
                grad_scaler.step(optimizer)
                grad_scaler.update()
            else:
                optimizer.step()
            optimizer.zero_grad(set_to_none=True)

    def sync():
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        if world > 1:
            torch.distributed.barrier()

    for _ in range(args.warmup):
        train_step()
    sync()
    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats(device)
    times = []
    for _ in range(args.steps):
        t0 = time.perf_counter()
        train_step()
        sync()
        times.append(time.perf_counter() - t0)

    allocated = reserved = smi = smi_source = None
    memory_method = None
    if device.type == "cuda":
        allocated = int(torch.cuda.max_memory_allocated(device))
        reserved = int(torch.cuda.max_memory_reserved(device))
        smi, smi_source = nvidia_smi_used(device)
        memory_method = "torch.cuda"
    else:
        optimizers = [o for o in (optimizer, master_opt.optimizer if master_opt else None) if o is not None]
        optimizers += list(in_backward.values())
        allocated = cpu_peak_bytes(train_step, lambda: live_tensors(model, optimizers, master_opt, batches))
        memory_method = "cpu-tracker" if allocated is not None else None

    step_seconds = statistics.median(times)
    mine = {
        "rank": rank,
        "max_memory_allocated": allocated,
        "max_memory_reserved": reserved,
        "nvidia_smi_used": smi,
        "step_seconds": step_seconds,
    }
    ranks = [mine]
    if world > 1:
        ranks = [None] * world
        torch.distributed.all_gather_object(ranks, mine)
    if rank == 0:
        result = make_result(
            args,
            device,
            world,
            layers,
            n_params,
            n_trainable,
            impl,
            bnb_version,
            times,
            ranks,
            smi_source,
            memory_method,
            float(last_loss[0]),
        )
        write_result(args.out, result)
        print(summary(result))
    if world > 1:
        torch.distributed.destroy_process_group()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as err:
        sys.stderr.write(f"bench: {err}\n")
        sys.exit(EXIT_CONFIG)
    except (torch.cuda.OutOfMemoryError, MemoryError) as err:
        first = (str(err).splitlines() or [type(err).__name__])[0]
        sys.stderr.write(f"bench: out of memory ({first}); try --layers K, a smaller --micro-batch or --seq-len\n")
        sys.exit(EXIT_OOM)
