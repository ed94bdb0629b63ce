"""Entry point of the desktop build (PyInstaller): the same as the ``gpuplanner`` command.

Without arguments it opens the app; ``--smoke-test`` runs the offscreen check (spec §4.2); any other command
(``estimate``, ``plan``, ``export`` …) runs headless.
"""

import sys

from gpuplanner.cli import main

if __name__ == "__main__":
    sys.exit(main())
