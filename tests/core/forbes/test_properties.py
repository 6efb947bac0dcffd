"""Properties over many boards and action sequences: the core's scoring agrees with the
hand-written recount of test_forbes_match for any board, hands and options, and a refused
action never changes a game."""

from hypothesis import given, settings
from hypothesis import strategies as st

from boardcore.errors import RuleError
from boardcore.forbes.game import Game
from boardcore.forbes.rules import Options
from boardcore.forbes.score import score_board
from core.forbes.test_match import RECOUNT_PATTERNS

cells = st.text(alphabet="STCX.", min_size=16, max_size=16)
# Boards built from few symbols complete patterns often enough to matter.
dense = st.lists(st.sampled_from("SST"), min_size=16, max_size=16).map("".join)
hands = st.lists(st.text(alphabet="STCX", min_size=4, max_size=4), min_size=1, max_size=5)


def recount(board, hand, centre_also_square, pay_once):
    patterns = list(RECOUNT_PATTERNS)
    if centre_also_square:
        patterns.append(([(1, 1), (1, 2), (2, 1), (2, 2)], 4))
    total = 0
    for pattern_cells, value in patterns:
        symbols = {board[r * 4 + c] for r, c in pattern_cells}
        if len(symbols) == 1 and "." not in symbols:
            cards = hand.count(symbols.pop())
            total += value * (min(cards, 1) if pay_once else cards)
    return total


@settings(max_examples=300, deadline=None)
@given(st.one_of(cells, dense), hands, st.booleans(), st.booleans())
def test_scores_agree_with_the_recount(board, hands, centre, once):
    options = Options(centre_also_square=centre, pay_once_per_player=once)
    got = score_board(board, hands, options)
    assert [g["total"] for g in got] == [recount(board, h, centre, once) for h in hands]
    for g in got:
        assert g["total"] == sum(line["points"] for line in g["lines"])


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["draw", "place", "play", "reveal"]), st.integers(-1, 3),
              st.integers(-1, 4), st.integers(-1, 4), st.sampled_from(["S", "T", "C", "X", "Q", None])),
    max_size=60)


@settings(max_examples=150, deadline=None)
@given(ACTIONS)
def test_a_refused_action_changes_nothing(actions):
    game = Game(["Ann", "Bob", "Cy"], hands=["SSTC", "STXX", "TCCX"])
    for op, seat, row, col, stone in actions:
        before = (game.board, list(game.moves), game.stone, game.stones_left(), game.current,
                  [game.view(s).shown for s in range(3)])
        try:
            if op == "draw":
                game.draw(seat, stone)
            elif op == "place":
                game.place(seat, row, col)
            elif op == "play":
                game.play(seat, row, col, stone)
            else:
                game.reveal(seat)
        except RuleError:
            after = (game.board, list(game.moves), game.stone, game.stones_left(), game.current,
                     [game.view(s).shown for s in range(3)])
            assert after == before
    # whatever happened, the board and the stone counts agree
    left = game.stones_left()
    for symbol in "STCX":
        on_board = game.board.count(symbol) + (1 if game.stone == symbol else 0)
        assert left[symbol] == 12 - on_board
