"""`python -m bitdoku_spark ...` is `bitdoku-spark ...`."""

import sys

from .cli import main

sys.exit(main())
