"""FITS at the table: boards side by side, the card shown with its numbered orientations.

Entries (players by number 1..4 as on the scoreboard, or by name):
    Enter            deal the round / turn the next card (the device's "next" button)
    P O C            player P drops the card in orientation O at column C (1..6 from the left);
                     when only one player is still to act, "O C" is enough
    P pass           player P sets the card aside
    tally P R D      quick tally, board 1: R full rows, D open dots
    tally P D r,c .. quick tally, boards 2-4: D open dots, then each uncovered special space
                     as row,column (row 1..12 from the bottom)
    hint P [N]       the engine's ranking of player P's moves, best first, with the expected
                     points (full replay mode; page N of a long one)
    round N [PAGE]   round N's score breakdown (full replay mode; shown when a round ends)
With the real cards (play fits --cards) the host does not deal: scanning a card at the
device turns it (each player scans their start card at a round's start), or type
    starts T1 T2 ..  the start cards the players drew, in seat order
    card T           the building card just turned
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardcore.digits import is_digits
from boardcore.fits import tiles as fits_tiles

from boardlight.computer import fits as computer_fits
from boardlight.computer.seats import engine_seed
from boardlight.render.text.fits import (BOARD_WIDTH, narrow_cell, orientation_lines,
                                         orientation_strip, panel_lines, score_lines,
                                         score_summary, special_legend, wide_lines)
from boardlight.tui.markup import Markup
from boardlight.tui.view import GameView, ViewError, parse_ints, seat_by_name_or_number

if TYPE_CHECKING:
    from collections.abc import Iterable

    from boardlight.cards import CardRegistry
    from boardlight.computer.turns import Job
    from boardlight.sessions.fits import FitsSession
    from boardlight.tui.intents import Event, Intent
    from boardlight.tui.view import Screen


class FitsView(GameView):
    GAME = "fits"
    NAME = "FITS"
    session: FitsSession

    def __init__(self, session: FitsSession, registry: CardRegistry | None = None) -> None:
        super().__init__(session)
        self._registry = registry  # the scanner's code -> card registry (loaded on use)
        self.scanned_starts: list[str] = []  # start cards scanned so far for the next deal

    @property
    def game(self) -> Any:
        """The session's core: a boardcore.fits.game.Game, or in quick tally a
        sessions.fits_tally.TallyGame; which one the view reads by `tally_mode`."""
        return self.session.core

    @property
    def tally_mode(self) -> bool:
        return self.session.mode == "tally"

    # -- entries -----------------------------------------------------------------------------

    def on_next(self) -> str:
        game = self.game
        if game.phase == "over":
            return "The game is over. " + " ".join(self.session.summary_lines()[1:])
        if self.session.table_deal and game.phase in ("deal", "cards"):
            waiting = game.waiting()
            if game.phase == "deal":
                raise ViewError("Deal the real cards: each player scans their start card"
                                " (or type 'starts %s')" % " ".join(
                                    ["T"] * len(game.players)))
            if not (waiting and not self.tally_mode):
                raise ViewError("Turn the next real card: scan it, or type 'card TILE'")
        if game.phase == "deal":
            starts = self.act({"type": "deal"})
            return "Round %d on board %d. Start tiles: %s." % (
                game.round_index + 1, game.board_number,
                ", ".join("%s %s" % (p, t) for p, t in zip(game.players, starts)))
        if game.phase == "tally":
            raise ViewError("all 16 cards are out: enter each tally (%s)" % self._tally_usage())
        waiting = game.waiting()
        if waiting and not self.tally_mode and game.card is None:
            raise ViewError("first the start tiles: %s still to place (P ORIENTATION COLUMN)"
                            % ", ".join("%s %s" % (p, self._tile_of(p)) for p in waiting))
        if waiting and not self.tally_mode:
            raise ViewError("%s still to place or pass %s" % (", ".join(waiting),
                                                              self._tile_of(waiting[0])))
        card = self.act({"type": "turn"})
        return "Card %d of 16: %s.%s" % (game.turned, card, self._skip_note())

    def _skip_note(self) -> str:
        skips = self._skippers()
        return (" %s skips it (start tile)." % " and ".join(skips)) if skips else ""

    def _skippers(self) -> list[str]:
        game = self.game
        if self.tally_mode:
            return game.skips()
        if game.phase == "cards" and game.card is not None:
            return [p for p in game.players if game.start_tile(p) == game.card]
        return []

    def other(self, words: list[str]) -> str:
        typed = " ".join(words)
        # "2/4" and "2,4" are ORIENTATION COLUMN too.
        words = typed.replace("/", " ").replace(",", " ").split()
        if not _drop_shaped(words):
            raise ViewError("%r is not an entry I know (type ? for the list)" % typed)
        if self.tally_mode:
            raise ViewError("quick tally: Enter turns the next card; after the 16th, %s"
                            % self._tally_usage())
        game = self.game
        waiting = game.waiting()
        if not waiting:
            raise ViewError("nobody is waiting to place a tile: press Enter for the next card")
        if not is_digits(words[0]) or len(words) == 3 or (len(words) == 2 and words[1] == "pass"):
            seat = seat_by_name_or_number(game.players, words[0])
            rest = words[1:]
        elif len(waiting) == 1:
            seat = game.players.index(waiting[0])
            rest = words
        else:
            raise ViewError("who? %s are waiting: start with the player, e.g. '1 3 5'"
                            % ", ".join(waiting))
        name = game.players[seat]
        tile = self._tile_of(name)
        if tile is None:
            raise ViewError("%s has nothing to place now" % name)
        if rest == ["pass"]:
            self.act({"type": "aside", "seat": seat, "tile": tile})
            return "%s sets %s aside.%s" % (name, tile, self._round_note())
        orientation, column = parse_ints(rest, 2, "a drop is ORIENTATION COLUMN")
        row = self.act({"type": "drop", "seat": seat, "tile": tile,
                        "orientation": orientation, "column": column})
        return "%s drops %s (orientation %d) at column %d: it rests on row %d.%s" % (
            name, tile, orientation, column, row, self._round_note())

    def _round_note(self) -> str:
        game = self.game
        if game.round_scores and game.phase in ("deal", "over") and game.card is None:
            last = game.round_scores[-1]
            note = " Round %d scored: %s." % (len(game.round_scores), ", ".join(
                "%s %+d" % (p, s["total"]) for p, s in zip(game.players, last)))
            if game.phase == "over":
                note += " " + "; ".join(self.session.summary_lines()[1:]) + "."
            if not self.plain:  # the line-based game prints the whole breakdown itself
                # The game's end stays on top of the last round's breakdown.
                self._show_round(len(game.round_scores), 1,
                                 self.prompt() if game.phase == "over" else None)
            return note
        return ""

    def cmd_round(self, words: list[str]) -> str:
        """'round N [PAGE]': round N's score breakdown in the card panel."""
        game = self.game
        if self.tally_mode:
            raise ViewError("quick tally: a round's scores are its tallies (the board panel"
                            " lists them)")
        if not words or len(words) > 2 or not all(w.isdecimal() for w in words):
            raise ViewError("'round N' shows round N's score breakdown ('round N PAGE' a"
                            " later page of it)")
        number = int(words[0])
        if not 1 <= number <= len(game.round_scores):
            raise ViewError("no round %d has been scored yet (%s)" % (
                number, "rounds 1-%d have" % len(game.round_scores) if game.round_scores
                else "none has"))
        pages = self._show_round(number, int(words[1]) if len(words) == 2 else 1)
        return "Round %d's breakdown shown%s." % (
            number, " (page %s of %d)" % (words[1] if len(words) == 2 else 1, pages)
            if pages > 1 else "")

    def _show_round(self, number: int, page: int, lead: str | None = None) -> int:
        """Put round `number`'s breakdown, one line a player, in the card panel (under
        `lead` on its first page, if given); returns how many pages it takes."""
        game = self.game
        board = game.round_scores[number - 1][0]["board"]
        lines = [score_summary(p, s) for p, s in zip(game.players, game.round_scores[number - 1])]
        if lead is not None:
            lines = [lead] + lines
        pages = self.paged("Round %d, board %d (again: 'round %d'):" % (number, board, number),
                           lines, "round %d" % number)
        if lead is not None:  # the lead first, then the heading
            pages[0][:2] = [lead, pages[0][0]]
        if page > len(pages):
            raise ViewError("round %d's breakdown has %d page%s" % (
                number, len(pages), "s" if len(pages) > 1 else ""))
        self.peek = "\n".join(pages[page - 1])
        return len(pages)

    def _tile_of(self, name: str) -> str | None:
        return self.game.tile_to_place(name)

    def cmd_starts(self, words: list[str]) -> str:
        if not self.session.table_deal:
            raise ViewError("the host deals this game from its seed: press Enter to deal")
        starts = [w.upper() for w in words]
        self.act({"type": "deal", "starts": starts})
        self.scanned_starts = []
        game = self.game
        return "Round %d on board %d. Start tiles: %s." % (
            game.round_index + 1, game.board_number,
            ", ".join("%s %s" % (p, t) for p, t in zip(game.players, starts)))

    def cmd_card(self, words: list[str]) -> str:
        if not self.session.table_deal:
            raise ViewError("the host turns the cards of this game: press Enter")
        if len(words) != 1:
            raise ViewError("'card TILE', e.g. 'card L4'")
        card = self.act({"type": "turn", "card": words[0].upper()})
        return "Card %d of 16: %s.%s" % (self.game.turned, card, self._skip_note())

    def handle_scan(self, code: str) -> str:
        """A scanned FITS card: a building card turns it; start cards, one per player in
        seat order, deal the round. Unknown codes, other games' cards and cards already
        played this round are refused and change nothing."""
        from boardlight.cards import CardError, CardRegistry

        if not self.session.table_deal:
            raise ViewError("this game is dealt by the host (not --cards): scans are not used"
                            " (scanned %r)" % code)
        try:
            if self._registry is None:
                self._registry = CardRegistry.load()
            card = self._registry.card_for(code)
        except CardError as exc:
            raise ViewError(str(exc))
        if card.game != "fits":
            raise ViewError("that is %s, not a FITS card" % card.label())
        game = self.game
        if card.kind == "start":
            if game.phase != "deal":
                raise ViewError("%s: start cards are drawn when a round is dealt" % card.label())
            if card.shows in self.scanned_starts:
                raise ViewError("%s was already drawn for this deal" % card.label())
            self.scanned_starts.append(card.shows)
            if len(self.scanned_starts) < len(game.players):
                return "%s draws start card %s; next: %s." % (
                    game.players[len(self.scanned_starts) - 1], card.shows,
                    game.players[len(self.scanned_starts)])
            starts, self.scanned_starts = self.scanned_starts, []
            return self.cmd_starts(starts)  # refused: the players scan their cards again
        return self.cmd_card([card.shows])

    def cmd_pass(self, words: list[str]) -> str:
        if words:
            return self.other(words[:1] + ["pass"])
        waiting = self.game.waiting()
        if len(waiting) != 1:
            raise ViewError("who passes? say 'P pass' (waiting: %s)" % (", ".join(waiting)
                                                                       or "nobody"))
        return self.other([str(self.game.players.index(waiting[0]) + 1), "pass"])

    def cmd_tally(self, words: list[str]) -> str:
        if not self.tally_mode:
            raise ViewError("this game scores by full replay of the drops: no tally needed")
        game = self.game
        if not words:
            raise ViewError(self._tally_usage())
        seat = seat_by_name_or_number(game.players, words[0])
        rest = words[1:]
        if game.board_number == 1:
            rows, dots = parse_ints(rest, 2, "board 1 tally is FULL_ROWS OPEN_DOTS")
            action = {"type": "tally", "seat": seat, "open_dots": dots, "full_rows": rows,
                      "uncovered": []}
        else:
            if not rest:
                raise ViewError(self._tally_usage())
            dots = parse_ints(rest[:1], 1, "open dots")[0]
            cells = []
            for word in rest[1:]:
                r, c = parse_ints([word.replace(",", " ")], 2, "a special space is ROW,COLUMN")
                cells.append([r, c])
            action = {"type": "tally", "seat": seat, "open_dots": dots, "full_rows": None,
                      "uncovered": cells}
        score = self.act(action)
        return "%s scores %+d this round.%s" % (game.players[seat], score["total"],
                                                self._tally_round_note())

    def _tally_round_note(self) -> str:
        game = self.game
        if game.phase == "over":
            return " Round %d scored. %s." % (len(game.round_scores),
                                             "; ".join(self.session.summary_lines()[1:]))
        if game.phase == "deal":
            return " Round %d scored." % len(game.round_scores)
        return " Waiting for: %s." % ", ".join(game.waiting())

    def _tally_board(self) -> int:
        """The board whose tally comes next: between rounds (and before the first deal),
        the next round's."""
        game = self.game
        if game.phase == "deal" and game.round_index + 1 < len(game.boards):
            return game.boards[game.round_index + 1]
        return game.board_number

    def _tally_usage(self) -> str:
        if self._tally_board() == 1:
            return "'tally P ROWS DOTS', e.g. 'tally 1 8 4' (8 full rows, 4 open dots)"
        return ("'tally P DOTS [ROW,COL ...]', e.g. 'tally 1 7 2,5 6,6' (7 open dots, special"
                " spaces at row 2 col 5 and row 6 col 6 uncovered)")

    def cmd_hint(self, words: list[str]) -> str:
        """'hint P [N]': the engine's ranking of every move of player P's tile, best first
        (page N of a ranking longer than the panel); the best is on the device too."""
        from boardcore.fits import engine

        if self.tally_mode:
            raise ViewError("hints need the drops: this game uses quick tally")
        game = self.game
        waiting = game.waiting()
        page = 1  # 'hint P N': page N of a long hint
        if len(words) > 2:
            raise ViewError("'hint P' or 'hint P N' (page N of a long hint)")
        if len(words) == 2:
            if not words[1].isdecimal() or int(words[1]) < 1:
                raise ViewError("'hint P N': N is a page number, not %r" % words[1])
            page = int(words[1])
        if words:
            name = game.players[seat_by_name_or_number(game.players, words[0])]
        elif waiting:
            name = waiting[0]
        else:
            raise ViewError("nobody is waiting to place a tile")
        tile = self._tile_of(name)
        if tile is None:
            raise ViewError("%s has nothing to place now" % name)
        seat = game.players.index(name)
        pos = computer_fits.position_of(game, seat)
        ranked = engine.analyse(pos, computer_fits.HINT_LEVEL,
                                engine_seed(self.session.row.seed, computer_fits.move_number(game, seat)))
        best, value = ranked[0]
        self.hint_screen = computer_fits.screen(tile, best)
        if len(ranked) == 1 and best == engine.PASS:
            self.peek = "%s cannot place %s anywhere: 'pass'" % (name, tile)
            return "Hint for %s: pass (%s fits nowhere)." % (name, tile)
        # Each move as the entry takes it (ORIENTATION COLUMN), the row it rests on and the
        # board's expected score at the round's end; pages of the panel's height.
        heading = "%s for %s (O C, row, points):" % (tile, name)
        pages = self.paged(heading, computer_fits.ranked_lines(pos, ranked), "hint %d" % (seat + 1))
        if page > len(pages):
            raise ViewError("this hint has %d page%s" % (len(pages), "s" if len(pages) > 1 else ""))
        self.peek = "\n".join(pages[page - 1])
        return "Best for %s: %s %s; about %+.1f points this round." % (
            name, tile, computer_fits.move_words(pos.board, tile, best), value)

    def computer_step(self) -> Job | None:
        return computer_fits.due(self.session, self.computers, self.autoplay)

    def device_screen(self) -> Screen:
        game = self.game
        if game.card is not None:
            return ("fits_card", {"tile": game.card, "round_no": game.round_index + 1,
                                  "board_no": game.board_number})
        if game.round_scores and game.phase in ("deal", "over"):
            totals = game.totals()
            return ("scores", {"scores": [totals[p] for p in game.players],
                               "names": game.players})
        if game.round_index >= 0 and not self.tally_mode and game.phase == "start":
            waiting = game.waiting()
            if len(game.players) == 1 and waiting:
                return ("fits_card", {"tile": game.start_tile(waiting[0]), "start": True,
                                      "round_no": game.round_index + 1,
                                      "board_no": game.board_number})
            return ("message", {"text": "start: " + " ".join(
                "%s %s" % (p, game.start_tile(p)) for p in game.players), "loop": True})
        return GameView.device_screen(self)

    def device_text(self) -> str:
        game = self.game
        if game.phase == "deal":
            return "round %d" % (game.round_index + 2)
        if game.phase == "tally":
            return "tally"
        return "FITS"

    # -- panels ------------------------------------------------------------------------------

    def status_line(self) -> str:
        game = self.game
        text = "FITS #%d" % self.session.row.id
        if game.round_index >= 0:
            text += " · round %d/%d · board %d" % (game.round_index + 1, len(game.boards),
                                                   game.board_number)
            if game.layout(game.board_number).illustrative:
                text += "*"  # the board panel says: an illustrative layout
            text += " · card %d/16" % game.turned
        return text

    def turn_seat(self) -> int | None:
        waiting = self.game.waiting()
        return self.game.players.index(waiting[0]) if waiting else None

    def points(self) -> list[int]:
        totals = self.game.totals()
        return [totals[p] for p in self.game.players]

    def prompt(self) -> str:
        game = self.game
        if game.phase == "over":
            return "Game over: %s." % "; ".join(self.session.summary_lines()[1:])
        if game.phase == "deal" and self.session.table_deal:
            # --cards: the players deal the real cards; Enter does not deal.
            return "Round %d: each player scans their start card (or type 'starts %s')." % (
                game.round_index + 2, " ".join(["T"] * len(game.players)))
        if game.phase == "deal":
            return "Press Enter%s to deal round %d." % (self.or_button(), game.round_index + 2)
        if game.phase == "tally":
            return "Enter each tally: %s." % self._tally_usage()
        waiting = game.waiting()
        if waiting and not self.tally_mode and game.card is None:
            # The start phase: each player has their own tile, and it cannot be set aside.
            return "Place your start tile (P ORIENTATION COLUMN): %s." % ", ".join(
                "%s %s" % (p, self._tile_of(p)) for p in waiting)
        if waiting and not self.tally_mode:
            return "%s: place %s (P ORIENTATION COLUMN) or 'P pass'." % (
                ", ".join(waiting), self._tile_of(waiting[0]))
        if self.session.table_deal:
            return "Turn the next real card: scan it (or type 'card TILE', e.g. 'card L4')."
        return "Press Enter%s for the next card." % self.or_button()

    def keys(self) -> list[tuple[str, str]]:
        if self.session.table_deal:
            # --cards: scans (or these entries) deal and turn; Enter does neither.
            keys = [("starts T..", "deal"), ("card T", "turn")]
        else:
            keys = [("Enter", "deal / next card")]
        if self.tally_mode:
            # The entry itself, for this round's board ("? explains" showed this same line).
            if self._tally_board() == 1:
                keys.append(("tally P ROWS DOTS", "round end, e.g. tally 1 8 4"))
            else:
                keys.append(("tally P DOTS R,C..", "open dots, uncovered specials"))
        else:
            keys += [("P O C", "P drops orientation O at column C" if self.session.table_deal
                      else "player P drops orientation O at column C"),
                     ("P pass", "set aside"), ("hint P", "legal drops")]
        return keys + self.common_keys()

    def help_lines(self) -> list[str]:
        lines = GameView.help_lines(self)
        if self.session.table_deal:
            # The two ways to deal with the real cards on one line: beside the device's
            # mirror (6 lines) the list ran one line too long and "Ctrl+Q" fell off.
            lines[:2] = ["%-10s deal; 'card T' turns" % "starts T.."]
        return lines

    def board_text(self) -> str:
        game = self.game
        if game.round_index < 0:
            return "No round dealt yet.\n\n" + self.prompt()
        if self.tally_mode:
            return self._tally_board_text()
        layout = game.layout(game.board_number)
        names = game.players
        boards = [game.board(n) for n in names]
        starts = [game.start_tile(n) for n in names]
        if self.plain:
            lines = wide_lines(names, boards, layout, starts)
            if layout.illustrative:
                lines.append("* board %d layout: ILLUSTRATIVE" % game.board_number)
            return "\n".join(lines)
        # One character a cell: what a special space's character stands for when it is
        # not its value, on the line of the illustrative note.
        legend = special_legend(layout)
        note: str | None
        if layout.illustrative:
            note = ("* board %d ILLUSTRATIVE; %s" % (game.board_number, legend) if legend
                    else "* board %d layout: ILLUSTRATIVE" % game.board_number)
        else:
            note = legend or None
        lines = panel_lines(names, boards, layout, starts, mark=_coloured, line=Markup,
                            note=note, room=self.board_room)
        return Markup("\n").join(lines)

    def _tally_board_text(self) -> str:
        game = self.game
        lines = ["Quick tally: the host deals,", "you build on your own boards.", ""]
        lines += _pack("Start tiles:", ["%s %s" % (p, t) for p, t in zip(game.players,
                                                                          game.starts)])
        layout = game.layout(game.board_number)
        if layout.spaces:
            lines.append("")
            lines.append("Board %d special spaces (row,col):" % game.board_number)
            if layout.illustrative:
                lines.append("(an ILLUSTRATIVE layout)")
            lines += _pack("", ["%d,%d %s" % (r, c, layout.token(r, c))
                                for r, c, _v in layout.spaces])
        for n, scores in enumerate(game.round_scores, 1):
            lines += _pack("round %d:" % n, ["%s %+d" % (p, s["total"])
                                             for p, s in zip(game.players, scores)])
        return "\n".join(lines)

    def card_text(self) -> str:
        if self.peek:
            return self.peek
        game = self.game
        if game.card is None:
            waiting = game.waiting()
            if waiting and not self.tally_mode:
                # The start tiles: the orientations of the next one to place, numbered.
                name = waiting[0]
                start = self._tile_of(name)
                assert start is not None  # a player still to act has a tile to place
                head = "Start tile of %s: %s" % (name, start)
                return head + "\n" + self._orientations(start)
            return self.prompt()
        tile = game.card
        # One short line: the panel may be only 6 lines high (four players and a device).
        head = "Card %d/16: %s" % (game.turned, tile)
        skips = self._skippers()
        if skips:
            head += "  (%s skips)" % " and ".join(skips)
        if self.tally_mode:
            return head + "\n\n" + "\n".join(fits_tiles.picture(tile, 1))
        return head + "\n" + self._orientations(tile)

    def _orientations(self, tile: str) -> str:
        # The card panel's strip; a line terminal has the room to draw them as they rest.
        return orientation_lines(tile) if self.plain else orientation_strip(tile)

    def legend_lines(self) -> list[str]:
        lines = ["Rows 1-12 from the bottom, columns 1-6 from the left; a covered cell shows",
                 "its tile, '.' an open dot, a number or letter an open special space; rows",
                 "13 and up the part of a tile sticking out above the top."]
        if not self.tally_mode:
            lines.append("'round N' shows round N's scores again.")
        return lines

    def part_lines(self, part: str) -> list[str]:
        game = self.game
        name, _, number = part.rpartition(" ")
        if self.tally_mode or name != "round" or not number.isdecimal():
            return GameView.part_lines(self, part)
        # Each player's breakdown of the round: dots, rows, every special space.
        scores = game.round_scores[int(number) - 1]
        lines = []
        for player, breakdown in zip(game.players, scores):
            lines += score_lines(player, breakdown)
        return lines


def _drop_shaped(words: list[str]) -> bool:
    """Is this entry meant as a drop or a pass: 'P pass', or numbers in it (the drop's own
    checks then say what is wrong)? A word alone ('undo') is no entry at all, not a
    player's name to look up."""
    if len(words) == 2 and words[1] == "pass":
        return True
    return any(ch.isdigit() for word in words for ch in word)


def _pack(head: str, items: Iterable[str], width: int = BOARD_WIDTH) -> list[str]:
    """`head` then the items, two spaces apart, in lines of `width` (never splitting an
    item; the lines after the head's are indented by two)."""
    lines: list[str] = []
    line = head
    for item in items:
        if line.strip() and len(line) + 2 + len(item) > width:
            lines.append(line)
            line = ""
        if not line.strip():
            line = "  " + item
        elif line is head:
            line = line + " " + item
        else:
            line = line + "  " + item
    lines.append(line)
    return lines


def _coloured(kind: str, text: str) -> str:
    """A board cell for the table UI: covered in bold, a special space's value in red when
    it costs points, green when it earns them."""
    char = narrow_cell(kind, text)
    if kind == "tile":
        return Markup("[b]%s[/b]") % char
    if kind == "special":
        colour = "red" if text.startswith("-") else "green"
        return Markup("[%s]%s[/]") % (colour, char)
    return char
