"""Forbes conformance: turn a scenario file into a result dict, on CPython and MicroPython.

Scenario kinds (the "kind" key):
  score   {"cases": [{"board", "hands", "options"?}]}
          -> {"patterns": [[ids] per case], "totals": [[points per hand] per case]}
  game    {"players", "dealer"?, "hands", "options"?, "steps": [[op, ...], ...]}
          ops: ["play", seat, row, col, stone], ["draw", seat, stone], ["place", seat, row, col],
          ["reveal", seat], ["view", seat]; a step that raises records its error class name
          -> {"steps": [null | error name | view dict per step], "board", "totals" (or null)}
  match   {"players", "seed", "target", "bad_players": [[names], ...]}
          -> {"bad_players": [error names], "first_dealer", "dealers_rotate", "hands_ok", "over",
              "ended_on_time", "totals_add_up"}
  record  {"text": [lines]} -> {"totals", "over", "unfinished"} from boardcore.forbes.record.score_record
"""

from boardcore.forbes.rules import Options


def _options(scenario):
    return Options.from_dict(scenario.get("options", {}))


def _score(scenario):
    from boardcore.forbes.patterns import complete_patterns
    from boardcore.forbes.score import score_board

    patterns, totals = [], []
    for case in scenario["cases"]:
        options = _options(case)
        patterns.append([p[0] for p in complete_patterns(case["board"], options.centre_also_square)])
        totals.append([s["total"] for s in score_board(case["board"], case["hands"], options)])
    return {"patterns": patterns, "totals": totals}


def _step(game, step):
    op = step[0]
    if op == "play":
        game.play(step[1], step[2], step[3], step[4])
    elif op == "draw":
        game.draw(step[1], step[2])
    elif op == "place":
        game.place(step[1], step[2], step[3])
    elif op == "reveal":
        game.reveal(step[1])
    elif op == "view":
        view = game.view(step[1])
        return {"hand": view.hand, "shown": view.shown, "stone": view.stone, "current": view.current}
    else:
        raise ValueError("unknown step %r" % op)
    return None


def _game(scenario):
    from boardcore.errors import RuleError
    from boardcore.forbes.game import Game

    game = Game(scenario["players"], scenario.get("dealer", 0), _options(scenario), None, scenario["hands"])
    out = []
    for step in scenario["steps"]:
        try:
            out.append(_step(game, step))
        except RuleError as exc:
            out.append(type(exc).__name__)
    totals = [s["total"] for s in game.scores()] if game.over else None
    return {"steps": out, "board": game.board, "totals": totals}


def _match(scenario):
    from boardcore.errors import RuleError
    from boardcore.forbes.match import Match

    bad = []
    for players in scenario.get("bad_players", []):
        try:
            Match(players, seed=1)
            bad.append(None)
        except RuleError as exc:
            bad.append(type(exc).__name__)
    target = scenario["target"]
    match = Match(scenario["players"], Options(target_score=target), seed=scenario["seed"])
    dealers = []
    hands_ok = True
    ended_on_time = True
    while not match.over:
        if max(match.totals) >= target:
            ended_on_time = False  # it should have ended already
        game = match.start_game()
        dealers.append(game.dealer)
        hands = game.all_hands()
        for hand in hands:
            hands_ok = hands_ok and len(hand) == 4
        for symbol in "STCX":
            hands_ok = hands_ok and sum(h.count(symbol) for h in hands) <= 5
        while not game.over:
            seat = game.current
            game.draw(seat)
            i = game.board.index(".")
            game.place(seat, i // 4, i % 4)
        match.end_game()
    added = [0] * len(match.players)
    for _, points in match.history:
        for seat in range(len(points)):
            added[seat] += points[seat]
    return {
        "bad_players": bad,
        "first_dealer": dealers[0],
        "dealers_rotate": all(dealers[i] == (dealers[i - 1] + 1) % len(match.players) for i in range(1, len(dealers))),
        "hands_ok": hands_ok,
        "over": match.over and max(match.totals) >= target,
        "ended_on_time": ended_on_time,
        "totals_add_up": added == match.totals,
    }


def _record(scenario):
    from boardcore.forbes.record import parse_record, score_record

    result = score_record(parse_record("\n".join(scenario["text"]) + "\n", "scenario"))
    return {"totals": result["totals"], "over": result["over"], "unfinished": result["unfinished"]}


def run(scenario):
    kind = scenario["kind"]
    if kind == "score":
        return _score(scenario)
    if kind == "game":
        return _game(scenario)
    if kind == "match":
        return _match(scenario)
    if kind == "record":
        return _record(scenario)
    raise ValueError("unknown Forbes scenario kind %r" % kind)
