"""The Forbes engine: the cell for the stone just drawn, from what one seat may see.

    from boardcore.forbes import engine
    pos = engine.position(game, seat)           # game.view(seat) + the public moves + options
    cell, value = engine.best(pos, level=3)     # (row, col) and its value (below)
    for cell, value in engine.analyse(pos):     # every empty cell, best first
        ...
    game.place(seat, *cell)

The engine reads only a forbes_view.PlayerView (the seat's own cards, cards shown, board,
stone, stones left), the moves everyone saw and the options. The other players' hidden
cards are guessed: dealt at random from the cards this seat has not seen, and from level 5
weighted by how well each guess explains the cells those players chose.

`value` is, at levels 4 and 5, the expected share of the win (1 = wins alone for sure,
a top score shared by k players counts 1/k); at levels 1-3 the points the cell is worth
by a static measure (its patterns for this seat's cards, level 3 less the others'). Levels: 1 the cell
that completes the most points now for its own cards, 2 the best cell for its own cards
counting unfinished patterns, 3 also counting what the cell gives the others, 4 and 5
simulate the rest of the game (5 with more games and the guessed cards weighted).
"""

from boardcore.compat import const
from boardcore.forbes.rules import CARDS_PER_SYMBOL, CELLS, EMPTY, SYMBOLS
from boardcore.rng import Random

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Callable, Iterable, Sequence
    from boardcore.forbes.game import Game
    from boardcore.forbes.rules import Options
    from boardcore.forbes.view import PlayerView

    # (pattern points, pattern cells, patterns through each cell)
    Geometry = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]

LEVELS = (1, 2, 3, 4, 5)
DEVICE_LEVELS = (1, 2, 3)

# Worth of an unfinished pattern with n of its 4 cells in one symbol, as a share of its
# points (tuned on the tuning seeds, see docs/engines.md).
SHARE = (0.0, 0.06, 0.18, 0.45, 1.0)
DENY = 0.6  # level 3: weight of what a cell gives the others
BETA = 1.5  # level 5: how sharply the others are assumed to prefer their best cell
# Level -> (simulated games per cell, dealt guesses to weight from); 0 = no weighting.
_SIMS: "dict[int, tuple[int, int]]" = {4: (10, 0), 5: (24, 160)}

_GEOM: "dict[bool, Geometry]" = {}  # centre_also_square -> the pattern geometry, built on first use


def geometry(centre_also_square: bool = False) -> "Geometry":
    """(pattern points, pattern cells, patterns through each cell), built once per option."""
    g = _GEOM.get(centre_also_square)
    if g is None:
        from boardcore.forbes.patterns import patterns

        pts: "list[int]" = []
        cells: "list[tuple[int, ...]]" = []
        through: "list[list[int]]" = [[] for _ in range(CELLS)]
        for _, _, points, pc in patterns(centre_also_square):
            k = len(pts)
            pts.append(points)
            cells.append(pc)
            for i in pc:
                through[i].append(k)
        g = (tuple(pts), tuple(cells), tuple(tuple(t) for t in through))
        _GEOM[centre_also_square] = g
    return g


class Position:
    """What the Forbes engine knows: a forbes_view.PlayerView (`view`), the `moves`
    played so far as (seat, symbol, row, col) (everyone saw them), and the match's
    forbes_rules.Options (`options`)."""

    __slots__ = ("view", "moves", "options")

    def __init__(self, view: "PlayerView", moves: "Iterable[tuple[int, str, int, int]]" = (),
                 options: "Options | None" = None) -> None:
        if options is None:
            from boardcore.forbes.rules import Options

            options = Options()
        self.view = view
        self.moves = list(moves)
        self.options = options


def position(game: "Game", seat: int) -> Position:
    """The Position of `seat` in a forbes_game.Game (it holds no other seat's hidden card)."""
    return Position(game.view(seat), game.moves, game.options)


def _check_level(level: object) -> None:
    if level not in LEVELS:
        raise ValueError("engine levels are 1..5, not %r" % (level,))


class _State:
    """A board under play: per pattern how many cells are filled and their symbol
    (-1 none yet, -2 mixed: dead)."""

    __slots__ = ("board", "cnt", "sym")

    def __init__(self, board: "list[int]", n_patterns: int) -> None:
        self.board = board
        self.cnt = [0] * n_patterns
        self.sym = [-1] * n_patterns

    def copy(self) -> "_State":
        s = _State(list(self.board), 0)
        s.cnt = list(self.cnt)
        s.sym = list(self.sym)
        return s

    def put(self, i: int, s: int, through: "Sequence[Sequence[int]]") -> None:
        self.board[i] = s
        for p in through[i]:
            self.cnt[p] += 1
            q = self.sym[p]
            if q == -1:
                self.sym[p] = s
            elif q != s:
                self.sym[p] = -2


def board_state(board_text: str, geom: "Geometry") -> _State:
    """The _State of a board given as 16 codes ("." empty)."""
    st = _State([-1] * CELLS, len(geom[0]))
    for i in range(CELLS):
        ch = board_text[i]
        if ch != EMPTY:
            st.put(i, SYMBOLS.index(ch), geom[2])
    return st


def gain(st: _State, i: int, s: int, h: "Sequence[float]", geom: "Geometry",
         share: "Sequence[float]" = SHARE) -> float:
    """How much putting symbol s on empty cell i is worth to a hand of card counts h
    (per symbol): completed patterns in full, unfinished ones by SHARE."""
    pts, _, through = geom
    cnt = st.cnt
    sym = st.sym
    d = 0.0
    for p in through[i]:
        q = sym[p]
        if q == -2:
            continue
        n = cnt[p]
        if q == -1 or q == s:
            if h[s]:
                d += pts[p] * h[s] * (share[n + 1] - share[n])
        elif h[q]:
            d -= pts[p] * h[q] * share[n]
    return d


def hand_counts(cards: str, once: bool) -> "list[int]":
    """Cards per symbol (S, T, C, X) of a hand; at most 1 each with pay_once_per_player."""
    h = [0, 0, 0, 0]
    for c in cards:
        h[SYMBOLS.index(c)] += 1
    if once:
        for k in range(4):
            if h[k]:
                h[k] = 1
    return h


def final_scores(st: _State, hands: "Sequence[Sequence[int]]", geom: "Geometry") -> "list[int]":
    """Each hand's points for the patterns completed on a full board (counts per symbol)."""
    pts = geom[0]
    out = []
    for h in hands:
        t = 0
        for p in range(len(pts)):
            if st.cnt[p] == 4 and st.sym[p] >= 0:
                t += pts[p] * h[st.sym[p]]
        out.append(t)
    return out


def greedy_cell(st: _State, s: int, h: "Sequence[float]", geom: "Geometry", rng: "Random | None" = None) -> int:
    """The empty cell where symbol s gains most for hand h (ties: the first, or a random
    one of them with `rng`)."""
    best: "float | None" = None
    ties: "list[int]" = []
    for i in range(CELLS):
        if st.board[i] != -1:
            continue
        d = gain(st, i, s, h, geom)
        if best is None or d > best + 1e-9:
            best = d
            ties = [i]
        elif d > best - 1e-9:
            ties.append(i)
    if rng is None or len(ties) == 1:
        return ties[0]
    return ties[rng.below(len(ties))]


def _unseen(view: "PlayerView") -> "list[int]":
    # Cards this seat has not seen: 5 of each symbol less its own and the shown hands.
    left = [CARDS_PER_SYMBOL] * 4
    for c in view.hand:
        left[SYMBOLS.index(c)] -= 1
    for s in range(len(view.players)):
        shown = view.shown[s]
        if s != view.seat and shown is not None:
            for c in shown:
                left[SYMBOLS.index(c)] -= 1
    deck: "list[int]" = []
    for k in range(4):
        deck.extend([k] * left[k])
    return deck


def _deal(view: "PlayerView", deck: "list[int]", rng: Random, once: bool) -> "list[list[int]]":
    """Counts per seat: this seat's and shown hands as they are, the hidden ones dealt
    from `deck` at random."""
    deck = rng.shuffle(list(deck))
    hands = []
    k = 0
    for s in range(len(view.players)):
        shown = view.shown[s]
        if s == view.seat:
            hands.append(hand_counts(view.hand, once))
        elif shown is not None:
            hands.append(hand_counts(shown, once))
        else:
            h = [0, 0, 0, 0]
            for c in deck[k:k + 4]:
                h[c] += 1
            k += 4
            if once:
                for x in range(4):
                    if h[x]:
                        h[x] = 1
            hands.append(h)
    return hands


def _likelihoods(pos: Position, geom: "Geometry") -> "tuple[list[int], Callable[[int, list[int]], float]]":
    """For each hidden seat, a function of a hand (counts) giving how likely that hand
    makes the cells the seat chose (a softmax of gain over the empty cells), memoised."""
    view = pos.view
    hidden = [s for s in range(len(view.players)) if s != view.seat and view.shown[s] is None]
    # The boards each hidden seat faced, replayed from the public moves.
    faced: "dict[int, list[tuple[_State, int, int]]]" = {}
    st = _State([-1] * CELLS, len(geom[0]))
    for seat, symbol, row, col in pos.moves:
        s = SYMBOLS.index(symbol)
        i = row * 4 + col
        if seat in hidden:
            faced.setdefault(seat, []).append((st.copy(), s, i))
        st.put(i, s, geom[2])
    memo: "dict[tuple[int, int, int, int, int], float]" = {}

    def like(seat: int, h: "list[int]") -> float:
        key = (seat, h[0], h[1], h[2], h[3])
        v = memo.get(key)
        if v is None:
            v = 1.0
            for fst, s, i in faced.get(seat, ()):
                total = 0.0
                mine = 0.0
                for c in range(CELLS):
                    if fst.board[c] == -1:
                        e = _exp(BETA * gain(fst, c, s, h, geom))
                        total += e
                        if c == i:
                            mine = e
                v *= mine / total
            memo[key] = v
        return v

    return hidden, like


def _exp(x: float) -> float:
    # exp() without the math module's import cost on the device; x is small here.
    if x > 20:
        x = 20.0
    if x < -20:
        x = -20.0
    n = 0
    while x > 1.0 or x < -1.0:
        x /= 2.0
        n += 1
    term = 1.0
    total = 1.0
    for k in range(1, 12):
        term *= x / k
        total += term
    while n:
        total *= total
        n -= 1
    return total


def _guesses(pos: Position, geom: "Geometry", count: int, pool: int, rng: Random) -> "list[list[list[int]]]":
    """`count` deals of the hidden cards; with `pool`, drawn from that many random deals
    in proportion to how well they explain the others' moves."""
    view = pos.view
    once = pos.options.pay_once_per_player
    deck = _unseen(view)
    if not pool:
        return [_deal(view, deck, rng, once) for _ in range(count)]
    hidden, like = _likelihoods(pos, geom)
    deals = []
    weights = []
    total = 0.0
    for _ in range(pool):
        d = _deal(view, deck, rng, once)
        w = 1.0
        for s in hidden:
            w *= like(s, d[s])
        deals.append(d)
        weights.append(w)
        total += w
    if total <= 0.0:
        return deals[:count]
    out = []
    # Systematic resampling: evenly spaced points through the cumulative weights.
    step = total / count
    u = (rng.below(1000) + 0.5) / 1000.0 * step
    acc = 0.0
    k = 0
    for d, w in zip(deals, weights):
        acc += w
        while k < count and u + k * step < acc:
            out.append(d)
            k += 1
    while len(out) < count:
        out.append(deals[-1])
    return out


def _stones(view: "PlayerView") -> "list[int]":
    out = []
    for k in range(4):
        out.extend([k] * view.stones_left[SYMBOLS[k]])
    return out


def _playout(st: _State, hands: "Sequence[Sequence[int]]", seat: int, start: int, n_players: int,
             stones: "Sequence[int]", geom: "Geometry", rng: Random) -> float:
    """Play the board to the end: each seat in turn puts the next stone where it gains
    most for its own (guessed) cards. Returns this seat's share of the win: 1 alone on
    top, 1/k when k players share the top score, else 0."""
    through = geom[2]
    turn = start
    left = 0
    for v in st.board:
        if v == -1:
            left += 1
    k = 0
    while k < left:
        s = stones[k]
        i = greedy_cell(st, s, hands[turn], geom, rng)
        st.put(i, s, through)
        turn = (turn + 1) % n_players
        k += 1
    scores = final_scores(st, hands, geom)
    mine = scores[seat]
    tied = 1
    for j in range(n_players):
        if j != seat:
            if scores[j] > mine:
                return 0.0
            if scores[j] == mine:
                tied += 1
    return 1.0 / tied


def analyse(pos: Position, level: int = 5, seed: int = 0) -> "list[tuple[tuple[int, int], float]]":
    """Every empty cell with its value for the stone drawn, best first: a list of
    ((row, col), value). ValueError when no stone has been drawn."""
    _check_level(level)
    view = pos.view
    if view.stone is None:
        raise ValueError("no stone drawn: nothing to place")
    geom = geometry(pos.options.centre_also_square)
    once = pos.options.pay_once_per_player
    st = board_state(view.board, geom)
    s = SYMBOLS.index(view.stone)
    me = hand_counts(view.hand, once)
    empty = [i for i in range(CELLS) if st.board[i] == -1]
    rng = Random(seed)
    values: "dict[int, float]" = {}
    if level == 1:
        done = [0] * 4
        for i in empty:
            values[i] = gain(st, i, s, me, geom, done + [1.0])
    elif level <= 3:
        h: "list[float]" = [x for x in me]
        if level == 3:
            n_hidden = 0
            for j in range(len(view.players)):
                if j != view.seat and view.shown[j] is None:
                    n_hidden += 1
            deck = _unseen(view)
            # The others' expected cards per symbol: shown hands, plus the hidden hands'
            # share of the unseen cards; the strongest other is weighted by DENY.
            others = [0.0] * 4
            for c in deck:
                others[c] += 4.0 * n_hidden / len(deck) if deck else 0.0
            for j in range(len(view.players)):
                shown = view.shown[j]
                if j != view.seat and shown is not None:
                    hc = hand_counts(shown, once)
                    for x in range(4):
                        others[x] += hc[x]
            n_others = len(view.players) - 1
            h = [me[x] - DENY * others[x] / n_others for x in range(4)]
        for i in empty:
            values[i] = _gain_signed(st, i, s, h, geom)
    else:
        sims, pool = _SIMS[level]
        guesses = _guesses(pos, geom, sims, pool, rng)
        stones = _stones(view)
        orders = [rng.shuffle(list(stones)) for _ in range(sims)]
        n = len(view.players)
        nxt = (view.seat + 1) % n
        through = geom[2]
        for i in empty:
            total = 0.0
            for g in range(sims):
                t = st.copy()
                t.put(i, s, through)
                total += _playout(t, guesses[g], view.seat, nxt, n, orders[g], geom, Random(seed + g))
            values[i] = total / sims
    # Equal values: a seeded random order (levels 1-3 often meet ties).
    tie = {}
    for i in empty:
        tie[i] = rng.next32()
    ranked = sorted(empty, key=lambda i: (-values[i], tie[i]))
    return [((i // 4, i % 4), values[i]) for i in ranked]


def _gain_signed(st: _State, i: int, s: int, h: "Sequence[float]", geom: "Geometry") -> float:
    # gain() for counts that may be negative (others' cards weigh against this seat).
    pts, _, through = geom
    d = 0.0
    for p in through[i]:
        q = st.sym[p]
        if q == -2:
            continue
        n = st.cnt[p]
        if q == -1:
            d += pts[p] * h[s] * (SHARE[n + 1] - SHARE[n])
        elif q == s:
            d += pts[p] * h[s] * (SHARE[n + 1] - SHARE[n])
        else:
            d -= pts[p] * h[q] * SHARE[n]
    return d


def best(pos: Position, level: int = 5, seed: int = 0) -> "tuple[tuple[int, int], float]":
    """The cell the engine chooses at `level` and its value: ((row, col), value)."""
    return analyse(pos, level, seed)[0]
