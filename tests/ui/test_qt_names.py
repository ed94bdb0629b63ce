"""ui/qt_names.py: step 1's widgets set their Qt enums by key name (issue #15, no Qt namespace before the first
paint); the values are those the enum members give, and a name Qt does not know fails loudly."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel

from gpuplanner.ui.qt_names import USER_ROLE, set_enum_property


def test_keys_set_the_same_values_as_the_enum_members(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = QLabel("x")
    qtbot.addWidget(label)
    set_enum_property(label, "alignment", "AlignCenter")
    set_enum_property(label, "textInteractionFlags", "LinksAccessibleByMouse|TextSelectableByMouse")
    assert label.alignment() == Qt.AlignmentFlag.AlignCenter
    assert label.textInteractionFlags() == (
        Qt.TextInteractionFlag.LinksAccessibleByMouse | Qt.TextInteractionFlag.TextSelectableByMouse
    )
    form = QFormLayout()
    set_enum_property(form, "labelAlignment", "AlignRight|AlignVCenter")
    assert form.labelAlignment() == Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert USER_ROLE == Qt.ItemDataRole.UserRole.value


def test_an_unknown_property_or_key_raises(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = QLabel("x")
    qtbot.addWidget(label)
    with pytest.raises(ValueError, match="alignment"):
        set_enum_property(label, "alignment", "AlignMiddle")
    with pytest.raises(ValueError, match="alinement"):
        set_enum_property(label, "alinement", "AlignCenter")


def test_step_1_is_set_as_before(window) -> None:  # type: ignore[no-untyped-def]
    """What the enum members used to set: the wizard is a panel (not a window), the placeholder centred, the
    form's labels right-aligned, the page scrolls only vertically and its problem text is selectable."""
    wizard = window.wizard
    assert not wizard.isWindow() and wizard.parent() is window.wizard_panel
    assert window.splitter.orientation() == Qt.Orientation.Horizontal
    page = wizard.model_page
    assert page.message.textInteractionFlags() == Qt.TextInteractionFlag.TextSelectableByMouse
    steps = window.wizard_panel.steps
    assert steps.textFormat() == Qt.TextFormat.RichText
    assert steps.textInteractionFlags() == Qt.TextInteractionFlag.LinksAccessibleByMouse
    forms = page.findChildren(QFormLayout)
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert forms and all(f.labelAlignment() == right for f in forms)
    assert page.open_config.geometry().left() == page.preset_list.geometry().left()
    assert page.open_config.width() == page.open_config.sizeHint().width()
    item = page.preset_list.item(1)
    assert item.data(Qt.ItemDataRole.UserRole) == item.data(USER_ROLE) == window.doc.scenario.model_preset
