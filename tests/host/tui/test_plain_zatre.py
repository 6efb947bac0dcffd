"""Audit of the line-based Zatre game (boardlight.plain.zatre) as it reads at the table."""

from boardcore.zatre.score import ScoreSheet
from boardlight.plain.zatre import render_sheet


def _right_ends(line, labels):
    # Column index just past each label (labels found left to right).
    ends = []
    at = 0
    for label in labels:
        at = line.index(label, at) + len(label)
        ends.append(at)
    return ends


def test_sheet_columns_stand_under_their_heads_whatever_the_name():
    s = ScoreSheet()
    s.add((1, 2, 4), 1)  # row 1: 1, 2, 4, bonus 3, cross: (1 + 2 + 4 + 3) x 2 = 20
    s.add((2, 0, 8), 0)  # row 2: 2, -, 8: 10
    for name in ("Bo", "Christopher"):
        lines = render_sheet(name, s, [3]).split("\n")
        head = [ln for ln in lines if "bonus" in ln][0]
        row1 = [ln for ln in lines if ln.strip().startswith("row  1")][0]
        heads = _right_ends(head, ["x2", "10", "11", "12", "bonus", "total"])
        # Right-aligned boxes: X under x2, 1 under 10, 2 under 11, 4 under 12, 3 under bonus,
        # 20 under total (before the audit a long name pushed the heads to the right).
        after_row = row1[len("  row  1"):]
        values = [x + len("  row  1") for x in _right_ends(after_row, ["X", "1", "2", "4", "3", "20"])]
        assert values == heads, (name, head, row1)
        assert lines[-1] == "  total 30, held tiles 3: -3"


def test_a_record_that_cannot_be_written_does_not_end_the_game(tmp_path):
    from boardcore.zatre.game import Game
    from boardlight.plain.zatre import play

    g = Game(["Ann", "Bob"], seed=3)  # Ann 1 3 4, then Bob 1 1 (tests/host/cli/test_zatre_commands.py)
    lines = iter(["1@7,7 3@6,7 4@7,6", "1@5,7 1@7,5", "quit"])
    out = []
    play(g, read=lambda prompt: next(lines), write=out.append, record_path=str(tmp_path / "gone" / "g.txt"))
    text = "\n".join(out)
    assert "Could not write the record to %s" % (tmp_path / "gone" / "g.txt") in text
    assert "the game goes on" in text
    assert g.turns == 2  # both turns played; before the audit the first save raised


def test_the_board_symbols_are_explained_at_the_start_and_in_help():
    # '+' (an empty grey square) and '*' (the red start square) were shown but never explained.
    from boardcore.zatre.game import Game
    from boardlight.plain.zatre import play

    lines = iter(["help", "quit"])
    out = []
    play(Game(["Solo"], seed=2), read=lambda prompt: next(lines), write=out.append)
    legend = [k for k, text in enumerate(out) if "'+' an empty grey" in text and "'*' the red start" in text]
    assert len(legend) == 2  # once under the first board, once in the help
    assert out[legend[1]].startswith("Commands:")


def test_hints_lines_keep_points_apart_from_sums():
    # A lone 6 on (7,7), hand 6 and 6 (tests/core/conformance/zatre/hint_two_sixes.json): the best
    # turns make 12 and 12 for 8 points, and a cross when the second 6 is on a grey square.
    from boardcore.zatre.board import index
    from boardcore.zatre.game import Game
    from boardlight.plain.zatre import play

    g = Game(["Ann", "Bob"], seed=3)
    g.turns = 1  # past the first turn
    g.board.put(index(7, 7), 6)
    g.hands[g.current] = [6, 6]
    lines = iter(["hints 1", "quit"])
    out = []
    play(g, read=lambda prompt: next(lines), write=out.append)
    best = [x for x in out if x.startswith("  ")][-1]
    # Before the audit: "...: sums 12, 12, 8 points +1 cross" (8 read as a third sum).
    assert best.endswith(": 8 points +1 cross (sums: 12, 12)"), best
