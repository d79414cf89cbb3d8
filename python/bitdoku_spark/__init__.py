"""bitdoku-spark: run `bitdoku solve`, `rate` and `check` over puzzle collections on Spark.

The bitdoku binary does the work; Spark cuts the input into contiguous ranges of lines, runs
bitdoku on each range on the executors, retries ranges whose task died, and writes part files
whose concatenation is byte for byte what `bitdoku COMMAND` prints on one machine.

Modules:
- `lines`: plain helpers (which lines are puzzles, padding, merging `check` summaries);
- `executor`: runs one partition through the binary (`PartitionRunner`);
- `job`: the driver (read, number, partition, run, write);
- `cli`: the `bitdoku-spark` command line.
"""

__version__ = "0.1.0"
