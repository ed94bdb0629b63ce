"""The scenario: what the user plans, as frozen dataclasses (spec §4.1).

Loading and validation live in `scenario_io.py`; this module only describes the inputs and their defaults.
A field left as None was absent from the file: the engine (or the planner) chooses it.
Each class has a docstring: a dataclass without one gets its ``__doc__`` from ``inspect.signature`` when the
class is made (dataclasses.py, CPython 3.11), work the app's first paint would wait for (issue #15).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field

from .model import ModelSpec
from .records import record

SCHEMA_VERSION = 1

METHODS = ("pretrain", "full", "lora", "qlora", "inference")
TRAINING_METHODS = ("pretrain", "full", "lora", "qlora")
PRECISIONS = ("fp32", "bf16-mixed", "bf16-master", "bf16-true", "fp16-mixed", "fp16-master", "fp8-mixed")
PRECISION_ALIASES = {"bf16": "bf16-mixed", "fp16": "fp16-mixed", "fp8": "fp8-mixed"}
OPTIMIZERS = ("adamw", "adamw8bit", "sgd", "adafactor")
OFFLOADS = ("none", "optimizer", "full")
OPTIMIZER_IMPLS = ("fused", "foreach")
RECOMPUTES = ("none", "selective", "selective-op", "full")

# `workload.moe_dispatcher`: NCCL's all-to-all (Megatron-Core `alltoall`, torchtitan's default all_to_all_single) or
# the token-based kernels of DeepEP and HybridEP (Megatron-Core `flex` with `moe_flex_dispatcher_backend` deepep or
# hybridep; NeMo AutoModel's and torchtitan's `deepep`), which send a token once per GPU and once per remote node
# (core/moe_dispatch.py)
MOE_DISPATCHERS = ("alltoall", "deepep")
LORA_TARGETS = ("q", "k", "v", "o", "gate", "up", "down")
WEIGHT_PRECISIONS = ("bf16", "fp8", "int8", "int4", "fp4")
KV_PRECISIONS = ("bf16", "fp8")
CURRENCIES = ("USD", "KRW")
COST_TIERS = ("on_demand", "reserved_1y", "reserved_3y", "spot")

# Llama 3 paper (Dubey et al. 2024) §3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100 GPUs.
LLAMA3_FAILURES_PER_GPU_HOUR = 419 / (54 * 24 * 16_384)


@record
class Workload:
    """What is trained (or served): method, sequence, batch, precision, optimizer, memory savers, targets."""

    method: str
    seq_len: int
    micro_batch: int | None = None  # None: the planner chooses (1 without it)
    global_batch: int | None = None  # None: micro_batch × dp
    tokens: float | None = None
    dataset_tokens: float | None = None
    epochs: int | None = None
    precision: str = "bf16-mixed"
    optimizer: str = "adamw"
    optimizer_impl: str = "fused"  # "foreach": PyTorch's multi-tensor AdamW and its temporaries
    optimizer_in_backward: bool = False
    offload: str = "none"
    activation_offload: bool = False  # saved activations streamed to CPU memory (torchtune, DeepSpeed)
    recompute: str | None = None  # None: the planner chooses ("selective" without it)
    recompute_every: int = 1  # with recompute "full": every N-th layer recomputed (torchtitan's per-layer rule)
    framework: str = "generic"  # core/framework.py: whose implementation the step runs
    compile: bool = False  # torch.compile of the model (and, where the framework does, of the loss)
    optimizer_paged: bool = False  # bitsandbytes paged optimizer: states in CUDA unified memory
    fp8_recipe: str | None = None  # framework.FP8_RECIPES; None: the framework's
    moe_dispatcher: str | None = None  # MOE_DISPATCHERS; None: alltoall, every framework's NCCL path
    flash_attention: bool = True
    dropout: bool = False  # attention/hidden dropout masks kept for backward (GPT-3-era Megatron runs)
    chunked_loss: bool = False
    lora_rank: int = 16
    lora_targets: tuple[str, ...] = ("q", "k", "v", "o")
    lora_dropout: float = 0.0  # peft's dropout on each adapter's input (its mask and dropped copy are saved)
    batch: int | str = 1  # inference: concurrent sequences of the deployment, or "max" (as many as the KV cache holds)
    weight_precision: str = "bf16"
    kv_precision: str = "bf16"
    input_len: int | None = None  # inference: prompt tokens per request (seq_len = input_len + output_len)
    output_len: int | None = None  # inference: generated tokens per request
    target_output_tokens_per_second: float | None = None  # inference targets for `plan`
    ttft_slo_ms: float | None = None
    tpot_slo_ms: float | None = None
    mfu: float | None = None
    deadline_days: float | None = None

    @property
    def is_training(self) -> bool:
        return self.method in TRAINING_METHODS

    @property
    def is_lora(self) -> bool:
        return self.method in ("lora", "qlora")

    @property
    def batch_is_max(self) -> bool:
        return self.batch == "max"

    @property
    def training_tokens(self) -> float | None:
        if self.tokens is not None:
            return self.tokens
        if self.dataset_tokens is not None:
            return self.dataset_tokens * (self.epochs or 1)
        return None


@record
class Hardware:
    """The GPU type and count, the compared candidates and the interconnect (None: the catalog's)."""

    gpu: str
    gpu_count: int
    candidates: tuple[str, ...] = ()  # empty: (gpu,)
    gpus_per_node: int | None = None  # None: the node type's, else 8
    node: str | None = None  # None: the catalog's default node for the GPU
    intra_node_gbytes_per_s: float | None = None  # GB/s per GPU inside a node, one direction; None: the node's
    inter_node_gbits_per_s: float | None = None  # Gb/s per GPU between nodes, one direction; None: the node's

    @property
    def compared_gpus(self) -> tuple[str, ...]:
        return self.candidates or (self.gpu,)


@record
class Parallel:
    """Absent keys (None) are chosen by the planner."""

    tp: int | None = None
    pp: int | None = None
    cp: int | None = None
    ep: int | None = None
    vpp: int = 1
    zero: int | None = None
    sequence_parallel: bool | None = None  # None: tp > 1

    @property
    def fully_given(self) -> bool:
        return None not in (self.tp, self.pp, self.cp, self.ep, self.zero)


@record
class Goodput:
    """Failures and restarts: the time lost to interruptions over a long run."""

    failures_per_gpu_hour: float = LLAMA3_FAILURES_PER_GPU_HOUR
    checkpoint_write_gbps: float | None = None  # GB/s; None: the site profile's
    restart_minutes: float | None = None  # None: the site profile's


@record
class Cluster:
    """Facility limits of the cluster."""

    kw_per_rack: float = 40.0


@record
class CostSettings:
    """The scenario's `[cost]` table; None = the catalog default (site profile, default offers, node type)."""

    horizon_years: float = 3.0
    utilization: float = 0.7
    currency: str = "USD"
    usd_to_krw: float | None = None
    site: str | None = None
    cloud_usd_per_gpu_hour: float | None = None
    reserved_1y_usd_per_gpu_hour: float | None = None
    reserved_3y_usd_per_gpu_hour: float | None = None
    spot_usd_per_gpu_hour: float | None = None
    spot_lost_fraction: float = 0.1
    node_price_usd: float | None = None
    network_usd_per_node: float | None = None
    install_usd_per_node: float | None = None
    electricity_usd_per_kwh: float | None = None
    electricity_escalation_per_year: float = 0.0
    pue: float | None = None
    colocation_usd_per_kw_month: float | None = None
    support_fraction_per_year: float | None = None
    staff_usd_per_year: float | None = None
    software_usd_per_year: float | None = None
    import_tax_fraction: float = 0.0
    discount_rate: float | None = None
    depreciation_years: float | None = None
    # issue #23 (spec §4.3.1): power as drawn, market resale, one-off facility, renting extras, leasing, lead time
    node_power_kw: float | None = None  # training draw of one node (P_draw); None: the node type's
    node_idle_power_kw: float | None = None
    # resale value as a fraction of capex by age: ((age_years, fraction), ...) sorted by age; None: the node
    # type's curve, else straight line. The file holds an inline table {"1" = 0.7, "3" = 0.35} or [[1, 0.7], …]
    residual_fraction: tuple[tuple[float, float], ...] | None = None
    facility_usd_per_node: float | None = None
    cloud_storage_usd_per_tb_month: float | None = None
    cloud_egress_usd_per_tb: float | None = None
    cloud_support_fraction: float | None = None
    lease_usd_per_node_month: float | None = None
    lease_term_months: float | None = None
    lease_buyout_fraction: float | None = None
    lead_time_months: float = 0.0

    def __post_init__(self) -> None:
        if self.residual_fraction is not None and not isinstance(self.residual_fraction, tuple):
            object.__setattr__(self, "residual_fraction", residual_pairs(self.residual_fraction))


def residual_pairs(value: object) -> tuple[tuple[float, float], ...]:
    """A checked `residual_fraction` (inline table of age → fraction, or a list of [age, fraction] pairs) as
    ((age_years, fraction), ...) sorted by age."""
    items: Iterable[tuple[object, object]] = value.items() if isinstance(value, dict) else value  # type: ignore[assignment]
    pairs = [(float(a), float(f)) for a, f in items]  # type: ignore[arg-type]
    return tuple(sorted(pairs))


@record
class Scenario:
    """One plan's inputs: the `.gpuplan.toml` file."""

    name: str
    model: ModelSpec
    workload: Workload
    hardware: Hardware
    model_preset: str | None = None
    parallel: Parallel = field(default_factory=Parallel)
    goodput: Goodput = field(default_factory=Goodput)
    cluster: Cluster = field(default_factory=Cluster)
    cost: CostSettings = field(default_factory=CostSettings)
    schema: int = SCHEMA_VERSION
