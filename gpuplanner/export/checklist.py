"""The procurement checklist of the source articles, filled with one scenario's figures.

Source: shared/seeds 000 "대규모 언어 모델 학습용 GPU 서버 추천" §3 (GPU memory is not pooled; ask for the
topology diagram, GPU-to-GPU bandwidth, CPU socket and PCIe placement; separate training network, measured
latency and bandwidth; storage with local NVMe cache, checkpoint interval, retention, encryption and restore
test) and §5 "구매 전 체크리스트" (VRAM estimate; single vs multi node, GPU connectivity and network; a test
image with pinned CUDA, driver, PyTorch and NCCL versions; throughput and failure recovery on a slice of the
data; 1- and 3-year cloud vs on-prem TCO by utilization; warranty, parts replacement time, remote management,
power and cooling in the contract).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cells import F

if TYPE_CHECKING:
    from .workbook import Builder

GIB = 2**30
SEED = "shared/seeds/000 §3, §5 (구매 전 체크리스트)"


@dataclass(frozen=True)
class Item:
    title: str
    ask: str
    scenario: str
    figure: Any  # F formula or a value
    unit: str
    fmt: str


def _n(v: float | None, spec: str = ",.1f") -> str:
    return "n/a" if v is None else format(v, spec)


def checklist_items(b: Builder) -> list[Item]:
    ko = b.lang == "ko"
    main = b.main
    e, gpu, node, inp = main.est, main.gpu, main.node, main.inputs
    mem, tm, gp, cl = e.memory, e.time, e.goodput, e.cluster
    lay = e.layout
    s = b.s
    cells = main.cells

    def tr(en: str, kr: str) -> str:
        return kr if ko else en

    items: list[Item] = []
    # 1. VRAM
    if mem is not None:
        verdict = tr("fits", "적합") if mem.fits else tr("DOES NOT FIT", "부족")
        text = tr(
            f"{gpu.name}: peak {mem.total / GIB:.1f} GiB + overhead {mem.overhead / GIB:.1f} GiB of "
            f"{mem.capacity / GIB:.1f} GiB per GPU, {verdict}; {s.model.name}, sequence {s.workload.seq_len}, "
            f"micro-batch {lay.micro_batch}. Memory is not pooled across GPUs: the layout "
            f"(tp={lay.tp}, pp={lay.pp}, ZeRO {lay.zero}) decides what each GPU holds.",
            f"{gpu.name}: GPU당 최대 {mem.total / GIB:.1f} GiB + 오버헤드 {mem.overhead / GIB:.1f} GiB / "
            f"{mem.capacity / GIB:.1f} GiB, {verdict}; {s.model.name}, 시퀀스 {s.workload.seq_len}, "
            f"마이크로배치 {lay.micro_batch}. 여러 GPU의 메모리는 자동으로 합쳐지지 않으며 병렬화 구성"
            f"(tp={lay.tp}, pp={lay.pp}, ZeRO {lay.zero})이 GPU별 적재량을 정합니다.",
        )
    else:
        text = "n/a"
    items.append(
        Item(
            tr("VRAM estimate for the model, sequence length and batch", "모델·시퀀스 길이·배치 기준 VRAM 추정"),
            tr(
                "Fix the parameters, the longest sequence and the target batch; check the per-GPU memory "
                "with the sharding plan, not the sum over GPUs.",
                "모델 파라미터, 최대 시퀀스 길이, 목표 배치 크기를 정하고 분산 전략 기준 GPU당 메모리를 "
                "확인하세요 (GPU 합계가 아님).",
            ),
            text,
            F(cells["headroom"]),
            tr("GiB headroom per GPU", "GPU당 여유 GiB"),
            "gib",
        )
    )
    # 2. topology
    items.append(
        Item(
            tr("Interconnect topology diagram", "GPU 연결 토폴로지 다이어그램"),
            tr(
                "Ask the vendor for the topology diagram: which GPUs share NVLink/NVSwitch or PCIe switches, "
                "CPU sockets, and where the NICs and NVMe drives sit on PCIe.",
                "견적 시 GPU 개수만 묻지 말고 토폴로지 다이어그램(NVLink·NVSwitch·PCIe 스위치 구성), CPU "
                "소켓과 NIC·NVMe의 PCIe 배치를 요청하세요.",
            ),
            tr(
                f"{cl.nodes if cl else 'n/a'} node(s) of {inp.gpus_per_node} × {gpu.name} ({node.name}); "
                f"link {gpu.intra_node_link}; tensor parallel tp={lay.tp} should stay inside one node.",
                f"{node.name} {cl.nodes if cl else 'n/a'}대 (노드당 {gpu.name} {inp.gpus_per_node}개); "
                f"연결 {gpu.intra_node_link}; 텐서 병렬 tp={lay.tp}는 한 노드 안에 두어야 합니다.",
            ),
            F(cells["nodes"]),
            tr("nodes", "노드"),
            "int",
        )
    )
    # 3. GPU-to-GPU bandwidth
    items.append(
        Item(
            tr("GPU-to-GPU bandwidth", "GPU 간 대역폭"),
            tr(
                "Ask for the per-GPU NVLink/PCIe bandwidth and measure the all-reduce bus bandwidth "
                "(nccl-tests) on the delivered system.",
                "GPU당 NVLink/PCIe 대역폭을 확인하고, 납품 장비에서 nccl-tests로 all-reduce 대역폭을 측정하세요.",
            ),
            tr(
                f"{gpu.intra_node_link}: {_n(gpu.intra_node_gb_per_s, ',.0f')} GB/s per GPU, one way "
                f"(catalog: {gpu.spec_source}, {gpu.spec_as_of}).",
                f"{gpu.intra_node_link}: GPU당 단방향 {_n(gpu.intra_node_gb_per_s, ',.0f')} GB/s "
                f"(카탈로그: {gpu.spec_source}, {gpu.spec_as_of}).",
            ),
            gpu.intra_node_gb_per_s,
            "GB/s",
            "int",
        )
    )
    # 4. network fabric
    need = cl.inter_node_gb_per_s_needed if cl else None
    items.append(
        Item(
            tr("Network fabric between nodes", "노드 간 네트워크 패브릭"),
            tr(
                "InfiniBand or high-speed Ethernet (RoCE); a training network separate from the "
                "management network; measure latency and bandwidth between nodes.",
                "InfiniBand 또는 고속 이더넷(RoCE) 선택; 관리망과 학습용 고속망 분리; 노드 간 지연시간과 "
                "실제 대역폭 측정.",
            ),
            tr(
                f"{node.network}: {_n(node.network_gb_per_s_per_gpu)} GB/s per GPU, one way"
                + (f"; needed about {need:.1f} GB/s per GPU" if need else "")
                + f"; {cl.nodes if cl else 'n/a'} node(s), data parallel dp={lay.dp}.",
                f"{node.network}: GPU당 단방향 {_n(node.network_gb_per_s_per_gpu)} GB/s"
                + (f"; 필요 대역폭 약 {need:.1f} GB/s" if need else "")
                + f"; 노드 {cl.nodes if cl else 'n/a'}대, 데이터 병렬 dp={lay.dp}.",
            ),
            node.network_gb_per_s_per_gpu,
            tr("GB/s per GPU", "GPU당 GB/s"),
            "num2",
        )
    )
    # 5. storage and checkpoints
    if gp is not None and cl is not None:
        text = tr(
            f"checkpoint {gp.checkpoint_bytes / 1e9:,.0f} GB written in {gp.checkpoint_write_seconds:,.0f} s; "
            f"interval {gp.checkpoint_interval_seconds / 3600:,.2f} h (Young/Daly); storage "
            f"{cl.storage_bytes / 1e12:,.2f} TB for 3 checkpoints and the tokenised data set. Plan retention, "
            f"encryption and a restore test; a local NVMe cache avoids object-storage read stalls.",
            f"체크포인트 {gp.checkpoint_bytes / 1e9:,.0f} GB, 저장 {gp.checkpoint_write_seconds:,.0f}초; 주기 "
            f"{gp.checkpoint_interval_seconds / 3600:,.2f}시간(Young/Daly); 스토리지 "
            f"{cl.storage_bytes / 1e12:,.2f} TB (체크포인트 3개 + 토큰화 데이터셋). 보존 개수, 암호화, 복구 "
            f"테스트를 계획하고 로컬 NVMe 캐시로 읽기 병목을 줄이세요.",
        )
        fig: Any = cl.storage_bytes / 1e12
    else:
        text = tr(
            f"inference: weights {cl.storage_bytes / 1e9:,.0f} GB" if cl else "n/a",
            f"추론: 가중치 {cl.storage_bytes / 1e9:,.0f} GB" if cl else "n/a",
        )
        fig = cl.storage_bytes / 1e12 if cl else None
    items.append(
        Item(
            tr("Storage and checkpoints", "스토리지와 체크포인트"),
            tr(
                "Design storage for the data set and checkpoints: write speed, checkpoint interval, "
                "retention, encryption, restore test.",
                "데이터셋과 체크포인트용 스토리지 설계: 저장 속도, 저장 주기, 보존 개수, 암호화, 복구 테스트.",
            ),
            text,
            fig,
            "TB",
            "num2",
        )
    )
    # 6. pinned versions
    stack = "ROCm, RCCL" if gpu.vendor.upper() == "AMD" else "CUDA, NCCL"
    items.append(
        Item(
            tr("Pinned CUDA / driver / PyTorch / NCCL versions", "CUDA·드라이버·PyTorch·NCCL 버전 고정"),
            tr(
                "Prepare a test image with pinned driver, CUDA (or ROCm), PyTorch and NCCL (or RCCL) "
                "versions; a mismatched combination can waste an expensive GPU.",
                "드라이버·CUDA(또는 ROCm)·PyTorch·NCCL(또는 RCCL) 버전을 고정한 테스트 이미지를 준비하세요. "
                "조합이 맞지 않으면 고가 GPU도 제 성능을 내지 못합니다.",
            ),
            tr(
                f"{gpu.vendor} {gpu.name}: {stack}; precision {s.workload.precision}, optimizer "
                f"{s.workload.optimizer}, FlashAttention {'on' if s.workload.flash_attention else 'off'}.",
                f"{gpu.vendor} {gpu.name}: {stack}; 정밀도 {s.workload.precision}, 옵티마이저 "
                f"{s.workload.optimizer}, FlashAttention {'사용' if s.workload.flash_attention else '미사용'}"
                ".",
            ),
            None,
            "",
            "text",
        )
    )
    # 7. failure and restart test
    if gp is not None and tm is not None and tm.tokens_per_second is not None and tm.mfu is not None:
        text = tr(
            f"expected {gp.failures_expected:,.1f} failure(s) during the run; restart and lost work cost "
            f"{gp.lost_fraction * 100:,.2f} % of the wall-clock time; steady-state throughput "
            f"{tm.tokens_per_second:,.0f} tokens/s (MFU {tm.mfu * 100:,.1f} %). Kill a node during a short "
            f"run on a slice of the data and time the recovery.",
            f"학습 중 예상 장애 {gp.failures_expected:,.1f}회; 재시작과 손실 작업이 전체 시간의 "
            f"{gp.lost_fraction * 100:,.2f} %; 정상 처리량 {tm.tokens_per_second:,.0f} 토큰/초 "
            f"(MFU {tm.mfu * 100:,.1f} %). 데이터 일부로 짧게 학습하며 노드를 중단시켜 복구 시간을 재세요.",
        )
        fig = gp.failures_expected
    else:
        text, fig = tr("not a training run", "학습 작업 아님"), None
    items.append(
        Item(
            tr("Failure and restart test", "장애 및 재시작 테스트"),
            tr(
                "On the same slice of data, verify training throughput and recovery after a failure "
                "(checkpoint restore, restart time).",
                "동일한 데이터 일부로 학습 처리량과 장애 복구(체크포인트 복원, 재시작 시간)를 검증하세요.",
            ),
            text,
            fig,
            tr("failures expected", "예상 장애 횟수"),
            "num2",
        )
    )
    # 8. TCO by utilization
    items.append(
        Item(
            tr("Cloud vs on-prem TCO at 1 and 3 years by utilization", "가동률별 클라우드·온프레미스 1년·3년 TCO"),
            tr(
                "Compute both at the utilization you expect; below the break-even utilization renting is cheaper.",
                "예상 가동률로 둘 다 계산하세요. 손익분기 가동률보다 낮으면 임대가 저렴합니다.",
            ),
            tr(
                "See the TCO sheet (totals at 1, 3 and 5 years) and the Utilization sheet; the figure is the "
                "break-even utilization of option 1.",
                "TCO 시트(1·3·5년 합계)와 가동률 시트를 보세요. 수치는 옵션 1의 손익분기 가동률입니다.",
            ),
            F("out_breakeven_utilization"),
            tr("utilization", "가동률"),
            "pct",
        )
    )
    # 9. warranty and parts
    support_pct = _n(None if inp.support_fraction_per_year is None else inp.support_fraction_per_year * 100)
    items.append(
        Item(
            tr("Warranty, parts and remote management", "보증·부품 교체·원격 관리"),
            tr(
                "Check the warranty scope, parts replacement time, spare parts, remote management (BMC) "
                "and the support contract; a quote with only the GPU model needs more questions.",
                "공급사의 보증 범위, 부품 교체 시간, 예비 부품, 원격 관리(BMC), 유지보수 계약을 "
                "계약서에서 확인하세요. 견적서에 GPU 모델만 있다면 추가 질문이 필요합니다.",
            ),
            tr(
                f"support budgeted at {support_pct} % "
                f"of capex per year; depreciation over {_n(inp.depreciation_years, 'g')} years.",
                f"유지보수 예산: 연간 초기 투자비의 {support_pct} %; 감가상각 {_n(inp.depreciation_years, 'g')}년.",
            ),
            F(_support_ref(b)),
            tr(f"{b.currency} per year", f"연간 {b.currency}"),
            "money",
        )
    )
    # 10. power and cooling
    full = b.n(main, "node_power_full_kw")
    items.append(
        Item(
            tr("Power and cooling", "전력과 냉각"),
            tr(
                "Check the power per rack, the cooling method (air or liquid) and the facility's PUE "
                "before ordering; put them in the contract.",
                "주문 전 랙당 전력, 냉각 방식(공랭·수랭), 시설 PUE를 확인하고 계약서에 넣으세요.",
            ),
            tr(
                f"{cl.it_kw if cl else 0:,.1f} kW IT at full load, {cl.facility_kw if cl else 0:,.1f} kW "
                f"with PUE; {cl.racks if cl else 'n/a'} rack(s) at {s.cluster.kw_per_rack:g} kW per rack.",
                f"최대 부하 IT 전력 {cl.it_kw if cl else 0:,.1f} kW, "
                f"PUE 포함 {cl.facility_kw if cl else 0:,.1f} kW; 랙당 {s.cluster.kw_per_rack:g} kW 기준 "
                f"{cl.racks if cl else 'n/a'}개 랙.",
            ),
            F(f'IF(ISNUMBER({full}),{cells["nodes"]}*{full}*{b.n(main, "pue")},"")'),
            tr("kW at the wall (full load × PUE)", "kW (최대 부하 × PUE)"),
            "kw",
        )
    )
    return items


def _support_ref(b: Builder) -> str:
    rows = b.tco_blocks[1]
    return f"TCO!$C${rows['support_py']}"
