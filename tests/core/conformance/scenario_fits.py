"""FITS conformance scenarios: run(scenario) -> dict, the same on CPython and MicroPython.

Scenario kinds (field "kind"), coordinates as docs/rules.md (rows 1..12 from the bottom,
columns 1..6 from the left, orientations from 1):
  drops   drops [tile, orientation, column] on one board -> each resting row or the
          error class name, the board picture (row 12 first) and column heights
  legal   drops, then every legal drop of "tile" -> [[orientation, column, row], ...]
  score   a position text ("position": lines) on its board, optional "layout" lines
          -> the score breakdown
  game    a seeded game played by "plan" (per round and player: tile -> [o, c]; tiles
          not in the plan are set aside) -> deal, pictures (from the highest covered
          row down to row 1), round scores, totals
  illegal steps on a seeded game, each [op, args...] -> "ok" or the error class
          name, and whether every refused step left the state as it was
"""

import gc


def _picture(board, trim=False):
    # Row 12 first; trim=True starts at the highest row with a covered cell (keeps the
    # result line short for the 96 KB heap).
    rows = []
    for r in range(12, 0, -1):
        line = "".join("#" if board.covered(r, c) else "." for c in range(1, 7))
        if rows or line != "......" or not trim:
            rows.append(line)
    return rows


def _drops(sc):
    from boardcore.fits.board import Board
    from boardcore.fits.errors import FitsError

    board = Board(sc.get("max_overhang"))
    results = []
    for tile, o, c in sc["drops"]:
        before = bytes(board.grid) + bytes(board.tops)
        try:
            results.append(board.drop(tile, o, c))
        except FitsError as exc:
            results.append(type(exc).__name__)
            if bytes(board.grid) + bytes(board.tops) != before:
                results.append("STATE CHANGED")
    return board, results


def run_drops(sc):
    board, results = _drops(sc)
    return {"results": results, "picture": _picture(board), "tops": list(board.tops)}


def run_legal(sc):
    board, _ = _drops(sc)
    return {"legal": [list(d) for d in board.legal_drops(sc["tile"])]}


def run_score(sc):
    from boardcore.fits.position import parse_position

    layout = None
    if "layout" in sc:
        from boardcore.fits.layouts import parse_layout

        layout = parse_layout("\n".join(sc["layout"]), "scenario")
    pos = parse_position("\n".join(sc["position"]), "scenario", layout)
    return pos.score()


def _game(sc):
    from boardcore.fits.game import Game

    return Game(sc["players"], sc["seed"], sc.get("boards", (1, 2, 3, 4)),
                sc.get("start_tiles", ("P", "T5", "U", "Y")), sc.get("max_overhang"))


def run_game(sc):
    g = _game(sc)
    out = {"rounds": []}
    for plan in sc["plan"]:
        starts = g.start_round()
        for p in g.players:
            o, c = plan[p][g.start_tile(p)]
            g.place(p, g.start_tile(p), o, c)
        order = []
        skips = []
        while g.phase == "cards":
            tile = g.turn_card()
            order.append(tile)
            for p in g.players:
                if g.start_tile(p) == tile:
                    skips.append([p, tile])
            for p in g.waiting():
                if tile in plan[p]:
                    o, c = plan[p][tile]
                    g.place(p, tile, o, c)
                else:
                    g.set_aside(p, tile)
        pictures = {}
        for p in g.players:
            pictures[p] = _picture(g.board(p), True)
        gc.collect()
        scores = g.finish_round()
        out["rounds"].append({
            "board": g.board_number, "starts": starts, "cards": order, "skips": skips,
            "pictures": pictures, "totals": [s["total"] for s in scores],
        })
        gc.collect()
    out["totals"] = g.totals()
    out["winners"] = g.winners()
    out["phase"] = g.phase
    return out


def _fingerprint(g):
    boards = []
    for i in range(len(g._boards)):
        b = g._boards[i]
        boards.append(bytes(b.grid) + bytes(b.tops) + str(b.drops).encode())
    return repr((g.phase, g.card, g.turned, g.waiting(), boards, repr(g.history), g.round_index))


def run_illegal(sc):
    from boardcore.fits.errors import FitsError

    g = _game(sc)
    out = []
    unchanged = True
    for step in sc["steps"]:
        op = step[0]
        before = _fingerprint(g)
        try:
            if op == "start_round":
                g.start_round(*step[1:])
            elif op == "place":
                g.place(*step[1:])
            elif op == "set_aside":
                g.set_aside(*step[1:])
            elif op == "turn_card":
                g.turn_card(*step[1:])
            elif op == "finish_round":
                g.finish_round()
            else:
                raise ValueError("unknown step %r" % op)
            out.append("ok")
        except FitsError as exc:
            out.append(type(exc).__name__)
            if _fingerprint(g) != before:
                unchanged = False
    return {"outcomes": out, "unchanged": unchanged}


def run(scenario):
    # The hand working and the expectation are for people and pytest; drop them so
    # the 96 KB heap holds only what the core needs.
    for key in ("working", "about", "expect"):
        if key in scenario:
            del scenario[key]
    gc.collect()
    kind = scenario["kind"]
    if kind == "drops":
        return run_drops(scenario)
    if kind == "legal":
        return run_legal(scenario)
    if kind == "score":
        return run_score(scenario)
    if kind == "game":
        return run_game(scenario)
    if kind == "illegal":
        return run_illegal(scenario)
    raise ValueError("unknown FITS scenario kind %r" % kind)
