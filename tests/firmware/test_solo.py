"""FITS solo on the standalone device (firmware/solo.py): the player enters each drop with
the buttons, the device keeps the board, hints with the FITS engine and scores each round
as the rules core does. On CPython here (as `boardlight direct` runs it), on MicroPython
from the device image in tests/firmware/test_solo_device.py."""

import sys

from boardcore.fits import engine
from boardcore.fits.board import Board
from boardcore.fits.deck import deal_game
from boardcore.fits.game import Game
from boardcore.fits.layouts import default_layout
from boardcore.rng import Random
from conftest import ROOT
from fw_helpers import cpython_dealer, picture, press

sys.path.insert(0, str(ROOT / "firmware"))

import solo  # noqa: E402


def fresh(seed=3):
    s = solo.Solo(Random(seed))
    assert s.press("next", "short") is True  # the game's name, then the start card
    return s


def on_card(s, tile, start="P"):
    # Put `tile` on show as building card 1 of round 1 (the start tile already placed).
    s.start = start
    s.building = [tile] + [t for t in s.building if t != tile]
    s.card = 1


def play(s, choose):
    """Play the whole game through presses; choose(s) picks the drop on each card:
    "hint" (a long next, then long menu) or "first" (short next, then long menu).
    Returns [(round, tile, move)] of every card acted on."""
    acted = []
    while True:
        if s.scored:
            if s.over:
                return acted
            assert s.press("next", "short") is True
            continue
        if s.skipped():
            assert s.press("next", "short") is True
            continue
        tile = s.tile
        s.press("next", "long" if choose == "hint" else "short")
        move = s.drop()
        acted.append((s.round, tile, move))
        assert s.press("menu", "long") is True


def test_solo_deals_the_cards_of_deal_game_with_one_player():
    s = fresh(seed=41)
    seen = []
    while True:
        seen.append(([s.start], list(s.building)))
        while not s.scored:
            if s.skipped() or s.options is not None:
                s.press("next" if s.skipped() else "menu", "short" if s.skipped() else "long")
            else:
                s.press("next", "short")
        if s.over:
            break
        s.press("next", "short")
    assert seen == deal_game(41, 1)


def test_the_first_press_shows_the_start_card_not_the_picker():
    s = solo.Solo(Random(3))
    assert s.dealt is False
    assert s.press("menu", "short") is None  # the dealer's: the next game
    assert s.press("next", "short") is True
    assert (s.card, s.options, s.tile) == (0, None, s.start)


def test_picker_lists_every_drop_in_orientation_then_column_order_and_set_aside_last():
    s = fresh()
    on_card(s, "I3")
    s.press("next", "short")
    # I3 on an empty 6-column board: lying (orientation 1, 3 wide) at columns 1..4;
    # standing (orientation 2) in every column 1..6; then set aside.
    assert s.options == [(1, 1), (1, 2), (1, 3), (1, 4),
                         (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6), "pass"]
    assert s.drop() == (1, 1)


def test_the_start_tile_cannot_be_set_aside():
    s = fresh()
    s.start = "X"
    s.press("next", "short")
    # X (the plus) has one orientation, 3 wide: columns 1..4, and no set aside.
    assert s.options == [(1, 1), (1, 2), (1, 3), (1, 4)]


def test_next_steps_through_the_drops_and_wraps():
    s = fresh()
    on_card(s, "X")
    s.press("next", "short")
    moves = []
    for _ in range(6):
        moves.append(s.drop())
        assert s.press("next", "short") is True
    assert moves == [(1, 1), (1, 2), (1, 3), (1, 4), "pass", (1, 1)]


def test_menu_jumps_to_the_next_orientation_then_set_aside_then_back():
    s = fresh()
    on_card(s, "I3")
    s.press("next", "short")
    s.press("next", "short")  # lying at column 2
    jumps = []
    for _ in range(3):
        s.press("menu", "short")
        jumps.append(s.drop())
    assert jumps == [(2, 1), "pass", (1, 1)]


def test_long_menu_drops_the_tile_where_the_picker_shows_it():
    s = fresh()
    on_card(s, "I3")
    s.press("next", "short")
    s.press("next", "short")  # lying at column 2
    s.press("menu", "short")  # standing: (2, 1)
    s.press("next", "short")  # standing at column 2
    assert s.press("menu", "long") is True
    assert [s.board.tile_at(r, 2) for r in range(1, 5)] == ["I3", "I3", "I3", None]
    assert s.board.tile_at(1, 1) is None and s.board.tile_at(1, 3) is None
    assert (s.card, s.options) == (2, None)  # on to the next card


def test_set_aside_leaves_the_board_as_it_was():
    s = fresh()
    on_card(s, "W")
    s.press("next", "short")
    s.cursor = s.options.index("pass")
    s.press("menu", "long")
    assert not s.board.used("W") and s.board.drops == []


def test_a_building_card_of_the_start_tile_is_skipped_without_a_drop():
    s = fresh()
    on_card(s, "U", start="U")
    assert s.skipped()
    assert s.press("next", "short") is True
    assert (s.card, s.options) == (2, None)


def test_the_hint_is_the_engines_best_drop_for_the_rules_cores_game_at_the_same_point():
    # The same drops in boardcore.fits.game.Game: its engine.position (board, layout,
    # cards to come, may set aside) gives the hint the device shows.
    s = fresh(seed=9)
    g = Game(["Ann"], seed=9)
    g.start_round()
    start = s.tile
    s.press("next", "short")
    g.place("Ann", start, *s.drop())
    s.press("menu", "long")
    for _ in range(5):  # a few drops, so the board is not empty
        tile = g.turn_card()
        if tile == start:
            s.press("next", "short")  # the start tile's own card: skipped on both
            tile = g.turn_card()
        assert s.tile == tile
        s.press("next", "short")
        s.press("next", "short")  # the second drop of the list
        g.place("Ann", tile, *s.drop())
        s.press("menu", "long")
    tile = g.turn_card()
    if tile == start:
        s.press("next", "short")
        tile = g.turn_card()
    expected, _ = engine.best(engine.position(g, "Ann"), 2)
    s.press("next", "long")
    assert s.drop() == expected
    assert s.hints == 1


def test_a_hint_without_heap_shows_mem_and_keeps_the_board(monkeypatch):
    s = fresh()
    on_card(s, "I3")
    drops = list(s.board.drops)

    def no_heap():
        raise MemoryError

    monkeypatch.setattr(s, "hint", no_heap)
    assert s.press("next", "long") is True
    assert (s.note, s.options, s.card, s.board.drops) == ("MEM", None, 1, drops)
    assert s.press("next", "short") is True  # the game goes on: the picker opens
    assert s.note is None and s.drop() == (1, 1)
    s.press("next", "long")  # in the picker too: the cursor stays
    assert (s.note, s.drop()) == ("MEM", (1, 1))


def test_the_hint_completes_two_rows_on_board_1():
    # Rows 1 and 2 full but for column 6: I3 standing there (orientation 2) completes both
    # (+2), and every other drop leaves them open.
    s = fresh()
    s.board = Board()
    for r in (1, 2):
        for c in range(1, 6):
            s.board.set_cell(r, c, "?")
    on_card(s, "I3")
    s.press("next", "long")
    assert s.drop() == (2, 6)


def test_rounds_score_as_the_rules_core_scores_the_same_drops():
    s = fresh(seed=17)
    acted = play(s, "hint")
    g = Game(["Ann"], seed=17)
    by_round = {}
    for r, tile, move in acted:
        by_round.setdefault(r, []).append((tile, move))
    totals = []
    for r in range(1, 5):
        g.start_round()
        start_tile, start_move = by_round[r][0]
        g.place("Ann", start_tile, *start_move)
        for tile, move in by_round[r][1:]:
            while g.turn_card() != tile:
                assert g.waiting() == []  # only the start tile's own card goes by
            if move == "pass":
                g.set_aside("Ann", tile)
            else:
                g.place("Ann", tile, *move)
        while g.phase == "cards":
            g.turn_card()
        totals.append(g.finish_round()[0]["total"])
    assert s.totals == totals
    assert s.score_text() == "TOTAL %d %s" % (sum(totals), g.solo_rating().upper())
    assert s.hints == sum(len(v) for v in by_round.values())


def test_after_a_round_next_deals_the_next_board_and_the_last_ends_the_game():
    s = fresh(seed=5)
    s.press("next", "short")
    texts = []
    while True:
        if s.scored:
            texts.append(s.score_text())
            if s.over:
                break
            assert s.press("next", "short") is True
            assert (s.card, s.board.drops, s.layout.board) == (0, [], s.round)
            continue
        if s.skipped():
            s.press("next", "short")
        elif s.options is None:
            s.press("next", "short")
        else:
            s.cursor = len(s.options) - 1  # set everything aside but the start tiles
            s.press("menu", "long")
    assert s.press("next", "short") is None  # the dealer deals the next game
    # Only the start tile on each board: its 5 cells cover 5 of board 1's 72 dots (6 x 12);
    # boards 2-4 as their layouts score them.
    assert texts[0] == "ROUND 1 -67"
    assert [t.split()[0] for t in texts] == ["ROUND", "ROUND", "ROUND", "TOTAL"]


# -- in the dealer ----------------------------------------------------------------------


def dealer(seed=7):
    return cpython_dealer(seed, players=1)


def test_menu_goes_through_the_kept_games_beside_their_plain_ones_where_they_fit():
    app, st = dealer()
    assert st.modes == ("fits", "solo", "zatre", "forbes", "forbes_board")
    names = []
    for _ in range(5):
        press(st, "menu")
        names.append(app.messages[-1])
    # Forbes takes 2 players at least: the dealer's 1 player is 2 there.
    assert names == ["FITS SOLO", "ZATRE", "FORBES 2P", "FORBES 2P BOARD", "FITS 1P"]


def test_the_dealer_logs_a_solo_game_as_fits_for_one_player_with_its_cards_shown():
    app, st = dealer(seed=7)
    press(st, "menu")
    press(st, "next")  # the start card
    press(st, "next")  # the picker
    press(st, "menu", "long")  # placed: the first building card
    assert st.log[-1] == ["fits", 1, 8, 2]


def test_a_long_menu_in_the_picker_places_and_on_a_card_changes_nothing():
    app, st = dealer()
    press(st, "menu")
    press(st, "next")
    assert press(st, "menu", "long") is False  # on a card: solo has one player
    press(st, "next")
    assert press(st, "menu", "long") is True
    assert st.kept.board.used(st.kept.start)


def test_the_picker_draws_the_drop_as_the_hint_screen_does():
    app, st = dealer()
    press(st, "menu")
    press(st, "next")  # the start card
    st.kept.start = "X"
    press(st, "next")  # the picker at its first drop: X at column 1
    rows = ["".join("#" if st.display.pixel(x, y) else "." for x in range(8)) for y in range(8)]
    # The box's walls are the outer pixel columns, board column c is x = c; the plus
    # stands on the bottom with its leftmost cell in column 1 (x 1..3).
    assert rows == picture("""
        #......#
        #......#
        #......#
        #......#
        #......#
        #.#....#
        ####...#
        #.#....#""")
    shows = app.shows
    press(st, "next")  # X at column 2
    assert app.shows == shows + 1
    assert st.display.pixel(1, 6) == 0 and st.display.pixel(4, 6) != 0
