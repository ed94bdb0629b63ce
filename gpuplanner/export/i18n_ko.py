"""Korean for the workbook's units, headers, row labels and chart legends (merged into i18n.KO). Keyed by the
exact English cell text; the whole-cell pass of workbook/localize.py looks each text cell up here, so a label
written without `Builder.t` is translated too."""

from __future__ import annotations

UNITS: dict[str, str] = {
    "GPUs": "GPU",
    "years": "년",
    "year": "연도",
    "days": "일",
    "month": "개월",
    "months": "개월",
    "hours": "시간",
    "seconds": "초",
    "tokens": "토큰",
    "nodes": "노드",
    "racks": "랙",
    "failures": "회",
    "sequences": "시퀀스",
    "stage": "스테이지",
    "probability": "확률",
    "fraction": "비율",
    "factor": "계수",
    "flag": "플래그",
    "per year": "연간",
    "catalog id": "카탈로그 ID",
    "tokens per second": "토큰/초",
    "tokens per second, whole cluster": "토큰/초 (클러스터 전체)",
    "fraction of wall-clock time": "전체 소요 시간 대비 비율",
    "fraction of dense peak": "밀집 연산 최대 성능 대비 비율",
    "fraction per year": "연간 비율",
    "fraction of capex": "초기 투자비 대비 비율",
    "fraction of capex per year": "연간 초기 투자비 대비 비율",
    "fraction of each input": "각 입력값 대비 비율",
    "fraction of spot hours": "스팟 사용 시간 대비 비율",
    "fraction of the hours the GPUs are used (0–1)": "GPU 사용 시간 비율 (0–1)",
    "facility kW per IT kW": "IT kW당 시설 kW",
    "kW per node (P_idle)": "노드당 kW (유휴, P_idle)",
    "kW per node (P_full)": "노드당 kW (최대 부하, P_full)",
    "KRW per USD": "USD당 원",
    "USD or KRW (money outputs)": "USD 또는 KRW (금액 출력)",
    "USD per GPU-hour": "GPU 시간당 USD",
    "USD per contracted IT kW-month": "계약 IT kW·월당 USD",
    "USD per kWh": "kWh당 USD",
    "USD per node": "노드당 USD",
    "USD per year, whole cluster": "연간 USD (클러스터 전체)",
    "USD per year": "연간 USD",
    "KRW per year": "연간 KRW",
    "USD per million tokens": "백만 토큰당 USD",
    "KRW per million tokens": "백만 토큰당 KRW",
    "{cur} per million tokens": "백만 토큰당 {cur}",
    "years (straight line)": "년 (정액법)",
    "FLOP per token": "토큰당 FLOP",
    "GFLOP per token (10^9 FLOP)": "토큰당 GFLOP (10^9 FLOP)",
    "EFLOP (10^18 FLOP)": "EFLOP (10^18 FLOP)",
    "GPU-hours": "GPU 시간",
    "TRUE/FALSE": "TRUE/FALSE",
}

LABELS: dict[str, str] = {
    # Summary
    "Peak memory per GPU": "GPU당 최대 메모리",
    "Fit probability": "메모리 적합 확률",
    "Throughput": "처리량",
    "80% band: low": "80% 구간: 하한",
    "80% band: high": "80% 구간: 상한",
    "Note": "비고",
    "Owning cost per used GPU-hour (levelized)": "구매 시 사용 GPU 시간당 비용 (균등화)",
    "Owning cost per used GPU-hour = PV(own) / Σ_{y=1..ROUNDUP(Y)} GPUs × 8760 × u / (1 + r)^y": (
        "구매 시 사용 GPU 시간당 비용 = PV(구매) / Σ_{y=1..ROUNDUP(Y)} GPU 수 × 8760 × u / (1 + r)^y"
    ),
    "not published": "공개된 값 없음",
    "owning never cheaper in 0–100 %": "0–100 %에서 구매가 싼 지점 없음",
    "none: the flows never change sign": "없음: 현금흐름의 부호가 바뀌지 않음",
    "not within the horizon": "분석 기간 내 없음",
    # Assumptions
    "Engine results (change them by exporting again)": "엔진 계산값 (바꾸려면 다시 내보내기)",
    "GPUs per node (engine)": "노드당 GPU 수 (엔진)",
    "Second starting guess for IRR": "IRR 두 번째 초기 추정값",
    "Blue cells on yellow are inputs: every formula follows them. Green cells are engine results "
    "(GPU count, GPUs per node, throughput, time lost): the formulas use them but cannot recompute them.": (
        "노란 바탕의 파란 셀은 입력값이며 모든 수식이 이를 따릅니다. 녹색 셀은 엔진 계산값(GPU 수, 노드당 GPU 수, "
        "처리량, 손실 시간)으로, 수식이 사용하지만 다시 계산하지는 못합니다."
    ),
    "To change a green value, change the scenario in gpuplanner and export again; the Checks sheet fails "
    "when a green value no longer matches the engine's sweep (sheet Sweep). The deadline answer on Summary "
    "(out_deadline_gpu_count, out_deadline_wall_days, out_deadline_job_cloud_on_demand) is green too.": (
        "녹색 값을 바꾸려면 gpuplanner에서 시나리오를 바꾸고 다시 내보내세요. 녹색 값이 엔진의 GPU 수별 결과"
        "(GPU수별비교 시트)와 맞지 않으면 검증 시트가 실패합니다. 요약 시트의 마감 기한 결과"
        "(out_deadline_gpu_count, out_deadline_wall_days, out_deadline_job_cloud_on_demand)도 녹색 값입니다."
    ),
    "gpuplanner default (see Sources: cost formulas)": "gpuplanner 기본값 (출처 시트: 비용 수식)",
    # Sweep
    "Sweep": "GPU 수별 비교",
    "GPU name": "GPU 이름",
    "Parallel layout": "병렬 구성",
    "Memory per GPU (peak)": "GPU당 메모리 (최대)",
    "Own: cost per million tokens": "구매: 백만 토큰당 비용",
    "The engine's results at other GPU counts (green: computed for the scenario's inputs at export, "
    "in the currency of the export). Use them to compare cluster sizes; to change an input here, "
    "change the scenario and export again.": (
        "다른 GPU 수에서의 엔진 계산 결과입니다(녹색: 내보낼 때의 시나리오 입력값과 통화로 계산). 클러스터 규모를 "
        "비교할 때 쓰고, 입력값을 바꾸려면 시나리오를 바꿔 다시 내보내세요."
    ),
    "Defined name out_sweep: the rows below the header.": "정의된 이름 out_sweep: 머리글 아래의 행들.",
    "No sweep: not a training run, or exported without the Plan's sweep.": (
        "GPU 수별 결과 없음: 학습 작업이 아니거나 계획의 GPU 수별 결과 없이 내보냄."
    ),
    # Memory
    "Weights (incl. a ZeRO-3 gathered unit)": "가중치 (ZeRO-3 수집 단위 포함)",
    "Gradients": "그래디언트",
    "Optimizer states (incl. master weights)": "옵티마이저 상태 (마스터 가중치 포함)",
    "Activations and temporaries (logits, loss, workspace)": "활성값과 임시 텐서 (로짓, 손실, 작업 공간)",
    "KV cache": "KV 캐시",
    "Usable memory per GPU": "GPU당 사용 가능 메모리",
    "Peak of live tensors = sum of the parts": "살아 있는 텐서의 최대치 = 항목의 합",
    "Runtime overhead (CUDA context, NCCL, allocator)": "런타임 오버헤드 (CUDA 컨텍스트, NCCL, 할당기)",
    "Headroom = capacity − peak − overhead": "여유 메모리 = 용량 − 최대치 − 오버헤드",
    "Free memory for the chart = MAX(0, headroom)": "차트용 여유 메모리 = MAX(0, 여유 메모리)",
    "Fits (headroom ≥ 0)": "적합 (여유 메모리 ≥ 0)",
    "Fit probability (from the 80% band of the peak, engine)": "메모리 적합 확률 (최대치의 80% 구간, 엔진)",
    "Peak of live tensors, 80% band: low (engine)": "텐서 최대치, 80% 구간 하한 (엔진)",
    "Peak of live tensors, 80% band: high (engine)": "텐서 최대치, 80% 구간 상한 (엔진)",
    "Peak as reported by the engine (for the check)": "엔진이 계산한 최대치 (검증용)",
    "Largest micro-batch that fits": "들어가는 최대 마이크로배치",
    "Longest sequence that fits": "들어가는 최대 시퀀스 길이",
    "Worst pipeline stage (0-based)": "가장 큰 파이프라인 스테이지 (0부터)",
    "Term": "항목",
    "Formula": "수식",
    # Training
    "Model FLOPs per token (attention included, engine)": "토큰당 모델 FLOPs (어텐션 포함, 엔진)",
    "Model FLOPs of the run": "전체 학습의 모델 FLOPs",
    "MFU (model FLOPs utilization, engine)": "MFU (모델 FLOPs 활용률, 엔진)",
    "Optimizer step (steady state, engine)": "옵티마이저 스텝 (정상 상태, 엔진)",
    "Time without failures = tokens / throughput": "장애 없는 시간 = 토큰 / 처리량",
    "Time lost to failures and checkpoints": "장애·체크포인트 손실 비율",
    "Wall-clock time = ideal / (1 − lost)": "소요 시간 = 장애 없는 시간 / (1 − 손실)",
    "GPU-hours = GPU count × wall-clock / 3600": "GPU 시간 = GPU 수 × 소요 시간 / 3600",
    "Throughput, 80% band: low (engine)": "처리량, 80% 구간 하한 (엔진)",
    "Throughput, 80% band: high (engine)": "처리량, 80% 구간 상한 (엔진)",
    "Wall-clock days, 80% band: low (engine)": "소요 일수, 80% 구간 하한 (엔진)",
    "Wall-clock days, 80% band: high (engine)": "소요 일수, 80% 구간 상한 (엔진)",
    "GPU-hours, 80% band: low (engine)": "GPU 시간, 80% 구간 하한 (엔진)",
    "GPU-hours, 80% band: high (engine)": "GPU 시간, 80% 구간 상한 (엔진)",
    "Checkpoint size (weights + optimizer states, engine)": "체크포인트 크기 (가중치 + 옵티마이저 상태, 엔진)",
    "Checkpoint write time (engine)": "체크포인트 저장 시간 (엔진)",
    "Checkpoint interval (Young/Daly, engine)": "체크포인트 주기 (Young/Daly, 엔진)",
    "Expected failures during the run (engine)": "학습 중 예상 장애 횟수 (엔진)",
    "Nodes (engine)": "노드 수 (엔진)",
    "Racks (engine)": "랙 수 (엔진)",
    "Facility power at full load, with PUE (engine)": "최대 부하 시설 전력, PUE 포함 (엔진)",
    "Storage for checkpoints and data set (engine)": "체크포인트와 데이터셋 스토리지 (엔진)",
    # TCO (legends of the cumulative chart and the row labels a reader scans)
    "Own: cumulative, resale credited at the horizon": "구매: 누적 (분석 기간 끝에 재판매가 차감)",
    "Rent: cumulative": "임대: 누적",
    "Own: cash out": "구매: 현금 지출",
    "Rent on demand = w_y × GPUs × 8760 × u × price": "온디맨드 임대 = w_y × GPU 수 × 8760 × u × 가격",
    "Buying instead of renting: rent − own": "임대 대신 구매: 임대 − 구매",
    "Buying instead of renting: cumulative": "임대 대신 구매: 누적",
    "Capex (year 0)": "초기 투자비 (0년차)",
    "Energy (w_y × full year)": "전력비 (w_y × 1년)",
    "Colocation": "코로케이션",
    "Staff and software": "인건비와 소프트웨어",
    "Residual value (sale value, subtracted)": "잔존 가치 (매각 가치, 차감)",
    "Year": "연도",
    "Total / value": "합계 / 값",
    "Month": "월",
    "Year of the month": "해당 월의 연도",
    "Horizon (years)": "분석 기간(년)",
    "Totals over the horizon in column C": "C열 분석 기간의 합계",
    "Totals at 1, 3 and 5 years (at the utilization above)": "1·3·5년 합계 (위 가동률 기준)",
    "On-prem TCO = Σ own (undiscounted)": "온프레미스 TCO = Σ 구매 (할인 전)",
    "Cloud on-demand = GPUs × H × u × price": "클라우드 온디맨드 = GPU 수 × H × u × 가격",
    "Capex = nodes × (node + network + install) × (1 + import tax)": (
        "초기 투자비 = 노드 수 × (노드 + 네트워크 + 설치) × (1 + 수입 관세)"
    ),
    "Nodes = ROUNDUP(GPU count / GPUs per node)": "노드 수 = ROUNDUP(GPU 수 / 노드당 GPU 수)",
    "Payback of buying (years)": "구매 투자 회수 기간 (년)",
    "NPV of buying instead of renting = NPV(r, rent − own)": "임대 대신 구매 시 NPV = NPV(r, 임대 − 구매)",
    "IRR of buying instead of renting": "임대 대신 구매 시 IRR",
    "Crossover month (first month owning has cost ≤ renting)": "누적 비용 역전 월 (구매 누적 ≤ 임대 누적인 첫 달)",
    # Tornado
    "Base value": "기준값",
    "Low value": "하한값",
    "High value": "상한값",
    "Gap at low": "하한에서의 차이",
    "Gap at high": "상한에서의 차이",
    "Low − base": "하한 − 기준",
    "High − base": "상한 − 기준",
    "Swing": "변동폭",
    "Label": "항목",
    "base": "기준",
    "Inputs with the varied one at its low value": "바꾼 입력값을 하한으로 둔 입력",
    "Inputs with the varied one at its high value": "바꾼 입력값을 상한으로 둔 입력",
    "All inputs at their values (the gap must equal the TCO sheet)": "모든 입력값 그대로 (차이가 TCO 시트와 같아야 함)",
    "Electricity escalation": "전기 요금 인상률",
    "Import tax": "수입 관세",
    "Node price": "노드 가격",
    "On-demand price": "온디맨드 가격",
    "Support fraction": "유지보수 비율",
    # Hardware
    "Catalog id": "카탈로그 ID",
    "Vendor": "제조사",
    "Architecture": "아키텍처",
    "Form factor": "폼팩터",
    "Memory (usable)": "메모리 (사용 가능)",
    "Memory type": "메모리 종류",
    "Memory bandwidth": "메모리 대역폭",
    "BF16 dense peak": "BF16 밀집 최대 성능",
    "FP16 dense peak": "FP16 밀집 최대 성능",
    "FP8 dense peak": "FP8 밀집 최대 성능",
    "TF32 dense peak": "TF32 밀집 최대 성능",
    "FP32 (non-tensor)": "FP32 (텐서 코어 외)",
    "Achievable GEMM efficiency (MAMF)": "달성 가능한 GEMM 효율 (MAMF)",
    "GPU-to-GPU link": "GPU 간 연결",
    "GPU-to-GPU bandwidth (one way, per GPU)": "GPU 간 대역폭 (단방향, GPU당)",
    "PCIe generation": "PCIe 세대",
    "TDP": "TDP",
    "Spec source": "사양 출처",
    "Spec as of": "사양 기준일",
    "Efficiency source": "효율 출처",
    "Efficiency as of": "효율 기준일",
    "Node type": "노드 종류",
    "GPUs per node (catalog)": "노드당 GPU 수 (카탈로그)",
    "GPUs per node (this plan)": "노드당 GPU 수 (이 계획)",
    "Power idle": "유휴 전력",
    "Power at full load": "최대 부하 전력",
    "Network": "네트워크",
    "Network bandwidth per GPU (one way)": "GPU당 네트워크 대역폭 (단방향)",
    "Configuration and power source": "구성·전력 출처",
    "Price (server with GPUs)": "가격 (GPU 포함 서버)",
    "Price source": "가격 출처",
    "Price as of": "가격 기준일",
    "Cloud offer: on-demand": "클라우드 상품: 온디맨드",
    "Cloud offer: reserved 1 year": "클라우드 상품: 1년 예약",
    "Cloud offer: reserved 3 years": "클라우드 상품: 3년 예약",
    "Cloud offer: spot": "클라우드 상품: 스팟",
    "Offer id": "상품 ID",
    "Provider": "제공사",
    "Instance": "인스턴스",
    "Region": "리전",
    "Price": "가격",
    "none published in the catalog": "카탈로그에 공개된 상품 없음",
    # Sources
    "Table / id": "표 / ID",
    "As of": "기준일",
    "Age (months)": "경과 (개월)",
    "Price age": "가격 경과 기간",
    "Catalog": "카탈로그",
    "own, cumulative": "소유, 누적",
    "rent, cumulative": "임대(온디맨드), 누적",
    "month if crossed": "역전된 달",
    "shipped with gpuplanner": "gpuplanner 기본 제공",
    "in memory (Python API)": "메모리 내 (Python API)",
    "User catalog layer": "사용자 카탈로그 계층",
    "not used": "사용 안 함",
    "in use; it changes no row (every value is the shipped one)": "사용 중; 바뀐 행 없음 (모든 값이 기본 제공 값)",
    "in use; rows it adds or changes": "사용 중; 추가하거나 바꾼 행",
    "Catalog warning": "카탈로그 경고",
    "older than 12 months: check the price": "12개월 이상 지난 가격: 확인 필요",
    "user edit": "사용자 수정",
    "Cost formulas": "비용 수식",
    "Yearly cash flows": "연도별 현금흐름",
    "Crossover month": "누적 비용 역전 월",
    "Equivalent annual cost": "연간 균등 비용",
    "Break-even utilization": "손익분기 가동률",
    "Tornado": "민감도(토네이도)",
    "Model FLOPs": "모델 FLOPs",
    "Goodput": "유효 처리율(goodput)",
    "Memory": "메모리",
    "GPU-hours": "GPU 시간",
    "80% bands": "80% 구간",
}

# Sheet subtitles and the formula labels of the TCO sheet (static text; templates take .format arguments).
NOTES: dict[str, str] = {
    "Per-GPU memory on the worst pipeline stage, GiB (2^30 bytes). Memory on several GPUs is never pooled: "
    "the layout decides what each GPU holds.": (
        "가장 큰 파이프라인 스테이지의 GPU당 메모리(GiB, 2^30 바이트). 여러 GPU의 메모리는 합쳐지지 않으며, "
        "병렬 구성이 각 GPU가 담는 양을 정합니다."
    ),
    "FLOPs, throughput, wall-clock time and GPU-hours per option. Throughput and goodput come from the engine "
    "(Assumptions); time and GPU-hours are formulas.": (
        "옵션별 FLOPs, 처리량, 소요 시간, GPU 시간. 처리량과 유효 처리율은 엔진 계산값(가정 시트)이고, 시간과 "
        "GPU 시간은 수식입니다."
    ),
    "Yearly cash flows in {cur}, costs positive; year 0 = purchase. Columns run to year {years}; the horizon "
    "(in_horizon_years) selects the years that count.": (
        "연도별 현금흐름({cur}), 비용은 양수, 0년차 = 구매. 열은 {years}년차까지이며 분석 기간(in_horizon_years)이 "
        "반영할 연도를 정합니다."
    ),
    "Sensitivity of (on-prem TCO − cloud on-demand) for option 1 ({gpu}) to each input at −20 % and +20 % "
    "(in_tornado_step), one at a time.": (
        "옵션 1({gpu})의 (온프레미스 TCO − 클라우드 온디맨드)가 각 입력값을 하나씩 −20 %, +20 %(in_tornado_step) "
        "바꿀 때 얼마나 변하는지."
    ),
    "The gap is recomputed in closed form from the input values in the matrix to the right (columns L onward).": (
        "차이는 오른쪽 행렬(L열부터)의 입력값으로 닫힌 식을 다시 계산한 값입니다."
    ),
    "Totals over the horizon against utilization: on-prem TCO = a + b × u, cloud on-demand = c × u, "
    "reserved = fixed. A column marked “not published” stays empty until you enter that price on "
    "Assumptions.": (
        "가동률에 따른 분석 기간 합계: 온프레미스 TCO = a + b × u, 클라우드 온디맨드 = c × u, 예약 = 고정. "
        "“공개된 값 없음” 열은 가정 시트에 그 가격을 입력할 때까지 비어 있습니다."
    ),
    "owning is cheaper than renting on demand above this utilization (empty: never in 0–100 %)": (
        "이 가동률보다 높으면 구매가 온디맨드 임대보다 저렴 (비어 있음: 0–100 % 안에서 없음)"
    ),
    "the break-even point: utilization and the on-prem TCO (= cloud on-demand) there": (
        "손익분기점: 가동률과 그때의 온프레미스 TCO (= 클라우드 온디맨드)"
    ),
    "Weight of the year in the horizon w_y = MAX(0, MIN(1, Y − (y − 1)))": (
        "분석 기간 내 해당 연도의 가중치 w_y = MAX(0, MIN(1, Y − (y − 1)))"
    ),
    "Residual value lands in this year (year ROUNDUP(Y))": "잔존 가치가 반영되는 연도 (ROUNDUP(Y)년차)",
    "Discount factor 1 / (1 + r)^y": "할인 계수 1 / (1 + r)^y",
    "Money multiplier from USD to the currency": "USD에서 통화로의 환산 배수",
    "Hours in the horizon H = 8760 × Y": "분석 기간의 시간 H = 8760 × Y",
    "Month in which the residual value is booked = ROUNDUP(12 × Y)": "잔존 가치를 반영하는 월 = ROUNDUP(12 × Y)",
    "Last year column": "마지막 연도 열",
    "On-prem inputs all known (a price nobody published is empty)": (
        "온프레미스 입력값이 모두 있음 (공개되지 않은 가격은 빈칸)"
    ),
    "On-demand price known": "온디맨드 가격 있음",
    "Residual value = capex × MAX(0, 1 − Y / depreciation years)": (
        "잔존 가치 = 초기 투자비 × MAX(0, 1 − Y / 감가상각 기간)"
    ),
    "IT power = nodes × (P_idle + u × (P_full − P_idle))": "IT 전력 = 노드 수 × (P_idle + u × (P_full − P_idle))",
    "Colocation per year = nodes × P_full × 12 × rate (contracted kW, no PUE)": (
        "연간 코로케이션 = 노드 수 × P_full × 12 × 요금 (계약 kW, PUE 제외)"
    ),
    "Support per year = support fraction × capex": "연간 유지보수 = 유지보수 비율 × 초기 투자비",
    "Staff + software per year": "연간 인건비 + 소프트웨어",
    "Electricity price in year y = price × (1 + escalation)^(y − 1)": "y년차 전기 요금 = 요금 × (1 + 인상률)^(y − 1)",
    "Energy of a full year = IT kW × PUE × 8760 × price in year y": "1년 전력비 = IT kW × PUE × 8760 × y년차 요금",
    "Operating cost of a full year = energy + colocation + support + staff + software": (
        "1년 운영비 = 전력 + 코로케이션 + 유지보수 + 인건비 + 소프트웨어"
    ),
    "Payback if reached in this year: (y − 1) + −cumulative(y − 1) / flow(y)": (
        "이 연도에 회수되면 회수 기간: (y − 1) + −누적(y − 1) / 현금흐름(y)"
    ),
    "b: energy added by utilization = nodes × (P_full − P_idle) × PUE × 8760 × Σ w_y × price_y": (
        "b: 가동률에 따른 추가 전력비 = 노드 수 × (P_full − P_idle) × PUE × 8760 × Σ w_y × 요금_y"
    ),
    "a: on-prem TCO at 0 % utilization (idle power)": "a: 가동률 0 %일 때 온프레미스 TCO (유휴 전력)",
    "On-prem TCO, closed form a + b × u": "온프레미스 TCO, 닫힌 식 a + b × u",
    "c: cloud on-demand at 100 % utilization": "c: 가동률 100 %일 때 클라우드 온디맨드",
    "Cloud reserved 1 year = GPUs × H × price (every hour paid)": (
        "클라우드 1년 예약 = GPU 수 × H × 가격 (모든 시간 지불)"
    ),
    "Cloud reserved 3 years = GPUs × H × price (every hour paid)": (
        "클라우드 3년 예약 = GPU 수 × H × 가격 (모든 시간 지불)"
    ),
    "Cloud spot = GPUs × H × u × price / (1 − lost fraction)": (
        "클라우드 스팟 = GPU 수 × H × u × 가격 / (1 − 손실 비율)"
    ),
    "Break-even utilization u* = a / (c − b), empty if not in [0, 1]": (
        "손익분기 가동률 u* = a / (c − b), [0, 1] 밖이면 빈칸"
    ),
    "Cost per million tokens = TCO / (tokens/s × 3600 × H × u) × 1e6": (
        "백만 토큰당 비용 = TCO / (토큰/초 × 3600 × H × u) × 1e6"
    ),
    "This job at on-demand prices = GPU-hours × price": "이 작업의 온디맨드 비용 = GPU 시간 × 가격",
    "Present value of owning = NPV(r, years 1..N) + year 0": "구매의 현재가치 = NPV(r, 1..N년차) + 0년차",
    "Present value of renting on demand": "온디맨드 임대의 현재가치",
    "PV(own) − PV(rent) (negative: owning is cheaper)": "PV(구매) − PV(임대) (음수: 구매가 저렴)",
    "Equivalent annual cost of owning = PV × r / (1 − (1 + r)^−Y)": "구매의 연간 균등 비용 = PV × r / (1 − (1 + r)^−Y)",
    "Weight v_m = MAX(0, MIN(1, 12Y − (m − 1)))": "가중치 v_m = MAX(0, MIN(1, 12Y − (m − 1)))",
    "calendar": "달력",
    "definition": "정의",
    "definition (cost per million tokens)": "정의 (백만 토큰당 비용)",
    "layout of the Utilization sheet": "가동률 시트의 격자",
    "rounding allowance of the Checks sheet": "검증 시트의 반올림 허용치",
}

# Summary's deadline block (sheets/summary_deadline.py); the placeholders stay as they are.
DEADLINE: dict[str, str] = {
    "Deadline: {days} days (engine answer per GPU type)": "마감 기한: {days}일 (GPU 종류별 엔진 결과)",
    "Meets the {days}-day deadline": "{days}일 마감 기한 충족",
    "Recommendation at {count} GPUs": "GPU {count}개 기준 추천",
    "smallest whole-node GPU count meeting the deadline; among those, the lowest job cost on demand": (
        "마감 기한을 지키는 최소 GPU 수(노드 단위), 그중 온디맨드 작업 비용이 가장 낮은 것"
    ),
    "{count} × {gpu}: {wall} days, {cost} at on-demand prices (the lowest job cost)": (
        "{gpu} {count}개: {wall}일, 온디맨드 가격으로 {cost} (가장 낮은 작업 비용)"
    ),
    "{count} × {gpu}: {wall} days (no on-demand price published)": (
        "{gpu} {count}개: {wall}일 (공개된 온디맨드 가격 없음)"
    ),
    "No candidate meets the {days}-day deadline (the reason per GPU type is below)": (
        "{days}일 마감 기한을 지키는 후보가 없습니다 (GPU 종류별 이유는 아래 참조)"
    ),
    "recommended": "추천",
    "does not meet the deadline": "마감 기한 미달",
}
