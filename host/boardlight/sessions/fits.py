"""A FITS game as a logged session, in one of two scoring modes (option "scoring"):

"replay" (default): every player's drops are entered as the cards are turned, and the core
(fits_game.Game) computes each round's score from the boards. Actions:
    {"type": "deal", "starts": [...]}                                 start a round (logged deal)
    {"type": "drop", "seat": s, "tile": T, "orientation": o, "column": c}
    {"type": "aside", "seat": s, "tile": T}                           set the card shown aside
    {"type": "turn", "card": T}                                       turn the next card (logged)
  When the last player acts on the 16th card the round is scored at once.
    {"type": "undo", "undoes": seq, "by": who}                       take back a drop or aside
  (sessions.undo): until the next card is turned or round dealt.

"tally": the host deals and turns the cards; after the 16th each player enters a quick tally
(session_fits_tally). Actions: deal, turn as above, and
    {"type": "tally", "seat": s, "open_dots": n, "full_rows": n or null, "uncovered": [[r, c]]}

Option "deal": "seeded" (default: the host deals from the game's seed and logs what it
dealt) or "table" (the players turn the real cards: a deal action carries the start cards
and a turn action the card, scanned or typed; the core checks them, e.g. a card already
turned this round is refused).

Other options (stored with the game): boards (list, default [1, 2, 3, 4]), start_tiles,
max_overhang (replay mode), layouts ({"2": text of a layout file, ...}: the players' own
printed boards, docs/fits-layouts.md; the text is stored so that a resumed game scores the
same). Score lines: "round N" per finished round, "total".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardcore.errors import RuleError
from boardcore.fits.game import Game

from boardlight.computer import seats
from boardlight.sessions.base import Session, check_drawn
from boardlight.sessions.fits_tally import TallyGame
from boardlight.sessions.undo import Action

if TYPE_CHECKING:
    from boardcore.fits.layouts import Layout

    from boardlight.sessions.base import ScoreLine

MODES = ("replay", "tally")


def _int(action: Action, key: str) -> int:
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError("%s action needs a whole number %r, not %r" % (action["type"], key, value))
    return value


def _cards(action: Action, key: str, kind: type[Any]) -> Any:
    # A table deal names its cards in the action; the core checks them.
    value = action.get(key)
    if not isinstance(value, kind) or (kind is list and not all(isinstance(t, str)
                                                                for t in value)):
        raise RuleError("a %s action at a table deal needs %r (the real cards), not %r"
                        % (action["type"], key, value))
    return value


def _str(action: Action, key: str) -> str:
    value = action.get(key)
    if not isinstance(value, str):
        raise RuleError("%s action needs %r, not %r" % (action["type"], key, value))
    return value


def stored_layouts(texts: object) -> dict[int, Layout]:
    """{board number: Layout} from the option {"2": layout file text, ...}; FormatError (naming
    the board) for a text that is not a layout, or that describes another board."""
    from boardcore.fits.layouts import parse_layout

    if not isinstance(texts, dict):
        raise RuleError("the FITS option layouts is {board: layout text}, not %r" % (texts,))
    out = {}
    for key in sorted(texts):
        source = "layout for board %s" % key
        if key not in ("2", "3", "4") or not isinstance(texts[key], str):
            raise RuleError("the FITS option layouts takes boards 2, 3 and 4 with their layout"
                            " text, not %r" % (key,))
        layout = parse_layout(texts[key], source)
        if str(layout.board) != key:
            raise RuleError("%s describes board %d" % (source, layout.board))
        out[layout.board] = layout
    return out


class FitsSession(Session):
    GAME = "fits"
    UNDO_LIMIT = "the next building card is turned"
    core: Game | TallyGame

    @staticmethod
    def new_core(players: list[str], seed: int | None,
                 options: dict[str, Any]) -> Game | TallyGame:
        options = dict(options or {})
        mode = options.pop("scoring", "replay")
        if mode not in MODES:
            raise RuleError("FITS scoring is 'replay' or 'tally', not %r" % (mode,))
        deal = options.pop("deal", "seeded")
        if deal not in ("seeded", "table"):
            raise RuleError("FITS deal is 'seeded' or 'table', not %r" % (deal,))
        if deal == "table":
            seed = None  # the cards come from the table, not from a shuffle of ours
        if "layouts" in options:
            options["layouts"] = stored_layouts(options["layouts"])
        known = ("boards", "start_tiles", "max_overhang", "layouts")
        for name in options:
            if name not in known:
                raise RuleError("unknown FITS option %r (known: scoring, deal, %s)"
                                % (name, ", ".join(known)))
        if mode == "tally":
            if "max_overhang" in options:
                raise RuleError("max_overhang needs the drops: it does not apply to tally mode")
            return TallyGame(players, seed, **options)
        return Game(players, seed=seed, **options)

    @classmethod
    def check_computers(cls, players: list[str], options: dict[str, Any]) -> None:
        # A quick tally has no drops for an engine to choose.
        seats.check(players, options, tally=(options or {}).get("scoring") == "tally")

    @property
    def table_deal(self) -> bool:
        """True when the real cards are turned at the table (scanned or typed)."""
        return self.row.options.get("deal") == "table"

    @property
    def mode(self) -> str:
        return "tally" if isinstance(self.core, TallyGame) else "replay"

    def apply(self, action: Action, replaying: bool) -> Any:
        kind = action["type"]
        game = self.core
        if kind == "deal":
            if self.table_deal:
                starts = game.start_round(_cards(action, "starts", list))
            else:
                starts = game.start_round()
                check_drawn(action, "starts", list(starts), replaying)
            self.reveals("round %d was dealt" % (game.round_index + 1))
            return starts
        if kind == "turn":
            if self.table_deal:
                card = game.turn_card(_cards(action, "card", str))
            else:
                card = game.turn_card()
                check_drawn(action, "card", card, replaying)
            self.reveals("card %s was turned" % card)
            self._maybe_score()
            return card
        if isinstance(game, TallyGame):
            if kind != "tally":
                raise RuleError("in quick-tally mode the entries are deal, turn and tally,"
                                " not %r" % kind)
            uncovered = action.get("uncovered") or []
            try:
                cells = [(int(r), int(c)) for r, c in uncovered]
            except (TypeError, ValueError):
                raise RuleError("uncovered special spaces are [row, column] pairs, not %r"
                                % (uncovered,))
            return game.tally(_int(action, "seat"), _int(action, "open_dots"),
                              action.get("full_rows"), cells)
        seat = _int(action, "seat")
        if not 0 <= seat < len(game.players):
            raise RuleError("no seat %d in this game" % seat)
        name = game.players[seat]
        row: int | None = None  # the row a drop landed on; an aside lands nowhere
        if kind == "drop":
            row = game.place(name, _str(action, "tile"), _int(action, "orientation"),
                             _int(action, "column"))
        elif kind == "aside":
            game.set_aside(name, _str(action, "tile"))
        else:
            raise RuleError("unknown FITS action %r (deal, turn, drop, aside)" % kind)
        self._maybe_score()
        return row

    def _maybe_score(self) -> None:
        # The round is scored the moment the last drop on the 16th card is in.
        if isinstance(self.core, Game) and self.core.phase == "score":
            self.core.finish_round()

    def finished(self) -> bool:
        return self.core.phase == "over"

    def describe(self, action: Action) -> str:
        kind = action.get("type")
        if kind == "deal":
            return "the deal"
        if kind == "turn":
            return "card %s" % action.get("card", "")
        name = _seat_name(self.players, action.get("seat"))
        if kind == "drop":
            return "%s's drop of %s (orientation %s, column %s)" % (
                name, action.get("tile"), action.get("orientation"), action.get("column"))
        if kind == "aside":
            return "%s setting %s aside" % (name, action.get("tile"))
        if kind == "tally":
            return "%s's tally" % name
        return str(kind)

    def undone_place(self, action: Action) -> tuple[Any, ...] | None:
        game = self.core
        kind = action["type"]
        if kind == "tally":
            return (game.round_index, action["seat"],
                    dict(game.history[-1]["tallies"][action["seat"]]))
        if kind == "drop":
            return (game.round_index, game.turned - 1, action["seat"],
                    (action["orientation"], action["column"]))
        if kind == "aside":
            return (game.round_index, game.turned - 1, action["seat"], "pass")
        return None

    def result_detail(self, seat: int) -> dict[str, Any]:
        # Each round's board and score: the average per board, the solo title over time.
        game = self.core
        return {"rounds": [[game.boards[k], scores[seat]["total"]]
                           for k, scores in enumerate(game.round_scores)]}

    def score_lines(self) -> list[ScoreLine]:
        lines: list[ScoreLine] = []
        for n, scores in enumerate(self.core.round_scores, 1):
            details = [_detail(s) for s in scores]
            lines.append(("round %d" % n, [s["total"] for s in scores], details))
        totals = self.core.totals()
        lines.append(("total", [totals[p] for p in self.players], None))
        return lines

    def summary_lines(self) -> list[str]:
        game = self.core
        # The special spaces of boards 2-4 are ILLUSTRATIVE unless the players gave their own.
        illustrative = sorted({b for b in game.boards if game.layout(b).illustrative})
        out = ["scoring: %s; boards %s%s" % (
            "quick tally" if self.mode == "tally" else "full replay of the drops",
            " ".join(str(b) for b in game.boards),
            " (%s: ILLUSTRATIVE layout%s, not the printed board%s)" % (
                _listing(illustrative), "s" if len(illustrative) > 1 else "",
                "s" if len(illustrative) > 1 else "") if illustrative else "")]
        if self.finished():
            totals = game.totals()
            best = max(totals.values())
            if len(self.players) == 1:
                # Nobody to win against: the score, and the title of a solo game of all
                # four boards, or why there is none.
                from boardcore.fits.score import no_title_reason, solo_title

                out.append("total: %s %d" % (self.players[0], best))
                title = solo_title(best, 1, game.boards)
                if title is not None:
                    out.append("solo rating: %s" % title)
                else:
                    out.append("no solo rating: %s" % no_title_reason(1, game.boards))
            else:
                win = sorted(p for p in totals if totals[p] == best)
                out.append("%s: %s with %d" % ("winner" if len(win) == 1 else "shared win",
                                               " and ".join(win), best))
        elif game.board_number is not None:  # a round was dealt
            out.append("round %d (board %d): %d of 16 cards turned" % (
                game.round_index + 1, game.board_number, game.turned))
        return out

    def snapshot(self) -> dict[str, Any]:
        game = self.core
        snap: dict[str, Any] = {
            "mode": self.mode, "phase": game.phase, "round": game.round_index, "card": game.card,
            "turned": game.turned, "round_scores": [[s["total"] for s in r]
                                                     for r in game.round_scores],
        }
        if isinstance(game, Game):
            snap["waiting"] = game.waiting()
            snap["boards"] = [list(game.board(p).drops) for p in game.players] \
                if game.round_index >= 0 else []
        else:
            snap["waiting"] = game.waiting()
            snap["starts"] = list(game.starts)
        return snap

    def record_text(self) -> str:
        from boardlight.sessions.records import fits_record

        return fits_record(self)


def _seat_name(players: list[str], seat: object) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]
    return "seat %r" % (seat,)


def _detail(score: dict[str, Any]) -> dict[str, Any]:
    """The parts of a round's breakdown worth a line in `boardlight show`."""
    out = {"board": score["board"], "dots": score["dots"]}
    if score["board"] == 1:
        out["rows"] = score["rows"]
    if "specials" in score:
        out["specials"] = sum(s["points"] for s in score["specials"])
    if "pairs" in score:
        out["pairs"] = sum(p["points"] for p in score["pairs"])
    return out


def _listing(numbers: list[int]) -> str:
    """'2', '2 and 3', '2, 3 and 4'."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else "%s and %s" % (", ".join(words[:-1]), words[-1])
