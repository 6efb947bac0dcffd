"""The records' lines for an action taken back (FITS `undone:`, Zatre and Forbes `undo`):
written by format_record, read by parse_record, checked by replay (the action taken back
must have been legal), the same on MicroPython (96 KB, from .mpy) as on CPython; records
without them read as before."""

import json

import pytest

from boardcore.errors import FormatError, RuleError
from conftest import run_on

FITS = """FITS game record
Players: Ann Bob
Seed: 7
Boards: 1

Round 1 board 1
start: Ann U 1/3, Bob Y 2/1
# taken back by terminal at 2025-03-01 20:00:00
undone: Ann 2/2
card Y: Ann 1/4, Bob skip
undone: Ann 1/1
undone: Ann pass
"""

ZATRE = """zatre record
players: Ann, Bob
seed: 3
options: strict_adjacency=off centre_doubles=off
1 Ann: 1@7,7 3@6,7 4@7,6
# taken back by terminal at 2025-03-01 20:00:00
undo
1 Ann: 4@7,7 3@7,8 1@7,9
"""

FORBES = """forbes-match 1
players Ann Bob
seed 42
game dealer Ann
move Ann T 0 0
undo  # taken back by terminal at 2025-03-01 20:00:00
move Ann T 1 2
"""


def test_fits_undone_lines_are_checked_and_written_back():
    from boardcore.fits.record import format_record, parse_record, replay

    record = parse_record(FITS, "g.txt")
    assert record.rounds[0]["undone"] == [(-1, "Ann", (2, 2), 9), (0, "Ann", (1, 1), 11),
                                          (0, "Ann", "pass", 12)]
    game = replay(record)
    assert [d[:3] for d in game.board("Ann").drops] == [("U", 1, 3), ("Y", 1, 4)]
    again = format_record(game, [(0, -1, 0, (2, 2), "taken back by terminal at"
                                  " 2025-03-01 20:00:00"), (0, 0, 0, (1, 1), None),
                                 (0, 0, 0, "pass", None)])
    assert again == FITS.replace("Seed: 7\nBoards: 1\n", "Seed: 7\nBoards: 1\nStartTiles: P T5"
                                 " U Y\nMaxOverhang: none\n")
    # A drop taken back must have been possible on the board as it was then.
    with pytest.raises(RuleError, match=r"^g\.txt:11: undone Ann 1/7 on card Y: "):
        replay(parse_record(FITS.replace("undone: Ann 1/1", "undone: Ann 1/7"), "g.txt"))
    with pytest.raises(RuleError, match="undone: Bob skips card Y: there is nothing to take"):
        replay(parse_record(FITS + "undone: Bob 1/1\n", "g.txt"))
    with pytest.raises(FormatError, match="g.txt:7: an 'undone:' line follows the start"):
        parse_record(FITS.replace("start: Ann U 1/3, Bob Y 2/1\n", "undone: Ann 1/1\nstart:"
                                  " Ann U 1/3, Bob Y 2/1\n"), "g.txt")
    with pytest.raises(FormatError, match="undone: skip is not a drop"):
        parse_record(FITS + "undone: Ann skip\n", "g.txt")


def test_zatre_undo_takes_back_the_turn_above_it():
    from boardcore.zatre.record import format_record, parse_record, replay

    record = parse_record(ZATRE, "z.txt")
    assert record.turns == [(8, "Ann", [(7, 7, 4), (7, 8, 3), (7, 9, 1)])]
    assert record.undone == [(0, 5, "Ann", [(7, 7, 1), (6, 7, 3), (7, 6, 4)])]
    game = replay(record)
    assert game.turns == 1 and game.hand() == [1, 1]  # Bob draws 1 1 whatever Ann played
    assert format_record(game, [(0, 0, [(7, 7, 1), (6, 7, 3), (7, 6, 4)],
                                 "taken back by terminal at 2025-03-01 20:00:00")]) == ZATRE
    with pytest.raises(RuleError, match=r"^z\.txt:5, undone turn 1 \(Ann\): "):
        replay(parse_record(ZATRE.replace("1 Ann: 1@7,7 3@6,7 4@7,6", "1 Ann: 1@1,1"), "z.txt"))
    # Two in a row would take back a turn after which the next player had drawn.
    with pytest.raises(FormatError, match="z.txt:8: 'undo' takes back the turn line just above"):
        parse_record(ZATRE.replace("undo\n", "undo\nundo\n"), "z.txt")


def test_forbes_undo_gives_the_stone_back_to_be_placed_again():
    from boardcore.forbes.match import Match
    from boardcore.forbes.record import format_record, parse_record, replay

    record = parse_record(FORBES, "m.txt")
    assert record.games[0].undone == [(0, 5, "Ann", "T", 0, 0)]
    match = replay(record)
    assert match.game.moves == [(0, "T", 1, 2)] and match.game.board[0] == "."
    live = Match(["Ann", "Bob"], seed=42)
    game = live.start_game()
    game.play(0, 0, 0)
    assert game.take_back() == (0, "T", 0, 0) and game.stone == "T"
    game.place(0, 1, 2)
    assert format_record(live.players, live.options, [game], seed=42, undone=[
        (0, 0, 0, "T", 0, 0, "taken back by terminal at 2025-03-01 20:00:00")]) == FORBES
    with pytest.raises(FormatError, match="m.txt:7: Ann drew a T: the move after an undo"
                                          " places that stone, not a S"):
        replay(parse_record(FORBES.replace("move Ann T 1 2", "move Ann S 1 2"), "m.txt"))
    with pytest.raises(FormatError, match="m.txt:5: 'undo' takes back the move line just"):
        parse_record(FORBES.replace("move Ann T 0 0\n", ""), "m.txt")


def test_take_back_refuses_past_a_draw_and_after_the_end():
    from boardcore.forbes.errors import DrawError, GameOverError
    from boardcore.forbes.game import Game

    game = Game(["Ann", "Bob"], dealer=0, hands=["SSTC", "TCXX"])
    with pytest.raises(DrawError, match="no stone has been placed"):
        game.take_back()
    game.play(0, 0, 0, "T")
    game.draw(1, "S")
    with pytest.raises(DrawError, match="Bob has drawn a stone since"):
        game.take_back()
    game.place(1, 0, 1)
    for i in range(2, 16):
        game.play(game.current, i // 4, i % 4, "SSTTCCXX"[i % 8])
    with pytest.raises(GameOverError, match="every hand has been shown"):
        game.take_back()


# One game's modules at a time, as the device loads them.
SCRIPTS = {
    "fits": ("from boardcore.fits.record import parse_record, replay\n"
             "game = replay(parse_record(%r, 'g.txt'))\n"
             "print(json.dumps([list(d[:3]) for d in game.board('Ann').drops]))" % FITS,
             [["U", 1, 3], ["Y", 1, 4]]),
    "zatre": ("from boardcore.zatre.record import parse_record, replay\n"
              "game = replay(parse_record(%r, 'z.txt'))\n"
              "print(json.dumps([game.hand(), game.turns]))" % ZATRE, [[1, 1], 1]),
    "forbes": ("from boardcore.forbes.record import parse_record, replay\n"
               "match = replay(parse_record(%r, 'm.txt'))\n"
               "print(json.dumps([list(m) for m in match.game.moves]))" % FORBES,
               [[0, "T", 1, 2]]),
}


@pytest.mark.parametrize("game", sorted(SCRIPTS))
@pytest.mark.parametrize("interpreter", ["micropython", "micropython-96k"])
def test_the_same_on_micropython(interpreter, game, tmp_path):
    text, expected = SCRIPTS[game]
    script = tmp_path / ("undo_%s.py" % game)
    script.write_text("import json\n" + text + "\n")
    for where in ("cpython", interpreter):
        proc = run_on(where, script)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert json.loads(proc.stdout) == expected, where
