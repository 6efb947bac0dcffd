"""Zatre conformance scenarios: the same result on CPython and MicroPython.

Scenario kinds (field "kind"); coordinates are the (row, col) of docs/rules.md, from the top-left:
- "turn": board [[r, c, v], ...], steps [[r, c, v], ...] in order, optional first, strict,
  centre_doubles, grey_exception_at -> {"runs", "sums", "entries", "points", "crosses"} or
  {"error", "message"}
- "sheet": turns [[e10, e11, e12, crosses], ...], held [values] -> {"rows", "total", "final"}
- "hint": board, hand, optional first/strict/grey_exception_at, cells [[r, c], ...] ->
  {"compact", "cells"}
- "record": record (the text of a game record, lines joined) -> {"turns", "over", "sheets",
  "scores"} or {"error", "message"}
- "game": seed, players, optional strict/centre_doubles/grey_exception_at: plays the first legal turn every
  time until the end -> invariants {"over", "tiles", "max_run"}
"""

# Each kind imports only the modules it needs, as the device does (96 KB heap).
from boardcore.zatre.board import Board, index
from boardcore.zatre.errors import ZatreError


def _board(s):
    b = Board(s.get("centre_doubles", False))
    for r, c, v in s.get("board", []):
        b.put(index(r, c), v)
    return b


def _turn(s):
    from boardcore.zatre.rules import check_turn

    b = _board(s)
    steps = [(index(r, c), v) for r, c, v in s["steps"]]
    try:
        r = check_turn(b, steps, s.get("first", False), s.get("strict", False), s.get("grey_exception_at", "tile"))
    except ZatreError as exc:
        return {"error": exc.__class__.__name__, "message": str(exc)}
    return {
        "runs": [[name, total] for name, total in r.runs],
        "sums": list(r.sums),
        "entries": list(r.entries),
        "points": r.points,
        "crosses": r.crosses,
    }


def _sheet(s):
    from boardcore.zatre.score import ScoreSheet

    sheet = ScoreSheet()
    for e10, e11, e12, crosses in s["turns"]:
        sheet.add((e10, e11, e12), crosses)
    rows = [list(row) for row in sheet.rows()]
    return {"rows": rows, "total": sheet.total(), "final": sheet.total() - sum(s.get("held", []))}


def _hint(s):
    from boardcore.zatre.hint import cell_hint, compact_hint, values_of

    b = _board(s)
    first = s.get("first", False)
    out = {"compact": list(compact_hint(b, s["hand"], first, s.get("strict", False), s.get("grey_exception_at", "tile")))}
    cells = []
    for r, c in s.get("cells", []):
        m10, m11, m12, over, no_score = cell_hint(b, index(r, c))
        cells.append([r, c, values_of(m10), values_of(m11), values_of(m12), values_of(over), values_of(no_score)])
    out["cells"] = cells
    return out


def _record(s):
    from boardcore.zatre.record import parse_record, replay

    try:
        g = replay(parse_record("\n".join(s["record"]) + "\n", "record"))
    except ZatreError as exc:
        return {"error": exc.__class__.__name__, "message": str(exc)}
    sheets = []
    for sheet in g.sheets:
        sheets.append([sheet.crosses, sheet.e10, sheet.e11, sheet.e12, sheet.total()])
    return {"turns": g.turns, "over": g.over, "sheets": sheets, "scores": g.final_scores()}


def _game(s):
    from boardcore.zatre.board import PLAYABLE_CELLS, WIDTH, arm, coords
    from boardcore.zatre.game import Game
    from boardcore.zatre.hint import legal_turns

    g = Game(s["players"], s["seed"], s.get("strict", False), s.get("centre_doubles", False),
             s.get("grey_exception_at", "tile"))
    while not g.over and g.turns < 300:
        placed = []
        for steps, _, _, _, _ in legal_turns(g.board, g.hand(), g.first_turn, g.strict, g.grey_at):
            placed = [coords(i) + (v,) for i, v in steps]
            break
        g.play(placed)
    biggest = 0
    for i in PLAYABLE_CELLS:
        v = g.board.cells[i]
        if not v:
            continue
        for step in (1, WIDTH):
            total = arm(g.board.cells, i, -step)[0] + v + arm(g.board.cells, i, step)[0]
            if total > biggest:
                biggest = total
    held = 0
    for p in range(len(g.players)):
        held += len(g.hand(p))
    return {"over": g.over, "tiles": len(g.bag) + g.board.count + held, "max_run_at_most_12": biggest <= 12}


def run(scenario):
    kind = scenario["kind"]
    if kind == "turn":
        return _turn(scenario)
    if kind == "sheet":
        return _sheet(scenario)
    if kind == "hint":
        return _hint(scenario)
    if kind == "record":
        return _record(scenario)
    if kind == "game":
        return _game(scenario)
    raise ValueError("unknown zatre scenario kind %r" % kind)
