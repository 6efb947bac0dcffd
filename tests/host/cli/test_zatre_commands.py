"""`boardlight replay zatre`, `boardlight hint zatre` and the line-based game."""

import json

from click.testing import CliRunner

from boardcore.zatre.position import parse_position
from boardcore.zatre.record import format_record, parse_record, replay
from boardlight.cli import cli, main
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from tui_helpers import plain_game

# Seed 3 deals Ann 1 3 4, then Bob 1 1, Ann 1 6, Bob 2 3 (the replay checks this).
RECORD = """\
zatre record
players: Ann, Bob
seed: 3
options: strict_adjacency=off centre_doubles=off
# turn 1: column 7 = 3+1 = 4, row 7 = 4+1 = 5: nothing
1 Ann: 1@7,7 3@6,7 4@7,6
# column 7 rows 5-7 = 1+3+1 = 5, row 7 columns 5-7 = 1+4+1 = 6: nothing
2 Bob: 1@5,7 1@7,5
# column 7 rows 4-7 = 6; row 7 columns 4-7 = 6+1+4+1 = 12: 4 points
3 Ann: 1@4,7 6@7,4
# one run holds both: column 7 rows 3-8 = 2+1+1+3+1+3 = 11: 2 points
4 Bob: 2@3,7 3@8,7
"""


def _position(hand_line="hand Ann: 6 6", bag=118):
    rows = ["----...-...----"] + ["-.............-"] * 3 + ["..............."] * 3
    rows += ["-......6......-"] + ["..............."] * 3 + ["-.............-"] * 3 + ["----...-...----"]
    return "\n".join(
        ["zatre position", "players: Ann, Bob", "options: strict_adjacency=off centre_doubles=off",
         "to move: Ann", "bag: %d" % bag, "board:"] + rows
        + [hand_line, "hand Bob:", "sheet Ann: crosses=0 10= 11= 12=", "sheet Bob: crosses=0 10= 11= 12="]
    ) + "\n"


def test_replay_prints_sheets_and_totals(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(RECORD)
    res = CliRunner().invoke(cli, ["replay", "zatre", str(path)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["turns"] == 4 and out["finished"] is False and out["tiles_on_board"] == 9
    ann, bob = out["players"]
    # Ann: one entry of 4 in the 12 column; she holds the 2 and 6 drawn for turn 5, which
    # cost nothing mid-game (the rules subtract held tiles at the end): score 4, not 4 - 8.
    assert ann["sheet"]["12"] == [4] and ann["sheet"]["total"] == 4
    assert ann["held"] == [2, 6] and ann["penalty"] == 0 and ann["score"] == 4
    # Bob: one 11 -> 2 points; holds nothing yet.
    assert bob["sheet"]["11"] == [2] and bob["score"] == 2


def test_replay_refuses_an_illegal_turn_with_rule_and_place(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    # Turn 3 (line 10 of the file) puts the 6 at (2,2), far from every tile.
    path.write_text(RECORD.replace("3 Ann: 1@4,7 6@7,4", "3 Ann: 1@4,7 6@2,2"))
    assert main(["replay", "zatre", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad.txt:10, turn 3 (Ann): (2,2) touches no tile on the board" in err


def test_replay_refuses_a_run_of_13(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    # 6@7,8 then 1@7,9: row 7, columns 5-9 = 1+4+1+6+1 = 13.
    path.write_text(RECORD.replace("3 Ann: 1@4,7 6@7,4", "3 Ann: 6@7,8 1@7,9"))
    assert main(["replay", "zatre", str(path)]) == 2
    assert "turn 3 (Ann): row 7, columns 5-9 would sum to 13" in capsys.readouterr().err


def test_replay_refuses_tiles_not_dealt_and_wrong_player(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(RECORD.replace("2 Bob: 1@5,7 1@7,5", "2 Bob: 1@5,7 2@7,5"))
    assert main(["replay", "zatre", str(path)]) == 2
    assert "turn 2 (Bob): tile 2 of the turn: you hold 1 and 1, no 2 to place" in capsys.readouterr().err
    path.write_text(RECORD.replace("2 Bob: 1@5,7 1@7,5", "2 Ann: 1@5,7 1@7,5"))
    assert main(["replay", "zatre", str(path)]) == 2
    assert "turn 2 is Bob's, not Ann's" in capsys.readouterr().err


def test_record_round_trip():
    g = replay(parse_record(RECORD))
    assert replay(parse_record(format_record(g))).final_scores() == g.final_scores() == [-4, 2]


def test_hint_for_a_position(tmp_path):
    path = tmp_path / "pos.txt"
    path.write_text(_position())
    res = CliRunner().invoke(cli, ["hint", "zatre", str(path)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    # Worked in tests/core/conformance/zatre/hint_two_sixes.json: 12 turns, all make 12, 8 points.
    assert out["compact"] == {"best_sum": 12, "ways": 12, "best_points": 8, "turns": 12}
    assert out["must_place"] == 2 and len(out["turns"]) == 12
    # Best: 8 points and a cross (second 6 on a grey square beside the first).
    best = out["best"]
    assert best["points"] == 8 and best["crosses"] == 1 and best["order"] == "as listed"
    assert best["sums"] == [12, 12]
    cell = [c for c in out["cells"] if (c["row"], c["col"]) == (6, 7)][0]
    assert cell["complete"] == {"10": [4], "11": [5], "12": [6]} and cell["forbidden"] == []


def test_position_errors_name_the_line(tmp_path, capsys):
    path = tmp_path / "pos.txt"
    path.write_text(_position(bag=117))
    assert main(["hint", "zatre", str(path)]) == 2
    assert "board and hands hold 3 tiles and the bag 117: together they must make 121" in capsys.readouterr().err
    path.write_text(_position().replace("-......6......-", "-......7......-"))
    assert main(["hint", "zatre", str(path)]) == 2
    assert "pos.txt:14: board (7,7): '.' or a tile 1-6 expected, not '7'" in capsys.readouterr().err


def test_position_hand_sizes(tmp_path, capsys):
    path = tmp_path / "pos.txt"
    # After the first turn a hand holds at most 2 tiles (the bag count keeps 121 in total).
    path.write_text(_position(hand_line="hand Ann: 6 6 1", bag=117))
    assert main(["hint", "zatre", str(path)]) == 2
    assert "a hand holds at most 2 tiles here, got 3" in capsys.readouterr().err


def test_position_round_trip():
    pos = parse_position(_position())
    assert pos.hands == [[6, 6], []] and pos.bag == 118 and not pos.first_turn


def test_line_game_plays_refuses_and_hints(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        session = ZatreSession.start(store, ["Ann", "Bob"], 3)  # Ann: 1 3 4 (see RECORD)
        status, said = plain_game(session, ["help", "1@7,8 3@6,7 4@7,6", "1@7,7 3@6,7 4@7,6",
                                            "hint", "sheet 1", "sheet Bob", "quit"])
    g = session.core
    text = "\n".join(said)
    assert "Opening draw 1: Ann 5, Bob 1" in text and "Ann starts." in text
    assert "the first tile of the game goes on the red start square (7,7), not (7,8)" in said
    assert "Ann: 0 points (no 10-12)." in said
    assert "Zatre #1 · turn 2 · bag 116" in text and "To move: Bob  hand 1 1, place 2" in text
    assert "Hint for Bob shown." in said and "Showing Bob's score sheet." in said
    assert status == "playing" and g.turns == 1 and g.current == 1


def test_line_game_writes_the_record(tmp_path):
    rec = tmp_path / "rec.txt"
    with Store(tmp_path / "log.sqlite3") as store:
        session = ZatreSession.start(store, ["Ann", "Bob"], 3)
        plain_game(session, ["1@7,7 3@6,7 4@7,6", "1@5,7 1@7,5", "quit"], record=str(rec))
    assert replay(parse_record(rec.read_text())).turns == 2
