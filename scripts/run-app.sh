#!/usr/bin/env bash
# Installs what the desktop app needs (a virtual environment in the checkout) and starts it.
source "$(dirname "$0")/_setup.sh"
# Qt's xcb platform plugin on a real X display loads these besides QT_DEBS (all in Debian 12)
XCB_DEBS="libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-xinerama0 libxcb-xkb1
  libxkbcommon-x11-0 libxcb-randr0 libxcb-shape0"
need_debs $QT_DEBS $XCB_DEBS || exit 1
.venv/bin/pip install -q -e .
exec .venv/bin/gpuplanner "$@"
