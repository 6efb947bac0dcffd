"""`boardlight hint fits|zatre|forbes FILE [--level N] [--json]`: the engine's best move
and its ranking of the others, for a position or the position a record ends in.

`hint zatre` prints JSON as it always has (its keys unchanged, the engine's ranking added
under "engine"); `--text` prints it in words. `hint fits` and `hint forbes` print words,
and JSON with --json. The values: FITS, the board's expected score at the round's end;
Zatre, points (the sheet's gain, bonuses still to come, less what the turn opens for the
next player); Forbes at levels 4-5, the share of the win (1 = wins alone), below that
points. docs/engines.md says how each level plays.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import click

from boardcore.textfile import content_lines

from boardlight.commands.group import Group
from boardlight.commands.params import LayoutFile, OwnLayout, WordList, layouts_by_board, read_text

if TYPE_CHECKING:
    from boardcore.zatre.board import Board as ZatreBoard

_LEVEL: dict[str, Any] = dict(type=click.IntRange(1, 5), default=5, show_default=True,
              help="The engine's level, 1 (a beginner) to 5 (its best).")
_JSON: dict[str, Any] = dict(is_flag=True, help="Print the hint as JSON.")


@click.group(cls=Group)
def hint() -> None:
    """The engine's best move for a position or record, and its ranking of the others."""


def _first_line(text: str) -> str:
    """The first line that is not blank or a '#' comment (both formats skip those)."""
    lines = content_lines(text)
    return lines[0][1] if lines else ""


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True))


def _bad(exc: Exception) -> NoReturn:
    # A question the file cannot answer (no tile named, a player not in it): one line.
    raise click.UsageError(str(exc))


@hint.command("fits")
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@click.option("--tile", default=None,
              help="The tile to place (a position has none; for a record: as the next card).")
@click.option("--to-come", "to_come", type=WordList("tile ids, or none", "L4,X"), default=None,
              help="A position's tiles still to come this round (default: every tile not on"
                   " the board; 'none' on the last card).")
@click.option("--player", default=None,
              help="Whose board, in a record (default: the first still to act).")
@click.option("--layout", "own", multiple=True, type=LayoutFile(),
              help="Your own layout file for a board 2-4 (repeatable).")
@click.option("--level", **_LEVEL)
@click.option("--json", "as_json", **_JSON)
def hint_fits(path: str, tile: str | None, to_come: list[str] | None, player: str | None,
              own: tuple[OwnLayout, ...], level: int, as_json: bool) -> None:
    """The best drop (or set-aside) for a FITS position or record, every move ranked, each
    with the board's expected score at the round's end."""
    from boardcore.fits import engine

    from boardlight.computer import fits as computer_fits

    text = read_text(path)
    try:
        if to_come == ["NONE"]:
            to_come = []
        elif to_come is not None and _first_line(text).startswith("FITS game record"):
            raise ValueError("--to-come is for a position: a record says which cards are still to come")
        name, number, pos = computer_fits.file_position(text, path, tile.upper() if tile else None,
                                                        player, layouts_by_board(own), to_come)
    except ValueError as exc:
        _bad(exc)
    ranked = engine.analyse(pos, level)
    best = ranked[0]
    if as_json:
        _echo_json({"game": "fits", "player": name, "board": number, "tile": pos.tile,
                    "to_come": list(pos.to_come), "may_pass": pos.may_pass, "level": level,
                    "value": "the board's expected score at the round's end",
                    "best": computer_fits.move_dict(pos, *best),
                    "moves": [computer_fits.move_dict(pos, m, v) for m, v in ranked]})
        return
    click.echo("FITS board %d: %s places %s (engine level %d; the value is the board's expected"
               " score at the round's end)." % (number, name, pos.tile, level))
    click.echo("best: %s %s, %+.1f" % (pos.tile, computer_fits.move_words(pos.board, pos.tile, best[0]),
                                       best[1]))
    click.echo("every move, best first (ORIENTATION COLUMN, the row it rests on, value):")
    for line in computer_fits.ranked_lines(pos, ranked):
        click.echo("  " + line)


@hint.command("zatre")
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@click.option("--level", **_LEVEL)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default, as before).")
@click.option("--text", "as_text", is_flag=True, help="Print the hint in words instead of JSON.")
def hint_zatre(path: str, level: int, as_json: bool, as_text: bool) -> None:
    """The hints for a Zatre position (or the position a record ends in), as JSON: every
    legal turn of the hand to move ranked, the best, per-cell hints, the compact hint, and
    under "engine" the engine's ranking of the turns with its values."""
    from boardcore.zatre import engine

    from boardlight.computer import zatre as computer_zatre
    from boardlight.render.json.zatre import hints

    if as_json and as_text:
        raise click.UsageError("--json and --text each say how to print: choose one")
    player, inputs, pos = computer_zatre.file_position(read_text(path), path)
    board, hand, first, strict, grey_at = inputs
    ranked = engine.analyse(pos, level) if pos is not None and hand else []
    if as_text:
        click.echo("Zatre: %s holds %s (engine level %d; the value in points: the sheet's"
                   " gain with bonuses still to come, less what the turn opens for the next"
                   " player)." % (player, " ".join(str(v) for v in hand) or "nothing", level))
        if not ranked:
            click.echo("the game is over: no turn to play")
            return
        now = _points(board, ranked[0][0], first, strict, grey_at)
        click.echo("best: %s (%d point%s now), %+.2f" % (
            computer_zatre.entry(ranked[0][0]), now, "" if now == 1 else "s", ranked[0][1]))
        click.echo("every legal turn, best first (points now, value):")
        for turn, value in ranked:
            click.echo("  %-22s %2d  %+7.2f" % (computer_zatre.entry(turn),
                                                _points(board, turn, first, strict, grey_at), value))
        return
    out = hints(board, hand, first, strict, player, grey_at)
    out["engine"] = {
        "level": level,
        "value": "points: the sheet's gain with bonuses still to come, less what the turn"
                 " opens for the next player",
        "best": {"tiles": computer_zatre.tiles_dicts(ranked[0][0]), "value": round(ranked[0][1], 3)}
        if ranked else None,
        "turns": [{"tiles": computer_zatre.tiles_dicts(t), "value": round(v, 3)} for t, v in ranked],
    }
    _echo_json(out)


def _points(board: ZatreBoard, turn: Sequence[tuple[int, int, int]], first: bool, strict: bool,
            grey_at: str) -> int:
    from boardcore.zatre.board import index
    from boardcore.zatre.rules import check_turn

    if not turn:
        return 0
    return check_turn(board, [(index(r, c), v) for r, c, v in turn], first, strict, grey_at).points


@hint.command("forbes")
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@click.option("--stone", default=None,
              help="The stone drawn (S, T, C or X); without it, the best cell for each stone.")
@click.option("--player", default=None,
              help="Whose hint (default: the player to move; see docs/engines.md).")
@click.option("--level", **_LEVEL)
@click.option("--json", "as_json", **_JSON)
def hint_forbes(path: str, stone: str | None, player: str | None, level: int,
                as_json: bool) -> None:
    """The best cell for a Forbes position or match record, from what the player to move
    may see (their own cards), every empty cell ranked; without --stone, for each stone
    still face down."""
    from boardcore.forbes import engine
    from boardcore.forbes.rules import symbol_name

    from boardlight.computer import forbes as computer_forbes

    text = read_text(path)
    try:
        pos = computer_forbes.file_position(text, path, player)
        cases = [(stone.upper(), engine.analyse(computer_forbes.with_stone(pos, stone), level))] \
            if stone else computer_forbes.for_each_stone(pos, level)
    except ValueError as exc:
        _bad(exc)
    share = computer_forbes.is_share(level)
    view = pos.view
    if as_json:
        def cells(ranked: list[tuple[tuple[int, int], float]]) -> list[dict[str, Any]]:
            return [{"row": r, "col": c, "value": round(v, 4)} for (r, c), v in ranked]

        _echo_json({"game": "forbes", "player": view.name, "cards": view.hand, "level": level,
                    "value": "win share (1 = wins alone, 1/k for a top score shared by k)" if share
                    else "points (the cell's worth for the player's own cards)",
                    "stones": {code: {"best": cells(ranked)[0], "cells": cells(ranked)}
                               for code, ranked in cases}})
        return
    click.echo("Forbes: %s to play, holding %s (engine level %d; %s)." % (
        view.name, view.hand, level,
        "values are WIN SHARES, not points: 1 = wins alone, 1/k a top score shared by k"
        if share else "values in points for the player's own cards"))
    for code, ranked in cases:
        (r, c), v = ranked[0]
        click.echo("%s: best row %d, column %d (%s)" % (symbol_name(code), r, c,
                                                       computer_forbes.value_text(v, level)))
        if stone:
            click.echo("every empty cell, best first (ROW COL, value):")
            for (r, c), v in ranked:
                click.echo("  %d %d  %s" % (r, c, computer_forbes.value_text(v, level)))


COMMANDS = (hint,)
