"""The line-based game (`boardlight play GAME --plain`): the table UI's view and entries, one
line at a time, for a terminal over ssh or a screen reader.

It plays a logged session, as the table UI does, through the same GameView: each line typed
is the view's entry, an empty line is the `next` intent (deal, turn the card, draw). After
every action it prints what happened and the table (status, board, scores, the card panel);
when a round or game ends, its score breakdown. It reads "quit" (or the end of the input,
or Ctrl+C) to stop: the game is saved, and `boardlight play --resume --plain` continues it.

A player's own cards (Forbes: `cards P`) are shown behind a pass-the-screen step: the screen
is cleared, the program waits for that player to press Enter, shows the cards, waits again
and clears the screen, terminal scrollback included.

Computer players move here too: before each prompt the computer's move is worked out and
said, and Enter confirms it once it is on the board; a game of computers alone plays on to
its end without asking anything.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

from boardcore.errors import RuleError

from boardlight.store.gamelog import StoreError
from boardlight.computer.turns import run_now
from boardlight.tui import intents
from boardlight.tui.markup import to_plain
from boardlight.tui.view import ViewError, view_for

if TYPE_CHECKING:
    from boardlight.sessions.base import Session

# The lines the card panel's text may take here (the views cut or page theirs to fit).
SCROLLING = 1000

# Words the line-based game reads itself; everything else is the view's entry.
QUIT_WORDS = ("quit", "exit", "q")
TABLE_WORDS = ("board", "table")
HELP_WORDS = ("?", "help")


def clear_screen() -> None:
    """Clear the screen and the terminal's scrollback, so the next player cannot scroll up
    to the last one's cards (clearing the screen alone leaves the scrollback). Nothing when
    the output is not a terminal."""
    try:
        if not sys.stdout.isatty():
            return
    except (AttributeError, ValueError):  # no stdout, or a closed one
        return
    sys.stdout.write("\033[H\033[2J\033[3J")
    sys.stdout.flush()


# Sentences (what happened, why an entry was refused, the prompt) are wrapped between
# words: a terminal of 80 columns would cut a longer line anywhere.
WIDTH = 79


def plain(text: object) -> str:
    """The view's text without its colours, as a line terminal prints it (tui.markup)."""
    return to_plain(text)


def sentence(text: object) -> str:
    """A message or a prompt of the view, without colours, wrapped at WIDTH columns."""
    return "\n".join(textwrap.fill(line, WIDTH, break_long_words=False,
                                    break_on_hyphens=False) or line
                      for line in plain(text).split("\n"))


def _line_editing() -> None:
    """Up and Down bring back the lines typed before, as the table UI's entry does (input()
    uses readline once it is loaded, for a terminal; not every Python has it)."""
    try:
        if not sys.stdin.isatty():
            return
        import readline  # noqa: F401
    except (ImportError, AttributeError, ValueError):  # no readline, no or a closed stdin
        pass


class PlainTable:
    """One session played line by line: ask(prompt) returns a typed line (EOFError at the end
    of the input), say(text) prints, clear() clears the screen; record is a path the game
    record is rewritten to after every action (None: the game log alone)."""

    def __init__(self, session: Session, ask: Callable[[str], str] = input,
                 say: Callable[[str], object] = print, clear: Callable[[], object] = clear_screen,
                 record: str | None = None) -> None:
        self.session = session
        self.view = view_for(session)
        self.view.plain = True
        self.view.quit_key = "quit"
        self.view.card_lines = SCROLLING  # a terminal scrolls: no panel to cut the text to
        if ask is input:
            _line_editing()
        self.ask = ask
        self.say = say
        self.clear = clear
        self.record = record

    def run(self) -> str:
        """Play until the game is over or the players stop; returns the game's status."""
        view = self.view
        for line in view.opening_lines():
            self.say(plain(line))
        self.show_table()
        for line in view.legend_lines():
            self.say(line)
        try:
            while self.session.row.status == "playing":
                if self.computer_moves():
                    continue
                text = self.ask("%s\n> " % sentence(view.computer_prompt() or view.prompt())).strip()
                if text.lower() in QUIT_WORDS:
                    break
                self.entry(text)
        except (EOFError, KeyboardInterrupt):
            # The end of the input, or Ctrl+C: every action taken is in the log already.
            self.say("")
        self.save_record()
        return self.session.row.status

    def entry(self, text: str) -> None:
        """One typed line: the view's entry (an empty one is the `next` intent), or one of
        the line game's own words (help, board)."""
        view = self.view
        word = text.lower()
        if word in HELP_WORDS:
            for line in view.help_lines():
                self.say(plain(line))
            for line in view.legend_lines():
                self.say(line)
            self.say("undo: take back the last move; board: the table again;")
            self.say("quit: stop (play --resume --plain continues)")
            return
        if word in TABLE_WORDS:
            self.show_table()
            return
        seq = self.session.seq
        was = self.session.row.status
        parts = self._parts()
        try:
            message = view.handle(text) if text else view.on_intent(intents.NEXT)
        except (RuleError, ViewError, StoreError) as exc:
            self.say(sentence(str(exc)))
            return
        self._after(seq, was, parts, message)

    def computer_moves(self) -> bool:
        """Let the computer players act: their move worked out and said (played at once
        when every seat is a computer), a step of a game of computers taken. True when the
        game moved on, so that the loop asks the computers again before any person."""
        job = self.view.computer_job()
        if job is None:
            return False
        seq = self.session.seq
        was = self.session.row.status
        parts = self._parts()
        try:
            message = self.view.computer_ready(job, run_now(job))
        except (RuleError, ViewError, StoreError) as exc:
            self.say(sentence(str(exc)))
            return False
        if self.session.seq == seq:
            return False  # a move waiting for a person: the prompt says it
        self._after(seq, was, parts, message)
        return True

    def _after(self, seq: int, was: str, parts: set[str], message: str | None) -> None:
        """Say what an entry or a computer's move did, and the table when the game moved."""
        view = self.view
        # Shown once, here: there is no panel to keep it in.
        peek, peek_for = view.peek, view.peek_for
        view.peek, view.peek_for = None, None
        if peek_for is not None:
            assert peek is not None  # a peek for one player is their own text
            self.private(peek_for, peek)
        else:
            if message:
                self.say(sentence(message))
            if peek:
                self.say(plain(peek))
        if self.session.seq != seq:
            self.save_record()
            for part in sorted(self._parts() - parts):
                for line in view.part_lines(part):
                    self.say(plain(line))
            if was != "finished" and self.session.row.status == "finished":
                # The game has just ended: its ratings and, in a game night, the standings.
                from boardlight.stats.closing import closing_lines

                for line in closing_lines(self.session):
                    self.say(sentence(line))
            self.show_table()

    def _parts(self) -> set[str]:
        # The finished rounds or games (the running "total" is not one).
        return {part for part, _, _ in self.session.score_lines() if part != "total"}

    def show_table(self) -> None:
        """The table as the UI's panels hold it: status, board, scores, the card panel (the
        prompt, which a panel may repeat, is said once: after the table)."""
        view = self.view
        # Once the game is over no prompt follows: then the panel keeps it.
        prompt = plain(view.prompt()) if self.session.row.status == "playing" else None
        lines = [""]
        for text in (view.status_line(), view.board_text(), view.scores_text(),
                     view.card_text()):
            lines += [line for line in plain(text).split("\n") if line != prompt]
        while len(lines) > 1 and not lines[-1].strip():
            lines.pop()
        self.say("\n".join(lines))

    def private(self, seat: int, text: str) -> None:
        """Show `text` to player `seat` alone: pass the screen, wait, show, wait, clear."""
        name = plain(self.session.players[seat])
        self.clear()
        try:
            self.ask("Pass the screen to %s. %s, press Enter when only you can see it. "
                     % (name, name))
            self.say(plain(text))
            self.ask("Press Enter to hide your cards, then pass the screen on. ")
        finally:
            self.clear()  # also when the input ends on the private screen
        self.show_table()

    def save_record(self) -> None:
        """Rewrite the record file (play --record): a full disk or a folder that went away
        is said and the game goes on; the game log has every action anyway."""
        if self.record is None:
            return
        try:
            with open(self.record, "w", encoding="utf-8") as f:
                f.write(self.session.record_text())
        except OSError as exc:
            self.say(plain("Could not write the record to %s (%s); the game goes on."
                           % (self.record, exc.strerror or exc)))
