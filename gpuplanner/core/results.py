"""Typed results of the engine (spec §4.3). JSON is made from these at the edge (cli.py), never inside."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bands import Bands
    from .cost import CostEstimate
    from .serving import ServingEstimate


@dataclass(frozen=True)
class ModelCounts:
    params: int
    active_params: int
    trainable_params: int


@dataclass(frozen=True)
class Layout:
    """One parallel layout: what each GPU holds and how a step runs."""

    tp: int = 1
    pp: int = 1
    cp: int = 1
    ep: int = 1
    dp: int = 1
    zero: int = 0
    micro_batch: int = 1
    recompute: str = "selective"
    vpp: int = 1
    sequence_parallel: bool = False

    @property
    def gpus(self) -> int:
        return self.tp * self.pp * self.cp * self.dp

    def arguments(self) -> dict[str, int]:
        """The layout as the vectorised models' keyword arguments (recompute as its code)."""
        from .recompute import RECOMPUTE_CODES

        return {
            "tp": self.tp,
            "pp": self.pp,
            "cp": self.cp,
            "ep": self.ep,
            "dp": self.dp,
            "zero": self.zero,
            "micro_batch": self.micro_batch,
            "recompute": RECOMPUTE_CODES[self.recompute],
            "vpp": self.vpp,
        }

    @property
    def shard_degree(self) -> int:
        """ZeRO/FSDP shards states over dp × cp (CP ranks join the data-parallel group)."""
        return self.dp * self.cp


@dataclass(frozen=True)
class MemoryTerm:
    """One labelled contribution, for tooltips and the workbook: its per-parameter coefficient (0 where the
    term does not scale with parameters) and the formula behind it."""

    label: str
    bytes_per_param: float
    formula: str


@dataclass(frozen=True)
class MemoryBreakdown:
    """Bytes per GPU on the worst pipeline stage (spec §4.3 `memory.*`)."""

    weights: float
    gradients: float
    optimizer: float
    activations: float
    kv_cache: float
    overhead: float
    capacity: float
    max_micro_batch: int | None = None
    max_seq_len: int | None = None
    stage: int = 0
    stages: tuple[float, ...] = ()  # total per pipeline stage
    peak_phase: str = ""  # when the peak happens: "loss backward", "end of backward", "optimizer step", ...
    terms: tuple[MemoryTerm, ...] = field(default=(), compare=False)
    allocator_slack: float = 0.0  # caching-allocator reserve and fragmentation (part of `overhead`)
    unified: float | None = None  # CUDA unified memory outside the allocator (paged optimizer states)

    @property
    def total(self) -> float:
        return self.weights + self.gradients + self.optimizer + self.activations + self.kv_cache

    @property
    def reserved(self) -> float:
        """What torch.cuda.max_memory_reserved() reports: live tensors plus the allocator's reserve, without the
        CUDA context and NCCL buffers (spec §4.3: total ≤ reserved ≤ total + overhead)."""
        return self.total + self.allocator_slack

    @property
    def headroom(self) -> float:
        return self.capacity - self.total - self.overhead

    @property
    def fits(self) -> bool:
        return self.headroom >= 0


@dataclass(frozen=True)
class TimeEstimate:
    model_flops: float | None  # whole run, attention included, recompute excluded
    hardware_flops_per_step: float | None
    mfu: float | None
    tokens_per_second: float | None
    step_seconds: float | None
    wall_seconds: float | None
    gpu_hours: float | None
    compute_seconds: float | None = None
    exposed_comm_seconds: float | None = None
    bubble_fraction: float | None = None
    steps: float | None = None


@dataclass(frozen=True)
class GoodputEstimate:
    checkpoint_bytes: float
    checkpoint_write_seconds: float
    checkpoint_interval_seconds: float
    failures_expected: float
    lost_fraction: float
    lost_seconds: float


@dataclass(frozen=True)
class ClusterEstimate:
    nodes: int
    racks: int
    facility_kw: float
    storage_bytes: float
    it_kw: float = 0.0
    inter_node_gb_per_s_needed: float | None = None


# The sentences of a LinkNote, with named fields: the app and the Korean workbook translate the template and fill
# in the same fields (node/GPU id, assumed speed, scenario key stay as they are).
INTER_NODE_NOTE = "Inter-node link speed not published for node type {subject}; assumed {assumed} per GPU. Set {key}."
INTRA_NODE_NOTE = (
    "Intra-node link speed not published for GPU {subject}; assumed {assumed} per GPU (PCIe 3 x16). Set {key}."
)


@dataclass(frozen=True)
class LinkNote:
    """A link speed the estimate's layout runs over that neither the scenario nor the catalog gives, so a fallback
    was assumed (training_time.link_notes). `link` is "inter-node" or "intra-node"."""

    link: str
    subject: str  # the node type id (inter-node) or the GPU id (intra-node) that has no published speed
    assumed: str  # the fallback, with its unit: "10 Gb/s"
    key: str  # the scenario key that sets the speed

    @property
    def template(self) -> str:
        return INTER_NODE_NOTE if self.link == "inter-node" else INTRA_NODE_NOTE

    @property
    def text(self) -> str:
        return self.template.format(subject=self.subject, assumed=self.assumed, key=self.key)


@dataclass(frozen=True)
class Estimate:
    scenario_name: str
    gpu: str
    currency: str
    model: ModelCounts
    layout: Layout
    memory: MemoryBreakdown | None
    time: TimeEstimate | None = None
    goodput: GoodputEstimate | None = None
    cluster: ClusterEstimate | None = None
    cost: CostEstimate | None = None
    notes: tuple[LinkNote, ...] = ()  # assumptions the figures rest on that nobody published (LinkNote)
    serving: ServingEstimate | None = None  # method = "inference" only (spec §4.3 `serving`)
    bands: Bands | None = None  # 80% bands and the fit probability (spec §4.3 `bands`, core/bands.py)

    def to_dict(self) -> dict[str, Any]:
        """The `estimate --json` document (spec §4.3)."""
        from .report import estimate_document

        return estimate_document(self, self.scenario_name)
