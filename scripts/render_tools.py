"""Render the catalog editor, the comparison, the preferences and the recovery question offscreen to
docs/screenshots/*.png.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/render_tools.py [OUT_DIR]

Uses the default scenario, the shipped catalog, a throwaway user data folder (GPUPLANNER_DATA_DIR) and
throwaway settings: your own catalog edits, autosaves and settings are not touched.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from render_pages import settle  # noqa: E402  (scripts/ is on sys.path when run as a script)


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    data = tempfile.TemporaryDirectory(prefix="gpuplanner-render-")
    os.environ["GPUPLANNER_DATA_DIR"] = data.name
    from PySide6.QtCore import QSettings

    from gpuplanner.core.autosave import AutosaveRecord
    from gpuplanner.core.scenario_io import write_scenario
    from gpuplanner.ui import recovery
    from gpuplanner.ui.app import build_window, create_application

    app = create_application([sys.argv[0]], language="en")
    written: list[Path] = []
    settings = QSettings(str(Path(data.name) / "s.ini"), QSettings.Format.IniFormat)
    window = build_window(settings, smoke_test=True)
    window.set_theme("light")
    window.resize(1480, 920)
    window.show()
    settle(app)
    window.wizard.add_remaining_pages()
    window.build_results_view()
    window.results_view.load_plots()
    window.runner.compute_sync()
    settle(app, 300)

    # --- catalog editor: one edited row (bold, marked), one refused edit (the message) ---
    editor = window.show_catalog_editor()
    page = editor.show_table("gpus")
    m = page.model
    cols = [c.name for c in m.columns]
    m.setData(m.index(m.row_of("h100-sxm-80gb"), cols.index("gemm_efficiency")), "0.75")
    m.setData(m.index(m.row_of("h100-sxm-80gb"), cols.index("gemm_efficiency")), "1.5")
    page.select_id("h100-sxm-80gb")
    gemm = page.proxy.mapFromSource(m.index(m.row_of("h100-sxm-80gb"), cols.index("gemm_efficiency")))
    page.view.scrollTo(gemm)  # the edited cell in view, bold
    settle(app, 300)
    path = out / "catalog-editor.png"
    editor.grab().save(str(path))
    written.append(path)
    sites = editor.show_table("sites")
    sites.model.setData(
        sites.model.index(
            sites.model.row_of("kr-colo"), [c.name for c in sites.model.columns].index("electricity_usd_per_kwh")
        ),
        "0.14",
    )
    sites.select_id("kr-colo")
    editor.show_info(editor.tr("Saved {0} of {1} in your catalog.").format("Electricity", "kr-colo"))
    settle(app, 200)
    path = out / "catalog-editor-sites.png"
    editor.grab().save(str(path))
    written.append(path)
    editor.session.stack.setIndex(0)  # undo both edits: the comparison uses the shipped catalog
    editor.close()
    settle(app)

    # --- preferences ---
    prefs = window.show_preferences()
    settle(app, 200)
    path = out / "preferences.png"
    prefs.grab().save(str(path))
    written.append(path)
    prefs.reject()

    # --- comparison with a second scenario ---
    s = window.doc.scenario
    other = replace(
        s,
        name="Llama 3.1 8B on 32× H200",
        hardware=replace(s.hardware, gpu="h200-sxm-141gb", gpu_count=32),
        cost=replace(s.cost, utilization=0.5, horizon_years=5),
    )
    other_path = Path(data.name) / "h200-plan.gpuplan.toml"
    write_scenario(other, other_path)
    dlg = window.compare_with(other_path)
    settle(app, 300)
    path = out / "compare.png"
    dlg.grab().save(str(path))
    written.append(path)
    dlg.close()

    # --- the recovery question ---
    record = AutosaveRecord(
        session="0" * 32,
        scenario=replace(s, hardware=replace(s.hardware, gpu_count=16)),
        path=Path("/home/analyst/plans/llama-8b-finetune.gpuplan.toml"),
        read_only_path=False,
        modified=True,
        saved_at=time.time() - 240,
        file=Path(data.name) / "x.json",
    )
    box = recovery.recovery_box(window, record)
    box.show()
    settle(app, 200)
    path = out / "recovery-prompt.png"
    box.grab().save(str(path))
    written.append(path)
    box.close()

    window.doc.undo_stack.setClean()
    window.close()
    settle(app)
    from gpuplanner.ui._demo import dispose

    dispose(app, window)
    data.cleanup()
    for p in written:
        print(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"))
