"""Text format of a whole FITS game record (like PGN for chess): the players, the seed
and options, the cards turned, and each player's drops and passes. Specified with
examples in docs/fits-formats.md. Syntax problems raise FormatError(problem, source,
line); an action that breaks the rules raises the game's own FitsError, its message
prefixed with the file, the line and the action.

>>> from boardcore.fits.game import Game
>>> game = Game(["Ann"], seed=5, boards=[2])
>>> game.start_round(), game.place("Ann", "Y", 2, 1), game.turn_card()
(['Y'], 1, 'X')
>>> text = format_record(game)
>>> print(text, end="")
FITS game record
Players: Ann
Seed: 5
Boards: 2
StartTiles: P T5 U Y
MaxOverhang: none
<BLANKLINE>
Round 1 board 2
start: Ann Y 2/1
card X: Ann -
>>> again = replay(parse_record(text, "game.txt"))
>>> again.card, again.waiting()
('X', ['Ann'])
>>> replay(parse_record(text.replace("Ann -", "Ann 1/6"), "game.txt"))
Traceback (most recent call last):
    ...
boardcore.fits.errors.OffBoardError: game.txt:10: Ann 1/6 on card X: tile X orientation 1 at column 6 would stick out past the right edge (it is 3 wide, so columns 1..4)
"""

from boardcore.compat import const
from boardcore.errors import FormatError
from boardcore.fits.errors import FitsError, RecordError
from boardcore.textfile import OLD_COMMENT, check_header, content_lines

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, NoReturn, Sequence
    from boardcore.fits.game import Game
    from boardcore.fits.layouts import Layout

RECORD_HEAD = "FITS game record"
PENDING = "-"  # a player who has not acted yet: only on the record's last line


class Record:
    """A game record read from text (not yet replayed). rounds: list of dicts
    {number, board, line, start: [(name, tile, action, line)], cards: [(tile,
    [(name, action)], line)], undone: [(where, name, action, line)], score: [(name,
    total)] or None, score_line}; an action is (orientation, column), "pass", "skip" or
    "-"; an undone action was taken back on the start line (where -1) or on card `where`
    (0-based) of the round. players is empty until the Players header is read."""

    __slots__ = ("players", "seed", "boards", "start_tiles", "max_overhang", "rounds", "source")

    def __init__(self) -> None:
        from boardcore.fits.deck import DEFAULT_START_TILES

        self.players: "list[str]" = []
        self.seed: "int | None" = None
        self.boards = [1, 2, 3, 4]
        self.start_tiles = list(DEFAULT_START_TILES)
        self.max_overhang: "int | None" = None
        self.rounds: "list[dict[str, Any]]" = []
        self.source: "str | None" = None


def _action_text(action: "Any") -> str:
    if isinstance(action, tuple):
        return "%d/%d" % action
    return PENDING if action is None else action


def format_record(game: "Game", undone: "Sequence[tuple[int, int, int, Any, str | None]] | None" = None) -> str:
    """The record of a game so far (boardcore.fits.game.Game), in the format of
    docs/fits-formats.md.

    undone: the actions taken back, in the order they were taken back, as (round index,
    where, seat, action, note): where -1 for the start line, else the card's index in the
    round (0-based); action (orientation, column) or "pass"; note a comment written above
    the `undone:` line (who took it back and when), or None."""
    notes: "dict[tuple[int, int], list[str]]" = {}
    for rnd_index, where, seat, act, note in undone or ():
        lines = notes.setdefault((rnd_index, where), [])
        if note:
            lines.append("# " + note)
        lines.append("undone: %s %s" % (game.players[seat], _action_text(act)))
    out = [RECORD_HEAD]
    out.append("Players: " + " ".join(game.players))
    out.append("Seed: " + ("none" if game.seed is None else str(game.seed)))
    out.append("Boards: " + " ".join(str(b) for b in game.boards))
    out.append("StartTiles: " + " ".join(game.start_tiles))
    out.append("MaxOverhang: " + ("none" if game.max_overhang is None else str(game.max_overhang)))
    k = 0
    for rnd in game.history:
        out.append("")
        out.append("Round %d board %d" % (k + 1, rnd["board"]))
        # "-" marks a player who has not acted yet (a record of a game in progress).
        starts = []
        for i, p in enumerate(game.players):
            starts.append("%s %s %s" % (p, rnd["starts"][i], _action_text(rnd["start_drops"][i])))
        out.append("start: " + ", ".join(starts))
        out.extend(notes.get((k, -1), ()))
        c = 0
        for tile, acted in rnd["cards"]:
            acts = ["%s %s" % (p, _action_text(acted[i])) for i, p in enumerate(game.players)]
            out.append("card %s: %s" % (tile, ", ".join(acts)))
            out.extend(notes.get((k, c), ()))
            c += 1
        if k < len(game.round_scores):
            sc = game.round_scores[k]
            out.append("score: " + ", ".join("%s %d" % (p, sc[i]["total"]) for i, p in enumerate(game.players)))
        k += 1
    return "\n".join(out) + "\n"


def _int(text: str, what: str, source: "str | None", n: int) -> int:
    try:
        return int(text)
    except ValueError:
        raise FormatError("%s: %r is not a whole number" % (what, text), source, n)


def _action(text: str, source: "str | None", n: int) -> "str | tuple[int, int]":
    if text in ("pass", "skip", PENDING):
        return text
    parts = text.split("/")
    if len(parts) != 2:
        raise FormatError("action %r is not ORIENTATION/COLUMN, 'pass', 'skip' or '-'" % text, source, n)
    return (_int(parts[0], "orientation in " + text, source, n), _int(parts[1], "column in " + text, source, n))


def _entries(body: str, source: "str | None", n: int) -> "list[list[str]]":
    # "Ann 1/2, Bob pass" -> [["Ann", "1/2"], ["Bob", "pass"]]
    out = []
    for part in body.split(","):
        f = part.split()
        if not f:
            raise FormatError("empty entry between commas", source, n)
        out.append(f)
    return out


def _header(rec: Record, key: str, value: str, source: "str | None", n: int) -> None:
    if key == "Players":
        names = value.split()
        if not names:
            raise FormatError("Players: needs at least one name", source, n)
        rec.players = names
    elif key == "Seed":
        rec.seed = None if value == "none" else _int(value, "Seed", source, n)
    elif key == "Boards":
        rec.boards = [_int(v, "Boards", source, n) for v in value.split()]
    elif key == "StartTiles":
        rec.start_tiles = value.split()
    elif key == "MaxOverhang":
        rec.max_overhang = None if value == "none" else _int(value, "MaxOverhang", source, n)
    else:
        raise FormatError("unknown header %r (Players, Seed, Boards, StartTiles, MaxOverhang)" % key, source, n)


def parse_record(text: str, source: "str | None" = "<record>") -> Record:
    """Parse a game record's syntax (actions are checked by replay())."""
    rec = Record()
    rec.source = source
    rnd: "dict[str, Any] | None" = None
    for n, line in check_header(content_lines(text, old_comment=OLD_COMMENT), RECORD_HEAD, source):
        if line.startswith("Round "):
            f = line.split()
            if len(f) != 4 or f[2] != "board":
                raise FormatError("round line must be 'Round N board B', not %r" % line, source, n)
            rnd = {"number": _int(f[1], "round number", source, n), "board": _int(f[3], "board", source, n),
                   "line": n, "start": [], "cards": [], "undone": [], "score": None, "score_line": None}
            if rnd["number"] != len(rec.rounds) + 1:
                raise FormatError("round %d where round %d comes next" % (rnd["number"], len(rec.rounds) + 1), source, n)
            rec.rounds.append(rnd)
            continue
        if ":" not in line:
            raise FormatError("cannot read %r (expected 'Key: value', 'Round', 'start:', 'card T:', 'undone:' or 'score:')" % line, source, n)
        key, body = line.split(":", 1)
        key = key.strip()
        body = body.strip()
        if rnd is None:
            if key in ("start", "score", "undone") or key.startswith("card "):
                raise FormatError("%r before the first 'Round' line" % key, source, n)
            _header(rec, key, body, source, n)
            continue
        if key == "start":
            if rnd["start"] or rnd["cards"]:
                raise FormatError("second 'start:' line in round %d" % rnd["number"], source, n)
            for e in _entries(body, source, n):
                if len(e) != 3:
                    raise FormatError("start entry %r is not 'NAME TILE O/C'" % " ".join(e), source, n)
                rnd["start"].append((e[0], e[1], _action(e[2], source, n), n))
        elif key.startswith("card "):
            if rnd["score"] is not None:
                raise FormatError("card after the round's score line", source, n)
            tile = key[5:].strip()
            acts = []
            for e in _entries(body, source, n):
                if len(e) != 2:
                    raise FormatError("card entry %r is not 'NAME ACTION'" % " ".join(e), source, n)
                acts.append((e[0], _action(e[1], source, n)))
            rnd["cards"].append((tile, acts, n))
        elif key == "undone":
            # A drop or pass taken back: it belongs to the start or card line above it.
            if not rnd["start"] or rnd["score"] is not None:
                raise FormatError("an 'undone:' line follows the start or card line it belongs to", source, n)
            e = body.split()
            if len(e) != 2:
                raise FormatError("undone entry %r is not 'NAME ACTION'" % body, source, n)
            act = _action(e[1], source, n)
            if not (isinstance(act, tuple) or act == "pass"):
                raise FormatError("undone: %s is not a drop (O/C) or 'pass': nothing to take back" % e[1], source, n)
            rnd["undone"].append((len(rnd["cards"]) - 1, e[0], act, n))
        elif key == "score":
            scores = []
            for e in _entries(body, source, n):
                if len(e) != 2:
                    raise FormatError("score entry %r is not 'NAME POINTS'" % " ".join(e), source, n)
                scores.append((e[0], _int(e[1], "points", source, n)))
            rnd["score"] = scores
            rnd["score_line"] = n
        else:
            raise FormatError("unknown line %r in round %d" % (key, rnd["number"]), source, n)
    if not rec.players:
        raise FormatError("no 'Players:' header", source)
    return rec


def _where(rec: Record, n: int, what: str) -> str:
    return "%s:%d: %s" % (rec.source, n, what)


def _fail(rec: Record, n: int, what: str, exc: Exception) -> "NoReturn":
    # The game's own error class, its message naming the line and the action.
    raise type(exc)("%s: %s" % (_where(rec, n, what), exc))


def replay(rec: Record, layouts: "dict[int, Layout] | None" = None) -> "Game":
    """Replay a parsed record through boardcore.fits.game.Game, checking every action,
    deal and written score. Returns the Game (finished rounds scored). Raises the
    FitsError of the first illegal action, naming its line and the action."""
    from boardcore.fits.game import SCORE, SKIP, Game

    try:
        game = Game(rec.players, rec.seed, rec.boards, rec.start_tiles, rec.max_overhang, layouts)
    except FitsError as exc:
        raise type(exc)("%s: header: %s" % (rec.source, exc))
    for rnd in rec.rounds:
        n = rnd["line"]
        if game.phase == "over":
            raise RecordError(_where(rec, n, "round %d, but the Boards header has only %d board(s)" % (rnd["number"], len(rec.boards))))
        if game.phase != "deal":
            raise RecordError(_where(rec, n, "round %d starts before round %d ended (phase %s)" % (rnd["number"], rnd["number"] - 1, game.phase)))
        if rnd["board"] != (rec.boards[len(game.history)] if len(game.history) < len(rec.boards) else None):
            raise RecordError(_where(rec, n, "round %d is played on board %s by the Boards header, not board %d"
                                     % (rnd["number"], rec.boards[len(game.history)] if len(game.history) < len(rec.boards) else "(none: no rounds left)", rnd["board"])))
        if not rnd["start"]:
            raise RecordError(_where(rec, n, "round %d has no 'start:' line" % rnd["number"]))
        by_name = {}
        for name, tile, act, ln in rnd["start"]:
            if name in by_name:
                raise RecordError(_where(rec, ln, "%s appears twice in the start line" % name))
            by_name[name] = tile
        for p in game.players:
            if p not in by_name:
                raise RecordError(_where(rec, n, "start line has no entry for %s" % p))
        if len(by_name) != len(game.players):
            extra = sorted(k for k in by_name if k not in game.players)
            raise RecordError(_where(rec, rnd["start"][0][3], "start line names %s, not a player" % " ".join(extra)))
        try:
            game.start_round([by_name[p] for p in game.players])
        except FitsError as exc:
            _fail(rec, rnd["start"][0][3], "start cards", exc)
        last = rnd is rec.rounds[-1]
        for _w, who, _act, ln in rnd["undone"]:
            if who not in game.players:
                raise RecordError(_where(rec, ln, "undone: %s is not a player" % who))
        for name, tile, act, ln in rnd["start"]:
            _check_undone(rec, game, rnd, -1, name, tile)
            if act == PENDING and last and not rnd["cards"]:
                continue
            if not isinstance(act, tuple):
                raise RecordError(_where(rec, ln, "%s %s %s: a start tile must be placed (O/C)" % (name, tile, act)))
            try:
                game.place(name, tile, act[0], act[1])
            except FitsError as exc:
                _fail(rec, ln, "%s %s %s" % (name, tile, _action_text(act)), exc)
        for c, (tile, acts, ln) in enumerate(rnd["cards"]):
            try:
                game.turn_card(tile)
            except FitsError as exc:
                _fail(rec, ln, "card %s" % tile, exc)
            seen = []
            for name, act in acts:
                what = "%s %s on card %s" % (name, _action_text(act), tile)
                if name in seen:
                    raise RecordError(_where(rec, ln, "%s: %s acts twice on one card" % (what, name)))
                seen.append(name)
                if act == SKIP:
                    for w, who, _act, uln in rnd["undone"]:
                        if w == c and who == name:
                            raise RecordError(_where(rec, uln, "undone: %s skips card %s: there is nothing to take back" % (name, tile)))
                else:
                    _check_undone(rec, game, rnd, c, name, tile)
                if act == PENDING:
                    if not (last and ln == rnd["cards"][-1][2] and rnd["score"] is None):
                        raise RecordError(_where(rec, ln, "%s: '-' (not acted yet) is only allowed on the record's last line" % what))
                    continue
                try:
                    if act == SKIP:
                        if game.start_tile(name) != tile:
                            raise RecordError("%s cannot skip %s: their start tile is %s" % (name, tile, game.start_tile(name)))
                    elif act == "pass":
                        game.set_aside(name, tile)
                    else:
                        game.place(name, tile, act[0], act[1])
                except FitsError as exc:
                    _fail(rec, ln, what, exc)
            for p in game.players:
                if p not in seen:
                    raise RecordError(_where(rec, ln, "card %s: no action for %s (write O/C, pass or skip)" % (tile, p)))
        if game.phase == SCORE:
            scores = game.finish_round()
            if rnd["score"] is not None:
                _check_scores(rec, game, rnd, scores)
        elif rnd["score"] is not None:
            raise RecordError(_where(rec, rnd["score_line"], "score line but round %d is not over (%d cards turned)" % (rnd["number"], game.turned)))
    return game


def _check_undone(rec: Record, game: "Game", rnd: "dict[str, Any]", where: int, name: str, tile: str) -> None:
    """Each action `name` took back on the start line (where -1) or card `where` must have
    been legal then: it is tried on a copy of the player's board as it was."""
    for w, who, act, ln in rnd["undone"]:
        if w != where or who != name:
            continue
        what = "undone %s %s on %s" % (name, _action_text(act), "the start tile %s" % tile if where < 0 else "card %s" % tile)
        if act == "pass":
            if where < 0:
                raise RecordError(_where(rec, ln, "%s: a start tile cannot be set aside" % what))
            continue
        try:
            game.board(name).copy().drop(tile, act[0], act[1])
        except FitsError as exc:
            _fail(rec, ln, what, exc)


def _check_scores(rec: Record, game: "Game", rnd: "dict[str, Any]", scores: "list[dict[str, Any]]") -> None:
    n = rnd["score_line"]
    written = {}
    for name, pts in rnd["score"]:
        written[name] = pts
    for i, p in enumerate(game.players):
        if p not in written:
            raise RecordError(_where(rec, n, "score line has no entry for %s" % p))
        if written[p] != scores[i]["total"]:
            hint = ""
            if game.layout(rnd["board"]).illustrative:
                hint = " with the ILLUSTRATIVE default layout of board %d (was the game played with --layout?)" % rnd["board"]
            raise RecordError(_where(rec, n, "score line says %s %d, the replayed round scores %d%s" % (p, written[p], scores[i]["total"], hint)))
    if len(written) != len(game.players):
        raise RecordError(_where(rec, n, "score line names someone who is not a player"))

