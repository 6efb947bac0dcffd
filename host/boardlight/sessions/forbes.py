"""A Forbes match as a logged session (boardcore.forbes.match / forbes_game).

Actions (JSON dicts):
    {"type": "deal"}                                   deal the next game of the match
    {"type": "draw", "seat": s, "stone": "T"}          the current player draws (stone logged)
    {"type": "place", "seat": s, "row": r, "col": c}   and places it; the 16th stone ends the
                                                       game: it is scored into the match
    {"type": "reveal", "seat": s}                      a player shows their cards to the table
    {"type": "undo", "undoes": seq, "by": who}         take a placement back (sessions.undo):
                                                       until the next stone is drawn
A new session deals the first game itself (an action, so the replay deals the same cards).
Score lines: "game N" per finished game (detail: the patterns paid), "total" the match totals.
Options: the rule options of forbes_rules.Options, and first_dealer (the seat that deals the
first game, default 0) and stones ("random", the default: drawn from the seed; "table":
the players turn up real stones and each draw action names the stone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, TypeVar

from boardcore.errors import RuleError
from boardcore.forbes.match import Match
from boardcore.forbes.rules import Options

from boardlight.sessions.base import Session, check_drawn

if TYPE_CHECKING:
    from boardcore.forbes.game import Game

    from boardlight.sessions.base import ScoreLine
    from boardlight.sessions.undo import Action
    from boardlight.store.gamelog import GameRow, Store

F = TypeVar("F", bound="ForbesSession")


def _int(action: Action, key: str) -> int:
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError("%s action needs a whole number %r, not %r" % (action["type"], key, value))
    return value


class ForbesSession(Session):
    GAME = "forbes"
    UNDO_LIMIT = "the next stone is drawn"
    core: Match

    def __init__(self, store: Store, row: GameRow) -> None:
        super().__init__(store, row)
        self.games: list[Game] = []  # finished games, for the record and the pictures
        self.game_scores: list[list[dict[str, Any]]] = []  # their score_board() results

    @classmethod
    def start(cls: type[F], store: Store, players: Sequence[str], seed: int,
              options: dict[str, Any] | None = None) -> F:
        session = super().start(store, players, seed, options)
        session.act({"type": "deal"})
        return session

    @staticmethod
    def new_core(players: list[str], seed: int, options: dict[str, Any]) -> Match:
        options = dict(options or {})
        first_dealer = options.pop("first_dealer", 0)
        if options.pop("stones", "random") not in ("random", "table"):
            raise RuleError("Forbes stones are 'random' or 'table'")
        try:
            opts = Options.from_dict(options)
        except ValueError as exc:
            raise RuleError(str(exc))
        return Match(players, opts, seed=seed, first_dealer=first_dealer)

    @property
    def table_stones(self) -> bool:
        """True when the players turn up real stones (each draw names the stone)."""
        return self.row.options.get("stones") == "table"

    @property
    def match(self) -> Match:
        return self.core

    @property
    def game(self) -> Game | None:
        """The game being played, else the last finished one (None before the first deal)."""
        if self.core.game is not None:
            return self.core.game
        return self.games[-1] if self.games else None

    def apply(self, action: Action, replaying: bool) -> Any:
        kind = action["type"]
        match = self.core
        if kind == "deal":
            dealt = match.start_game()
            self.reveals("game %d was dealt" % (len(self.games) + 1))
            return dealt
        game = match.game
        if game is None:
            raise RuleError("no Forbes game is being played: deal the next one first")
        if kind == "draw":
            seat = _int(action, "seat")
            if self.table_stones:
                if not isinstance(action.get("stone"), str):
                    raise RuleError("a draw with real stones names the stone turned up")
                stone = game.draw(seat, action["stone"])
            else:
                # A replay draws from the seeded source exactly as the table did;
                # check_drawn then compares with the logged stone.
                stone = game.draw(seat)
                check_drawn(action, "stone", stone, replaying)
            self.reveals("%s drew a %s" % (self.players[seat], stone))
            return stone
        if kind == "place":
            seat, row, col = _int(action, "seat"), _int(action, "row"), _int(action, "col")
            game.place(seat, row, col)
            if game.over:
                self.game_scores.append(match.end_game())
                self.games.append(game)
                self.reveals("game %d ended and every hand was shown" % len(self.games))
            return game.moves[-1]
        if kind == "reveal":
            seat = _int(action, "seat")
            game.reveal(seat)
            self.reveals("%s showed their cards to the table" % self.players[seat])
            return None
        raise RuleError("unknown Forbes action %r (deal, draw, place, reveal)" % kind)

    def finished(self) -> bool:
        return self.core.over

    def describe(self, action: Action) -> str:
        kind = action.get("type")
        seat = action.get("seat")
        name = self.players[seat] if isinstance(seat, int) and 0 <= seat < len(self.players) \
            else "?"
        if kind == "deal":
            return "the deal"
        if kind == "draw":
            return "%s's draw" % name
        if kind == "place":
            return "%s's stone at row %s, column %s" % (name, action.get("row"), action.get("col"))
        if kind == "reveal":
            return "%s showing their cards" % name
        return str(kind)

    def undone_place(self, action: Action) -> tuple[Any, ...] | None:
        if action["type"] != "place":
            return None
        game = self.core.game
        # A placement that ended its game showed every hand: no undo reaches it.
        assert game is not None
        seat, stone, row, col = game.moves[-1]
        return (len(self.games), len(game.moves) - 1, seat, stone, row, col)

    def result_detail(self, seat: int) -> dict[str, Any]:
        # The patterns paid to this player, by kind, and the games of the match they won.
        kinds: dict[str, int] = {}
        won = 0
        for scores in self.game_scores:
            for line in scores[seat]["lines"]:
                kinds[line["kind"]] = kinds.get(line["kind"], 0) + 1
            totals = [s["total"] for s in scores]
            # A game everyone scored alike in (nothing paid, say) is won by nobody.
            if scores[seat]["total"] == max(totals) > min(totals):
                won += 1
        return {"patterns": kinds, "games": len(self.game_scores), "games_won": won}

    def score_lines(self) -> list[ScoreLine]:
        lines: list[ScoreLine] = []
        for n, scores in enumerate(self.game_scores, 1):
            details = [{"patterns": ["%s %s x%d" % (l["kind"], l["symbol"], l["cards"])
                                     for l in s["lines"]]} for s in scores]
            lines.append(("game %d" % n, [s["total"] for s in scores], details))
        lines.append(("total", list(self.core.totals), None))
        return lines

    def summary_lines(self) -> list[str]:
        match = self.core
        out = ["match to %d: %d game(s) finished" % (match.options.target_score, len(self.games))]
        if match.over:
            out.append("ranking: " + ", ".join("%d. %s %d" % (r["place"], r["name"], r["total"])
                                                for r in match.ranking()))
        elif match.game is not None and match.game.current is not None:
            out.append("game %d: %d of 16 stones placed, %s to play" % (
                len(self.games) + 1, len(match.game.moves), self.players[match.game.current]))
        return out

    def snapshot(self) -> dict[str, Any]:
        match = self.core
        game = match.game
        return {
            "totals": list(match.totals),
            "history": [[d, list(p)] for d, p in match.history],
            "dealer": match.dealer,
            "over": match.over,
            "boards": [g.board for g in self.games],
            # Printed by `boardlight show --json` while the game is played: only the cards
            # their holders have shown to the table, never a hidden hand.
            "game": None if game is None else {
                "board": game.board, "dealer": game.dealer, "current": game.current,
                "stone": game.stone, "shown": self._shown_hands(game),
                "moves": [list(m) for m in game.moves],
            },
        }

    @staticmethod
    def _shown_hands(game: Game) -> list[str | None]:
        """Per seat: the cards that player has shown to the table, or None while hidden."""
        out: list[str | None] = []
        for seat in range(len(game.players)):
            # Another seat's view holds this hand only once it was shown (or the game is over).
            out.append(game.view((seat + 1) % len(game.players)).shown[seat])
        return out

    def record_text(self) -> str:
        from boardlight.sessions.records import forbes_record

        return forbes_record(self)
