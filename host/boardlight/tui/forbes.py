"""Forbes at the table: the 4 x 4 board, whose turn, the stone drawn; hands stay secret.

Entries:
    Enter        the player to move draws a stone (the device's "next" button); between
                 games, deal the next game of the match
    R C          place the drawn stone at row R, column C (0..3 from the top-left); with no
                 stone drawn yet, this draws one and places it
    cards P      show player P's own cards in the UI (only when that player asks; hidden
                 again by the next entry). On the device a player holds their button instead.
    reveal P     player P shows their cards to the whole table (logged)
    hint [N]     the engine's ranking of the cells for the stone drawn (or, before the draw,
                 the best cell for each stone), for the player to move's eyes only
A computer seat's cards stay hidden from everyone until the game ends: `cards` and `reveal`
refuse it, its page does not exist, and its moves are shown without the engine's values.
With real stones (play forbes --stones table) the player turns up a face-down stone and types
which one: S, T, C or X (or 'stone S').
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardcore.forbes.rules import SIZE, symbol_name

from boardcore.forbes import engine as forbes_engine

from boardlight.computer import forbes as computer_forbes
from boardlight.computer.seats import engine_seed
from boardlight.render.text.forbes import score_lines
from boardlight.tui.markup import Markup
from boardlight.tui.view import GameView, ViewError, parse_ints, seat_by_name_or_number

if TYPE_CHECKING:
    from boardcore.forbes.game import Game
    from boardcore.forbes.match import Match

    from boardlight.computer.turns import Job
    from boardlight.sessions.forbes import ForbesSession
    from boardlight.tui.intents import Event, Intent
    from boardlight.tui.view import Screen

GLYPH = {"S": "■", "T": "▲", "C": "●", "X": "★", ".": "·"}
COLOUR = {"S": "cyan", "T": "yellow", "C": "magenta", "X": "green"}


def stone(code: str) -> str:
    if code == ".":
        return GLYPH["."]
    return Markup("[b %s]%s[/]") % (COLOUR[code], GLYPH[code])


def _to_move(game: Game) -> int:
    """The seat to move in the game being played: the session ends a game the moment its
    board fills, so the one being played always has a player to move."""
    seat = game.current
    assert seat is not None
    return seat


class ForbesView(GameView):
    GAME = "forbes"
    NAME = "Forbes"
    session: ForbesSession

    @property
    def match(self) -> Match:
        return self.session.core

    # -- entries -----------------------------------------------------------------------------

    def on_next(self) -> str:
        match = self.match
        if match.over:
            return "The match is over. " + " ".join(self.session.summary_lines()[1:])
        game = match.game
        if game is None:
            self.act({"type": "deal"})
            dealt = match.game
            assert dealt is not None  # the deal starts the next game
            return "Game %d dealt by %s: each player holds 4 secret cards." % (
                len(match.history) + 1, self.session.players[dealt.dealer])
        seat = _to_move(game)
        if game.stone is not None:
            raise ViewError("%s drew a %s: place it with ROW COL (0..3)" % (
                self.session.players[seat], symbol_name(game.stone)))
        if self.session.table_stones:
            raise ViewError("%s: turn up a face-down stone and type which it is: S (square),"
                            " T (triangle), C (circle) or X (star)" % self.session.players[seat])
        drawn = self.act({"type": "draw", "seat": seat})
        return "%s draws a %s: place it with ROW COL." % (self.session.players[seat],
                                                          symbol_name(drawn))

    def cmd_stone(self, words: list[str]) -> str:
        """With real stones: the stone the player to move turned up."""
        match = self.match
        game = match.game
        if not self.session.table_stones:
            raise ViewError("the host draws the stones of this match: press Enter to draw")
        if match.over or game is None:
            raise ViewError("no game is being played: press Enter to deal the next one")
        if len(words) != 1:
            raise ViewError("'stone S', 'stone T', 'stone C' or 'stone X'")
        seat = _to_move(game)
        drawn = self.act({"type": "draw", "seat": seat, "stone": words[0].upper()})
        return "%s turned up a %s: place it with ROW COL." % (self.session.players[seat],
                                                              symbol_name(drawn))

    def other(self, words: list[str]) -> str:
        match = self.match
        game = match.game
        if len(words) == 1 and words[0].isalpha() and self.session.table_stones:
            return self.cmd_stone(words)  # "T": the stone turned up
        if match.over:
            raise ViewError("the match is over: no more stones. " + " ".join(self.session.summary_lines()[1:]))
        if game is None:
            raise ViewError("no game is being played: press Enter to deal the next one")
        row, col = parse_ints(words, 2, "a placement is ROW COL (0..3 from the top-left)")
        seat = _to_move(game)
        name = self.session.players[seat]
        if game.stone is None and self.session.table_stones:
            raise ViewError("%s: first type the stone turned up (S, T, C or X)" % name)
        if game.stone is None:
            # Check the cell before drawing, so a bad cell draws nothing.
            if not (0 <= row < SIZE and 0 <= col < SIZE):
                raise ViewError("cell (%d, %d) is off the board: rows and columns are 0..3"
                                % (row, col))
            if game.board[row * SIZE + col] != ".":
                raise ViewError("cell (%d, %d) already holds a %s" % (
                    row, col, symbol_name(game.board[row * SIZE + col])))
            self.act({"type": "draw", "seat": seat})
        placed = game.stone
        assert placed is not None  # drawn above, or typed as the stone turned up
        self.act({"type": "place", "seat": seat, "row": row, "col": col})
        text = "%s puts a %s at (%d, %d)." % (name, symbol_name(placed), row, col)
        if match.game is None:
            last = match.history[-1][1]
            text += " Game %d over: %s." % (len(match.history), ", ".join(
                "%s %d" % (p, s) for p, s in zip(self.session.players, last)))
            if match.over:
                text += " The match is over."
        return text

    def cmd_cards(self, words: list[str]) -> str:
        if not words:
            raise ViewError("whose cards? 'cards P' (P = number or name)")
        seat = seat_by_name_or_number(self.session.players, words[0])
        self._not_a_computer(seat, "its cards stay hidden until the game ends")
        game = self.session.game
        if game is None:
            raise ViewError("no cards dealt yet")
        view = game.view(seat)
        self.peek = Markup("%s's own cards (only %s looks):\n%s") % (
            view.name, view.name,
            Markup("\n").join(stone(c) + " " + symbol_name(c) for c in view.hand))
        self.peek_for = seat
        return "Showing %s's cards in the card panel; the next entry hides them." % view.name

    def cmd_reveal(self, words: list[str]) -> str:
        if not words:
            raise ViewError("whose cards? 'reveal P'")
        seat = seat_by_name_or_number(self.session.players, words[0])
        self._not_a_computer(seat, "it keeps its cards hidden until the game ends")
        self.act({"type": "reveal", "seat": seat})
        return "%s shows their cards to the table." % self.session.players[seat]

    def _not_a_computer(self, seat: int, why: str) -> None:
        if self.is_computer(seat):
            raise ViewError("%s is a computer player: %s" % (self.session.players[seat], why))

    def cmd_hint(self, words: list[str]) -> str:
        """'hint [N]': the engine's ranking of the cells for the player to move's stone
        (page N of a long one), or before the draw the best cell for each stone still face
        down; for that player alone, as their cards are."""
        match = self.match
        game = match.game
        page = 1
        if words:
            if len(words) > 1 or not words[0].isdecimal() or int(words[0]) < 1:
                raise ViewError("'hint', or 'hint N' for page N of a long hint")
            page = int(words[0])
        if game is None:
            raise ViewError("no game is being played: press Enter to deal the next one")
        seat = game.current
        assert seat is not None  # a game being played has a player to move
        self._not_a_computer(seat, "its hints would tell its cards")
        name = self.session.players[seat]
        level = computer_forbes.HINT_LEVEL
        view = game.view(seat)  # this seat's own knowledge, nothing of the others' cards
        seed = engine_seed(self.session.row.seed, computer_forbes.move_number(match, game))
        if view.stone is not None:
            ranked = forbes_engine.analyse(forbes_engine.Position(view, game.moves, game.options),
                                           level, seed)
            heading = "%s's %s, best cells first:" % (name, symbol_name(view.stone))
            lines = ["%d %d  %s" % (cell + (computer_forbes.value_text(v, level),))
                     for cell, v in ranked]
            self.hint_screen = computer_forbes.screen(view.stone, ranked[0][0], game.board)
        else:
            heading = "%s: the best cell for each stone:" % name
            lines = ["%-8s %d %d  %s" % ((symbol_name(code),) + ranked[0][0]
                                        + (computer_forbes.value_text(ranked[0][1], level),))
                     for code, ranked in computer_forbes.for_each_stone(
                         forbes_engine.Position(view, game.moves, game.options), level, seed)]
        pages = self.paged(heading, lines, "hint")
        if page > len(pages):
            raise ViewError("this hint has %d page%s" % (len(pages), "s" if len(pages) > 1 else ""))
        self.peek = "\n".join(pages[page - 1])
        self.peek_for = seat
        return "Showing %s's hint in the card panel%s; the next entry hides it." % (
            name, " (page %d of %d)" % (page, len(pages)) if len(pages) > 1 else "")

    def computer_step(self) -> Job | None:
        return computer_forbes.due(self.session, self.computers, self.autoplay)

    def handle_scan(self, code: str) -> str:
        raise ViewError("in this match the host deals the ownership cards (each player sees"
                        " theirs on the device): scanned cards are not used (scanned %r)" % code)

    def private_screen(self, intent: Intent | None) -> Screen | None:
        # A player holding their button ("p1".."p6") sees their own cards on the device.
        if intent is not None and intent.name == "hold":
            seat = intent.seat
            game = self.session.game
            if game is not None and seat is not None and 0 <= seat < len(self.session.players) and not self.is_computer(seat):
                return ("forbes_hand", {"cards": game.view(seat).hand})
        return None

    def device_screen(self) -> Screen:
        match = self.match
        game = match.game
        if game is not None and game.stone is not None:
            return ("forbes_stone", {"stone": game.stone})
        if game is None and match.history:
            return ("scores", {"scores": list(match.totals), "names": self.session.players})
        return GameView.device_screen(self)

    def device_text(self) -> str:
        game = self.match.game
        if game is None:
            return "deal"
        return "%s: draw" % self.session.players[_to_move(game)]

    # -- panels ------------------------------------------------------------------------------

    def status_line(self) -> str:
        match = self.match
        text = "Forbes #%d · match to %d · game %d" % (
            self.session.row.id, match.options.target_score,
            len(match.history) + (1 if match.game is not None else 0))
        game = match.game
        if game is not None:
            text += " · stone %d/16" % (len(game.moves) + 1)
        return text

    def turn_seat(self) -> int | None:
        game = self.match.game
        return None if game is None else game.current

    def points(self) -> list[int]:
        return list(self.match.totals)

    def prompt(self) -> str:
        match = self.match
        if match.over:
            return "The match is over."
        game = match.game
        if game is None:
            return "Press Enter%s to deal the next game." % self.or_button()
        name = self.session.players[_to_move(game)]
        if game.stone is None and self.session.table_stones:
            return "%s: turn up a face-down stone and type it: S, T, C or X." % name
        if game.stone is None:
            return "%s: press Enter to draw a stone, or type ROW COL to draw and place." % name
        return "%s: place the %s with ROW COL." % (name, symbol_name(game.stone))

    def keys(self) -> list[tuple[str, str]]:
        if self.session.table_stones:
            return [("Enter", "deal"), ("S T C X", "the stone turned up"),
                    ("R C", "place at row R, column C"), ("cards P", "P's own cards"),
                    ("reveal P", "show P's cards")] + self.common_keys()
        return [("Enter", "draw / deal"), ("R C", "place at row R, column C"),
                ("cards P", "own cards"), ("reveal P", "show cards"),
                ("hint", "best cell")] + self.common_keys()

    def legend_lines(self) -> list[str]:
        return ["Rows and columns 0-3 from the top-left; '·' an empty cell."]

    def part_lines(self, part: str) -> list[str]:
        name, _, number = part.rpartition(" ")
        if name != "game" or not number.isdecimal():
            return GameView.part_lines(self, part)
        # Everyone's cards, shown when a game ends, and the patterns each was paid for.
        n = int(number) - 1
        game = self.session.games[n]
        return ["Game %s is over. Everyone's cards:" % number] + score_lines(
            self.session.players, game.all_hands(), self.session.game_scores[n])

    def board_text(self) -> str:
        game = self.session.game
        if game is None:
            return "No game dealt yet."
        lines = ["    0 1 2 3"]
        for r in range(SIZE):
            lines.append("%d   " % r + Markup(" ").join(stone(game.board[r * SIZE + c])
                                                        for c in range(SIZE)))
        lines.append("")
        lines.append(Markup("  ").join(stone(s) + " " + symbol_name(s) for s in "ST"))
        lines.append(Markup("  ").join(stone(s) + " " + symbol_name(s) for s in "CX"))
        left = game.stones_left()
        lines.append("face down: " + Markup("  ").join(stone(s) + " %d" % left[s]
                                                       for s in "STCX"))
        n = len(self.session.players)
        for seat, name in enumerate(self.session.players):
            # Another seat's view holds this hand only once it was shown to the table.
            hand = game.view((seat + 1) % n).shown[seat]
            if hand is not None:
                lines.append(name + " shows: " + Markup(" ").join(stone(c) for c in hand))
        return Markup("\n").join(lines)

    def card_text(self) -> str:
        if self.peek:
            return self.peek
        match = self.match
        game = match.game
        head, tail = [], []
        if game is not None:
            name = self.session.players[_to_move(game)]
            head.append("To play: %s" % name)
            if game.stone is not None:
                head.append("Stone drawn: " + stone(game.stone) + " " + symbol_name(game.stone))
        games = ["game %d: %s" % (n, ", ".join("%s %d" % (p, s)
                                              for p, s in zip(self.session.players, points)))
                 for n, (dealer, points) in enumerate(match.history, 1)]
        if match.over:
            tail.append("Ranking: " + ", ".join("%d. %s %d" % (r["place"], r["name"],
                                                             r["total"])
                                               for r in match.ranking()))
        # Whose turn and the stone first, then the latest games that fit the panel (6 lines
        # beside the device's mirror; a match to 100 can take a dozen games). It kept the
        # last 8 lines: from game 7 on, the turn and the stone drawn were dropped.
        # A game's line with four or five players is wider than the panel and takes two.
        rows = self.panel_rows
        room = (self.card_lines or 8) - len(head) - sum(rows(line) for line in tail)
        if sum(rows(line) for line in games) > max(room, 0):
            keep, used = 0, 1  # the "games 1-N" line
            while keep < len(games) and used + rows(games[-1 - keep]) <= room:
                used += rows(games[-1 - keep])
                keep += 1
            games = ["games 1-%d: in boardlight show" % (len(games) - keep)] + \
                (games[-keep:] if keep else [])
        return Markup("\n").join(head + games + tail) or self.prompt()
