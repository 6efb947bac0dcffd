"""The FITS tally record (docs/fits-formats.md): a quick-tally game as text, so that
`boardlight export` can write it and `boardlight replay fits` reads it back to the same scores.

A quick-tally game has no drops, only what each player counted at the end of each round, so
it cannot be a game record; this format keeps the deal (start cards and the cards turned)
and each player's tally, and the replay scores every tally again through the core
(session_fits_tally.tally_score), checking the deal against the seed.

    FITS tally record
    Players: Ann Bob
    Seed: 7                         (or none: the cards were turned at the table)
    Boards: 1 2
    StartTiles: P T5 U Y

    Round 1 board 1
    start: Ann U, Bob Y
    cards: T4 Y L3 ...              (the building cards turned, in order)
    tally: Ann rows 8 open 4, Bob rows 7 open 6
    score: Ann 4, Bob 1

    Round 2 board 2
    ...
    tally: Ann open 3 uncovered 5/3 11/1, Bob open 0    (special spaces as ROW/COLUMN)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn, Sequence

from boardcore.digits import is_digits
from boardcore.errors import FormatError, RuleError
from boardcore.textfile import OLD_COMMENT, check_header, content_lines

from boardlight.sessions.fits_tally import Cell, TallyGame

if TYPE_CHECKING:
    from boardcore.fits.layouts import Layout

HEAD = "FITS tally record"
PENDING = "-"


def _tally_text(tally: dict[str, Any] | None) -> str:
    if tally is None:
        return PENDING
    out = []
    if tally["full_rows"] is not None:
        out.append("rows %d" % tally["full_rows"])
    out.append("open %d" % tally["open_dots"])
    if tally["uncovered"]:
        out.append("uncovered " + " ".join("%d/%d" % (r, c) for r, c in tally["uncovered"]))
    return " ".join(out)


def write_tally_record(game: TallyGame,
                       undone: Sequence[tuple[int, int, dict[str, Any], str | None]] | None = None
                       ) -> str:
    """The record of a TallyGame so far. `undone`: the tallies taken back, in order, as
    (round index, seat, tally, note): an `undone:` line after the round's tally line, under
    a comment `note` (who took it back and when) unless None."""
    notes: dict[int, list[str]] = {}
    for k, seat, tally, note in undone or ():
        lines = notes.setdefault(k, [])
        if note:
            lines.append("# " + note)
        lines.append("undone: %s %s" % (game.players[seat], _tally_text(tally)))
    out = [HEAD, "Players: " + " ".join(game.players),
           "Seed: " + ("none" if game.seed is None else str(game.seed)),
           "Boards: " + " ".join(str(b) for b in game.boards),
           "StartTiles: " + " ".join(game.start_tiles)]
    for k, rnd in enumerate(game.history):
        names = game.players
        out += ["", "Round %d board %d" % (k + 1, rnd["board"]),
                "start: " + ", ".join("%s %s" % (p, t) for p, t in zip(names, rnd["starts"]))]
        out.append("cards:" + "".join(" " + c for c in rnd["cards"]))
        if any(t is not None for t in rnd["tallies"]) or k in notes:
            out.append("tally: " + ", ".join("%s %s" % (p, _tally_text(t))
                                            for p, t in zip(names, rnd["tallies"])))
        out.extend(notes.get(k, ()))
        if k < len(game.round_scores):
            out.append("score: " + ", ".join("%s %d" % (p, s["total"])
                                            for p, s in zip(names, game.round_scores[k])))
    return "\n".join(out) + "\n"


def is_tally_record(text: str) -> bool:
    """True when the text's first line (after blank and comment lines) is this format's."""
    lines = content_lines(text, old_comment=OLD_COMMENT)
    return bool(lines) and lines[0][1] == HEAD


class _Reader:
    def __init__(self, source: str, layouts: dict[int, Layout] | None) -> None:
        self.source = source
        self.layouts = layouts
        self.header: dict[str, Any] = {"Players": None, "Seed": None, "Boards": [1, 2, 3, 4],
                                       "StartTiles": None}
        self.game: TallyGame | None = None
        # What the current round has read: {"cards", "tally", "score"}.
        self.rnd: dict[str, Any] | None = None

    def fail(self, problem: str, n: int) -> NoReturn:
        raise FormatError(problem, self.source, n)

    def started(self) -> TallyGame:
        # Every line after the header lines comes after the first round line started it.
        assert self.game is not None
        return self.game

    def fail_scoring(self, problem: str, n: int) -> NoReturn:
        # A tally that does not fit the default boards 2-4 may fit the players' own.
        game = self.started()
        board = game.boards[game.round_index]
        if game.layout(board).illustrative:
            problem += (" (with the ILLUSTRATIVE default layout of board %d: was the game"
                        " played with --layout?)" % board)
        self.fail(problem, n)

    def number(self, text: str, what: str, n: int) -> int:
        if not is_digits(text):
            self.fail("%s: %r is not a whole number" % (what, text), n)
        return int(text)

    def header_line(self, key: str, value: str, n: int) -> None:
        if self.game is not None:
            self.fail("header %r after the first round" % key, n)
        if key not in self.header:
            self.fail("unknown header %r (Players, Seed, Boards, StartTiles)" % key, n)
        words = value.split()
        if key == "Players":
            self.header[key] = words
        elif key == "Seed":
            self.header[key] = None if value.strip() == "none" else self.number(value.strip(), "Seed", n)
        elif key == "Boards":
            self.header[key] = [self.number(w, "Boards", n) for w in words]
        else:
            self.header[key] = words

    def start_game(self, n: int) -> None:
        h = self.header
        if not h["Players"]:
            self.fail("no 'Players:' line before the first round", n)
        kwargs: dict[str, Any] = {"boards": h["Boards"], "layouts": self.layouts}
        if h["StartTiles"] is not None:
            kwargs["start_tiles"] = h["StartTiles"]
        try:
            self.game = TallyGame(h["Players"], h["Seed"], **kwargs)
        except RuleError as exc:
            self.fail(str(exc), n)

    def entries(self, body: str, n: int) -> list[list[str]]:
        """'Ann U, Bob Y' -> [words after the name] in seat order; every player once."""
        parts = [p.split() for p in body.split(",")]
        names = [p[0] if p else "" for p in parts]
        if names != self.started().players and any(is_digits(name) for name in names):
            # "uncovered 5,3" as the table's tally entry takes it: here "," parts players.
            self.fail("a special space is ROW/COLUMN, e.g. 'uncovered 5/3' (',' separates"
                      " the players)", n)
        if names != self.started().players:
            self.fail("the players must be listed once each, in seat order (%s), not %s"
                      % (" ".join(self.started().players), " ".join(names) or "none"), n)
        return [p[1:] for p in parts]

    def round_line(self, line: str, n: int) -> None:
        words = line.split()
        if len(words) != 4 or words[2] != "board":
            self.fail("a round line is 'Round N board B', not %r" % line, n)
        if self.game is None:
            self.start_game(n)
        game = self.started()
        if game.phase != "deal":
            self.fail("round %d is not finished (phase %s): every player's tally comes first"
                      % (game.round_index + 1, game.phase), n)
        number = self.number(words[1], "round number", n)
        board = self.number(words[3], "board", n)
        if number != game.round_index + 2:
            self.fail("expected round %d, not round %d" % (game.round_index + 2, number), n)
        if board != game.boards[game.round_index + 1]:
            self.fail("round %d is played on board %d (Boards: %s), not %d" % (
                number, game.boards[game.round_index + 1],
                " ".join(str(b) for b in game.boards), board), n)
        self.rnd = {"start": False, "cards": False, "tally": False, "score": False, "line": n}

    def need(self, kind: str, n: int, before: Sequence[str]) -> None:
        if self.rnd is None:
            self.fail("a %s: line belongs in a round (after 'Round N board B')" % kind, n)
        for earlier in before:
            if not self.rnd[earlier]:
                self.fail("a %s: line needs the round's %s: line first" % (kind, earlier), n)
        if self.rnd[kind]:
            self.fail("a second %s: line in round %d" % (kind, self.started().round_index + 1), n)
        self.rnd[kind] = True

    def start_line(self, body: str, n: int) -> None:
        self.need("start", n, ())
        starts = []
        for words in self.entries(body, n):
            if len(words) != 1:
                self.fail("each player's start card is one tile id, e.g. 'Ann U'", n)
            starts.append(words[0])
        game = self.started()
        try:
            if game.seed is None:
                game.start_round(starts)
            else:
                dealt = game.start_round()
                if dealt != starts:
                    self.fail("seed %d deals the start cards %s, not %s" % (
                        game.seed, " ".join(dealt), " ".join(starts)), n)
        except RuleError as exc:
            self.fail(str(exc), n)

    def cards_line(self, body: str, n: int) -> None:
        self.need("cards", n, ("start",))
        cards = body.split()
        if len(cards) > 16:
            self.fail("a round turns 16 building cards, not %d" % len(cards), n)
        game = self.started()
        for i, card in enumerate(cards):
            try:
                turned = game.turn_card(card if game.seed is None else None)
            except RuleError as exc:
                self.fail("card %d (%s): %s" % (i + 1, card, exc), n)
            if turned != card:
                self.fail("seed %s turns %s as card %d of round %d, not %s" % (
                    game.seed, turned, i + 1, game.round_index + 1, card), n)

    def tally_line(self, body: str, n: int) -> None:
        self.need("tally", n, ("start", "cards"))
        game = self.started()
        if game.phase != "tally":
            self.fail("tallies come after the 16th card (%d turned)" % game.turned, n)
        for seat, words in enumerate(self.entries(body, n)):
            if words == [PENDING]:
                continue  # not given yet: a game in progress
            open_dots, full_rows, uncovered = self.read_tally(words, seat, n)
            try:
                game.tally(seat, open_dots, full_rows, uncovered)
            except RuleError as exc:
                self.fail_scoring("%s's tally: %s" % (game.players[seat], exc), n)

    def undone_line(self, body: str, n: int) -> None:
        """A tally taken back: it follows the round's tally line, and it was possible."""
        from boardlight.sessions.fits_tally import tally_score

        if self.rnd is None or not self.rnd["tally"] or self.rnd["score"]:
            self.fail("an undone: line follows the tally line of its round", n)
        words = body.split()
        game = self.started()
        if not words or words[0] not in game.players:
            self.fail("an undone: line is 'undone: NAME TALLY', with one of the players (%s)"
                      % " ".join(game.players), n)
        seat = game.players.index(words[0])
        open_dots, full_rows, uncovered = self.read_tally(words[1:], seat, n)
        try:
            tally_score(game.layout(game.boards[game.round_index]), open_dots, full_rows,
                        uncovered)
        except RuleError as exc:
            self.fail_scoring("%s's tally taken back: %s" % (words[0], exc), n)

    def read_tally(self, words: list[str], seat: int, n: int
                   ) -> tuple[int, int | None, list[Cell]]:
        """(open dots, full rows, uncovered special spaces) of one player's tally words."""
        game = self.started()
        open_dots: int | None = None
        full_rows: int | None = None
        uncovered: list[Cell] = []
        i = 0
        while i < len(words):
            key = words[i]
            if key in ("open", "rows") and i + 1 < len(words):
                value = self.number(words[i + 1], key, n)
                if key == "open":
                    open_dots = value
                else:
                    full_rows = value
                i += 2
            elif key == "uncovered":
                i += 1
                while i < len(words) and words[i] not in ("open", "rows"):
                    cell = words[i].split("/")  # "," separates the players
                    if len(cell) != 2:
                        self.fail("a special space is ROW/COLUMN, not %r" % words[i], n)
                    uncovered.append((self.number(cell[0], "row", n),
                                      self.number(cell[1], "column", n)))
                    i += 1
            else:
                self.fail("%s's tally: expected 'rows N', 'open N' or 'uncovered ROW/COLUMN ...',"
                          " not %r" % (game.players[seat], " ".join(words[i:])), n)
        if open_dots is None:
            self.fail("%s's tally has no 'open N' (open dots)" % game.players[seat], n)
        return open_dots, full_rows, uncovered

    def score_line(self, body: str, n: int) -> None:
        self.need("score", n, ("start", "cards", "tally"))
        game = self.started()
        if len(game.round_scores) <= game.round_index:
            self.fail("a score: line needs every player's tally", n)
        scores = game.round_scores[game.round_index]
        for seat, words in enumerate(self.entries(body, n)):
            if len(words) != 1 or not is_digits(words[0][1:] if words[0][:1] == "-" else words[0]):
                self.fail("each player's score is a whole number, e.g. 'Ann -5'", n)
            if int(words[0]) != scores[seat]["total"]:
                self.fail_scoring("%s scores %d in round %d by the tally, not %s" % (
                    game.players[seat], scores[seat]["total"], game.round_index + 1, words[0]), n)


def read_tally_record(text: str, source: str = "<tally record>",
                      layouts: dict[int, Layout] | None = None) -> TallyGame:
    """Replay a tally record: the TallyGame it describes, every line checked (FormatError
    names the line of the first problem)."""
    reader = _Reader(source, layouts)
    lines = content_lines(text, old_comment=OLD_COMMENT)
    rest = check_header(lines, HEAD, source)
    head = lines[0][0]
    for n, line in rest:
        key, sep, body = line.partition(":")
        if line.startswith("Round "):
            reader.round_line(line, n)
        elif sep and key in ("start", "cards", "tally", "undone", "score"):
            getattr(reader, key + "_line")(body.strip(), n)
        elif sep and key[:1].isupper():
            reader.header_line(key, body.strip(), n)
        else:
            reader.fail("unknown line %r" % line, n)
    if reader.game is None:
        reader.start_game(head)
    return reader.started()
