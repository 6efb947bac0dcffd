"""A Zatre game as a logged session (boardcore.zatre.game).

The actions: a whole turn of the player to move,
    {"type": "turn", "seat": s, "hand": [values held, logged], "tiles": [[row, col, value], ...]}
`tiles` in the order they go down; [] is a pass (only when nothing in hand can be placed).
The hand is what the seeded bag dealt; the replay checks it is the same. After a turn the
core has drawn the next player's tiles, but the table has not seen them: they are shown by
    {"type": "draw", "seat": s, "hand": [values, logged]}
(or by that player's turn, when it comes without one), and until then the turn before can
be taken back: {"type": "undo", "undoes": seq, "by": who} (sessions.undo).
Score lines: "total" (sheet total per player, minus the held tiles once the game is over;
detail: the sheet columns).
Options: strict_adjacency, centre_doubles, grey_exception_at ("tile" or "turn"), the rule
options of docs/rules.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardcore.errors import RuleError
from boardcore.zatre.game import Game

from boardlight.sessions.base import Session, check_drawn

if TYPE_CHECKING:
    from boardlight.sessions.base import ScoreLine
    from boardlight.sessions.undo import Action
    from boardlight.store.gamelog import GameRow, Store

OPTIONS = ("strict_adjacency", "centre_doubles", "grey_exception_at")


class ZatreSession(Session):
    GAME = "zatre"
    UNDO_LIMIT = "the next player's tiles are drawn"
    core: Game

    def __init__(self, store: Store, row: GameRow) -> None:
        super().__init__(store, row)
        # seq of a turn -> True when it drew tiles for the next player
        self._drew: dict[int, bool] = {}
        # seq of a turn -> what the next player held before that draw
        self._kept: dict[int, list[int]] = {}

    @property
    def awaiting_draw(self) -> bool:
        """True after a turn whose next player's new tiles the table has not seen yet: the
        table shows them with a draw action (the `next` intent), and until then the turn
        can be taken back."""
        last = self.last_action()
        return (last is not None and last[1]["type"] == "turn" and last[0] > self.locked
                and self._drew.get(last[0], False) and not self.core.over)

    def visible_hand(self, seat: int) -> list[int]:
        """The tiles the table has seen `seat` hold: before the draw of a player to move,
        what they kept from their last turn (the new tiles are not shown yet)."""
        last = self.last_action()
        if last is not None and self.awaiting_draw and seat == self.core.current:
            return list(self._kept[last[0]])
        return self.core.hand(seat)

    @staticmethod
    def new_core(players: list[str], seed: int, options: dict[str, Any]) -> Game:
        options = dict(options or {})
        for name in options:
            if name not in OPTIONS:
                raise RuleError("unknown Zatre option %r (known: %s)" % (name, ", ".join(OPTIONS)))
        return Game(players, seed, **options)

    def apply(self, action: Action, replaying: bool) -> Any:
        game = self.core
        if action["type"] not in ("turn", "draw"):
            raise RuleError("unknown Zatre action %r (turn, draw)" % action["type"])
        seat = action.get("seat")
        if seat != game.current:
            raise RuleError("it is %s's turn, not seat %r's" % (game.players[game.current], seat))
        name = game.players[seat]
        if action["type"] == "draw":
            if not self.awaiting_draw:
                raise RuleError("%s's tiles are already drawn" % name)
            check_drawn(action, "hand", game.hand(), replaying)
            self.reveals("%s's tiles were drawn" % name)
            return game.hand()
        tiles = action.get("tiles")
        if not isinstance(tiles, list):
            raise RuleError("a turn lists its tiles as [row, col, value], not %r" % (tiles,))
        placements: list[tuple[int, int, int]] = []
        for t in tiles:
            if not isinstance(t, (list, tuple)) or len(t) != 3:
                raise RuleError("a tile is [row, col, value], not %r" % (t,))
            placements.append((t[0], t[1], t[2]))
        hand = game.hand()
        shown = self.awaiting_draw
        bag = len(game.bag)
        nxt = (seat + 1) % len(game.players)
        kept = list(hand) if nxt == seat else game.hand(nxt)
        result = game.play(placements)
        if nxt == seat:
            for _r, _c, value in placements:
                kept.remove(value)
        # Only a legal turn gets here: the hand it was played from goes into the log.
        check_drawn(action, "hand", hand, replaying)
        if shown:
            # Played without a draw first: the tiles were seen for this turn.
            self.reveals_before("%s's tiles were drawn" % name)
        self._drew[self.seq + 1] = len(game.bag) < bag
        self._kept[self.seq + 1] = sorted(kept)
        return result

    def describe(self, action: Action) -> str:
        kind = action.get("type")
        seat = action.get("seat")
        players = self.players
        name = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
        if kind == "draw":
            return "the drawing of %s's tiles" % name
        if kind == "turn":
            tiles = action.get("tiles") or []
            if not tiles:
                return "%s's pass" % name
            return "%s's turn (%s)" % (name, " ".join("%d@%d,%d" % (t[2], t[0], t[1])
                                                       for t in tiles))
        return str(kind)

    def undone_place(self, action: Action) -> tuple[Any, ...] | None:
        if action["type"] != "turn":
            return None
        return (self.core.turns - 1, action["seat"],
                [tuple(t) for t in action.get("tiles") or []])

    def result_detail(self, seat: int) -> dict[str, Any]:
        game = self.core
        sheet = game.sheets[seat]
        rows = sheet.rows()
        return {"turns": sum(1 for player, _ in game.played() if player == seat),
                "sheet": sheet.total(), "held": sum(game.hand(seat)),
                "rows": sum(1 for r in rows if r[4]), "bonus": sum(r[4] for r in rows),
                "doublings": sheet.crosses}

    def finished(self) -> bool:
        return self.core.over

    def score_lines(self) -> list[ScoreLine]:
        game = self.core
        details: list[dict[str, Any]] = []
        for p in range(len(game.players)):
            sheet = game.sheets[p]
            details.append({"10": list(sheet.e10), "11": list(sheet.e11), "12": list(sheet.e12),
                            "crosses": sheet.crosses, "sheet": sheet.total(),
                            "held": game.hand(p)})
        # Held tiles cost only at the end (docs/rules.md): mid-game the hand is just what was
        # drawn for the next turn, so the stored total is the sheet's.
        if game.over:
            totals = game.final_scores()
        else:
            totals = [game.sheets[p].total() for p in range(len(game.players))]
        return [("total", totals, details)]

    def summary_lines(self) -> list[str]:
        game = self.core
        out = ["%d turns played, %d tiles in the bag" % (game.turns, len(game.bag))]
        if game.over:
            scores = game.final_scores()
            win = [game.players[p] for p in game.winners()]
            if len(game.players) == 1:  # nobody to win against
                out.append("total: %s %d" % (game.players[0], scores[0]))
            else:
                out.append("%s: %s with %d" % ("winner" if len(win) == 1 else "shared win",
                                               " and ".join(win), max(scores)))
        elif self.awaiting_draw:
            out.append("%s to move, to draw their tiles" % game.players[game.current])
        else:
            out.append("%s to move, holding %s" % (game.players[game.current],
                                                    " ".join(str(v) for v in game.hand())))
        return out

    def snapshot(self) -> dict[str, Any]:
        from boardcore.zatre.position import board_rows

        game = self.core
        return {
            "board": board_rows(game.board), "current": game.current, "turns": game.turns,
            # The tiles the table has seen: not those of a player still to draw.
            "hands": [self.visible_hand(p) for p in range(len(game.players))],
            "bag": len(game.bag),
            "sheets": [game.sheets[p].as_dict() for p in range(len(game.players))],
            "over": game.over,
        }

    def record_text(self) -> str:
        from boardcore.zatre.record import format_record

        return format_record(self.core, [u.place + (u.note(),) for u in self.undos
                                         if u.place is not None])
