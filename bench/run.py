"""printkit's benchmarks: run them all and print one table (``python bench/run.py``).

Every figure is the median of several runs, and every command-line figure times the
whole process, start-up included, as a player would wait for it. ``--write`` also
saves the table, with the machine it came from, to bench/RESULTS.md.

printkit keeps the card faces and proof images it makes in its cache folder, so that a
rebuild draws only what changed. The benchmarks give it a cache folder of their own,
whose cards are forgotten before every run (``cold``) except in ``rebuild``, which
measures the warm builds a designer waits for beside the cold ones: every other figure
is a first build's.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import write_card_images, write_designed_deck, write_synthetic_deck
from timing import instructions, machine, measure, measure_together, summed_peak

from printkit.limits import MAX_CARDS

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"


def cold() -> None:
    """Forget the card faces and proof images kept in printkit's cache folder (the
    benchmarks' own): the next run draws every card, as a first build does. The font
    faces made once per machine are kept, as they were before there was a cache of
    cards."""
    shutil.rmtree(Path(os.environ["PRINTKIT_CACHE"]) / "forms", ignore_errors=True)


def _printkit() -> list[str]:
    found = shutil.which("printkit")
    return [found] if found else [sys.executable, "-m", "printkit"]


def _reference(*args: str) -> list[str]:
    """A reference program of bench/reference.py, run from its byte-compiled module (as
    printkit runs from its own) rather than as a script that Python compiles each time."""
    bench = str(ROOT / "bench")
    code = (
        f"import sys; sys.path.insert(0, {bench!r}); import reference; reference.main(sys.argv[1:])"
    )
    return [sys.executable, "-c", code, *args]


def companion(rows: list[tuple[str, str, str]], runs: int) -> None:
    """Wall time of the table companion's commands against a bare ``import click``, all
    measured in turn, round after round, so that the ratios compare like with like."""
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
    baseline_label = "python -c 'import click' (baseline)"
    floor_label = "import click, read the deck's files, print a name (bench/reference.py)"
    got = measure_together(
        {
            baseline_label: [sys.executable, "-c", "import click"],
            floor_label: _reference("catalogue", "7D"),
            **{label: [*_printkit(), *args] for label, args in commands.items()},
        },
        runs=max(runs, 21),  # one round's ratios swing from 0.9 to 2 here: many rounds
    )
    baseline = got[baseline_label]
    rows.append((baseline_label, f"{baseline.median_s * 1000:.0f} ms ({baseline.runs})", "-"))
    floor = got[floor_label]
    floor_ratio = floor.median_s / baseline.median_s
    rows.append(
        (floor_label, f"{floor.median_s * 1000:.0f} ms, {floor_ratio:.2f}x ({floor.runs})", "-")
    )
    for label in commands:
        run = got[label]
        ratio = run.median_s / baseline.median_s
        rows.append(
            (
                label,
                f"{run.median_s * 1000:.0f} ms, {ratio:.2f}x baseline ({run.runs})",
                "target <= 1.4x",
            )
        )
    # The same commands' instructions: one count each, the same on every run.
    counted = {
        "import click": [sys.executable, "-c", "import click"],
        "reference": _reference("catalogue", "7D"),
        **{args[0]: [*_printkit(), *args] for args in commands.values()},
    }
    counts = {name: instructions(command) for name, command in counted.items()}
    base = counts.pop("import click")
    if base is None:
        rows.append(("instructions (valgrind's callgrind)", "valgrind is not installed", "-"))
        return
    ratios = ", ".join(f"{name} {count / base:.2f}x" for name, count in counts.items())
    rows.append(
        (
            "instructions (valgrind's callgrind), against import click's",
            f"{base / 1e6:.0f} M; {ratios}",
            "-",
        )
    )


def kit(rows: list[tuple[str, str, str]], runs: int) -> None:
    """The whole kit, the deck's sheets alone, print-on-demand images; file sizes, memory."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        run = measure(
            [*_printkit(), "build", "--quiet", "--out", str(work / "out")],
            runs=runs,
            cwd=work,
            before=cold,
        )
        rows.append(
            (
                "printkit build (the whole kit, both decks)",
                f"{run.median_s:.2f} s ({run.runs})",
                "target < 3 s",
            )
        )
        rows.append(("peak memory, printkit build", f"{run.peak_rss_mib:.0f} MiB", "-"))
        for path in sorted((work / "out").iterdir()):
            rows.append((f"size of {path.name}", f"{path.stat().st_size / 1024:,.0f} KiB", "-"))
        sheets = [*_printkit(), "sheets", "-o", str(work / "deck.pdf")]
        run = measure(sheets, runs=runs, cwd=work, before=cold)
        rows.append(
            (
                "printkit sheets (the Dead Men's Deck's sheets)",
                f"{run.median_s:.2f} s ({run.runs})",
                "target < 1 s",
            )
        )
        export = [*_printkit(), "export", "--for", "mpc", "-o", str(work / "mpc")]
        run = measure(export, runs=max(3, runs // 2), cwd=work, before=cold)
        rows.append(
            (
                "printkit export --for mpc (53 PNGs, 300 dpi)",
                f"{run.median_s:.2f} s ({run.runs})",
                "target < 10 s",
            )
        )
        rows.append(
            ("peak memory, printkit export (main process)", f"{run.peak_rss_mib:.0f} MiB", "-")
        )


def synthetic(rows: list[tuple[str, str, str]], runs: int) -> None:
    """Cards per second on a synthetic 1,000-card deck, each card different."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        deck = write_synthetic_deck(work / "data", 1000)
        command = [*_printkit(), "sheets", deck, "--data-dir", str(work / "data"), "--template",
                   "letter-3x3", "-o", str(work / "synthetic.pdf")]  # fmt: skip
        run = measure(command, runs=max(3, runs // 2), cwd=work, before=cold)
        rows.append(
            (
                "synthetic 1,000-card deck, printkit sheets",
                f"{1000 / run.median_s:.0f} cards/s, {run.median_s:.2f} s ({run.runs})",
                "target >= 200 cards/s",
            )
        )
        rows.append(("peak memory, 1,000-card deck", f"{run.peak_rss_mib:.0f} MiB", "-"))


def ratios(rows: list[tuple[str, str, str]], runs: int) -> None:
    """printkit sheets against two reportlab programs (bench/reference.py), in one run:
    one that writes the same pages and forms, one that lays out plain cards."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        got = measure_together(
            {
                "printkit": [*_printkit(), "sheets", "-o", str(work / "deck.pdf")],
                "forms": _reference("forms", str(work / "forms.pdf")),
                "plain": _reference("plain", str(work / "plain.pdf")),
            },
            runs=max(runs, 15),
            cwd=work,
            before={"printkit": cold},
        )
        mine = got["printkit"].median_s
        for key, label, target in (
            ("forms", "the same pages and forms", 2.5),
            ("plain", "plain cards, duplex, one back image", 1.3),
        ):
            other = got[key].median_s
            rows.append(
                (
                    f"printkit sheets vs reportlab, {label}",
                    f"{mine:.2f} s vs {other:.2f} s: {mine / other:.2f}x ({got[key].runs})",
                    f"target <= {target}x",
                )
            )


def limits(rows: list[tuple[str, str, str]], runs: int) -> None:
    """A deck at printkit's card limit (10,000 cards, each different, in an effects.toml
    just under the 2 MiB limit) still builds in bounded time and memory. One run."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        deck = write_synthetic_deck(work / "data", MAX_CARDS, text=60)
        command = [*_printkit(), "sheets", deck, "--data-dir", str(work / "data"), "--template",
                   "letter-3x3", "-o", str(work / "limits.pdf")]  # fmt: skip
        run = measure(command, runs=1, cwd=work, before=cold)
        size = (work / "limits.pdf").stat().st_size / 1024 / 1024
        rows.append(
            (
                f"deck at the limit ({MAX_CARDS:,} cards), printkit sheets",
                f"{MAX_CARDS / run.median_s:.0f} cards/s, {run.median_s:.1f} s, {size:.0f} MiB PDF"
                f" ({run.runs})",
                "target < 120 s",
            )
        )
        rows.append(
            ("peak memory, deck at the limit", f"{run.peak_rss_mib:.0f} MiB", "target < 1 GiB")
        )


def watch(rows: list[tuple[str, str, str]], runs: int) -> None:
    """``printkit build --deck-dir --watch``: the time from a saved change of the card
    list to the rebuilt sheets and proof, as the designer waits. On a 50-card designed
    deck, one card's name changed at each save; on a 1,000-card one, one card's text."""
    import statistics

    from printkit.targets.scaffold import scaffold

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "deck"
        for relative, text in scaffold("Bench").items():
            (folder / relative).parent.mkdir(parents=True, exist_ok=True)
            (folder / relative).write_text(text, encoding="utf-8")
        header, *rows_ = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
        cards = [rows_[i % len(rows_)].replace(rows_[i % len(rows_)].split(",")[0], f"Card {i}", 1)
                 for i in range(50)]  # fmt: skip
        cards = [",".join([c.split(",")[0], "1", *c.split(",")[2:]]) for c in cards]
        (folder / "cards.csv").write_text("\n".join([header, *cards]) + "\n", encoding="utf-8")

        def renamed(i: int, text: str) -> str:
            return text.replace(f"Card {i % 50},", f"Card {i % 50}!,", 1)

        few = _watched(folder, renamed, runs)
        big = write_designed_deck(Path(tmp) / "big", 1000)
        many = _watched(big, lambda i, text: _edit_text(text, 100 + 37 * i, i), runs)
    for label, times in (("50-card", few), ("1,000-card", many)):
        rows.append(
            (
                f"{label} designed deck: save to rebuilt sheets and proof (--watch)",
                f"{statistics.median(times):.2f} s ({len(times)}; "
                f"{min(times):.2f} to {max(times):.2f})",
                "target < 1 s",
            )
        )


def _edit_text(text: str, card: int, edit: int) -> str:
    """A designed deck's card list (bench/synthetic.py's) with card ``card``'s text
    changed, differently for each ``edit``."""
    import re

    found = re.search(rf"card {card} of the bench[^\"]*", text)
    assert found is not None
    return text.replace(found.group(0), f"card {card} of the bench (edit {edit}).", 1)


def _watched(folder: Path, edit, runs: int) -> list[float]:
    """Seconds from each save of ``folder``'s card list, changed by ``edit(i, text)``,
    to the rebuilt kit, in a ``build --watch`` started on a cache with no cards."""
    import subprocess
    import time

    cold()
    process = subprocess.Popen(
        [*_printkit(), "build", "--deck-dir", str(folder), "--out", str(folder.parent / "out"),
         "--template", "letter-3x3", "--watch"],
        stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip

    def wait(fragment: str) -> float:
        started = time.monotonic()
        while fragment not in process.stderr.readline():
            if process.poll() is not None:
                raise RuntimeError("the watch stopped")
        return time.monotonic() - started

    try:
        wait("watching")
        times = []
        path = folder / "cards.csv"
        for i in range(max(runs, 5)):
            time.sleep(0.5)
            path.write_text(edit(i, path.read_text(encoding="utf-8")), encoding="utf-8")
            times.append(wait("built"))
    finally:
        process.terminate()
        process.wait(timeout=10)
    return times


def rebuild(rows: list[tuple[str, str, str]], runs: int) -> None:
    """A designer's rebuild: a 1,000-card designed deck built again after one card's
    text is edited (printkit's cache keeps the rest) against a first build of it (the
    cache's cards forgotten), with its proofs and without, all measured in turn, round
    after round, each with a deck and a cache folder of its own. Wall time, and processor time
    (user and system, of printkit and every process it forks), as medians."""
    import itertools

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        edits = itertools.count()
        commands, hooks = {}, {}
        for name, extra in (("proofs", []), ("no proofs", ["--no-proofs"])):
            for kind in ("cold", "warm"):
                key = f"{name}, {kind}"
                run = work / key.replace(", ", "-").replace(" ", "-")
                folder = write_designed_deck(run / "deck", 1000)  # one card edited a run
                kept = run / "cache"

                def before(kind=kind, kept=kept, path=folder / "cards.csv") -> None:
                    if kind == "cold":
                        shutil.rmtree(kept / "forms", ignore_errors=True)
                    n = next(edits)
                    text = path.read_text(encoding="utf-8")
                    path.write_text(_edit_text(text, 100 + 37 * (n % 20), n), encoding="utf-8")

                commands[key] = ["env", f"PRINTKIT_CACHE={kept}", *_printkit(), "build",
                                 "--quiet", "--deck-dir", str(folder), *extra,
                                 "--out", str(run / "out")]  # fmt: skip
                hooks[key] = before
        got = measure_together(commands, runs=max(5, runs // 2), cwd=work, before=hooks)
    first = got["proofs, cold"]
    rows.append(
        (
            "1,000-card designed deck, first build with proofs, processor time",
            f"{first.cpu_s:.2f} CPU-s, {first.median_s:.2f} s wall ({first.runs})",
            "target <= 5 CPU-s",
        )
    )
    for name, label in (("proofs", "build"), ("no proofs", "build --no-proofs")):
        warm, cold_ = got[f"{name}, warm"], got[f"{name}, cold"]
        rows.append(
            (
                f"1,000-card designed deck, one card edited, {label}: again vs first",
                f"{warm.median_s:.2f} s ({warm.cpu_s:.2f} CPU-s) vs {cold_.median_s:.2f} s "
                f"({cold_.cpu_s:.2f} CPU-s): {warm.median_s / cold_.median_s:.2f}x ({warm.runs})",
                "target <= 1 s" if name == "proofs" else "-",
            )
        )


def images(rows: list[tuple[str, str, str]], runs: int) -> None:
    """A folder of 500 different shop-size card images (822 x 1122 px) to sheets, beside
    plain reportlab printing the same images in the same run; and peak memory at 30 and
    300 images, which would be flat if images were never all held at once. One run each:
    each takes a minute or more."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        write_card_images(work / "i500", 500)
        for count in (30, 300):
            (work / f"i{count}").mkdir()
            for path in [
                *sorted((work / "i500").glob("card*.png"))[:count],
                work / "i500" / "back.png",
            ]:
                (work / f"i{count}" / path.name).hardlink_to(path)  # a link out would be refused

        def sheets(count: int) -> list[str]:
            return [*_printkit(), "sheets", "--images", str(work / f"i{count}"), "--template",
                    "letter-3x3", "-o", str(work / f"out{count}" / "images.pdf")]  # fmt: skip

        got = measure_together(
            {"printkit": sheets(500), "reportlab": _reference("images", str(work / "i500"),
                                                            str(work / "ref.pdf"))},
            runs=1,
            cwd=work,
            before={"printkit": cold},
        )  # fmt: skip
        mine, other = got["printkit"], got["reportlab"]
        rows.append(
            (
                "500 card images (822 x 1122 px) to sheets, printkit vs reportlab",
                f"{mine.median_s:.1f} s vs {other.median_s:.1f} s: "
                f"{mine.median_s / other.median_s:.2f}x (1)",
                "-",
            )
        )
        rows.append(
            (
                "peak memory, 500 card images, printkit vs reportlab",
                f"{mine.peak_rss_mib:.0f} MiB vs {other.peak_rss_mib:.0f} MiB",
                "-",
            )
        )
        few, many = (measure(sheets(count), runs=1, warmup=0, cwd=work, before=cold)
                     for count in (30, 300))  # fmt: skip
        rows.append(
            (
                "peak memory, 300 against 30 card images",
                f"{many.peak_rss_mib:.0f} MiB vs {few.peak_rss_mib:.0f} MiB: "
                f"{many.peak_rss_mib / few.peak_rss_mib:.2f}x",
                "target <= 1.5x",
            )
        )


def memory(rows: list[tuple[str, str, str]], runs: int) -> None:
    """Peak memory of a whole build, summed over every process it forks (PSS), for
    designed decks of 300, 3,000 and 10,000 different cards (``build --deck-dir``, proofs
    and all) and catalogue decks of 300 and 3,000 (``build --deck``): flat when no file is
    held whole and no card is kept once drawn. One run each."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        designed = {}
        for count in (300, 3000, 10_000):
            folder = write_designed_deck(work / f"designed-{count}", count)
            command = [*_printkit(), "build", "--quiet", "--deck-dir", str(folder), "--out",
                       str(work / f"out-designed-{count}")]  # fmt: skip
            cold()
            designed[count] = summed_peak(command, cwd=work)
        catalogue = {}
        for count in (300, 3000):
            deck = write_synthetic_deck(work / f"data-{count}", count)
            command = [*_printkit(), "build", "--quiet", "--data-dir", str(work / f"data-{count}"),
                       "--deck", deck, "--out", str(work / f"out-catalogue-{count}")]  # fmt: skip
            cold()
            catalogue[count] = summed_peak(command, cwd=work)
        seconds, peak = designed[10_000]
        rows.append(
            (
                "peak memory (PSS, every process), designed deck of 10,000 cards, build",
                f"{peak:.0f} MiB, {seconds:.0f} s (1)",
                "target <= 200 MiB",
            )
        )
        for name, found in (("designed", designed), ("catalogue", catalogue)):
            few, many = found[300][1], found[3000][1]
            rows.append(
                (
                    f"peak memory (PSS), {name} deck build, 3,000 against 300 cards",
                    f"{many:.0f} MiB vs {few:.0f} MiB: {many / few:.2f}x (1)",
                    "target <= 1.3x",
                )
            )


BENCHMARKS = {
    "companion": companion,
    "kit": kit,
    "ratios": ratios,
    "synthetic": synthetic,
    "limits": limits,
    "watch": watch,
    "rebuild": rebuild,
    "images": images,
    "memory": memory,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (median kept)")
    parser.add_argument("--only", choices=list(BENCHMARKS), action="append", help="run only these")
    parser.add_argument("--write", action="store_true", help="also write bench/RESULTS.md")
    args = parser.parse_args()

    # printkit's modules byte-compiled first, as pip does when it installs a wheel and as
    # Python does on a first run: where PYTHONDONTWRITEBYTECODE is set (this machine sets
    # it) an editable install would otherwise compile its sixty modules on every command,
    # and every figure would measure the compiler.
    compileall.compile_dir(str(ROOT / "printkit"), quiet=1)
    compileall.compile_file(str(ROOT / "bench" / "reference.py"), quiet=1)
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory(prefix="printkit-bench-cache-") as kept:
        os.environ["PRINTKIT_CACHE"] = kept
        for name in args.only or BENCHMARKS:
            BENCHMARKS[name](rows, args.runs)

    header = ("measurement", "median (runs)", "target")
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
