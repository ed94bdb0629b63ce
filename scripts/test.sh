#!/usr/bin/env bash
# Installs the test dependencies (Debian libraries for Qt, LibreOffice for the workbook tests, a CJK font,
# PyTorch CPU for the memory ground truth), runs the linters (ruff, ruff format, import contracts, mypy) and the
# whole test suite headless. Prints the time of each phase.
source "$(dirname "$0")/_setup.sh"
start=$(date +%s)
timings=()

report() {
  echo "=== test.sh phases"
  printf '  %s\n' "${timings[@]}"
  echo "  total              $(( $(date +%s) - start )) s"
}

step() {  # step NAME COMMAND...: run it, record its time; on failure print the times so far and stop
  local name=$1 t0 rc=0
  shift
  echo "=== $name"
  t0=$(date +%s)
  "$@" || rc=$?
  timings+=("$(printf '%-18s %5d s' "$name" $(( $(date +%s) - t0 )))")
  if [ "$rc" -ne 0 ]; then
    echo "test.sh: $name failed (exit $rc)" >&2
    report
    exit "$rc"
  fi
}

install() {  # each command checks its own status: `set -e` does not apply inside `step`'s `||`
  need_debs $QT_DEBS libreoffice-calc-nogui fonts-noto-cjk || { [ "${CI:-}" = true ] && return 1; }
  # the dev extra pins ruff, mypy and import-linter: a new release must not change what the checks accept
  .venv/bin/pip install -q -e ".[test,dev]" || return 1
  # torch 2.13.0 CPU is installed first so that transformers does not pull a CUDA build
  .venv/bin/pip install -q "torch==2.13.0" && .venv/bin/pip install -q "transformers==5.24.0" \
    || { echo "torch/transformers not installable: the ground-truth tests will skip (fail under CI=true)" >&2; }
  # the frameworks the truth harness runs (torchtitan, torchtune, peft, torchao) with their imports pinned;
  # --no-deps so that none of them can replace the CPU build of torch
  .venv/bin/pip install -q --no-deps -r tests/validation/harness/requirements-frameworks.txt \
    || { echo "the truth-harness frameworks are not installable: their tests skip (fail under CI=true)" >&2; }
  # (read whole: `grep -q` would close the pipe early and fail the pipeline under pipefail)
  local torch_version
  torch_version=$(.venv/bin/pip show torch 2>/dev/null | sed -n 's/^Version: //p')
  case "$torch_version" in
    2.13.0*) ;;
    *) echo "torch is ${torch_version:-missing}, not 2.13.0 (CPU): an install replaced it" >&2
       [ "${CI:-}" = true ] && return 1 ;;
  esac
  return 0
}

export QT_QPA_PLATFORM=offscreen
step "install" install
step "ruff check" .venv/bin/ruff check gpuplanner tests benchmarks
step "ruff format" .venv/bin/ruff format --check gpuplanner tests benchmarks
step "import contracts" .venv/bin/lint-imports --no-cache
step "mypy" .venv/bin/mypy
step "pytest" .venv/bin/python -m pytest -q --durations=15 "$@"  # the slowest tests, so a heavy check that grows is seen
report
