"""Zatre at the table: the 15 x 15 board, the hand to place, the score sheets, hints.

Entries (coordinates are (row, col) from the top-left of the 15 x 15 box, 0-based):
    V@R,C ...     place the whole turn, e.g. "5@7,7 3@7,8 2@8,7"; "R,C=V" and "R C V"
                  (one tile) are read the same way; the core checks it and explains a refusal
    pass          when nothing in hand can be placed
    hint [N]      the legal turns ranked by the engine, with their points and its value,
                  and, per cell, which values make 10, 11 or 12 (page N of a long hint)
    sheet P       player P's score sheet
Enter alone repeats what the player to move must do; the device's "next" button shows the hint
(and confirms a computer player's turn once its tiles are on the board). After a turn the
next player's new tiles are drawn with Enter (the device's "next"): until then 'undo' takes
the turn back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardcore.zatre import engine as zatre_engine
from boardcore.zatre.board import PLAYABLE, SIZE, START, coords, index
from boardcore.zatre.hint import cell_hints, compact_hint, legal_turns, values_of

from boardlight.computer import zatre as computer_zatre
from boardlight.computer.seats import engine_seed
from boardlight.tui import intents
from boardlight.tui.markup import Markup
from boardlight.tui.view import GameView, ViewError, parse_ints, seat_by_name_or_number

if TYPE_CHECKING:
    from collections.abc import Sequence

    from boardcore.zatre.game import Game

    from boardlight.computer.turns import Job
    from boardlight.sessions.zatre import ZatreSession
    from boardlight.tui.intents import Event, Intent
    from boardlight.tui.view import Screen


def parse_tiles(words: list[str]) -> list[list[int]]:
    """The placements of one typed turn as [[row, col, value], ...] in the order typed."""
    text = " ".join(words)
    if "@" in text or "=" in text:
        out: list[list[int]] = []
        for item in text.split():
            if "@" in item:
                value, _, where = item.partition("@")
            elif "=" in item:
                where, _, value = item.partition("=")
            else:
                raise ViewError("%r: write each tile as VALUE@ROW,COL (e.g. 5@7,8)" % item)
            row, col = parse_ints([where], 2, "%r: a cell is ROW,COL" % item)
            out.append([row, col, parse_ints([value], 1, "%r: a tile value" % item)[0]])
        return out
    numbers = parse_ints(words, len(text.replace(",", " ").split()), "a turn")
    if len(numbers) % 3 or not numbers:
        raise ViewError("a turn is VALUE@ROW,COL for each tile (e.g. 5@7,7 3@7,8),"
                        " or ROW COL VALUE triples")
    return [numbers[k:k + 3] for k in range(0, len(numbers), 3)]


# The lines of a sheet's page when the panel's height is not known (the card panel at
# 80 x 24 without a device).
SHEET_PAGE_LINES = 12


class ZatreView(GameView):
    GAME = "zatre"
    NAME = "Zatre"
    session: ZatreSession

    @property
    def game(self) -> Game:
        return self.session.core

    def on_next(self) -> str:
        if self.session.awaiting_draw:
            return self.draw()
        return self.prompt()

    def draw(self) -> str:
        """The player to move draws their new tiles (shown from now on)."""
        game = self.game
        name = self.session.players[game.current]
        hand = self.act({"type": "draw", "seat": game.current})
        return "%s draws %s. %s" % (name, _hand(hand), self.prompt())

    def draw_prompt(self) -> str:
        """The prompt while the player to move has not drawn their new tiles."""
        game = self.game
        last = self.session.last_action()
        assert last is not None  # awaiting a draw: the turn before it is the last action
        return "%s: press Enter%s to draw your tiles ('undo' takes back %s's turn)." % (
            self.session.players[game.current], self.or_button(),
            self.session.players[last[1]["seat"]])

    def other(self, words: list[str]) -> str:
        game = self.game
        if not any(ch.isdigit() for word in words for ch in word):
            return GameView.other(self, words)  # no coordinates at all: not a turn
        if game.over:
            raise ViewError("the game is over")
        tiles = parse_tiles(words)
        if not any("@" in word or "=" in word for word in words):
            self._check_triples(words, tiles)
        return self._play(tiles)

    def _check_triples(self, words: list[str], tiles: list[list[int]]) -> None:
        """Numbers alone are read ROW COL VALUE: when a value read so is not in hand, say
        so in those terms, with the VALUE@ROW,COL form the player probably meant."""
        hand = list(self.game.hand())
        for row, col, value in tiles:
            if value in hand:
                hand.remove(value)
                continue
            typed = "%d %d %d" % (row, col, value)
            text = ("'%s' is read ROW COL VALUE: a %d at %d,%d, and you hold %s"
                    % (typed, value, row, col, _hand(self.game.hand())))
            if row in hand and 1 <= row <= 6:
                text += "; for a %d at %d,%d type %d@%d,%d" % (row, col, value, row, col, value)
            raise ViewError(text + " (each tile as VALUE@ROW,COL)")

    def _play(self, tiles: list[list[int]]) -> str:
        game = self.game
        seat = game.current
        result = self.act({"type": "turn", "seat": seat, "tiles": tiles})
        name = self.session.players[seat]
        if not tiles:
            text = "%s passes." % name
        else:
            sums = ", ".join(str(s) for s in result.sums) or "no 10-12"
            text = "%s: %d point%s (%s)%s." % (
                name, result.points, "" if result.points == 1 else "s", sums,
                ", %d cross%s" % (result.crosses, "" if result.crosses == 1 else "es")
                if result.crosses else "")
        if game.over:
            text += " Game over: " + ", ".join("%s %d" % (p, s) for p, s in zip(
                self.session.players, game.final_scores())) + "; %s." % self._result()
        return text

    def _result(self) -> str:
        """'winner: Ann with 31' (or the shared win, or a solo game's total)."""
        return self.session.summary_lines()[1]

    def cmd_pass(self, words: list[str]) -> str:
        if words:
            raise ViewError("'pass' takes nothing after it")
        return self._play([])

    def cmd_hint(self, words: list[str]) -> str:
        game = self.game
        if game.over:
            raise ViewError("the game is over: no hints")
        if self.session.awaiting_draw:
            self.draw()  # a hint for the tiles to come shows them: they are drawn
        page = 1  # 'hint N': page N of a hint longer than the panel
        if words:
            if len(words) > 1 or not words[0].isdecimal() or int(words[0]) < 1:
                raise ViewError("'hint', or 'hint N' for page N of a long hint")
            page = int(words[0])
        hand = game.hand()
        first = game.first_turn
        best_sum, ways, best_points, turns = compact_hint(game.board, hand, first, game.strict,
                                                          game.grey_at)
        if not turns:
            self.peek = "No tile of %s can be placed: 'pass'." % _hand(hand)
            return "Hint: pass."
        # The legal turns ranked by the engine (its value in points: the sheet's gain,
        # bonuses still to come, less what the turn opens for the next player), each with
        # its immediate points as before.
        value = computer_zatre.values(zatre_engine.position(game), computer_zatre.HINT_LEVEL,
                                      engine_seed(self.session.row.seed, game.turns))
        legal = list(legal_turns(game.board, hand, first, game.strict, game.grey_at))
        keyed = [(t, computer_zatre.turn_key([coords(i) + (v,) for i, v in t[0]])) for t in legal]
        keyed.sort(key=lambda tk: (-value[tk[1]], -tk[0][2], -tk[0][4], tk[0][0]))
        ranked = [t for t, _ in keyed]
        lines = ["%d legal turns, best %d pts" % (turns, best_points),
                 # 0 as the device shows it: no legal turn makes 10-12 ('-' there is a pass).
                 ("best sum %d (%d ways); best turns:" % (best_sum, ways) if best_sum
                  else "best sum 0 (no turn makes 10-12); best turns:")]
        for (steps, _either, points, crosses, _top), key in keyed[:4]:
            lines.append("  %s  %d pt%s (%.1f)" % (" ".join("%d@%d,%d" % ((v,) + coords(i))
                                                        for i, v in steps),
                                               points, " x%d" % crosses if crosses else "",
                                               value[key]))
        best_turn = [coords(i) + (v,) for i, v in ranked[0][0]]
        self.hint_screen = computer_zatre.screen(best_turn)
        cells = []
        for i, m10, m11, m12, _over, _no in cell_hints(game.board):
            made = [(s, values_of(m)) for s, m in ((10, m10), (11, m11), (12, m12))
                    if m and any(v in hand for v in values_of(m))]
            if made:
                cells.append("%d,%d:%s" % (coords(i) + (" ".join(
                    "%d=%s" % (s, "/".join(str(v) for v in vs if v in hand))
                    for s, vs in made),)))
        if cells:
            lines.append("Cells where your tiles make 10-12:")
            lines.extend("  " + c for c in cells[:6])
        # Beside the device's mirror the panel holds 6 lines: the hint is shown in pages,
        # each ending with the entry for the next (the rest was cut off without a word).
        if self.card_lines is None or len(lines) <= self.card_lines:
            pages = [lines]
        else:
            size = max(1, self.card_lines - 1)
            pages = [lines[k:k + size] for k in range(0, len(lines), size)]
        if page > len(pages):
            raise ViewError("this hint has %d page%s" % (len(pages), "s" if len(pages) > 1 else ""))
        shown = pages[page - 1]
        if page < len(pages):
            shown = shown + ["more: 'hint %d'" % (page + 1)]
        self.peek = "\n".join(shown)
        return "Hint for %s shown%s." % (self.session.players[game.current],
                                         " (page %d of %d)" % (page, len(pages))
                                         if len(pages) > 1 else "")

    def cmd_sheet(self, words: list[str]) -> str:
        if not words or len(words) > 2:
            raise ViewError("whose sheet? 'sheet P' (and 'sheet P N' for its page N)")
        seat = seat_by_name_or_number(self.session.players, words[0])
        page = 1
        if len(words) == 2:
            if not words[1].isdecimal() or int(words[1]) < 1:
                raise ViewError("'sheet P N': N is a page number, not %r" % words[1])
            page = int(words[1])
        sheet = self.game.sheets[seat]
        # At most CARD_WIDTH wide whatever the name (a long one wrapped the heading and
        # pushed every column out of line).
        row_format = "%6s %-2s %3s %3s %3s %5s %5s"
        head = row_format % (self.session.players[seat][:6], "x2", "10", "11", "12",
                             "bonus", "total")
        rows = []
        for k, (cross, a, b, c, bonus, total) in enumerate(sheet.rows(), 1):
            rows.append(row_format % (k, "x" if cross else "", _box(a), _box(b), _box(c),
                                      bonus or "", total))
        if self.game.over:
            last = "sheet %d, held tiles -%d" % (sheet.total(), sum(self.game.hand(seat)))
        else:  # a hand mid-game is no penalty (yet): it is subtracted only at the end
            last = "sheet %d (held tiles count at end)" % sheet.total()
        # Pages of the panel's height (6 lines beside the device's mirror), each row as it
        # is on the sheet, from the first: the heading, rows, and the entry for the next
        # page or, on the last, the total.
        size = max(1, (self.card_lines or SHEET_PAGE_LINES) - 2)
        pages = [rows[k:k + size] for k in range(0, len(rows), size)] or [[]]
        if page > len(pages):
            raise ViewError("this sheet has %d page%s" % (len(pages),
                                                          "s" if len(pages) > 1 else ""))
        footer = last if page == len(pages) else "more: 'sheet %d %d'" % (seat + 1, page + 1)
        self.peek = "\n".join([head] + pages[page - 1] + [footer])
        return "Showing %s's score sheet%s." % (
            self.session.players[seat],
            " (page %d of %d)" % (page, len(pages)) if len(pages) > 1 else "")

    def intent_for_event(self, event: Event) -> Intent | None:
        # The device always shows the hand and its compact hint; its "next" button asks for
        # the full hint here (Enter alone repeats the prompt). Turns are typed.
        intent = GameView.intent_for_event(self, event)
        if self.pending is not None:
            return intent  # a computer's move is shown: next confirms it
        if intent == intents.NEXT and self.session.awaiting_draw:
            return intent  # draw the next player's tiles
        return intents.HINT if intent == intents.NEXT else intent

    def computer_step(self) -> Job | None:
        return computer_zatre.due(self.session, self.computers, self.autoplay)

    # -- panels ------------------------------------------------------------------------------

    def status_line(self) -> str:
        game = self.game
        return "Zatre #%d · turn %d · bag %d" % (self.session.row.id, game.turns + 1,
                                                      len(game.bag))

    def turn_seat(self) -> int | None:
        return None if self.game.over else self.game.current

    def points(self) -> list[int]:
        # During the game: the points on each sheet. The tiles in hand only cost their
        # values when the game ends with them unplaced (then: the final scores).
        game = self.game
        if game.over:
            return game.final_scores()
        return [sheet.total() for sheet in game.sheets]

    def prompt(self) -> str:
        game = self.game
        if game.over:
            return "The game is over: %s." % self._result()
        if self.session.awaiting_draw:
            return self.draw_prompt()
        name = self.session.players[game.current]
        need = game.must_place()
        if need == 0:
            return "%s holds %s and cannot place any: type 'pass'." % (name, _hand(game.hand()))
        extra = " (first turn: one on the red square 7,7)" if game.first_turn else ""
        return "%s: place %d of %s as VALUE@ROW,COL ...%s" % (name, need, _hand(game.hand()),
                                                               extra)

    def keys(self) -> list[tuple[str, str]]:
        return [("V@R,C ..", "place tiles (e.g. 5@7,7 3@7,8)"), ("pass", "no tile fits"),
                ("hint", "best turns"), ("sheet P", "score sheet")] + self.common_keys()

    def opening_lines(self) -> list[str]:
        game = self.game
        if game.turns:
            return []
        lines = ["Opening draw %d: %s" % (k + 1, ", ".join(
            "%s %d" % (game.players[p], v) for p, v in draws))
            for k, draws in enumerate(game.opening)]
        return lines + ["%s starts." % game.players[game.first]]

    def greeting(self) -> str:
        # Before the first turn: the opening draw that decided who starts (the line-based
        # game prints the same opening_lines first). The card panel says whose hand is what.
        game = self.game
        if game.turns or game.over:
            return GameView.greeting(self)
        *draws, starts = self.opening_lines()
        return "Zatre game #%d. %s: %s The first turn covers the red square 7,7." % (
            self.session.row.id, "; ".join(draws), starts)

    def legend_lines(self) -> list[str]:
        return ["Rows and columns 0-14 from the top-left (every other column is labelled);",
                "'·' an empty cell, '▪' an empty grey square (x2: a tile goes there only",
                "when its row or column makes 10-12), '*' the red start square (7,7)."]

    def placeholder(self) -> str:
        return "VALUE@ROW,COL for each tile, e.g. 5@7,7 3@7,8 (help: ?)"

    def board_text(self) -> str:
        board = self.game.board
        lines = [column_labels()]
        for r in range(SIZE):
            cells = []
            for c in range(SIZE):
                i = index(r, c)
                if not PLAYABLE[i]:
                    cells.append("  ")
                    continue
                v = board.cells[i]
                grey = board.grey[i]
                if v:
                    style = "b black on grey70" if grey else "b"
                    cells.append(Markup(" [%s]%d[/]") % (style, v))
                elif i == START:
                    cells.append(Markup(" [red]*[/]"))
                else:
                    cells.append(Markup(" [grey50]▪[/]") if grey else " ·")
            lines.append("%2d " % r + Markup("").join(cells))
        return Markup("\n").join(lines)

    def card_text(self) -> str:
        if self.peek:
            return self.peek
        game = self.game
        lines = []
        held = self.session.visible_hand
        if not game.over and self.session.awaiting_draw:
            lines.append(("To move: %s, to draw (Enter)"
                          % self.session.players[game.current])[:CARD_WIDTH])
        elif not game.over:
            # One line of at most CARD_WIDTH, so that the rows below fit.
            name = self.session.players[game.current]
            line = "To move: %s  hand %s, place %d" % (name, _hand(game.hand()),
                                                      game.must_place())
            if len(line) > CARD_WIDTH:
                line = "%s: hand %s, place %d" % (name[:14], _hand(game.hand()),
                                                  game.must_place())
            lines.append(line)
        else:
            line = "Game over: %s" % self._result()
            lines.append(line if len(line) <= CARD_WIDTH else self._result())
        lines.append("        sheet  held  if it ended now" if not game.over
                     else "        sheet  held  score")
        seats: Sequence[int] = range(len(self.session.players))
        if self.card_lines is not None and len(lines) + len(seats) > self.card_lines:
            # Beside the device's mirror the panel holds 6 lines: five or six players' rows
            # do not fit. A player holding nothing has sheet = score, as the scoreboard
            # shows already: the rows of those who hold tiles are the ones that say more.
            seats = [p for p in seats if held(p)]
        more: Sequence[int] = []
        closing = 0 if len(seats) == len(self.session.players) else 1
        if self.card_lines is not None and len(lines) + len(seats) + closing > self.card_lines:
            # Still too many (late in the game several keep a tile they could not place):
            # the rows that fit, and a line saying how many more hold tiles.
            room = max(self.card_lines - len(lines) - 1, 0)
            seats, more = seats[:room], seats[room:]
        for p in seats:
            lines.append("%-7s %5d %5d %6d" % (self.session.players[p][:7],
                                                game.sheets[p].total(), sum(held(p)),
                                                game.sheets[p].total() - sum(held(p))))
        if more:
            lines.append("and %d more holding tiles: 'sheet P'" % len(more))
        elif len(seats) < len(self.session.players):
            lines.append("the others hold no tiles" if seats else "nobody holds tiles")
        return "\n".join(lines)

    def device_screen(self) -> Screen:
        game = self.game
        if game.over:
            return ("scores", {"scores": game.final_scores(), "names": self.session.players})
        if self.session.awaiting_draw:
            return ("message", {"text": "%s: draw" % self.session.players[game.current],
                                "loop": True})
        hint = compact_hint(game.board, game.hand(), game.first_turn, game.strict, game.grey_at)
        return ("zatre_tiles", {"tiles": game.hand(), "hint": list(hint)})


def column_labels() -> str:
    """The line over the board: the even columns' numbers, each ending over its column
    (a cell is two characters wide, so '10' takes the whole of column 10's; the odd
    columns between go unlabelled rather than wrongly: there is no line for a second)."""
    return "   " + "".join(("%2d" % c if c % 2 == 0 else "  ") for c in range(SIZE)).rstrip()


# The card panel's text width at 80 columns (40 wide, less its border and padding).
CARD_WIDTH = 36


def _hand(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values) or "no tiles"


def _box(value: object) -> str:
    return "" if value is None else str(value)
