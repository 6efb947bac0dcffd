"""The Forbes match record: every game's dealer, hands and moves (docs/forbes-formats.md).
The `option` lines are read and written here for the position format too.

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

`parse_record` reads the lines; `replay` checks every game against the rules (turn order,
empty cells, stone and card counts, the dealer rotation, nothing after the match has
ended; with a seed, that the deals and stones are the ones the seed gives) and returns the
Match; `score_record` replays and gives every game's scores. Anything malformed or against
the rules raises FormatError naming the line.

>>> text = "forbes-match 1\\nplayers Ann Bob\\nseed 42\\ngame dealer Ann\\nmove Ann T 0 0\\n"
>>> match = replay(parse_record(text, "match.txt"))
>>> match.game.moves, match.game.current
([(0, 'T', 0, 0)], 1)
>>> score_record(parse_record(text, "match.txt"))["unfinished"]
{'number': 1, 'moves': 1}
>>> replay(parse_record(text + "move Ann S 0 1\\n", "match.txt"))
Traceback (most recent call last):
    ...
boardcore.errors.FormatError: match.txt:6: it is Bob's turn, not Ann's
"""

from boardcore.compat import const
from boardcore.digits import is_digits
from boardcore.errors import FormatError, RuleError
from boardcore.forbes.deal import over_dealt
from boardcore.forbes.rules import HAND_SIZE, SIZE, SYMBOLS, Options
from boardcore.textfile import check_header, content_lines

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Sequence
    from boardcore.forbes.game import Game
    from boardcore.forbes.match import Match

HEADER = "forbes-match"
UNDO = "undo"  # the line that takes back the move above it
VERSION = "1"
_TRUE = ("on", "true", "yes", "1")
_FALSE = ("off", "false", "no", "0")


# -- option lines, shared with the position format -------------------------------------


def parse_option(words: "list[str]", values: "dict[str, Any]", source: "str | None", number: int) -> None:
    """Read `option NAME VALUE` into the dict `values` (checked again by Options)."""
    if len(words) != 3:
        raise FormatError("an option line is 'option NAME VALUE'", source, number)
    name, value = words[1], words[2].lower()
    if name not in Options.NAMES:
        raise FormatError("unknown option %r (known: %s)" % (name, ", ".join(Options.NAMES)), source, number)
    if name in values:
        raise FormatError("option %s is set twice" % name, source, number)
    if name == "target_score":
        if not is_digits(value) or int(value) < 1:
            raise FormatError("target_score must be a positive whole number, not %r" % words[2], source, number)
        values[name] = int(value)
    elif value in _TRUE:
        values[name] = True
    elif value in _FALSE:
        values[name] = False
    else:
        raise FormatError("option %s must be on or off, not %r" % (name, words[2]), source, number)


def format_options(options: Options, skip_defaults: bool = True) -> "list[str]":
    """`option NAME VALUE` lines for the options (only those that differ from the default)."""
    default = Options().to_dict()
    out = []
    values = options.to_dict()
    for name in Options.NAMES:
        value = values[name]
        if skip_defaults and value == default[name]:
            continue
        if value is True:
            value = "on"
        elif value is False:
            value = "off"
        out.append("option %s %s" % (name, value))
    return out


def word_lines(text: str, source: "str | None", name: str) -> "list[tuple[int, list[str]]]":
    """(line number, words) of a Forbes file after its `<name> 1` header line."""
    lines = check_header(content_lines(text, trailing=True), name, source, VERSION)
    return [(number, line.split()) for number, line in lines]


# -- the record ----------------------------------------------------------------------


class RecordGame:
    """One game block of a record: the dealer's name, the line of its `game` line, the
    hands given [(name, cards)], the moves [(line, name, stone, row, col)] that stand and
    the moves taken back [(index, line, name, stone, row, col)]: placed as move `index`
    (0-based) of the game, then taken back by an `undo` line."""

    __slots__ = ("dealer", "line", "hands", "moves", "undone")

    def __init__(self, dealer: str, line: int) -> None:
        self.dealer = dealer
        self.line = line
        self.hands: "list[tuple[str, str]]" = []
        self.moves: "list[tuple[int, str, str, int, int]]" = []
        self.undone: "list[tuple[int, int, str, str, int, int]]" = []


class Record:
    """A match record read from text, not yet replayed: players (seat order), options
    (name -> value as written), seed (or None), games (RecordGame, in play order) and
    source."""

    __slots__ = ("players", "options", "seed", "games", "source")

    def __init__(self, source: "str | None") -> None:
        self.players: "list[str]" = []
        self.options: "dict[str, Any]" = {}
        self.seed: "int | None" = None
        self.games: "list[RecordGame]" = []
        self.source = source


def parse_record(text: str, source: "str | None" = None) -> Record:
    """Read a match record's lines (the games are checked by replay())."""
    record = Record(source)
    lines = word_lines(text, source, HEADER)
    players_line = None
    game = None
    last_kind: "str | None" = None
    for number, words in lines:
        kind = words[0]
        previous: "str | None" = last_kind
        last_kind = kind
        if kind in ("players", "option", "seed"):
            if record.games:
                raise FormatError("%r lines belong before the first game" % kind, source, number)
            if kind == "players":
                if players_line is not None:
                    raise FormatError("a second 'players' line", source, number)
                players_line = number
                record.players = _players(words[1:], source, number)
            elif kind == "option":
                parse_option(words, record.options, source, number)
            else:
                if record.seed is not None:
                    raise FormatError("a second 'seed' line", source, number)
                if len(words) != 2 or not is_digits(words[1]):
                    raise FormatError("a seed line is 'seed N' with N a whole number", source, number)
                record.seed = int(words[1])
        elif kind == "game":
            if len(words) != 3 or words[1] != "dealer":
                raise FormatError("a game line is 'game dealer NAME'", source, number)
            if not record.games:
                if players_line is None:
                    raise FormatError("no 'players' line before the first game", source, number)
                if words[2] not in record.players:
                    raise FormatError("dealer %r is not a player" % words[2], source, number)
            game = RecordGame(words[2], number)
            record.games.append(game)
        elif kind == "hand":
            if game is None or game.moves:
                raise FormatError("a hand line must follow a 'game' line, before its moves", source, number)
            if len(words) != 3:
                raise FormatError("a hand line is 'hand NAME CARDS'", source, number)
            if words[1] not in record.players:
                raise FormatError("%r is not a player" % words[1], source, number)
            for name, _ in game.hands:
                if name == words[1]:
                    raise FormatError("%s has two hands in this game" % name, source, number)
            cards = words[2]
            if len(cards) != HAND_SIZE or [c for c in cards if c not in SYMBOLS]:
                raise FormatError("%s's hand %r must be %d cards of S, T, C, X" % (words[1], cards, HAND_SIZE), source, number)
            game.hands.append((words[1], cards))
            problem = over_dealt([c for _, c in game.hands])
            if problem is not None:
                raise FormatError(problem, source, number)
        elif kind == "move":
            if game is None:
                raise FormatError("a move must follow a 'game' line", source, number)
            if len(words) != 5:
                raise FormatError("a move line is 'move NAME STONE ROW COL'", source, number)
            stone = words[2]
            if stone not in SYMBOLS or len(stone) != 1:
                raise FormatError("unknown stone %r: use S, T, C or X" % stone, source, number)
            for w in words[3:]:
                if not is_digits(w):
                    raise FormatError("row and column must be whole numbers 0..%d, not %r" % (SIZE - 1, w), source, number)
            game.moves.append((number, words[1], stone, int(words[3]), int(words[4])))
        elif kind == UNDO:
            if len(words) != 1:
                raise FormatError("an undo line is 'undo' alone", source, number)
            if game is None or previous != "move":
                raise FormatError("'undo' takes back the move line just above it", source, number)
            assert game is not None
            move = game.moves.pop()
            game.undone.append((len(game.moves),) + move)
        else:
            raise FormatError("unknown line %r (expected players, option, seed, game, hand, move or undo)" % kind, source, number)
    if not record.games:
        raise FormatError("no games in the record", source, lines[-1][0] if lines else 1)
    return record


def _players(names: "list[str]", source: "str | None", number: int) -> "list[str]":
    # The players line is checked where it stands: how many, and each name.
    from boardcore.forbes.deal import check_players

    try:
        return check_players(names)
    except RuleError as exc:
        raise FormatError(str(exc), source, number)


def _game_result(number: int, game: "Game", scores: "list[dict[str, Any]]") -> "dict[str, Any]":
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


def _start(record: Record, match: "Match", game: RecordGame, number: int) -> None:
    # Deal the game whose first move is on line `number`: from the hands given, or the seed.
    source = record.source
    hands = {}
    for name, cards in game.hands:
        hands[name] = cards
    given = None
    if len(hands) != len(match.players):
        if hands or match.rng is None:
            raise FormatError("every player needs a 'hand' line before the first move (%d of %d given)"
                              % (len(hands), len(match.players)), source, number)
    else:
        given = [hands[name] for name in match.players]
    try:
        dealt = match.start_game(None if match.rng is not None else given).all_hands()
    except RuleError as exc:
        raise FormatError(str(exc), source, number)
    if given is not None and match.rng is not None:
        for seat in range(len(dealt)):
            if "".join(sorted(given[seat])) != "".join(sorted(dealt[seat])):
                raise FormatError("seed %s deals %s the hand %s, not %s"
                                  % (record.seed, match.players[seat], dealt[seat], given[seat]), source, number)


def _replay(record: Record, results: "list[dict[str, Any]] | None") -> "Match":
    # replay() and score_record(): `results` (when a list) gets each finished game's scores.
    from boardcore.forbes.match import Match  # on use: less heap at once on the device

    source = record.source
    match = None
    previous = None
    for block in record.games:
        if match is None:
            try:
                options = Options.from_dict(record.options)
                match = Match(record.players, options, record.seed, record.players.index(block.dealer))
            except (RuleError, ValueError) as exc:
                raise FormatError(str(exc), source, block.line)
        elif previous is not None and not previous.moves:
            raise FormatError("the game from line %d has no moves" % previous.line, source, block.line)
        elif match.game is not None and previous is not None:
            raise FormatError("the game from line %d ended after %d moves: a game is 16"
                              % (previous.line, len(match.game.moves)), source, block.line)
        if match.over:
            raise FormatError("the match was already over: someone reached %d" % match.options.target_score, source, block.line)
        expected = match.players[match.dealer]
        if block.dealer != expected:
            raise FormatError("game %d must be dealt by %s (second to play in the last game), not %s"
                              % (len(match.history) + 1, expected, block.dealer), source, block.line)
        previous = block
        for k in range(len(block.moves) + 1):
            attempts = [m[1:] + (True,) for m in block.undone if m[0] == k]
            if k < len(block.moves):
                attempts.append(block.moves[k] + (False,))
            game = None
            for number, name, stone, row, col, undone in attempts:
                if k == 0 and match.game is None:
                    _start(record, match, block, number)
                game = match.game
                if game is None:
                    raise FormatError("the game from line %d already has its 16 moves: start the next with a 'game' line"
                                      % block.line, source, number)
                drawn = game.stone
                try:
                    seat = game.seat_of(name)
                    if drawn is not None and stone != drawn:
                        raise FormatError("%s drew a %s: the move after an undo places that stone, not a %s"
                                          % (name, drawn, stone), source, number)
                    if match.rng is not None:
                        drawn = game.play(seat, row, col)
                        if drawn != stone:
                            raise FormatError("seed %s draws a %s here, not a %s" % (record.seed, drawn, stone), source, number)
                    else:
                        game.play(seat, row, col, stone)
                    if undone:
                        game.take_back()
                except RuleError as exc:
                    raise FormatError(str(exc), source, number)
            if game is not None and game.over:
                scores = match.end_game()
                if results is not None:
                    results.append(_game_result(len(match.history), game, scores))
    assert match is not None  # parse_record refuses a record without games
    return match


def replay(record: Record) -> "Match":
    """Replay a parsed match record through the rules and return the Match: the finished
    games in its totals and history, a last game still being played as `match.game`
    (None when its moves have not started). Anything the rules forbid raises FormatError
    naming the line."""
    return _replay(record, None)


def score_record(record: Record) -> "dict[str, Any]":
    """Replay a parsed match record and return its scores as a dict:

    {"players", "options", "seed",
     "games": [{"number", "dealer", "board", "hands": {name: cards}, "points": {name: n},
                "lines": {name: [scoring lines, see boardcore.forbes.score]}}, ...],
     "totals": {name: n}, "over": bool (someone reached the target),
     "unfinished": None or {"number", "moves"} for a last game still being played,
     "ranking": Match.ranking()}
    """
    games: "list[dict[str, Any]]" = []
    match = _replay(record, games)
    unfinished = None
    if match.game is not None or not record.games[-1].moves:
        moves = len(match.game.moves) if match.game is not None else 0
        unfinished = {"number": len(match.history) + 1, "moves": moves}
    totals = {}
    for seat in range(len(match.players)):
        totals[match.players[seat]] = match.totals[seat]
    return {
        "players": list(match.players),
        "options": match.options.to_dict(),
        "seed": record.seed,
        "games": games,
        "totals": totals,
        "over": match.over,
        "unfinished": unfinished,
        "ranking": match.ranking(),
    }


def format_record(players: "Sequence[str]", options: "Options | None", games: "Sequence[Game]", seed: "int | None" = None,
                  undone: "Sequence[tuple[int, int, int, str, int, int, str | None]] | None" = None) -> str:
    """The text of a match record: `games` are the boardcore.forbes.game.Game objects in
    play order (the last may be unfinished). Round-trips through parse_record and replay.
    With a seed, an unfinished game has no hand lines (the replay deals them from the
    seed): a record written or exported mid-game does not show the secret hands.

    undone: the placements taken back, in order, as (game index, move index, seat, stone,
    row, col, note): a `move` line then `undo`, before the move that stands in their
    place; note is a comment after `undo` (who took it back and when), or None."""
    out = [HEADER + " " + VERSION, "players " + " ".join(players)]
    out.extend(format_options(options if options is not None else Options()))
    if seed is not None:
        out.append("seed %d" % seed)
    back = list(undone or ())
    g = 0
    for game in games:
        out.append("game dealer " + players[game.dealer])
        if seed is None or game.over:  # a seeded game in play keeps its hands secret
            hands = game.all_hands()
            for seat in game.order:
                out.append("hand %s %s" % (players[seat], hands[seat]))
        for k in range(len(game.moves) + 1):
            for g_, k_, seat, stone, row, col, note in back:
                if g_ == g and k_ == k:
                    out.append("move %s %s %d %d" % (players[seat], stone, row, col))
                    out.append(UNDO + ("  # " + note if note else ""))
            if k < len(game.moves):
                seat, stone, row, col = game.moves[k]
                out.append("move %s %s %d %d" % (players[seat], stone, row, col))
        g += 1
    return "\n".join(out) + "\n"
