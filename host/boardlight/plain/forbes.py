"""A Forbes match played at one terminal, line by line, passing the screen round the table.

Only the board, the stone just drawn, the totals and cards a player chose to reveal are
public. Before each player's private screen the program asks for the screen to be passed
and waits for Enter; it clears the screen again before the next player takes it, so each
player sees only their own cards. The end of a game reveals every hand with the scores.

The loop reads and writes through three callables (ask, say, clear), so a full-screen UI
or a test can drive it: `TerminalMatch(match, ask=..., say=..., clear=...).run()`.
"""

import sys

import click

from boardcore.digits import is_digits
from boardcore.errors import RuleError
from boardcore.forbes.record import format_record
from boardcore.forbes.rules import SYMBOLS, symbol_name

from boardlight.render.text.forbes import board_lines, hand_text, ranking_lines, score_lines

HELP = (  # lines within 80 columns
    "Type the cell for your stone as ROW COL (0..3 each, from the top-left),",
    "e.g. '1 2'. 'reveal' shows your cards to everyone for the rest of this game;",
    "'quit' stops the match.",
)


def clear_screen():
    """Clear the screen and the terminal's scrollback, so the next player cannot scroll up to
    the last one's cards (click.clear alone leaves the scrollback). Nothing when not a terminal."""
    try:
        if not sys.stdout.isatty():
            return
    except (AttributeError, ValueError):  # no stdout, or a closed one
        return
    click.echo("\033[H\033[2J\033[3J", nl=False)


class QuitMatch(Exception):
    """The players typed quit (or closed the input)."""


class TerminalMatch:
    """Runs `match` (forbes_match.Match) to its end at one terminal.

    stones: "random" draws from the match's seeded source; "table" asks each player which
    stone they turned up from real face-down stones. record: a path rewritten with the
    match record (forbes-match format) after every game and when the match stops.
    """

    def __init__(self, match, ask=None, say=None, clear=None, stones="random", record=None, seed=None):
        if stones not in ("random", "table"):
            raise ValueError("stones must be 'random' or 'table', not %r" % (stones,))
        self.match = match
        self.ask = ask or (lambda prompt: input(prompt))
        self.say = say or click.echo
        self.clear = clear or clear_screen
        self.stones = stones
        self.record = record
        self.seed = seed if stones == "random" else None  # table stones do not follow the seed
        self.games = []

    # --- the match -------------------------------------------------------------------------

    def run(self):
        """Play games until the match ends or someone quits; returns the final ranking."""
        try:
            while not self.match.over:
                self.play_game()
        except QuitMatch:
            self.say("Match stopped.")
        finally:
            self.save()
        self.say("")
        self.say("Match over." if self.match.over else "Standings:")
        for line in ranking_lines(self.match.ranking()):
            self.say(line)
        return self.match.ranking()

    def play_game(self):
        match = self.match
        game = match.start_game()
        self.games.append(game)
        number = len(match.history) + 1
        self.clear()
        self.say("Game %d: %s deals and plays first." % (number, game.players[game.dealer]))
        while not game.over:
            self.turn(game)
        self.clear()
        scores = match.end_game()
        self.say("Game %d is over. Everyone's cards:" % number)
        for line in board_lines(game.board):
            self.say(line)
        for line in score_lines(game.players, game.all_hands(), scores):
            self.say(line)
        self.say("Totals: " + ", ".join("%s %d" % (match.players[s], match.totals[s]) for s in range(len(match.players))))
        self.save()
        if not match.over:
            self.prompt("Press Enter to deal the next game (%s deals). " % match.players[match.dealer])

    # --- one turn, on the player's private screen ------------------------------------------

    def turn(self, game):
        seat = game.current
        name = game.players[seat]
        self.clear()
        self.prompt("Pass the screen to %s. %s, press Enter when only you can see it. " % (name, name))
        view = game.view(seat)
        self.show(view)
        stone = self.draw(game, seat)
        self.say("%s, you drew a %s (%s)." % (name, symbol_name(stone), stone))
        while True:
            answer = self.prompt("Cell for your %s (row col), 'reveal' or 'help': " % stone).strip().lower()
            if answer == "help":
                for line in HELP:
                    self.say(line)
            elif answer == "reveal":
                game.reveal(seat)
                self.say("Your cards are now shown to everyone for this game.")
            else:
                cell = self.parse_cell(answer)
                if cell is None:
                    continue
                try:
                    game.place(seat, cell[0], cell[1])
                except RuleError as exc:
                    self.say("Not there: %s." % exc)
                    continue
                break
        for line in board_lines(game.board):
            self.say(line)
        self.prompt("Press Enter to hide your cards, then pass the screen on. ")
        self.clear()

    def show(self, view):
        """The private screen: board, totals, own cards, and only the cards others revealed."""
        totals = self.match.totals
        self.say("Totals: " + ", ".join("%s %d" % (view.players[s], totals[s]) for s in range(len(view.players))))
        for line in board_lines(view.board):
            self.say(line)
        left = view.stones_left
        self.say("Face-down stones: " + ", ".join("%s %d" % (c, left[c]) for c in SYMBOLS))
        self.say("%s, your cards: %s" % (view.name, hand_text(view.hand)))
        for seat in range(len(view.players)):
            if seat != view.seat and view.shown[seat] is not None:
                self.say("%s has shown: %s" % (view.players[seat], hand_text(view.shown[seat])))

    def draw(self, game, seat):
        if self.stones == "random":
            return game.draw(seat)
        while True:
            answer = self.prompt("Which stone did you turn up? (S square, T triangle, C circle, X star): ").strip().upper()
            try:
                return game.draw(seat, answer)
            except RuleError as exc:
                self.say("%s." % exc)

    def parse_cell(self, answer):
        words = answer.replace(",", " ").split()
        if len(words) != 2 or not is_digits(words[0]) or not is_digits(words[1]):
            self.say("Type the row and the column, 0..3 each, like '1 2' ('help' explains).")
            return None
        return int(words[0]), int(words[1])

    # --- input and the record ----------------------------------------------------------------

    def prompt(self, text):
        try:
            answer = self.ask(text)
        except EOFError:
            raise QuitMatch()
        if answer.strip().lower() == "quit":
            raise QuitMatch()
        return answer

    def save(self):
        if self.record is None or not self.games:
            return
        text = format_record(self.match.players, self.match.options, self.games, self.seed)
        with open(self.record, "w") as f:
            f.write(text)
