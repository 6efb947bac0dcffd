"""Scripted players for the session, resume, export and UI tests (no tests of its own): each
picks the next action from the state alone, so the same script replays the same game."""

from boardcore.zatre.hint import legal_turns
from boardcore.zatre.board import coords


def next_fits(session):
    """deal / turn / first legal drop (lowest orientation, column) else set aside."""
    game = session.core
    if game.phase == "deal":
        return {"type": "deal"}
    if session.mode == "tally":
        if game.phase == "tally":
            seat = game.players.index(game.waiting()[0])
            if game.board_number == 1:
                return {"type": "tally", "seat": seat, "open_dots": 4 + seat, "full_rows": 8,
                        "uncovered": []}
            return {"type": "tally", "seat": seat, "open_dots": 5, "full_rows": None,
                    "uncovered": []}
        return {"type": "turn"}
    waiting = game.waiting()
    if not waiting:
        return {"type": "turn"}
    name = waiting[0]
    seat = game.players.index(name)
    tile = game.tile_to_place(name)
    drops = game.legal_drops(name)
    if drops:
        o, c, _row = drops[(len(drops) * 3) // 5]  # not always the first: varied boards
        return {"type": "drop", "seat": seat, "tile": tile, "orientation": o, "column": c}
    return {"type": "aside", "seat": seat, "tile": tile}


def next_forbes(session):
    """deal / draw / place on the first empty cell counting from a seat-dependent start."""
    match = session.core
    game = match.game
    if game is None:
        return {"type": "deal"}
    seat = game.current
    if game.stone is None:
        return {"type": "draw", "seat": seat}
    board = game.board
    start = (5 * len(game.moves) + seat) % 16
    for k in range(16):
        i = (start + k) % 16
        if board[i] == ".":
            return {"type": "place", "seat": seat, "row": i // 4, "col": i % 4}
    raise AssertionError("full board but no game end")


def next_zatre(session):
    """The legal turn with most points (first found on ties), else pass."""
    game = session.core
    best = None
    for steps, _either, points, _crosses, _top in legal_turns(
            game.board, game.hand(), game.first_turn, game.strict):
        if best is None or points > best[1]:
            best = (steps, points)
    tiles = [] if best is None else [list(coords(i)) + [v] for i, v in best[0]]
    return {"type": "turn", "seat": game.current, "tiles": tiles}


SCRIPTS = {"fits": next_fits, "forbes": next_forbes, "zatre": next_zatre}


def play_out(session, limit=100000):
    """Act until the game is finished (or `limit` actions); returns the number of actions."""
    script = SCRIPTS[session.GAME]
    n = 0
    while not session.finished() and n < limit:
        session.act(script(session))
        n += 1
    return n
