"""What every game's front end provides (GameView), and the shared pieces.

A GameView turns a session into text for the panels and turns what the players do into
session actions: typed entries (GameView.handle) and intents (GameView.on_intent: a device
button, or Enter on an empty entry; see tui.intents). Both front ends, the table UI
(tui.app) and the line-based game (tui.plain), drive the same view. It never writes to the
store itself: every change goes through session.act, which logs before the view redraws.

Computer seats (boardlight.computer): the front end asks computer_job() what the computer
players must do now, runs the job (the table UI on a worker thread) and hands the result
to computer_ready(). A computer's move then waits in `pending`, shown in the card panel
and on the device, until a person has put its tile or stone on the real board and
confirms with Enter or `next`; when every seat is a computer, each move is played at once.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from boardcore.digits import is_digits
from boardcore.errors import RuleError

from boardlight.computer import seats
from boardlight.render.text.scores import breakdown_lines
from boardlight.tui import intents
from boardlight.tui.markup import Markup

if TYPE_CHECKING:
    from boardlight.computer.turns import Job, Proposal
    from boardlight.sessions.base import Session
    from boardlight.sessions.fits import FitsSession
    from boardlight.sessions.forbes import ForbesSession
    from boardlight.sessions.zatre import ZatreSession
    from boardlight.tui.intents import Event, Intent

# A device screen: (kind, payload), a screen kind of boardcore.protocol.screens and its keys.
Screen = tuple[str, dict[str, Any]]

# The card panel's text width at 80 columns when the UI has not measured it (the panel is
# 42 wide: 38 columns inside its border and padding; 36 leaves a margin).
CARD_WIDTH = 36


class ViewError(Exception):
    """An entry the UI could not read (the message says what it expected)."""


class GameView:
    """Base class. Subclasses set GAME, NAME and implement the game-specific methods."""

    GAME: str | None = None
    NAME: str | None = None

    def __init__(self, session: Session) -> None:
        self.session = session
        # Text shown once in the card panel (a hint, a player's own cards).
        self.peek: str | None = None
        # Lines the card panel holds, as the table UI last laid it out (None: not known, a
        # view used without the UI).
        self.card_lines: int | None = None
        # Columns of the card panel, as laid out (None: not known, CARD_WIDTH is assumed).
        self.card_width: int | None = None
        # Lines the board panel holds, as laid out (None: not known, or no panel: a line
        # terminal scrolls).
        self.board_room: int | None = None
        # The player the peek is for alone (their own cards), or None: it is for the table.
        self.peek_for: int | None = None
        # True when the text goes to a line terminal (tui.plain): no panel to fit, and no
        # colour to tell things apart, so a view may draw wider; the markup is removed.
        self.plain = False
        # The key that leaves the game (the line-based game reads the word "quit").
        self.quit_key = "Ctrl+Q"
        # The computer seats: {seat: level} (boardlight.computer.seats).
        self.computers = seats.levels(session.players, session.row.options)
        # A computer's move waiting for a person to confirm it (computer.turns.Proposal).
        self.pending: Proposal | None = None
        # The device's picture of the hint in the card panel (shown while the peek is).
        self.hint_screen: Screen | None = None

    def panel_rows(self, line: str) -> int:
        """Lines of the card panel that `line` takes: the panel wraps a longer line between
        words (as wrapped_rows counts), so a text counted in lines would overflow it."""
        return wrapped_rows(line, self.card_width or CARD_WIDTH)

    def paged(self, heading: str, lines: Sequence[str], entry: str) -> list[list[str]]:
        """`lines` under `heading` in pages of the card panel's height (one page when it
        is not known), each page but the last ending with the entry for the next
        ("more: 'ENTRY 2'"); lines longer than the panel count the rows they wrap to."""
        room = None if self.card_lines is None else max(3, self.card_lines)
        pages: list[list[str]] = []
        page, used = [heading], self.panel_rows(heading)
        for line in lines:
            rows = self.panel_rows(line)
            if room is not None and len(page) > 1 and used + rows + 1 > room:
                pages.append(page)
                page, used = [heading], self.panel_rows(heading)
            page.append(line)
            used += rows
        pages.append(page)
        for k in range(len(pages) - 1):
            pages[k].append("more: '%s %d'" % (entry, k + 2))
        return pages

    # entries -------------------------------------------------------------------------------

    def handle(self, text: str) -> str:
        """Apply one typed entry; returns what to tell the table. An empty entry is the
        `next` intent (Enter alone: deal, turn the card, draw)."""
        words = text.lower().split()
        if not words:
            said = self.on_intent(intents.NEXT)
            assert said is not None  # only a player's button changes nothing here
            return said
        self.peek = None
        self.peek_for = None
        self.hint_screen = None
        command = words[0]
        if command in ("help", "?"):
            return self.show_help()
        method = getattr(self, "cmd_" + command, None)
        if method is None:
            return self.other(words)
        return method(words[1:])

    def on_intent(self, intent: Intent) -> str | None:
        """Act on an intent (tui.intents); returns what to tell the table, or None when it
        changes nothing here (a player's button: the device shows what it stands for)."""
        if intent.name in ("hold", "player"):
            return None
        self.peek = None
        self.peek_for = None
        self.hint_screen = None
        if intent.name == "next":
            if self.pending is not None:
                return self.confirm_pending()
            job = self.computer_job()
            if job is not None and job.compute is not None:
                assert job.seat is not None  # a move to think about is a seat's
                raise ViewError("%s is still thinking" % self.session.players[job.seat])
            return self.on_next()
        if intent.name == "menu":
            return self.show_help()
        if intent.name == "undo":
            return self.take_back("the device")
        if intent.name == "hint":
            hint = getattr(self, "cmd_hint", None)
            if hint is None:
                raise ViewError("%s has no hints" % self.NAME)
            return hint([])
        raise ViewError("%r is not something a button can ask for" % (intent.name,))

    def cmd_undo(self, words: list[str]) -> str:
        """'undo': take back the last action (sessions.undo says how far back it goes)."""
        if words:
            raise ViewError("'undo' takes nothing after it")
        return self.take_back("terminal")

    def take_back(self, by: str) -> str:
        """Take back the last action for `by` (who asked: "terminal", "the device"); the
        refusal past what an undo reaches is a RuleError, one line."""
        undone = self.session.undo(by=by)
        return "Taken back: %s. %s" % (self.session.describe(undone), self.prompt())

    def show_help(self) -> str:
        """The entries, in the card panel (the `menu` button, or '?')."""
        # Without the "?" line itself: beside the device's mirror the panel holds 6
        # lines, and it pushed "Ctrl+Q" off the end.
        self.peek = "\n".join(self.help_lines())
        return "The entries are in the card panel; any entry hides them again."

    def help_lines(self) -> list[str]:
        """The entries as '?' lists them in the card panel (the key bar's, one a line)."""
        return ["%-10s %s" % kv for kv in self.keys() if kv[0] != "?"]

    def other(self, words: list[str]) -> str:
        """An entry that is not a command word (coordinates, say); subclasses override."""
        raise ViewError("%r is not an entry I know (type ? for the list)" % " ".join(words))

    def intent_for_event(self, event: Event) -> Intent | None:
        """The intent a device input event stands for in this game, or None (see
        tui.intents.intent_for_event; a game may give a button another meaning)."""
        return intents.intent_for_event(event)

    def handle_scan(self, code: str) -> str:
        """A card scanned at the device; games with cards override this."""
        raise ViewError("%s has no cards to scan (scanned %r)" % (self.NAME, code))

    def private_screen(self, intent: Intent | None) -> Screen | None:
        """A screen for the device alone that `intent` asks for (a Forbes player holding
        their button sees their own cards), or None."""
        return None

    def act(self, action: dict[str, Any]) -> Any:
        return self.session.act(action)

    # computer players --------------------------------------------------------------------

    @property
    def autoplay(self) -> bool:
        """True when every seat is a computer: the game plays itself, no confirmations."""
        return len(self.computers) == len(self.session.players)

    def is_computer(self, seat: int | None) -> bool:
        return seat in self.computers

    def computer_step(self) -> Job | None:
        """The game's computer.<game>.due(...): the Job of the computer players now, or
        None. Each game's view says which."""
        return None

    def computer_job(self) -> Job | None:
        """The Job the front end should run now, or None (a person is to act, or a move
        waits for its confirmation). A pending move the game has moved past is dropped."""
        if not self.computers or self.session.row.status != "playing":
            self.pending = None
            return None
        job = self.computer_step()
        if self.pending is not None:
            if job is not None and job.key == self.pending.key:
                return None  # shown, waiting for a person
            self.pending = None
        return job

    def computer_ready(self, job: Job, result: Any) -> str | None:
        """A job's result is in (call it with the table held): a step of a game that plays
        itself is taken, a move is played at once when every seat is a computer, else it
        waits in `pending` for a person. Returns what to tell the table, or None when the
        game has moved on since the job was made (the result is dropped)."""
        now = self.computer_step()
        if now is None or now.key != job.key:
            return None
        if job.finish is None:  # a step the game takes by itself: deal, turn, draw
            return self.on_next()
        proposal = job.finish(result)
        if self.autoplay:
            return self.handle(proposal.entry)
        self.pending = proposal
        return self.pending_text()

    def pending_text(self) -> str:
        """The computer's move waiting to be confirmed, in a sentence."""
        assert self.pending is not None  # called only while a move waits
        return "%s: put it on the board, then press Enter%s." % (self.pending.text, self.or_button())

    def confirm_pending(self) -> str:
        """A person confirms the computer's move: it is played as its entry."""
        proposal, self.pending = self.pending, None
        assert proposal is not None  # called only while a move waits
        return self.handle(proposal.entry)

    def computer_prompt(self) -> str | None:
        """What the table waits for while a computer acts: its move to be confirmed, or
        its thinking; None when the computers wait for nobody."""
        if self.pending is not None:
            return self.pending_text()
        job = self.computer_job()
        if job is not None and job.compute is not None:
            assert job.seat is not None  # a move to think about is a seat's
            return "%s is thinking..." % self.session.players[job.seat]
        return None

    def card_panel(self) -> str:
        """The card panel: the game's card_text, under a line with the computer's move
        while one waits (the game's text then fits the lines left)."""
        if self.pending is None or self.peek:
            return self.card_text()
        line = "%s (Enter)" % self.pending.short
        lines = self.card_lines
        if lines is not None:
            self.card_lines = max(1, lines - self.panel_rows(line))
        try:
            text = self.card_text()
        finally:
            self.card_lines = lines
        return Markup("\n").join([line, text])

    def screen_now(self) -> Screen:
        """What the device shows now: the hint a player just asked for (until the next
        entry), else a computer's move waiting, else the game's own screen (device_screen)."""
        if self.hint_screen is not None and self.peek:
            return self.hint_screen
        if self.pending is not None:
            return self.pending.screen
        return self.device_screen()

    # panels --------------------------------------------------------------------------------

    def status_line(self) -> str:
        return "%s #%d" % (self.NAME, self.session.row.id)

    def scores_text(self) -> str:
        """Names with their scores; '>' marks whose turn it is."""
        lines = []
        turn = self.turn_seat()
        points = self.points()
        width = max(len(n) for n in self.session.players)
        for seat, name in enumerate(self.session.players):
            mark = ">" if seat == turn else " "
            lines.append("%s %-*s %5s" % (mark, width, name, points[seat]))
        return "\n".join(lines)

    def keys_text(self, width: int = 78) -> str:
        """The keys and what they do, packed into lines of `width` without splitting one."""
        lines, line = [], ""
        for item in ("%s: %s" % kv for kv in self.keys()):
            if line and len(line) + 3 + len(item) > width:
                lines.append(line)
                line = item
            else:
                line = line + " · " + item if line else item
        lines.append(line)
        return "\n".join(lines)

    def placeholder(self) -> str:
        return "type an entry and press Enter (help: ?)"

    def or_button(self) -> str:
        """' (or the device's button)' after "Press Enter" when a device may be at the
        table; nothing in the line-based game."""
        return "" if self.plain else " (or the device's button)"

    def common_keys(self) -> list[tuple[str, str]]:
        """The keys every game ends its list with: help, and leaving the game."""
        return [("?", "help"), (self.quit_key, "quit, resume later")]

    def opening_lines(self) -> list[str]:
        """What decided the start, told before the first turn (Zatre: who drew what): the
        line-based game prints these lines, the table UI's greeting says them; none by
        default."""
        return []

    def legend_lines(self) -> list[str]:
        """What the board's symbols mean, for the line-based game (it prints them under
        the first board and with the help); none by default."""
        return []

    def part_lines(self, part: str) -> list[str]:
        """The score breakdown of one finished part of the game ('round 2', 'game 1'), as
        the line-based game prints it when that part ends."""
        return breakdown_lines(self.session.players, self.session.score_lines(), [part])

    def greeting(self) -> str:
        return "%s game #%d, %s. %s" % (self.NAME, self.session.row.id,
                                        ", ".join(self.session.players), self.prompt())

    def device_screen(self) -> Screen:
        """What the device should show now: (kind, payload), a screen kind of
        boardcore.protocol.screens and its keys. The table's text is its standing state:
        it scrolls again and again, not once and then a dark device."""
        return ("message", {"text": self.device_text(), "loop": True})

    def device_text(self) -> str:
        """A few words for the device's scrolling text."""
        return self.prompt()

    # hooks ---------------------------------------------------------------------------------

    def on_next(self) -> str:
        """The `next` intent: deal, turn the next card, draw (each game says which)."""
        raise NotImplementedError

    def turn_seat(self) -> int | None:
        raise NotImplementedError

    def points(self) -> Sequence[object]:
        raise NotImplementedError

    def prompt(self) -> str:
        raise NotImplementedError

    def keys(self) -> list[tuple[str, str]]:
        raise NotImplementedError

    def board_text(self) -> str:
        raise NotImplementedError

    def card_text(self) -> str:
        raise NotImplementedError


def wrapped_rows(line: str, width: int) -> int:
    """How many rows `line` takes in a panel `width` columns wide that wraps between words
    (a word longer than the panel is cut), as the table UI's panels do."""
    return max(1, len(textwrap.wrap(line, width, break_long_words=True,
                                    break_on_hyphens=False)))


def parse_ints(words: Sequence[str], count: int, what: str) -> list[int]:
    """`count` whole numbers from words (commas allowed), or a ViewError naming `what`."""
    values: list[int] = []
    for word in " ".join(words).replace(",", " ").split():
        try:
            values.append(int(word))
        except ValueError:
            raise ViewError("%s: %r is not a whole number" % (what, word))
    if len(values) != count:
        raise ViewError("%s: expected %d numbers, got %d" % (what, count, len(values)))
    return values


def seat_by_name_or_number(players: Sequence[str], word: str) -> int:
    """A seat from '2' (1-based, as shown, ASCII digits: no name is one) or a player's name
    (case-insensitive)."""
    if is_digits(word):
        n = int(word)
        if 1 <= n <= len(players):
            return n - 1
        raise ViewError("there is no player %d (1..%d)" % (n, len(players)))
    for seat, name in enumerate(players):
        if name.lower() == word.lower():
            return seat
    raise ViewError("no player called %r (players: %s)" % (word, ", ".join(players)))


def view_for(session: Session) -> GameView:
    """The GameView for a session's game."""
    game = session.GAME
    if game == "fits":
        from boardlight.tui.fits import FitsView

        return FitsView(cast("FitsSession", session))  # GAME names the class
    if game == "zatre":
        from boardlight.tui.zatre import ZatreView

        return ZatreView(cast("ZatreSession", session))
    if game == "forbes":
        from boardlight.tui.forbes import ForbesView

        return ForbesView(cast("ForbesSession", session))
    raise RuleError("no table view for %r" % (game,))
