"""The statistics of 10,000 stored games: a log of 10,000 finished games of every kind,
made as play writes them, read by what `boardlight stats` computes, every game counted.
The time it takes (CPU, best of 3, and on the clock) is printed, not asserted: speed is
the benchmark's to check (bench/stats.py)."""

import sys
import time
from pathlib import Path

import pytest

from big_log import SOURCES, build_log

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

GAMES = 10000


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_stats_of_ten_thousand_games_count_every_game(tmp_path, capsys):
    from boardlight.commands.stats import stats_lines
    from boardlight.stats.load import load
    from boardlight.stats.ratings import Ratings
    from boardlight.stats.summary import summarize
    from boardlight.store.gamelog import Store

    path = tmp_path / "big.sqlite3"
    build_log(path, GAMES)
    best = None
    for _ in range(3):
        began, wall = time.process_time(), time.perf_counter()
        with Store(path, readonly=True) as store:
            played, problems = load(store)
        data = summarize(played, None, Ratings(played))
        lines = stats_lines(data)
        took = time.process_time() - began
        wall = time.perf_counter() - wall
        best = took if best is None else min(best, took)
    with capsys.disabled():
        print("\nstats of %d games: %.3f s of CPU (best of 3), %.3f s on the clock"
              % (GAMES, best, wall))
    assert not problems
    assert data["games"] == GAMES and len(played) == GAMES
    counts = {g: data["by_game"][g]["games"] for g in data["by_game"]}
    per_source = GAMES // len(SOURCES)
    assert counts == {"fits": 4 * per_source, "zatre": 3 * per_source,
                      "forbes": 3 * per_source}
    assert lines[0] == "10000 finished games: FITS 4000, Zatre 3000, Forbes 3000"

