"""Korean for the cost-line labels of the workbook (issue #23 keys: TCO, Assumptions, Tornado), kept apart from
i18n_ko.py so that neither module passes 500 lines; merged into the Korean table by i18n.py."""

from __future__ import annotations

COST_LINES: dict[str, str] = {
    "Facility set-up per node": "노드당 시설 구축비",
    "USD per node, one-off": "노드당 USD, 일회성",
    "Hardware lead time": "하드웨어 납기",
    "months rented on demand until owning runs": "보유 장비 가동 전까지 온디맨드로 임대하는 개월 수",
    "Lease payment": "리스료",
    "USD per node-month": "노드·월당 USD",
    "Lease term": "리스 기간",
    "months (empty: the whole horizon)": "개월 (빈칸: 분석 기간 전체)",
    "Lease buy-out": "리스 인수 대금",
    "fraction of capex at the term's end": "기간 종료 시 초기 투자비 대비 비율",
    "Cloud storage price": "클라우드 스토리지 가격",
    "USD per TB-month": "TB·월당 USD",
    "Cloud storage held": "클라우드 스토리지 보관량",
    "TB over the horizon": "분석 기간 동안의 TB",
    "Cloud egress price": "클라우드 egress 가격",
    "USD per TB": "TB당 USD",
    "Cloud egress": "클라우드 egress",
    "TB taken out once": "한 번 내보내는 TB",
    "Cloud support plan": "클라우드 지원 플랜",
    "fraction of the GPU-hour bill": "GPU 시간 요금 대비 비율",
    "Node power, rating": "노드 전력, 정격",
    "kW per node (P_full, colocation contracts it)": "노드당 kW (P_full, 코로케이션 계약 기준)",
    "Node power, training draw": "노드 전력, 학습 시 소비",
    "kW per node (P_draw, energy)": "노드당 kW (P_draw, 전력비 기준)",
    "Node power, rating (colocation)": "노드 전력, 정격 (코로케이션)",
    "On-demand price known (and the cloud extras' volumes where they are priced)": (
        "온디맨드 가격 있음 (가격이 있는 클라우드 부가 항목은 그 양도)"
    ),
    "Fabric = nodes × network per node": "패브릭 = 노드 수 × 노드당 네트워크",
    "Capex = (nodes × (node + install + facility) + fabric) × (1 + import tax)": (
        "초기 투자비 = (노드 수 × (노드 + 설치 + 시설) + 패브릭) × (1 + 수입 관세)"
    ),
    "Residual value, straight line = capex × MAX(0, 1 − Y / depreciation years)": (
        "잔존 가치, 정액법 = 초기 투자비 × MAX(0, 1 − Y / 감가상각 기간)"
    ),
    "Residual value at the horizon = capex × resale fraction at age Y (the residual curve on Assumptions)": (
        "분석 기간 말 잔존 가치 = 초기 투자비 × 사용 연수 Y의 재판매 비율 (가정 시트의 잔존 가치 곡선)"
    ),
    "Residual value at the horizon = capex × resale fraction at age Y (the straight line above)": (
        "분석 기간 말 잔존 가치 = 초기 투자비 × 사용 연수 Y의 재판매 비율 (위의 정액법)"
    ),
    "IT power = nodes × (P_idle + u × (P_draw − P_idle)), P_draw the training draw": (
        "IT 전력 = 노드 수 × (P_idle + u × (P_draw − P_idle)), P_draw는 학습 시 소비 전력"
    ),
    "Colocation per year = nodes × P_full × 12 × rate (contracted nameplate kW, no PUE)": (
        "연간 코로케이션 = 노드 수 × P_full × 12 × 요금 (계약 정격 kW, PUE 제외)"
    ),
    "Colocation over the horizon": "분석 기간 코로케이션",
    "Support over the horizon": "분석 기간 유지보수",
    "Staff + software over the horizon": "분석 기간 인건비 + 소프트웨어",
    "Lead time rented on demand = months × 730 h × GPUs × u × on-demand price": (
        "납기 동안의 온디맨드 임대 = 개월 수 × 730 h × GPU 수 × u × 온디맨드 가격"
    ),
    "Lead time rented (0 without a lead time)": "납기 동안의 임대 (납기가 없으면 0)",
    "Energy of a full year = IT kW × PUE × 8760 × price × (1 + escalation)^(y − 1)": (
        "1년 전력비 = IT kW × PUE × 8760 × 요금 × (1 + 인상률)^(y − 1)"
    ),
    "Lead time rented on demand (months in the year × GPUs × 730 h × u × price)": (
        "납기 동안의 온디맨드 임대 (그 해의 개월 수 × GPU 수 × 730 h × u × 가격)"
    ),
    "Rent on demand = w_y × (GPUs × 8760 × u × price × (1 + cloud support) + storage a year) + egress": (
        "온디맨드 임대 = w_y × (GPU 수 × 8760 × u × 가격 × (1 + 클라우드 지원) + 연간 스토리지) + egress"
    ),
    "On-prem TCO = capex − residual + energy + colocation + support + staff/software + lead time (undiscounted)": (
        "온프레미스 TCO = 초기 투자비 − 잔존 가치 + 전력 + 코로케이션 + 유지보수 + 인건비/소프트웨어 + 납기 (할인 전)"
    ),
    "Lease payments = nodes × lease × MIN(12 Y, term) + buy-out × capex if the term ends in the horizon": (
        "리스료 합계 = 노드 수 × 리스료 × MIN(12 Y, 기간) + 기간이 분석 기간 안에 끝나면 인수 비율 × 초기 투자비"
    ),
    "Leased on-prem TCO = lease payments + energy + colocation + support + staff/software + lead time": (
        "리스 온프레미스 TCO = 리스료 + 전력 + 코로케이션 + 유지보수 + 인건비/소프트웨어 + 납기"
    ),
    "b: added by utilization = nodes × (P_draw − P_idle) × PUE × 8760 × Σ w_y × price_y + lead time at u = 1": (
        "b: 가동률에 따른 증가분 = 노드 수 × (P_draw − P_idle) × PUE × 8760 × Σ w_y × 요금_y + u = 1의 납기 임대"
    ),
    "On-demand GPU-hours = GPUs × H × u × price": "온디맨드 GPU 시간 = GPU 수 × H × u × 가격",
    "Reserved 1-year GPU-hours = GPUs × H × price (every hour)": "1년 예약 GPU 시간 = GPU 수 × H × 가격 (모든 시간)",
    "Reserved 3-year GPU-hours = GPUs × H × price (every hour)": "3년 예약 GPU 시간 = GPU 수 × H × 가격 (모든 시간)",
    "Spot GPU-hours = GPUs × H × u × price / (1 − lost fraction)": (
        "스팟 GPU 시간 = GPU 수 × H × u × 가격 / (1 − 손실 비율)"
    ),
    "Cloud storage = TB × price per TB-month × 12 × Y": "클라우드 스토리지 = TB × TB·월당 가격 × 12 × Y",
    "Cloud storage per year": "연간 클라우드 스토리지",
    "Cloud egress = TB × price per TB (once)": "클라우드 egress = TB × TB당 가격 (한 번)",
    "Cloud on-demand = GPU-hours × (1 + cloud support) + storage + egress": (
        "클라우드 온디맨드 = GPU 시간 × (1 + 클라우드 지원) + 스토리지 + egress"
    ),
    "d: cloud on-demand at 0 % utilization (storage + egress)": "d: 가동률 0 %의 클라우드 온디맨드 (스토리지 + egress)",
    "c: cloud on-demand added by utilization (GPU-hours at 100 % × (1 + cloud support))": (
        "c: 가동률에 따른 클라우드 온디맨드 증가분 (100 %의 GPU 시간 × (1 + 클라우드 지원))"
    ),
    "Cloud reserved 1 year = GPU-hours (every hour paid) + cloud extras": (
        "클라우드 1년 예약 = GPU 시간 (모든 시간 지불) + 클라우드 부가 비용"
    ),
    "Cloud reserved 3 years = GPU-hours (every hour paid) + cloud extras": (
        "클라우드 3년 예약 = GPU 시간 (모든 시간 지불) + 클라우드 부가 비용"
    ),
    "Cloud spot = GPU-hours / (1 − lost fraction) + cloud extras": (
        "클라우드 스팟 = GPU 시간 / (1 − 손실 비율) + 클라우드 부가 비용"
    ),
    "Break-even utilization u* = (a − d) / (c − b), empty if not in [0, 1]": (
        "손익분기 가동률 u* = (a − d) / (c − b), [0, 1] 밖이면 빈칸"
    ),
    "not given": "주어지지 않음",
}
# the resale curve's rows on Assumptions, one pair per point (a curve has a few points)
COST_LINES.update({f"Resale curve point {i}: age": f"재판매 곡선 점 {i}: 사용 연수" for i in range(1, 13)})
COST_LINES.update({f"Resale curve point {i}: value": f"재판매 곡선 점 {i}: 값" for i in range(1, 13)})
