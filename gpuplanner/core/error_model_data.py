"""Error model of the estimator (spec §4.3 `bands`, issue #19). GENERATED: do not edit by hand.

Made by scripts/fit_error_model.py on 2026-12-02 from
  tests/validation/data/published_cases.json
  tests/validation/data/throughput_cases.json
  tests/validation/data/framework_truth.json
with the estimator of that day. Rows: q10 and q90 of log(measured / estimated); measured
runs weigh 1, truth-harness and analytic records 0.2; a group with fewer than 5 measured runs takes
its parent's band × 1.5. Leave-one-out coverage over the measured runs: memory total 80%,
tokens/s 84%, whole-run GPU-hours 71%.
"""

# term               group          real struct     q10     q90 widen LOO cov  note
# memory_total       all              10     60   0.922   1.141  2.00     80%
# memory_total       generic           0      0   0.874   1.203  3.00       -  pooled from all
# memory_total       hf                0     17   0.874   1.203  3.00       -  pooled from all
# memory_total       torchtune         9     20   0.907   1.132  2.00     89%
# memory_total       torchtitan        0     15   0.874   1.203  3.00       -  pooled from all
# memory_total       megatron          1      8   0.874   1.203  3.00      0%  pooled from all
# memory_total       deepspeed         0      0   0.874   1.203  3.00       -  pooled from all
# memory_total       llm-foundry       0      0   0.874   1.203  3.00       -  pooled from all
# tokens_per_second  all              86      0   0.703   1.114  1.05     80%
# tokens_per_second  dense            28      0   0.900   1.055  1.05     82%
# tokens_per_second  multi-node-3d    18      0   0.905   1.090  1.15     83%
# tokens_per_second  multi-node        3      0   0.865   1.098  1.58     67%  pooled from dense
# tokens_per_second  one-node          2      0   0.865   1.098  1.58    100%  pooled from dense
# tokens_per_second  single-gpu        5      0   0.925   0.968  1.00     80%
# tokens_per_second  fp8              16      0   0.952   1.105  1.05     81%
# tokens_per_second  long-seq         10      0   0.743   1.038  1.05     90%
# tokens_per_second  moe              32      0   0.627   1.264  1.05     84%
# memory_reserved    all               0      0   0.874   1.203  1.50       -  pooled from memory_total/all
# memory_reserved    generic           0      0   0.807   1.304  1.50       -  pooled from memory_total/generic
# memory_reserved    hf                0      0   0.807   1.304  1.50       -  pooled from memory_total/hf
# memory_reserved    torchtune         0      0   0.859   1.196  1.50       -  pooled from memory_total/torchtune
# memory_reserved    torchtitan        0      0   0.807   1.304  1.50       -  pooled from memory_total/torchtitan
# memory_reserved    megatron          0      0   0.807   1.304  1.50       -  pooled from memory_total/megatron
# memory_reserved    deepspeed         0      0   0.807   1.304  1.50       -  pooled from memory_total/deepspeed
# memory_reserved    llm-foundry       0      0   0.807   1.304  1.50       -  pooled from memory_total/llm-foundry
# job                all               7      0   0.975   1.496  1.00     71%

# (term, group, low_log, high_log, real runs, structure records, parent, widen, LOO coverage)
FITS: tuple[tuple[str, str, float, float, int, int, str, float, float | None], ...] = (
    ("memory_total", "all", -0.08166, 0.13171, 10, 60, "", 2.00, 0.8),
    ("memory_total", "generic", -0.13501, 0.18505, 0, 0, "all", 3.00, None),
    ("memory_total", "hf", -0.13501, 0.18505, 0, 17, "all", 3.00, None),
    ("memory_total", "torchtune", -0.09723, 0.12387, 9, 20, "", 2.00, 0.889),
    ("memory_total", "torchtitan", -0.13501, 0.18505, 0, 15, "all", 3.00, None),
    ("memory_total", "megatron", -0.13501, 0.18505, 1, 8, "all", 3.00, 0.0),
    ("memory_total", "deepspeed", -0.13501, 0.18505, 0, 0, "all", 3.00, None),
    ("memory_total", "llm-foundry", -0.13501, 0.18505, 0, 0, "all", 3.00, None),
    ("tokens_per_second", "all", -0.35306, 0.10804, 86, 0, "", 1.05, 0.802),
    ("tokens_per_second", "dense", -0.10571, 0.05347, 28, 0, "", 1.05, 0.821),
    ("tokens_per_second", "multi-node-3d", -0.09975, 0.08663, 18, 0, "", 1.15, 0.833),
    ("tokens_per_second", "multi-node", -0.14551, 0.09326, 3, 0, "dense", 1.58, 0.667),
    ("tokens_per_second", "one-node", -0.14551, 0.09326, 2, 0, "dense", 1.58, 1.0),
    ("tokens_per_second", "single-gpu", -0.07743, -0.03255, 5, 0, "", 1.00, 0.8),
    ("tokens_per_second", "fp8", -0.04907, 0.09983, 16, 0, "", 1.05, 0.812),
    ("tokens_per_second", "long-seq", -0.29663, 0.03704, 10, 0, "", 1.05, 0.9),
    ("tokens_per_second", "moe", -0.46744, 0.23389, 32, 0, "", 1.05, 0.844),
    ("memory_reserved", "all", -0.13501, 0.18505, 0, 0, "memory_total/all", 1.50, None),
    ("memory_reserved", "generic", -0.21502, 0.26506, 0, 0, "memory_total/generic", 1.50, None),
    ("memory_reserved", "hf", -0.21502, 0.26506, 0, 0, "memory_total/hf", 1.50, None),
    ("memory_reserved", "torchtune", -0.15250, 0.17915, 0, 0, "memory_total/torchtune", 1.50, None),
    ("memory_reserved", "torchtitan", -0.21502, 0.26506, 0, 0, "memory_total/torchtitan", 1.50, None),
    ("memory_reserved", "megatron", -0.21502, 0.26506, 0, 0, "memory_total/megatron", 1.50, None),
    ("memory_reserved", "deepspeed", -0.21502, 0.26506, 0, 0, "memory_total/deepspeed", 1.50, None),
    ("memory_reserved", "llm-foundry", -0.21502, 0.26506, 0, 0, "memory_total/llm-foundry", 1.50, None),
    ("job", "all", -0.02512, 0.40308, 7, 0, "", 1.00, 0.714),
)
