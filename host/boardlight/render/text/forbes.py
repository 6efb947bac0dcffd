"""Forbes as plain text: a hand, and what each player was paid when a game ends (the
line-based game prints it; the board itself is the table view's)."""

from __future__ import annotations

from typing import Any, Sequence

from boardcore.forbes.rules import VALUES, symbol_name


def hand_text(cards: str) -> str:
    """'S S T C  (square, square, triangle, circle)'."""
    return "%s  (%s)" % (" ".join(cards), ", ".join(symbol_name(c) for c in cards))


def score_lines(players: Sequence[str], hands: Sequence[str],
                scores: Sequence[dict[str, Any]]) -> list[str]:
    """Each player's revealed cards and the patterns they were paid for."""
    out = []
    for seat in range(len(players)):
        out.append("%s holds %s: %d points" % (players[seat], hand_text(hands[seat]), scores[seat]["total"]))
        for line in scores[seat]["lines"]:
            cards = line["cards"]
            if cards > 1 and line["points"] != dict(VALUES)[line["kind"]] * cards:
                # pay_once_per_player: "x3 cards = 2" would read as a wrong product.
                paid = "%d cards, paid once" % cards
            else:
                paid = "x%d card%s" % (cards, "" if cards == 1 else "s")
            out.append("    %-12s %-8s %s %s = %d" % (line["pattern"], line["kind"], line["symbol"], paid, line["points"]))
    return out
