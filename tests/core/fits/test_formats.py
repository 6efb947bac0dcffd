"""FITS text formats: positions and game records round-trip; malformed text gets an error
naming the line and the problem; the examples in docs/fits-formats.md parse and score as
the page says."""

import re

import pytest

from boardcore.errors import FormatError
from boardcore.fits.errors import DealError, OffBoardError, RecordError, TileUsedError
from boardcore.fits.position import format_position, parse_position
from boardcore.fits.game import Game
from boardcore.fits.layouts import default_layout
from boardcore.fits.record import format_record, parse_record, replay
from conftest import ROOT

DOC = (ROOT / "docs" / "fits-formats.md").read_text()


def blocks(kind):
    return re.findall(r"```%s\n(.*?)```" % kind, DOC, re.S)


def seeded_game(seed=4, players=("Ann", "Bob"), boards=(1, 2, 3, 4), finish=True, take=3):
    """A game where each player drops the `take`-th legal drop (or passes if none)."""
    g = Game(list(players), seed, list(boards))
    while g.phase != "over":
        g.start_round()
        for p in g.players:
            g.place(p, g.start_tile(p), 1, 2)
        while g.phase == "cards":
            t = g.turn_card()
            for p in g.waiting():
                d = g.legal_drops(p)
                if d:
                    o, c, _ = d[(take * len(p)) % len(d)]
                    g.place(p, t, o, c)
                else:
                    g.set_aside(p, t)
        g.finish_round()
        if not finish:
            break
    return g


# -- the examples on the docs page ------------------------------------------------------

def test_doc_position_examples_score_as_the_page_says():
    first, second = blocks("fits-position")
    pos = parse_position(first, "doc")
    # the page works it out: 48 open dots, specials +12 -> -36
    assert pos.board_number == 2 and pos.score()["total"] == -36
    assert pos.tile_at(4, 1) == "L4" and pos.tile_at(1, 6) is None
    assert parse_position(second, "doc").score()["total"] == 4


def test_doc_record_example_replays_to_its_written_score():
    (text,) = blocks("fits-record")
    g = replay(parse_record(text, "doc"))  # the written score line (-36) is checked by replay
    assert g.totals() == {"Ann": -36} and g.phase == "over"
    assert g.solo_rating() is None  # one board: a score, but no title
    assert g.no_title_reason().endswith("this game had board 2 only")
    # the final board is the page's position example
    assert format_position(g.board("Ann"), 2) == blocks("fits-position")[0]


# -- positions ----------------------------------------------------------------------------

def test_position_round_trip_with_and_without_tile_ids():
    g = seeded_game(boards=(3,))
    b = g.board("Ann")
    for tiles in (True, False):
        text = format_position(b, 3, tiles=tiles)
        pos = parse_position(text, "x")
        assert [[pos.covered(r, c) for c in range(1, 7)] for r in range(1, 13)] == \
               [[b.covered(r, c) for c in range(1, 7)] for r in range(1, 13)]
        assert format_position(pos.board, 3, tiles=tiles) == text
    assert "ILLUSTRATIVE" in format_position(b, 3)


EMPTY_ROWS = ["%2d  .  .  .  .  .  ." % r for r in range(12, 0, -1)]


def position(head, rows):
    return "\n".join([head] + rows) + "\n"


@pytest.mark.parametrize("text,message", [
    ("", "empty file"),
    (position("FITS board 5", EMPTY_ROWS), "pos.txt:1: first line must be 'FITS board N'"),
    (position("FITS board 1", EMPTY_ROWS[:11]), "expected 12 row lines .* found 11"),
    (position("FITS board 1", EMPTY_ROWS[:3] + [" 8  .  .  .  .  .  ."] + EMPTY_ROWS[4:]),
     "pos.txt:5: row line should start with row number 9"),
    (position("FITS board 1", ["12  .  .  .  .  ."] + EMPTY_ROWS[1:]), "pos.txt:2: row 12 has 5 cells"),
    (position("FITS board 1", ["12  .  .  .  Q  .  ."] + EMPTY_ROWS[1:]),
     "pos.txt:2: row 12 column 4: 'Q', but the cell is an ordinary dot"),
    # board 2 has value 3 at (11,1): '.' there is wrong, so is a special on an ordinary dot
    (position("FITS board 2", EMPTY_ROWS), "pos.txt:3: row 11 column 1: '.', but the cell is special space 3"),
])
def test_malformed_positions(text, message):
    with pytest.raises(FormatError, match=message):
        parse_position(text, "pos.txt")


def test_position_board_mismatch():
    text = position("FITS board 1", EMPTY_ROWS)
    with pytest.raises(FormatError, match="board 1 position, not board 3"):
        parse_position(text, "p", board_number=3)
    with pytest.raises(FormatError, match="layout is for board 4"):
        parse_position(text, "p", layout=default_layout(4))


# -- records ------------------------------------------------------------------------------

def test_record_round_trip_whole_game():
    g = seeded_game()
    text = format_record(g)
    again = replay(parse_record(text, "rec"))
    assert again.totals() == g.totals()
    assert format_record(again) == text
    assert text.count("score: ") == 4


def test_record_of_an_unfinished_game_replays_the_finished_rounds():
    g = seeded_game(finish=False)
    g.start_round()
    text = format_record(g)
    again = replay(parse_record(text, "rec"))
    assert again.phase == "start" and len(again.round_scores) == 1


def _lines(text):
    return text.splitlines()


def test_an_illegal_action_names_file_line_and_action():
    g = seeded_game(boards=(1,))
    lines = _lines(format_record(g))
    # push Ann's start drop past the right edge: orientation 1 of her start tile at 6
    i = next(k for k, l in enumerate(lines) if l.startswith("start:"))
    tile = lines[i].split()[2]
    lines[i] = lines[i].replace("Ann %s 1/2" % tile, "Ann %s 1/6" % tile)
    with pytest.raises(OffBoardError, match=r"^game.txt:%d: Ann %s 1/6: tile %s orientation 1 at column 6"
                       % (i + 1, tile, tile)):
        replay(parse_record("\n".join(lines), "game.txt"))


def test_record_deal_and_score_checks():
    g = seeded_game(boards=(1,))
    lines = _lines(format_record(g))
    i = next(k for k, l in enumerate(lines) if l.startswith("card "))
    card = lines[i].split()[1].rstrip(":")
    other = "X" if card != "X" else "O4"
    bad = list(lines)
    bad[i] = bad[i].replace("card %s:" % card, "card %s:" % other, 1)
    with pytest.raises((DealError, TileUsedError), match="game.txt:%d: card %s" % (i + 1, other)):
        replay(parse_record("\n".join(bad), "game.txt"))
    j = next(k for k, l in enumerate(lines) if l.startswith("score:"))
    bad = list(lines)
    bad[j] = "score: Ann 99, Bob 0"
    with pytest.raises(RecordError, match="score line says Ann 99"):
        replay(parse_record("\n".join(bad), "game.txt"))
    bad = list(lines)
    bad[i] = bad[i].replace(", Bob", ", Cy")
    with pytest.raises(Exception, match="game.txt:%d" % (i + 1)):
        replay(parse_record("\n".join(bad), "game.txt"))


@pytest.mark.parametrize("text,message", [
    ("", "first line must be 'FITS game record'"),
    ("FITS game record\nSeed: 3\n", "no 'Players:' header"),
    ("FITS game record\nPlayers: A\nColour: red\n", "r.txt:3: unknown header 'Colour'"),
    ("FITS game record\nPlayers: A\nSeed: x\n", "r.txt:3: Seed: 'x' is not a whole number"),
    ("FITS game record\nPlayers: A\nstart: A P 1/1\n", "r.txt:3: 'start' before the first 'Round'"),
    ("FITS game record\nPlayers: A\nRound 2 board 1\n", "r.txt:3: round 2 where round 1 comes next"),
    ("FITS game record\nPlayers: A\nRound 1 board 1\nstart: A P 1-1\n", "r.txt:4: action '1-1' is not"),
    ("FITS game record\nPlayers: A\nRound 1 board 1\nstart: A P\n", "r.txt:4: start entry 'A P' is not"),
    ("FITS game record\nPlayers: A\nRound 1 board 1\nhello\n", "r.txt:4: cannot read 'hello'"),
])
def test_malformed_records(text, message):
    with pytest.raises(FormatError, match=message):
        parse_record(text, "r.txt")


def test_record_rule_errors_in_structure():
    base = "FITS game record\nPlayers: A B\nSeed: none\nRound 1 board 1\n"
    with pytest.raises(RecordError, match="start line has no entry for B"):
        replay(parse_record(base + "start: A P 1/1\n", "r"))
    with pytest.raises(RecordError, match="no action for B"):
        replay(parse_record(base + "start: A P 1/1, B U 1/1\ncard X: A pass\n", "r"))
    with pytest.raises(RecordError, match="A cannot skip X: their start tile is P"):
        replay(parse_record(base + "start: A P 1/1, B U 1/1\ncard X: A skip, B pass\n", "r"))
    with pytest.raises(RecordError, match="board 2 by the Boards header, not board 1"):
        replay(parse_record("FITS game record\nPlayers: A\nBoards: 2\nRound 1 board 1\nstart: A P 1/1\n", "r"))


def test_record_of_a_game_in_progress_round_trips_exactly():
    # Stop in the middle of a card: Ann has acted, Bob not yet ("-").
    g = Game(["Ann", "Bob"], 2026)  # Ann U, Bob P; first card N
    g.start_round()
    g.place("Ann", "U", 1, 1)
    text = format_record(g)
    assert "start: Ann U 1/1, Bob P -" in text
    assert replay(parse_record(text, "r")).waiting() == ["Bob"]
    g.place("Bob", "P", 1, 4)
    g.turn_card()
    g.set_aside("Ann", "N")
    text = format_record(g)
    assert text.endswith("card N: Ann pass, Bob -\n")
    again = replay(parse_record(text, "r"))
    assert again.waiting() == ["Bob"] and again.card == "N"
    assert format_record(again) == text
    # "-" anywhere but the last line is refused
    with pytest.raises(RecordError, match="r:10: Bob - on card N: '-' .* only allowed on the record's last line"):
        replay(parse_record(text + "card I3: Ann pass, Bob pass\n", "r"))


def test_a_position_holds_each_tile_once():
    # I3 has 3 cells: a fourth cell marked I3 is a second I3, and each player has one.
    rows = ["%2d  .  .  .  .  .  ." % r for r in range(12, 2, -1)]
    text = "FITS board 1\n" + "\n".join(rows) + "\n 2 I3  .  .  .  .  .\n 1 I3 I3 I3  .  .  .\n"
    with pytest.raises(FormatError) as caught:
        parse_position(text, "pos.txt")
    assert str(caught.value) == "pos.txt:13: tile I3 covers more than its 3 cells (each tile is on a board once)"
    three = text.replace(" 2 I3 ", " 2  . ")
    assert parse_position(three, "pos.txt").tile_at(1, 3) == "I3"
