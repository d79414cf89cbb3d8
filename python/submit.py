"""The file to give `spark-submit`: `spark-submit [spark options] submit.py COMMAND ...`.

spark-submit runs a script, not a module; this one only calls `bitdoku_spark.cli.main`. Ship
the package with `--py-files bitdoku_spark.zip` (see the README) unless it is installed where
the driver runs.
"""

import sys

from bitdoku_spark.cli import main

if __name__ == "__main__":
    sys.exit(main())
