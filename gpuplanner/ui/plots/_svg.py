"""Rewrite a QSvgGenerator drawing so that its shapes are in page coordinates.

QSvgGenerator writes each plot curve and bar in data coordinates inside ``<g transform="matrix(...)">`` with
``vector-effect="non-scaling-stroke"`` (pyqtgraph's pens are cosmetic). With a data scale such as 100 px per
bar and 1.2 px per GiB, a renderer without that vector effect (librsvg 2.54, several editors) strokes a
0.5 px bar outline 50 px wide: bars smeared sideways and lines overshooting their ends. Shapes with a
cosmetic stroke are therefore mapped through their transform here and written without one; anything else
(text, images, shapes whose stroke should scale) keeps its full transform on itself.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
_Q = "{" + SVG_NS + "}"

Matrix = tuple[float, float, float, float, float, float]  # SVG matrix(a, b, c, d, e, f)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"([A-Za-z])|({_NUMBER})")
_PAIRS = {"M": 1, "L": 1, "C": 3, "Q": 2, "S": 2, "T": 1}  # coordinate pairs per absolute command


def parse_matrix(text: str | None) -> Matrix | None:
    """``matrix(a,b,c,d,e,f)`` (what QSvgGenerator writes); None for any other transform."""
    if not text:
        return IDENTITY
    m = re.fullmatch(r"\s*matrix\(([^)]*)\)\s*", text)
    if not m:
        return None
    values = [float(v) for v in re.split(r"[\s,]+", m.group(1).strip())]
    if len(values) != 6:
        return None
    a, b, c, d, e, f = values
    return (a, b, c, d, e, f)


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _num(v: float) -> str:
    return format(round(v, 4) + 0.0, "g")


def _matrix_text(m: Matrix) -> str:
    return "matrix(" + ",".join(_num(v) for v in m) + ")"


def map_path(d: str, m: Matrix) -> str | None:
    """Path data mapped through ``m``; None when it uses a command this does not map (relative, H, V, A)."""
    out: list[str] = []
    command = ""
    numbers: list[float] = []

    def flush() -> bool:
        if not command:
            return not numbers
        if command in "Zz":
            out.append("Z")
            return not numbers
        per = _PAIRS.get(command)
        if per is None or len(numbers) % (2 * per):
            return False
        for i in range(0, len(numbers), 2 * per):
            pts = [apply(m, numbers[j], numbers[j + 1]) for j in range(i, i + 2 * per, 2)]
            out.append(command + " ".join(f"{_num(x)},{_num(y)}" for x, y in pts))
        return True

    for cmd, number in _TOKEN.findall(d):
        if cmd:
            if not flush():
                return None
            command, numbers = cmd, []
        else:
            numbers.append(float(number))
    return " ".join(out) if flush() else None


def _as_path(el: ET.Element, m: Matrix) -> bool:
    """Map one shape through ``m`` in place (as a ``<path>``); False when it cannot be mapped."""
    tag = el.tag.removeprefix(_Q)
    if tag == "rect":
        x, y = float(el.get("x", 0)), float(el.get("y", 0))
        w, h = float(el.get("width", 0)), float(el.get("height", 0))
        if el.get("rx") or el.get("ry"):
            return False
        corners = [apply(m, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        d = "M" + " L".join(f"{_num(px)},{_num(py)}" for px, py in corners) + " Z"
        for key in ("x", "y", "width", "height"):
            el.attrib.pop(key, None)
    elif tag in ("polyline", "polygon"):
        values = [float(v) for v in re.findall(_NUMBER, el.get("points", ""))]
        if len(values) % 2:
            return False
        pts = [apply(m, values[i], values[i + 1]) for i in range(0, len(values), 2)]
        el.set("points", " ".join(f"{_num(px)},{_num(py)}" for px, py in pts))
        return True
    elif tag == "line":
        x1, y1 = apply(m, float(el.get("x1", 0)), float(el.get("y1", 0)))
        x2, y2 = apply(m, float(el.get("x2", 0)), float(el.get("y2", 0)))
        el.set("x1", _num(x1))
        el.set("y1", _num(y1))
        el.set("x2", _num(x2))
        el.set("y2", _num(y2))
        return True
    elif tag == "path":
        mapped = map_path(el.get("d", ""), m)
        if mapped is None:
            return False
        d = mapped
    else:
        return False
    el.tag = _Q + "path"
    el.set("d", d)
    return True


def _push_down(el: ET.Element, m: Matrix) -> None:
    for child in list(el):
        own = parse_matrix(child.get("transform"))
        if own is None:  # a transform this does not parse: keep it, under the outer one
            if m != IDENTITY:
                child.set("transform", _matrix_text(m) + " " + child.get("transform", ""))
            continue
        total = compose(m, own)
        child.attrib.pop("transform", None)
        tag = child.tag.removeprefix(_Q)
        if tag == "g":
            _push_down(child, total)
        elif child.get("vector-effect") == "non-scaling-stroke" and _as_path(child, total):
            continue
        elif total != IDENTITY:
            child.set("transform", _matrix_text(total))


def flatten(svg_text: str) -> str:
    """The drawing with every cosmetic-stroke shape in page coordinates (see the module docstring)."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = ET.fromstring(svg_text)
    _push_down(root, IDENTITY)
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode")
