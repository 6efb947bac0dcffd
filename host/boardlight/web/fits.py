"""FITS pages: the card turned, who still has to act on it and the scores for everyone; on a
player's own page also their board, their start card and their score of the round so far.

Moves (full replay of the drops): pick an orientation of the tile to place, then tap the
column to drop it in; or set the card aside. Between cards, any player's page may turn the
next one (and deal the next round) when the host deals from the game's seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardcore.errors import RuleError
from boardcore.fits import tiles as fits_tiles
from boardcore.fits.board import COLS, ROWS
from boardcore.fits.score import score_board

from boardlight.sessions.fits_tally import TallyGame
from boardlight.web.html import el, esc, heading, items, move_button, news, scoreboard, section

if TYPE_CHECKING:
    from boardcore.fits.board import Board
    from boardcore.fits.layouts import Layout

    from boardlight.sessions.fits import FitsSession
    from boardlight.web.access import Audience


def fragment(session: FitsSession, audience: Audience) -> str:
    game = session.core
    names = list(session.players)
    seat = audience.seat  # None: the spectators' page
    name = names[seat] if seat is not None else None
    parts = [heading("FITS", session.row.id, audience), news(_news(session, audience))]
    parts.append(el("p", esc(_status(session, audience)), class_="status"))
    if game.card is not None:
        parts.append(el("p", "Card %d of 16 turned: %s" % (game.turned, _tile_name(game.card)),
                        class_="turned"))
    dealt = game.round_index >= 0
    if seat is not None and dealt and game.phase != "over":
        start = game.starts[seat] if isinstance(game, TallyGame) else game.start_tile(names[seat])
        assert start is not None  # dealt: every seat has its start card
        parts.append(el("p", "Your start card: " + _tile_name(start), class_="own start"))
    tile = game.tile_to_place(name) if name is not None and not isinstance(game, TallyGame) \
        else None
    if tile is not None:
        parts.append(_orientations(tile))
    parts.append(_moves(session, audience))
    if name is not None and dealt and not isinstance(game, TallyGame) and game.phase != "over":
        number = game.board_number
        assert number is not None  # dealt
        layout = game.layout(number)
        board = game.board(name)
        parts.append(_board(board, layout, number, dropping=tile))
        if tile is not None and game.phase == "cards":
            parts.append(el("div", move_button("Set %s aside" % esc(tile), {"kind": "aside"}),
                            class_="moves"))
        parts.append(_round_score(score_board(board, layout)))
    totals = game.totals()
    parts.append(scoreboard(names, [totals[p] for p in names], caption="Totals",
                            you=audience.seat))
    if game.round_scores:
        rows = [el("tr", el("th", "Round", scope="col") + "".join(
            el("th", esc(n), scope="col") for n in names))]
        for number, scores in enumerate(game.round_scores, 1):
            rows.append(el("tr", el("th", "%d (board %d)" % (number, game.boards[number - 1]),
                                    scope="row") + "".join(el("td", "%+d" % s["total"])
                                                           for s in scores)))
        parts.append(el("table", el("caption", "Rounds scored") + "".join(rows),
                        class_="history"))
    return "".join(parts)


def _tile_name(tile: str) -> str:
    return el("span", esc(tile), class_="tile-name fits-%s" % tile)


def _status(session: FitsSession, audience: Audience) -> str:
    game = session.core
    names = session.players
    me = names[audience.seat] if audience.seat is not None else None
    if game.phase == "over":
        totals = game.totals()
        return "The game is over: " + ", ".join("%s %d" % (p, totals[p]) for p in names) + "."
    if game.phase == "deal":
        return "Round %d of %d: waiting for the deal." % (game.round_index + 2, len(game.boards))
    number = game.board_number
    assert number is not None  # past the first deal: a round is being played
    where = "Round %d of %d, board %d. " % (game.round_index + 1, len(game.boards), number)
    if isinstance(game, TallyGame):  # session.mode "tally"
        if game.phase == "tally":
            return where + "All 16 cards are out: the tallies are entered at the table."
        return where + "Quick tally: build on your own board; the table turns the cards."
    waiting = game.waiting()
    if me is not None and me in waiting:
        if game.phase == "start":
            return where + "Place your start tile %s: pick an orientation, then a column." \
                % game.start_tile(me)
        return where + "Place %s (pick an orientation, then a column) or set it aside." \
            % game.card
    if game.phase == "start":
        return where + "Waiting for the start tiles of %s." % ", ".join(waiting)
    if waiting:
        return where + "Waiting for %s to act on %s." % (", ".join(waiting), game.card)
    return where + "Everyone has acted: next, the table turns card %d." % (game.turned + 1)


def _news(session: FitsSession, audience: Audience) -> str:
    return _status(session, audience)


def _orientations(tile: str) -> str:
    """The orientations of `tile` as a radio group (the drop buttons are over the board)."""
    choices = []
    for o in range(1, fits_tiles.orientation_count(tile) + 1):
        picture = fits_tiles.picture(tile, o)
        cells = "".join(el("span", "", class_="px on fits-%s" % tile if ch == "#" else "px")
                        for row in picture for ch in row)
        shape = el("span", cells, class_="shape cols-%d" % len(picture[0]), aria_hidden="true")
        words = "orientation %d: %s" % (o, " / ".join(
            row.replace("#", "X").replace(".", "-") for row in picture))
        choices.append(el("label", el("input", "", type="radio", name="orientation",
                                      value=o, checked=o == 1, aria_label=words)
                          + el("span", str(o), class_="number") + shape, class_="orientation"))
    return section("Your tile to place: %s" % tile, el(
        "fieldset", el("legend", "Orientation of %s" % esc(tile)) + "".join(choices),
        class_="orientations") + el("p", "Then tap the column to drop it in, over your board.",
                                    class_="note"), class_="own drop")


def _moves(session: FitsSession, audience: Audience) -> str:
    """Dealing and turning the next card, for any player's page when the host deals."""
    game = session.core
    if audience.spectator or session.table_deal:
        return ""
    if game.phase == "deal":
        return el("div", move_button("Deal round %d" % (game.round_index + 2), {"kind": "deal"},
                                     class_="primary"), class_="moves")
    if game.phase == "cards" and not game.waiting() and game.turned < 16:
        return el("div", move_button("Turn card %d" % (game.turned + 1), {"kind": "turn"},
                                     class_="primary"), class_="moves")
    return ""


def _board(board: Board, layout: Layout, number: int, dropping: str | None = None) -> str:
    """The player's board as a table: row 12 at the top, as it stands on the ramp. While
    the player has `dropping` (a tile) to place, each column's heading is its drop button."""
    if dropping is None:
        heads = [el("th", str(c), scope="col") for c in range(1, COLS + 1)]
    else:
        heads = [el("th", move_button(str(c), {"kind": "drop", "column": c}, class_="column",
                                      data_with="orientation",
                                      aria_label="drop %s in column %d" % (dropping, c)),
                    scope="col") for c in range(1, COLS + 1)]
    rows = [el("tr", el("td", "") + "".join(heads))]
    for r in range(ROWS, 0, -1):
        cells = [el("th", str(r), scope="row")]
        for c in range(1, COLS + 1):
            tile = board.tile_at(r, c)
            token = layout.token(r, c)
            if tile is not None:
                cells.append(el("td", el("span", esc(tile), class_="label"),
                                class_="cell covered fits-%s" % tile if tile != "?"
                                else "cell covered", data_row=r, data_col=c))
            elif token is not None:
                sign = "minus" if token.startswith("-") else "plus"
                cells.append(el("td", el("span", esc(token), class_="special %s" % sign)
                                + el("span", " special space, open", class_="sr"),
                                class_="cell open", data_row=r, data_col=c))
            else:
                cells.append(el("td", el("span", "", class_="dot", aria_hidden="true")
                                + el("span", "open", class_="sr"), class_="cell open",
                                data_row=r, data_col=c))
        rows.append(el("tr", "".join(cells)))
    note = " (an illustrative layout of its special spaces)" if layout.illustrative else ""
    return el("table", el("caption", "Your board %d: row 1 at the bottom, columns 1 to 6%s"
                          % (number, note)) + "".join(rows), class_="fits-board")


def _round_score(score: dict[str, Any]) -> str:
    parts = ["%d open dot%s" % (score["open_dots"], "" if score["open_dots"] == 1 else "s")]
    if score["board"] == 1:
        parts.append("%d full row%s" % (score["full_rows"], "" if score["full_rows"] == 1 else "s"))
    if "specials" in score:
        parts.append("special spaces %+d" % sum(s["points"] for s in score["specials"]))
    if "pairs" in score:
        parts.append("pairs %+d" % sum(p["points"] for p in score["pairs"]))
    return section("Your round so far: %+d" % score["total"], items(
        [esc(p) for p in parts], class_="breakdown"), class_="own")


def move(session: FitsSession, audience: Audience, request: dict[str, Any]) -> dict[str, Any]:
    """The session action for a move from a seat's page."""
    game = session.core
    kind = request.get("kind")
    if kind == "deal":
        return {"type": "deal"}
    if kind == "turn":
        return {"type": "turn"}
    if isinstance(game, TallyGame):  # session.mode "tally"
        raise RuleError("quick tally: the tallies are entered at the table")
    seat = audience.seat
    assert seat is not None  # pages.make_move refuses the spectators' page
    name = session.players[seat]
    tile = game.tile_to_place(name)
    if kind not in ("drop", "aside"):
        raise RuleError("a FITS page drops a tile or sets it aside, not %r" % (kind,))
    if tile is None:
        raise RuleError("%s has nothing to place now" % name)
    if kind == "aside":
        return {"type": "aside", "seat": audience.seat, "tile": tile}
    return {"type": "drop", "seat": audience.seat, "tile": tile,
            "orientation": request.get("orientation"), "column": request.get("column")}


def said(session: FitsSession, audience: Audience, action: dict[str, Any], result: Any) -> str:
    kind = action["type"]
    if kind == "drop":
        return "You dropped %s (orientation %s) in column %s: it rests on row %d." % (
            action["tile"], action["orientation"], action["column"], result)
    if kind == "aside":
        return "You set %s aside." % action["tile"]
    if kind == "deal":
        return "Round %d dealt." % (session.core.round_index + 1)
    return "Card %d turned: %s." % (session.core.turned, result)
