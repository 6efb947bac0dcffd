"""Zatre pages: the board, whose turn and the tiles to place (as the table shows them), the
scores; on a player's own page also their hand, their score sheet and the sum hints for
their hand.

Moves: on your turn, tap a tile of your hand, then the cell for it, as often as the turn
needs, then "Play these tiles"; or pass. The core checks the whole turn and its refusal is
shown as it words it. A player's new tiles show on their own page at once; the table and
the other pages show them once drawn at the table or played (until then the turn before
can be taken back: sessions.zatre).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardcore.errors import RuleError
from boardcore.zatre.board import PLAYABLE, SIZE, START, coords, index
from boardcore.zatre.hint import cell_hints, compact_hint, values_of

from boardlight.web.html import el, esc, heading, items, move_button, news, section

if TYPE_CHECKING:
    from boardcore.zatre.game import Game
    from boardcore.zatre.score import ScoreSheet

    from boardlight.sessions.zatre import ZatreSession
    from boardlight.web.access import Audience


def _hand(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values) or "no tiles"


def fragment(session: ZatreSession, audience: Audience) -> str:
    game = session.core
    names = list(session.players)
    seat = audience.seat
    mine = not game.over and seat is not None and game.current == seat
    own = game.hand(seat) if seat is not None else None
    parts = [heading("Zatre", session.row.id, audience), news(_news(session, audience))]
    parts.append(el("p", esc(_status(session, audience)), class_="status"))
    hints = _hints(game, own) if own and not game.over else {}
    parts.append(_board(game, hints, placing=mine))
    if mine and own is not None:  # own: mine means a seat's page
        parts.append(_hand_buttons(own))
    elif own is not None and not game.over:
        parts.append(section("Your tiles", el("p", esc(_hand(own))), class_="own"))
    if hints:
        lines = []
        for i in sorted(hints):
            r, c = coords(i)
            lines.append(esc("row %d, column %d: %s" % (r, c, ", ".join(
                "%d makes %d" % (v, s) for s, v in hints[i]))))
        parts.append(section("Sum hints for your tiles", items(lines, class_="hints"),
                             class_="own"))
    if mine and own is not None:
        best_sum, ways, best_points, turns = compact_hint(game.board, own, game.first_turn,
                                                          game.strict)
        parts.append(el("p", esc(
            "%d legal turn%s; the best scores %d point%s%s." % (
                turns, "" if turns == 1 else "s", best_points, "" if best_points == 1 else "s",
                "; the highest sum is %d (%d way%s)" % (best_sum, ways, "" if ways == 1 else "s")
                if best_sum else "")
            if turns else "No tile of yours can be placed: pass."), class_="own best"))
    parts.append(_scores(session, names, seat))
    if seat is not None:
        parts.append(_sheet(game.sheets[seat]))
    return "".join(parts)


def _status(session: ZatreSession, audience: Audience) -> str:
    game = session.core
    if game.over:
        scores = game.final_scores()
        return "The game is over: " + ", ".join(
            "%s %d" % (n, s) for n, s in zip(session.players, scores)) + "."
    name = session.players[game.current]
    need = game.must_place()
    extra = " (the first turn puts one on the red square, row 7, column 7)" \
        if game.first_turn else ""
    if session.awaiting_draw and game.current != audience.seat:
        return "%s to move: their new tiles are not drawn yet." % name
    if game.current == audience.seat:
        if need == 0:
            return "Your turn: none of %s can be placed; pass." % _hand(game.hand())
        return "Your turn: place %d of %s%s." % (need, _hand(game.hand()), extra)
    return "%s to move, placing %d of %s%s." % (name, need, _hand(game.hand()), extra)


def _news(session: ZatreSession, audience: Audience) -> str:
    game = session.core
    out = []
    turns = list(game.played())
    if turns:
        player, tiles = turns[-1]
        name = session.players[player]
        out.append("%s passed." % name if not tiles else "%s placed %s." % (name, ", ".join(
            "%d at row %d, column %d" % (v, r, c) for r, c, v in tiles)))
    out.append(_status(session, audience))
    return " ".join(out)


def _hints(game: Game, hand: Sequence[int]) -> dict[int, list[tuple[int, int]]]:
    """{cell index: [(sum, value), ...]}: where a tile of `hand` makes 10, 11 or 12."""
    out: dict[int, list[tuple[int, int]]] = {}
    for i, m10, m11, m12, _over, _no in cell_hints(game.board):
        made = []
        for total, mask in ((10, m10), (11, m11), (12, m12)):
            for v in values_of(mask):
                if v in hand and (total, v) not in made:
                    made.append((total, v))
        if made:
            out[i] = made
    return out


def _board(game: Game, hints: dict[int, list[tuple[int, int]]], placing: bool) -> str:
    board = game.board
    rows = [el("tr", el("td", "") + "".join(el("th", str(c), scope="col")
                                             for c in range(SIZE)))]
    for r in range(SIZE):
        cells = [el("th", str(r), scope="row")]
        for c in range(SIZE):
            i = index(r, c)
            if not PLAYABLE[i]:
                cells.append(el("td", "", class_="off"))
                continue
            kind = "start" if i == START else ("grey" if board.grey[i] else "plain")
            cls = "cell " + kind
            value = board.cells[i]
            where = "row %d, column %d" % (r, c)
            what = {"start": "red start square", "grey": "grey square",
                    "plain": ""}[kind]
            if value:
                cells.append(el("td", el("span", str(value), class_="tile"), class_=cls,
                                data_row=r, data_col=c))
                continue
            hint = hints.get(i)
            mark = el("span", " ".join(str(s) for s in sorted(set(s for s, _ in hint))),
                      class_="hint", aria_hidden="true") if hint else ""
            label = ", ".join(x for x in (where, what, "empty") if x)
            if hint:
                label += "; " + ", ".join("your %d makes %d" % (v, s) for s, v in hint)
            if placing:
                body = el("button", mark, type="button", class_="zcell", data_row=r,
                          data_col=c, aria_label=label)
            else:
                body = mark + el("span", esc(label), class_="sr")
            cells.append(el("td", body, class_=cls, data_row=r, data_col=c))
        rows.append(el("tr", "".join(cells)))
    table = el("table", "".join(rows), class_="zatre-board", aria_labelledby="board-title")
    return el("h2", "The board", id="board-title") + el(
        "p", "Rows and columns 0 to 14 from the top left; grey squares double.",
        class_="note") + el("div", table, class_="board-scroll", tabindex="0",
                             aria_label="the board, scrolls sideways")


def _hand_buttons(hand: Sequence[int]) -> str:
    tiles = "".join(el("button", str(v), type="button", class_="ztile", data_value=v,
                       aria_pressed="false", aria_label="tile %d" % v) for v in hand)
    return section("Your tiles: tap one, then its cell", el("div", tiles, class_="hand") + el(
        "div", move_button("Play these tiles", {"kind": "turn"}, class_="primary",
                           data_with="tiles")
        + el("button", "Take them back", type="button", class_="zclear")
        + move_button("Pass", {"kind": "pass"}), class_="moves")
        + el("p", "", class_="pending", aria_live="polite"), class_="own")


def _scores(session: ZatreSession, names: list[str], seat: int | None) -> str:
    game = session.core
    rows = [el("tr", "".join(el("th", h, scope="col")
                             for h in ("Player", "Sheet", "Held",
                                       "Score" if game.over else "If it ended now")))]
    for p, name in enumerate(names):
        notes = [n for n, on in (("you", p == seat),
                                 ("to move", not game.over and p == game.current)) if on]
        label = esc(name) + (el("span", " (%s)" % ", ".join(notes), class_="note")
                             if notes else "")
        # The tiles the table has seen (a player's own page shows theirs).
        held = sum(game.hand(p) if p == seat else session.visible_hand(p))
        rows.append(el("tr", el("th", label, scope="row") + "".join(
            el("td", str(x)) for x in (game.sheets[p].total(), held,
                                        game.sheets[p].total() - held)),
            class_="turn" if "to move" in notes else None))
    return el("table", el("caption", "Scores") + "".join(rows), class_="scores")


def _sheet(sheet: ScoreSheet) -> str:
    head = el("tr", "".join(el("th", h, scope="col")
                            for h in ("Row", "x2", "10", "11", "12", "Bonus", "Total")))
    rows = []
    for k, (cross, a, b, c, bonus, total) in enumerate(sheet.rows(), 1):
        rows.append(el("tr", el("th", str(k), scope="row") + "".join(
            el("td", esc(x)) for x in ("x" if cross else "", _box(a), _box(b), _box(c),
                                       bonus or "", total))))
    if not rows:
        rows.append(el("tr", el("td", "nothing yet", colspan="7")))
    return el("table", el("caption", "Your score sheet: %d" % sheet.total()) + head
              + "".join(rows), class_="sheet own")


def _box(value: object) -> object:
    return "" if value is None else value


def move(session: ZatreSession, audience: Audience, request: dict[str, Any]) -> dict[str, Any]:
    """The session action for a move from a seat's page: its whole turn."""
    kind = request.get("kind")
    tiles: list[Any] | None
    if kind == "pass":
        tiles = []
    elif kind == "turn":
        tiles = request.get("tiles")
        if not isinstance(tiles, list) or not tiles:
            raise RuleError("tap a tile of your hand, then its cell, before playing")
    else:
        raise RuleError("a Zatre page plays a turn or passes, not %r" % (kind,))
    return {"type": "turn", "seat": audience.seat, "tiles": tiles}


def said(session: ZatreSession, audience: Audience, action: dict[str, Any], result: Any) -> str:
    if not action["tiles"]:
        return "You passed."
    sums = ", ".join(str(s) for s in result.sums) or "no 10 to 12"
    return "Turn played: %d point%s (%s)%s." % (
        result.points, "" if result.points == 1 else "s", sums,
        ", %d cross%s" % (result.crosses, "" if result.crosses == 1 else "es")
        if result.crosses else "")
