"""Render resources/icons/gpuplanner.svg into the icon files the desktop builds need, with Qt (no Pillow):

    python packaging/make_icons.py build/icons

writes gpuplanner.png (256 px; Linux, the .desktop file), gpuplanner.ico (16–256 px, PNG-compressed entries;
Windows) and gpuplanner.icns (macOS).
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "gpuplanner.svg"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(size: int):
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")
    buf.close()
    return image, bytes(data.data())


def write_ico(path: Path, pngs: dict[int, bytes]) -> None:
    """An ICO file whose entries are PNG images (Windows Vista and later read these)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, png in sorted(pngs.items()):
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(blobs))
        blobs += png
    path.write_bytes(header + entries + blobs)


def main(out: Path) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 - fonts and image plugins
    out.mkdir(parents=True, exist_ok=True)
    pngs = {size: render(size)[1] for size in ICO_SIZES}
    (out / "gpuplanner.png").write_bytes(pngs[256])
    write_ico(out / "gpuplanner.ico", pngs)
    big, _ = render(512)
    if not big.save(str(out / "gpuplanner.icns"), "ICNS"):
        print("warning: this Qt cannot write .icns; the macOS build falls back to PyInstaller's icon", file=sys.stderr)
    for name in ("gpuplanner.png", "gpuplanner.ico", "gpuplanner.icns"):
        if (out / name).is_file():
            print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"))
