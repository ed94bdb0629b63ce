"""Workbook labels in English and Korean: a small dict keyed by the English text.

Defined names and function names stay English so that formulas are portable; sheet names are translated
(SHEET_NAMES_KO) after the workbook is built, with every reference rewritten (workbook/localize.py). A label
without a Korean entry falls back to English.
"""

from __future__ import annotations

from . import i18n_ko, i18n_ko_cost, i18n_ko_sheets

LANGUAGES = ("en", "ko")

KO: dict[str, str] = {
    # sheet titles
    "Summary": "요약",
    "Assumptions": "가정(입력값)",
    "Hardware": "하드웨어",
    "Memory": "메모리",
    "Training": "학습 시간",
    "TCO": "총소유비용(TCO)",
    "Utilization": "가동률",
    "Tornado": "민감도(토네이도)",
    "Checklist": "구매 전 체크리스트",
    "Checks": "검증",
    "Sources": "출처",
    # Summary
    "GPU plan for finance": "재무 검토용 GPU 계획",
    "Scenario": "시나리오",
    "Exported": "내보낸 날짜",
    "Currency": "통화",
    "All checks pass": "모든 검증 통과",
    "Recommendation": "추천",
    "Rent or buy (main GPU)": "임대 또는 구매 (주 GPU)",
    "Key numbers (main GPU)": "주요 수치 (주 GPU)",
    "Item": "항목",
    "Value": "값",
    "Unit": "단위",
    "Comparison of the options": "옵션 비교",
    "Option": "옵션",
    "GPU": "GPU",
    "Fits in memory": "메모리 적합",
    "Headroom per GPU": "GPU당 여유 메모리",
    "Wall-clock days": "소요 일수",
    "GPU-hours": "GPU 시간",
    "On-prem TCO": "온프레미스 TCO",
    "Cloud on-demand": "클라우드 온디맨드",
    "Cloud reserved 1 year": "클라우드 1년 예약",
    "Cloud reserved 3 years": "클라우드 3년 예약",
    "Cloud spot": "클라우드 스팟",
    "Break-even utilization": "손익분기 가동률",
    "Own: cost per million tokens": "구매: 백만 토큰당 비용",
    "On-demand: cost per million tokens": "온디맨드: 백만 토큰당 비용",
    "Best cost per million tokens": "최저 백만 토큰당 비용",
    "GPU count": "GPU 수",
    "Horizon": "분석 기간",
    "On-prem capex": "온프레미스 초기 투자비",
    "Cost per million training tokens (on-prem)": "백만 학습 토큰당 비용 (온프레미스)",
    "This job at on-demand prices": "이 작업의 온디맨드 비용",
    "NPV of buying instead of renting": "임대 대신 구매 시 NPV",
    "IRR of buying instead of renting": "임대 대신 구매 시 IRR",
    "Payback": "투자 회수 기간",
    "Crossover month": "누적 비용 역전 월",
    "TCO by option over the horizon": "옵션별 분석 기간 총비용",
    "Cumulative cost, main GPU: own vs rent on demand": "주 GPU 누적 비용: 구매 대 온디맨드 임대",
    "lowest cost per million training tokens among the options that fit (owning or renting on demand, "
    "whichever is cheaper)": "메모리에 맞는 옵션 중 백만 학습 토큰당 비용이 가장 낮은 옵션 "
    "(구매와 온디맨드 임대 중 저렴한 쪽)",
    "No option fits in memory": "메모리에 맞는 옵션이 없음",
    "Buy: on-prem TCO is below cloud on-demand at this utilization": (
        "구매: 이 가동률에서 온프레미스 TCO가 클라우드 온디맨드보다 낮음"
    ),
    "Rent: cloud on-demand is below on-prem TCO at this utilization": (
        "임대: 이 가동률에서 클라우드 온디맨드가 온프레미스 TCO보다 낮음"
    ),
    "Not comparable: a price is not published": "비교 불가: 공개된 가격 없음",
    "Blue cells on yellow are inputs; green cells are engine results used as inputs; "
    "everything else is a formula.": "노란 바탕의 파란 셀은 입력값, 녹색 셀은 엔진 계산값(입력으로 사용), "
    "나머지는 모두 수식입니다.",
    "main": "주",
    "yes": "예",
    "no": "아니오",
    # Assumptions
    "Name": "이름",
    "Input": "입력 항목",
    "Source": "출처",
    "General": "일반",
    "Constants": "상수",
    "Horizon (years)": "분석 기간(년)",
    "Exchange rate": "환율",
    "Training tokens": "학습 토큰 수",
    "Electricity price": "전기 요금",
    "Electricity price escalation": "전기 요금 연간 인상률",
    "PUE": "PUE(전력 사용 효율)",
    "Colocation rate": "코로케이션 요금",
    "Support and maintenance": "유지보수 비율",
    "Staff": "운영 인건비",
    "Software": "소프트웨어",
    "Import tax and duties": "수입 관세·세금",
    "Discount rate (cost of capital)": "할인율(자본 비용)",
    "Depreciation life": "감가상각 기간",
    "Spot hours lost to preemption": "스팟 중단 손실 비율",
    "GPUs per node": "노드당 GPU 수",
    "Node power, idle": "노드 전력(유휴)",
    "Node power, full load": "노드 전력(최대 부하)",
    "Node price (server with GPUs)": "노드 가격(GPU 포함 서버)",
    "Network per node": "노드당 네트워크 비용",
    "Installation per node": "노드당 설치 비용",
    "Cloud on-demand price": "클라우드 온디맨드 가격",
    "Cloud reserved 1-year price": "클라우드 1년 예약 가격",
    "Cloud reserved 3-year price": "클라우드 3년 예약 가격",
    "Cloud spot price": "클라우드 스팟 가격",
    "Training throughput (engine)": "학습 처리량(엔진)",
    "Time lost to failures and checkpoints (engine)": "장애·체크포인트 손실 비율(엔진)",
    "Hours per year": "연간 시간",
    "Months per year": "연간 개월 수",
    "Seconds per hour": "시간당 초",
    "Seconds per day": "일당 초",
    "Tokens per million": "백만 토큰",
    "Tornado step (±)": "토네이도 변동폭(±)",
    "Utilization grid step": "가동률 격자 간격",
    "Check tolerance (relative)": "검증 허용 오차(상대)",
    # Checklist
    "Item to check before buying": "구매 전 확인 항목",
    "Ask or verify": "요청·확인 사항",
    "This scenario": "이 시나리오",
    "Figure": "수치",
    "Status": "상태",
    "Notes": "메모",
    # Checks
    "Check": "검증 항목",
    "Result": "결과",
    "Master check (all below TRUE)": "전체 검증 (아래 모두 TRUE)",
    # Sources
    "Catalog rows used": "사용한 카탈로그 항목",
    "Formulas and their sources": "수식과 출처",
    "Scenario file": "시나리오 파일",
    "Application": "애플리케이션",
    "Version": "버전",
    "Language": "언어",
}


KO = {
    **i18n_ko.UNITS,
    **i18n_ko.LABELS,
    **i18n_ko.NOTES,
    **i18n_ko.DEADLINE,
    **i18n_ko_sheets.CHECKS,
    **i18n_ko_sheets.LINK_NOTES,
    **i18n_ko_cost.COST_LINES,
    **KO,
}

# Sheet names: at most 31 characters, none of : \\ / ? * [ ] (Excel's rules), and short enough for a tab.
SHEET_NAMES_KO: dict[str, str] = {
    "Summary": "요약",
    "Assumptions": "가정",
    "Hardware": "하드웨어",
    "Memory": "메모리",
    "Training": "학습시간",
    "Sweep": "GPU수별비교",
    "TCO": "총소유비용",
    "Utilization": "가동률",
    "Tornado": "민감도",
    "Checklist": "체크리스트",
    "Checks": "검증",
    "Sources": "출처",
}


def sheet_names(language: str) -> dict[str, str]:
    """English sheet name -> the name shown in `language` (empty for English)."""
    return dict(SHEET_NAMES_KO) if language == "ko" else {}


def translate(text: str, language: str) -> str:
    if language == "ko":
        return KO.get(text, text)
    return text
