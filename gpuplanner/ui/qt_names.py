"""Qt enum values for the widgets built before the first paint, without Python's wrapper of the ``Qt`` namespace.

PySide6 builds its ``Qt`` namespace on first access (``from PySide6.QtCore import Qt`` included), all at once:
93 Python enums with 1,195 members, ~124 M instructions (callgrind) of the ~1,060 M an app window takes to its
first paint (issue #15; an empty window takes ~583 M). The widgets of step 1 therefore set their enum-typed
settings by the enum keys' names through the Qt property system, as Qt Designer's .ui files do:
``QMetaProperty::write`` converts the text with ``QMetaEnum::keysToValue`` (qtbase src/corelib/kernel/
qmetaobject.cpp, Qt 6), the same value the enum member gives. Code that runs after the first paint uses ``Qt``.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

# Qt::UserRole (qtbase src/corelib/global/qnamespace.h): item data roles are plain ints in QListWidgetItem.data
USER_ROLE = 0x0100


def set_enum_property(obj: QObject, name: str, keys: str) -> None:
    """Set ``obj``'s enum or flags property ``name`` from its keys, e.g. ``"AlignRight|AlignVCenter"``; a name
    or key Qt does not know raises instead of being ignored."""
    if not obj.setProperty(name, keys):
        raise ValueError(f"{type(obj).__name__} has no enum property {name!r} that takes {keys!r}")
