"""Game sessions: the core applies, the log records, a resume replays to the same state;
refused actions change neither; a tampered log is caught."""

import sqlite3

import pytest

from boardcore.errors import RuleError
from boardcore.fits.deck import deal_game
from boardlight.sessions.base import ReplayMismatch
from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.registry import resume_session, session_class
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.checksums import seal_existing
from boardlight.store.gamelog import Store, StoreError
from session_scripts import SCRIPTS, play_out


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_bad_players_write_nothing(store):
    with pytest.raises(RuleError, match="1 to 4 players"):
        FitsSession.start(store, ["a", "b", "c", "d", "e"], 1)
    with pytest.raises(RuleError, match="at least 2 players"):
        ForbesSession.start(store, ["Solo"], 1)
    with pytest.raises(RuleError, match="unknown Zatre option 'colour'"):
        ZatreSession.start(store, ["A", "B"], 1, {"colour": True})
    assert store.games() == []


def test_fits_deal_is_the_seeded_deal_and_logged(store):
    s = FitsSession.start(store, ["Ann", "Bob"], 42)
    starts = s.act({"type": "deal"})
    expected_starts, building = deal_game(42, 2)[0]
    assert starts == expected_starts
    # The first two actions after the start tiles: the turned card is the deck's first.
    for name in ("Ann", "Bob"):
        seat = s.core.players.index(name)
        o, c, _ = s.core.legal_drops(name)[0]
        s.act({"type": "drop", "seat": seat, "tile": s.core.start_tile(name),
               "orientation": o, "column": c})
    assert s.act({"type": "turn"}) == building[0]
    logged = store.actions(s.row.id)
    assert [kind for _, kind, _ in logged] == ["deal", "drop", "drop", "turn"]
    assert logged[0][2]["starts"] == expected_starts and logged[3][2]["card"] == building[0]


def test_refused_action_changes_neither_core_nor_log(store):
    s = FitsSession.start(store, ["Ann"], 5)
    s.act({"type": "deal"})
    before = s.snapshot()
    tile = s.core.start_tile("Ann")
    # Column 7 does not exist (columns 1..6): refused by the core, nothing logged.
    with pytest.raises(RuleError):
        s.act({"type": "drop", "seat": 0, "tile": tile, "orientation": 1, "column": 7})
    with pytest.raises(RuleError, match="start tile"):
        s.act({"type": "aside", "seat": 0, "tile": tile})
    with pytest.raises(RuleError, match="a dict with a 'type'"):
        s.act("drop")
    assert s.snapshot() == before
    assert s.seq == 1 and len(store.actions(s.row.id)) == 1


def test_zatre_refused_turn_not_logged_then_accepted(store):
    s = ZatreSession.start(store, ["Ann", "Bob"], 3)
    hand = s.core.hand()
    seat = s.core.current
    with pytest.raises(RuleError):
        # The first tile must go on the red square (7, 7); (6, 6) is grey besides.
        s.act({"type": "turn", "seat": seat, "tiles": [[6, 6, hand[0]], [6, 7, hand[1]],
                                                        [7, 7, hand[2]]]})
    assert store.actions(s.row.id) == []
    s.act({"type": "turn", "seat": seat, "tiles": [[7, 7, hand[0]], [7, 8, hand[1]],
                                                   [8, 7, hand[2]]]})
    (seq, kind, data), = store.actions(s.row.id)
    assert (seq, kind, data["hand"]) == (1, "turn", hand)


@pytest.mark.parametrize("game,options", [
    ("fits", {}), ("fits", {"scoring": "tally"}), ("forbes", {"target_score": 20}),
    ("zatre", {})])
def test_resume_midway_and_at_the_end_replays_exactly(store, game, options):
    s = session_class(game).start(store, ["Ann", "Bob"], 9, options)
    script = SCRIPTS[game]
    for _ in range(37):
        s.act(script(s))
    assert resume_session(store, s.row.id).snapshot() == s.snapshot()
    play_out(s)
    again = resume_session(store, s.row.id)
    assert again.snapshot() == s.snapshot()
    assert store.game(s.row.id).status == "finished"
    assert again.score_lines() == s.score_lines()
    with pytest.raises(RuleError, match="is finished"):
        again.act(script(again))


def test_tampered_log_is_caught(store, tmp_path):
    s = ForbesSession.start(store, ["Ann", "Bob"], 12)
    s.act({"type": "draw", "seat": s.core.game.current})
    drawn = store.actions(s.row.id)[1][2]["stone"]
    other = "S" if drawn != "S" else "T"
    db = sqlite3.connect(str(tmp_path / "log.sqlite3"))
    db.execute("UPDATE actions SET data = replace(data, '\"stone\": \"%s\"', '\"stone\": \"%s\"')"
               " WHERE seq = 2" % (drawn, other))
    # Checksums recomputed, as an editor who knows them would: the replay itself must
    # still notice that the log's draw is not the seed's.
    seal_existing(db)
    db.commit()
    db.close()
    with pytest.raises(ReplayMismatch, match="recorded stone '%s' but the replay drew '%s'"
                       % (other, drawn)):
        ForbesSession.resume(store, s.row.id)


def test_resume_refuses_another_games_id(store):
    s = ZatreSession.start(store, ["Ann", "Bob"], 1)
    with pytest.raises(StoreError, match="is zatre, not fits"):
        FitsSession.resume(store, s.row.id)


def test_fits_tally_reported_rounds(store):
    # docs/rules.md's two reported rounds: board 1 "8 full rows, 4 dots open: 4";
    # board 4 "4 pairs open, 7 dots open: 12 - 7 = 5" (pairs A-D both uncovered, E covered:
    # 4 x (+3) + 0 - 7 = 5). Boards played in the order 1, 4.
    s = FitsSession.start(store, ["Solo"], 8, {"scoring": "tally", "boards": [1, 4]})
    s.act({"type": "deal"})
    for _ in range(16):
        s.act({"type": "turn"})
    r1 = s.act({"type": "tally", "seat": 0, "open_dots": 4, "full_rows": 8})
    assert (r1["rows"], r1["dots"], r1["total"]) == (8, -4, 4)
    s.act({"type": "deal"})
    with pytest.raises(RuleError, match="tallies come after the 16th card"):
        s.act({"type": "tally", "seat": 0, "open_dots": 7, "uncovered": []})
    for _ in range(16):
        s.act({"type": "turn"})
    # Default (illustrative) board 4: A (2,1) (6,6); B (3,4) (9,2); C (5,2) (11,6); D (7,5) (12,1).
    pairs = [[2, 1], [6, 6], [3, 4], [9, 2], [5, 2], [11, 6], [7, 5], [12, 1]]
    r2 = s.act({"type": "tally", "seat": 0, "open_dots": 7, "uncovered": pairs})
    assert r2["total"] == 5
    assert store.scores(s.row.id)["total"] == [(9, None)]
    assert s.finished() and store.game(s.row.id).status == "finished"
    # 9 would be "the new guy" (6-10), but the titles are for all four boards.
    assert s.summary_lines()[1:] == ["total: Solo 9", "no solo rating: the titles are for a solo game of"
                                     " all four boards, and this game had boards 1 and 4 only"]


def test_fits_impossible_tallies_refused(store):
    s = FitsSession.start(store, ["Ann", "Bob"], 8, {"scoring": "tally", "boards": [1, 2]})
    s.act({"type": "deal"})
    for _ in range(16):
        s.act({"type": "turn"})
    # 8 full rows leave 4 rows, each with an open dot: 3 open dots cannot be.
    with pytest.raises(RuleError, match="so 4 to 24 open dots, not 3"):
        s.act({"type": "tally", "seat": 0, "open_dots": 3, "full_rows": 8})
    s.act({"type": "tally", "seat": 0, "open_dots": 4, "full_rows": 8})
    with pytest.raises(RuleError, match="already given a tally"):
        s.act({"type": "tally", "seat": 0, "open_dots": 4, "full_rows": 8})
    s.act({"type": "tally", "seat": 1, "open_dots": 12, "full_rows": 0})
    s.act({"type": "deal"})
    for _ in range(16):
        s.act({"type": "turn"})
    # Board 2 (illustrative) has no special space at row 1, column 1.
    with pytest.raises(RuleError, match="no special space at row 1, column 1"):
        s.act({"type": "tally", "seat": 0, "open_dots": 2, "uncovered": [[1, 1]]})
    with pytest.raises(RuleError, match="rows score only on board 1"):
        s.act({"type": "tally", "seat": 0, "open_dots": 2, "full_rows": 3})
    # Board 2: 2 open dots, values 3 at (5,3) and 2 at (7,4) uncovered: -2 + 3 + 2 = 3.
    assert s.act({"type": "tally", "seat": 0, "open_dots": 2,
                  "uncovered": [[5, 3], [7, 4]]})["total"] == 3
    assert store.scores(s.row.id)["round 1"] == [
        (4, {"board": 1, "dots": -4, "rows": 8}), (-12, {"board": 1, "dots": -12, "rows": 0})]


def test_fits_table_deal_takes_the_real_cards(store):
    # Real cards: the actions carry the cards; the core refuses a card turned twice.
    s = FitsSession.start(store, ["Ann", "Bob"], 0, {"deal": "table", "boards": [1]})
    with pytest.raises(RuleError, match="needs 'starts'"):
        s.act({"type": "deal"})
    with pytest.raises(RuleError, match="different start card"):
        s.act({"type": "deal", "starts": ["U", "U"]})
    assert s.act({"type": "deal", "starts": ["U", "Y"]}) == ["U", "Y"]
    for seat, tile in ((0, "U"), (1, "Y")):
        o, c, _ = s.core.legal_drops(s.core.players[seat])[0]
        s.act({"type": "drop", "seat": seat, "tile": tile, "orientation": o, "column": c})
    assert s.act({"type": "turn", "card": "L4"}) == "L4"
    for seat in (0, 1):
        s.act({"type": "aside", "seat": seat, "tile": "L4"})
    with pytest.raises(RuleError, match="L4 was already turned this round"):
        s.act({"type": "turn", "card": "L4"})
    # Bob's start tile Y turned: Bob skips it, only Ann waits.
    s.act({"type": "turn", "card": "Y"})
    assert s.core.waiting() == ["Ann"]
    again = FitsSession.resume(store, s.row.id)
    assert again.snapshot() == s.snapshot()


def test_fits_tally_table_deal(store):
    s = FitsSession.start(store, ["Ann"], 0, {"deal": "table", "scoring": "tally",
                                              "boards": [1]})
    s.act({"type": "deal", "starts": ["P"]})
    with pytest.raises(RuleError, match="unknown card 'Q'"):
        s.act({"type": "turn", "card": "Q"})
    s.act({"type": "turn", "card": "X"})
    with pytest.raises(RuleError, match="card X was already turned this round"):
        s.act({"type": "turn", "card": "X"})
    assert s.seq == 2
