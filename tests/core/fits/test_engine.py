"""The FITS engine: legal moves only, the model scores as fits_score does, a certain best
drop is found, and a seed gives the same move."""

import pytest

from boardcore.fits import engine
from boardcore.fits import engine_model as model
from boardcore.fits.board import Board
from boardcore.fits.game import Game
from boardcore.fits.layouts import default_layout
from boardcore.fits.score import score_board
from boardcore.fits.tiles import TILE_IDS
from boardcore.rng import Random


def _random_game_positions(seed, moves):
    """Positions met in a seeded solo game played with random legal drops."""
    rng = Random(seed)
    g = Game(["Solo"], seed=seed)
    out = []
    while g.phase != "over" and len(out) < moves:
        if g.phase == "deal":
            g.start_round()
        elif g.phase == "score":
            g.finish_round()
        elif g.phase == "cards" and not g.waiting():
            g.turn_card()
        else:
            pos = engine.position(g, "Solo")
            out.append(pos)
            drops = g.legal_drops("Solo")
            if drops and rng.below(5):
                o, c, _ = drops[rng.below(len(drops))]
                g.place("Solo", pos.tile, o, c)
            elif g.phase == "cards":
                g.set_aside("Solo", pos.tile)
            else:
                o, c, _ = drops[0]
                g.place("Solo", pos.tile, o, c)
    return out


@pytest.mark.parametrize("level", engine.LEVELS)
def test_every_move_is_legal(level):
    for seed in (3, 11):
        for k, pos in enumerate(_random_game_positions(seed, 64)[::5]):
            move, value = engine.best(pos, level, k)
            legal = [(o, c) for o, c, _ in pos.board.legal_drops(pos.tile)]
            if move == engine.PASS:
                assert pos.may_pass
            else:
                assert move in legal
            assert isinstance(value, float) or isinstance(value, int)
            ranked = engine.analyse(pos, level, k)
            moves = [m for m, _ in ranked]
            assert sorted(m for m in moves if m != engine.PASS) == sorted(legal)
            assert (engine.PASS in moves) == pos.may_pass


def test_the_model_scores_as_the_rules_do():
    rng = Random(5)
    for board_no in (1, 2, 3, 4):
        layout = default_layout(board_no)
        scorer = model.Scorer(layout)
        b = Board()
        for t in rng.shuffle(list(TILE_IDS)):
            drops = b.legal_drops(t)
            if drops:
                o, c, _ = drops[rng.below(len(drops))]
                b.drop(t, o, c)
            masks, tops = model.from_board(b)
            assert scorer.final(masks) == score_board(b, layout)["total"]


def test_the_model_drops_as_the_board_does():
    rng = Random(9)
    b = Board()
    for t in rng.shuffle(list(TILE_IDS)):
        masks, tops = model.from_board(b)
        mine = sorted((o, c, r) for o, c, r, _, _ in model.drops(masks, tops, t, None))
        assert mine == sorted(b.legal_drops(t))
        if mine:
            o, c, _ = mine[rng.below(len(mine))]
            b.drop(t, o, c)


def test_a_drop_that_completes_two_rows_on_board_1():
    # Rows 1 and 2 are covered but for column 6: only the upright I3 in column 6 fills
    # both (its third cell rests in row 3); every other drop completes no row.
    b = Board()
    for r in (1, 2):
        for c in range(1, 6):
            b.set_cell(r, c, "?")
    pos = engine.Position(b, default_layout(1), "I3", [])
    move, value = engine.best(pos, 2)
    assert move == (2, 6)  # orientation 2 is the vertical I3
    assert value == score_board(_after(b, "I3", 2, 6), default_layout(1))["total"]
    for level in engine.LEVELS[1:]:
        assert engine.best(pos, level)[0] == (2, 6)


def _after(b, tile, o, c):
    b = b.copy()
    b.drop(tile, o, c)
    return b


def test_a_start_tile_is_never_set_aside():
    g = Game(["Solo"], seed=4)
    g.start_round()
    pos = engine.position(g, "Solo")
    assert not pos.may_pass and len(pos.to_come) == 15
    for level in engine.LEVELS:
        assert engine.best(pos, level)[0] != engine.PASS


def test_the_same_seed_gives_the_same_move():
    positions = _random_game_positions(21, 20)
    for level in engine.LEVELS:
        for k, pos in enumerate(positions[::4]):
            assert engine.best(pos, level, k) == engine.best(pos, level, k)


def test_bad_positions_are_refused():
    b = Board()
    b.drop("X", 1, 1)
    with pytest.raises(ValueError, match="already on the board"):
        engine.Position(b, default_layout(1), "X", [])
    with pytest.raises(ValueError, match="to come twice"):
        engine.Position(b, default_layout(1), "P", ["P"])
    with pytest.raises(ValueError, match="levels are 1..5"):
        engine.best(engine.Position(b, default_layout(1), "P", []), 6)


def test_the_values_are_put_on_the_round_score_scale_and_no_move_changes(monkeypatch):
    # The search runs on the evaluation itself; only the values reported are lifted by
    # model.BIAS. So with the table emptied every level ranks the same moves in the same
    # order, and level 2's values (the evaluation, all with as many tiles to come) are
    # exactly the table's half points higher; every ranking's values fall from best down.
    positions = _random_game_positions(5, 64)[::3] + _random_game_positions(9, 64)[1::5]
    bias = model.BIAS
    lifted = {level: [engine.analyse(p, level, k) for k, p in enumerate(positions)]
              for level in engine.LEVELS}
    for ranked in (r for level in engine.LEVELS for r in lifted[level]):
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
    monkeypatch.setattr(model, "BIAS", (bytes(16),) * 4)
    for level in engine.LEVELS:
        raw = [engine.analyse(p, level, k) for k, p in enumerate(positions)]
        assert [[m for m, _ in r] for r in raw] == [[m for m, _ in r] for r in lifted[level]]
    for pos, got in zip(positions, lifted[2]):
        lift = 0.5 * bias[pos.layout.board - 1][len(pos.to_come)]
        raw = dict(engine.analyse(pos, 2))
        assert got == [(move, raw[move] + lift) for move, _ in got]


def test_the_bias_table_has_a_value_for_every_count_of_tiles_to_come():
    # At most 15 tiles are to come after the one placed (16 tiles, the placed one not
    # among them); none to come is the final score, with nothing added.
    assert len(model.BIAS) == 4
    for row in model.BIAS:
        assert len(row) == 16 and row[0] == 0 and all(row[n] < row[n + 1] for n in range(1, 15))


def test_popcount_counts_the_set_bits_of_every_12_bit_mask():
    assert [model.popcount(x) for x in range(1 << model.ROWS)] == [bin(x).count("1") for x in range(1 << model.ROWS)]
