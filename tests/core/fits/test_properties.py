"""Property tests on random legal FITS games (hypothesis): whatever the players choose,
the grid holds exactly the placed cells, tiles never overlap, every tile rests on
something and came straight down, and the scores match a count written separately here."""

from hypothesis import given, settings
from hypothesis import strategies as st

from boardcore.fits.game import Game
from boardcore.fits.layouts import default_layout
from boardcore.fits.tiles import cells as tile_cells
from boardcore.fits.record import format_record, parse_record, replay
from core.fits.board_copy import copy_board


def play(seed, n_players, choices, boards, max_overhang):
    """Play a whole game: each action picks a legal drop (or pass) by the next choice."""
    g = Game(["P%d" % i for i in range(n_players)], seed, boards, max_overhang=max_overhang)
    k = 0
    finished = []
    while g.phase != "over":
        g.start_round()
        for p in g.players:
            drops = g.legal_drops(p)
            o, c, _ = drops[choices[k % len(choices)] % len(drops)]
            k += 1
            g.place(p, g.start_tile(p), o, c)
        while g.phase == "cards":
            t = g.turn_card()
            for p in g.waiting():
                drops = g.legal_drops(p)
                pick = choices[k % len(choices)] % (len(drops) + 1)
                k += 1
                if pick == len(drops):
                    g.set_aside(p, t)
                else:
                    g.place(p, t, drops[pick][0], drops[pick][1])
        finished.append([copy_board(g.board(p)) for p in g.players])
        g.finish_round()
    return g, finished


def placed_cells(board):
    """Each drop's absolute cells, from the tile shapes (overhang included)."""
    return [[(row + dr, col + dc) for dr, dc in tile_cells(t, o)] for t, o, col, row in board.drops]


def independent_score(board, layout):
    # Counted from the rules (docs/rules.md) directly, without boardcore.fits.score.
    spaces = {(r, c): v for r, c, v in layout.spaces}
    total = 0
    for r in range(1, 13):
        if layout.board == 1 and all(board.covered(r, c) for c in range(1, 7)):
            total += 1
        for c in range(1, 7):
            if not board.covered(r, c) and (r, c) not in spaces:
                total -= 1
    if layout.board in (2, 3):
        total += sum(v for (r, c), v in spaces.items() if not board.covered(r, c))
    if layout.board == 4:
        for sym in set(spaces.values()):
            n = sum(1 for (r, c), v in spaces.items() if v == sym and not board.covered(r, c))
            total += {2: 3, 1: -3, 0: 0}[n]
    return total


games = st.tuples(
    st.integers(0, 2**32),
    st.integers(1, 4),
    st.lists(st.integers(0, 1000), min_size=1, max_size=40),
    st.permutations([1, 2, 3, 4]).flatmap(lambda p: st.integers(1, 4).map(lambda n: p[:n])),
    st.one_of(st.none(), st.integers(0, 3)),
)


@settings(max_examples=25, deadline=None)
@given(games)
def test_random_legal_games(args):
    seed, n, choices, boards, max_overhang = args
    g, finished = play(seed, n, choices, list(boards), max_overhang)
    for round_no, round_boards in enumerate(finished):
        layout = default_layout(boards[round_no])
        for seat, board in enumerate(round_boards):
            cells = placed_cells(board)
            flat = [cell for tile in cells for cell in tile]
            # no two tiles overlap (overhang cells included)
            assert len(flat) == len(set(flat))
            # the covered cells are exactly the placed cells that lie on the grid
            on_grid = {(r, c) for r, c in flat if r <= 12}
            covered = {(r, c) for r in range(1, 13) for c in range(1, 7) if board.covered(r, c)}
            assert covered == on_grid
            # every cell inside the side edges; at least one on the grid; overhang option kept
            assert all(1 <= c <= 6 for _, c in flat)
            for tile in cells:
                assert any(r <= 12 for r, _ in tile)
                if max_overhang is not None:
                    assert max(r for r, _ in tile) <= 12 + max_overhang
            # every tile rests on the bottom or on an earlier tile, and came straight down:
            # nothing placed before it lies above any of its cells in the same column
            earlier = set()
            for tile in cells:
                assert any(r == 1 or (r - 1, c) in earlier for r, c in tile)
                for r, c in tile:
                    assert not any(er > r and ec == c for er, ec in earlier)
                earlier |= set(tile)
            assert g.round_scores[round_no][seat]["total"] == independent_score(board, layout)
    # totals are the sums of the rounds; the record replays to the same scores
    for seat, p in enumerate(g.players):
        assert g.totals()[p] == sum(r[seat]["total"] for r in g.round_scores)
    assert replay(parse_record(format_record(g), "prop")).totals() == g.totals()
