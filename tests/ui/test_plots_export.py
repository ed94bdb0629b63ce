"""Plot exports and the dark theme: legends readable after a theme switch, the SVG's shapes where the PNG
draws them (and where the plot's data says), the exported file named as the user typed it, and a title."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from gpuplanner.ui.theme import COMPONENT_COLORS
from gpuplanner.ui.theme import contrast_ratio as contrast

SVG = "{http://www.w3.org/2000/svg}"


def legend_contrasts(plot) -> list[tuple[str, float]]:
    """Per legend label: the contrast of its most distinct painted pixel against the plot background."""
    img = plot.plot_widget.grab().toImage()
    dpr = img.devicePixelRatio()
    bg = plot.plot_widget.backgroundBrush().color()
    view = plot.plot_widget
    out = []
    for _sample, label in plot.plot_widget.getPlotItem().legend.items:
        rect = view.mapFromScene(label.sceneBoundingRect()).boundingRect()
        best = 1.0
        for x in range(int(rect.left() * dpr), int(rect.right() * dpr)):
            for y in range(int(rect.top() * dpr), int(rect.bottom() * dpr)):
                if 0 <= x < img.width() and 0 <= y < img.height():
                    best = max(best, contrast(img.pixelColor(x, y), bg))
        out.append((label.text, best))
    return out


def test_legends_stay_readable_after_switching_to_the_dark_theme(window, qtbot):
    plots = window.results_view.plots
    assert all(plot.plot_widget.getPlotItem().legend.items for plot in plots)
    window.set_theme("dark")
    try:
        qtbot.waitUntil(lambda: plots[0].plot_widget.backgroundBrush().color().lightness() < 80, timeout=2000)
        for plot in plots:
            for text, ratio in legend_contrasts(plot):
                assert ratio >= 4.5, (plot.file_stem, text, ratio)  # WCAG AA for text
    finally:
        window.set_theme("light")


def svg_shapes(path, fill: str) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (page units) of the SVG's shapes filled with ``fill``; a shape inside a transform
    counts as a failure: every filled shape must be in page coordinates."""
    root = ET.parse(path).getroot()
    boxes = []

    def walk(el, fill_here: str | None, transformed: bool) -> None:
        fill_here = el.get("fill", fill_here)
        transformed = transformed or bool(el.get("transform")) and el.tag != SVG + "text"
        if el.tag == SVG + "path" and (fill_here or "").lower() == fill.lower():
            assert not transformed, "a shape left in data coordinates"
            nums = [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", el.get("d"))]
            xs, ys = nums[0::2], nums[1::2]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        for child in el:
            walk(child, fill_here, transformed)

    walk(root, None, False)
    return boxes


def png_columns(img: QImage, color: QColor, row: int) -> list[tuple[int, int]]:
    """Runs of ``color`` (within a small tolerance) along one pixel row: [(first x, last x), ...]."""
    runs, start = [], None
    for x in range(img.width()):
        c = img.pixelColor(x, row)
        same = max(abs(c.red() - color.red()), abs(c.green() - color.green()), abs(c.blue() - color.blue())) < 12
        if same and start is None:
            start = x
        if not same and start is not None:
            runs.append((start, x - 1))
            start = None
    return runs


def test_svg_export_puts_the_bars_where_the_data_and_the_png_do(window, tmp_path):
    plot = window.results_view.memory_plot
    svg = plot.export(tmp_path / "memory.svg")
    png = plot.export(tmp_path / "memory.png")
    width, height, header = plot.export_size()
    rs = window.runner.latest
    rows = plot.rows(rs)
    color = COMPONENT_COLORS["activations"]
    bars = sorted(b for b in svg_shapes(svg, color) if b[2] - b[0] > 25)  # not the 18 px legend swatch
    assert len(bars) == len(rows)
    # where the plot's own view box puts each activations segment (export layout = the widget now)
    with plot._export_size():
        vb = plot.plot_widget.getPlotItem().getViewBox()
        x, h, y0 = (list(plot.series["activations"].opts[k]) for k in ("x", "height", "y0"))
        for i, (x0, y_top, x1, y_bottom) in enumerate(bars):
            top_left = plot.plot_widget.mapFromScene(vb.mapViewToScene(QPointF(x[i] - 0.3, y0[i] + h[i])))
            bottom_right = plot.plot_widget.mapFromScene(vb.mapViewToScene(QPointF(x[i] + 0.3, y0[i])))
            assert x0 == pytest.approx(top_left.x(), abs=1.5) and x1 == pytest.approx(bottom_right.x(), abs=1.5)
            assert y_top == pytest.approx(top_left.y() + header, abs=1.5)
            assert y_bottom == pytest.approx(bottom_right.y() + header, abs=1.5)
    # the PNG draws the same bars at its scale
    img = QImage(str(png))
    scale = img.width() / width
    assert img.height() == pytest.approx(height * scale, abs=2)
    mid_y = (bars[0][1] + bars[0][3]) / 2
    runs = [r for r in png_columns(img, QColor(color), int(mid_y * scale)) if r[1] - r[0] > 4]
    assert len(runs) == len(bars)
    for (a, b), (x0, _t, x1, _b) in zip(runs, bars, strict=True):
        assert a / scale == pytest.approx(x0, abs=2) and b / scale == pytest.approx(x1, abs=2)


@pytest.mark.parametrize("kind", ["time_plot", "tco_plot"])
def test_svg_lines_stay_inside_the_plot(window, tmp_path, kind):
    """Curves in page coordinates and within the view box (a 100× data scale smeared them past the axis)."""
    plot = getattr(window.results_view, kind)
    svg = plot.export(tmp_path / "p.svg")
    width, height, header = plot.export_size()
    root = ET.parse(svg).getroot()
    with plot._export_size():
        vb = plot.plot_widget.getPlotItem().getViewBox()
        box = plot.plot_widget.mapFromScene(vb.sceneBoundingRect()).boundingRect()
    strokes = 0
    for el in root.iter(SVG + "path"):
        if el.get("vector-effect") != "non-scaling-stroke":
            continue
        nums = [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", el.get("d"))]
        xs, ys = nums[0::2], nums[1::2]
        assert 0 <= min(xs) and max(xs) <= width + 1 and 0 <= min(ys) and max(ys) <= height + 1
        strokes += 1
    assert strokes > 5
    assert box.width() > 200 and header > 10


@pytest.mark.skipif(not shutil.which("rsvg-convert"), reason="needs rsvg-convert (Debian librsvg2-bin)")
def test_svg_renders_elsewhere_as_the_png_does(window, tmp_path):
    """librsvg (no vector-effect support) draws the bars where the PNG does."""
    plot = window.results_view.memory_plot
    svg = plot.export(tmp_path / "m.svg")
    png = QImage(str(plot.export(tmp_path / "m.png")))
    width, _h, _header = plot.export_size()
    subprocess.run(["rsvg-convert", "-w", str(png.width()), "-o", str(tmp_path / "r.png"), str(svg)], check=True)
    other = QImage(str(tmp_path / "r.png"))
    color = QColor(COMPONENT_COLORS["activations"])
    bars = sorted(b for b in svg_shapes(svg, color.name()) if b[2] - b[0] > 25)
    row = int((bars[0][1] + bars[0][3]) / 2 * png.width() / width)
    ours = [r for r in png_columns(png, color, row) if r[1] - r[0] > 4]
    theirs = [r for r in png_columns(other, color, row) if r[1] - r[0] > 4]
    assert len(ours) == len(theirs) == len(bars)
    for (a, b), (c, d) in zip(ours, theirs, strict=True):
        assert abs(a - c) <= 4 and abs(b - d) <= 4


def test_exports_carry_the_title_and_a_legend_at_the_plot_scale(window, tmp_path):
    plot = window.results_view.tco_plot
    png = QImage(str(plot.export(tmp_path / "t.png")))
    width, height, header = plot.export_size()
    scale = png.width() / width
    assert scale >= 2 and png.width() >= 1200
    # something is written in the header band (the title), in the foreground colour
    bg = png.pixelColor(2, 2)
    inked = sum(
        1
        for x in range(0, png.width(), 2)
        for y in range(int(header * scale * 0.2), int(header * scale * 0.8), 2)
        if contrast(png.pixelColor(x, y), bg) > 3
    )
    assert inked > 50
    svg = (tmp_path / "t.svg").read_text(encoding="utf-8") if plot.export(tmp_path / "t.svg") else ""
    assert plot.panel_title() in svg.replace("&amp;", "&")
    # the legend grows with the export like everything else: the widest label's text reaches the right half
    # of where that label sits in the layout, scaled (a legend that ignored the scale stayed small, top left)
    with plot._export_size():
        labels = [label for _sample, label in plot.plot_widget.getPlotItem().legend.items]
        widest = max(labels, key=lambda label: label.sceneBoundingRect().width())
        rect = plot.plot_widget.mapFromScene(widest.sceneBoundingRect()).boundingRect()
    x0, x1 = int((rect.center().x()) * scale), int(rect.right() * scale)
    y0, y1 = int((rect.top() + header) * scale), int((rect.bottom() + header) * scale)
    ink = sum(1 for x in range(x0, x1) for y in range(y0, y1) if contrast(png.pixelColor(x, y), bg) > 3)
    assert ink > 20, (widest.text, ink)


@pytest.mark.parametrize(("kind", "typed", "written"), [("svg", "x.png", "x.png"), ("png", "y", "y.png")])
def test_export_keeps_the_name_typed(window, dialog_log, tmp_path, kind, typed, written):
    plot = window.results_view.time_plot
    dialog_log.file_path = str(tmp_path / typed)
    (plot.svg_action if kind == "svg" else plot.png_action).trigger()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [written]
    assert QImage(str(tmp_path / written)).width() >= 1200  # a PNG, as its name says


def test_svg_typed_in_the_png_dialog_is_an_svg(window, dialog_log, tmp_path):
    dialog_log.file_path = str(tmp_path / "z.SVG")
    window.results_view.memory_plot.png_action.trigger()
    assert "<svg" in (tmp_path / "z.SVG").read_text(encoding="utf-8")[:600]


def test_flatten_maps_cosmetic_shapes_and_keeps_the_rest():
    from gpuplanner.ui.plots import _svg

    src = (
        '<svg xmlns="http://www.w3.org/2000/svg"><g transform="matrix(100,0,0,-2,10,300)">'
        '<rect vector-effect="non-scaling-stroke" x="0" y="0" width="0.5" height="10"/>'
        '<path vector-effect="non-scaling-stroke" d="M0,0 L1,5 C1,1 2,2 3,3 Z"/>'
        '<path vector-effect="non-scaling-stroke" d="m0,0 l1,1"/>'
        '<text x="1" y="2">t</text></g></svg>'
    )
    root = ET.fromstring(_svg.flatten(src))
    rect, path, relative, text = list(root.iter())[2:]
    assert rect.tag == SVG + "path" and rect.get("d") == "M10,300 L60,300 L60,280 L10,280 Z"
    assert path.get("d") == "M10,300 L110,290 C110,298 210,296 310,294 Z" and path.get("transform") is None
    assert relative.get("transform") == "matrix(100,0,0,-2,10,300)"  # relative commands: left as drawn
    assert text.get("transform") == "matrix(100,0,0,-2,10,300)" and text.get("x") == "1"
