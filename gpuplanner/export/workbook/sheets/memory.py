"""Memory: per-GPU memory on the worst pipeline stage in GiB, one column per option (engine results; the sum,
headroom and fit are formulas), how option 1's memory is made up, and a stacked chart."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from openpyxl.formatting.rule import CellIsRule
from openpyxl.worksheet.pagebreak import Break

from ...cells import FILL_BAD, FONT_BAD, F, col, put, sheet_ref
from .. import charts
from ..layout import GIB
from ..options import Option, layout_text

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Memory"
HEADER_ROW = 4
PARTS = (
    ("weights", "Weights (incl. a ZeRO-3 gathered unit)"),
    ("gradients", "Gradients"),
    ("optimizer", "Optimizer states (incl. master weights)"),
    ("activations", "Activations and temporaries (logits, loss, workspace)"),
    ("kv_cache", "KV cache"),
)
# make(option, column) -> cell value
Make = Callable[[Option, int], Any]


def _gib(v: float | None) -> float | None:
    return None if v is None else v / GIB


def _mem(o: Option, attr: str) -> Any:
    return getattr(o.est.memory, attr) if o.est.memory is not None else None


class _Lines:
    def __init__(self, b: Builder) -> None:
        self.b = b
        self.ws = b.ws[SHEET]
        self.r = HEADER_ROW + 1
        self.rows: dict[str, int] = {}

    def line(self, key: str, label: str, unit: str, make: Make, fmt: str, style: str = "engine") -> None:
        self.rows[key] = self.r
        put(self.ws, self.r, 1, self.b.t(label), "text")
        put(self.ws, self.r, 2, self.b.t(unit), "text")
        for opt in self.b.options:
            put(self.ws, self.r, 2 + opt.k, make(opt, 2 + opt.k), style, self.b.fmt[fmt])
        self.r += 1


def write(b: Builder) -> None:
    _heading(b)
    lines = _Lines(b)
    _breakdown(lines)
    rows = lines.rows
    _formats_cells_checks(b, rows)
    _terms(b, lines.r + 1)
    ws = b.ws[SHEET]
    chart = charts.memory_chart(ws, rows, HEADER_ROW, len(b.options))
    # below the tables, not beside them: beside, the chart widened the printed page and fitting it to the
    # page width shrank the text to ~5 pt; on a page of its own, so that it is never cut in two
    at = ws.max_row + 2
    ws.row_breaks.append(Break(id=at - 1))
    ws.add_chart(chart, f"A{at}")


def _heading(b: Builder) -> None:
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("Memory"), "title")
    put(
        ws,
        2,
        1,
        "Per-GPU memory on the worst pipeline stage, GiB (2^30 bytes). Memory on several GPUs is "
        "never pooled: the layout decides what each GPU holds.",
        "subtitle",
    )
    put(ws, HEADER_ROW, 1, t("Item"), "header")
    put(ws, HEADER_ROW, 2, t("Unit"), "header")
    for opt in b.options:
        put(ws, HEADER_ROW, 2 + opt.k, opt.label, "header")
        ws.column_dimensions[col(2 + opt.k)].width = 22
    ws.column_dimensions["A"].width = 46
    ws.column_dimensions["B"].width = 14
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=3)


def _breakdown(lines: _Lines) -> None:
    line, rows = lines.line, lines.rows
    line("gpu", "GPU", "", lambda o, c: o.gpu.id, "text", "text")
    line("layout", "Parallel layout", "", lambda o, c: layout_text(o.est), "text", "wrap")
    line("capacity", "Usable memory per GPU", "GiB", lambda o, c: _gib(_mem(o, "capacity")), "gib")
    for key, label in PARTS:

        def part(o: Option, c: int, key: str = key) -> Any:
            return _gib(_mem(o, key))

        line(key, label, "GiB", part, "gib")
    line(
        "total",
        "Peak of live tensors = sum of the parts",
        "GiB",
        lambda o, c: F(f"SUM({col(c)}{rows['weights']}:{col(c)}{rows['kv_cache']})"),
        "gib",
        "calc",
    )
    line(
        "overhead",
        "Runtime overhead (CUDA context, NCCL, allocator)",
        "GiB",
        lambda o, c: _gib(_mem(o, "overhead")),
        "gib",
    )
    line(
        "headroom",
        "Headroom = capacity − peak − overhead",
        "GiB",
        lambda o, c: F(f"{col(c)}{rows['capacity']}-{col(c)}{rows['total']}-{col(c)}{rows['overhead']}"),
        "gib",
        "bold",
    )
    line(
        "free",
        "Free memory for the chart = MAX(0, headroom)",
        "GiB",
        lambda o, c: F(f"MAX(0,{col(c)}{rows['headroom']})"),
        "gib",
        "calc",
    )
    line("fits", "Fits (headroom ≥ 0)", "TRUE/FALSE", lambda o, c: F(f"{col(c)}{rows['headroom']}>=0"), "bool", "bold")
    line(
        "fit_probability",
        "Fit probability (from the 80% band of the peak, engine)",
        "probability",
        lambda o, c: o.est.bands.fit_probability if o.est.bands else None,
        "pct",
    )
    for end in ("low", "high"):

        def bound(o: Option, c: int, end: str = end) -> Any:
            band = o.est.bands.memory_total if o.est.bands else None
            return _gib(getattr(band, end) if band else None)

        line(f"total_{end}", f"Peak of live tensors, 80% band: {end} (engine)", "GiB", bound, "gib")
    line(
        "engine_total",
        "Peak as reported by the engine (for the check)",
        "GiB",
        lambda o, c: _gib(_mem(o, "total")),
        "gib",
    )
    line(
        "max_micro_batch",
        "Largest micro-batch that fits",
        "sequences",
        lambda o, c: _mem(o, "max_micro_batch"),
        "int",
    )
    line("max_seq_len", "Longest sequence that fits", "tokens", lambda o, c: _mem(o, "max_seq_len"), "int")
    line("stage", "Worst pipeline stage (0-based)", "stage", lambda o, c: _mem(o, "stage"), "int")


def _formats_cells_checks(b: Builder, rows: dict[str, int]) -> None:
    ws, last_col = b.ws[SHEET], col(2 + len(b.options))
    ws.conditional_formatting.add(
        f"C{rows['headroom']}:{last_col}{rows['headroom']}",
        CellIsRule(operator="lessThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD),
    )
    ws.conditional_formatting.add(
        f"C{rows['fits']}:{last_col}{rows['fits']}",
        CellIsRule(operator="equal", formula=["FALSE"], fill=FILL_BAD, font=FONT_BAD),
    )
    for opt in b.options:
        c = 2 + opt.k
        opt.cells["headroom"] = sheet_ref(SHEET, rows["headroom"], c)
        opt.cells["memory_total"] = sheet_ref(SHEET, rows["total"], c)
        opt.cells["fit_probability"] = sheet_ref(SHEET, rows["fit_probability"], c)
        opt.cells["fits"] = sheet_ref(SHEET, rows["fits"], c)
        if opt.est.memory is not None:
            b.check(
                f"Option {opt.k}: the memory parts add up to the engine's peak",
                b.close(f"{col(c)}{rows['total']}", f"{col(c)}{rows['engine_total']}"),
                SHEET,
            )


def _terms(b: Builder, r: int) -> None:
    """The main option's terms with their formulas, from row `r`."""
    ws = b.ws[SHEET]
    put(ws, r, 1, f"How option 1's memory is made up ({b.main.gpu.id})", "section")
    r += 1
    for i, h in enumerate(("Term", "GiB", "Formula"), start=1):
        put(ws, r, i, h, "header")
    main_mem = b.main.est.memory
    for term in main_mem.terms if main_mem is not None else ():
        r += 1
        put(ws, r, 1, term.label, "text")
        # the component's size from the breakdown (a term's own number is a per-parameter coefficient)
        size = getattr(main_mem, term.label, None) if term.label in dict(PARTS) else None
        put(ws, r, 2, None if size is None else size / GIB, "engine", b.fmt["gib"])
        put(ws, r, 3, term.formula, "text")
