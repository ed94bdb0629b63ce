"""torchtitan runner: its Llama 3 model, its parallelize_llama (AC, TP, FSDP2), its loss and optimizer.

One step follows torchtitan/train.py (0.2.2) ``Trainer.train_step``: ``optimizers.zero_grad()`` (torch
default ``set_to_none=True``), forward, ``cross_entropy_loss`` (``pred.flatten(0, 1).float()``, reduction
sum), ``loss / global_valid_tokens``, ``del pred``, ``loss.backward()``, ``dist_utils.clip_grad_norm_``
(foreach), ``optimizers.step()``. Rank 0 of a fake process group; FSDPMemTracker accounts it.
"""

from __future__ import annotations

import copy
import time
from typing import Any

import common as C
import torch

FLAVORS = ("debugmodel", "8B")


def _spec(args: Any, model: torch.nn.Module) -> dict[str, Any]:
    ffn = model.layers["0"].feed_forward.w1.weight.shape[0] if hasattr(model.layers, "__getitem__") else None
    n_params = sum(p.numel() for p in model.parameters())
    return {
        "name": "",
        "layers": args.n_layers,
        "hidden": args.dim,
        "heads": args.n_heads,
        "kv_heads": args.n_kv_heads or args.n_heads,
        "head_dim": args.dim // args.n_heads,
        "ffn_hidden": ffn,
        "vocab": args.vocab_size,
        "tied_embeddings": False,
        "params": n_params,
        "trainable_params": n_params,
    }


def case_id(c: dict[str, Any]) -> str:
    ac = c["ac"] + (f"{c['ac_every']}" if c["ac"] == "layer" else "")
    parts = [
        "torchtitan",
        f"llama3-{c['flavor']}",
        f"s{c['seq_len']}",
        f"b{c['micro_batch']}",
        f"ac-{ac}",
        f"ws{c['world_size']}",
    ]
    if c.get("tp", 1) > 1:
        parts.append(f"tp{c['tp']}")
    if c.get("pp", 1) > 1:
        parts.append(f"pp{c['pp']}")
    if c.get("reshard", "default") != "default":
        parts.append(f"reshard-{c['reshard']}")
    if c.get("optimizer_impl", "fused") != "fused":
        parts.append(f"opt-{c['optimizer_impl']}")
    if c.get("float8"):
        parts.append("float8")
    if c.get("compile"):
        parts.append("compile")
    return "/".join(parts)


def _job_config(c: dict[str, Any]) -> Any:
    from torchtitan.config import JobConfig

    jc = JobConfig()
    jc.training.seq_len = c["seq_len"]
    jc.training.local_batch_size = c["micro_batch"]
    jc.parallelism.tensor_parallel_degree = c.get("tp", 1)
    jc.parallelism.pipeline_parallel_degree = c.get("pp", 1)
    if c.get("pp", 1) > 1:
        jc.parallelism.pipeline_parallel_microbatch_size = 1
    jc.parallelism.fsdp_reshard_after_forward = c.get("reshard", "default")
    jc.optimizer.implementation = c.get("optimizer_impl", "fused")
    ac = c["ac"]
    if ac == "none" or ac == "full":
        jc.activation_checkpoint.mode = ac
    elif ac == "op":
        jc.activation_checkpoint.mode = "selective"
        jc.activation_checkpoint.selective_ac_option = "op"
    elif ac == "layer":
        # torchtitan's per-layer rule: full AC on every N-th block (activation_checkpoint._apply_layer_sac)
        jc.activation_checkpoint.mode = "selective"
        jc.activation_checkpoint.selective_ac_option = str(c["ac_every"])
    else:
        raise ValueError(ac)
    if c.get("compile"):
        jc.compile.enable = True
        jc.compile.components = ["model", "loss"]
    if c.get("float8"):
        jc.model.converters = ["quantize.linear.float8"]
    return jc


def run_case(c: dict[str, Any]) -> dict[str, Any]:
    import torch.distributed as dist
    import torchtitan.distributed.parallel_dims as tt_pd
    import torchtitan.models.llama3.infra.parallelize as tt_par
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.testing._internal.distributed.fake_pg import FakeStore
    from torchtitan.components.loss import cross_entropy_loss
    from torchtitan.components.optimizer import build_optimizers
    from torchtitan.distributed import ParallelDims
    from torchtitan.distributed import utils as dist_utils
    from torchtitan.models.llama3 import Transformer, llama3_args, parallelize_llama

    t_start = time.time()
    notes: list[str] = []
    ws, tp, pp = c["world_size"], c.get("tp", 1), c.get("pp", 1)
    s, b = c["seq_len"], c["micro_batch"]
    if not dist.is_initialized():
        dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=ws)
    # torchtitan.tools.utils.device_type falls back to "cuda" when no accelerator exists
    tt_pd.device_type = "cpu"
    # The CPU SDPA kernel is not in torchtitan's op-SAC save list (it lists the CUDA flash/efficient/cudnn
    # kernels): add it, as a CUDA run would save its flash-attention output.
    tt_par._op_sac_save_list.add(torch.ops.aten._scaled_dot_product_flash_attention_for_cpu.default)
    jc = _job_config(c)
    pd = ParallelDims(dp_replicate=1, dp_shard=-1, cp=1, tp=tp, pp=pp, ep=1, etp=1, world_size=ws)
    pd.build_mesh()
    args = copy.deepcopy(llama3_args[c["flavor"]])
    args.update_from_config(jc)
    # trainer: meta init, converters (float8), parallelize, to_empty, init_weights
    with torch.device("meta"):
        model = Transformer(args)
    if c.get("float8"):
        from torchtitan.protocols.model_converter import build_model_converters

        build_model_converters(jc, pd).convert(model)
    if pp > 1:
        from torchtitan.distributed.pipeline_parallel import pipeline_llm

        pipeline_llm(model, pd, jc, torch.device("cpu"), args, parallelize_llama, cross_entropy_loss)
        raise NotImplementedError(
            "torchtitan pipeline_llm built the stages and schedule, but schedule.step() runs P2P send/recv "
            "between stage ranks; this single-rank fake-PG harness does not run or account for it"
        )
    model = parallelize_llama(model, pd, jc)
    spec = _spec(args, model)
    spec["name"] = f"llama3-{c['flavor']}"
    spec["params"] = spec["trainable_params"] = _logical_params(args)
    with FakeTensorMode(allow_non_fake_inputs=True):
        model.to_empty(device="cpu")
        # init_weights' trunc_normal_ is data-dependent under fake tensors; only the RoPE buffer matters
        with torch.no_grad(), torch.device("cpu"):
            model.freqs_cis = model._precompute_freqs_cis()
        model.train()
        optimizers = build_optimizers([model], jc.optimizer, pd)
        inner_opt = optimizers.optimizers[0]
        tokens = torch.randint(0, args.vocab_size, (b, s))
        labels = torch.randint(0, args.vocab_size, (b, s))
        global_valid_tokens = torch.tensor(float(b * s * pd.dp_shard))
        train_context = dist_utils.get_train_context(pd.tp_enabled and not jc.parallelism.disable_loss_parallel)
        mt = C.make_fsdp_tracker(model, inner_opt)
        mt.track_inputs((tokens, labels))
        model.output.register_forward_pre_hook(lambda *_: mt.mark("head_start", segment="head_loss"))
        params = list(model.parameters())

        def one_step(tr: Any) -> None:
            # FSDPMemTracker books a phantom full-size copy in zero_grad under fake mode: untracked
            with tr.pause():
                optimizers.zero_grad()
            tr.mark("step_start", segment="forward")
            with train_context():
                pred = model(tokens)
                loss = cross_entropy_loss(pred, labels) / global_valid_tokens
                del pred
                tr.mark("before_backward", segment="backward")
                loss.backward()
            del loss
            tr.mark("after_backward", segment="clip")
            with tr.pause():
                dist_utils.clip_grad_norm_(params, jc.training.max_norm, foreach=True)
            tr.mark("before_optimizer", segment="optimizer")
            optimizers.step()
            tr.mark("after_optimizer", segment="end")

        step1, step2 = C.run_two_steps(mt, one_step)
        opt_state_bytes = sum(
            v._local_tensor.untyped_storage().nbytes() if hasattr(v, "_local_tensor") else v.untyped_storage().nbytes()
            for st in inner_opt.state.values()
            for v in st.values()
            if isinstance(v, torch.Tensor)
        )
    derived = _derived(step2, opt_state_bytes)
    notes += [
        "zero_grad: optimizers.zero_grad() at the start of train_step, torch default set_to_none=True "
        "(run untracked: FSDPMemTracker books a phantom model copy there under fake mode)",
        "loss: torchtitan cross_entropy_loss = F.cross_entropy(pred.flatten(0,1).float(), reduction='sum') "
        "/ global_valid_tokens; pred deleted before backward",
        f"FSDP2 MixedPrecisionPolicy(param={jc.training.mixed_precision_param}, "
        f"reduce={jc.training.mixed_precision_reduce}); fp32 sharded params/grads/AdamW states",
        "clip_grad_norm_(foreach) run untracked (scalar norms only)",
        f"AdamW implementation={jc.optimizer.implementation}, weight_decay={jc.optimizer.weight_decay}",
    ]
    if c["ac"] == "op":
        notes.append(
            "op-SAC: saves mm outputs except every 2nd mm, SDPA outputs (CPU flash op added), max, "
            "reduce_scatter; recomputes the rest (activation_checkpoint._apply_op_sac)"
        )
    reshard = jc.parallelism.fsdp_reshard_after_forward
    workload = {
        "method": "pretrain",
        "seq_len": s,
        "micro_batch": b,
        "precision": "bf16-master",
        "optimizer": "adamw",
        "optimizer_impl": jc.optimizer.implementation,
        "optimizer_in_backward": False,
        "recompute": {"none": "none", "full": "full", "op": "selective-op", "layer": "full"}[c["ac"]],
        "recompute_every": c.get("ac_every", 1) if c["ac"] in ("full", "layer") else None,
        "chunked_loss": False,
        "lora_rank": None,
        "lora_targets": None,
    }
    parallel = {
        "world_size": ws,
        "fsdp_shard": pd.dp_shard,
        "tp": tp,
        "pp": pp,
        "reshard_after_forward": reshard,
        "reshard_after_forward_effective": (
            "blocks+embedding: yes; final norm+output: no; root: yes" if reshard == "default" else reshard
        ),
        "loss_parallel": pd.tp_enabled and not jc.parallelism.disable_loss_parallel,
    }
    return C.build_record(
        rid=c["id"],
        framework="torchtitan",
        vers=C.versions("torchtitan"),
        model=spec,
        workload=workload,
        parallel=parallel,
        step2=step2,
        step1=step1,
        derived=derived,
        notes=notes,
        t_start=t_start,
    )


def _logical_params(args: Any) -> int:
    with torch.device("meta"):
        from torchtitan.models.llama3 import Transformer

        m = Transformer(args)
    return sum(p.numel() for p in m.parameters())


def _derived(st: dict[str, Any], opt_state_bytes: int) -> dict[str, Any]:
    marks, seg = st["marks"], st["segment_max"]
    d: dict[str, Any] = {"optimizer_state_bytes": opt_state_bytes}
    bb = marks.get("before_backward")
    if bb is not None:
        d["act_saved_for_backward"] = C.cat_of(bb, "act")
        d["total_before_backward"] = C.total_of(bb)
    hs = marks.get("head_start")
    if hs is not None and "head_loss" in seg:
        d["head_loss_fw_peak_delta"] = seg["head_loss"] - C.total_of(hs)
        if bb is not None:
            d["head_loss_retained_for_bw"] = C.total_of(bb) - C.total_of(hs)
    if bb is not None and "backward" in seg:
        d["backward_peak_delta"] = seg["backward"] - C.total_of(bb)
    ab = marks.get("after_backward")
    if ab is not None:
        d["grad_after_backward"] = C.cat_of(ab, "grad")
    return d


def grid() -> list[dict[str, Any]]:
    g: list[dict[str, Any]] = []

    def add(**kw: Any) -> None:
        c = {"flavor": "8B", "seq_len": 4096, "micro_batch": 1, "ac": "none", "world_size": 8, **kw}
        c["id"] = case_id(c)
        g.append(c)

    for ac in ("none", "full", "op"):
        add(flavor="debugmodel", seq_len=2048, ac=ac)
    for s in (2048, 4096):
        for ac in ("none", "full", "op"):
            add(seq_len=s, ac=ac)
    add(seq_len=8192, ac="full")
    add(seq_len=8192, ac="op")
    add(ac="layer", ac_every=2)
    add(micro_batch=2, ac="op")
    add(world_size=32, ac="op")
    add(world_size=64, ac="full")
    add(reshard="never", ac="op")
    add(optimizer_impl="foreach", ac="op")
    add(tp=2, ac="op")
    add(flavor="debugmodel", seq_len=2048, tp=2, ac="op")
    add(flavor="debugmodel", seq_len=2048, micro_batch=2, pp=2, ac="full")
    add(flavor="debugmodel", seq_len=2048, float8=True)
    add(flavor="debugmodel", seq_len=2048, compile=True)
    return g


def worker(c: dict[str, Any]) -> dict[str, Any]:
    try:
        return run_case(c)
    except Exception as e:  # recorded: what does not run is part of the truth
        return C.error_record(c, "torchtitan", e)
