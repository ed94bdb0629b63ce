#!/usr/bin/env bash
# Installs what the desktop app needs (a virtual environment in the checkout) and starts it.
source "$(dirname "$0")/_setup.sh"
need_debs $QT_DEBS || exit 1
.venv/bin/pip install -q -e .
exec .venv/bin/gpuplanner "$@"
