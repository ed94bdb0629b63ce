"""The planning wizard: model → data and training → hardware → costs → results, embedded in the main
window's left panel. Next stays disabled while a page has a problem (``QWizardPage.isComplete``)."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget, QWizard

from .document import ScenarioDocument
from .pages.model_page import ModelPage
from .qt_names import set_enum_property


class Pages(IntEnum):
    MODEL = 0
    TRAINING = 1
    HARDWARE = 2
    COSTS = 3
    RESULTS = 4


class PlanningWizard(QWizard):
    """With ``lazy``, only the first page is built now; ``add_remaining_pages`` builds the others (the main
    window calls it right after its first paint, when the user is still looking at step 1)."""

    pagesAdded = Signal()

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None, *, lazy: bool = False) -> None:
        super().__init__()
        self.doc = doc
        # A panel inside the main window, not a dialog: QWidget::setParent(parent) resets the window type (Qt's
        # documented behaviour), as WizardPanel's layout does; setWindowFlags(Qt.WindowType.Widget) would build
        # the whole Qt namespace before the first paint (qt_names.py)
        if parent is not None:
            self.setParent(parent)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        opts = QWizard.WizardOption
        self.setOptions(opts.NoCancelButton | opts.NoDefaultButton)  # one call: each one relayouts
        # Back on the left, Next on the right: on the last step (no Next) Back must not slide under the pointer
        self.setButtonLayout(
            [QWizard.WizardButton.BackButton, QWizard.WizardButton.Stretch, QWizard.WizardButton.NextButton]
        )
        self.setButtonText(QWizard.WizardButton.BackButton, self.tr("< &Back"))
        self.setButtonText(QWizard.WizardButton.NextButton, self.tr("&Next >"))
        self.button(QWizard.WizardButton.BackButton).setAccessibleName(self.tr("Back"))
        self.button(QWizard.WizardButton.NextButton).setAccessibleName(self.tr("Next"))
        self.model_page = ModelPage(doc)
        self.setPage(Pages.MODEL, self.model_page)
        self.setStartId(Pages.MODEL)
        if not lazy:
            self.add_remaining_pages()

    @property
    def complete(self) -> bool:
        """All pages built."""
        return self.page(Pages.RESULTS) is not None

    def add_remaining_pages(self) -> None:
        if self.complete:
            return
        from .pages.cost_page import CostPage
        from .pages.hardware_page import HardwarePage
        from .pages.results_page import ResultsPage
        from .pages.training_page import TrainingPage

        self.training_page = TrainingPage(self.doc)
        self.hardware_page = HardwarePage(self.doc)
        self.cost_page = CostPage(self.doc)
        self.results_page = ResultsPage(self.doc)
        for pid, page in (
            (Pages.TRAINING, self.training_page),
            (Pages.HARDWARE, self.hardware_page),
            (Pages.COSTS, self.cost_page),
            (Pages.RESULTS, self.results_page),
        ):
            self.setPage(pid, page)
        # QWizard decides whether Next exists only when it switches pages: switch to step 1 again
        if self.currentId() == Pages.MODEL:
            self.restart()
        self.pagesAdded.emit()

    def step_names(self) -> list[str]:
        return [self.tr("Model"), self.tr("Data"), self.tr("Hardware"), self.tr("Costs"), self.tr("Results")]

    def go_to(self, page: Pages) -> None:
        """Jump to a step (the steps before it must be valid, as with Next)."""
        if page < self.currentId():
            while self.currentId() > page:
                self.back()
        else:
            while self.currentId() < page and self.currentPage().isComplete():
                self.next()


class StepBar(QLabel):
    """ "1 Model › 2 Data › …" with the current step in bold; a click on a step goes there (as View › Go to
    Step: the steps before it must be valid)."""

    def __init__(self, wizard: PlanningWizard, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.wizard = wizard
        set_enum_property(self, "textFormat", "RichText")  # not Qt.TextFormat before the first paint (qt_names.py)
        set_enum_property(self, "textInteractionFlags", "LinksAccessibleByMouse")
        self.setAccessibleName(self.tr("Wizard steps"))
        self.linkActivated.connect(self._go)
        wizard.currentIdChanged.connect(self.update_steps)
        self.update_steps(wizard.currentId())

    def _go(self, link: str) -> None:
        if link.startswith("step:"):
            self.wizard.go_to(Pages(int(link.removeprefix("step:"))))

    def update_steps(self, current: int) -> None:
        parts = []
        link = self.palette().color(self.foregroundRole()).name()  # steps read as text, not as blue links
        for i, name in enumerate(self.wizard.step_names()):
            text = f"{i + 1} {name}"
            if i == current:
                parts.append(f"<b><u>{text}</u></b>")
            else:
                parts.append(f'<a href="step:{i}" style="color:{link}; text-decoration:none">{text}</a>')
        self.setText(" › ".join(parts))
        self.setAccessibleDescription(self.tr("Step {0} of {1}").format(current + 1, len(parts)))


class WizardPanel(QWidget):
    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None, *, lazy: bool = False) -> None:
        super().__init__(parent)
        self.wizard = PlanningWizard(doc, lazy=lazy)
        self.steps = StepBar(self.wizard)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 0, 0)
        lay.addWidget(self.steps)
        lay.addWidget(self.wizard, 1)


if __name__ == "__main__":
    import sys

    from ._demo import demo_document, run_widget

    def make(_app):
        doc = demo_document()
        panel = WizardPanel(doc)
        panel._demo_doc = doc
        panel.resize(480, 760)
        return panel

    sys.exit(run_widget(make))
