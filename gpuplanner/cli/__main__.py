"""`python -m gpuplanner.cli`: the same as the `gpuplanner` command."""

import sys

from . import main

sys.exit(main())
