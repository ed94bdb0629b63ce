"""The first-start hint: what to do first, above the wizard, until the user dismisses it or opens a file."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

HINT_KEY = "ui/first_start_hint_done"


def hint_wanted(settings: QSettings) -> bool:
    """Only for someone who has never opened or saved a scenario and has not closed the hint."""
    done = str(settings.value(HINT_KEY, "false")).lower() in ("true", "1")
    return not done and not settings.value("files/last")


class FirstStartHint(QFrame):
    exampleRequested = Signal()

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setObjectName("FirstStartHint")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.text = QLabel(
            self.tr(
                "<b>Start here.</b> Pick the model and the training method on this step, then go through the "
                "steps with Next; the results on the right follow every change. Or begin from a worked example."
            )
        )
        self.text.setWordWrap(True)
        self.example = QPushButton(self.tr("Open an Example…"))
        self.close_button = QPushButton(self.tr("Got It"))
        self.close_button.setAccessibleName(self.tr("Close the hint"))
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.example)
        buttons.addWidget(self.close_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.addWidget(self.text)
        lay.addLayout(buttons)
        self.example.clicked.connect(self.exampleRequested)
        self.close_button.clicked.connect(self.dismiss)

    def dismiss(self) -> None:
        self.settings.setValue(HINT_KEY, True)
        self.hide()
