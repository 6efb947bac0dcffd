"""Forbes pages: the board, the stone drawn and the scores for everyone; a player's own four
ownership cards on their page alone.

What a page shows comes from the core's PlayerView of its seat (a spectator's from the cards
each player has shown to the table), so a hidden hand is never in another page's text.
Moves: draw a stone, tap the cell for it, deal the next game, show one's cards to the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardcore.errors import RuleError
from boardcore.forbes.rules import SIZE, SYMBOLS, symbol_name

from boardlight.web.html import el, esc, heading, items, move_button, news, scoreboard, section

if TYPE_CHECKING:
    from boardcore.forbes.game import Game

    from boardlight.sessions.forbes import ForbesSession
    from boardlight.web.access import Audience

GLYPH = {"S": "■", "T": "▲", "C": "●", "X": "★"}


def stone(code: str) -> str:
    """A stone or card as its coloured glyph and its name in words."""
    return el("span", GLYPH[code], class_="glyph forbes-%s" % code, aria_hidden="true") + \
        el("span", " " + symbol_name(code), class_="name")


def shown_hands(game: Game) -> list[str | None]:
    """Per seat: the cards that player has shown to the table (all of them once the board
    is full), else None: read from another seat's view, which holds a hand only then."""
    n = len(game.players)
    return [game.view((seat + 1) % n).shown[seat] for seat in range(n)]


def fragment(session: ForbesSession, audience: Audience) -> str:
    """The page of `audience` (a web.access.Audience) as HTML."""
    match = session.core
    game = session.game  # the game being played, else the last one finished
    names = list(session.players)
    seat = audience.seat  # None: the spectators' page
    view = game.view(seat) if game is not None and seat is not None else None
    shown = view.shown if view is not None else (shown_hands(game) if game else [None] * len(names))
    dealt = match.game  # the game being played (then it is `game`), or None
    playing = dealt is not None
    mine = dealt is not None and view is not None and dealt.current == audience.seat
    parts = [heading("Forbes", session.row.id, audience), news(_news(session, audience))]
    parts.append(el("p", esc(_status(session, audience)), class_="status"))
    if game is not None:
        if playing and game.stone is not None:
            parts.append(el("p", "Stone drawn: " + stone(game.stone), class_="drawn"))
        parts.append(_board(game, placing=mine and game.stone is not None))
    parts.append(_moves(session, audience, mine))
    if view is not None:
        parts.append(section("Your cards", items([stone(c) for c in view.hand],
                                                  class_="cards", aria_label="your cards")
                             + el("p", "Only this page shows them.", class_="note"),
                             class_="own"))
    others = [(seat, hand) for seat, hand in enumerate(shown)
              if hand is not None and seat != audience.seat]
    if others:
        parts.append(section("Cards shown to the table", "".join(
            el("h3", esc(names[seat])) + items([stone(c) for c in hand], class_="shown")
            for seat, hand in others)))
    if game is not None:
        left = game.stones_left()
        parts.append(section("Stones face down", items(
            [stone(s) + esc(": %d" % left[s]) for s in SYMBOLS], class_="left")))
    parts.append(scoreboard(names, list(match.totals),
                            turn=dealt.current if dealt is not None else None,
                            caption="Match totals (to %d)" % match.options.target_score,
                            you=audience.seat))
    if match.history:
        rows = [el("tr", el("th", "Game", scope="col") + "".join(
            el("th", esc(n), scope="col") for n in names))]
        for number, (_dealer, points) in enumerate(match.history, 1):
            rows.append(el("tr", el("th", str(number), scope="row") + "".join(
                el("td", str(p)) for p in points)))
        parts.append(el("table", el("caption", "Games played") + "".join(rows),
                        class_="history"))
    return "".join(parts)


def _status(session: ForbesSession, audience: Audience) -> str:
    match = session.core
    game = match.game
    if match.over:
        return "The match is over: " + ", ".join(
            "%d. %s %d" % (r["place"], r["name"], r["total"]) for r in match.ranking()) + "."
    if game is None:
        return "Game %d is over. Next: deal game %d." % (len(match.history),
                                                        len(match.history) + 1)
    seat = game.current
    # The session ends a game the moment its board fills: a game being played has a turn.
    assert seat is not None
    name = session.players[seat]
    if seat == audience.seat:
        if game.stone is None:
            return "Your turn: draw a stone."
        return "Your turn: tap the cell for the %s." % symbol_name(game.stone)
    if game.stone is None:
        return "%s to play: draws a stone." % name
    return "%s to play: places the %s." % (name, symbol_name(game.stone))


def _news(session: ForbesSession, audience: Audience) -> str:
    """The last thing that happened, and what this page's player must do."""
    game = session.game
    out = []
    if game is not None and game.moves:
        seat, code, row, col = game.moves[-1]
        out.append("%s put a %s at row %d, column %d." % (session.players[seat],
                                                          symbol_name(code), row, col))
    out.append(_status(session, audience))
    return " ".join(out)


def _board(game: Game, placing: bool) -> str:
    """The 4 x 4 board as a table; with `placing`, every empty cell is a button."""
    rows = [el("tr", el("td", "") + "".join(el("th", str(c), scope="col")
                                             for c in range(SIZE)))]
    for r in range(SIZE):
        cells = [el("th", str(r), scope="row")]
        for c in range(SIZE):
            code = game.board[r * SIZE + c]
            where = "row %d, column %d" % (r, c)
            if code != ".":
                cells.append(el("td", stone(code), class_="cell", data_row=r, data_col=c))
            elif placing:
                assert game.stone is not None  # placing: the stone drawn goes here
                cells.append(el("td", move_button(
                    el("span", "empty", class_="sr"), {"kind": "place", "row": r, "col": c},
                    class_="cell-button", aria_label="place the %s at %s"
                    % (symbol_name(game.stone), where)), class_="cell", data_row=r, data_col=c))
            else:
                cells.append(el("td", el("span", "empty", class_="sr"), class_="cell empty",
                                data_row=r, data_col=c))
        rows.append(el("tr", "".join(cells)))
    return el("table", el("caption", "The board: rows and columns 0 to 3 from the top left")
              + "".join(rows), class_="forbes-board")


def _moves(session: ForbesSession, audience: Audience, mine: bool) -> str:
    if audience.spectator:
        return ""
    match = session.core
    game = match.game
    buttons = []
    if mine and game is not None and game.stone is None:
        buttons.append(move_button("Draw a stone", {"kind": "draw"}, class_="primary"))
    if game is None and not match.over:
        buttons.append(move_button("Deal game %d" % (len(match.history) + 1),
                                   {"kind": "deal"}, class_="primary"))
    if game is not None and not game.over:
        buttons.append(move_button(
            "Show my cards to the table", {"kind": "reveal"},
            data_confirm="Show your four cards to everyone at the table? This cannot be undone."))
    return el("div", "".join(buttons), class_="moves") if buttons else ""


def move(session: ForbesSession, audience: Audience, request: dict[str, Any]) -> dict[str, Any]:
    """The session action for a move from a seat's page (the seat is the page's own);
    RuleError for a move the page cannot make. The core checks the rest."""
    kind = request.get("kind")
    seat = audience.seat
    if kind == "draw":
        return {"type": "draw", "seat": seat}
    if kind == "place":
        row, col = request.get("row"), request.get("col")
        return {"type": "place", "seat": seat, "row": row, "col": col}
    if kind == "deal":
        return {"type": "deal"}
    if kind == "reveal":
        return {"type": "reveal", "seat": seat}
    raise RuleError("a Forbes page draws, places, deals or shows its cards, not %r" % (kind,))


def said(session: ForbesSession, audience: Audience, action: dict[str, Any], result: Any) -> str:
    """What the acting page is told once its move is in the log."""
    kind = action["type"]
    if kind == "draw":
        return "You drew a %s: tap its cell." % symbol_name(result)
    if kind == "place":
        seat, code, row, col = result
        return "You put the %s at row %d, column %d." % (symbol_name(code), row, col)
    if kind == "deal":
        return "Game %d dealt." % (len(session.core.history) + 1)
    return "Your cards are shown to the table."
