"""The Forbes position file and match record: parsing, errors naming the line, round trips,
and a replay that checks every rule (docs/forbes-formats.md)."""

import pytest

from boardcore.errors import FormatError
from boardcore.forbes.match import Match
from boardcore.forbes.position import Position, format_position, parse_position
from boardcore.forbes.record import format_record, parse_record, score_record
from boardcore.forbes.rules import Options

def located(message, source):
    """The expected message as FormatError words it for a named file: "SOURCE:N: ..."."""
    if message.startswith("line "):
        number, rest = message[5:].split(":", 1)
        return "^%s:%s:%s" % (source.replace(".", r"\."), number, rest)
    return message


POSITION = """\
forbes-position 1
# the board of test_forbes_score's one-stone cross
option pay_once_per_player off
board SSTC
board SSSS
board XSST
board CSXS
hand Ann SSTC
hand Bob STXX   # one S card
"""


def test_a_position_parses_and_scores():
    pos = parse_position(POSITION, "cross.txt")
    assert pos.board == "SSTCSSSSXSSTCSXS" and pos.players == ["Ann", "Bob"]
    assert pos.hands == ["SSTC", "STXX"]
    # per S card: row1 2 + col1 2 + square00 4 + diagonal 6 + centre 8 = 22
    result = pos.score()
    assert result["full"] is True
    assert result["players"]["Ann"]["total"] == 44 and result["players"]["Bob"]["total"] == 22


def test_a_position_round_trips():
    pos = Position("SSTC" "...." "XSST" "CSXS", ["Ann", "Bob"], ["SSTC", "STXX"], Options(centre_also_square=True))
    text = format_position(pos)
    assert "option centre_also_square on" in text and "board ...." in text
    again = parse_position(text)
    assert (again.board, again.players, again.hands, again.options) == (pos.board, pos.players, pos.hands, pos.options)
    assert again.score()["full"] is False


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty file"),
        ("forbes-match 1\n", "line 1: first line must be 'forbes-position 1'"),
        ("forbes-position 2\n", "line 1: unsupported forbes-position version '2'"),
        ("forbes-position 1\nboard SSS\n", "line 2: a board line is 'board' and 4 cells"),
        ("forbes-position 1\nboard SSQS\n", "line 2: unknown cell 'Q'"),
        ("forbes-position 1\n" + "board STCX\n" * 5, "line 6: more than 4 board lines"),
        ("forbes-position 1\nboard SSSS\nhand Ann SSTCX\n", "line 3: Ann's hand 'SSTCX' must be 4 cards"),
        ("forbes-position 1\nhand Ann SSTC\nhand Ann STXX\n", "line 3: player 'Ann' has two hands"),
        ("forbes-position 1\n" + "board SSSS\n" * 3 + "hand A SSTC\n", "the board needs 4 'board' lines, found 3"),
        ("forbes-position 1\n" + "board STCX\n" * 4, "no 'hand' lines"),
        ("forbes-position 1\n" + "board STCX\n" * 4 + "hand A SSSS\nhand B SSTC\n", "6 cards of S dealt"),
        ("forbes-position 1\noption centre on\n", "line 2: unknown option 'centre'"),
        ("forbes-position 1\noption pay_once_per_player maybe\n", "line 2: option pay_once_per_player must be on or off"),
        ("forbes-position 1\nstone S\n", "line 2: unknown line 'stone'"),
    ],
)
def test_position_errors_name_the_line(text, message):
    with pytest.raises(FormatError, match=located(message, "pos.txt")):
        parse_position(text, "pos.txt")


# Two players; game 1 dealt by Ann, game 2 by Bob (second in game 1). Game 1: rows 0-2
# all S and row 3 T C X T: per S card 3 rows x 2 + 5 squares x 4 + centre 8 = 34
# (see test_forbes_match); Ann holds 2 S: 68, Bob none: 0. The target is 60, so the
# match ends after game 1 and game 2 is refused.
GAME1 = ["game dealer Ann", "hand Ann SSTC", "hand Bob TCXX"] + [
    "move %s %s %d %d" % ("AnnBob"[3 * (i % 2): 3 * (i % 2) + 3], ("SSSS" "SSSS" "SSSS" "TCXT")[i], i // 4, i % 4)
    for i in range(16)
]
HEAD = ["forbes-match 1", "players Ann Bob", "option target_score 60"]


def record(*lines):
    return "\n".join(list(lines)) + "\n"


def test_replay_scores_a_record():
    result = score_record(parse_record(record(*HEAD, *GAME1), "m.txt"))
    assert result["totals"] == {"Ann": 68, "Bob": 0}
    assert result["over"] is True and result["unfinished"] is None
    game = result["games"][0]
    assert game["dealer"] == "Ann" and game["board"] == "SSSSSSSSSSSSTCXT"
    assert [l["pattern"] for l in game["lines"]["Ann"]] == [
        "row0", "row1", "row2", "square00", "square01", "square02", "square10", "square12", "centre"]
    assert [(r["place"], r["name"]) for r in result["ranking"]] == [(1, "Ann"), (2, "Bob")]


def test_replay_reports_an_unfinished_last_game():
    result = score_record(parse_record(record("forbes-match 1", "players Ann Bob", *GAME1, "game dealer Bob", "hand Ann SSTC", "hand Bob TCXX", "move Bob S 0 0")))
    assert result["over"] is False  # target 100: 68 is not enough
    assert result["unfinished"] == {"number": 2, "moves": 1}
    assert result["totals"] == {"Ann": 68, "Bob": 0}


@pytest.mark.parametrize(
    "lines, message",
    [
        (HEAD + GAME1 + ["game dealer Bob"], "line 23: the match was already over"),
        (["forbes-match 1", "players Ann Bob"] + GAME1 + ["game dealer Ann"], "line 22: game 2 must be dealt by Bob"),
        (HEAD + GAME1[:4] + ["move Ann T 1 1"], "line 8: it is Bob's turn, not Ann's"),
        (HEAD + GAME1[:4] + ["move Bob T 0 0"], r"line 8: cell \(0, 0\) already holds a S"),
        (HEAD + GAME1[:4] + ["move Bob T 0 4"], r"line 8: cell \(0, 4\) is off the board"),
        (HEAD + GAME1[:4] + ["move Bob Q 0 1"], "line 8: unknown stone 'Q'"),
        (HEAD + GAME1[:2] + ["move Ann S 0 0"], r"line 6: every player needs a 'hand' line .*\(1 of 2 given\)"),
        (HEAD + GAME1[:3] + ["move Zed S 0 0"], "line 7: no player called 'Zed'"),
        (HEAD + GAME1[:8] + ["game dealer Bob"], "line 12: the game from line 4 ended after 5 moves: a game is 16"),
        # Components: the line that asks for more than there are (the players line, the
        # hand that takes a 6th S card).
        (["forbes-match 1", "players A B C D E F", "game dealer A"], "line 2: .*at most 5 players"),
        (["forbes-match 1", "game dealer A"], "line 2: no 'players' line"),
        (["forbes-match 1", "players Ann Bob", "game dealer Cy"], "line 3: dealer 'Cy' is not a player"),
        (HEAD + GAME1[:3] + ["players Ann Bob"], "line 7: 'players' lines belong before the first game"),
        (["forbes-match 1", "players Ann Bob", "game dealer Ann", "hand Ann SSSS", "hand Bob SSTC", "move Ann S 0 0"],
         "line 5: 6 cards of S dealt"),
        (["forbes-match 1", "players Ann Bob"], "no games in the record"),
        (["forbes-match 1", "players Ann Bob"] + GAME1 + ["move Bob S 0 0"], "line 22: the game from line 3 already has its 16 moves"),
        (["forbes-match 1", "players Ann Bob", "move Ann S 0 0"], "line 3: a move must follow a 'game' line"),
        (HEAD + GAME1[:4] + ["hand Bob TCXX"], "line 8: a hand line must follow a 'game' line, before its moves"),
    ],
)
def test_replay_errors_name_the_line(lines, message):
    with pytest.raises(FormatError, match=located(message, "m.txt")):
        score_record(parse_record(record(*lines), "m.txt"))


def seeded_match(seed, games_wanted):
    match = Match(["Ann", "Bob", "Cy"], seed=seed)
    games = []
    while len(games) < games_wanted:
        game = match.start_game()
        games.append(game)
        while not game.over:
            seat = game.current
            game.draw(seat)
            i = game.board.rindex(".")
            game.place(seat, i // 4, i % 4)  # fill the board from the bottom-right
        match.end_game()
    return match, games


def test_a_written_record_replays_to_the_same_totals_with_and_without_its_seed():
    match, games = seeded_match(77, 3)
    text = format_record(match.players, match.options, games, seed=77)
    assert text.count("\nmove ") == 48 and "\nseed 77\n" in text
    result = score_record(parse_record(text, "m.txt"))
    assert [result["totals"][n] for n in match.players] == match.totals
    no_seed = "".join(line + "\n" for line in text.splitlines() if not line.startswith("seed"))
    assert score_record(parse_record(no_seed))["totals"] == result["totals"]


def test_a_seeded_record_must_follow_its_seed():
    match, games = seeded_match(77, 1)
    text = format_record(match.players, match.options, games, seed=77)
    # The same moves claimed for another seed: its deal differs.
    with pytest.raises(FormatError, match="seed 78 deals"):
        score_record(parse_record(text.replace("seed 77", "seed 78")))
    # A changed stone in the first move: the seed drew another one there.
    lines = text.splitlines()
    first = next(i for i, l in enumerate(lines) if l.startswith("move "))
    words = lines[first].split()
    other = "S" if words[2] != "S" else "T"
    lines[first] = " ".join(words[:2] + [other] + words[3:])
    with pytest.raises(FormatError, match="line %d: seed 77 draws a %s here, not a %s" % (first + 1, words[2], other)):
        score_record(parse_record("\n".join(lines)))
