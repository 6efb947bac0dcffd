"""`boardlight score fits|forbes FILE`: score a board position and print the breakdown.

Positions use the text formats of docs/fits-formats.md and docs/forbes-formats.md. Rule
and format errors propagate to cli.main, which prints them on one line and exits with 2.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from boardlight.commands.group import Group

from boardlight.commands.params import LayoutFile, OwnLayout, read_text

if TYPE_CHECKING:
    from boardcore.fits.layouts import Layout

_F = TypeVar("_F", bound=Callable[..., Any])


@click.group(cls=Group)
def score() -> None:
    """Score a board position and print the breakdown as JSON."""


def layout_info(layout: Layout) -> dict[str, Any]:
    """Which special spaces a FITS score rests on (the defaults of boards 2-4 are ILLUSTRATIVE)."""
    if layout.board == 1:
        return {"board": 1, "source": None, "illustrative": False}
    info: dict[str, Any] = {"board": layout.board, "source": layout.source if layout.source else None,
            "illustrative": layout.illustrative}
    if layout.illustrative:
        info["note"] = "ILLUSTRATIVE default layout, not the printed board"
    return info


@score.command("fits")
@click.option("--board", "board", type=click.IntRange(1, 4),
              help="Board number 1..4 (must match the file's header).")
@click.option("--layout", "own", type=LayoutFile(),
              help="Your own layout file for boards 2-4 (docs/fits-layouts.md).")
@click.option("--text", "as_text", is_flag=True, help="Readable text instead of JSON.")
@click.argument("file", type=click.Path(dir_okay=False))
def score_fits(board: int | None, own: OwnLayout | None, as_text: bool, file: str) -> None:
    """Score a FITS board position FILE (docs/fits-formats.md) and print the breakdown."""
    from boardcore.fits.position import parse_position

    pos = parse_position(read_text(file), file, own.layout if own else None, board)
    result = pos.score()
    if as_text:
        from boardlight.render.text.fits import score_lines

        click.echo("\n".join(score_lines(os.path.basename(file), result)))
        if pos.layout.illustrative:
            click.echo("(special spaces: ILLUSTRATIVE default layout, not the printed board)")
        return
    result["layout"] = layout_info(pos.layout)
    click.echo(json.dumps(result, indent=2, sort_keys=True))


FORBES_FLAGS = (
    click.option("--centre-also-square/--no-centre-also-square", default=None,
                 help="The centre block also scores as a square (default off)."),
    click.option("--pay-once-per-player/--no-pay-once-per-player", default=None,
                 help="Pay a pattern once per player, not per card (default off)."),
)


def forbes_flags(func: _F) -> _F:
    """The Forbes rule flags of `score forbes` (they override the file's options)."""
    for flag in reversed(FORBES_FLAGS):
        func = flag(func)
    return func


@score.command("forbes")
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@forbes_flags
def score_forbes(path: str, centre_also_square: bool | None,
                 pay_once_per_player: bool | None) -> None:
    """Score a Forbes position FILE (board and hands) and print the breakdown as JSON.

    Flags override the options written in the file.
    """
    from boardcore.forbes.patterns import complete_patterns
    from boardcore.forbes.position import parse_position
    from boardcore.forbes.rules import Options

    position = parse_position(read_text(path), path)
    values = position.options.to_dict()
    for name, given in (("centre_also_square", centre_also_square),
                        ("pay_once_per_player", pay_once_per_player)):
        if given is not None:
            values[name] = given
    position.options = Options.from_dict(values)
    result = position.score()
    result["options"] = position.options.to_dict()
    result["patterns"] = [
        {"pattern": pid, "kind": kind, "value": value, "symbol": symbol}
        for pid, kind, value, symbol in complete_patterns(position.board,
                                                          position.options.centre_also_square)
    ]
    click.echo(json.dumps(result, indent=2, sort_keys=True))


COMMANDS = (score,)
