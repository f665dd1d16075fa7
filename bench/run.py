"""printkit's benchmarks: run them all and print one table (``python bench/run.py``).

Every figure is the median of several runs, and every command-line figure times the
whole process, start-up included, as a player would wait for it. ``--write`` also
saves the table, with the machine it came from, to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import machine, measure

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"


def _printkit() -> list[str]:
    found = shutil.which("printkit")
    return [found] if found else [sys.executable, "-m", "printkit"]


def companion(rows: list[tuple[str, str, str]], runs: int) -> None:
    """Wall time of the table companion's commands, against a bare ``import click``."""
    baseline = measure([sys.executable, "-c", "import click"], runs=runs)
    rows.append(("python -c 'import click' (baseline)", f"{baseline.median_s * 1000:.0f} ms", "-"))
    commands = {
        "printkit lookup 7D": ["lookup", "7D"],
        "printkit negate KS --counter 8D --counter 7D": [
            "negate",
            "KS",
            "--counter",
            "8D",
            "--counter",
            "7D",
        ],
        "printkit draw barrel 9S": ["draw", "barrel", "9S"],
        "printkit odds barrel --lucky-duke": ["odds", "barrel", "--lucky-duke"],
    }
    for label, args in commands.items():
        run = measure([*_printkit(), *args], runs=runs)
        ratio = run.median_s / baseline.median_s
        rows.append(
            (label, f"{run.median_s * 1000:.0f} ms ({ratio:.1f}x baseline)", "target < 150 ms")
        )


BENCHMARKS = {"companion": companion}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (median kept)")
    parser.add_argument("--only", choices=list(BENCHMARKS), action="append", help="run only these")
    parser.add_argument("--write", action="store_true", help="also write bench/RESULTS.md")
    args = parser.parse_args()

    rows: list[tuple[str, str, str]] = []
    for name in args.only or BENCHMARKS:
        BENCHMARKS[name](rows, args.runs)

    header = ("measurement", f"median of {args.runs} runs", "target")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(3)]
    lines = [
        "| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) + " |"
        for row in [header, tuple("-" * w for w in widths), *rows]
    ]
    table = "\n".join(lines)
    print(table)
    if args.write:
        stamp = datetime.now(UTC).strftime("%Y-%m-%d")
        RESULTS.write_text(
            f"# Benchmark results\n\nMeasured {stamp} with `python bench/run.py --write` on:\n"
            f"{machine()}\n\n{table}\n",
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
