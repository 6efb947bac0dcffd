"""Plain-text pictures of Forbes for the terminal: the board, a hand, a game's scores."""

from boardcore.forbes.rules import SIZE, VALUES, symbol_name


def board_lines(board):
    """The board with 0-based row and column labels, one line per row."""
    out = ["     " + " ".join(str(c) for c in range(SIZE))]
    for r in range(SIZE):
        out.append("  %d  %s" % (r, " ".join(board[r * SIZE : (r + 1) * SIZE])))
    return out


def hand_text(cards):
    """'S S T C  (square, square, triangle, circle)'."""
    return "%s  (%s)" % (" ".join(cards), ", ".join(symbol_name(c) for c in cards))


def score_lines(players, hands, scores):
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


def ranking_lines(ranking):
    """'1. Ann 104' lines; shared places repeat the number."""
    return ["%d. %s %d" % (r["place"], r["name"], r["total"]) for r in ranking]
