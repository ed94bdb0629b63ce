<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR" sourcelanguage="en_US">
    <context>
        <name />
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="79" />
            <source>This application uses Qt and PySide6 under the GNU Lesser General Public License version 3 ({0}). They are linked dynamically: their libraries are separate files in the application folder, which you may replace with your own builds of the same version. Their complete source code is available from {1} and {2}.</source>
            <translation>이 애플리케이션은 GNU 약소 일반 공중 사용 허가서 버전 3({0})에 따라 Qt와 PySide6을 사용합니다. 두 라이브러리는 동적으로 링크되어 애플리케이션 폴더에 별도 파일로 들어 있으며, 같은 버전을 직접 빌드한 파일로 교체할 수 있습니다. 전체 소스 코드는 {1} 및 {2}에서 받을 수 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="85" />
            <source>The licence texts are in the folder {0}.</source>
            <translation>라이선스 전문은 {0} 폴더에 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="87" />
            <source>Plan GPU servers for LLM training: memory, time, parallel layout, and cloud against on-premises cost.</source>
            <translation>LLM 학습용 GPU 서버 계획: 메모리, 학습 시간, 병렬 구성, 클라우드 대 온프레미스 비용.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="89" />
            <source>Built with Qt {0} and PySide6 {1}.</source>
            <translation>Qt {0}, PySide6 {1}(으)로 빌드되었습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="90" />
            <source>gpuplanner itself is under the MIT licence.</source>
            <translation>gpuplanner 자체는 MIT 라이선스를 따릅니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="92" />
            <source>Prices and specifications in the catalog are indicative: they were collected from public sources, each with its source and date, and they are not quotes. Prices change often and differ by vendor, region, volume and contract; check current prices before you buy or sign.</source>
            <translation>카탈로그의 가격과 사양은 참고용입니다. 공개 자료에서 수집했고 값마다 출처와 날짜가 있지만 견적이 아닙니다. 가격은 자주 바뀌며 공급사, 지역, 수량, 계약 조건에 따라 다르므로 구매나 계약 전에 최신 가격을 확인하세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="97" />
            <source>NumPy wheels also contain OpenBLAS (BSD-3-Clause) and the GCC runtime libraries (GPLv3 with the GCC Runtime Library Exception).</source>
            <translation>NumPy 휠에는 OpenBLAS(BSD-3-Clause)와 GCC 런타임 라이브러리(GCC 런타임 라이브러리 예외가 붙은 GPLv3)도 들어 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="100" />
            <source>Library</source>
            <translation>라이브러리</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="100" />
            <source>Version</source>
            <translation>버전</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="100" />
            <source>Licence</source>
            <translation>라이선스</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="100" />
            <source>Source</source>
            <translation>소스 코드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="101" />
            <source>Hardware catalog</source>
            <translation>하드웨어 카탈로그</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="101" />
            <source>Qt and PySide6 (LGPLv3)</source>
            <translation>Qt 및 PySide6 (LGPLv3)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="101" />
            <source>Bundled libraries</source>
            <translation>포함된 라이브러리</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/about.py" line="122" />
            <location filename="../../gpuplanner/ui/about.py" line="127" />
            <source>About gpuplanner</source>
            <translation>gpuplanner 정보</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="19" />
            <source>On demand</source>
            <translation>온디맨드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="20" />
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="29" />
            <source>Reserved 1 year</source>
            <translation>1년 예약 인스턴스</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="21" />
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="30" />
            <source>Reserved 3 years</source>
            <translation>3년 예약 인스턴스</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="22" />
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="31" />
            <source>Spot</source>
            <translation>스팟</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="23" />
            <source>Server price</source>
            <translation>서버 가격</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="24" />
            <source>Network</source>
            <translation>네트워크</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="25" />
            <source>Installation</source>
            <translation>설치비</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="26" />
            <source>Electricity</source>
            <translation>전기 요금</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="27" />
            <source>PUE</source>
            <translation>PUE</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="28" />
            <source>Colocation</source>
            <translation>코로케이션</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="29" />
            <source>Support</source>
            <translation>유지보수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="30" />
            <source>Staff</source>
            <translation>인건비</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="31" />
            <source>Software</source>
            <translation>소프트웨어</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="32" />
            <source>Depreciation</source>
            <translation>감가상각 기간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="33" />
            <source>Discount rate</source>
            <translation>할인율</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="34" />
            <source>Exchange rate</source>
            <translation>환율</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="35" />
            <source>node idle power (catalog, Tools › Catalog editor)</source>
            <translation>노드 유휴 전력 (카탈로그, 도구 › 카탈로그 편집기)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="36" />
            <source>node training power (catalog, Tools › Catalog editor)</source>
            <translation>노드 학습 전력 (카탈로그, 도구 › 카탈로그 편집기)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="37" />
            <source>node full power (catalog, Tools › Catalog editor)</source>
            <translation>노드 최대 전력 (카탈로그, 도구 › 카탈로그 편집기)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/cost_fields.py" line="57" />
            <source>unknown: enter {0} in step 4</source>
            <translation>알 수 없음: 4단계에서 {0}을(를) 입력하세요</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="20" />
            <source>must be a positive integer</source>
            <translation>양의 정수여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="21" />
            <source>must be an integer ≥ 0</source>
            <translation>0 이상의 정수여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="22" />
            <source>must be a positive number</source>
            <translation>양수여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="23" />
            <source>must be a number ≥ 0</source>
            <translation>0 이상의 숫자여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="24" />
            <source>must be a number from 0 to 1</source>
            <translation>0에서 1 사이의 숫자여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="25" />
            <source>must be a number from 0 up to (not including) 1</source>
            <translation>0 이상 1 미만의 숫자여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="26" />
            <source>must be a fraction above 0 and at most 1</source>
            <translation>0보다 크고 1 이하인 비율이어야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="27" />
            <source>must be true or false</source>
            <translation>true 또는 false여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="28" />
            <source>must be a non-empty string</source>
            <translation>비어 있지 않은 문자열이어야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="29" />
            <source>must not repeat an entry</source>
            <translation>같은 항목이 두 번 있으면 안 됩니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="30" />
            <source>must not repeat a GPU id</source>
            <translation>같은 GPU id가 두 번 있으면 안 됩니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="31" />
            <source>must be a non-empty list of catalog GPU ids</source>
            <translation>카탈로그 GPU id 목록이어야 하며 비어 있으면 안 됩니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="32" />
            <source>must be more than 0 years</source>
            <translation>0년보다 길어야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="39" />
            <source>must be at most {0} characters</source>
            <translation>{0}자 이하여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="40" />
            <source>must be at most {0}</source>
            <translation>{0} 이하여야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="41" />
            <source>must be at least {0}</source>
            <translation>{0} 이상이어야 합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="42" />
            <source>must be one of {0}</source>
            <translation>다음 중 하나여야 합니다: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="65" />
            <source>{0}; did you mean {1}?</source>
            <translation>{0} ({1}을(를) 뜻했나요?)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/engine_text.py" line="82" />
            <source>{0}, got {1}</source>
            <translation>{0} (입력값 {1})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="34" />
            <location filename="../../gpuplanner/ui/formatting.py" line="41" />
            <source>{0} GiB</source>
            <translation>{0} GiB</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="79" />
            <location filename="../../gpuplanner/ui/formatting.py" line="203" />
            <source>{0} hours</source>
            <translation>{0}시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="80" />
            <location filename="../../gpuplanner/ui/formatting.py" line="203" />
            <source>{0} days</source>
            <translation>{0}일</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="87" />
            <source>{0} GPU-hours</source>
            <translation>{0} GPU 시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="107" />
            <source>{0} B</source>
            <translation>{0}B</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="108" />
            <source>{0} M</source>
            <translation>{0}M</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="115" />
            <source>{0} billion tokens</source>
            <translation>{0}B 토큰</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="132" />
            <source>fits</source>
            <translation>메모리에 맞음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="132" />
            <source>probably fits</source>
            <translation>아마 맞음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="132" />
            <source>borderline</source>
            <translation>경계선</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="132" />
            <source>probably not</source>
            <translation>아마 안 맞음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="135" />
            <location filename="../../gpuplanner/ui/formatting.py" line="139" />
            <source>does not fit</source>
            <translation>메모리 부족</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/formatting.py" line="160" />
            <location filename="../../gpuplanner/ui/formatting.py" line="204" />
            <location filename="../../gpuplanner/ui/formatting.py" line="212" />
            <location filename="../../gpuplanner/ui/formatting.py" line="219" />
            <source>80%: {0}–{1}</source>
            <translation>80% 구간: {0}–{1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="21" />
            <source>Unknown / other</source>
            <translation>알 수 없음 / 기타</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="22" />
            <source>Best estimate when the framework is unknown: master-weight styles as Megatron, others as eager</source>
            <translation>프레임워크를 모를 때의 최선 추정: 마스터 가중치 방식은 Megatron처럼, 나머지는 eager 실행처럼 계산</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="25" />
            <source>Hugging Face Trainer / PEFT / Accelerate</source>
            <translation>Hugging Face Trainer / PEFT / Accelerate</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="26" />
            <source>transformers modules, autocast over fp32 weights, gradient checkpointing = full recompute</source>
            <translation>transformers 모듈, fp32 가중치 위 autocast, 그래디언트 체크포인트 = 전체 재계산</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="29" />
            <source>torchtune</source>
            <translation>torchtune</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="30" />
            <source>torchtune recipes: pure bf16 weights and AdamW states, chunked loss, optimizer in backward</source>
            <translation>torchtune 레시피: 순수 bf16 가중치와 AdamW 상태, 청크 손실, 역전파 중 옵티마이저 단계</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="33" />
            <source>torchtitan</source>
            <translation>torchtitan</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="34" />
            <source>FSDP2 with fp32 sharded weights and bf16 compute, per-op selective checkpointing, torchao fp8</source>
            <translation>FSDP2(fp32 샤딩 가중치, bf16 연산), 연산 단위 선택적 체크포인트, torchao fp8</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="37" />
            <source>Megatron-Core / NeMo</source>
            <translation>Megatron-Core / NeMo</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="38" />
            <source>fused Transformer Engine kernels, persistent bf16 gradient buffer, distributed optimizer</source>
            <translation>융합 Transformer Engine 커널, 상주 bf16 그래디언트 버퍼, 분산 옵티마이저</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="41" />
            <source>DeepSpeed ZeRO</source>
            <translation>DeepSpeed ZeRO</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="42" />
            <source>ZeRO stages over Hugging Face modules: bf16 weights with an fp32 master copy</source>
            <translation>Hugging Face 모듈 위 ZeRO 단계: bf16 가중치와 fp32 마스터 사본</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="45" />
            <source>MosaicML llm-foundry / Composer</source>
            <translation>MosaicML llm-foundry / Composer</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="46" />
            <source>Composer with FSDP and autocast (amp_bf16) over fp32 weights</source>
            <translation>FSDP와 fp32 가중치 위 autocast(amp_bf16)를 쓰는 Composer</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="53" />
            <source>Automatic (planner)</source>
            <translation>자동 (플래너)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="54" />
            <source>None</source>
            <translation>없음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="55" />
            <source>Selective (attention)</source>
            <translation>선택적 (어텐션)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="56" />
            <source>Selective per op (every other matmul saved)</source>
            <translation>연산 단위 선택적 (행렬곱 출력 하나 걸러 저장)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="57" />
            <source>Full (every layer)</source>
            <translation>전체 (모든 레이어)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="69" />
            <source>end of forward</source>
            <translation>순전파 끝</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="70" />
            <source>loss backward</source>
            <translation>손실 역전파</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="71" />
            <source>backward of the last layer</source>
            <translation>마지막 레이어 역전파</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="72" />
            <source>end of backward</source>
            <translation>역전파 끝</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="73" />
            <source>optimizer step</source>
            <translation>옵티마이저 단계</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="81" />
            <source>{0}, peak during {1}</source>
            <translation>{0}, 최대 시점: {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="84" />
            <source>torch.compile</source>
            <translation>torch.compile</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/framework_text.py" line="86" />
            <location filename="../../gpuplanner/ui/recommend.py" line="32" />
            <source>recompute chosen by the planner</source>
            <translation>플래너가 고른 재계산</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/link_notes.py" line="27" />
            <source>Link between nodes (Gb/s per GPU, one direction)</source>
            <translation>노드 간 링크 (GPU당 Gb/s, 단방향)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/link_notes.py" line="28" />
            <source>Link inside a node (GB/s per GPU, one direction)</source>
            <translation>노드 내 링크 (GPU당 GB/s, 단방향)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/link_notes.py" line="36" />
            <source>In the app: step 3 (Hardware), “{0}”.</source>
            <translation>앱에서는 3단계(하드웨어)의 “{0}”에서 지정합니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/link_notes.py" line="45" />
            <source>Inter-node link speed not published for node type {subject}; assumed {assumed} per GPU. Set {key}.</source>
            <translation>노드 종류 {subject}의 노드 간 링크 속도가 공개되지 않아 GPU당 {assumed}로 가정했습니다. {key}로 지정하세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/link_notes.py" line="48" />
            <source>Intra-node link speed not published for GPU {subject}; assumed {assumed} per GPU (PCIe 3 x16). Set {key}.</source>
            <translation>GPU {subject}의 노드 내 링크 속도가 공개되지 않아 GPU당 {assumed}(PCIe 3 x16)로 가정했습니다. {key}로 지정하세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="53" />
            <source>age unknown</source>
            <translation>시점 불명</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="55" />
            <source>this month</source>
            <translation>이번 달</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="57" />
            <source>1 month old</source>
            <translation>1개월 전</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="58" />
            <source>{0} months old</source>
            <translation>{0}개월 전</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="80" />
            <source>not published: the catalog has no default offer for this GPU and tier</source>
            <translation>공개되지 않음: 카탈로그에 이 GPU와 요금제의 기본 상품이 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="82" />
            <source>catalog default: {0}, as of {1} ({2})</source>
            <translation>카탈로그 기본값: {0}, {1} 기준 ({2})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="85" />
            <source> — older than {0} months: check today's price</source>
            <translation> — {0}개월보다 오래됨: 현재 가격을 확인하세요</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="90" />
            <source>offer picked: {0}, as of {1} ({2})</source>
            <translation>선택한 상품: {0}, {1} 기준 ({2})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="93" />
            <source>your edit (typed into this scenario)</source>
            <translation>직접 입력 (이 시나리오에 입력한 값)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="98" />
            <source>Default on-demand offers of the compared GPUs:</source>
            <translation>비교 GPU의 기본 온디맨드 상품:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="105" />
            <source>{0}: not published</source>
            <translation>{0}: 공개되지 않음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="123" />
            <source>Cloud offer</source>
            <translation>클라우드 상품</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="126" />
            <source>Where this price comes from</source>
            <translation>이 가격의 출처</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="149" />
            <source> (default)</source>
            <translation> (기본값)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="156" />
            <source>your edit: ${0:,.2f}</source>
            <translation>직접 입력: ${0:,.2f}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/offer_picker.py" line="169" />
            <source>⚠ dearer than the on-demand price (${0:,.2f} per GPU-hour): these offers come from different providers or dates; pick another offer or type your quote</source>
            <translation>⚠ 온디맨드 가격(GPU 시간당 ${0:,.2f})보다 비쌉니다: 서로 다른 제공업체나 시점의 상품입니다. 다른 상품을 고르거나 받은 견적을 입력하세요</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="46" />
            <source>must be a number, or empty for the catalog's value</source>
            <translation>숫자여야 합니다. 카탈로그 값을 쓰려면 비워 두세요</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="65" />
            <source>Cluster links (optional)</source>
            <translation>클러스터 링크 (선택)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="69" />
            <source>The link speeds between and inside nodes, if you know your cluster's</source>
            <translation>클러스터의 노드 간·노드 내 링크 속도를 알고 있다면 여기에 입력합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="79" />
            <source>Leave empty to use the catalog's speed for the planned server. A speed you type applies to every candidate GPU.</source>
            <translation>비워 두면 계획한 서버의 카탈로그 속도를 사용합니다. 입력한 속도는 모든 후보 GPU에 적용됩니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="93" />
            <source>The network bandwidth each GPU has to other nodes, one direction, in gigabits per second (e.g. 400 for one 400G NIC per GPU). Data-parallel and pipeline traffic between nodes runs at it.</source>
            <translation>GPU 하나가 다른 노드와 주고받는 네트워크 대역폭(단방향, Gb/s)입니다(예: GPU마다 400G NIC 하나면 400). 노드 간 데이터 병렬 및 파이프라인 통신이 이 속도로 흐릅니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="101" />
            <source>The GPU-to-GPU bandwidth inside one server, per GPU, one direction, in gigabytes per second (e.g. 450 for NVLink 4, about 25 for PCIe 4 x16). Tensor and context parallel traffic runs at it.</source>
            <translation>한 서버 안에서 GPU 간 대역폭(GPU당, 단방향, GB/s)입니다(예: NVLink 4는 450, PCIe 4 x16은 약 25). 텐서 병렬과 컨텍스트 병렬 통신이 이 속도로 흐릅니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="107" />
            <source>Change link between nodes</source>
            <translation>노드 간 링크 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="108" />
            <source>Change link inside a node</source>
            <translation>노드 내 링크 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="154" />
            <source>from the catalog</source>
            <translation>카탈로그 값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="158" />
            <source>catalog: {0} Gb/s ({1})</source>
            <translation>카탈로그: {0} Gb/s ({1})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="161" />
            <source>not published ({0}) — {1} Gb/s assumed</source>
            <translation>공개되지 않음 ({0}) — {1} Gb/s로 가정</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="164" />
            <source>catalog: {0} GB/s ({1})</source>
            <translation>카탈로그: {0} GB/s ({1})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/link_fields.py" line="167" />
            <source>not published ({0}) — {1} GB/s assumed (PCIe 3 x16)</source>
            <translation>공개되지 않음 ({0}) — {1} GB/s로 가정 (PCIe 3 x16)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="26" />
            <source>Framework's default</source>
            <translation>프레임워크 기본값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="27" />
            <source>Transformer Engine (framework's scaling)</source>
            <translation>Transformer Engine (프레임워크의 스케일링)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="28" />
            <source>TE delayed scaling</source>
            <translation>TE 지연 스케일링</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="29" />
            <source>TE current scaling (per tensor)</source>
            <translation>TE 현재 스케일링 (텐서 단위)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="30" />
            <source>TE block scaling (1×128, 128×128)</source>
            <translation>TE 블록 스케일링 (1×128, 128×128)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="31" />
            <source>MXFP8 (Blackwell)</source>
            <translation>MXFP8 (Blackwell)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="32" />
            <source>torchao float8 (per tensor)</source>
            <translation>torchao float8 (텐서 단위)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="37" />
            <source>NCCL all-to-all</source>
            <translation>NCCL all-to-all</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="37" />
            <source>DeepEP / HybridEP</source>
            <translation>DeepEP / HybridEP</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="42" />
            <source>One copy per token and expert (Megatron alltoall, torchtitan's default)</source>
            <translation>토큰과 전문가마다 한 번씩 보냅니다 (Megatron alltoall, torchtitan 기본값)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="43" />
            <source>One copy per GPU and per remote node (Megatron flex, NeMo AutoModel, torchtitan)</source>
            <translation>GPU마다, 원격 노드마다 한 번씩 보냅니다 (Megatron flex, NeMo AutoModel, torchtitan)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="49" />
            <source>Scales from an amax history; the norms write FP8 directly (TE's own default)</source>
            <translation>amax 이력으로 스케일을 정하고 정규화가 FP8을 바로 씁니다 (TE 자체 기본값)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="50" />
            <source>Each tensor's amax measured before its cast (Megatron-Bridge FP8-CS)</source>
            <translation>캐스트 전에 텐서마다 amax를 측정합니다 (Megatron-Bridge FP8-CS)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="51" />
            <source>DeepSeek-V3-style block scales; Hopper and newer</source>
            <translation>DeepSeek-V3 방식의 블록 스케일, Hopper 이상</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="52" />
            <source>32-element block scales in one cast kernel; B200, B300 and GB200 only</source>
            <translation>32개 원소 블록 스케일을 한 번의 캐스트 커널로, B200·B300·GB200 전용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="53" />
            <source>torchao dynamic scaling (torchtitan, torchtune)</source>
            <translation>torchao 동적 스케일링 (torchtitan, torchtune)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="76" />
            <source>&amp;FP8 recipe:</source>
            <translation>FP8 레시피(&amp;F):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="76" />
            <source>How the FP8 matmuls are scaled; it sets the casts' cost</source>
            <translation>FP8 행렬곱의 스케일 방식으로, 캐스트 비용을 정합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="79" />
            <source>MoE &amp;token dispatch:</source>
            <translation>MoE 토큰 전달(&amp;T):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="79" />
            <source>How tokens reach their experts in expert parallel</source>
            <translation>전문가 병렬에서 토큰이 전문가에게 가는 방식</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="84" />
            <source>Change FP8 recipe</source>
            <translation>FP8 레시피 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/recipe_fields.py" line="87" />
            <source>Change MoE token dispatch</source>
            <translation>MoE 토큰 전달 방식 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="46" />
            <source>BF16</source>
            <translation>BF16</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="47" />
            <source>FP8</source>
            <translation>FP8</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="48" />
            <source>INT8</source>
            <translation>INT8</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="49" />
            <source>INT4 (GPTQ/AWQ)</source>
            <translation>INT4 (GPTQ/AWQ)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="50" />
            <source>FP4 (NVFP4)</source>
            <translation>FP4 (NVFP4)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="73" />
            <source>Serving</source>
            <translation>서빙</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="77" />
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="78" />
            <source> tokens</source>
            <translation> 토큰</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="77" />
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="78" />
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="84" />
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="85" />
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="86" />
            <source>not set</source>
            <translation>지정 안 함</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="81" />
            <source> sequence</source>
            <translation> 시퀀스</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="81" />
            <source> sequences</source>
            <translation> 시퀀스</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="81" />
            <source>as many as the KV cache holds</source>
            <translation>KV 캐시가 담는 만큼</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="84" />
            <source> tokens/s</source>
            <translation> 토큰/초</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="85" />
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="86" />
            <source> ms</source>
            <translation> ms</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="91" />
            <source>&amp;Prompt length:</source>
            <translation>프롬프트 길이(&amp;P):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="91" />
            <source>Prompt tokens per request (workload.input_len)</source>
            <translation>요청당 프롬프트 토큰 수 (workload.input_len)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="94" />
            <source>&amp;Generated length:</source>
            <translation>생성 길이(&amp;G):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="94" />
            <source>Generated tokens per request (workload.output_len)</source>
            <translation>요청당 생성 토큰 수 (workload.output_len)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="97" />
            <source>&amp;Concurrent sequences:</source>
            <translation>동시 시퀀스(&amp;C):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="99" />
            <source>Sequences each replica serves at once (workload.batch); lowest value: as many as the KV cache holds</source>
            <translation>복제본 하나가 동시에 처리하는 시퀀스 수 (workload.batch). 가장 낮은 값: KV 캐시가 담는 만큼</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="102" />
            <source>Target &amp;load:</source>
            <translation>목표 부하(&amp;L):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="104" />
            <source>Output tokens per second the deployment must serve; the plan adds replicas until it does</source>
            <translation>배포가 처리해야 하는 초당 출력 토큰 수. 계획은 이를 충족할 때까지 복제본을 늘립니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="107" />
            <source>Time to fi&amp;rst token ≤</source>
            <translation>첫 토큰까지 시간(&amp;R) ≤</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="107" />
            <source>Latency target for the first token of a reply (TTFT)</source>
            <translation>응답의 첫 토큰까지의 지연 목표 (TTFT)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="110" />
            <source>Time per output t&amp;oken ≤</source>
            <translation>출력 토큰당 시간(&amp;O) ≤</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="110" />
            <source>Latency target between generated tokens (TPOT)</source>
            <translation>생성 토큰 사이의 지연 목표 (TPOT)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="113" />
            <source>&amp;Weights:</source>
            <translation>가중치(&amp;W):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="113" />
            <source>Precision the weights are stored and read in</source>
            <translation>가중치를 저장하고 읽는 정밀도</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="116" />
            <source>&amp;KV cache:</source>
            <translation>KV 캐시(&amp;K):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="116" />
            <source>Precision of the cached keys and values</source>
            <translation>캐시된 키와 값의 정밀도</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="126" />
            <source>Change prompt length</source>
            <translation>프롬프트 길이 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="129" />
            <source>Change generated length</source>
            <translation>생성 길이 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="134" />
            <source>Change concurrent sequences</source>
            <translation>동시 시퀀스 수 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="139" />
            <source>Change target load</source>
            <translation>목표 부하 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="140" />
            <source>Change time to first token</source>
            <translation>첫 토큰까지 시간 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="141" />
            <source>Change time per output token</source>
            <translation>출력 토큰당 시간 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="145" />
            <source>Change weight precision</source>
            <translation>가중치 정밀도 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="146" />
            <source>Change KV-cache precision</source>
            <translation>KV 캐시 정밀도 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="180" />
            <source>Give the prompt and generated lengths to size the servers (throughput, latency).</source>
            <translation>서버 규모(처리량, 지연)를 정하려면 프롬프트 길이와 생성 길이를 입력하세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/serving_fields.py" line="182" />
            <source>Sequence length = prompt + generated = {0:,} tokens.</source>
            <translation>시퀀스 길이 = 프롬프트 + 생성 = {0:,} 토큰.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/_units.py" line="45" />
            <source>minutes</source>
            <translation>분</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/_units.py" line="45" />
            <source>hours</source>
            <translation>시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/_units.py" line="45" />
            <source>days</source>
            <translation>일</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/_units.py" line="50" />
            <source>Wall clock ({0}, log)</source>
            <translation>실제 소요 시간 ({0}, 로그)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/_units.py" line="50" />
            <source>Wall clock ({0}, log scale)</source>
            <translation>실제 소요 시간 ({0}, 로그 눈금)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/_units.py" line="52" />
            <source>Wall clock ({0})</source>
            <translation>실제 소요 시간 ({0})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/memory_plot.py" line="62" />
            <source>Memory per GPU against capacity</source>
            <translation>GPU당 메모리 대 용량</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/memory_plot.py" line="70" />
            <source>GiB per GPU</source>
            <translation>GPU당 GiB</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/memory_plot.py" line="103" />
            <source>No estimate for: {0}</source>
            <translation>추정값 없음: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/memory_plot.py" line="138" />
            <source>Capacity</source>
            <translation>용량</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/memory_plot.py" line="162" />
            <source>80% band</source>
            <translation>80% 구간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/memory_plot.py" line="186" />
            <source>{0}
{1} free</source>
            <translation>{0}
{1} 여유</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/memory_plot.py" line="188" />
            <source>{0}
short {1}</source>
            <translation>{0}
{1} 모자람</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/memory_plot.py" line="268" />
            <source>{0}: {1} of {2}, {3}</source>
            <translation>{0}: {2} 중 {1}, {3}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="38" />
            <source>Job cost (on demand) against time, all GPU types (Pareto)</source>
            <translation>작업 비용(온디맨드) 대 소요 시간, 전체 GPU 종류 (파레토)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="69" />
            <source>Job cost ({0})</source>
            <translation>작업 비용 ({0})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="72" />
            <source>Inference serving has no training job to cost.</source>
            <translation>추론 서빙에는 비용을 계산할 학습 작업이 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="74" />
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="73" />
            <source>No time estimate from the engine for this scenario.</source>
            <translation>이 시나리오에 대한 엔진의 시간 추정값이 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="76" />
            <source>Computing other GPU counts…</source>
            <translation>다른 GPU 수 계산 중…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="85" />
            <source>No on-demand price in the catalog for: {0}</source>
            <translation>카탈로그에 온디맨드 가격이 없음: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="112" />
            <source>Pareto front</source>
            <translation>파레토 프런트</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="147" />
            <source>{0} × {1}
{2}, {3}
{4}</source>
            <translation>{0} × {1}
{2}, {3}
{4}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/pareto_plot.py" line="171" />
            <source>Pareto front: {0}</source>
            <translation>파레토 프런트: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="32" />
            <source>{0} (TP {1})</source>
            <translation>{0} (TP {1})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="32" />
            <source>{0} (TP {1} × PP {2})</source>
            <translation>{0} (TP {1} × PP {2})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="44" />
            <source>Serving: output tokens/s per replica against time per output token</source>
            <translation>서빙: 출력 토큰당 시간 대비 복제본당 출력 토큰/초</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="54" />
            <source>Time per output token (ms, log scale)</source>
            <translation>출력 토큰당 시간 (ms, 로그 눈금)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="55" />
            <source>Output tokens/s per replica</source>
            <translation>복제본당 출력 토큰/초</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="72" />
            <source>Training scenario: no serving trade-off.</source>
            <translation>학습 시나리오: 서빙 절충 곡선이 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="78" />
            <source>give the prompt and generated lengths in step 2</source>
            <translation>2단계에서 프롬프트 길이와 생성 길이를 입력하세요</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="80" />
            <source>no candidate GPU holds one replica</source>
            <translation>복제본 하나를 담는 후보 GPU가 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="81" />
            <source>No serving curve: {0}.</source>
            <translation>서빙 곡선 없음: {0}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="133" />
            <source>TPOT target {0:g} ms</source>
            <translation>TPOT 목표 {0:g} ms</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="139" />
            <source>Ringed: the plan's deployment per GPU type; the larger ring is the recommendation.</source>
            <translation>원: GPU 종류별 계획된 배포, 큰 원이 추천입니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="141" />
            <source>Ringed: each GPU type's closest deployment; none meets every target.</source>
            <translation>원: GPU 종류별 가장 가까운 배포. 모든 목표를 충족하는 것은 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="143" />
            <source>No replica fits on: {0}.</source>
            <translation>복제본이 들어가지 않는 GPU: {0}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="155" />
            <source>{0}
{1} sequences: {2} output tokens/s
TPOT {3}, TTFT {4}</source>
            <translation>{0}
시퀀스 {1}개: 출력 {2} 토큰/초
TPOT {3}, TTFT {4}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/serving_plot.py" line="182" />
            <source>{0} serving curves</source>
            <translation>서빙 곡선 {0}개</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="27" />
            <source>Owning (TCO)</source>
            <translation>온프레미스 구매 (TCO)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="28" />
            <source>Cloud on demand</source>
            <translation>클라우드 온디맨드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="39" />
            <source>Rent or buy: cost over the horizon by utilization</source>
            <translation>임대 또는 구매: 가동률별 분석 기간 총비용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="49" />
            <source>Utilization (%)</source>
            <translation>가동률 (%)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="88" />
            <source>Cost over {0:g} years ({1})</source>
            <translation>{0:g}년 총비용 ({1})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="94" />
            <source>no cost estimate</source>
            <translation>비용 추정값 없음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="95" />
            <source>No cost curve: {0}</source>
            <translation>비용 곡선 없음: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="118" />
            <source>{0} × {1}, as recommended above.</source>
            <translation>위 권장안대로 {0} × {1}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="120" />
            <source>{0} × {1}.</source>
            <translation>{0} × {1}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="127" />
            <source>Owning (TCO) {0}.</source>
            <translation>온프레미스 구매 (TCO) {0}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="129" />
            <source>No price for {0} (enter one in step 4).</source>
            <translation>{0} 가격 없음 (4단계에서 입력하세요).</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="144" />
            <source>break-even {0}</source>
            <translation>손익분기 가동률 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="153" />
            <source>Owning wins above {0} utilization.</source>
            <translation>가동률 {0} 이상에서는 온프레미스 구매가 유리합니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="155" />
            <source>No break-even between 0 and 100%.</source>
            <translation>가동률 0–100% 사이에 손익분기점이 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="159" />
            <source>Curves: prices × hours, no estimator band.</source>
            <translation>곡선: 가격 × 시간, 추정 오차 구간 없음.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="169" />
            <source>yours {0}</source>
            <translation>현재 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="196" />
            <source>at {0} utilization</source>
            <translation>가동률 {0}일 때</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/tco_plot.py" line="223" />
            <source>On-demand {0}, owning {1}, break-even {2}</source>
            <translation>온디맨드 {0}, 온프레미스 구매 {1}, 손익분기 가동률 {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="43" />
            <source>Training time against GPU count</source>
            <translation>GPU 수에 따른 학습 시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="51" />
            <source>GPUs</source>
            <translation>GPU 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="71" />
            <source>Inference serving has no training time.</source>
            <translation>추론 서빙에는 학습 시간이 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="75" />
            <source>Computing times for other GPU counts…</source>
            <translation>다른 GPU 수의 학습 시간 계산 중…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="122" />
            <source>{0} GPU</source>
            <translation>GPU {0}개</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="122" />
            <location filename="../../gpuplanner/ui/recommend.py" line="43" />
            <source>{0} GPUs</source>
            <translation>GPU {0}개</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="138" />
            <source>deadline {0:g} days</source>
            <translation>마감 기한 {0:g}일</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="141" />
            <source>Shaded: the 80% band of each line.</source>
            <translation>음영: 각 선의 80% 구간.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="142" />
            <source>The workload fits on none of the plotted GPU counts.</source>
            <translation>그래프의 어떤 GPU 수에서도 워크로드가 메모리에 맞지 않습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="176" />
            <source>{0} × {1}
{2}, {3}</source>
            <translation>{0} × {1}
{2}, {3}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/time_plot.py" line="210" />
            <source>{0} on {1} GPUs</source>
            <translation>GPU {1}개로 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="33" />
            <source>automatic layout</source>
            <translation>자동 병렬 구성</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="34" />
            <source>full recompute</source>
            <translation>전체 재계산</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="35" />
            <source>ZeRO-3</source>
            <translation>ZeRO-3</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="36" />
            <source>micro-batch 1</source>
            <translation>마이크로 배치 1</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="37" />
            <source>chunked loss</source>
            <translation>청크 손실</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="38" />
            <source>8-bit AdamW</source>
            <translation>8비트 AdamW</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="39" />
            <source>optimizer states on the CPU</source>
            <translation>옵티마이저 상태를 CPU로</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="40" />
            <source>full recompute, chunked loss and 8-bit AdamW together</source>
            <translation>전체 재계산, 청크 손실, 8비트 AdamW를 함께</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="56" />
            <source>{0}, {1} free per GPU{2}</source>
            <translation>{0}, GPU당 {1} 여유{2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="57" />
            <source>{0}, {1} short per GPU{2}</source>
            <translation>{0}, GPU당 {1} 모자람{2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="70" />
            <source>; at {0} utilization owning ({1}) beats renting on demand ({2}) over {3:g} years</source>
            <translation>; 가동률 {0}에서 {3:g}년간 온프레미스 구매({1})가 온디맨드 임대({2})보다 저렴</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="72" />
            <source>, break-even {0}</source>
            <translation>, 손익분기 가동률 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="73" />
            <source>; at {0} utilization renting on demand ({1}) is cheaper than owning ({2}) over {3:g} years</source>
            <translation>; 가동률 {0}에서 {3:g}년간 온디맨드 임대({1})가 온프레미스 구매({2})보다 저렴</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="75" />
            <source> (owning wins above {0})</source>
            <translation> (가동률 {0} 이상이면 구매가 유리)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="90" />
            <location filename="../../gpuplanner/ui/recommend.py" line="175" />
            <source>, {0} at on-demand prices</source>
            <translation>, 온디맨드 가격으로 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="95" />
            <source>Needs {0} × {1} for the {2:g}-day deadline ({3}{4})</source>
            <translation>{2:g}일 기한에는 {0} × {1}이(가) 필요합니다 ({3}{4})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="100" />
            <source>; it {0} ({1} likely)</source>
            <translation>; {0} (확률 {1})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="105" />
            <source>on {0} GPU</source>
            <translation>GPU {0}개에서는</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="105" />
            <source>on {0} GPUs</source>
            <translation>GPU {0}개에서는</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="106" />
            <source>, and it does not fit</source>
            <translation>, 메모리에 들어가지 않음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="107" />
            <source>; {0} it takes {1}{2}</source>
            <translation>; {0} {1} 걸립니다{2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="115" />
            <source>None of the candidate GPUs fits this workload on {0} GPU: {1} comes closest, {2} short per GPU.</source>
            <translation>GPU {0}개로는 어떤 후보 GPU에도 이 작업이 들어가지 않습니다. {1}이(가) 가장 가깝지만 GPU당 {2} 부족합니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="117" />
            <source>None of the candidate GPUs fits this workload on {0} GPUs: {1} comes closest, {2} short per GPU.</source>
            <translation>GPU {0}개로는 어떤 후보 GPU에도 이 작업이 들어가지 않습니다. {1}이(가) 가장 가깝지만 GPU당 {2} 부족합니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="122" />
            <source>{0} → {1} of {2}, fits</source>
            <translation>{0} → {2} 중 {1}, 들어감</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="127" />
            <source>It fits with: {0}.</source>
            <translation>이렇게 하면 들어갑니다: {0}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="132" />
            <source>No single change tried (recompute, ZeRO-3, micro-batch 1, chunked loss, 8-bit AdamW, up to 256× the GPUs) makes it fit: use LoRA or QLoRA, a shorter sequence or a larger GPU.</source>
            <translation>시도한 변경(재계산, ZeRO-3, 마이크로 배치 1, 청크 손실, 8비트 AdamW, GPU 최대 256배) 중 하나만으로는 들어가지 않습니다. LoRA나 QLoRA, 더 짧은 시퀀스, 더 큰 GPU를 쓰세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="142" />
            <source>No candidate GPU meets the {0:g}-day deadline ({1}).</source>
            <translation>{0:g}일 기한을 맞추는 후보 GPU가 없습니다 ({1}).</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="145" />
            <source>No estimate yet: {0}</source>
            <translation>아직 추정값 없음: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="145" />
            <source>no candidate GPU</source>
            <translation>후보 GPU 없음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="150" />
            <source>Estimating…</source>
            <translation>추정 중…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="179" />
            <source>Use {0} × {1}: {2}; trains in {3}{4}, {5}{6}</source>
            <translation>{0} × {1} 권장: {2}; 학습에 {3}{4} 소요, {5}{6}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="191" />
            <source> (up to {0} concurrent sequences)</source>
            <translation> (동시 시퀀스 최대 {0}개)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="193" />
            <source>Use {0} × {1}: {2}{3}</source>
            <translation>{0} × {1} 권장: {2}{3}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="201" />
            <source>No candidate fits more surely.</source>
            <translation>이보다 확실히 맞는 후보는 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="212" />
            <source>Use {0} × {1}</source>
            <translation>{0} × {1} 사용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="214" />
            <source>Use the GPUs the deadline needs</source>
            <translation>기한에 필요한 GPU 사용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="217" />
            <source>Apply: {0}</source>
            <translation>적용: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recommend.py" line="217" />
            <source>Apply a change that fits</source>
            <translation>들어가게 하는 변경 적용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/sanity.py" line="59" />
            <source>A sequence of {0} tokens is {1:.3g}× the {2} tokens {3} was trained for: the estimate assumes the model works at that length (context extension), which it does not out of the box.</source>
            <translation>{0} 토큰 시퀀스는 {3}이(가) 학습된 {2} 토큰의 {1:.3g}배입니다. 추정은 모델이 그 길이에서 동작한다고(컨텍스트 확장) 가정하지만, 기본 상태로는 그렇지 않습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/sanity.py" line="67" />
            <source>A global batch of {0} sequences on {1} GPUs: data parallelism is at most {0}-way, so every sequence is split over {2} or more GPUs (tensor, pipeline, context parallel), which is slow and leaves memory unused. Raise the global batch or plan fewer GPUs.</source>
            <translation>GPU {1}개에 글로벌 배치 {0} 시퀀스: 데이터 병렬은 최대 {0}-way이므로 시퀀스마다 GPU {2}개 이상으로 나뉩니다(텐서, 파이프라인, 컨텍스트 병렬). 느리고 메모리가 남습니다. 글로벌 배치를 늘리거나 GPU 수를 줄이세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/sanity.py" line="76" />
            <source>The planned layout uses {0} of {1} per GPU: fewer GPUs (or a larger micro-batch) would do.</source>
            <translation>계획된 구성은 GPU당 {1} 중 {0}만 씁니다. 더 적은 GPU(또는 더 큰 마이크로 배치)로 충분합니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="35" />
            <source>Deployment</source>
            <translation>배포</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="36" />
            <source>Output tokens/s</source>
            <translation>출력 토큰/초</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="37" />
            <source>TTFT</source>
            <translation>TTFT</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="38" />
            <source>TPOT</source>
            <translation>TPOT</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="39" />
            <source>On demand / M tokens</source>
            <translation>온디맨드 / 100만 토큰</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="40" />
            <source>Owned / M tokens</source>
            <translation>보유 / 100만 토큰</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="68" />
            <source>{0} × ({1})</source>
            <translation>{0} × ({1})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="69" />
            <source>{0}, misses the targets</source>
            <translation>{0}, 목표 미달</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="80" />
            <source>No replica of the model fits on this GPU type (up to 8 pipeline stages of a node).</source>
            <translation>이 GPU 종류에는 모델의 복제본 하나도 들어가지 않습니다 (노드 단위 파이프라인 단계 최대 8개).</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="84" />
            <source>{0} replicas × {1} sequences each; {2} requests/s</source>
            <translation>복제본 {0}개 × 각 시퀀스 {1}개, 초당 요청 {2}개</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="88" />
            <source>on-demand price per GPU-hour × {0} GPUs / (output tokens/s × 3,600) × 1,000,000 (spec §4.3)</source>
            <translation>GPU 시간당 온디맨드 가격 × GPU {0}개 / (출력 토큰/초 × 3,600) × 1,000,000 (명세 §4.3)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="93" />
            <source>owning cost per used GPU-hour at {0} utilization × {1} GPUs / (output tokens/s × 3,600) × 1,000,000</source>
            <translation>가동률 {0}에서 사용 GPU 시간당 보유 비용 × GPU {1}개 / (출력 토큰/초 × 3,600) × 1,000,000</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="95" />
            <source>time to first token</source>
            <translation>첫 토큰까지 시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_columns.py" line="95" />
            <source>time per output token</source>
            <translation>출력 토큰당 시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="31" />
            <source>{0} ms</source>
            <translation>{0} ms</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="46" />
            <source>{0} output tokens/s</source>
            <translation>출력 {0} 토큰/초</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="51" />
            <source>TP {0}</source>
            <translation>TP {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="51" />
            <source> × PP {0}</source>
            <translation> × PP {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="62" />
            <source>{0} × ({1}) {2}</source>
            <translation>{0} × ({1}) {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="63" />
            <source> ({0} GPUs)</source>
            <translation> (GPU {0}개)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="64" />
            <source>: TTFT {0}, TPOT {1}, {2} sequence per replica</source>
            <translation>: TTFT {0}, TPOT {1}, 복제본당 시퀀스 {2}개</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="65" />
            <source>: TTFT {0}, TPOT {1}, {2} sequences per replica</source>
            <translation>: TTFT {0}, TPOT {1}, 복제본당 시퀀스 {2}개</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="68" />
            <source>, {0} per million output tokens on demand</source>
            <translation>, 온디맨드 기준 출력 토큰 100만 개당 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="72" />
            <source>, {0} owned at {1} utilization</source>
            <translation>, 가동률 {1}에서 보유 시 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="81" />
            <source>TTFT ≤ {0}</source>
            <translation>TTFT ≤ {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="83" />
            <source>TPOT ≤ {0}</source>
            <translation>TPOT ≤ {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="92" />
            <source>No serving plan: {0}</source>
            <translation>서빙 계획 없음: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="104" />
            <source> (capacity {0})</source>
            <translation> (용량 {0})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="105" />
            <source>Serves {0} with {1}.</source>
            <translation>{0} 처리: {1}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="110" />
            <source>Next: {0} × ({1}) {2} at {3} per million.</source>
            <translation>다음: {0} × ({1}) {2}, 100만 개당 {3}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="119" />
            <source>No candidate GPU holds one replica of the model (up to 8 pipeline stages of a node): {0}.</source>
            <translation>모델의 복제본 하나를 담는 후보 GPU가 없습니다 (노드 단위 파이프라인 단계 최대 8개): {0}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="125" />
            <source>No candidate GPU meets the targets ({0}): {1}. Fastest: {2}.</source>
            <translation>목표({0})를 충족하는 후보 GPU가 없습니다: {1}. 가장 빠른 배포: {2}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/serving_text.py" line="135" />
            <source>To size the servers for a load, give the prompt and generated lengths (step 2).</source>
            <translation>부하에 맞춰 서버 규모를 정하려면 프롬프트 길이와 생성 길이를 입력하세요 (2단계).</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="22" />
            <source>Weights</source>
            <translation>가중치</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="23" />
            <source>Gradients</source>
            <translation>그래디언트</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="24" />
            <source>Optimizer states</source>
            <translation>옵티마이저 상태</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="25" />
            <source>Activations</source>
            <translation>활성값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="26" />
            <source>KV cache</source>
            <translation>KV 캐시</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="27" />
            <source>Runtime overhead</source>
            <translation>런타임 오버헤드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="28" />
            <source>Headroom</source>
            <translation>여유 메모리</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="34" />
            <source>{0} (the estimator's measured error, 80% band)</source>
            <translation>{0} (추정기의 측정 오차, 80% 구간)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="49" />
            <source>CUDA context + NCCL buffers + allocator reserve and fragmentation (on top of the allocated peak; allocated peak + overhead is what nvidia-smi shows)</source>
            <translation>CUDA 컨텍스트 + NCCL 버퍼 + 할당자 예비분과 단편화 (할당 최대치 위에 더해짐; 할당 최대치 + 오버헤드가 nvidia-smi에 보이는 값)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="55" />
            <source>layout: tp={0} pp={1} cp={2} dp={3} ZeRO-{4}, micro-batch {5}, recompute {6}</source>
            <translation>병렬 구성: tp={0} pp={1} cp={2} dp={3} ZeRO-{4}, 마이크로 배치 {5}, 재계산 {6}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="60" />
            <source>worst pipeline stage shown (stage {0})</source>
            <translation>가장 메모리를 많이 쓰는 파이프라인 스테이지 표시 (스테이지 {0})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="72" />
            <source>{0} per GPU = weights + gradients + optimizer + activations + KV cache
= {1}
= {2}</source>
            <translation>GPU당 {0} = 가중치 + 그래디언트 + 옵티마이저 + 활성값 + KV 캐시
= {1}
= {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="75" />
            <source>({0})</source>
            <translation>({0})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="82" />
            <source>peak during: {0}</source>
            <translation>최대 시점: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="84" />
            <source>outside the allocator (CUDA unified memory): {0}</source>
            <translation>할당자 밖 (CUDA 통합 메모리): {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="96" />
            <source>headroom = capacity − {0} − overhead
= {1} − {2} − {3}
= {4} → {5}</source>
            <translation>여유 메모리 = 용량 − {0} − 오버헤드
= {1} − {2} − {3}
= {4} → {5}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="105" />
            <source>fit probability {0}; headroom {1}</source>
            <translation>메모리에 맞을 확률 {0}; 여유 메모리 {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="109" />
            <source>largest micro-batch that fits: {0}; largest sequence length: {1}</source>
            <translation>메모리에 맞는 최대 마이크로 배치: {0}, 최대 시퀀스 길이: {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="118" />
            <source>No time estimate for this method</source>
            <translation>이 방식에는 시간 추정값이 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="120" />
            <source>wall clock = tokens / tokens per second + expected losses (failures, checkpoints)</source>
            <translation>실제 소요 시간 = 토큰 수 / 초당 토큰 수 + 예상 손실 (장애, 체크포인트)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="131" />
            <source>throughput {0}</source>
            <translation>처리량 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="131" />
            <source>tok/s</source>
            <translation>토큰/s</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="134" />
            <source>MFU {0}, step {1:.2f} s</source>
            <translation>MFU {0}, 스텝당 {1:.2f}초</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="142" />
            <source>GPU-hours = GPU count × wall seconds / 3600
= {0} × {1:,.0f} s / 3600
= {2}</source>
            <translation>GPU 시간 = GPU 수 × 실제 소요 초 / 3600
= {0} × {1:,.0f}초 / 3600
= {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="156" />
            <source>not published ({0})</source>
            <translation>공개되지 않음 ({0})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="164" />
            <source>job cost = GPU-hours × on-demand price per GPU-hour
= {0:,.1f} × {1}
= {2}</source>
            <translation>작업 비용 = GPU 시간 × GPU 시간당 온디맨드 가격
= {0:,.1f} × {1}
= {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="169" />
            <source>× {0:,.0f} {1} per USD</source>
            <translation>× 1 USD당 {0:,.0f} {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="183" />
            <source>GPUs × hours in horizon × utilization × on-demand price
= {0} × {1:,.0f} × {2} × {3}</source>
            <translation>GPU 수 × 분석 기간 시간 × 가동률 × 온디맨드 가격
= {0} × {1:,.0f} × {2} × {3}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="187" />
            <source>GPUs × hours in horizon × reserved price (paid used or not)
= {0} × {1:,.0f} × {2}</source>
            <translation>GPU 수 × 분석 기간 시간 × 예약 가격 (사용 여부와 관계없이 지불)
= {0} × {1:,.0f} × {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="192" />
            <source>GPUs × hours × utilization × spot price / (1 − lost fraction)
= {0} × {1:,.0f} × {2} × {3} / (1 − {4})</source>
            <translation>GPU 수 × 시간 × 가동률 × 스팟 가격 / (1 − 중단 손실 비율)
= {0} × {1:,.0f} × {2} × {3} / (1 − {4})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="205" />
            <source>owning TCO = capex − residual + energy + colocation + support + (staff + software) × years</source>
            <translation>온프레미스 TCO = 초기 투자비 − 잔존가치 + 전력비 + 코로케이션 + 유지보수 + (인건비 + 소프트웨어) × 연수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="218" />
            <source>Server price: {0}</source>
            <translation>서버 가격: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="228" />
            <source>break-even = the utilization where owning TCO equals cloud on-demand over the horizon
(both linear in utilization: u* = TCO(0) / (on-demand slope − energy slope))</source>
            <translation>손익분기 가동률 = 분석 기간 동안 온프레미스 TCO와 클라우드 온디맨드 비용이 같아지는 가동률
(둘 다 가동률에 선형: u* = TCO(0) / (온디맨드 기울기 − 전력비 기울기))</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="232" />
            <source>none in 0–100%: one of them is cheaper at every utilization, or a price is missing</source>
            <translation>0–100% 범위에 없음: 모든 가동률에서 한쪽이 더 저렴하거나 가격이 빠져 있음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="244" />
            <source>cost per million tokens = owning TCO / (tokens/s × 3600 × hours × utilization) × 10⁶
= {0}</source>
            <translation>백만 토큰당 비용 = 온프레미스 TCO / (초당 토큰 수 × 3600 × 시간 × 가동률) × 10⁶
= {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="252" />
            <source>tensor {0} × pipeline {1} × context {2} × data {3} = {4} GPUs
ZeRO stage {5} (shards over dp × cp = {6}), expert parallel {7}
micro-batch {8}, recompute {9}</source>
            <translation>텐서 병렬 {0} × 파이프라인 병렬 {1} × 컨텍스트 병렬 {2} × 데이터 병렬 {3} = GPU {4}개
ZeRO {5}단계 (dp × cp = {6}개로 샤딩), 전문가 병렬 {7}
마이크로 배치 {8}, 재계산 {9}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/dialogs.py" line="43" />
            <source>“{0}” has unsaved changes. Save them?</source>
            <translation>“{0}”에 저장하지 않은 변경 사항이 있습니다. 저장할까요?</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/dialogs.py" line="45" />
            <source>Unsaved changes</source>
            <translation>저장하지 않은 변경 사항</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/dialogs.py" line="54" />
            <source>Open scenario</source>
            <translation>시나리오 열기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/dialogs.py" line="56" />
            <location filename="../../gpuplanner/ui/dialogs.py" line="88" />
            <source>gpuplanner scenarios (*.gpuplan.toml *.toml);;All files (*)</source>
            <translation>gpuplanner 시나리오 (*.gpuplan.toml *.toml);;모든 파일 (*)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/dialogs.py" line="65" />
            <source>Save scenario as</source>
            <translation>다른 이름으로 시나리오 저장</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/dialogs.py" line="65" />
            <source>gpuplanner scenarios (*.gpuplan.toml)</source>
            <translation>gpuplanner 시나리오 (*.gpuplan.toml)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/dialogs.py" line="86" />
            <source>Compare with scenario</source>
            <translation>다른 시나리오와 비교</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="129" />
            <source>(no examples in this installation)</source>
            <translation>(이 설치본에는 예제가 없습니다)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="26" />
            <source>Node types</source>
            <translation>노드 종류</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="27" />
            <source>Cloud offers</source>
            <translation>클라우드 요금제</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="28" />
            <source>Site profiles</source>
            <translation>사이트 프로필</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="35" />
            <source>Id</source>
            <translation>ID</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="36" />
            <source>Vendor</source>
            <translation>제조사</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="37" />
            <source>Name</source>
            <translation>이름</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="38" />
            <source>Architecture</source>
            <translation>아키텍처</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="39" />
            <source>Form factor</source>
            <translation>폼팩터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="40" />
            <source>Year</source>
            <translation>출시 연도</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="41" />
            <source>Memory</source>
            <translation>메모리</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="42" />
            <source>Memory type</source>
            <translation>메모리 종류</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="43" />
            <source>Memory bandwidth</source>
            <translation>메모리 대역폭</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="44" />
            <source>FP32</source>
            <translation>FP32</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="45" />
            <source>TF32 dense</source>
            <translation>TF32 밀집</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="46" />
            <source>BF16 dense</source>
            <translation>BF16 밀집</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="47" />
            <source>FP16 dense</source>
            <translation>FP16 밀집</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="48" />
            <source>FP8 dense</source>
            <translation>FP8 밀집</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="49" />
            <source>INT8 dense</source>
            <translation>INT8 밀집</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="50" />
            <source>GEMM efficiency</source>
            <translation>GEMM 효율</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="51" />
            <source>Link</source>
            <translation>GPU 간 연결</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="52" />
            <source>Link bandwidth</source>
            <translation>연결 대역폭</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="53" />
            <source>PCIe gen</source>
            <translation>PCIe 세대</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="54" />
            <source>TDP</source>
            <translation>TDP</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="55" />
            <source>Devices per package</source>
            <translation>패키지당 디바이스 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="56" />
            <source>Spec source</source>
            <translation>사양 출처</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="57" />
            <source>Spec date</source>
            <translation>사양 날짜</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="58" />
            <source>Efficiency source</source>
            <translation>효율 출처</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="59" />
            <source>Efficiency date</source>
            <translation>효율 날짜</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="60" />
            <source>Notes</source>
            <translation>메모</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="61" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="62" />
            <source>GPUs per node</source>
            <translation>노드당 GPU 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="63" />
            <source>Power at full load</source>
            <translation>최대 부하 전력</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="64" />
            <source>Power idle</source>
            <translation>유휴 전력</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="66" />
            <source>Network per GPU</source>
            <translation>GPU당 네트워크</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="67" />
            <source>Price</source>
            <translation>가격</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="68" />
            <source>Network cost</source>
            <translation>네트워크 비용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="70" />
            <source>Default for GPU</source>
            <translation>GPU 기본값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="72" />
            <source>Date</source>
            <translation>날짜</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="73" />
            <source>Price source</source>
            <translation>가격 출처</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="74" />
            <source>Price date</source>
            <translation>가격 날짜</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="75" />
            <source>Provider</source>
            <translation>공급사</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="76" />
            <source>Tier</source>
            <translation>요금 유형</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="77" />
            <source>Price per GPU-hour</source>
            <translation>GPU 시간당 가격</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="78" />
            <source>Default</source>
            <translation>기본값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="79" />
            <source>Instance</source>
            <translation>인스턴스</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="80" />
            <source>Region</source>
            <translation>리전</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="89" />
            <source>Checkpoint write</source>
            <translation>체크포인트 쓰기 속도</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="90" />
            <source>Restart</source>
            <translation>재시작 시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="92" />
            <source>Staff per node</source>
            <translation>노드당 인건비</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="125" />
            <source>Range: {0}</source>
            <translation>범위: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="127" />
            <source>One of: {0}</source>
            <translation>다음 중 하나: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="129" />
            <source>Type a size in GiB (96), or with its unit: 141 GB, 80 GiB.</source>
            <translation>GiB 단위 숫자(96) 또는 단위를 붙인 크기(141 GB, 80 GiB)를 입력하세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="131" />
            <source>A date: YYYY, YYYY-MM or YYYY-MM-DD.</source>
            <translation>날짜: YYYY, YYYY-MM 또는 YYYY-MM-DD.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="132" />
            <source>Optional.</source>
            <translation>선택 항목.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="132" />
            <source>Required.</source>
            <translation>필수 항목.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="65" />
            <source>Search all columns</source>
            <translation>모든 열 검색</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="67" />
            <source>Search {0}</source>
            <translation>{0} 검색</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="69" />
            <source>All rows</source>
            <translation>모든 행</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="70" />
            <source>Your rows</source>
            <translation>내 행</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="71" />
            <source>Shipped rows</source>
            <translation>기본 제공 행</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="72" />
            <source>Show rows</source>
            <translation>표시할 행</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="106" />
            <source>&amp;Search:</source>
            <translation>검색(&amp;S):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="110" />
            <source>S&amp;how:</source>
            <translation>표시(&amp;H):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="184" />
            <source>(none)</source>
            <translation>(없음)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="186" />
            <source>Edits are kept in your own catalog, apart from the shipped one, and survive updates. Rows with a dot and bold cells are yours; hover a cell for the shipped value. Your catalog: {0}</source>
            <translation>편집 내용은 기본 카탈로그와 별도로 사용자 카탈로그에 저장되며 업데이트 후에도 유지됩니다. 점과 굵은 셀이 있는 행이 사용자 행이며, 셀에 마우스를 올리면 기본값이 표시됩니다. 사용자 카탈로그: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="197" />
            <source>Parts of your catalog left out</source>
            <translation>사용하지 않는 내 카탈로그 항목</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="203" />
            <source>&amp;Add…</source>
            <translation>추가(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="204" />
            <source>&amp;Duplicate…</source>
            <translation>복제(&amp;D)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="205" />
            <source>De&amp;lete</source>
            <translation>삭제(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="206" />
            <source>&amp;Reset to Shipped</source>
            <translation>기본 제공 값으로 되돌리기(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="207" />
            <source>&amp;Import CSV…</source>
            <translation>CSV 가져오기(&amp;I)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="208" />
            <source>E&amp;xport CSV…</source>
            <translation>CSV 내보내기(&amp;X)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="209" />
            <source>Add a row, starting from the selected one</source>
            <translation>선택한 행을 바탕으로 새 행 추가</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="210" />
            <source>Copy the selected row under a new id</source>
            <translation>선택한 행을 새 ID로 복사</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="211" />
            <source>Delete the rows you added (shipped rows cannot be deleted)</source>
            <translation>직접 추가한 행 삭제 (기본 제공 행은 삭제할 수 없음)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="212" />
            <source>Drop your edits of the selected rows: the shipped values apply again</source>
            <translation>선택한 행의 편집 내용을 버리고 기본 제공 값을 다시 적용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="213" />
            <source>Merge rows from a CSV file (same columns) into your catalog</source>
            <translation>CSV 파일(같은 열 구성)의 행을 내 카탈로그에 병합</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="214" />
            <source>Write your rows of this table to a CSV file</source>
            <translation>이 표의 내 행을 CSV 파일로 저장</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="224" />
            <source>Catalog editor message</source>
            <translation>카탈로그 편집기 메시지</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="230" />
            <source>&amp;File</source>
            <translation>파일(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="234" />
            <source>&amp;Close</source>
            <translation>닫기(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="235" />
            <source>&amp;Edit</source>
            <translation>편집(&amp;E)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="236" />
            <source>&amp;Undo</source>
            <translation>실행 취소(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="238" />
            <source>&amp;Redo</source>
            <translation>다시 실행(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="243" />
            <source>&amp;Add Row…</source>
            <translation>행 추가(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="244" />
            <source>&amp;Duplicate Row…</source>
            <translation>행 복제(&amp;D)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="246" />
            <source>De&amp;lete Rows</source>
            <translation>행 삭제(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="250" />
            <source>&amp;Find</source>
            <translation>찾기(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="280" />
            <source>This catalog has no user layer: it can be viewed, not edited.</source>
            <translation>이 카탈로그에는 사용자 계층이 없어 볼 수만 있고 편집할 수 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_model.py" line="198" />
            <source>{0} bytes</source>
            <translation>{0}바이트</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_model.py" line="206" />
            <source>You added this row; it is kept in your catalog.</source>
            <translation>직접 추가한 행이며 내 카탈로그에 저장됩니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_model.py" line="209" />
            <source>Your value. Shipped value: {0}</source>
            <translation>내 값. 기본 제공 값: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_model.py" line="214" />
            <source>You edited this row; this cell has the shipped value.</source>
            <translation>편집한 행이지만 이 셀은 기본 제공 값입니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_model.py" line="253" />
            <source>You edited this row; bold cells differ from the shipped catalog.</source>
            <translation>사용자가 편집한 행입니다. 굵은 셀은 기본 카탈로그와 다릅니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="52" />
            <source>this row is left out</source>
            <translation>이 행은 사용하지 않습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="53" />
            <source>the named column(s) are left out</source>
            <translation>해당 열은 사용하지 않습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="54" />
            <source>this line and the rest of the file are left out</source>
            <translation>이 행부터 파일 끝까지 사용하지 않습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="55" />
            <source>this file is left out</source>
            <translation>이 파일은 사용하지 않습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="56" />
            <source>your whole catalog is left out</source>
            <translation>내 카탈로그 전체를 사용하지 않습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="62" />
            <source>line {0}</source>
            <translation>{0}행</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="64" />
            <source>id “{0}”</source>
            <translation>ID “{0}”</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="66" />
            <source>column {0}</source>
            <translation>{0} 열</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="67" />
            <source>Your catalog, {0}: {1} — {2}.</source>
            <translation>내 카탈로그 {0}: {1} — {2}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="148" />
            <source>this catalog has no user layer; edits cannot be stored</source>
            <translation>이 카탈로그에는 사용자 계층이 없어 편집 내용을 저장할 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="164" />
            <source>The catalog files could not be written: {0}</source>
            <translation>카탈로그 파일을 쓸 수 없습니다: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="201" />
            <source>Edit {0} of {1}</source>
            <translation>{1}의 {0} 편집</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="213" />
            <source>the id {0!r} is already taken</source>
            <translation>ID {0!r}은(는) 이미 사용 중입니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="219" />
            <source>{0} (copy)</source>
            <translation>{0} (사본)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="222" />
            <source>New row {0}</source>
            <translation>새 행 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="225" />
            <source>your entry</source>
            <translation>직접 입력한 항목</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="249" />
            <source>{0} server</source>
            <translation>{0} 서버</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="252" />
            <source>Add {0}</source>
            <translation>{0} 추가</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="252" />
            <source>Duplicate {0}</source>
            <translation>{0} 복제</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_session.py" line="295" />
            <source>Import {0}</source>
            <translation>{0} 가져오기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="73" />
            <source>Fits in memory</source>
            <translation>메모리 적합</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="74" />
            <source>Peak memory per GPU</source>
            <translation>GPU당 최대 메모리</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="75" />
            <source>Headroom per GPU</source>
            <translation>GPU당 여유 메모리</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="76" />
            <source>Layout</source>
            <translation>병렬 구성</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="77" />
            <source>Wall clock</source>
            <translation>실제 소요 시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="78" />
            <source>GPU-hours</source>
            <translation>GPU 시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="79" />
            <source>Job cost at on-demand prices</source>
            <translation>온디맨드 가격 기준 작업 비용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="80" />
            <source>Cloud on demand (horizon)</source>
            <translation>클라우드 온디맨드 (분석 기간)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="81" />
            <source>Owning TCO (horizon)</source>
            <translation>온프레미스 TCO (분석 기간)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="82" />
            <source>Break-even utilization</source>
            <translation>손익분기 가동률</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="83" />
            <source>Owning cost per million tokens</source>
            <translation>온프레미스 백만 토큰당 비용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="123" />
            <source>no</source>
            <translation>아니오</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="123" />
            <source>yes</source>
            <translation>예</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="126" />
            <source>{0} of {1}</source>
            <translation>{1} 중 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="177" />
            <source>This scenario</source>
            <translation>이 시나리오</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="178" />
            <source>Other scenario</source>
            <translation>다른 시나리오</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="179" />
            <source>Difference</source>
            <translation>차이</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="179" />
            <source>Result</source>
            <translation>결과</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="185" />
            <source>differs</source>
            <translation>다름</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="194" />
            <source>other currency</source>
            <translation>통화 다름</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="203" />
            <source>same</source>
            <translation>같음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="266" />
            <source>(not set)</source>
            <translation>(설정 안 됨)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="313" />
            <source>Input</source>
            <translation>입력 항목</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="356" />
            <source>Compare scenarios</source>
            <translation>시나리오 비교</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="366" />
            <source>Key results of both scenarios</source>
            <translation>두 시나리오의 주요 결과</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="370" />
            <source>Inputs that differ</source>
            <translation>다른 입력 항목</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="375" />
            <source>Key results, for each scenario's planned GPU</source>
            <translation>시나리오별 계획 대상 GPU의 주요 결과</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="393" />
            <source>&amp;Open Other Scenario</source>
            <translation>다른 시나리오 열기(&amp;O)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="394" />
            <source>Open the other scenario in this window (instead of the current one)</source>
            <translation>다른 시나리오를 이 창에서 엽니다 (현재 시나리오 대신)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="77" />
            <source>Import training config</source>
            <translation>학습 설정 가져오기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="79" />
            <source>Training configs (*.yaml *.yml *.toml *.json *.sh *.txt);;All files (*)</source>
            <translation>학습 설정 파일 (*.yaml *.yml *.toml *.json *.sh *.txt);;모든 파일 (*)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="87" />
            <source>Cannot import the training config</source>
            <translation>학습 설정을 가져올 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="87" />
            <source>{0}

Nothing was changed.</source>
            <translation>{0}

아무것도 바뀌지 않았습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="94" />
            <source>lora_alpha {0} is not a scenario key (memory and time do not depend on it)</source>
            <translation>lora_alpha {0}은(는) 시나리오 키가 아닙니다 (메모리와 시간에 영향을 주지 않음)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="96" />
            <source>Imported {0} as “{1}” ({2} config, {3} profile). The import assumed:</source>
            <translation>{0}을(를) “{1}”(으)로 가져왔습니다 ({2} 설정, {3} 프로파일). 가져오면서 가정한 내용:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="99" />
            <source>Training config imported</source>
            <translation>학습 설정을 가져왔습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="99" />
            <source>nothing</source>
            <translation>없음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="102" />
            <source>Imported {0}</source>
            <translation>{0} 가져옴</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="150" />
            <source>Save the {0} config</source>
            <translation>{0} 설정 저장</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="152" />
            <source>{0} config ({1});;All files (*)</source>
            <translation>{0} 설정 ({1});;모든 파일 (*)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="158" />
            <source>unsaved</source>
            <translation>저장 안 됨</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="164" />
            <source>Cannot write the launch config</source>
            <translation>실행 설정을 쓸 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="166" />
            <source>Wrote {0}. Start the run with the line below; the header says what to expect.</source>
            <translation>{0}을(를) 썼습니다. 아래 명령으로 실행하세요. 머리말에 예상 메모리와 속도가 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="167" />
            <source>Launch config written</source>
            <translation>실행 설정을 썼습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="170" />
            <source>Wrote {0}</source>
            <translation>{0} 씀</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="72" />
            <source>Type a number, e.g. 1.4T, 1.4 trillion or 1.4e12.</source>
            <translation>숫자를 입력하세요. 예: 1.4T, 1.4조, 1.4e12.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="86" />
            <source>“{0}” is not a number: “{1}” is not one of k, M, B, T (thousand … trillion).</source>
            <translation>“{0}”은(는) 숫자가 아닙니다. “{1}”은(는) k, M, B, T(천·백만·10억·조) 중 하나가 아닙니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="97" />
            <source>“{0}” is not a number.</source>
            <translation>“{0}”은(는) 숫자가 아닙니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="101" />
            <source>“{0}” is not a number. Type e.g. 1.4T, 1.4 trillion or 1.4e12.</source>
            <translation>“{0}”은(는) 숫자가 아닙니다. 예: 1.4T, 1.4조, 1.4e12.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="125" />
            <source>billion</source>
            <translation>십억</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="125" />
            <source>million</source>
            <translation>백만</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="125" />
            <source>trillion</source>
            <translation>조</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="192" />
            <source>{0} is above the largest allowed, {1}.</source>
            <translation>{0}은(는) 허용되는 최댓값 {1}보다 큽니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/count_input.py" line="206" />
            <source>{0} is below the smallest allowed, {1}.</source>
            <translation>{0}은(는) 허용되는 최솟값 {1}보다 작습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="54" />
            <source>&amp;New</source>
            <translation>새로 만들기(&amp;N)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="55" />
            <source>&amp;Open…</source>
            <translation>열기(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="56" />
            <source>Open &amp;Recent</source>
            <translation>최근 파일 열기(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="59" />
            <source>Open E&amp;xample</source>
            <translation>예제 열기(&amp;X)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="62" />
            <source>Co&amp;mpare With…</source>
            <translation>다른 시나리오와 비교(&amp;M)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="64" />
            <source>Show the key results and the differing inputs of this scenario and another one side by side</source>
            <translation>이 시나리오와 다른 시나리오의 주요 결과와 다른 입력 항목을 나란히 보여 줍니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="66" />
            <source>&amp;Import Training Config…</source>
            <translation>학습 설정 가져오기(&amp;I)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="68" />
            <source>Open a framework's training config (torchtune, torchtitan, DeepSpeed, Hugging Face…) as a scenario</source>
            <translation>프레임워크의 학습 설정 파일(torchtune, torchtitan, DeepSpeed, Hugging Face…)을 시나리오로 엽니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="71" />
            <source>&amp;Save</source>
            <translation>저장(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="72" />
            <source>Save &amp;As…</source>
            <translation>다른 이름으로 저장(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="74" />
            <source>&amp;Export Workbook…</source>
            <translation>워크북 내보내기(&amp;E)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="75" />
            <source>Export &amp;Plot</source>
            <translation>그래프 내보내기(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="78" />
            <source>&amp;Quit</source>
            <translation>끝내기(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="88" />
            <source>Pre&amp;ferences…</source>
            <translation>환경 설정(&amp;F)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="91" />
            <source>&amp;View</source>
            <translation>보기(&amp;V)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="92" />
            <source>&amp;Go to Step</source>
            <translation>단계로 이동(&amp;G)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="95" />
            <source>&amp;Theme</source>
            <translation>테마(&amp;T)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="98" />
            <source>&amp;Dark</source>
            <translation>어둡게(&amp;D)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="98" />
            <source>&amp;Light</source>
            <translation>밝게(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="98" />
            <source>&amp;System</source>
            <translation>시스템(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="108" />
            <source>&amp;Tools</source>
            <translation>도구(&amp;T)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="109" />
            <source>&amp;Catalog Editor…</source>
            <translation>카탈로그 편집기(&amp;C)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="110" />
            <source>Edit GPUs, node types, cloud offers and site profiles</source>
            <translation>GPU, 노드 종류, 클라우드 요금제, 사이트 프로필 편집</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="111" />
            <source>Write &amp;Launch Config…</source>
            <translation>실행 설정 쓰기(&amp;L)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="112" />
            <source>Write the planned layout as a torchtitan, torchtune, Megatron or DeepSpeed config</source>
            <translation>계획한 배치를 torchtitan, torchtune, Megatron 또는 DeepSpeed 설정으로 씁니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="114" />
            <source>&amp;Help</source>
            <translation>도움말(&amp;H)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_actions.py" line="115" />
            <source>&amp;About gpuplanner…</source>
            <translation>gpuplanner 정보(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="27" />
            <source>Allocated peak</source>
            <translation>할당 최대치</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="28" />
            <source>Reserved</source>
            <translation>예약 메모리</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="29" />
            <source>As nvidia-smi shows</source>
            <translation>nvidia-smi 표시값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="36" />
            <source>Allocated peak / GPU</source>
            <translation>할당 최대치 / GPU</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="37" />
            <source>Reserved / GPU</source>
            <translation>예약 메모리 / GPU</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="38" />
            <source>nvidia-smi / GPU</source>
            <translation>nvidia-smi / GPU</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="45" />
            <source>live tensors at the peak, what torch.cuda.max_memory_allocated() reports</source>
            <translation>최대 시점에 살아 있는 텐서, torch.cuda.max_memory_allocated()가 보고하는 값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="46" />
            <source>allocated peak + the caching allocator's reserve and fragmentation, what torch.cuda.max_memory_reserved() reports</source>
            <translation>할당 최대치 + 캐싱 할당자의 예비분과 단편화, torch.cuda.max_memory_reserved()가 보고하는 예약 메모리</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/memory_figures.py" line="50" />
            <source>allocated peak + CUDA context, NCCL buffers and allocator reserve: must stay within the capacity</source>
            <translation>할당 최대치 + CUDA 컨텍스트, NCCL 버퍼, 할당자 예비분: 용량 안에 있어야 함</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="36" />
            <source>Model (step 1)</source>
            <translation>모델 (1단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="37" />
            <source>Method (step 1)</source>
            <translation>학습 방식 (1단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="38" />
            <source>Sequence length (step 2)</source>
            <translation>시퀀스 길이 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="39" />
            <source>Micro-batch (step 2)</source>
            <translation>마이크로 배치 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="40" />
            <source>Global batch (step 2)</source>
            <translation>글로벌 배치 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="41" />
            <source>Tokens to train (step 2)</source>
            <translation>학습 토큰 수 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="42" />
            <source>Dataset size (step 2)</source>
            <translation>데이터셋 크기 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="43" />
            <source>Epochs (step 2)</source>
            <translation>에폭 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="44" />
            <source>LoRA targets (step 2)</source>
            <translation>LoRA 대상 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="45" />
            <source>Parallel layout (step 2)</source>
            <translation>병렬 구성 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="46" />
            <source>GPU (step 3)</source>
            <translation>GPU (3단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="47" />
            <source>GPU count (step 3)</source>
            <translation>GPU 수 (3단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="48" />
            <source>Candidate GPUs (step 3)</source>
            <translation>후보 GPU (3단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="49" />
            <source>GPUs per node (step 3)</source>
            <translation>노드당 GPU 수 (3단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="50" />
            <source>Scenario name</source>
            <translation>시나리오 이름</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="51" />
            <source>Model preset (step 1)</source>
            <translation>모델 프리셋 (1단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="52" />
            <source>Model name (step 1)</source>
            <translation>모델 이름 (1단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="53" />
            <source>Precision (step 2)</source>
            <translation>정밀도 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="54" />
            <source>FP8 recipe (step 2)</source>
            <translation>FP8 레시피 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="55" />
            <source>MoE token dispatch (step 2)</source>
            <translation>MoE 토큰 전달 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="56" />
            <source>Optimizer (step 2)</source>
            <translation>옵티마이저 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="57" />
            <source>Activation recompute (step 2)</source>
            <translation>활성값 재계산 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="58" />
            <source>FlashAttention (step 2)</source>
            <translation>FlashAttention (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="59" />
            <source>Chunked loss (step 2)</source>
            <translation>청크 단위 손실 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="60" />
            <source>LoRA rank (step 2)</source>
            <translation>LoRA 랭크 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="61" />
            <source>Concurrent sequences (step 2)</source>
            <translation>동시 시퀀스 수 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="62" />
            <source>Deadline (step 3)</source>
            <translation>마감 기한 (3단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="63" />
            <source>Link between nodes (step 3)</source>
            <translation>노드 간 링크 (3단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="64" />
            <source>Link inside a node (step 3)</source>
            <translation>노드 내 링크 (3단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="65" />
            <source>Tensor parallel (step 2)</source>
            <translation>텐서 병렬 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="66" />
            <source>Pipeline parallel (step 2)</source>
            <translation>파이프라인 병렬 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="67" />
            <source>Context parallel (step 2)</source>
            <translation>컨텍스트 병렬 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="68" />
            <source>Expert parallel (step 2)</source>
            <translation>전문가 병렬 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="69" />
            <source>ZeRO stage (step 2)</source>
            <translation>ZeRO 단계 (2단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="70" />
            <source>Site profile (step 4)</source>
            <translation>사이트 프로필 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="71" />
            <source>Utilization (step 4)</source>
            <translation>가동률 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="72" />
            <source>Horizon (step 4)</source>
            <translation>분석 기간 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="73" />
            <source>Currency (step 4)</source>
            <translation>통화 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="74" />
            <source>Exchange rate (step 4)</source>
            <translation>환율 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="75" />
            <source>On-demand price (step 4)</source>
            <translation>온디맨드 가격 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="76" />
            <source>Server price (step 4)</source>
            <translation>서버 가격 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="77" />
            <source>Electricity price (step 4)</source>
            <translation>전기 요금 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="78" />
            <source>PUE (step 4)</source>
            <translation>PUE (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="79" />
            <source>Discount rate (step 4)</source>
            <translation>할인율 (4단계)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="35" />
            <source>Costs</source>
            <translation>비용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="37" />
            <source>Cloud prices and the cost of owning, prefilled from the catalog. Italic values are the catalog's; type to override, ↺ to go back.</source>
            <translation>클라우드 가격과 온프레미스 구매 비용으로, 카탈로그 값이 미리 채워져 있습니다. 기울임꼴 값은 카탈로그 값이며, 입력하면 덮어쓰고 ↺를 누르면 되돌립니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="46" />
            <source>Use and horizon</source>
            <translation>가동률과 분석 기간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="51" />
            <source>&amp;Site profile:</source>
            <translation>사이트 프로필(&amp;S):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="51" />
            <source>Electricity, PUE, colocation, staff and financing defaults</source>
            <translation>전기 요금, PUE, 코로케이션, 인건비, 금융 조건 기본값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="53" />
            <source>% of hours</source>
            <translation>% (전체 시간 대비)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="55" />
            <source>&amp;Utilization:</source>
            <translation>가동률(&amp;U):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="55" />
            <source>Share of the horizon's hours the GPUs do useful work</source>
            <translation>분석 기간의 전체 시간 중 GPU가 실제 작업을 하는 비율</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="57" />
            <source> years</source>
            <translation>년</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="58" />
            <source>Hori&amp;zon:</source>
            <translation>분석 기간(&amp;Z):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="60" />
            <source>US dollar (USD)</source>
            <translation>미국 달러 (USD)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="61" />
            <source>Korean won (KRW)</source>
            <translation>대한민국 원 (KRW)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="62" />
            <source>Currenc&amp;y:</source>
            <translation>통화(&amp;Y):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="63" />
            <source> KRW per USD</source>
            <translation> KRW/USD</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="63" />
            <source>E&amp;xchange rate:</source>
            <translation>환율(&amp;X):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="67" />
            <source>Cloud prices</source>
            <translation>클라우드 가격</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="73" />
            <source>Default offer per GPU and tier: the cheapest offer dated within the 12 months up to the catalog's newest price date; with none that recent, the cheapest within the 12 months up to that GPU's newest offer.</source>
            <translation>GPU와 요금제별 기본 상품: 카탈로그의 최신 가격 기준일까지 12개월 안의 상품 중 가장 싼 것. 그만큼 최근 상품이 없으면 그 GPU의 최신 상품까지 12개월 안에서 가장 싼 것.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="78" />
            <source>Each price shows its provider, as-of date and age; pick another offer under it.</source>
            <translation>각 가격 아래에 제공업체, 기준일과 경과 기간이 표시되며, 그 아래 목록에서 다른 상품을 고를 수 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="86" />
            <source>Default offers of the compared GPUs</source>
            <translation>비교 GPU의 기본 상품</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="87" />
            <source> USD per GPU-hour</source>
            <translation> USD/GPU 시간</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="90" />
            <source>&amp;On demand:</source>
            <translation>온디맨드(&amp;O):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="91" />
            <source>Reserved &amp;1 year:</source>
            <translation>1년 예약(&amp;1):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="92" />
            <source>Reserved &amp;3 years:</source>
            <translation>3년 예약(&amp;3):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="93" />
            <source>S&amp;pot:</source>
            <translation>스팟(&amp;P):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="97" />
            <source>{0} offer</source>
            <translation>{0} 상품</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="108" />
            <source>% of spot hours lost</source>
            <translation>% (스팟 시간 중 손실)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="110" />
            <source>Spot &amp;interruptions:</source>
            <translation>스팟 중단(&amp;I):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="110" />
            <source>Work lost to preemption; spot cost is divided by (1 − this)</source>
            <translation>선점(회수)으로 잃는 작업 비율. 스팟 비용을 (1 − 이 값)으로 나눕니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="115" />
            <source>Owning (on-premises)</source>
            <translation>구매 (온프레미스)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="117" />
            <source> USD per node</source>
            <translation> USD/노드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="118" />
            <source>Se&amp;rver price:</source>
            <translation>서버 가격(&amp;R):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="119" />
            <source>Net&amp;work:</source>
            <translation>네트워크(&amp;W):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="121" />
            <source>Installation:</source>
            <translation>설치비:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="123" />
            <source>% import tax</source>
            <translation>% 수입 관세</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="124" />
            <source>Import tax:</source>
            <translation>수입 관세:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="126" />
            <source> USD per kWh</source>
            <translation> USD/kWh</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="126" />
            <source>E&amp;lectricity:</source>
            <translation>전기 요금(&amp;L):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="128" />
            <source>% per year</source>
            <translation>% (연간)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="129" />
            <source>Electricity price rise:</source>
            <translation>전기 요금 연간 상승률:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="130" />
            <source>PUE:</source>
            <translation>PUE:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="132" />
            <source> USD per kW-month</source>
            <translation> USD/kW·월</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="132" />
            <source>Colocation:</source>
            <translation>코로케이션:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="137" />
            <source>Support:</source>
            <translation>유지보수:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="140" />
            <source>% of capex per year</source>
            <translation>% (초기 투자비 대비, 연간)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="144" />
            <source> USD per year</source>
            <translation> USD/년</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="144" />
            <source>Staff:</source>
            <translation>인건비:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="146" />
            <source>Software:</source>
            <translation>소프트웨어:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="148" />
            <source>&amp;Depreciation:</source>
            <translation>감가상각 기간(&amp;D):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="150" />
            <source>Discount rate:</source>
            <translation>할인율:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="157" />
            <source>Change site profile</source>
            <translation>사이트 프로필 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="162" />
            <source>Change utilization</source>
            <translation>가동률 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="167" />
            <source>Change horizon</source>
            <translation>분석 기간 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="170" />
            <source>Change currency</source>
            <translation>통화 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="175" />
            <source>Change spot interruptions</source>
            <translation>스팟 중단 비율 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="182" />
            <source>Change import tax</source>
            <translation>수입 관세 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="189" />
            <source>Change electricity price rise</source>
            <translation>전기 요금 상승률 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="44" />
            <source>Consumer</source>
            <translation>소비자용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="45" />
            <source>Workstation</source>
            <translation>워크스테이션</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="46" />
            <source>Superchip</source>
            <translation>슈퍼칩</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="55" />
            <source>Hardware</source>
            <translation>하드웨어</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="57" />
            <source>Which GPUs to compare, and how many. Memory is never pooled across GPUs: the layout decides what each one holds.</source>
            <translation>비교할 GPU와 수량을 고릅니다. 여러 GPU의 메모리는 합쳐지지 않으며, 병렬 구성이 GPU마다 무엇을 올릴지 정합니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="65" />
            <source>Candidate GPUs</source>
            <translation>후보 GPU</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="69" />
            <source>Vendor filter</source>
            <translation>제조사 필터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="71" />
            <source>Form factor filter</source>
            <translation>폼팩터 필터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="72" />
            <source> GiB</source>
            <translation> GiB</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="72" />
            <source>any memory</source>
            <translation>메모리 제한 없음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="73" />
            <source>Minimum memory filter</source>
            <translation>최소 메모리 필터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="74" />
            <source>&amp;At least:</source>
            <translation>최소(&amp;A):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="84" />
            <source>Fi&amp;lter:</source>
            <translation>필터(&amp;L):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="86" />
            <source>e.g. h100, 80 GiB, mi300</source>
            <translation>예: h100, 80 GiB, mi300</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="88" />
            <source>Search GPUs</source>
            <translation>GPU 검색</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="90" />
            <source>Clea&amp;r All</source>
            <translation>모두 해제(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="91" />
            <source>Untick every GPU except the one the plan is sized for</source>
            <translation>계획 기준 GPU만 남기고 모두 선택 해제</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="101" />
            <source>Candidates</source>
            <translation>후보</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="109" />
            <source>Size of the plan</source>
            <translation>계획 규모</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="113" />
            <source>&amp;Plan for:</source>
            <translation>계획 대상(&amp;P):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="113" />
            <source>The GPU type the layout and the cost details are for</source>
            <translation>병렬 구성과 비용 세부 내역을 계산할 GPU 종류</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="115" />
            <source> GPU</source>
            <translation> GPU</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="115" />
            <source> GPUs</source>
            <translation> GPU</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="116" />
            <source>GPU &amp;count:</source>
            <translation>GPU 수(&amp;C):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="117" />
            <source> GPU per node</source>
            <translation> GPU/노드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="117" />
            <source> GPUs per node</source>
            <translation> GPU/노드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="117" />
            <source>node type's default</source>
            <translation>노드 종류 기본값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="118" />
            <source>GPUs per no&amp;de:</source>
            <translation>노드당 GPU 수(&amp;D):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="122" />
            <source>&amp;Meet a deadline of</source>
            <translation>마감 기한 맞추기(&amp;M)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="123" />
            <source> days</source>
            <translation>일</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="128" />
            <source>Deadline:</source>
            <translation>마감 기한:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="128" />
            <source>Find the smallest GPU count per GPU type that finishes in time</source>
            <translation>GPU 종류별로 기한 안에 끝나는 최소 GPU 수를 찾습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="130" />
            <source>Deadline in days</source>
            <translation>마감 기한 (일)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="131" />
            <source>Meet a deadline</source>
            <translation>마감 기한 맞추기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="147" />
            <source>Change candidate GPUs</source>
            <translation>후보 GPU 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="150" />
            <source>Change planned GPU</source>
            <translation>계획 대상 GPU 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="156" />
            <source>Change GPU count</source>
            <translation>GPU 수 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="163" />
            <source>Change GPUs per node</source>
            <translation>노드당 GPU 수 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="168" />
            <source>Change deadline</source>
            <translation>마감 기한 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="180" />
            <source>All vendors</source>
            <translation>모든 제조사</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="185" />
            <source>All form factors</source>
            <translation>모든 폼팩터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="192" />
            <source>{0}  ·  {1} · {2}</source>
            <translation>{0}  ·  {1} · {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="199" />
            <source>{0} ({1})
{2} usable, {3:,.0f} GB/s, {4:,.0f} dense BF16 TFLOPS
Source: {5}</source>
            <translation>{0} ({1})
사용 가능 {2}, {3:,.0f} GB/s, 밀집 BF16 {4:,.0f} TFLOPS
출처: {5}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="50" />
            <source>Results</source>
            <translation>결과</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="51" />
            <source>The planned GPU in numbers; hover a number for its formula and inputs.</source>
            <translation>계획 대상 GPU의 수치입니다. 수치 위에 마우스를 올리면 계산식과 입력값이 보입니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="62" />
            <source>Framework behaviour assumed:</source>
            <translation>가정한 프레임워크 동작:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="66" />
            <source>Headroom:</source>
            <translation>여유 메모리:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="67" />
            <source>Largest micro-batch that fits:</source>
            <translation>메모리에 맞는 최대 마이크로 배치:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="68" />
            <source>Layout:</source>
            <translation>병렬 구성:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="69" />
            <source>Wall clock:</source>
            <translation>실제 소요 시간:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="70" />
            <source>GPU-hours:</source>
            <translation>GPU 시간:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="71" />
            <source>Throughput:</source>
            <translation>처리량:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="72" />
            <source>MFU:</source>
            <translation>MFU:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="73" />
            <source>Job at on-demand prices:</source>
            <translation>온디맨드 가격 기준 작업 비용:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="74" />
            <source>Cloud on demand (horizon):</source>
            <translation>클라우드 온디맨드 (분석 기간):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="75" />
            <source>Owning TCO (horizon):</source>
            <translation>온프레미스 TCO (분석 기간):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="76" />
            <source>Break-even utilization:</source>
            <translation>손익분기 가동률:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="77" />
            <source>Owning cost per million tokens:</source>
            <translation>온프레미스 백만 토큰당 비용:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="80" />
            <source>&amp;Launch config…</source>
            <translation>실행 설정(&amp;L)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="81" />
            <source>Write this layout as a torchtitan, torchtune, Megatron or DeepSpeed config</source>
            <translation>이 배치를 torchtitan, torchtune, Megatron 또는 DeepSpeed 설정으로 씁니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="99" />
            <source>&amp;Save scenario…</source>
            <translation>시나리오 저장(&amp;S)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="100" />
            <source>E&amp;xport workbook…</source>
            <translation>워크북 내보내기(&amp;X)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="89" />
            <source>Data</source>
            <translation>데이터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="92" />
            <source>Tokens to train</source>
            <translation>학습 토큰 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="93" />
            <source>&amp;Dataset × epochs</source>
            <translation>데이터셋 × 에폭(&amp;D)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="104" />
            <source> epoch</source>
            <translation> 에폭</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="104" />
            <source> epochs</source>
            <translation> 에폭</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="106" />
            <source>T&amp;okens:</source>
            <translation>토큰 수(&amp;O):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="106" />
            <source>Tokens the run trains on; type 1.4T, 300B, 1.4 trillion or 1.4e12</source>
            <translation>학습할 토큰 수. 1.4T, 300B, 1.4조, 1.4e12처럼 입력</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="109" />
            <source>Data&amp;set size:</source>
            <translation>데이터셋 크기(&amp;S):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="109" />
            <source>Tokens in one pass over the dataset; type 1.4T, 300B or 1.4e12</source>
            <translation>데이터셋을 한 번 훑을 때의 토큰 수. 1.4T, 300B, 1.4e12처럼 입력</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="111" />
            <source>Ep&amp;ochs:</source>
            <translation>에폭(&amp;O):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="116" />
            <source>Sequence and batch</source>
            <translation>시퀀스와 배치</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="119" />
            <source>automatic (planner)</source>
            <translation>자동 (플래너)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="121" />
            <source>automatic (micro-batch × data-parallel)</source>
            <translation>자동 (마이크로 배치 × 데이터 병렬)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="124" />
            <source>Se&amp;quence length:</source>
            <translation>시퀀스 길이(&amp;Q):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="124" />
            <source>Tokens per sequence (inference: prompt + generated)</source>
            <translation>시퀀스당 토큰 수 (추론: 프롬프트 + 생성 토큰)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="127" />
            <source>&amp;Micro-batch:</source>
            <translation>마이크로 배치(&amp;M):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="127" />
            <source>Sequences per GPU per micro-step</source>
            <translation>마이크로 스텝마다 GPU 하나가 처리하는 시퀀스 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="130" />
            <source>&amp;Global batch:</source>
            <translation>글로벌 배치(&amp;G):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="130" />
            <source>Sequences per optimizer step</source>
            <translation>옵티마이저 스텝당 시퀀스 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="136" />
            <source>Precision, optimizer and memory savers</source>
            <translation>정밀도, 옵티마이저, 메모리 절감 기법</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="141" />
            <source>BF16 autocast</source>
            <translation>BF16 autocast</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="142" />
            <source>BF16 + FP32 master</source>
            <translation>BF16 + FP32 마스터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="143" />
            <source>Pure BF16</source>
            <translation>순수 BF16</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="144" />
            <source>FP8 + FP32 master</source>
            <translation>FP8 + FP32 마스터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="145" />
            <source>FP16 autocast</source>
            <translation>FP16 autocast</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="146" />
            <source>FP16 + FP32 master</source>
            <translation>FP16 + FP32 마스터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="150" />
            <source>BF16 autocast over FP32 weights (HF Trainer, Lightning, llm-foundry)</source>
            <translation>FP32 가중치 위 BF16 autocast (HF Trainer, Lightning, llm-foundry)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="151" />
            <source>BF16 weights + FP32 master copy (Megatron, DeepSpeed, FSDP/torchtitan)</source>
            <translation>BF16 가중치 + FP32 마스터 사본 (Megatron, DeepSpeed, FSDP/torchtitan)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="152" />
            <source>Everything in BF16, weights and optimizer states (torchtune)</source>
            <translation>가중치와 옵티마이저 상태까지 모두 BF16 (torchtune)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="153" />
            <source>FP8 matmuls over BF16 weights + FP32 master copy</source>
            <translation>BF16 가중치 + FP32 마스터 사본 위 FP8 행렬곱</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="154" />
            <source>FP16 autocast over FP32 weights</source>
            <translation>FP32 가중치 위 FP16 autocast</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="155" />
            <source>FP16 weights + FP32 master copy</source>
            <translation>FP16 가중치 + FP32 마스터 사본</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="162" />
            <source>torch.compile (&amp;JIT-compiled model)</source>
            <translation>torch.compile 사용(&amp;J)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="166" />
            <source>AdamW</source>
            <translation>AdamW</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="168" />
            <source>SGD with momentum</source>
            <translation>모멘텀 SGD</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="169" />
            <source>Adafactor</source>
            <translation>Adafactor</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="174" />
            <source>No offload</source>
            <translation>오프로드 없음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="175" />
            <source>Optimizer states to CPU</source>
            <translation>옵티마이저 상태를 CPU로</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="176" />
            <source>Parameters and optimizer states to CPU</source>
            <translation>파라미터와 옵티마이저 상태를 CPU로</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="180" />
            <source>Optimizer step &amp;inside backward</source>
            <translation>역전파 중 옵티마이저 스텝(&amp;I)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="181" />
            <source>Flash&amp;Attention</source>
            <translation>Flash&amp;Attention</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="182" />
            <source>Chun&amp;ked loss (no full logits)</source>
            <translation>청크 단위 손실 계산 (전체 로짓 없음)(&amp;K)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="184" />
            <source>Frame&amp;work:</source>
            <translation>프레임워크(&amp;W):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="184" />
            <source>The training code you run: it decides what a step keeps in memory</source>
            <translation>실행하는 학습 코드: 한 스텝이 메모리에 무엇을 남기는지 결정합니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="187" />
            <source>&amp;Precision:</source>
            <translation>정밀도(&amp;P):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="191" />
            <source>Optimi&amp;zer:</source>
            <translation>옵티마이저(&amp;Z):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="193" />
            <source>Off&amp;load:</source>
            <translation>오프로드(&amp;L):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="194" />
            <source>Activation re&amp;compute:</source>
            <translation>활성값 재계산(&amp;C):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="198" />
            <source>Optimizer step inside backward</source>
            <translation>역전파 중 옵티마이저 스텝</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="199" />
            <source>FlashAttention</source>
            <translation>FlashAttention</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="200" />
            <source>Chunked loss</source>
            <translation>청크 단위 손실 계산</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="205" />
            <source>LoRA adapters</source>
            <translation>LoRA 어댑터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="208" />
            <source>&amp;Rank:</source>
            <translation>랭크(&amp;R):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="215" />
            <source>LoRA target {0}</source>
            <translation>LoRA 대상 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="219" />
            <source>Projection matrices that get adapters</source>
            <translation>어댑터를 붙일 프로젝션 행렬</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="219" />
            <source>Targets:</source>
            <translation>대상 행렬:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="231" />
            <source>Parallel layout</source>
            <translation>병렬 구성</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="234" />
            <source>A&amp;utomatic (fastest layout that fits)</source>
            <translation>자동 (메모리에 맞는 가장 빠른 구성)(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="235" />
            <source>Set b&amp;y hand</source>
            <translation>직접 지정(&amp;Y)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="244" />
            <source>-way</source>
            <translation>개 분할</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="245" />
            <source> stage</source>
            <translation> 스테이지</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="245" />
            <source> stages</source>
            <translation> 스테이지</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="250" />
            <source>0 — plain data parallel</source>
            <translation>0 — 일반 데이터 병렬</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="251" />
            <source>1 — shard optimizer states</source>
            <translation>1 — 옵티마이저 상태 샤딩</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="252" />
            <source>2 — + gradients</source>
            <translation>2 — + 그래디언트</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="253" />
            <source>3 — + weights (FSDP full shard)</source>
            <translation>3 — + 가중치 (FSDP 전체 샤딩)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="256" />
            <source>Tensor parallel:</source>
            <translation>텐서 병렬:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="257" />
            <source>Pipeline parallel:</source>
            <translation>파이프라인 병렬:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="258" />
            <source>Context parallel:</source>
            <translation>컨텍스트 병렬:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="259" />
            <source>Expert parallel:</source>
            <translation>전문가 병렬:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="260" />
            <source>ZeRO stage:</source>
            <translation>ZeRO 단계:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="276" />
            <source>Change tokens</source>
            <translation>학습 토큰 수 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="281" />
            <source>Change dataset size</source>
            <translation>데이터셋 크기 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="286" />
            <source>Change epochs</source>
            <translation>에폭 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="290" />
            <source>Change sequence length</source>
            <translation>시퀀스 길이 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="294" />
            <source>Change micro-batch</source>
            <translation>마이크로 배치 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="300" />
            <source>Change global batch</source>
            <translation>글로벌 배치 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="305" />
            <source>Change framework</source>
            <translation>프레임워크 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="309" />
            <source>Change precision</source>
            <translation>정밀도 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="320" />
            <source>Change {0}</source>
            <translation>{0} 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="338" />
            <source>Change LoRA rank</source>
            <translation>LoRA 랭크 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="341" />
            <source>Change LoRA targets</source>
            <translation>LoRA 대상 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="92" />
            <source>Preferences</source>
            <translation>환경 설정</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="96" />
            <source>Appearance</source>
            <translation>모양</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="101" />
            <source>Language</source>
            <translation>언어</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="102" />
            <source>&amp;Language:</source>
            <translation>언어(&amp;L):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="109" />
            <source>Takes effect after a restart.</source>
            <translation>다시 시작하면 적용됩니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="116" />
            <source>Dark</source>
            <translation>어둡게</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="116" />
            <source>Light</source>
            <translation>밝게</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="116" />
            <source>System</source>
            <translation>시스템</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="118" />
            <source>Theme</source>
            <translation>테마</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="119" />
            <source>&amp;Theme:</source>
            <translation>테마(&amp;T):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="124" />
            <source>New scenarios</source>
            <translation>새 시나리오</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="129" />
            <source>Currency for new scenarios</source>
            <translation>새 시나리오의 통화</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="130" />
            <source>&amp;Currency:</source>
            <translation>통화(&amp;C):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="134" />
            <source>Catalog default</source>
            <translation>카탈로그 기본값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="138" />
            <source>Site profile for new scenarios</source>
            <translation>새 시나리오의 사이트 프로필</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="144" />
            <source>Files</source>
            <translation>파일</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="148" />
            <source> seconds</source>
            <translation>초</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="149" />
            <source>Autosave interval</source>
            <translation>자동 저장 간격</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="150" />
            <source>Unsaved work is also saved at every wizard step</source>
            <translation>저장하지 않은 작업은 마법사 단계를 넘길 때마다 자동 저장됩니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="151" />
            <source>&amp;Autosave every:</source>
            <translation>자동 저장 간격(&amp;A):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="154" />
            <source>Scenario folder</source>
            <translation>시나리오 폴더</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="155" />
            <source>Export folder</source>
            <translation>내보내기 폴더</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="156" />
            <source>Catalog CSV folder</source>
            <translation>카탈로그 CSV 폴더</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="158" />
            <source>Sc&amp;enarios:</source>
            <translation>시나리오(&amp;E):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="159" />
            <source>E&amp;xports:</source>
            <translation>내보내기(&amp;X):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="160" />
            <source>Catalog C&amp;SV:</source>
            <translation>카탈로그 CSV(&amp;S):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recent_files.py" line="56" />
            <source>&amp;Clear Menu</source>
            <translation>목록 지우기(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="158" />
            <source>Autosave failed: {0}. Save your work with File › Save.</source>
            <translation>자동 저장 실패: {0}. 파일 › 저장으로 작업을 저장하세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="243" />
            <source>Recover unsaved work</source>
            <translation>저장하지 않은 작업 복구</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="244" />
            <source>gpuplanner did not close normally.</source>
            <translation>gpuplanner가 정상적으로 종료되지 않았습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="246" />
            <source>File: {0}</source>
            <translation>파일: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="248" />
            <source>The scenario was never saved to a file.</source>
            <translation>이 시나리오는 파일로 저장된 적이 없습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="250" />
            <source>Your unsaved changes to “{0}” were kept (last autosave {1}).
{2}

Restore brings them back; they stay unsaved until you save them. Discard deletes them.</source>
            <translation>“{0}”의 저장하지 않은 변경 사항이 보관되어 있습니다 (마지막 자동 저장 {1}).
{2}

복원하면 변경 사항을 되살리며, 저장하기 전까지는 저장되지 않은 상태로 남습니다. 버리기를 누르면 삭제됩니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="258" />
            <source>&amp;Restore</source>
            <translation>복원(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="303" />
            <source>An autosave file could not be read and was set aside: {0}</source>
            <translation>자동 저장 파일을 읽을 수 없어 따로 옮겨 두었습니다: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/recovery.py" line="338" />
            <source>Restored your unsaved work from {0}.</source>
            <translation>{0}에 자동 저장된 작업을 복원했습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="41" />
            <source>Fits?</source>
            <translation>메모리 적합?</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="45" />
            <source>Best layout</source>
            <translation>최적 병렬 구성</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="48" />
            <source>Job cost</source>
            <translation>작업 비용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="49" />
            <source>Owning TCO</source>
            <translation>온프레미스 TCO</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="50" />
            <source>Break-even</source>
            <translation>손익분기 가동률</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="51" />
            <source>GPUs for deadline</source>
            <translation>기한 내 필요 GPU 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="97" />
            <source>error</source>
            <translation>오류</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="107" />
            <source>✗ {0} short</source>
            <translation>✗ {0} 부족</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="126" />
            <source>{0} ({1})</source>
            <translation>{0} ({1})</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="157" />
            <source>smallest whole-node GPU count that fits and finishes within {0:g} days</source>
            <translation>메모리에 들어가고 {0:g}일 안에 끝나는 가장 작은 GPU 수 (노드 단위)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="167" />
            <source>{0} GPUs: {1}, {2} at on-demand prices</source>
            <translation>GPU {0}개: {1}, 온디맨드 가격 {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/resultset.py" line="151" />
            <source>{0!r} is not in the hardware catalog</source>
            <translation>{0!r}은(는) 하드웨어 카탈로그에 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/resultset.py" line="157" />
            <source>internal error: {0}: {1}</source>
            <translation>내부 오류: {0}: {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/tooltips.py" line="43" />
            <source>per GPU</source>
            <translation>GPU당</translation>
        </message>
    </context>
    <context>
        <name>App</name>
        <message>
            <location filename="../../gpuplanner/ui/app.py" line="216" />
            <source>gpuplanner cannot start:
{0}</source>
            <translation>gpuplanner를 시작할 수 없습니다:
{0}</translation>
        </message>
    </context>
    <context>
        <name>Catalog</name>
        <message>
            <location filename="../../gpuplanner/ui/catalog_columns.py" line="115" />
            <source>from {0} to {1} {2}</source>
            <translation>{0}–{1} {2}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_delegate.py" line="80" />
            <source>— (not published)</source>
            <translation>— (공개되지 않음)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_delegate.py" line="95" />
            <source>e.g. 80 GiB</source>
            <translation>예: 80 GiB</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_model.py" line="304" />
            <source>Not saved: {0}</source>
            <translation>저장 안 됨: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_model.py" line="307" />
            <source>Saved {0} of {1} in your catalog.</source>
            <translation>{1}의 {0}을(를) 내 카탈로그에 저장했습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_model.py" line="316" />
            <source>Not saved — {0}, {1}</source>
            <translation>저장 안 됨 — {0}, {1}</translation>
        </message>
    </context>
    <context>
        <name>CatalogEditor</name>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="262" />
            <source>Catalog not changed</source>
            <translation>카탈로그가 바뀌지 않았습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="302" />
            <source>Parts of your catalog are left out until you fix them in its files:</source>
            <translation>내 카탈로그의 다음 부분은 파일에서 고칠 때까지 사용하지 않습니다:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="338" />
            <source>Id of the new row (lowercase letters, digits, '.', '-', '_'):</source>
            <translation>새 행의 ID (영문 소문자, 숫자, '.', '-', '_'):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="344" />
            <source>Not added — {0!r} is not a valid id: use lowercase letters, digits, '.', '-' and '_'.</source>
            <translation>추가 안 됨 — {0!r}은(는) 올바른 ID가 아닙니다. 영문 소문자, 숫자, '.', '-', '_'만 쓰세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="350" />
            <source>Not added — the id {0!r} is already taken.</source>
            <translation>추가 안 됨 — ID {0!r}은(는) 이미 사용 중입니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="382" />
            <source>Duplicate row</source>
            <translation>행 복제</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="382" />
            <source>Add row</source>
            <translation>행 추가</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="388" />
            <source>Added {0}. Edit its cells; undo with Ctrl+Z.</source>
            <translation>{0}을(를) 추가했습니다. 셀을 편집하세요. Ctrl+Z로 되돌릴 수 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="389" />
            <source>Not added — {0}</source>
            <translation>추가 안 됨 — {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="396" />
            <source>Added {0} and its node type {1}. Edit their cells; undo with Ctrl+Z.</source>
            <translation>{0}과(와) 노드 종류 {1}을(를) 추가했습니다. 셀을 편집하세요. Ctrl+Z로 되돌릴 수 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="407" />
            <source>Shipped rows cannot be deleted. Edit them, or reset your edits.</source>
            <translation>기본 제공 행은 삭제할 수 없습니다. 편집하거나 편집 내용을 되돌리세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="412" />
            <source>Deleted {0} and {1} row(s) that used it. Undo with Ctrl+Z.</source>
            <translation>{0}과(와) 이를 사용하던 행 {1}개를 삭제했습니다. Ctrl+Z로 되돌릴 수 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="414" />
            <source>Deleted {0}. Undo with Ctrl+Z.</source>
            <translation>{0}을(를) 삭제했습니다. Ctrl+Z로 되돌릴 수 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="417" />
            <source>Delete {0}</source>
            <translation>{0} 삭제</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="419" />
            <source>Not deleted — {0}</source>
            <translation>삭제 안 됨 — {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="429" />
            <source>Reset {0} to shipped</source>
            <translation>{0}을(를) 기본 제공 값으로 되돌리기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="430" />
            <source>{0}: the shipped values apply again. Undo with Ctrl+Z.</source>
            <translation>{0}: 기본 제공 값이 다시 적용됩니다. Ctrl+Z로 되돌릴 수 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="431" />
            <source>Not reset — {0}</source>
            <translation>되돌리지 않음 — {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="441" />
            <source>Import CSV into {0}</source>
            <translation>{0}에 CSV 가져오기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="443" />
            <source>CSV files (*.csv);;All files (*)</source>
            <translation>CSV 파일 (*.csv);;모든 파일 (*)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="452" />
            <source>Cannot import CSV</source>
            <translation>CSV를 가져올 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="452" />
            <source>{0}

Your catalog was not changed.</source>
            <translation>{0}

내 카탈로그는 바뀌지 않았습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="455" />
            <source>Imported {0} row(s) into {1}. Undo with Ctrl+Z.</source>
            <translation>{1}에 행 {0}개를 가져왔습니다. Ctrl+Z로 되돌릴 수 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="462" />
            <source>Export your {0}</source>
            <translation>내 {0} 내보내기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="464" />
            <source>CSV files (*.csv)</source>
            <translation>CSV 파일 (*.csv)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="475" />
            <source>Cannot export CSV</source>
            <translation>CSV를 내보낼 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="476" />
            <source>{0}

An existing file there was left as it was.</source>
            <translation>{0}

그 위치에 있던 기존 파일은 그대로 두었습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="479" />
            <source>Exported {0} of your row(s) to {1}.</source>
            <translation>내 행 {0}개를 {1}(으)로 내보냈습니다.</translation>
        </message>
    </context>
    <context>
        <name>CatalogTablePage</name>
        <message>
            <location filename="../../gpuplanner/ui/catalog_editor.py" line="126" />
            <source>{0} of {1} rows</source>
            <translation>{1}행 중 {0}행</translation>
        </message>
    </context>
    <context>
        <name>CompareDialog</name>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="426" />
            <source>&lt;b&gt;{0}&lt;/b&gt;: {1}&lt;br&gt;&lt;b&gt;{2}&lt;/b&gt;: {3}</source>
            <translation>&lt;b&gt;{0}&lt;/b&gt;: {1}&lt;br&gt;&lt;b&gt;{2}&lt;/b&gt;: {3}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="434" />
            <source>Inputs that differ: {0}</source>
            <translation>다른 입력 항목: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/compare.py" line="434" />
            <source>The inputs are the same.</source>
            <translation>입력 항목이 같습니다.</translation>
        </message>
    </context>
    <context>
        <name>CostPage</name>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="104" />
            <source>Pick the {0} offer</source>
            <translation>{0} 상품 선택</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="198" />
            <source>Catalog default</source>
            <translation>카탈로그 기본값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="225" />
            <source>Change {0}</source>
            <translation>{0} 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="253" />
            <source>{0} (not in the catalog)</source>
            <translation>{0} (카탈로그에 없음)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="264" />
            <source>catalog</source>
            <translation>카탈로그</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/cost_page.py" line="279" />
            <source>Catalog prices for {0}. A price you type applies to every candidate GPU.</source>
            <translation>{0}의 카탈로그 가격입니다. 직접 입력한 가격은 모든 후보 GPU에 적용됩니다.</translation>
        </message>
    </context>
    <context>
        <name>DefaultableSpin</name>
        <message>
            <location filename="../../gpuplanner/ui/fields.py" line="224" />
            <source>not published</source>
            <translation>공개되지 않음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/fields.py" line="229" />
            <source>Use the catalog's value</source>
            <translation>카탈로그 값 사용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/fields.py" line="230" />
            <source>Reset to the catalog value</source>
            <translation>카탈로그 값으로 되돌리기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/fields.py" line="265" />
            <source>your value</source>
            <translation>직접 입력한 값</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/fields.py" line="266" />
            <source>Source: {0}</source>
            <translation>출처: {0}</translation>
        </message>
    </context>
    <context>
        <name>Fields</name>
        <message>
            <location filename="../../gpuplanner/ui/fields.py" line="179" />
            <source>{0}: problem</source>
            <translation>{0}: 문제</translation>
        </message>
    </context>
    <context>
        <name>FileCommands</name>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="122" />
            <source>Cannot start a new scenario</source>
            <translation>새 시나리오를 시작할 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="141" />
            <location filename="../../gpuplanner/ui/file_commands.py" line="146" />
            <source>Cannot open scenario</source>
            <translation>시나리오를 열 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="142" />
            <source>{0}

The file is not a valid scenario; nothing was changed.</source>
            <translation>{0}

올바른 시나리오 파일이 아닙니다. 아무것도 바뀌지 않았습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="146" />
            <source>{0}

Nothing was changed.</source>
            <translation>{0}

아무것도 바뀌지 않았습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="150" />
            <source>Opened {0}</source>
            <translation>{0} 열림</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="160" />
            <source>Cannot open the example</source>
            <translation>예제를 열 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="164" />
            <source>Opened the example “{0}”</source>
            <translation>예제 “{0}”을(를) 열었습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="191" />
            <source>Cannot save scenario</source>
            <translation>시나리오를 저장할 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="192" />
            <source>{0}

Your changes are still open here; choose another place with File › Save As.</source>
            <translation>{0}

변경 사항은 그대로 열려 있습니다. 파일 › 다른 이름으로 저장에서 다른 위치를 고르세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="198" />
            <source>Saved {0}</source>
            <translation>{0} 저장됨</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="214" />
            <source>Cannot compare</source>
            <translation>비교할 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="214" />
            <source>{0}

The open scenario was not changed.</source>
            <translation>{0}

열려 있는 시나리오는 바뀌지 않았습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="235" />
            <source>This scenario</source>
            <translation>이 시나리오</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="256" />
            <source>Export workbook</source>
            <translation>워크북 내보내기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="256" />
            <source>Excel workbook (*.xlsx)</source>
            <translation>Excel 워크북 (*.xlsx)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="270" />
            <source>Export failed</source>
            <translation>내보내기 실패</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/file_commands.py" line="273" />
            <source>Exported {0}</source>
            <translation>{0} 내보냄</translation>
        </message>
    </context>
    <context>
        <name>FirstStartHint</name>
        <message>
            <location filename="../../gpuplanner/ui/first_start.py" line="27" />
            <source>&lt;b&gt;Start here.&lt;/b&gt; Pick the model and the training method on this step, then go through the steps with Next; the results on the right follow every change. Or begin from a worked example.</source>
            <translation>&lt;b&gt;여기서 시작하세요.&lt;/b&gt; 이 단계에서 모델과 학습 방법을 고른 뒤 다음 버튼으로 단계를 진행하세요. 오른쪽 결과는 입력을 바꿀 때마다 갱신됩니다. 예제에서 시작할 수도 있습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/first_start.py" line="32" />
            <source>Open an Example…</source>
            <translation>예제 열기…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/first_start.py" line="33" />
            <source>Got It</source>
            <translation>확인</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/first_start.py" line="34" />
            <source>Close the hint</source>
            <translation>안내 닫기</translation>
        </message>
    </context>
    <context>
        <name>HardwarePage</name>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="227" />
            <source>tick at least one GPU to compare</source>
            <translation>비교할 GPU를 하나 이상 선택하세요</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="235" />
            <source>Clear candidate GPUs</source>
            <translation>후보 GPU 모두 해제</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="285" />
            <source>{0} (not in the catalog)</source>
            <translation>{0} (카탈로그에 없음)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="302" />
            <source>Comparing {0}: {1}.</source>
            <translation>{0}종 비교: {1}.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/hardware_page.py" line="304" />
            <source>Not in the catalog (shown as errors): {0}.</source>
            <translation>카탈로그에 없음 (오류로 표시): {0}.</translation>
        </message>
    </context>
    <context>
        <name>Language</name>
        <message>
            <location filename="../../gpuplanner/ui/i18n.py" line="237" />
            <source>System default</source>
            <translation>시스템 기본값</translation>
        </message>
    </context>
    <context>
        <name>LaunchDialog</name>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="113" />
            <source>Write launch config</source>
            <translation>실행 설정 쓰기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="115" />
            <source>The planned layout (parallel degrees, batch, recompute, precision) as the framework's own config, with the expected memory and speed in its header.</source>
            <translation>계획한 배치(병렬 차수, 배치, 재계산, 정밀도)를 프레임워크 자체 설정으로 쓰고, 머리말에 예상 메모리와 속도를 적습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/config_actions.py" line="122" />
            <source>&amp;Framework:</source>
            <translation>프레임워크(&amp;F):</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="110" />
            <source>Estimating…</source>
            <translation>추정 중…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="134" />
            <source>Estimate failed: {0}</source>
            <translation>추정 실패: {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="173" />
            <source>PNG…</source>
            <translation>PNG…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="174" />
            <source>SVG…</source>
            <translation>SVG…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="231" />
            <source>gpuplanner cannot start</source>
            <translation>gpuplanner를 시작할 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="232" />
            <source>The hardware catalog cannot be read:
{0}</source>
            <translation>하드웨어 카탈로그를 읽을 수 없습니다:
{0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="254" />
            <source>{0} (and {1} more: Tools › Catalog editor lists them)</source>
            <translation>{0} (외 {1}건: 도구 › 카탈로그 편집기에서 모두 볼 수 있습니다)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="306" />
            <source>This scenario</source>
            <translation>이 시나리오</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="323" />
            <source>unsaved</source>
            <translation>저장 안 됨</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="324" />
            <source>{0} — {1}[*] — gpuplanner</source>
            <translation>{0} — {1}[*] — gpuplanner</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/main_window.py" line="345" />
            <source>Cannot open the catalog</source>
            <translation>카탈로그를 열 수 없습니다</translation>
        </message>
    </context>
    <context>
        <name>ModelPage</name>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="46" />
            <source>Model and method</source>
            <translation>모델과 학습 방식</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="47" />
            <source>Pick a preset, describe the architecture, or open a config.json.</source>
            <translation>프리셋을 고르거나, 아키텍처를 입력하거나, config.json을 여세요.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="55" />
            <source>Scena&amp;rio name:</source>
            <translation>시나리오 이름(&amp;R):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="57" />
            <source>Shown in the title bar, the file name and the workbook; empty: derived from the plan</source>
            <translation>제목 표시줄, 파일 이름, 워크북에 표시됩니다. 비워 두면 계획에서 만듭니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="62" />
            <source>Model</source>
            <translation>모델</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="65" />
            <source>&amp;Search:</source>
            <translation>검색(&amp;S):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="67" />
            <source>e.g. llama 70b, qwen, mixtral</source>
            <translation>예: llama 70b, qwen, mixtral</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="69" />
            <source>Search presets</source>
            <translation>프리셋 검색</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="75" />
            <source>Model presets</source>
            <translation>모델 프리셋</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="77" />
            <source>Custom architecture (fields below)</source>
            <translation>사용자 지정 아키텍처 (아래 항목)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="81" />
            <source>{0}  ·  {1} parameters</source>
            <translation>{0}  ·  파라미터 {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="83" />
            <source>Preset id: {0}
Source: {1}</source>
            <translation>프리셋 ID: {0}
출처: {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="86" />
            <source>&amp;Open config.json…</source>
            <translation>config.json 열기(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="88" />
            <source>Read the architecture from a local Hugging Face config.json (offline; nothing is downloaded)</source>
            <translation>로컬 Hugging Face config.json에서 아키텍처를 읽습니다 (오프라인, 아무것도 내려받지 않음)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="97" />
            <source>Method</source>
            <translation>학습 방식</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="102" />
            <source>&amp;Pretraining</source>
            <translation>사전학습(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="103" />
            <source>F&amp;ull fine-tune</source>
            <translation>전체 파인튜닝(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="104" />
            <source>&amp;LoRA</source>
            <translation>&amp;LoRA</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="105" />
            <source>&amp;QLoRA (4-bit base)</source>
            <translation>&amp;QLoRA (4비트 기반 모델)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="106" />
            <source>&amp;Inference serving</source>
            <translation>추론 서빙(&amp;I)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="115" />
            <source>Architecture</source>
            <translation>아키텍처</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="119" />
            <source>Model summary</source>
            <translation>모델 요약</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="125" />
            <source>Transformer blocks</source>
            <translation>트랜스포머 블록 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="126" />
            <source>Model width h</source>
            <translation>모델 폭 h</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="127" />
            <source>Attention (query) heads</source>
            <translation>어텐션(쿼리) 헤드 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="128" />
            <source>Key/value heads (GQA); = heads for MHA</source>
            <translation>키/값 헤드 수 (GQA). MHA면 헤드 수와 같음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="129" />
            <source>MLP inner width</source>
            <translation>MLP 내부 폭</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="130" />
            <source>Vocabulary size</source>
            <translation>어휘 크기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="131" />
            <source>Routed experts (1 = dense)</source>
            <translation>라우팅되는 전문가 수 (1 = dense 모델)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="132" />
            <source>Experts per token</source>
            <translation>토큰당 전문가 수</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="135" />
            <source>La&amp;yers:</source>
            <translation>레이어 수(&amp;Y):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="136" />
            <source>Hidden si&amp;ze:</source>
            <translation>히든 크기(&amp;Z):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="137" />
            <source>Attention heads:</source>
            <translation>어텐션 헤드:</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="138" />
            <source>&amp;KV heads:</source>
            <translation>KV 헤드(&amp;K):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="139" />
            <source>FFN hi&amp;dden:</source>
            <translation>FFN 히든 크기(&amp;D):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="140" />
            <source>Vo&amp;cabulary:</source>
            <translation>어휘 크기(&amp;C):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="141" />
            <source>E&amp;xperts:</source>
            <translation>전문가 수(&amp;X):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="142" />
            <source>Experts &amp;active:</source>
            <translation>활성 전문가 수(&amp;A):</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="145" />
            <source> layer</source>
            <translation> 레이어</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="145" />
            <source> layers</source>
            <translation> 레이어</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="146" />
            <source> token</source>
            <translation> 토큰</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="146" />
            <source> tokens</source>
            <translation> 토큰</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="147" />
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="148" />
            <source> head</source>
            <translation> 헤드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="147" />
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="148" />
            <source> heads</source>
            <translation> 헤드</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="149" />
            <source> expert (dense)</source>
            <translation> 전문가 (dense 모델)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="149" />
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="150" />
            <source> experts</source>
            <translation> 전문가</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="150" />
            <source> expert</source>
            <translation> 전문가</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="168" />
            <source>&amp;Gated MLP (SwiGLU)</source>
            <translation>게이트 MLP (SwiGLU)(&amp;G)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="169" />
            <source>Tied e&amp;mbeddings</source>
            <translation>입출력 임베딩 공유(&amp;M)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="172" />
            <source>Gated MLP</source>
            <translation>게이트 MLP</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="173" />
            <source>Tied embeddings</source>
            <translation>입출력 임베딩 공유</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="180" />
            <source>Rename scenario</source>
            <translation>시나리오 이름 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="210" />
            <source>{0}: {1} parameters</source>
            <translation>{0}: 파라미터 {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="212" />
            <source> ({0} active per token)</source>
            <translation> (토큰당 {0} 활성)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="214" />
            <source>; multi-head latent attention from the preset</source>
            <translation>, 프리셋의 멀티헤드 잠재 어텐션(MLA)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="242" />
            <source>Choose model {0}</source>
            <translation>모델 {0} 선택</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="248" />
            <source>Change method</source>
            <translation>학습 방식 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="264" />
            <source>Change architecture</source>
            <translation>아키텍처 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="270" />
            <source>Open a Hugging Face config.json</source>
            <translation>Hugging Face config.json 열기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="270" />
            <source>Model config (config.json *.json)</source>
            <translation>모델 설정 (config.json *.json)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="283" />
            <source>Cannot read config.json</source>
            <translation>config.json을 읽을 수 없습니다</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="283" />
            <source>{0}

The model was not changed.</source>
            <translation>{0}

모델은 바뀌지 않았습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/model_page.py" line="287" />
            <source>Open config.json</source>
            <translation>config.json 열기</translation>
        </message>
    </context>
    <context>
        <name>PlannerPage</name>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="101" />
            <source>Problem on this page</source>
            <translation>이 페이지의 문제</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="177" />
            <source>{0} Kept {1}.</source>
            <translation>{0} {1}을(를) 유지했습니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="247" />
            <source>{0}: {1}</source>
            <translation>{0}: {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/base.py" line="248" />
            <source>Fix this to continue — {0}</source>
            <translation>계속하려면 이 문제를 고치세요 — {0}</translation>
        </message>
    </context>
    <context>
        <name>PlanningWizard</name>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="45" />
            <source>&lt; &amp;Back</source>
            <translation>&lt; 이전(&amp;B)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="46" />
            <source>&amp;Next &gt;</source>
            <translation>다음(&amp;N) &gt;</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="47" />
            <source>Back</source>
            <translation>이전</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="48" />
            <source>Next</source>
            <translation>다음</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="85" />
            <source>Model</source>
            <translation>모델</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="85" />
            <source>Data</source>
            <translation>데이터</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="85" />
            <source>Hardware</source>
            <translation>하드웨어</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="85" />
            <source>Costs</source>
            <translation>비용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="85" />
            <source>Results</source>
            <translation>결과</translation>
        </message>
    </context>
    <context>
        <name>PlotPanel</name>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="77" />
            <source>Export</source>
            <translation>내보내기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="78" />
            <source>Save this plot as PNG or SVG</source>
            <translation>이 그래프를 PNG 또는 SVG로 저장</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="79" />
            <source>Export {0}</source>
            <translation>{0} 내보내기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="82" />
            <source>Save as &amp;PNG…</source>
            <translation>PNG로 저장(&amp;P)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="83" />
            <source>Save as &amp;SVG…</source>
            <translation>SVG로 저장(&amp;S)…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="89" />
            <source>Preparing the plot…</source>
            <translation>그래프 준비 중…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="131" />
            <source>Save as PNG…</source>
            <translation>PNG로 저장…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="132" />
            <source>Save as SVG…</source>
            <translation>SVG로 저장…</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="453" />
            <source>PNG image (*.png)</source>
            <translation>PNG 이미지 (*.png)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="453" />
            <source>SVG drawing (*.svg)</source>
            <translation>SVG 그림 (*.svg)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="455" />
            <source>Export plot</source>
            <translation>그래프 내보내기</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="463" />
            <source>Export failed</source>
            <translation>내보내기 실패</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/plots/base.py" line="463" />
            <source>Could not write {0}: {1}</source>
            <translation>{0}을(를) 쓸 수 없습니다: {1}</translation>
        </message>
    </context>
    <context>
        <name>Results</name>
        <message>
            <location filename="../../gpuplanner/ui/results_table.py" line="150" />
            <source>Does not fit: a run that cannot start.</source>
            <translation>들어가지 않음: 시작할 수 없는 실행입니다.</translation>
        </message>
    </context>
    <context>
        <name>ResultsPage</name>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="121" />
            <source>{0} × {1}</source>
            <translation>{0} × {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="123" />
            <source>{0} × {1} as given in step 3</source>
            <translation>3단계에서 지정한 {0} × {1}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="144" />
            <source> of {0}</source>
            <translation> / {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="153" />
            <source>fit probability {0}</source>
            <translation>메모리에 맞을 확률 {0}</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/results_page.py" line="174" />
            <source>{0} tokens/s</source>
            <translation>초당 {0} 토큰</translation>
        </message>
    </context>
    <context>
        <name>ResultsView</name>
        <message>
            <location filename="../../gpuplanner/ui/results_view.py" line="57" />
            <source>Estimate status</source>
            <translation>추정 상태</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_view.py" line="84" />
            <source>Best layout per GPU</source>
            <translation>GPU별 최적 병렬 구성</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/results_view.py" line="180" />
            <source>Estimating…</source>
            <translation>추정 중…</translation>
        </message>
    </context>
    <context>
        <name>StepBar</name>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="106" />
            <source>Wizard steps</source>
            <translation>마법사 단계</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/wizard.py" line="125" />
            <source>Step {0} of {1}</source>
            <translation>{1}단계 중 {0}단계</translation>
        </message>
    </context>
    <context>
        <name>TrainingPage</name>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="83" />
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="449" />
            <source>Data and training setup</source>
            <translation>데이터와 학습 설정</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="84" />
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="450" />
            <source>How much data, in what batches, with which memory savers and layout.</source>
            <translation>데이터 양, 배치 크기, 메모리 절감 기법과 병렬 구성을 정합니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="350" />
            <source>pick at least one target matrix</source>
            <translation>대상 행렬을 하나 이상 고르세요</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="388" />
            <source>Change parallel layout</source>
            <translation>병렬 구성 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="399" />
            <source>Change how tokens are given</source>
            <translation>토큰 지정 방식 변경</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="452" />
            <source>Serving setup</source>
            <translation>서빙 설정</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="453" />
            <source>Request lengths, load and latency targets, precision and layout.</source>
            <translation>요청 길이, 부하와 지연 목표, 정밀도와 병렬 배치.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="479" />
            <source>dp = GPU count / (tp × pp × cp); ZeRO shards over dp × cp.</source>
            <translation>dp = GPU 수 / (tp × pp × cp). ZeRO는 dp × cp개로 샤딩합니다.</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/pages/training_page.py" line="483" />
            <source>The planner searches tp × pp × cp × ZeRO × micro-batch × recompute for the fastest layout that fits each GPU type.</source>
            <translation>플래너가 GPU 종류마다 tp × pp × cp × ZeRO × 마이크로 배치 × 재계산 조합을 탐색해 메모리에 맞는 가장 빠른 구성을 찾습니다.</translation>
        </message>
    </context>
    <context>
        <name>Verdict</name>
        <message>
            <location filename="../../gpuplanner/ui/verdict.py" line="31" />
            <source>Recommendation</source>
            <translation>추천</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/verdict.py" line="39" />
            <source>Apply the suggested change</source>
            <translation>제안된 변경 적용</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/verdict.py" line="44" />
            <source>Warnings</source>
            <translation>경고</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/verdict.py" line="50" />
            <source>Assumptions</source>
            <translation>가정</translation>
        </message>
    </context>
    <context>
        <name>_FolderField</name>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="64" />
            <source>(the last folder used)</source>
            <translation>(마지막으로 쓴 폴더)</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="69" />
            <location filename="../../gpuplanner/ui/preferences.py" line="79" />
            <source>Choose a folder</source>
            <translation>폴더 선택</translation>
        </message>
        <message>
            <location filename="../../gpuplanner/ui/preferences.py" line="70" />
            <source>Choose a folder for {0}</source>
            <translation>{0} 폴더 선택</translation>
        </message>
    </context>
</TS>
