"""A Zatre game as a logged session (boardcore.zatre.game).

One action, a whole turn of the player to move:
    {"type": "turn", "seat": s, "hand": [values held, logged], "tiles": [[row, col, value], ...]}
`tiles` in the order they go down; [] is a pass (only when nothing in hand can be placed).
The hand is what the seeded bag dealt; the replay checks it is the same.
Score lines: "total" (sheet total per player, minus the held tiles once the game is over;
detail: the sheet columns).
Options: strict_adjacency, centre_doubles, grey_exception_at ("tile" or "turn"), the rule
options of docs/rules.md.
"""

from boardcore.errors import RuleError
from boardcore.zatre.game import Game

from boardlight.sessions.base import Session, check_drawn

OPTIONS = ("strict_adjacency", "centre_doubles", "grey_exception_at")


class ZatreSession(Session):
    GAME = "zatre"

    @staticmethod
    def new_core(players, seed, options):
        options = dict(options or {})
        for name in options:
            if name not in OPTIONS:
                raise RuleError("unknown Zatre option %r (known: %s)" % (name, ", ".join(OPTIONS)))
        return Game(players, seed, **options)

    def apply(self, action, replaying):
        game = self.core
        if action["type"] != "turn":
            raise RuleError("unknown Zatre action %r (turn)" % action["type"])
        seat = action.get("seat")
        if seat != game.current:
            raise RuleError("it is %s's turn, not seat %r's" % (game.players[game.current], seat))
        tiles = action.get("tiles")
        if not isinstance(tiles, list):
            raise RuleError("a turn lists its tiles as [row, col, value], not %r" % (tiles,))
        placements = []
        for t in tiles:
            if not isinstance(t, (list, tuple)) or len(t) != 3:
                raise RuleError("a tile is [row, col, value], not %r" % (t,))
            placements.append(tuple(t))
        hand = game.hand()
        result = game.play(placements)
        # Only a legal turn gets here: the hand it was played from goes into the log.
        check_drawn(action, "hand", hand, replaying)
        return result

    def finished(self):
        return self.core.over

    def score_lines(self):
        game = self.core
        details = []
        for p in range(len(game.players)):
            sheet = game.sheets[p]
            details.append({"10": list(sheet.e10), "11": list(sheet.e11), "12": list(sheet.e12),
                            "crosses": sheet.crosses, "sheet": sheet.total(),
                            "held": game.hand(p)})
        # Held tiles cost only at the end (RULES.md): mid-game the hand is just what was
        # drawn for the next turn, so the stored total is the sheet's.
        if game.over:
            totals = game.final_scores()
        else:
            totals = [game.sheets[p].total() for p in range(len(game.players))]
        return [("total", totals, details)]

    def summary_lines(self):
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
        else:
            out.append("%s to move, holding %s" % (game.players[game.current],
                                                    " ".join(str(v) for v in game.hand())))
        return out

    def snapshot(self):
        from boardcore.zatre.position import board_rows

        game = self.core
        return {
            "board": board_rows(game.board), "current": game.current, "turns": game.turns,
            "hands": [game.hand(p) for p in range(len(game.players))], "bag": len(game.bag),
            "sheets": [game.sheets[p].as_dict() for p in range(len(game.players))],
            "over": game.over,
        }

    def record_text(self):
        from boardcore.zatre.record import format_record

        return format_record(self.core)
