"""Undo in each game at each boundary: allowed just before the next hidden thing is shown,
refused just after, with one line saying why; nothing is deleted from the log, and a resume
or a replay of the exported record lands on the same state."""

import pytest

from boardcore.errors import RuleError
from boardlight.sessions.registry import resume_session, session_class
from boardlight.store.gamelog import Store


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _kinds(store, session):
    return [kind for _seq, kind, _data in store.actions(session.row.id)]


# -- FITS: until the next building card is turned -------------------------------------------


def _fits(store):
    # Seed 7, two players, board 1: start cards U (Ann) and Y (Bob); the first card is Y,
    # Bob's own start tile (he skips it), the second F.
    session = session_class("fits").start(store, ["Ann", "Bob"], 7, {"boards": [1]})
    assert session.act({"type": "deal"}) == ["U", "Y"]
    return session


def test_fits_the_deal_itself_cannot_be_taken_back(store):
    session = _fits(store)
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")
    assert str(refused.value) == ("Nothing can be taken back now: round 1 was dealt, and"
                                  " what the table has seen stays seen")
    assert session.seq == 1 and _kinds(store, session) == ["deal"]


def test_fits_start_tiles_come_back_one_by_one_until_the_first_card(store):
    session = _fits(store)
    session.act({"type": "drop", "seat": 0, "tile": "U", "orientation": 1, "column": 3})
    session.act({"type": "drop", "seat": 1, "tile": "Y", "orientation": 2, "column": 1})
    assert session.core.phase == "cards" and session.undo_seat() == 1
    # Bob's drop was the last: it comes back first, then Ann's.
    assert session.undo("terminal")["seat"] == 1
    assert session.core.phase == "start" and session.core.waiting() == ["Bob"]
    assert session.undo("Ann's page")["seat"] == 0
    assert session.core.waiting() == ["Ann", "Bob"]
    assert session.core.board("Ann").drops == []
    # Nothing deleted: both drops and both undos are in the log, each undo naming its drop.
    log = store.actions(session.row.id)
    assert [k for _s, k, _d in log] == ["deal", "drop", "drop", "undo", "undo"]
    assert [(d["undoes"], d["by"]) for _s, k, d in log if k == "undo"] == [
        (3, "terminal"), (2, "Ann's page")]
    with pytest.raises(RuleError, match="^Nothing can be taken back now: round 1 was dealt"):
        session.undo("terminal")


def test_fits_a_drop_comes_back_before_the_next_card_not_after(store):
    session = _fits(store)
    session.act({"type": "drop", "seat": 0, "tile": "U", "orientation": 1, "column": 3})
    session.act({"type": "drop", "seat": 1, "tile": "Y", "orientation": 2, "column": 1})
    assert session.act({"type": "turn"}) == "Y"
    session.act({"type": "drop", "seat": 0, "tile": "Y", "orientation": 1, "column": 1})
    before = session.core.board("Ann").drops[:]
    # Just before the reveal: allowed, and Ann drops it elsewhere.
    assert session.can_undo()
    session.undo("terminal")
    assert session.core.waiting() == ["Ann"] and session.core.board("Ann").drops == before[:1]
    session.act({"type": "drop", "seat": 0, "tile": "Y", "orientation": 1, "column": 4})
    assert session.act({"type": "turn"}) == "F"
    # Just after: the card is the last action, and the drop before it stays.
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")
    assert str(refused.value) == ("Nothing can be taken back now: card F was turned, and"
                                  " what the table has seen stays seen")
    session.act({"type": "aside", "seat": 0, "tile": "F"})
    session.undo("terminal")  # the aside on F may still be taken back...
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")  # ...but not the turn of F, nor the drop of Y before it
    assert str(refused.value).startswith("Nothing can be taken back now: card F was turned")


def test_fits_a_drop_before_a_card_stays_once_the_card_is_turned(store):
    session = session_class("fits").start(store, ["Ann"], 5, {"boards": [2]})
    session.act({"type": "deal"})  # Ann's start tile: Y
    session.act({"type": "drop", "seat": 0, "tile": "Y", "orientation": 2, "column": 1})
    session.act({"type": "turn"})  # X
    session.act({"type": "drop", "seat": 0, "tile": "X", "orientation": 1, "column": 4})
    session.act({"type": "turn"})  # V5
    session.act({"type": "aside", "seat": 0, "tile": "V5"})
    session.undo("terminal")
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")
    assert str(refused.value) == "Nothing can be taken back now: card V5 was turned, and" \
                                 " what the table has seen stays seen"
    # The lock is kept across a resume, too.
    again = resume_session(store, session.row.id)
    assert again.undo_refusal() == str(refused.value)
    assert again.snapshot() == session.snapshot()


def _solo_to_the_end(store):
    # Seed 5, board 2, Ann alone: the game of docs/fits-formats.md, -36 at the end.
    session = session_class("fits").start(store, ["Ann"], 5, {"boards": [2]})
    moves = {"Y": (2, 1), "X": (1, 4), "L4": (1, 1), "O4": (1, 2)}
    session.act({"type": "deal"})
    session.act({"type": "drop", "seat": 0, "tile": "Y", "orientation": 2, "column": 1})
    while not session.finished():
        card = session.act({"type": "turn"})
        if card == "Y":
            continue  # her start tile: skipped
        if card in moves:
            o, c = moves[card]
            session.act({"type": "drop", "seat": 0, "tile": card, "orientation": o,
                         "column": c})
        else:
            session.act({"type": "aside", "seat": 0, "tile": card})
    return session


def test_fits_the_action_that_ends_the_game_can_be_taken_back_and_the_game_goes_on(store):
    session = _solo_to_the_end(store)
    gid = session.row.id
    assert store.game(gid).status == "finished" and session.core.totals() == {"Ann": -36}
    assert [(r.name, r.points, r.place) for r in store.game_results(gid)] == [("Ann", -36, 1)]
    taken = session.undo("terminal")
    assert taken == {"type": "aside", "seat": 0, "tile": "I3"}  # the 16th card, I3
    # Open again: no round score, no result rows (the statistics drop the game), and the
    # last card waits for Ann.
    assert store.game(gid).status == "playing" and session.row.status == "playing"
    assert set(store.scores(gid)) == {"total"} and store.game_results(gid) == []
    assert session.core.waiting() == ["Ann"] and session.core.card == "I3"
    # I3 upright on column 6 rests on X's arm (row 2): it covers the ordinary dots (3,6),
    # (4,6) and (5,6) of docs/fits-formats.md's position, three fewer open: -33.
    session.act({"type": "drop", "seat": 0, "tile": "I3", "orientation": 2, "column": 6})
    assert store.game(gid).status == "finished"
    (result,) = store.game_results(gid)
    assert result.points == session.core.totals()["Ann"] == -33


# -- Zatre: until the next player's tiles are drawn -----------------------------------------


def _zatre(store):
    # Seed 3: Ann starts with 1 3 4; after her turn Bob draws 1 1
    # (tests/host/cli/test_zatre_commands.py).
    session = session_class("zatre").start(store, ["Ann", "Bob"], 3)
    session.act({"type": "turn", "seat": 0, "tiles": [[7, 7, 1], [6, 7, 3], [7, 6, 4]]})
    return session


def test_zatre_a_turn_comes_back_before_the_next_player_draws(store):
    session = _zatre(store)
    # Bob's tiles are in the core but not shown: the table sees him hold nothing yet.
    assert session.awaiting_draw and session.core.hand() == [1, 1]
    assert session.visible_hand(1) == [] and session.snapshot()["hands"] == [[], []]
    assert session.undo_seat() == 0
    session.undo("terminal")
    assert session.core.turns == 0 and session.core.current == 0
    assert session.core.hand() == [1, 3, 4] and not session.awaiting_draw
    # Played again differently: Bob still draws the same 1 1 (the seeded bag).
    session.act({"type": "turn", "seat": 0, "tiles": [[7, 7, 4], [7, 8, 3], [7, 9, 1]]})
    assert session.core.hand() == [1, 1]


def test_zatre_once_the_tiles_are_drawn_the_turn_before_stays(store):
    session = _zatre(store)
    assert session.act({"type": "draw", "seat": 1}) == [1, 1]
    assert session.visible_hand(1) == [1, 1]
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")
    assert str(refused.value) == ("Nothing can be taken back now: Bob's tiles were drawn,"
                                  " and what the table has seen stays seen")
    with pytest.raises(RuleError, match="Bob's tiles are already drawn"):
        session.act({"type": "draw", "seat": 1})


def test_zatre_a_turn_played_without_a_draw_locks_the_turn_before_but_not_itself(store):
    session = _zatre(store)
    session.act({"type": "turn", "seat": 1, "tiles": [[5, 7, 1], [7, 5, 1]]})
    session.undo("terminal")  # Bob's own turn comes back...
    assert session.core.current == 1 and not session.awaiting_draw
    assert session.visible_hand(1) == [1, 1]  # ...and his tiles stay shown
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")  # but not Ann's: Bob had seen his tiles
    assert str(refused.value).startswith("Nothing can be taken back now: Bob's tiles were drawn")
    again = resume_session(store, session.row.id)
    assert again.snapshot() == session.snapshot() and not again.can_undo()


# -- Forbes: until the next stone is drawn --------------------------------------------------


def _forbes(store):
    # Seed 42: Ann deals and draws first, a T (boardcore.forbes.record's example).
    session = session_class("forbes").start(store, ["Ann", "Bob"], 42)
    assert session.act({"type": "draw", "seat": 0}) == "T"
    return session


def test_forbes_a_stone_drawn_cannot_be_taken_back(store):
    session = _forbes(store)
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")
    assert str(refused.value) == ("Nothing can be taken back now: Ann drew a T, and what the"
                                  " table has seen stays seen")


def test_forbes_a_placement_comes_back_until_the_next_draw(store):
    session = _forbes(store)
    session.act({"type": "place", "seat": 0, "row": 0, "col": 0})
    assert session.undo_seat() == 0
    session.undo("Ann's page")
    game = session.core.game
    # The stone is Ann's drawn stone again, to be placed anew; nothing was drawn.
    assert game.stone == "T" and game.moves == [] and game.current == 0
    assert game.stones_left()["T"] == 11
    session.act({"type": "place", "seat": 0, "row": 3, "col": 3})
    session.act({"type": "draw", "seat": 1})
    with pytest.raises(RuleError, match="^Nothing can be taken back now: Bob drew a "):
        session.undo("terminal")
    session.act({"type": "place", "seat": 1, "row": 0, "col": 0})
    session.undo("terminal")
    with pytest.raises(RuleError, match="^Nothing can be taken back now: Bob drew a "):
        session.undo("terminal")


def test_forbes_shown_cards_and_the_end_of_a_game_stay(store):
    session = _forbes(store)
    session.act({"type": "place", "seat": 0, "row": 0, "col": 0})
    session.act({"type": "reveal", "seat": 1})
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")
    assert str(refused.value) == ("Nothing can be taken back now: Bob showed their cards to"
                                  " the table, and what the table has seen stays seen")
    while session.core.game is not None and len(session.games) == 0:
        game = session.core.game
        seat = game.current
        if game.stone is None:
            session.act({"type": "draw", "seat": seat})
        else:
            cell = game.board.index(".")
            session.act({"type": "place", "seat": seat, "row": cell // 4, "col": cell % 4})
    with pytest.raises(RuleError) as refused:
        session.undo("terminal")
    assert str(refused.value) == ("Nothing can be taken back now: game 1 ended and every"
                                  " hand was shown, and what the table has seen stays seen")


# -- the log keeps everything; resume and replay agree --------------------------------------


def test_an_undo_is_one_more_action_and_the_chain_still_checks(store):
    session = _zatre(store)
    session.undo("terminal")
    rows = store.actions(session.row.id, times=True)
    assert [(seq, kind) for seq, kind, _d, _at in rows] == [(1, "turn"), (2, "undo")]
    seq, kind, data, at = rows[1]
    assert data == {"type": "undo", "undoes": 1, "by": "terminal"}
    assert session.undos[0].at == at and session.undos[0].note() == (
        "taken back by terminal at %s" % at[:19])
    assert store.integrity() == "ok"


@pytest.mark.parametrize("game", ["fits", "zatre", "forbes"])
def test_the_exported_record_replays_to_the_same_game_with_its_undos(store, game, tmp_path):
    from boardlight.sessions.records import fits_record  # noqa: F401 (the FITS record writer)

    session = {"fits": _fits, "zatre": _zatre, "forbes": _forbes}[game](store)
    if game == "fits":
        session.act({"type": "drop", "seat": 0, "tile": "U", "orientation": 1, "column": 3})
        session.undo("terminal")
        session.act({"type": "drop", "seat": 0, "tile": "U", "orientation": 2, "column": 2})
    elif game == "zatre":
        session.undo("terminal")
        session.act({"type": "turn", "seat": 0, "tiles": [[7, 7, 4], [7, 8, 3], [7, 9, 1]]})
    else:
        session.act({"type": "place", "seat": 0, "row": 0, "col": 0})
        session.undo("terminal")
        session.act({"type": "place", "seat": 0, "row": 2, "col": 1})
    text = session.record_text()
    assert "taken back by terminal at " in text
    if game == "fits":
        from boardcore.fits.record import parse_record, replay

        assert "\nundone: Ann 1/3\n" in text
        again = replay(parse_record(text, "g.txt"))
        assert again.board("Ann").drops == session.core.board("Ann").drops
        assert again.waiting() == session.core.waiting() == ["Bob"]
    elif game == "zatre":
        from boardcore.zatre.record import parse_record, replay

        assert "1 Ann: 1@7,7 3@6,7 4@7,6\n# taken back" in text and "\nundo\n" in text
        again = replay(parse_record(text, "g.txt"))
        assert list(again.played()) == list(session.core.played())
        assert again.hand() == session.core.hand()
    else:
        from boardcore.forbes.record import parse_record, replay

        assert "move Ann T 0 0\nundo  # taken back by terminal" in text
        again = replay(parse_record(text, "g.txt"))
        assert again.game.moves == session.core.game.moves == [(0, "T", 2, 1)]
    resumed = resume_session(store, session.row.id)
    assert resumed.snapshot() == session.snapshot() and resumed.record_text() == text
