"""The application style: Fusion, with check box and radio button frames that show on a dark palette.

Kept apart from :mod:`gpuplanner.ui.theme` so that a light start never builds Python's wrappers of QStyle and
QPainter (about 11 ms together, PySide 6.11) before the first paint: :func:`gpuplanner.ui.theme.apply_theme`
installs :class:`FramedIndicators` only once a palette is dark, where the frames differ from Fusion's.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption

from .theme import indicator_outline


class FramedIndicators(QProxyStyle):
    """Fusion, with check box and radio button frames that show on a dark palette.

    Fusion outlines an indicator in the window colour made darker (qfusionstyle.cpp, ``outline()``): on a
    dark palette that frame vanished into the dark Base, so an unticked box in the GPU list, a dialog or a
    form looked like no box at all.
    """

    _FRAMED = (
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
        QStyle.PrimitiveElement.PE_IndicatorRadioButton,
    )

    def __init__(self) -> None:
        super().__init__("Fusion")

    def drawPrimitive(self, element, option: QStyleOption, painter: QPainter, widget=None) -> None:  # noqa: N802
        super().drawPrimitive(element, option, painter, widget)
        outline = indicator_outline(option.palette) if element in self._FRAMED else None
        if outline is None:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(QColor(0, 0, 0, 0))
        painter.setPen(QPen(outline, 1.0))
        rect = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            side = min(rect.width(), rect.height())
            rect = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
            painter.drawEllipse(rect)
        else:
            side = min(rect.width(), rect.height(), 16.0)  # item views pass a wider rect than the box
            rect = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
            painter.drawRoundedRect(rect, 2.0, 2.0)
        painter.restore()
