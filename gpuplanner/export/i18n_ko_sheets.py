"""Korean for the Checks sheet's descriptions and the Serving sheet (merged into i18n.KO like i18n_ko.py, and
looked up by those two sheets first), kept apart from i18n_ko.py so that neither module passes 500 lines."""

from __future__ import annotations

from ..core.results import INTER_NODE_NOTE, INTRA_NODE_NOTE

# The Checks sheet's descriptions (sheets/checks.py translates "Option {k}: …" and the templates below; the
# placeholders are filled from the English text).
CHECKS: dict[str, str] = {
    "Each check is a formula that is TRUE when a total reconciles; the master check is on the Summary sheet.": (
        "각 검증은 합계가 서로 맞을 때 TRUE가 되는 수식입니다. 전체 검증 결과는 요약 시트에 있습니다."
    ),
    "Inputs are in range: utilization 0–1, horizon > 0, PUE ≥ 1, prices and costs ≥ 0, GPU count ≥ 1": (
        "입력값이 범위 안에 있음: 가동률 0–1, 분석 기간 > 0, PUE ≥ 1, 가격과 비용 ≥ 0, GPU 수 ≥ 1"
    ),
    "The horizon fits in the year columns of the TCO sheet (in_horizon_years ≤ last year)": (
        "분석 기간이 TCO 시트의 연도 열 안에 들어감 (in_horizon_years ≤ 마지막 연도)"
    ),
    "the {h}-year total equals the on-prem TCO when the horizon is {h} years": (
        "분석 기간이 {h}년일 때 {h}년 합계가 온프레미스 TCO와 같음"
    ),
    "Σ own cash flows equals the on-prem TCO line": "구매 현금흐름의 합(Σ)이 온프레미스 TCO 행과 같음",
    "the on-prem TCO line equals its closed form a + b × u": "온프레미스 TCO 행이 닫힌 식 a + b × u와 같음",
    "Σ rent cash flows equals cloud on-demand (GPU-hours and cloud extras)": (
        "임대 현금흐름의 합(Σ)이 클라우드 온디맨드 비용과 같음 (GPU 시간과 클라우드 부대 비용)"
    ),
    "PV(own) − PV(rent) equals −NPV(rent − own)": "PV(구매) − PV(임대)가 −NPV(임대 − 구매)와 같음",
    "Σ (rent − own) equals cloud on-demand − on-prem TCO": "Σ(임대 − 구매)가 클라우드 온디맨드 − 온프레미스 TCO와 같음",
    "the monthly own total at the end equals the on-prem TCO": "월별 구매 누계의 마지막 값이 온프레미스 TCO와 같음",
    "the monthly rent total at the end equals cloud on-demand": (
        "월별 임대 누계의 마지막 값이 클라우드 온디맨드 비용과 같음"
    ),
    "the nodes on TCO (GPU count / GPUs per node) are the engine's nodes (Training); FALSE: a green value on "
    "Assumptions was edited, export again": (
        "TCO 시트의 노드 수(GPU 수 / 노드당 GPU 수)가 엔진의 노드 수(학습 시간 시트)와 같음. FALSE: 가정 시트의 "
        "녹색 값이 수정되었으니 다시 내보내세요"
    ),
    "GPU count and throughput on Assumptions are the engine's (the Sweep row of {gpu} at that GPU count); FALSE: "
    "export again from gpuplanner for another count": (
        "가정 시트의 GPU 수와 처리량이 엔진 결과와 같음 (GPU수별비교 시트에서 해당 GPU 수의 {gpu} 행). FALSE: "
        "다른 GPU 수는 gpuplanner에서 다시 내보내세요"
    ),
    "the time lost to failures and checkpoints on Assumptions is the engine's (throughput × (1 − lost) × wall "
    "clock of the Sweep row gives its training tokens); FALSE: a green value on Assumptions was edited, export "
    "again": (
        "가정 시트의 장애·체크포인트 손실 시간 비율이 엔진 결과와 같음 (GPU수별비교 행의 처리량 × (1 − 손실) × "
        "소요 시간 = 학습 토큰). FALSE: 가정 시트의 녹색 값이 수정되었으니 다시 내보내세요"
    ),
    "Utilization grid: on-prem a + b × u at the scenario's utilization equals the TCO sheet": (
        "가동률 표: 시나리오 가동률에서의 온프레미스 a + b × u가 TCO 시트와 같음"
    ),
    "Tornado: the closed-form gap at the base values equals on-prem TCO − cloud on-demand": (
        "민감도: 기준값에서 닫힌 식으로 구한 차이가 온프레미스 TCO − 클라우드 온디맨드와 같음"
    ),
    "the memory parts add up to the engine's peak": "메모리 구성 요소의 합이 엔진의 최대 메모리와 같음",
    "Summary: the key numbers show the TCO sheet's on-prem TCO and cloud on-demand": (
        "요약: 주요 수치가 TCO 시트의 온프레미스 TCO와 클라우드 온디맨드 비용을 보여 줌"
    ),
    # other sheets' subtitles and labels found in English in the Korean workbook
    "Catalog rows of the compared GPUs, their node types and default cloud offers, with sources and as-of dates. "
    "Empty = nobody published it (see notes).": (
        "비교 GPU의 카탈로그 행, 노드 유형과 기본 클라우드 가격, 출처와 기준일. 빈 칸 = 공개된 값 없음 (비고 참조)."
    ),
    "Training tokens behind these rows (engine, eng_sweep_tokens)": "아래 행의 학습 토큰 수 (엔진, eng_sweep_tokens)",
}

# The Serving sheet (issue 21, export/workbook/sheets/serving.py): its own table, looked up there first.
SERVING: dict[str, str] = {
    "Serving": "서빙",
    "The smallest deployment per GPU type that meets the target load and latency targets (green: engine values; "
    "a new export recomputes them) and its cost per million output tokens as live formulas on the Assumptions "
    "prices, the utilization and the TCO sheet's owning cost per GPU-hour.": (
        "목표 부하와 지연 목표를 충족하는 GPU 종류별 최소 배치 (녹색: 엔진 값, 다시 내보내면 새로 계산)와 "
        "출력 토큰 100만 개당 비용 — 가정 시트의 가격, 가동률, TCO 시트의 GPU시간당 보유 비용에 대한 수식"
    ),
    "Input / output tokens per request": "요청당 입력 / 출력 토큰",
    "target load": "목표 부하",
    "output tokens/s": "출력 토큰/초",
    "No serving plan": "서빙 계획 없음",
    "no GPU type holds one replica of the model": "모델 복제본 하나를 담을 수 있는 GPU 종류가 없음",
    "Recommended deployment": "권장 배치",
    "No deployment meets the targets": "목표를 충족하는 배치 없음",
    "GPU type": "GPU 종류",
    "GPUs": "GPU 수",
    "Output tokens/s": "출력 토큰/초",
    "tokens/s": "토큰/초",
    "Cost per million output tokens, cloud on demand": "출력 토큰 100만 개당 비용, 클라우드 온디맨드",
    "Cost per million output tokens, cloud reserved 1 year": "출력 토큰 100만 개당 비용, 클라우드 1년 약정",
    "Cost per million output tokens, cloud reserved 3 years": "출력 토큰 100만 개당 비용, 클라우드 3년 약정",
    "Cost per million output tokens, cloud spot": "출력 토큰 100만 개당 비용, 클라우드 스팟",
    "Cost per million output tokens, owning at the utilization": "출력 토큰 100만 개당 비용, 가동률에서의 보유",
    "USD per 1M tokens": "토큰 100만 개당 USD",
    "KRW per 1M tokens": "토큰 100만 개당 KRW",
    "Deployment per GPU type": "GPU 종류별 배치",
    "Per GPU type": "GPU 종류별",
    "Unit": "단위",
    "recommended": "권장",
    "GPUs in the deployment": "배치의 GPU 수",
    "Tensor parallel degree (GPUs per replica)": "텐서 병렬 차수 (복제본당 GPU)",
    "Pipeline stages per replica": "복제본당 파이프라인 단계",
    "stages": "단계",
    "Replicas": "복제본",
    "replicas": "개",
    "Concurrency per replica": "복제본당 동시 처리 수",
    "sequences": "시퀀스",
    "Output tokens/s, whole deployment": "출력 토큰/초, 배치 전체",
    "Time to first token (TTFT)": "첫 토큰까지 시간 (TTFT)",
    "Time per output token (TPOT)": "출력 토큰당 시간 (TPOT)",
    "Requests per second": "초당 요청 수",
    "requests/s": "요청/초",
    "Meets the targets": "목표 충족",
    "Why": "근거",
    "Prices and owning cost this sheet reads": "이 시트가 읽는 가격과 보유 비용",
    "Cloud on-demand price (Assumptions)": "클라우드 온디맨드 가격 (가정)",
    "Cloud reserved 1-year price (Assumptions)": "클라우드 1년 약정 가격 (가정)",
    "Cloud reserved 3-year price (Assumptions)": "클라우드 3년 약정 가격 (가정)",
    "Cloud spot price (Assumptions)": "클라우드 스팟 가격 (가정)",
    "Spot hours lost to preemption (Assumptions)": "선점으로 잃는 스팟 시간 (가정)",
    "USD per GPU-hour": "GPU시간당 USD",
    "fraction": "비율",
    "Money multiplier from USD to the currency (TCO sheet)": "USD에서 통화로의 환산 배수 (TCO 시트)",
    "Owning cost per used GPU-hour (TCO sheet, at the utilization)": "사용 GPU시간당 보유 비용 (TCO 시트, 가동률 반영)",
    "KRW per GPU-hour": "GPU시간당 KRW",
    "GPUs of the TCO sheet's cluster (owning priced on it)": "TCO 시트 클러스터의 GPU 수 (보유 비용의 기준)",
    "Deployment has the TCO cluster's GPU count": "배치의 GPU 수가 TCO 클러스터와 같음",
    "Cost per million output tokens (live formulas)": "출력 토큰 100만 개당 비용 (수식)",
    "Cloud on demand = price × fx × GPUs / (tokens/s × 3600) × 10^6": (
        "클라우드 온디맨드 = 가격 × 환산 × GPU 수 / (토큰/초 × 3600) × 10^6"
    ),
    "Cloud reserved 1 year = price × fx × GPUs / (tokens/s × u × 3600) × 10^6": (
        "클라우드 1년 약정 = 가격 × 환산 × GPU 수 / (토큰/초 × u × 3600) × 10^6"
    ),
    "Cloud reserved 3 years = price × fx × GPUs / (tokens/s × u × 3600) × 10^6": (
        "클라우드 3년 약정 = 가격 × 환산 × GPU 수 / (토큰/초 × u × 3600) × 10^6"
    ),
    "Cloud spot = price / (1 − lost) × fx × GPUs / (tokens/s × 3600) × 10^6": (
        "클라우드 스팟 = 가격 / (1 − 손실) × 환산 × GPU 수 / (토큰/초 × 3600) × 10^6"
    ),
    "Owning = owning cost per used GPU-hour × GPUs / (tokens/s × 3600) × 10^6": (
        "보유 = 사용 GPU시간당 보유 비용 × GPU 수 / (토큰/초 × 3600) × 10^6"
    ),
    "Owning as the engine priced it (a cluster of the deployment's own GPUs)": (
        "엔진이 계산한 보유 비용 (배치 자체 GPU 수의 클러스터 기준)"
    ),
    "no concurrency meets the latency targets; fastest replica shown (one sequence)": (
        "지연 목표를 충족하는 동시 처리 수 없음; 가장 빠른 복제본 표시 (시퀀스 1개)"
    ),
    "Owning prices the deployment's GPU-hours at the TCO sheet's levelized cost per used GPU-hour, which is that "
    "of the scenario's cluster (hardware.gpu_count). Where the deployment has another GPU count (FALSE above), "
    "the engine's line above prices a cluster of the deployment's own size (whole nodes, the staff and "
    "software per cluster); set hardware.gpu_count to the deployment's GPUs and export again to make them agree.": (
        "보유 비용은 배치의 GPU시간에 TCO 시트의 사용 GPU시간당 평준화 비용(시나리오 클러스터, hardware.gpu_count "
        "기준)을 적용합니다. 배치의 GPU 수가 다르면(위 FALSE) 위의 엔진 값은 배치 자체 크기의 클러스터(노드 단위, "
        "클러스터당 인력·소프트웨어 비용)로 계산한 것입니다. 두 값을 맞추려면 hardware.gpu_count를 배치의 GPU "
        "수로 바꾸어 다시 내보내세요."
    ),
    "Throughput–latency curve of one replica (engine)": "복제본 하나의 처리량–지연 곡선 (엔진)",
    "GPU type (tensor parallel)": "GPU 종류 (텐서 병렬)",
    "Concurrency": "동시 처리 수",
    "TPOT (ms)": "TPOT (ms)",
    "TTFT (ms)": "TTFT (ms)",
    "TPOT (ms, log scale)": "TPOT (ms, 로그 눈금)",
    "Output tokens/s of one replica against time per output token": "복제본 하나의 출력 토큰/초 대 출력 토큰당 시간",
}

# Summary's assumed link speeds (sheets/summary.py, Estimate.notes): the fixed sentences; the node or GPU id, the
# speed and the scenario key are filled in as the engine wrote them (the app's Korean says the same).
LINK_NOTES: dict[str, str] = {
    "Assumed link speeds (nobody published them; the scenario key named sets one)": (
        "가정한 링크 속도 (공개된 값이 없음, 문장에 나온 시나리오 키로 지정)"
    ),
    INTER_NODE_NOTE: (
        "노드 종류 {subject}의 노드 간 링크 속도가 공개되지 않아 GPU당 {assumed}로 가정했습니다. {key}로 지정하세요."
    ),
    INTRA_NODE_NOTE: (
        "GPU {subject}의 노드 내 링크 속도가 공개되지 않아 GPU당 {assumed}(PCIe 3 x16)로 가정했습니다. "
        "{key}로 지정하세요."
    ),
}
