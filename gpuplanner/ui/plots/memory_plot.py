"""Memory headroom: per candidate GPU, the per-GPU breakdown stacked against its capacity line, with the
verdict (fits, or short by) written above each bar in green or red. Hover a bar for its formula."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QPointF
from PySide6.QtGui import QColor, QCursor
from PySide6.QtWidgets import QToolTip

from gpuplanner.core.plan import FIT_SURE_PROBABILITY as FIT_SURE
from gpuplanner.core.plan import headroom_band

from .. import formatting as fmt
from .. import tooltips as tips
from ..resultset import CandidateResult, ResultSet
from ..theme import COMPONENT_COLORS, caution_color, status_colors
from .base import PlotPanel

if TYPE_CHECKING:
    from gpuplanner.core.results import Estimate, MemoryBreakdown

STACK = ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead")
BAR_WIDTH = 0.6
LABEL_ROOM_PX = 110  # panel width per bar below which the verdict labels go compact (word and GiB only)


def tr(text: str) -> str:
    return QCoreApplication.translate("MemoryPlot", text)


def short_name(c: CandidateResult) -> str:
    return c.gpu_name.replace("NVIDIA ", "").replace("AMD ", "").replace("Instinct ", "")


def _estimate(c: CandidateResult) -> Estimate:
    """The estimate of one of :meth:`MemoryPlot.rows`, which keeps only candidates with one and its memory."""
    assert c.estimate is not None
    return c.estimate


def _memory(c: CandidateResult) -> MemoryBreakdown:
    """The memory breakdown of one of :meth:`MemoryPlot.rows` (see :func:`_estimate`)."""
    assert c.estimate is not None and c.estimate.memory is not None
    return c.estimate.memory


def two_lines(name: str) -> str:
    """Break a tick label at the space nearest its middle, so neighbouring bars' names never collide."""
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if len(name) <= 9 or not spaces:
        return name
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return name[:cut] + "\n" + name[cut + 1 :]


class MemoryPlot(PlotPanel):
    file_stem = "memory-headroom"

    def panel_title(self) -> str:
        return tr("Memory per GPU against capacity")

    def axis_items(self) -> dict[str, Any]:
        from ._axes import CategoryAxis, NumberAxis

        return {"axisItems": {"bottom": CategoryAxis("bottom"), "left": NumberAxis("left")}}

    def make_plot(self, item: Any) -> None:
        item.setLabel("left", tr("GiB per GPU"))
        item.showGrid(x=False, y=True, alpha=0.25)
        # under the bars: inside, its rows sat on the verdicts of the tall GPUs (and in a narrow panel on the bars)
        self.legend_under = True
        self.legend_beside(item)
        self.verdicts: list[Any] = []
        item.getAxis("bottom").setHeight(44)  # two-line GPU names
        item.setMouseEnabled(x=False, y=False)
        item.hideButtons()
        self.plot_widget.scene().sigMouseMoved.connect(self._hover)
        self._bars: list[tuple[CandidateResult, dict[str, tuple[float, float]]]] = []
        self._compact = False
        # the verdicts' room depends on the view's height in pixels, known only once the layout has run
        item.getViewBox().sigResized.connect(lambda *_: self.fit_verdicts())

    def rows(self, rs: ResultSet) -> list[CandidateResult]:
        return [c for c in rs.candidates if c.estimate is not None and c.estimate.memory is not None]

    def draw(self, rs: ResultSet) -> None:
        from ._pg import pg

        item = self.plot_widget.getPlotItem()
        self.series = {}
        self._bars = []
        self.verdicts = []
        rows = self.rows(rs)
        item.getAxis("bottom").names = [two_lines(short_name(c)) for c in rows]
        # the GPUs that share a reason listed together: a recipe no candidate runs gave the same sentence 4 times
        by_reason: dict[str, list[str]] = {}
        for c in rs.candidates:
            if c.estimate is None:
                by_reason.setdefault(c.error or "", []).append(c.gpu_id)
        listed = "; ".join(f"{', '.join(gpus)} ({reason})" for reason, gpus in by_reason.items())
        self.set_note(tr("No estimate for: {0}").format(listed) if by_reason else "")
        n = len(rows)
        # labels of three lines ~110 px wide overlapped their neighbours in a narrow panel: one word, then the GiB
        compact = self.width() / max(n, 1) < LABEL_ROOM_PX
        self._compact = compact
        x = [float(i) for i in range(n)]
        bottom = [0.0] * n
        spans: list[dict[str, tuple[float, float]]] = [{} for _ in rows]
        for comp in STACK:
            vals = [getattr(_memory(c), comp) / fmt.GIB for c in rows]
            if not any(v > 0 for v in vals):
                continue
            color = QColor(COMPONENT_COLORS[comp])
            bar = self.item(
                comp,
                lambda color=color: pg.BarGraphItem(
                    x=[0.0], height=[0.0], width=BAR_WIDTH, brush=color, pen=pg.mkPen(color.darker(130), width=0.5)
                ),
                legend=tips.component_label(comp),
            )
            bar.setOpts(x=x, height=vals, y0=list(bottom), width=BAR_WIDTH)
            for i, v in enumerate(vals):
                spans[i][comp] = (bottom[i], bottom[i] + v)
                bottom[i] += v
        fg = self.foreground()
        good, bad = status_colors(self.palette())
        amber = caution_color(self.palette())
        top = 0.0
        if rows:
            caps_x: list[float] = []
            caps_y: list[float] = []
            for i, c in enumerate(rows):
                cap = _memory(c).capacity / fmt.GIB
                caps_x += [i - 0.42, i + 0.42, float("nan")]
                caps_y += [cap, cap, float("nan")]
            cap_line = self.item("capacity", lambda: pg.PlotDataItem(connect="finite"), legend=tr("Capacity"))
            self.set_data(cap_line, caps_x, caps_y, connect="finite")
            cap_line.setPen(pg.mkPen(fg, width=2.5))
        # 80% band of what nvidia-smi would show (allocated peak's band + the overhead): error bars on the stacks
        bx: list[float] = []
        by: list[float] = []
        b_low: list[float] = []
        b_high: list[float] = []
        tops = list(bottom)
        for i, c in enumerate(rows):
            bands = _estimate(c).bands
            b = bands.memory_total if bands is not None else None
            if b is None:
                continue
            over = _memory(c).overhead
            bx.append(float(i))
            by.append(bottom[i])
            b_low.append(max(0.0, bottom[i] - (b.low + over) / fmt.GIB))
            b_high.append(max(0.0, (b.high + over) / fmt.GIB - bottom[i]))
            tops[i] = max(bottom[i], (b.high + over) / fmt.GIB)
        if bx:
            bars = self.item(
                "memory_band",
                lambda: pg.ErrorBarItem(beam=0.22),
                legend=tr("80% band"),
            )
            import numpy as np  # pyqtgraph's ErrorBarItem does arithmetic on its arrays

            bars.setData(
                x=np.asarray(bx),
                y=np.asarray(by),
                top=np.asarray(b_high),
                bottom=np.asarray(b_low),
                beam=0.22,
                pen=pg.mkPen(fg, width=1.5),
            )
        for i, c in enumerate(rows):
            e, mem = _estimate(c), _memory(c)
            cap = mem.capacity / fmt.GIB
            height = max(cap, tops[i])
            top = max(top, height)
            word = fmt.fit_word(e.bands.fit_probability if e.bands else None, mem.fits)
            room = headroom_band(e)
            # "80%:" untranslated here: "80% 구간: −0.8–21.3" ran into the next bar's label
            rng = "" if room is None else f"80%: {fmt.gib_number(room.low)}–{fmt.gib_number(room.high)}"
            if compact:
                text = f"{word}\n{fmt.signed_gib(mem.headroom)}"
            elif mem.headroom >= 0:
                text = tr("{0}\n{1} free").format(word, fmt.gib(mem.headroom))
            else:
                text = tr("{0}\nshort {1}").format(word, fmt.gib(-mem.headroom))
            if rng and not compact:
                text += "\n" + rng
            sure = (e.bands is None or e.bands.fit_probability is None) and mem.fits
            sure = sure or bool(e.bands and (e.bands.fit_probability or 0.0) >= FIT_SURE)

            def make_label() -> object:
                label = pg.TextItem("", anchor=(0.5, 1.0))
                f = label.textItem.font()
                f.setBold(True)
                f.setPointSizeF(8.5)
                label.setFont(f)
                return label

            label = self.item(f"verdict:{i}", make_label)
            f = label.textItem.font()
            f.setPointSizeF(7.5 if compact else 8.5)
            label.setFont(f)
            label.setText(text, color=good if sure else (amber if mem.fits else bad))
            label.setPos(i, height)
            self.verdicts.append(label)
            spans[i]["headroom"] = (bottom[i], max(bottom[i], cap))
            self._bars.append((c, spans[i]))
        self.retire()
        self.set_range(item, "x", -0.6, max(n, 1) - 0.4)
        self._top_gib = max(top, 1.0)
        self.fit_verdicts()

    def fit_verdicts(self) -> None:
        """Room above the tallest capacity line for its verdict: the labels' height in pixels (three lines, two
        when compact; Korean glyphs are taller) as a share of the view's height, so that a short panel does not
        cut the first line off; before the view has a height, half the data range as before."""
        top = getattr(self, "_top_gib", None)
        if top is None or self.plot_widget is None:
            return
        item = self.plot_widget.getPlotItem()
        view_px = item.getViewBox().height()
        label_px = max((v.textItem.boundingRect().height() for v in self.verdicts), default=0.0)
        share = (label_px + 8.0) / view_px if view_px > 0 and label_px > 0 else 0.0
        share = min(max(share, 0.24 if self._compact else 0.33), 0.7)
        self.set_range(item, "y", 0, top / (1.0 - share))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        n = len(getattr(self, "_bars", ()))
        if n and self.results is not None and (self.width() / n < LABEL_ROOM_PX) != self._compact:
            self.draw(self.results)

    def tooltip_at(self, x: float, y: float) -> str | None:
        """The formula behind the segment at plot coordinates (x, y), or None."""
        i = int(round(x))
        if not 0 <= i < len(self._bars) or abs(x - i) > BAR_WIDTH / 2:
            return None
        c, spans = self._bars[i]
        for comp, (lo, hi) in spans.items():
            if lo <= y <= hi:
                if comp == "headroom":
                    return f"{c.gpu_name}\n" + tips.headroom(_estimate(c))
                return f"{c.gpu_name}\n" + tips.memory_component(_estimate(c), comp)
        return None

    def _hover(self, pos: QPointF) -> None:
        vb = self.plot_widget.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(pos):
            return
        p = vb.mapSceneToView(pos)
        text = self.tooltip_at(p.x(), p.y())
        if text:
            QToolTip.showText(QCursor.pos(), text, self.plot_widget)
        else:
            QToolTip.hideText()

    def describe(self) -> str:
        rs = self.results
        if rs is None:
            return ""
        parts = []
        for c in self.rows(rs):
            e, m = _estimate(c), _memory(c)
            parts.append(
                tr("{0}: {1} of {2}, {3}").format(
                    c.gpu_name,
                    fmt.gib(m.total + m.overhead),
                    fmt.gib(m.capacity),
                    fmt.fit_word(e.bands.fit_probability if e.bands else None, m.fits),
                )
            )
        return "; ".join(parts)


if __name__ == "__main__":
    from ._demo import run_plot

    run_plot(MemoryPlot)
