"""Forbes with the board kept on the standalone device (firmware/forbes_board.py): every
stone's cell entered on the buttons, the engine's hint for the player to move from that
player's own cards only, and the scores of the full board. On CPython here (as `boardlight
direct` runs it); on MicroPython in tests/firmware/test_solo_device.py."""

import sys

from boardcore.forbes import engine
from boardcore.forbes.game import Game
from boardcore.rng import Random
from conftest import ROOT

sys.path.insert(0, str(ROOT / "firmware"))

import forbes_board  # noqa: E402
import standalone  # noqa: E402


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


def test_the_hint_does_not_depend_on_the_other_players_hidden_cards():
    # The same game but for the cards of the seats not to move: the same hint.
    a, b = fresh(seed=21), fresh(seed=21)
    for fb in (a, b):
        for _ in range(3):
            fb.press("next", "short")
            fb.press("menu", "long")
    seat = a.game.current
    hands = list(b.game._hands)
    for other in range(3):
        if other != seat:
            hands[other] = "XXXX" if hands[other] != "XXXX" else "SSSS"
    b.game._hands = hands
    a.press("next", "long")
    b.press("next", "long")
    assert a.cell() == b.cell()


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


class FakeApp:
    def __init__(self):
        self.shows = 0
        self.messages = []

    def show(self):
        self.shows += 1

    def set_scroller(self, s):
        self.messages.append(s.text)


def dealer(seed=7, players=2):
    from boardlight.canvas import Canvas

    app = FakeApp()
    st = standalone.Standalone(Canvas(8, 8), app.show, app.set_scroller, seed=seed, players=players)
    st.start()
    return app, st


def press(st, name, kind="short"):
    st.handle(("button", name, "down"))
    return st.handle(("button", name, kind))


def test_holding_a_player_button_shows_that_players_cards():
    app, st = dealer()
    for _ in range(4):
        press(st, "menu")
    press(st, "next")  # the first stone
    st.handle(("button", "p2", "down"))
    assert st.held == "p2"
    st.handle(("button", "p2", "short"))
    assert st.held is None and st.kept.cells is None


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
