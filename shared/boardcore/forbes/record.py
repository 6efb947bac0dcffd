"""The Forbes match record: every game's dealer, hands and moves (docs/forbes-formats.md).

    forbes-match 1
    players Ann Bob Cy                 # 2 to 5 names in seat (turn) order
    option target_score 100            # optional rule options
    seed 42                            # optional: the record was dealt and drawn from this seed
    game dealer Ann                    # one block per game; the first names the first dealer
    hand Ann SSTC                      # every player's 4 cards (may be left out with a seed)
    hand Bob TCXX
    hand Cy SCCX
    move Ann S 0 0                     # NAME STONE ROW COL, 16 per game, in turn order
    move Bob T 1 2
    ...

`replay` checks every line against the rules (turn order, empty cells, stone and card counts,
the dealer rotation, nothing after the match has ended; with a seed, that the deals and
stones are the ones the seed gives) and returns the scores.
"""

from boardcore.digits import is_digits
from boardcore.errors import FormatError, RuleError
from boardcore.forbes.fields import check_header, format_options, parse_option, token_lines
from boardcore.forbes.rules import SIZE, SYMBOLS, Options

HEADER = "forbes-match"


def _game_result(number, game, scores):
    names = game.players
    hands = game.all_hands()
    points = {}
    lines = {}
    out_hands = {}
    for seat in range(len(names)):
        points[names[seat]] = scores[seat]["total"]
        lines[names[seat]] = scores[seat]["lines"]
        out_hands[names[seat]] = hands[seat]
    return {"number": number, "dealer": names[game.dealer], "board": game.board, "hands": out_hands, "points": points, "lines": lines}


class _Replay:
    """The state of one replay pass: the header so far, the match, the game being read."""

    def __init__(self, source):
        self.source = source
        self.players = None
        self.options = {}
        self.seed = None
        self.match = None
        self.hands = None  # name -> cards for the game whose moves have not started
        self.game_line = 0
        self.games = []

    def fail(self, problem, number):
        raise FormatError(problem, self.source, number)

    def header_line(self, number, words):
        kind = words[0]
        if self.match is not None:
            self.fail("%r lines belong before the first game" % kind, number)
        if kind == "players":
            if self.players is not None:
                self.fail("a second 'players' line", number)
            self.players = words[1:]
        elif kind == "option":
            parse_option(words, self.options, self.source, number)
        elif kind == "seed":
            if self.seed is not None:
                self.fail("a second 'seed' line", number)
            if len(words) != 2 or not is_digits(words[1]):
                self.fail("a seed line is 'seed N' with N a whole number", number)
            self.seed = int(words[1])

    def game(self, number, words):
        if len(words) != 3 or words[1] != "dealer":
            self.fail("a game line is 'game dealer NAME'", number)
        if self.match is None:
            if self.players is None:
                self.fail("no 'players' line before the first game", number)
            if words[2] not in self.players:
                self.fail("dealer %r is not a player" % words[2], number)
            from boardcore.forbes.match import Match  # after this module is compiled: less heap at once

            try:
                options = Options.from_dict(self.options)
                self.match = Match(self.players, options, self.seed, self.players.index(words[2]))
            except (RuleError, ValueError) as exc:
                self.fail(str(exc), number)
        self.finish_game(number)
        match = self.match
        if match.over:
            self.fail("the match was already over: someone reached %d" % match.options.target_score, number)
        expected = match.players[match.dealer]
        if words[2] != expected:
            self.fail("game %d must be dealt by %s (second to play in the last game), not %s" % (len(match.history) + 1, expected, words[2]), number)
        self.hands = {}
        self.game_line = number

    def hand(self, number, words):
        if self.hands is None:
            self.fail("a hand line must follow a 'game' line, before its moves", number)
        if len(words) != 3:
            self.fail("a hand line is 'hand NAME CARDS'", number)
        if words[1] not in self.match.players:
            self.fail("%r is not a player" % words[1], number)
        if words[1] in self.hands:
            self.fail("%s has two hands in this game" % words[1], number)
        self.hands[words[1]] = words[2]

    def start(self, number):
        match = self.match
        given = None
        if len(self.hands) != len(match.players):
            if self.hands or match.rng is None:
                self.fail("every player needs a 'hand' line before the first move (%d of %d given)" % (len(self.hands), len(match.players)), number)
        else:
            given = [self.hands[name] for name in match.players]
        try:
            game = match.start_game(None if match.rng is not None else given)
        except RuleError as exc:
            self.fail(str(exc), number)
        if given is not None and match.rng is not None:
            dealt = game.all_hands()
            for seat in range(len(dealt)):
                if "".join(sorted(given[seat])) != "".join(sorted(dealt[seat])):
                    self.fail("seed %d deals %s the hand %s, not %s" % (self.seed, match.players[seat], dealt[seat], given[seat]), number)
        self.hands = None

    def move(self, number, words):
        if self.match is None:
            self.fail("a move must follow a 'game' line", number)
        if self.hands is None and self.match.game is None:
            self.fail("the game from line %d already has its 16 moves: start the next with a 'game' line" % self.game_line, number)
        if self.hands is not None:
            self.start(number)
        if len(words) != 5:
            self.fail("a move line is 'move NAME STONE ROW COL'", number)
        name, stone = words[1], words[2]
        if stone not in SYMBOLS or len(stone) != 1:
            self.fail("unknown stone %r: use S, T, C or X" % stone, number)
        for w in words[3:]:
            if not is_digits(w):
                self.fail("row and column must be whole numbers 0..%d, not %r" % (SIZE - 1, w), number)
        game = self.match.game
        try:
            seat = game.seat_of(name)
            if self.match.rng is not None:
                drawn = game.play(seat, int(words[3]), int(words[4]))
                if drawn != stone:
                    self.fail("seed %d draws a %s here, not a %s" % (self.seed, drawn, stone), number)
            else:
                game.play(seat, int(words[3]), int(words[4]), stone)
        except RuleError as exc:
            self.fail(str(exc), number)
        if game.over:
            scores = self.match.end_game()
            self.games.append(_game_result(len(self.match.history), game, scores))

    def finish_game(self, number):
        match = self.match
        if self.hands is not None:
            self.fail("the game from line %d has no moves" % self.game_line, number)
        if match.game is not None:
            self.fail("the game from line %d ended after %d moves: a game is 16" % (self.game_line, len(match.game.moves)), number)

    def result(self):
        match = self.match
        unfinished = None
        if match.game is not None or self.hands is not None:
            moves = len(match.game.moves) if match.game is not None else 0
            unfinished = {"number": len(match.history) + 1, "moves": moves}
        totals = {}
        for seat in range(len(match.players)):
            totals[match.players[seat]] = match.totals[seat]
        return {
            "players": list(match.players),
            "options": match.options.to_dict(),
            "seed": self.seed,
            "games": self.games,
            "totals": totals,
            "over": match.over,
            "unfinished": unfinished,
            "ranking": match.ranking(),
        }


def replay(text, source=None):
    """Check a match record line by line and return its scores as a dict:

    {"players", "options", "seed",
     "games": [{"number", "dealer", "board", "hands": {name: cards}, "points": {name: n},
                "lines": {name: [scoring lines, see forbes_score]}}, ...],
     "totals": {name: n}, "over": bool (someone reached the target),
     "unfinished": None or {"number", "moves"} for a last game still being played,
     "ranking": Match.ranking()}
    Anything the rules forbid raises FormatError naming the line.
    """
    state = _Replay(source)
    lines = check_header(token_lines(text), HEADER, source)
    for number, words in lines:
        kind = words[0]
        if kind in ("players", "option", "seed"):
            state.header_line(number, words)
        elif kind == "game":
            state.game(number, words)
        elif kind == "hand":
            state.hand(number, words)
        elif kind == "move":
            state.move(number, words)
        else:
            state.fail("unknown line %r (expected players, option, seed, game, hand or move)" % kind, number)
    if state.match is None:
        state.fail("no games in the record", lines[-1][0] if lines else 1)
    return state.result()


def format_record(players, options, games, seed=None):
    """The text of a match record: `games` are the forbes_game.Game objects in play order
    (the last may be unfinished). Round-trips through `replay`. With a seed, an unfinished
    game has no hand lines (the replay deals them from the seed): a record written or
    exported mid-game does not show the secret hands."""
    out = [HEADER + " 1", "players " + " ".join(players)]
    out.extend(format_options(options if options is not None else Options()))
    if seed is not None:
        out.append("seed %d" % seed)
    for game in games:
        out.append("game dealer " + players[game.dealer])
        if seed is None or game.over:  # a seeded game in play keeps its hands secret
            hands = game.all_hands()
            for seat in game.order:
                out.append("hand %s %s" % (players[seat], hands[seat]))
        for seat, stone, row, col in game.moves:
            out.append("move %s %s %d %d" % (players[seat], stone, row, col))
    return "\n".join(out) + "\n"
