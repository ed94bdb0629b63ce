#!/usr/bin/env bash
# Build the desktop bundle (PyInstaller one-folder, windowed) into dist/gpuplanner and check it.
#
#   ./scripts/build_bundle.sh            build, then run the bundle's --smoke-test offscreen
#   ./scripts/build_bundle.sh --no-smoke build only
#
# Linux here; Windows and macOS build on their own OS with the same spec (packaging/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
[ -x "$PY" ] || { echo "no $PY: run ./scripts/run-app.sh or ./scripts/test.sh first (they create .venv)" >&2; exit 1; }
start=$(date +%s)

"$PY" -m PyInstaller --version >/dev/null 2>&1 || "$PY" -m pip install -q -e ".[build]"

export QT_QPA_PLATFORM=offscreen
# the Korean interface: .ts -> .qm (the committed .qm is rebuilt, so a .ts edited by hand is picked up)
"$PY" scripts/update_translations.py --compile
"$PY" packaging/make_icons.py build/icons >/dev/null

rm -rf dist/gpuplanner build/pyinstaller
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/gpuplanner.spec
built=$(date +%s)

size=$(du -sh dist/gpuplanner | cut -f1)
files=$(find dist/gpuplanner -type f | wc -l)
echo "bundle: dist/gpuplanner, $size in $files files (built in $(( built - start )) s)"
du -sh dist/gpuplanner/_internal/* 2>/dev/null | sort -rh | sed -n '1,8s/^/  /p'  # sed reads it all: head would close the pipe (SIGPIPE under pipefail)

if [ "${1:-}" != "--no-smoke" ]; then
  t0=$(date +%s%N)
  dist/gpuplanner/gpuplanner --smoke-test
  echo "bundle smoke test: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
fi
