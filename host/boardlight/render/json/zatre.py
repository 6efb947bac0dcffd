"""JSON views of Zatre for the host: hints for a position, and the outcome of a game.

Coordinates are docs/rules.md's (row, col) from the top-left of the 15 x 15 box, 0-based.
Lists are in a fixed order (never dict order), so the output is stable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from boardcore.zatre.board import coords
from boardcore.zatre.hint import cell_hints, compact_hint, legal_turns, values_of
from boardcore.zatre.rules import check_turn

if TYPE_CHECKING:
    from boardcore.zatre.board import Board
    from boardcore.zatre.game import Game


def _tile(i: int, v: int) -> dict[str, int]:
    r, c = coords(i)
    return {"row": r, "col": c, "value": v}


def turn_entries(board: Board, hand: Sequence[int], first: bool, strict: bool,
                 grey_at: str = "tile") -> list[dict[str, Any]]:
    """Every legal turn as a dict, best first: ranked by points, then crosses, then the
    highest sum made; ties keep the generator's order. strict and grey_at are the rule
    options strict_adjacency and grey_exception_at."""
    out: list[dict[str, Any]] = []
    for steps, either, points, crosses, top in legal_turns(board, hand, first, strict, grey_at):
        detail = check_turn(board, steps, first, strict, grey_at)  # the reference gives the runs
        out.append(
            {
                "tiles": [_tile(i, v) for i, v in steps],
                # "any": the two tiles (after the red-square tile on the first turn) may go
                # down in either order; "as listed": only in the order shown.
                "order": "any" if either or len(steps) == 1 else "as listed",
                "runs": [{"run": name, "sum": s} for name, s in detail.runs],
                "sums": list(detail.sums),
                "points": points,
                "crosses": crosses,
                "entries": {"10": detail.entries[0], "11": detail.entries[1], "12": detail.entries[2]},
            }
        )
    out.sort(key=lambda t: (-t["points"], -t["crosses"], -(t["sums"][0] if t["sums"] else 0)))
    return out


def cell_entries(board: Board) -> list[dict[str, Any]]:
    """Per empty cell touching the board: the values completing 10/11/12 there, the values
    forbidden (a run would reach 13 or more), and on grey squares the values that would
    score nothing (allowed only by the exception)."""
    out = []
    for i, m10, m11, m12, over, no_score in cell_hints(board):
        r, c = coords(i)
        out.append(
            {
                "row": r,
                "col": c,
                "grey": bool(board.grey[i]),
                "complete": {"10": values_of(m10), "11": values_of(m11), "12": values_of(m12)},
                "forbidden": values_of(over),
                "grey_no_score": values_of(no_score),
            }
        )
    return out


def hints(board: Board, hand: Sequence[int], first: bool = False, strict: bool = False,
          player: str | None = None, grey_at: str = "tile") -> dict[str, Any]:
    """The whole hint for the hand to move: legal turns (ranked), the best, per-cell hints
    and the compact hint the device shows."""
    turns = turn_entries(board, hand, first, strict, grey_at)
    best_sum, ways, best_points, n = compact_hint(board, hand, first, strict, grey_at)
    return {
        "player": player,
        "hand": sorted(hand),
        "first_turn": bool(first),
        "must_place": len(turns[0]["tiles"]) if turns else 0,
        "turns": turns,
        "best": turns[0] if turns else None,
        "cells": cell_entries(board),
        "compact": {"best_sum": best_sum, "ways": ways, "best_points": best_points, "turns": n},
    }


def game_outcome(game: Game) -> dict[str, Any]:
    """Final score sheets and totals of a game (finished or not) as a dict. Held tiles
    cost only at the end (docs/rules.md, Zatre): mid-game a hand is what was drawn for the next turn,
    so an unfinished game's penalty is 0 and its score the sheet total."""
    players = []
    for p in range(len(game.players)):
        sheet = game.sheets[p].as_dict()
        held = game.hand(p)
        penalty = sum(held) if game.over else 0
        players.append(
            {
                "name": game.players[p],
                "sheet": sheet,
                "held": held,
                "penalty": penalty,
                "score": sheet["total"] - penalty,
            }
        )
    return {
        "game": "zatre",
        "seed": game.seed,
        "options": {"strict_adjacency": game.strict, "centre_doubles": game.centre_doubles,
                    "grey_exception_at": game.grey_at},
        "turns": game.turns,
        "finished": game.over,
        "bag": len(game.bag),
        "tiles_on_board": game.board.count,
        "players": players,
        "winners": [game.players[p] for p in game.winners()] if game.over else [],
    }
