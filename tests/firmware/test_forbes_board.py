"""Forbes with the board kept on the standalone device (firmware/forbes_board.py): every
stone's cell entered on the buttons, the engine's hint for the player to move from that
player's own cards only, and the scores of the full board. On CPython here (as `boardlight
direct` runs it); on MicroPython in tests/firmware/test_solo_device.py."""

import sys

from boardcore.forbes import engine
from boardcore.forbes.game import Game
from boardcore.rng import Random
from conftest import ROOT
from fw_helpers import cpython_dealer as dealer
from fw_helpers import press

sys.path.insert(0, str(ROOT / "firmware"))

import forbes_board  # noqa: E402


def fresh(players=3, dealer=0, seed=4):
    fb = forbes_board.deal(Random(seed), players, dealer)
    assert fb.press("next", "short") is True  # the game's name, then the first stone
    return fb


def play(fb, choose="hint"):
    """Every stone placed through presses: at the hint, or at the first empty cell.
    Returns [(seat, stone, row, col)] in play order."""
    moves = []
    while not fb.over:
        seat, stone = fb.game.current, fb.game.stone
        fb.press("next", "long" if choose == "hint" else "short")
        row, col = fb.cell()
        moves.append((seat, stone, row, col))
        assert fb.press("menu", "long") is True
    return moves


def test_the_cards_and_stones_are_those_of_the_rules_core_game_for_the_seed():
    fb = fresh(players=3, dealer=1, seed=12)
    moves = play(fb, "first")
    g = Game(3, 1, rng=Random(12))
    assert fb.hands == g.all_hands()
    for seat, stone, row, col in moves:
        assert g.draw(seat) == stone
        g.place(seat, row, col)
    assert g.board == fb.game.board
    assert fb.totals() == [s["total"] for s in g.scores()]


def test_the_first_stone_is_drawn_for_the_dealer():
    fb = forbes_board.deal(Random(4), 3, 2)
    assert fb.game.stone is None
    fb.press("next", "short")
    assert fb.game.current == 2 and fb.game.stone is not None and fb.shown == 1


def test_the_picker_goes_through_the_empty_cells_row_by_row_and_wraps():
    fb = fresh()
    fb.press("next", "short")
    assert fb.cells == [(r, c) for r in range(4) for c in range(4)]
    seen = []
    for _ in range(17):
        seen.append(fb.cell())
        fb.press("next", "short")
    assert seen == fb.cells + [(0, 0)]


def test_menu_jumps_to_the_first_empty_cell_of_the_next_row():
    fb = fresh()
    fb.press("next", "short")
    fb.press("next", "short")  # (0, 1)
    fb.press("menu", "long")  # the dealer's stone at (0, 1)
    fb.press("next", "short")  # the next player's picker: (0, 0) first
    jumps = []
    for _ in range(5):
        fb.press("menu", "short")
        jumps.append(fb.cell())
    assert jumps == [(1, 0), (2, 0), (3, 0), (0, 0), (1, 0)]


def test_placing_puts_the_stone_there_and_draws_the_next_players():
    fb = fresh(players=3, dealer=0)
    stone = fb.game.stone
    fb.press("next", "short")
    for _ in range(5):
        fb.press("next", "short")  # (1, 1)
    assert fb.press("menu", "long") is True
    assert fb.game.board[5] == stone and fb.game.board.count(".") == 15
    assert fb.game.current == 1 and fb.game.stone is not None
    assert (fb.cells, fb.shown) == (None, 2)


def test_the_hint_is_the_engines_best_cell_for_the_player_to_move():
    fb = fresh(seed=8)
    for _ in range(4):
        fb.press("next", "short")
        fb.press("menu", "long")
    expected, _ = engine.best(engine.position(fb.game, fb.game.current), 3)
    fb.press("next", "long")
    assert fb.cell() == expected and fb.hints == 1


def test_the_hint_reads_only_the_player_to_moves_own_cards(monkeypatch):
    # Every position the hints search, over a whole game: the other seats' cards hidden.
    seen = []
    real = engine.best

    def spy(pos, level=5, seed=0):
        seen.append((pos.view.seat, list(pos.view.shown), pos.view.hand))
        return real(pos, level, seed)

    monkeypatch.setattr(engine, "best", spy)
    fb = fresh(players=4, dealer=2, seed=21)
    play(fb)
    assert len(seen) == 16
    for seat, shown, hand in seen:
        assert hand == fb.hands[seat]
        assert [shown[s] for s in range(4) if s != seat] == [None, None, None]


def test_a_hint_without_heap_shows_mem_and_keeps_the_board(monkeypatch):
    fb = fresh(seed=6)
    fb.press("next", "short")
    fb.press("menu", "long")  # one stone placed, at (0, 0)
    board, stone, current = fb.game.board, fb.game.stone, fb.game.current

    def no_heap():
        raise MemoryError

    monkeypatch.setattr(fb, "hint", no_heap)
    assert fb.press("next", "long") is True
    assert (fb.note, fb.cells, fb.game.board, fb.game.stone, fb.game.current) == ("MEM", None, board, stone, current)
    assert fb.press("next", "short") is True  # the game goes on: the picker opens
    assert fb.note is None and fb.cell() == (0, 1)


def test_a_full_board_ends_the_game_with_its_scores():
    fb = fresh(players=2, seed=3)
    play(fb)
    assert fb.over and fb.press("next", "short") is None  # the dealer deals the next game
    g = Game(2, 0, rng=Random(3))
    for seat, stone, row, col in fb.game.moves:
        g.draw(seat, stone)
        g.place(seat, row, col)
    assert fb.totals() == [s["total"] for s in g.scores()]


# -- in the dealer ----------------------------------------------------------------------


def _rows(canvas):
    return ["".join("#" if canvas.pixel(x, y) else "." for x in range(canvas.width)) for y in range(canvas.height)]


def test_holding_a_player_button_shows_that_players_cards_then_the_stone_again():
    from boardlight.canvas import Canvas
    from boardlight.direct.device import load_screens

    app, st = dealer()
    for _ in range(4):
        press(st, "menu")
    press(st, "next")  # the first stone
    stone_rows = _rows(st.display)
    st.handle(("button", "p2", "down"))
    hand = Canvas(8, 8)
    load_screens().forbes_hand(hand, st.kept.hands[1], player=2)
    assert _rows(st.display) == _rows(hand)
    st.handle(("button", "p2", "short"))
    assert _rows(st.display) == stone_rows and st.kept.cells is None


def test_a_board_without_player_buttons_is_not_offered_forbes_with_the_board():
    app, st = dealer(buttons=["menu", "next"])
    assert st.modes == ("fits", "solo", "zatre", "forbes")


def test_forbes_with_the_board_seats_as_many_players_as_there_are_player_buttons():
    app, st = dealer(players=2, buttons=["menu", "next", "p1", "p2", "p3"])
    for _ in range(4):
        press(st, "menu")
    counts = []
    for _ in range(3):
        press(st, "menu", "long")
        counts.append(len(st.kept.hands))
    assert counts == [3, 2, 3]


def test_a_long_menu_changes_the_player_count_only_before_the_first_stone_is_placed():
    app, st = dealer(players=2)
    for _ in range(4):
        press(st, "menu")
    press(st, "next")
    press(st, "next")
    press(st, "menu", "long")  # the first stone placed
    kept, board = st.kept, st.kept.game.board
    assert press(st, "menu", "long") is False
    assert st.kept is kept and st.kept.game.board == board and len(st.kept.hands) == 2


def test_the_end_shows_the_scores_and_the_next_game_is_dealt_by_the_second_player():
    app, st = dealer(seed=7, players=2)
    for _ in range(4):
        press(st, "menu")
    press(st, "next")
    while not st.over:
        press(st, "next")
        press(st, "menu", "long")
    totals = st.kept.totals()
    assert app.messages[-1] == "P1 %d  P2 %d" % tuple(totals)
    assert st.log[-1] == ["forbes", 2, 11, 16]
    first = st.kept.game.dealer
    press(st, "next")  # the next game, dealt by the seat that played second
    assert st.kept.game.dealer == (first + 1) % 2 and st.kept.dealt is False
