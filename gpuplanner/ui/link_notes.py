"""The link speeds an estimate assumed (``Estimate.notes``, core/training_time.link_notes) in the user's language.
The engine decides when a note is due and fills its fields (node or GPU id, assumed speed, scenario key); here
only the fixed sentence is translated, the fields stay as the engine wrote them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.results import INTER_NODE_NOTE, INTRA_NODE_NOTE
from gpuplanner.core.training_time import INTER_NODE_KEY, INTRA_NODE_KEY

if TYPE_CHECKING:
    from gpuplanner.core.results import LinkNote

    from .resultset import ResultSet


def tr(text: str) -> str:
    return QCoreApplication.translate("LinkNotes", text)


def field_label(key: str) -> str:
    """The step-3 field that sets a link-speed key (pages/link_fields.py), as its label reads."""
    return {
        INTER_NODE_KEY: tr("Link between nodes (Gb/s per GPU, one direction)"),
        INTRA_NODE_KEY: tr("Link inside a node (GB/s per GPU, one direction)"),
    }.get(key, key)


def where_to_set(note: LinkNote) -> str:
    """Where in the app the note's key is set ("In the app: step 3 (Hardware), “Link between nodes (…)”.")."""
    if note.key not in (INTER_NODE_KEY, INTRA_NODE_KEY):
        return ""
    return tr("In the app: step 3 (Hardware), “{0}”.").format(field_label(note.key))


def note_text(note: LinkNote) -> str:
    """The note's sentence in the interface language (English: exactly the engine's ``note.text``)."""
    # the literals repeat the engine's templates so that lupdate sees them; tests/ui/test_link_notes.py checks
    # that they are the same text
    translated = {
        INTER_NODE_NOTE: tr(
            "Inter-node link speed not published for node type {subject}; assumed {assumed} per GPU. Set {key}."
        ),
        INTRA_NODE_NOTE: tr(
            "Intra-node link speed not published for GPU {subject}; assumed {assumed} per GPU (PCIe 3 x16). Set {key}."
        ),
    }.get(note.template, note.template)
    return translated.format(subject=note.subject, assumed=note.assumed, key=note.key)


def notes_for(rs: ResultSet) -> list[str]:
    """The notes of the planned GPU's estimate and of the recommended GPU's (the verdict's figures), once each,
    each followed by the step-3 field that sets its key (the engine's sentence names the file's key)."""
    gpus = dict.fromkeys(g for g in (rs.scenario.hardware.gpu, rs.recommendation.gpu) if g)
    out: list[str] = []
    for gid in gpus:
        c = rs.candidate(gid)
        for n in c.estimate.notes if c is not None and c.estimate is not None else ():
            text = " ".join(filter(None, (note_text(n), where_to_set(n))))
            if text not in out:
                out.append(text)
    return out
