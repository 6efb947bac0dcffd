"""Player-name conformance: boardcore.names gives the same answer on CPython and
MicroPython, and every game's record carries names of any script unchanged.

Scenario kinds (field "kind"):
- "check": names [str, ...] -> {"problems": [null or the message, per name]}
- "record": game ("fits", "zatre" or "forbes"), players, seed: a short seeded game, its
  record written, read and replayed -> {"players": the players read back, "same": the
  replayed game writes the same record}
"""


def _check(s):
    from boardcore.names import name_problem

    return {"problems": [name_problem(name) for name in s["names"]]}


def _fits(players, seed):
    from boardcore.fits.game import Game
    from boardcore.fits.record import format_record, parse_record, replay

    game = Game(players, seed=seed, boards=[1])
    game.start_round()
    for name in players:
        game.place(name, game.start_tile(name), 1, 1)
    tile = game.turn_card()
    for name in game.waiting():
        game.set_aside(name, tile)
    text = format_record(game)
    again = replay(parse_record(text, "record"))
    return again.players, format_record(again) == text


def _zatre(players, seed):
    from boardcore.zatre.board import coords
    from boardcore.zatre.game import Game
    from boardcore.zatre.hint import legal_turns
    from boardcore.zatre.record import format_record, parse_record, replay

    game = Game(players, seed)
    for _ in range(2):
        for steps, _, _, _, _ in legal_turns(game.board, game.hand(), game.first_turn, game.strict):
            game.play([coords(i) + (v,) for i, v in steps])
            break
    text = format_record(game)
    again = replay(parse_record(text, "record"))
    return again.players, format_record(again) == text


def _forbes(players, seed):
    from boardcore.forbes.match import Match
    from boardcore.forbes.record import format_record, parse_record, replay

    match = Match(players, seed=seed)
    game = match.start_game()
    for k in range(3):
        game.play(game.current, k // 4, k % 4)
    text = format_record(players, match.options, [game], seed)
    again = replay(parse_record(text, "record"))
    return again.players, format_record(again.players, again.options, [again.game], seed) == text


def run(scenario):
    kind = scenario["kind"]
    if kind == "check":
        return _check(scenario)
    if kind == "record":
        play = {"fits": _fits, "zatre": _zatre, "forbes": _forbes}[scenario["of"]]
        players, same = play(scenario["players"], scenario["seed"])
        return {"players": list(players), "same": same}
    raise ValueError("unknown names scenario kind %r" % kind)
