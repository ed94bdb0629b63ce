"""Step 2 for method = inference (issue 21): the serving fields — prompt and generated lengths, concurrency or a
target load, the latency SLOs, weight and KV-cache precision. Each box takes its range from the scenario key
table (``core/scenario_keys.py``), so the app refuses what a file would; an empty optional field (its lowest
value, shown as "not set") leaves the key out of the saved file.

Prompt and generated lengths make the sequence length (spec §4.1: seq_len = input_len + output_len): once both are
given the sequence-length field follows them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QGroupBox, QLabel

from gpuplanner.core.scenario import KV_PRECISIONS, WEIGHT_PRECISIONS, Scenario
from gpuplanner.core.scenario_keys import WORKLOAD_KEYS

from ..fields import Form, counted, dspin, set_value, spin
from .base import PlannerPage

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox


def tr(text: str) -> str:
    return QCoreApplication.translate("ServingFields", text)


def key_range(key: str) -> tuple[float, float]:
    """The documented range of a workload key (``scenario_keys.WORKLOAD_KEYS``)."""
    spec = WORKLOAD_KEYS[key]
    low = spec.at_least if spec.at_least is not None else 1
    return float(low), float(spec.at_most if spec.at_most is not None else 2**31 - 1)


def _int_top(key: str) -> int:
    return int(min(key_range(key)[1], 2**31 - 1))  # a QSpinBox holds a C int


def precision_label(value: str) -> str:
    return {
        "bf16": tr("BF16"),
        "fp8": tr("FP8"),
        "int8": tr("INT8"),
        "int4": tr("INT4 (GPTQ/AWQ)"),
        "fp4": tr("FP4 (NVFP4)"),
    }.get(value, value)


def _optional_float(box: QSpinBox | QDoubleSpinBox) -> float | None:
    v = box.value()
    return None if v <= box.minimum() else float(v)


def _with_lengths(s: Scenario, input_len: int | None, output_len: int | None) -> Scenario:
    w = replace(s.workload, input_len=input_len, output_len=output_len)
    if input_len is not None and output_len is not None:
        w = replace(w, seq_len=input_len + output_len)
    return replace(s, workload=w)


class ServingFields:
    """The serving group box of step 2; ``page.rows`` gets its fields under their scenario keys."""

    def __init__(self, page: PlannerPage) -> None:
        from .training_page import combo

        self.page = page
        self.box = QGroupBox(tr("Serving"))
        form = Form(self.box)
        self.form = form
        top = _int_top("input_len")
        self.input_len = spin(0, top, tr(" tokens"), special=tr("not set"), step=256)
        self.output_len = spin(0, _int_top("output_len"), tr(" tokens"), special=tr("not set"), step=64)
        # 0 is "max": as many sequences as the KV cache holds (workload.batch = "max")
        self.batch = counted(
            0, _int_top("batch"), tr(" sequence"), tr(" sequences"), special=tr("as many as the KV cache holds")
        )
        load_top = key_range("target_output_tokens_per_second")[1]
        self.target = dspin(0, load_top, tr(" tokens/s"), decimals=0, step=100, special=tr("not set"))
        self.ttft = dspin(0, key_range("ttft_slo_ms")[1], tr(" ms"), decimals=0, step=50, special=tr("not set"))
        self.tpot = dspin(0, key_range("tpot_slo_ms")[1], tr(" ms"), decimals=1, step=5, special=tr("not set"))
        self.weight_precision = combo([(p, precision_label(p)) for p in WEIGHT_PRECISIONS])
        self.kv_precision = combo([(p, precision_label(p)) for p in KV_PRECISIONS])
        rows = page.rows
        rows["workload.input_len"] = form.add(
            tr("&Prompt length:"), self.input_len, tr("Prompt tokens per request (workload.input_len)")
        )
        rows["workload.output_len"] = form.add(
            tr("&Generated length:"), self.output_len, tr("Generated tokens per request (workload.output_len)")
        )
        rows["workload.batch"] = form.add(
            tr("&Concurrent sequences:"),
            self.batch,
            tr("Sequences each replica serves at once (workload.batch); lowest value: as many as the KV cache holds"),
        )
        rows["workload.target_output_tokens_per_second"] = form.add(
            tr("Target &load:"),
            self.target,
            tr("Output tokens per second the deployment must serve; the plan adds replicas until it does"),
        )
        rows["workload.ttft_slo_ms"] = form.add(
            tr("Time to fi&rst token ≤"), self.ttft, tr("Latency target for the first token of a reply (TTFT)")
        )
        rows["workload.tpot_slo_ms"] = form.add(
            tr("Time per output t&oken ≤"), self.tpot, tr("Latency target between generated tokens (TPOT)")
        )
        rows["workload.weight_precision"] = form.add(
            tr("&Weights:"), self.weight_precision, tr("Precision the weights are stored and read in")
        )
        rows["workload.kv_precision"] = form.add(
            tr("&KV cache:"), self.kv_precision, tr("Precision of the cached keys and values")
        )
        self.note = QLabel()
        self.note.setWordWrap(True)
        form.addRow(self.note)
        self._connect()

    def _connect(self) -> None:
        p = self.page
        self.input_len.valueChanged.connect(
            p.bind("workload.input_len", tr("Change prompt length"), lambda s: self._lengths(s))
        )
        self.output_len.valueChanged.connect(
            p.bind("workload.output_len", tr("Change generated length"), lambda s: self._lengths(s))
        )
        self.batch.valueChanged.connect(
            p.bind(
                "workload.batch",
                tr("Change concurrent sequences"),
                lambda s: self._wl(s, batch=self.batch.value() or "max"),
            )
        )
        for key, box, text in (
            ("target_output_tokens_per_second", self.target, tr("Change target load")),
            ("ttft_slo_ms", self.ttft, tr("Change time to first token")),
            ("tpot_slo_ms", self.tpot, tr("Change time per output token")),
        ):
            box.valueChanged.connect(p.bind(f"workload.{key}", text, self._number_setter(key, box)))
        for key, cb, text in (
            ("weight_precision", self.weight_precision, tr("Change weight precision")),
            ("kv_precision", self.kv_precision, tr("Change KV-cache precision")),
        ):
            cb.currentIndexChanged.connect(p.bind(f"workload.{key}", text, self._choice_setter(key, cb)))

    def _number_setter(self, key: str, box: QSpinBox | QDoubleSpinBox) -> Callable[[Scenario], Scenario]:
        return lambda s: self._wl(s, **{key: _optional_float(box)})

    def _choice_setter(self, key: str, box: QComboBox) -> Callable[[Scenario], Scenario]:
        return lambda s: self._wl(s, **{key: box.currentData()})

    @staticmethod
    def _wl(s: Scenario, **changes: Any) -> Scenario:
        return replace(s, workload=replace(s.workload, **changes))

    def _lengths(self, s: Scenario) -> Scenario:
        return _with_lengths(s, self.input_len.value() or None, self.output_len.value() or None)

    def refresh(self, s: Scenario) -> None:
        """Show ``s`` (the page blocks the widgets' signals)."""
        from .training_page import set_combo

        w = s.workload
        set_value(self.input_len, w.input_len or 0)
        set_value(self.output_len, w.output_len or 0)
        set_value(self.batch, 0 if w.batch == "max" else int(w.batch))
        set_value(self.target, w.target_output_tokens_per_second or 0)
        set_value(self.ttft, w.ttft_slo_ms or 0)
        set_value(self.tpot, w.tpot_slo_ms or 0)
        set_combo(self.weight_precision, w.weight_precision)
        set_combo(self.kv_precision, w.kv_precision)

    def after_commit(self, s: Scenario) -> None:
        w = s.workload
        if w.input_len is None or w.output_len is None:
            self.note.setText(tr("Give the prompt and generated lengths to size the servers (throughput, latency)."))
        else:
            self.note.setText(tr("Sequence length = prompt + generated = {0:,} tokens.").format(w.seq_len))
