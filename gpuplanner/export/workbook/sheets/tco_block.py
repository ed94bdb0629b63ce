"""One option's block of rows on the TCO sheet: which rows it has, and the address helpers and row writers
the block's modules share (tco_onprem, tco_flows, tco_results, tco_totals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...cells import F, col, put
from ..options import Option
from .tco_lines import default_var, namer, render

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "TCO"
YEAR_HEADER_ROW = 4
WEIGHT_ROW = 5  # w_y of the horizon
RESIDUAL_FLAG_ROW = 6  # 1 in the year the residual value lands
FX = "calc_fx"

# Rows of a block in order; None is an empty spacer row.
BLOCK_KEYS: tuple[str | None, ...] = (
    "nodes",
    "known",
    "od_known",
    "fabric",
    "capex",
    "residual_straight_line",
    "residual",
    "power_kw",
    "colo_py",
    "colocation",
    "support_py",
    "support",
    "staff_py",
    "staff_software",
    "lead_time_rent",
    "lead_if_any",
    None,
    "price_factor",
    "energy_full",
    "opex_full",
    None,
    "cf_capex",
    "cf_energy",
    "cf_colo",
    "cf_support",
    "cf_staff",
    "cf_lead",
    "cf_residual",
    "own",
    "own_cum",
    "rent",
    "rent_cum",
    "inc",
    "inc_cum",
    "payback_c",
    None,
    "onprem_tco",
    "lease_payments",
    "onprem_lease_tco",
    "energy_slope",
    "onprem_at_zero",
    "onprem_closed",
    "cloud_on_demand_gpu",
    "cloud_reserved_1y_gpu",
    "cloud_reserved_3y_gpu",
    "cloud_spot_gpu",
    "cloud_storage",
    "cloud_storage_py",
    "cloud_egress",
    "cloud_on_demand",
    "cloud_at_zero",
    "cloud_at_full",
    "cloud_reserved_1y",
    "cloud_reserved_3y",
    "cloud_spot",
    "breakeven",
    "per_million_tokens",
    "job_cloud_on_demand",
    None,
    "pv_own",
    "pv_rent",
    "npv_own_minus_rent",
    "npv_buy",
    "irr",
    "payback",
    "crossover",
    "eac",
    "owning_per_gpu_hour",
    None,
    "totals_header",
    "total_1",
    "total_3",
    "total_5",
)


class TcoBlock:
    """Rows and address helpers of one option's block; `start` is the block's title row."""

    def __init__(self, b: Builder, opt: Option, start: int, ycols: list[int], weight_rows: dict[float, int]) -> None:
        self.b = b
        self.opt = opt
        self.ws = b.ws[SHEET]
        self.start = start
        self.ycols = ycols
        self.weight_rows = weight_rows  # comparison horizon (years) -> row of its year weights
        self.rows: dict[str, int] = {}
        r = start + 1
        for key in BLOCK_KEYS:
            if key is not None:
                self.rows[key] = r
            r += 1
        self.end = r - 1
        self.cur = b.currency
        self.y0c, self.y1c, self.yNc = col(ycols[0]), col(ycols[1]), col(ycols[-1])

    def n(self, key: str) -> str:
        return self.b.n(self.opt, key)

    def c_(self, key: str) -> str:
        """The block's scalar `key` in column C."""
        return f"$C${self.rows[key]}"

    def y_(self, key: str, c: int) -> str:
        """Row `key` in year column `c`."""
        return f"{col(c)}{self.rows[key]}"

    def rng(self, key: str, from_year: int = 0) -> str:
        return f"{col(self.ycols[from_year])}{self.rows[key]}:{self.yNc}{self.rows[key]}"

    @staticmethod
    def yr(c: int) -> str:
        """The year number of column `c`."""
        return f"{col(c)}${YEAR_HEADER_ROW}"

    @staticmethod
    def w(c: int) -> str:
        """The horizon weight w_y of column `c`."""
        return f"{col(c)}${WEIGHT_ROW}"

    @property
    def known(self) -> str:
        """TRUE when every on-prem input is known."""
        return self.c_("known")

    def name(self, **kw: object) -> Callable[[str], str]:
        """The `name` function that renders a cost line with this block's cells (tco_lines.namer)."""
        return namer(self.b, self.opt, self.c_, **kw)  # type: ignore[arg-type]

    def line(self, line: str, **kw: object) -> str:
        """Cost line `line` rendered with this block's cells (`var` maps u, Y, y)."""
        var = kw.pop("var", None) or default_var
        return render(line, self.name(var=var, **kw), var)  # type: ignore[arg-type]

    @property
    def od_known(self) -> str:
        return self.c_("od_known")

    @property
    def both(self) -> str:
        return f"AND({self.known},{self.od_known})"

    @property
    def od_price(self) -> str:
        return self.n("cloud_usd_per_gpu_hour")

    @property
    def discount_rate(self) -> str:
        return "in_discount_rate" if "discount_rate" in self.b.shared_keys else self.n("discount_rate")

    @property
    def has_rate(self) -> str:
        return f"ISNUMBER({self.discount_rate})"

    def scalar(self, key: str, label: str, unit: str, formula: str, fmt: str = "money", style: str = "calc") -> None:
        put(self.ws, self.rows[key], 1, self.b.t(label), "text")
        put(self.ws, self.rows[key], 2, self.b.t(unit), "text")
        put(self.ws, self.rows[key], 3, F(formula), style, self.b.fmt[fmt])

    def across(
        self,
        key: str,
        label: str,
        unit: str,
        make: Callable[[int], str],
        fmt: str = "money",
        total: bool = True,
        guard: str | None = None,
    ) -> None:
        """One formula per year column (empty unless `guard`), and their sum in column C when `total`."""
        ws, r = self.ws, self.rows[key]
        put(ws, r, 1, self.b.t(label), "text")
        put(ws, r, 2, self.b.t(unit), "text")
        for c in self.ycols:
            body = make(c)
            put(ws, r, c, F(f'IF({guard},{body},"")' if guard else body), "calc", self.b.fmt[fmt])
        if total:
            put(
                ws,
                r,
                3,
                F(f'IF({guard},SUM({self.rng(key)}),"")' if guard else f"SUM({self.rng(key)})"),
                "bold",
                self.b.fmt[fmt],
            )
