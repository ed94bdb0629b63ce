"""Step 2's implementation choices that change the step time (issue 22): the fp8 recipe
(``workload.fp8_recipe``, shown with FP8 precision) and how MoE tokens reach their experts
(``workload.moe_dispatcher``, shown for mixture-of-experts models). Both rows sit in the precision box of the
training page; "the framework's" / NCCL's all-to-all leave the key out of the scenario.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.framework import FP8_RECIPES, fp8_recipe_of
from gpuplanner.core.scenario import MOE_DISPATCHERS, Scenario

from ..fields import Form
from .base import PlannerPage


def tr(text: str) -> str:
    return QCoreApplication.translate("RecipeFields", text)


def recipe_label(recipe: str | None) -> str:
    return {
        None: tr("Framework's default"),
        "te": tr("Transformer Engine (framework's scaling)"),
        "te-delayed": tr("TE delayed scaling"),
        "te-current": tr("TE current scaling (per tensor)"),
        "te-blockwise": tr("TE block scaling (1×128, 128×128)"),
        "mxfp8": tr("MXFP8 (Blackwell)"),
        "torchao": tr("torchao float8 (per tensor)"),
    }[recipe]


def dispatcher_label(dispatcher: str | None) -> str:
    return {None: tr("NCCL all-to-all"), "deepep": tr("DeepEP / HybridEP")}[dispatcher]


def dispatcher_tips() -> dict[object, str]:
    return {
        None: tr("One copy per token and expert (Megatron alltoall, torchtitan's default)"),
        "deepep": tr("One copy per GPU and per remote node (Megatron flex, NeMo AutoModel, torchtitan)"),
    }


def recipe_tips() -> dict[object, str]:
    return {
        "te-delayed": tr("Scales from an amax history; the norms write FP8 directly (TE's own default)"),
        "te-current": tr("Each tensor's amax measured before its cast (Megatron-Bridge FP8-CS)"),
        "te-blockwise": tr("DeepSeek-V3-style block scales; Hopper and newer"),
        "mxfp8": tr("32-element block scales in one cast kernel; B200, B300 and GB200 only"),
        "torchao": tr("torchao dynamic scaling (torchtitan, torchtune)"),
    }


def with_precision(s: Scenario, precision: str) -> Scenario:
    """``s`` at ``precision``; an fp8 recipe goes with FP8 precision (the key table refuses it otherwise, on a row
    the page would hide)."""
    recipe = s.workload.fp8_recipe if precision == "fp8-mixed" else None
    return replace(s, workload=replace(s.workload, precision=precision, fp8_recipe=recipe))


class RecipeFields:
    """Two rows of the training page's precision box; ``page.rows`` gets both under their keys."""

    def __init__(self, page: PlannerPage, form: Form) -> None:
        from .training_page import combo

        self.page, self.form = page, form
        self.recipe = combo([(r, recipe_label(r)) for r in (None, *FP8_RECIPES)], recipe_tips())
        # "alltoall" is the default: the key left out (None) stands for it
        dispatchers = [None if d == "alltoall" else d for d in MOE_DISPATCHERS]
        self.dispatcher = combo([(d, dispatcher_label(d)) for d in dispatchers], dispatcher_tips())
        self.recipe_row = form.add(
            tr("&FP8 recipe:"), self.recipe, tr("How the FP8 matmuls are scaled; it sets the casts' cost")
        )
        self.dispatcher_row = form.add(
            tr("MoE &token dispatch:"), self.dispatcher, tr("How tokens reach their experts in expert parallel")
        )
        page.rows["workload.fp8_recipe"] = self.recipe_row
        page.rows["workload.moe_dispatcher"] = self.dispatcher_row
        self.recipe.currentIndexChanged.connect(
            page.bind("workload.fp8_recipe", tr("Change FP8 recipe"), self._with_recipe)
        )
        self.dispatcher.currentIndexChanged.connect(
            page.bind("workload.moe_dispatcher", tr("Change MoE token dispatch"), self._with_dispatcher)
        )

    def _with_recipe(self, s: Scenario) -> Scenario:
        return replace(s, workload=replace(s.workload, fp8_recipe=self.recipe.currentData()))

    def _with_dispatcher(self, s: Scenario) -> Scenario:
        return replace(s, workload=replace(s.workload, moe_dispatcher=self.dispatcher.currentData()))

    # --- document -> widgets -------------------------------------------------------------------------
    def refresh(self, s: Scenario) -> None:
        """Show ``s`` (signals blocked by the page); the default item names the recipe it stands for."""
        from .training_page import set_combo

        w = s.workload
        resolved = fp8_recipe_of(None, w.framework)
        default = recipe_label(None)
        if resolved is not None:
            default = f"{default} — {recipe_label(resolved)}"
        self.recipe.setItemText(0, default)
        set_combo(self.recipe, w.fp8_recipe)
        set_combo(self.dispatcher, None if w.moe_dispatcher in (None, "alltoall") else w.moe_dispatcher)

    def after_commit(self, s: Scenario) -> None:
        training = s.workload.is_training
        self.form.set_row_visible(self.recipe_row, training and s.workload.precision == "fp8-mixed")
        self.form.set_row_visible(self.dispatcher_row, training and s.model.is_moe)
