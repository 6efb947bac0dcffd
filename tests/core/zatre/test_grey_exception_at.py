"""The rule option grey_exception_at: when "a tile that can go nowhere else" is judged.
"tile" (the default): as each tile goes down, the turn's earlier tile included; "turn": on
the board as the turn began. The example of docs/rules.md and docs/zatre-rules.md."""

import pytest

from boardcore.zatre.board import Board, index
from boardcore.zatre.engine import Position, analyse, best
from boardcore.zatre.errors import GreyError, OptionError
from boardcore.zatre.game import Game
from boardcore.zatre.hint import compact_hint, legal_turns
from boardcore.zatre.moves import max_tiles
from boardcore.zatre.position import format_position, parse_position
from boardcore.zatre.record import format_record, parse_record, replay
from boardcore.zatre.rules import check_turn
from boardcore.zatre.score import ScoreSheet

# 6@7,7 6@7,8 4@8,7: a 3 fits nowhere but on a grey square (row 7 is 12 already, column
# 7 is 10, (6,8) (8,6) (8,8) are grey and make no 10-12 with a 3). So the first 3 goes on
# grey (6,8) by the exception; once it is down, a 3 at (5,8) makes column 8 = 3+3+6 = 12.
BOARD = [(7, 7, 6), (7, 8, 6), (8, 7, 4)]
TURN = [(6, 8, 3), (8, 6, 3)]


def _board():
    board = Board()
    for r, c, v in BOARD:
        board.put(index(r, c), v)
    return board


def _steps(turn):
    return [(index(r, c), v) for r, c, v in turn]


def test_judged_as_each_tile_goes_down_the_second_3_is_refused():
    with pytest.raises(GreyError, match=r"grey square \(8,6\).* a 3 could go elsewhere \(e.g. \(5,8\)\)"):
        check_turn(_board(), _steps(TURN))
    with pytest.raises(GreyError):
        check_turn(_board(), _steps(TURN), grey_at="tile")
    # The other order fails too: after 3@8,6 a 3 at (8,5) makes row 8 = 3+3+4 = 10.
    with pytest.raises(GreyError, match=r"e.g. \(8,5\)"):
        check_turn(_board(), _steps(TURN[::-1]))


def test_judged_at_the_start_of_the_turn_it_is_legal_in_either_order():
    for turn in (TURN, TURN[::-1]):
        r = check_turn(_board(), _steps(turn), grey_at="turn")
        assert (r.points, r.crosses) == (0, 0)
        assert sorted(r.runs) == [("column 8, rows 6-7", 9), ("row 8, columns 6-7", 7)]


def test_the_legal_turns_follow_the_option():
    key = tuple(sorted(_steps(TURN)))
    tile = {tuple(sorted(t[0])): t[1] for t in legal_turns(_board(), [3, 3])}
    turn = {tuple(sorted(t[0])): t[1] for t in legal_turns(_board(), [3, 3], grey_at="turn")}
    assert key not in tile and turn[key] is True  # legal, in either order
    assert set(tile) < set(turn)
    assert max_tiles(_board(), [3, 3]) == max_tiles(_board(), [3, 3], grey_at="turn") == 2
    assert compact_hint(_board(), [3, 3])[3] == len(tile)
    assert compact_hint(_board(), [3, 3], grey_at="turn")[3] == len(turn)


def test_an_unknown_reading_is_refused():
    with pytest.raises(OptionError, match="grey_exception_at is 'tile' or 'turn', not 'end'"):
        Game(["Ann"], 1, grey_exception_at="end")
    with pytest.raises(ValueError):
        check_turn(_board(), _steps(TURN), grey_at="end")


def _game_at_the_example(grey_at):
    # A game whose board is the example's and whose player to move holds 3 3: set up
    # through the game's own state (the seed's deal is beside the point here).
    g = Game(["Ann", "Bob"], seed=1, grey_exception_at=grey_at)
    g.board = _board()
    g.turns = 1
    g.hands[g.current] = [3, 3]
    return g


def test_the_game_plays_the_turn_only_with_the_turn_reading():
    with pytest.raises(GreyError):
        _game_at_the_example("tile").play(TURN)
    g = _game_at_the_example("turn")
    assert g.play(TURN).points == 0 and g.board.cells[index(8, 6)] == 3


def test_the_files_carry_the_option_and_leave_the_default_out():
    g = Game(["Ann", "Bob"], seed=7, grey_exception_at="turn")
    g.play([(7, 7, 2), (6, 7, 2), (7, 6, 4)])
    record = format_record(g)
    assert "options: strict_adjacency=off centre_doubles=off grey_exception_at=turn\n" in record
    assert replay(parse_record(record, "game.txt")).grey_at == "turn"
    position = format_position(g)
    assert parse_position(position, "pos.txt").grey_at == "turn"
    plain = Game(["Ann", "Bob"], seed=7)
    assert "options: strict_adjacency=off centre_doubles=off\n" in format_record(plain)
    assert replay(parse_record(format_record(plain), "game.txt")).grey_at == "tile"


def test_a_record_line_with_a_bad_reading_names_the_line():
    from boardcore.errors import FormatError

    text = "zatre record\nplayers: Ann\nseed: 1\noptions: grey_exception_at=end\n"
    with pytest.raises(FormatError, match=r"^game.txt:4: options: expected .*grey_exception_at=tile\|turn"):
        parse_record(text, "game.txt")


def test_the_engine_weighs_the_turns_the_option_allows():
    key = tuple(sorted(_steps(TURN)))
    for grey_at, count in (("tile", 8), ("turn", 9)):
        pos = Position(_board(), [3, 3], ScoreSheet(), [0] * 7, grey_at=grey_at)
        listed = [tuple(sorted(_steps(turn))) for turn, _ in analyse(pos, 3)]
        assert len(listed) == count and (key in listed) is (grey_at == "turn")
        for level in (1, 2, 3, 5):
            check_turn(_board(), _steps(best(pos, level)[0]), grey_at=grey_at)  # legal
