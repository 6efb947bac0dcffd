"""The line-based Zatre game (tui.plain over the Zatre view) as it reads at the table."""

import pytest

from boardcore.zatre.board import index
from boardcore.zatre.score import ScoreSheet
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.view import view_for
from tui_helpers import plain_game


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _right_ends(line, labels):
    # Column index just past each label (labels found left to right).
    ends = []
    at = 0
    for label in labels:
        at = line.index(label, at) + len(label)
        ends.append(at)
    return ends


def test_sheet_columns_stand_under_their_heads_whatever_the_name(store):
    s = ScoreSheet()
    s.add((1, 2, 4), 1)  # row 1: 1, 2, 4, bonus 3, cross: (1 + 2 + 4 + 3) x 2 = 20
    s.add((2, 0, 8), 0)  # row 2: 2, -, 8: 10
    for name in ("Bo", "Christopher"):
        session = ZatreSession.start(store, [name, "Ann"], 3)
        session.core.sheets[0] = s
        view = view_for(session)
        view.plain = True
        view.handle("sheet 1")
        lines = view.peek.split("\n")
        head = [ln for ln in lines if "bonus" in ln][0]
        row1 = lines[1]
        heads = _right_ends(head, ["10", "11", "12", "bonus", "total"])
        # Right-aligned boxes: 1 under 10, 2 under 11, 4 under 12, 3 under bonus, 20 under
        # total, and the cross mark where "x2" begins, whatever the name's length.
        after_row = row1[len("     1 x"):]
        values = [x + len("     1 x") for x in _right_ends(after_row, ["1", "2", "4", "3", "20"])]
        assert values == heads, (name, head, row1)
        assert row1.index("x") == head.index("x2")
        assert lines[-1] == "sheet 30 (held tiles count at end)"


def test_a_record_that_cannot_be_written_does_not_end_the_game(store, tmp_path):
    # Seed 3: Ann 1 3 4, then Bob 1 1 (tests/host/cli/test_zatre_commands.py).
    session = ZatreSession.start(store, ["Ann", "Bob"], 3)
    gone = tmp_path / "gone" / "g.txt"
    _, said = plain_game(session, ["1@7,7 3@6,7 4@7,6", "1@5,7 1@7,5", "quit"],
                         record=str(gone))
    text = "\n".join(said)
    assert "Could not write the record to %s" % gone in text
    assert "the game goes on" in text
    assert session.core.turns == 2  # both turns played


def test_the_board_symbols_are_explained_at_the_start_and_in_help(store):
    # The grey squares and the red start square are explained, not only drawn.
    session = ZatreSession.start(store, ["Solo"], 2)
    _, said = plain_game(session, ["help", "quit"])
    legend = [k for k, text in enumerate(said) if "'▪' an empty grey" in text]
    assert len(legend) == 2  # once under the first board, once in the help
    assert "'*' the red start" in said[legend[0] + 1] and "'*' the red start" in said[legend[1] + 1]
    assert said[legend[1] - 2] == "quit       quit, resume later"  # the end of the help


def test_hint_lines_keep_points_apart_from_sums(store):
    # A lone 6 on (7,7), hand 6 and 6 (tests/core/conformance/zatre/hint_two_sixes.json): the best
    # turns make 12 and 12 for 8 points, and a cross when the second 6 is on a grey square.
    session = ZatreSession.start(store, ["Ann", "Bob"], 3)
    g = session.core
    g.turns = 1  # past the first turn
    g.board.put(index(7, 7), 6)
    g.hands[g.current] = [6, 6]
    _, said = plain_game(session, ["hint", "quit"])
    hint = said[said.index("Hint for Ann shown.") + 1].split("\n")
    # Each turn with its immediate points, crosses and (the engine's value, in points: the
    # cross and the bonuses it leads to are worth more than the points alone).
    assert hint[:3] == ["12 legal turns, best 8 pts", "best sum 12 (12 ways); best turns:",
                        "  6@6,7 6@6,6  8 pt x1 (17.0)"]
