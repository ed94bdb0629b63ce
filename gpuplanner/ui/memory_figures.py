"""One name per memory figure (spec §4.3 `memory`), used by the results table, the results page, the plot
tooltips and the comparison: three different numbers, never all called "peak".

- allocated peak: ``total``, live tensors at the peak, what ``torch.cuda.max_memory_allocated()`` reports;
- reserved: ``reserved``, what ``torch.cuda.max_memory_reserved()`` reports (allocated + the caching
  allocator's reserve and fragmentation);
- as nvidia-smi shows: ``total + overhead`` (plus CUDA context and NCCL buffers), the figure that must stay
  within the capacity.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.results import MemoryBreakdown

FIGURES = ("allocated", "reserved", "smi")


def _t(text: str) -> str:
    return QCoreApplication.translate("MemoryFigures", text)


def label(figure: str) -> str:
    """The figure's name in running text and form rows ("Allocated peak")."""
    return {
        "allocated": _t("Allocated peak"),
        "reserved": _t("Reserved"),
        "smi": _t("As nvidia-smi shows"),
    }[figure]


def column(figure: str) -> str:
    """The figure's short name as a table column header."""
    return {
        "allocated": _t("Allocated peak / GPU"),
        "reserved": _t("Reserved / GPU"),
        "smi": _t("nvidia-smi / GPU"),
    }[figure]


def meaning(figure: str) -> str:
    """What the figure is, for tooltips."""
    return {
        "allocated": _t("live tensors at the peak, what torch.cuda.max_memory_allocated() reports"),
        "reserved": _t(
            "allocated peak + the caching allocator's reserve and fragmentation, what "
            "torch.cuda.max_memory_reserved() reports"
        ),
        "smi": _t("allocated peak + CUDA context, NCCL buffers and allocator reserve: must stay within the capacity"),
    }[figure]


def value(mem: MemoryBreakdown, figure: str) -> float:
    return {"allocated": mem.total, "reserved": mem.reserved, "smi": mem.total + mem.overhead}[figure]
