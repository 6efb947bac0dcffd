"""`boardlight hint fits|zatre|forbes FILE`: the engine's best move and its ranking, with
exact values on the engine tests' hand-built positions (tests/core/*/test_engine.py), the
values worked out by hand or by the rules' own scoring."""

import json

import pytest

from boardcore.fits.board import Board
from boardcore.fits.layouts import default_layout
from boardcore.fits.score import score_board
from boardcore.zatre.score import bonus
from boardcore.zatre import engine as zatre_engine
from boardlight.cli import main

# Board 1, rows 1 and 2 covered but for column 6 (test_a_drop_that_completes_two_rows_on_board_1):
# only the upright I3 in column 6 completes both rows.
TWO_ROWS = "FITS board 1\n" + "".join("%2d  .  .  .  .  .  .\n" % r for r in range(12, 2, -1)) + \
    " 2  #  #  #  #  #  .\n 1  #  #  #  #  #  .\n    1  2  3  4  5  6\n"

# A 4 at (7,7), a 5 at (2,4), Ann holds a 6 and her sheet's row 1 has its 11 and 12
# (test_a_ten_that_completes_a_sheet_row_beats_an_eleven).
BONUS = """zatre position
players: Ann, Bob
options: strict_adjacency=off centre_doubles=off
to move: Ann
bag: 118
board:
----...-...----
-.............-
-...5.........-
-.............-
...............
...............
...............
-......4......-
...............
...............
...............
-.............-
-.............-
-.............-
----...-...----
hand Ann: 6
hand Bob:
sheet Ann: crosses=0 10= 11=2 12=4
sheet Bob: crosses=0 10= 11= 12=
"""

# Three corners are squares and Ann holds three square cards
# (test_a_stone_that_completes_the_corners_for_its_own_cards).
CORNERS = """forbes-position 1
board S..S
board ....
board ....
board S...
hand Ann SSSX
hand Bob TTCC
hand Cy XXTC
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def _score_after(board, tile, o, c):
    b = board.copy()
    b.drop(tile, o, c)
    return score_board(b, default_layout(1))["total"]


def test_fits_the_two_row_drop_and_every_value_is_the_round_score(tmp_path, capsys):
    path = _write(tmp_path, "pos.txt", TWO_ROWS)
    # On the round's last card every value is the board's final score: the rules' scoring.
    out = _json(capsys, ["hint", "fits", path, "--tile", "I3", "--to-come", "none", "--level", "3", "--json"])
    board = Board()
    for r in (1, 2):
        for c in range(1, 6):
            board.set_cell(r, c, "?")
    assert out["best"] == {"move": {"orientation": 2, "column": 6, "row": 1}, "value": -57.0}
    expected = {(o, c): _score_after(board, "I3", o, c) for o, c, _ in board.legal_drops("I3")}
    expected["pass"] = score_board(board, default_layout(1))["total"]
    got = {("pass" if m["move"] == "pass" else (m["move"]["orientation"], m["move"]["column"])): m["value"]
           for m in out["moves"]}
    assert got == expected and expected[(2, 6)] == -57 and expected["pass"] == -62
    assert [m["value"] for m in out["moves"]] == sorted(got.values(), reverse=True)
    assert out["to_come"] == [] and out["tile"] == "I3" and out["board"] == 1
    # In words: the best, then every move ranked.
    assert main(["hint", "fits", path, "--tile", "i3", "--to-come", "none", "--level", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "best: I3 2 6, rests on row 1, -57.0"
    assert lines[3] == "  2 6  row 1    -57.0"


def test_fits_a_position_needs_its_tile(tmp_path, capsys):
    path = _write(tmp_path, "pos.txt", TWO_ROWS)
    assert main(["hint", "fits", path]) == 2
    assert "say which tile to place with --tile" in capsys.readouterr().err
    assert main(["hint", "fits", path, "--tile", "Q9"]) == 2
    assert "unknown FITS tile 'Q9'" in capsys.readouterr().err


def test_zatre_the_bonus_beats_the_eleven_and_the_json_keeps_its_keys(tmp_path, capsys):
    path = _write(tmp_path, "pos.txt", BONUS)
    out = _json(capsys, ["hint", "zatre", path, "--level", "3"])
    # Before: the keys `hint zatre` has always printed, the best by immediate points (an 11).
    assert sorted(out) == ["best", "cells", "compact", "engine", "first_turn", "hand", "must_place",
                           "player", "turns"]
    assert out["best"]["points"] == 2 and out["best"]["sums"] == [11]
    # The engine at level 3: a 10 beside the 4 is 1 point + the row's bonus 3, less the
    # row's credit it had with two of three sums (0.25 x 3); an 11 beside the 5 is 2 points
    # + the credit of the 11 column's second row, now with one sum (0.15 x 3).
    ten = 1 + bonus(0) - zatre_engine.W_TWO * bonus(0)
    eleven = 2 + zatre_engine.W_ONE * bonus(1)
    assert (ten, eleven) == (3.25, 2.45)
    engine = out["engine"]
    assert engine["level"] == 3 and engine["best"]["value"] == ten
    values = {(t["tiles"][0]["row"], t["tiles"][0]["col"]): t["value"] for t in engine["turns"]}
    assert values == {(6, 7): ten, (7, 6): ten, (7, 8): ten, (8, 7): ten,
                      (1, 4): eleven, (2, 3): eleven, (2, 5): eleven, (3, 4): eleven}
    assert _json(capsys, ["hint", "zatre", path, "--level", "3", "--json"]) == out
    assert main(["hint", "zatre", path, "--level", "3", "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "best: 6@6,7 (1 point now), +3.25"
    assert lines[3:5] == ["  6@6,7                   1    +3.25", "  6@7,6                   1    +3.25"]


def test_forbes_the_fourth_corner_for_three_square_cards(tmp_path, capsys):
    path = _write(tmp_path, "pos.txt", CORNERS)
    # Three stones on the board, three players: the fourth turn is the first hand's again.
    out = _json(capsys, ["hint", "forbes", path, "--stone", "S", "--level", "1", "--json"])
    assert out["player"] == "Ann" and out["cards"] == "SSSX"
    cells = out["stones"]["S"]["cells"]
    # Level 1 counts the points completed now: the corners pay 10 per square card.
    assert cells[0] == {"row": 3, "col": 3, "value": 30.0}
    assert all(c["value"] == 0.0 for c in cells[1:]) and len(cells) == 13
    # Whose hint: the player named; and without a stone, the best cell for each stone.
    out = _json(capsys, ["hint", "forbes", path, "--player", "Bob", "--level", "1", "--json"])
    assert out["player"] == "Bob" and sorted(out["stones"]) == ["C", "S", "T", "X"]
    # In words; at levels 4-5 the values are said to be win shares, not points.
    assert main(["hint", "forbes", path, "--stone", "s", "--level", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:4] == ["square: best row 3, column 3 (+30.0 pts)",
                          "every empty cell, best first (ROW COL, value):", "  3 3  +30.0 pts"]
    assert main(["hint", "forbes", path, "--stone", "S", "--level", "4"]) == 0
    assert "values are WIN SHARES, not points" in capsys.readouterr().out


def test_forbes_a_record_gives_the_hint_to_its_player_to_move(tmp_path, capsys):
    record = _write(tmp_path, "match.txt", "forbes-match 1\nplayers Ann Bob Cy\ngame dealer Ann\n"
                    "hand Ann SSSX\nhand Bob TTCC\nhand Cy XXTC\n"
                    "move Ann S 0 0\nmove Bob S 0 3\nmove Cy S 3 0\n")
    out = _json(capsys, ["hint", "forbes", record, "--stone", "S", "--level", "1", "--json"])
    assert out["player"] == "Ann" and out["stones"]["S"]["best"] == {"row": 3, "col": 3, "value": 30.0}
    assert main(["hint", "forbes", record, "--player", "Bob", "--stone", "S"]) == 2
    assert "Bob is not to play: Ann is" in capsys.readouterr().err
    assert main(["hint", "forbes", record, "--stone", "Q"]) == 2
    assert "a Forbes stone is S, T, C or X" in capsys.readouterr().err
