"""`boardlight stats` over a big game log: 10,000 finished games (tests/big_log.py: real
games of every kind, copied with their actions and checksums under other names and dates).

Prints how long the statistics take in the process (reading the log's result rows, the
summaries, the ratings of every game, the text), best of 5 runs, what one `boardlight stats`
command takes from the shell (Python's start and imports included), and the same with
--json and for one player.
Usage: .venv/bin/python bench/stats.py [GAMES]
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from big_log import build_log, describe  # noqa: E402


def stats_seconds(path, runs=5, players=None):
    """The best time of `runs` in-process runs of what `boardlight stats` computes."""
    from boardlight.commands.stats import stats_lines
    from boardlight.stats.load import load
    from boardlight.stats.ratings import Ratings
    from boardlight.stats.summary import summarize
    from boardlight.store.gamelog import Store

    best = None
    for _ in range(runs):
        began = time.perf_counter()
        with Store(path, readonly=True) as store:
            played, problems = load(store)
        data = summarize(played, players, Ratings(played))
        lines = stats_lines(data)
        took = time.perf_counter() - began
        best = took if best is None else min(best, took)
    assert not problems, problems
    return best, data, lines


def command_seconds(path, *args):
    exe = Path(sys.executable).with_name("boardlight")
    began = time.perf_counter()
    subprocess.run([str(exe), "stats", "--db", str(path)] + list(args), check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.sqlite3"
        began = time.perf_counter()
        actions = build_log(path, games)
        built = time.perf_counter() - began
        size = os.path.getsize(path) + (os.path.getsize(str(path) + "-wal")
                                        if os.path.exists(str(path) + "-wal") else 0)
        print("log: %d finished games %s, %d actions, %.0f MB, made in %.1f s"
              % (games, describe(path), actions, size / 1e6, built))
        seconds, data, lines = stats_seconds(path)
        print("stats in the process (best of 5): %.3f s for %d games" % (seconds, data["games"]))
        one, _, _ = stats_seconds(path, players=["Ann"])
        print("stats --player Ann in the process (best of 5): %.3f s" % one)
        print("boardlight stats (the command, Python's start included): %.2f s"
              % command_seconds(path))
        print("boardlight stats --json: %.2f s" % command_seconds(path, "--json"))
        print(lines[0])


if __name__ == "__main__":
    main()
