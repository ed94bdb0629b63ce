"""The desktop bundle (PyInstaller one-folder build from packaging/gpuplanner.spec).

The bundle tests run when ``dist/gpuplanner`` exists, or build it first when ``GPUPLANNER_BUNDLE_TEST=1``
(``scripts/build_bundle.sh --no-smoke``, about half a minute on two cores); otherwise they skip. CI builds the
bundle and runs its smoke test in ``.ci/run``, after the test suite. The smoke test's failure path is checked
on the unbundled app as well.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist" / "gpuplanner"
EXE = DIST / ("gpuplanner.exe" if sys.platform == "win32" else "gpuplanner")
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
OK = "gpuplanner smoke test OK:"


@pytest.fixture(scope="module")
def bundle() -> Path:
    if os.environ.get("GPUPLANNER_BUNDLE_TEST") == "1":
        out = subprocess.run(
            ["bash", str(ROOT / "scripts" / "build_bundle.sh"), "--no-smoke"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    if not EXE.is_file():
        pytest.skip("no dist/gpuplanner (build it with scripts/build_bundle.sh, or set GPUPLANNER_BUNDLE_TEST=1)")
    return DIST


def smoke(exe: Path | list[str], **env: str) -> subprocess.CompletedProcess:
    cmd = [str(exe), "--smoke-test"] if isinstance(exe, Path) else [*exe, "--smoke-test"]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env={**ENV, **env}, timeout=300)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_bundle_passes_its_smoke_test(bundle, lang):
    out = smoke(EXE, GPUPLANNER_LANG=lang)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(OK), out.stdout
    assert "workbook exported" in lines[0] and f"language {lang};" in lines[0]
    # the catalog comes from inside the bundle (sys._MEIPASS/gpuplanner/_data), not from this checkout
    data = Path(lines[0].split("; catalog ", 1)[1].rsplit("; ", 1)[0])
    assert data.is_relative_to(bundle) and data.parts[-3:] == ("gpuplanner", "_data", "catalog")


def test_the_bundle_runs_the_command_line(bundle):
    out = subprocess.run(
        [str(EXE), "estimate", str(ROOT / "examples" / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml"), "--json"],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert '"memory"' in out.stdout
    version = subprocess.run([str(EXE), "--version"], capture_output=True, text=True, env=ENV, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("gpuplanner ")


def test_the_bundle_writes_the_benchmark_script(bundle, tmp_path):
    out_file = tmp_path / "bench.py"
    example = ROOT / "examples" / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml"
    out = subprocess.run(
        [str(EXE), "bench-script", str(example), "-o", str(out_file)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    compile(out_file.read_text(encoding="utf-8"), str(out_file), "exec")


def test_the_bundle_fails_loudly(bundle):
    out = smoke(EXE, GPUPLANNER_SMOKE_TIMEOUT="0.01")
    assert out.returncode != 0
    assert "smoke test FAILED" in out.stderr and OK not in out.stdout


def test_the_bundle_holds_what_the_app_needs_and_nothing_heavy(bundle):
    internal = bundle / "_internal"
    data = internal / "gpuplanner" / "_data"
    for needed in (
        "catalog/gpus.csv",
        "resources/default.gpuplan.toml",
        "resources/i18n/gpuplanner_ko.qm",
        "resources/icons/gpuplanner.svg",
        "examples/llama-3.1-8b-qlora-rtx4090.gpuplan.toml",  # File › Open Example
    ):
        assert (data / needed).is_file(), needed
    assert (internal / "licenses" / "LGPL-3.0.txt").is_file()
    assert list(internal.glob("PySide6/Qt/translations/qtbase_ko.qm"))
    for heavy in (
        "torch",
        "transformers",
        "pandas",
        "tkinter",
        "_tkinter",
        "matplotlib",
        "scipy",
        "PyQt5",
        "PyQt6",
        "yaml",
        "pytest",
    ):
        assert not (internal / heavy).exists(), heavy
    qt_modules = {p.name.split(".")[0] for p in (internal / "PySide6").glob("Qt*.so")} | {
        p.name.split(".")[0] for p in (internal / "PySide6").glob("Qt*.pyd")
    }
    assert qt_modules <= {"QtCore", "QtGui", "QtWidgets", "QtSvg", "QtOpenGL", "QtOpenGLWidgets"}, qt_modules
    size = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    assert size < 260 * 2**20, f"the bundle grew to {size / 2**20:.0f} MiB"


PRUNED = ROOT / "build" / "pyinstaller" / "gpuplanner" / "pruned-libraries.txt"  # written by the spec (Linux)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF dependencies")
def test_no_bundled_library_needs_one_the_spec_left_out(bundle):
    """The spec drops the system libraries that only the left-out Qt plugins needed (GTK theme: cairo, pango …).
    Cross-check with readelf that nothing kept links against one of them."""
    import shutil

    if not shutil.which("readelf") or not PRUNED.is_file():
        pytest.skip("needs readelf and build/pyinstaller/gpuplanner/pruned-libraries.txt from scripts/build_bundle.sh")
    pruned = set(PRUNED.read_text().split())
    assert "libcairo.so.2" in pruned  # the GTK platform theme's stack is gone
    wrong = []
    for lib in bundle.rglob("*.so*"):
        if lib.is_symlink() or not lib.is_file():
            continue
        dyn = subprocess.run(["readelf", "-d", str(lib)], capture_output=True, text=True).stdout
        wrong += [
            (lib.name, line.split("[", 1)[1].rstrip("]"))
            for line in dyn.splitlines()
            if "(NEEDED)" in line and line.split("[", 1)[1].rstrip("]") in pruned
        ]
    assert not wrong, wrong


# --- the smoke test itself, unbundled -----------------------------------------------------------------------
def test_the_smoke_test_exits_non_zero_when_it_hangs():
    out = smoke([sys.executable, "-m", "gpuplanner.cli"], GPUPLANNER_SMOKE_TIMEOUT="0.01")
    assert out.returncode == 1
    assert out.stderr.strip().endswith("no result after 0.01 s") and OK not in out.stdout


def test_the_smoke_test_exits_non_zero_when_the_catalog_is_broken(tmp_path):
    """A bundle whose data folder lost its catalog must not pass: the same code, with sys._MEIPASS pointing
    at a data folder whose catalog is empty."""
    root = tmp_path / "gpuplanner" / "_data"
    (root / "catalog").mkdir(parents=True)
    (root / "resources").symlink_to(ROOT / "resources", target_is_directory=True)
    code = (
        "import sys; sys._MEIPASS = sys.argv[1]; from gpuplanner.ui.app import run_app; "
        "sys.exit(run_app(smoke_test=True))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=180
    )
    assert out.returncode == 1, out.stdout + out.stderr
    assert "smoke test FAILED" in out.stderr and OK not in out.stdout


# --- the packaging files, without building ------------------------------------------------------------------
def test_the_spec_parses_and_the_installer_has_the_package_version():
    import ast
    import re
    import tomllib

    ast.parse((ROOT / "packaging" / "gpuplanner.spec").read_text(encoding="utf-8"))
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    iss = (ROOT / "packaging" / "windows" / "gpuplanner.iss").read_text(encoding="utf-8")
    assert re.search(r'#define AppVersion "([^"]+)"', iss).group(1) == version


def test_the_icons_render_from_the_svg(tmp_path):
    out = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "make_icons.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    ico = (tmp_path / "gpuplanner.ico").read_bytes()
    assert ico[:4] == b"\0\0\1\0" and int.from_bytes(ico[4:6], "little") == 7  # 16 … 256 px
    assert (tmp_path / "gpuplanner.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


SHIPPED = ("catalog", "resources", "examples")  # the folders gpuplanner.core.paths finds under gpuplanner/_data


def test_the_wheel_and_the_spec_ship_every_data_folder():
    """A folder the app reads but the wheel or the bundle leaves out works only in a checkout (File › Open
    Example did). Both must map each one to gpuplanner/_data/<name>, where gpuplanner.core.paths looks."""
    import ast
    import tomllib

    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]
    force = wheel["wheel"]["force-include"]
    spec = ast.parse((ROOT / "packaging" / "gpuplanner.spec").read_text(encoding="utf-8"))
    datas = next(node.value for node in spec.body if isinstance(node, ast.Assign) and node.targets[0].id == "datas")
    targets = {ast.literal_eval(elt.elts[1]) for elt in datas.elts}
    for name in SHIPPED:
        assert force.get(name) == f"gpuplanner/_data/{name}", name
        assert f"gpuplanner/_data/{name}" in targets, name
        assert (ROOT / name).is_dir(), name


def test_examples_are_found_in_a_checkout_and_in_a_bundle(tmp_path):
    from gpuplanner.core.paths import examples_dir

    assert examples_dir() == ROOT / "examples"
    assert list(examples_dir().glob("*.gpuplan.toml"))
    # a bundle's layout (sys._MEIPASS/gpuplanner/_data/...), the same as an installed wheel's _data folder
    data = tmp_path / "gpuplanner" / "_data"
    for name in SHIPPED:
        (data / name).mkdir(parents=True)
    code = (
        "import sys; sys._MEIPASS = sys.argv[1]; from gpuplanner.core.paths import examples_dir; print(examples_dir())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()) == data / "examples"
