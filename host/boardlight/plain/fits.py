"""A line-based FITS game at the terminal, for 1 to 4 players (1 = solo).

`run(game, ask, say)` drives a boardcore.fits.game.Game to its end: it deals, shows the
card with its numbered orientations and every player's board, takes each player's drop
as ORIENTATION COLUMN (or `pass` to set the tile aside), and scores each round. `ask`
is called with a prompt and returns a line (raises EOFError at the end of input); `say`
prints. Nothing here is tied to a real terminal, so a full-screen UI or a test can call
it with its own ask/say.
"""

from boardcore.digits import is_digits
from boardcore.errors import RuleError
from boardcore.fits.game import CARDS, DEAL, OVER, SCORE, START

from boardlight.render.text.fits import board_lines, orientation_lines, score_lines, side_by_side

HELP = """Commands at a prompt:
  O C      drop orientation O (the numbers above the pictures) at column C
           (1..6 from the left; the tile's leftmost cell goes in that column),
           e.g. "2 4" or "2/4"
  pass     set the tile aside (gone for this round)
  drops    list every legal drop: orientation, column, and the row it would
           rest on
  boards   show the boards again
  help     this text
  quit     stop the game
Rows are numbered 1..12 from the bottom, columns 1..6 from the left."""


class Quit(Exception):
    """The player typed quit (or input ended)."""


def parse_drop(text):
    """'2 4', '2/4' or '2,4' -> (2, 4); 'pass' -> 'pass'; other words -> the word
    lower-cased; ValueError with a message saying what was expected otherwise."""
    t = text.strip().lower()
    if t in ("pass", "p", "aside", "set aside"):
        return "pass"
    if t in ("drops", "d", "help", "h", "?", "boards", "b", "quit", "q", "exit"):
        return {"d": "drops", "h": "help", "?": "help", "b": "boards", "q": "quit", "exit": "quit"}.get(t, t)
    for sep in "/,":
        t = t.replace(sep, " ")
    parts = t.split()
    if not parts:
        raise ValueError("type the orientation and the column, e.g. '2 4', or 'pass' (or 'help')")
    if len(parts) != 2 or not (is_digits(parts[0]) and is_digits(parts[1])):
        raise ValueError(
            "%r is not understood: type ORIENTATION COLUMN as two numbers (e.g. '2 4'), "
            "'pass', 'drops' or 'help'" % text.strip()
        )
    return int(parts[0]), int(parts[1])


class Table:
    """One terminal game: the Game, how to ask and say, and an optional record file."""

    def __init__(self, game, ask, say, record_path=None):
        self.game = game
        self.ask = ask
        self.say = say
        self.record_path = record_path

    def boards(self):
        g = self.game
        layout = g.layout(g.board_number)
        blocks = [board_lines(g.board(p), layout) for p in g.players]
        self.say(side_by_side(blocks, g.players))
        if layout.illustrative:
            self.say("(special spaces: ILLUSTRATIVE default layout, not the printed board)")

    def save(self):
        if self.record_path:
            from boardcore.fits.record import format_record

            try:
                with open(self.record_path, "w") as f:
                    f.write(format_record(self.game))
            except OSError as exc:
                # The game at the table matters more than the file: say so and play on.
                self.say("Could not write the record to %s (%s); the game goes on."
                         % (self.record_path, exc.strerror or exc))

    def turn(self, player, tile, start):
        """Ask one player for their drop of `tile` until it is legal (or passed)."""
        g = self.game
        what = "start tile" if start else "card"
        while True:
            try:
                line = self.ask("%s, your %s %s: orientation column%s> " % (player, what, tile, "" if start else " or pass"))
            except EOFError:
                raise Quit()
            try:
                choice = parse_drop(line)
            except ValueError as exc:
                self.say(str(exc))
                continue
            if choice == "quit":
                raise Quit()
            if choice == "help":
                self.say(HELP)
                continue
            if choice == "boards":
                self.boards()
                continue
            if choice == "drops":
                drops = g.legal_drops(player)
                if drops:
                    self.say("legal drops (orientation/column -> row): " + ", ".join("%d/%d->%d" % d for d in drops))
                else:
                    self.say("no legal drop: %s can only be set aside (pass)" % tile)
                continue
            try:
                if choice == "pass":
                    g.set_aside(player, tile)
                    self.say("%s sets %s aside." % (player, tile))
                else:
                    row = g.place(player, tile, choice[0], choice[1])
                    self.say("%s: %s orientation %d at column %d rests on row %d." % (player, tile, choice[0], choice[1], row))
                return
            except RuleError as exc:
                self.say("Not allowed: %s" % exc)

    def play_round(self):
        g = self.game
        starts = g.start_round()
        layout = g.layout(g.board_number)
        note = " (special spaces: ILLUSTRATIVE layout)" if layout.illustrative else ""
        self.say("")
        self.say("=== Round %d of %d: board %d%s ===" % (g.round_index + 1, len(g.boards), g.board_number, note))
        for p, t in zip(g.players, starts):
            self.say("%s draws start card %s" % (p, t))
        while g.phase == START:
            for p in g.waiting():
                tile = g.start_tile(p)
                self.boards()
                self.say("Start tile %s:\n%s" % (tile, orientation_lines(tile)))
                self.turn(p, tile, True)
        while g.phase == CARDS:
            tile = g.turn_card()
            self.say("")
            self.say("--- Card %d of 16: %s ---" % (g.turned, tile))
            for p in g.players:
                if g.start_tile(p) == tile:
                    self.say("%s skips %s: it is their start tile." % (p, tile))
            if g.waiting():
                self.boards()
                self.say(orientation_lines(tile))
            for p in g.waiting():
                self.turn(p, tile, False)
        if g.phase == SCORE:
            self.boards()
            scores = g.finish_round()
            self.say("")
            self.say("Round %d scores:" % (g.round_index + 1))
            for p, s in zip(g.players, scores):
                self.say("\n".join(score_lines(p, s)))
            if g.phase != OVER:
                totals = g.totals()
                self.say("Totals so far: " + ", ".join("%s %d" % (p, totals[p]) for p in g.players))
            self.save()

    def run(self):
        """Play to the end; returns the game totals. Quit ends early (record kept)."""
        g = self.game
        try:
            while g.phase != OVER:
                if g.phase == DEAL:
                    self.play_round()
        except Quit:
            self.save()
            self.say("Game stopped.")
            return g.totals()
        except KeyboardInterrupt:
            self.save()  # Ctrl+C: the record keeps every drop made so far
            raise
        self.save()
        totals = g.totals()
        self.say("")
        self.say("=== Final scores ===")
        for p in g.players:
            self.say("%s: %d" % (p, totals[p]))
        if len(g.players) == 1:
            note = ""
            if len(g.boards) < 4:  # RULES.md's ratings are for a solo game on all four boards
                note = " (the ratings are for all four boards; this game had %d)" % len(g.boards)
            self.say("Solo rating: %s%s" % (g.solo_rating(), note))
        else:
            w = g.winners()
            self.say(("Winner: %s" if len(w) == 1 else "Shared win: %s") % ", ".join(w))
        return totals


def run(game, ask=input, say=print, record_path=None):
    """Play `game` at a line-based terminal (see the module docstring)."""
    return Table(game, ask, say, record_path).run()
