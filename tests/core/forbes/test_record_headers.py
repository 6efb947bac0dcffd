"""Forbes: match-record header lines that contradict each other are refused."""

import pytest

from boardcore.errors import FormatError
from boardcore.forbes.match import Match
from boardcore.forbes.record import format_record, parse_record, score_record


def test_a_second_seed_line_is_refused_not_silently_used():
    match = Match(["Ann", "Bob"], seed=77)
    game = match.start_game()
    while not game.over:
        i = game.board.index(".")
        game.play(game.current, i // 4, i % 4)
    match.end_game()
    text = format_record(match.players, match.options, [game], seed=77)
    assert score_record(parse_record(text))["seed"] == 77
    # Before: the last seed line won, and the record was checked against seed 78.
    doubled = text.replace("seed 77\n", "seed 77\nseed 78\n")
    with pytest.raises(FormatError, match="m.txt:4: a second 'seed' line"):
        score_record(parse_record(doubled, "m.txt"))
