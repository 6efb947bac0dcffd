"""`boardlight render position|record GAME FILE`: SVG pictures from the text formats."""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

import click

from boardlight.commands.group import Group

from boardlight.commands.errors import BadInput, Failure
from boardlight.commands.params import read_text
from boardlight.render import records

if TYPE_CHECKING:
    from boardcore.fits.layouts import Layout

_game = click.argument("game", type=click.Choice(records.GAMES))
_out = click.option(
    "-o", "--out", "out_dir", default=".", show_default=True, type=click.Path(file_okay=False),
    help="Folder to write the SVG files into (created if missing).",
)


@overload
def _layout(path: None) -> None: ...
@overload
def _layout(path: str) -> Layout: ...
def _layout(path: str | None) -> Layout | None:
    if path is None:
        return None
    from boardcore.fits import layouts as fits_layouts

    return fits_layouts.load_layout(path)  # FormatError names the file and line


def _write(pictures: dict[str, str], out_dir: str) -> None:
    try:
        paths = records.write_pictures(pictures, out_dir)
    except records.PictureError as exc:
        raise Failure(str(exc)) from None
    for path in paths:
        click.echo(path)


@click.group("render", cls=Group)
def render_group() -> None:
    """Write SVG pictures of boards, score sheets and score charts."""


@render_group.command()
@_game
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--layout", type=click.Path(dir_okay=False), help="FITS: your board's special-space layout file.")
@_out
def position(game: str, file: str, layout: str | None, out_dir: str) -> None:
    """Pictures of a position FILE: a FITS board, a Zatre board and score sheets, or a
    Forbes board with the hands' scores."""
    try:
        pictures = records.position_pictures(game, read_text(file), file, _layout(layout))
    except ValueError as exc:
        if type(exc) is not ValueError:  # FormatError: the CLI prints it as a format error
            raise
        raise BadInput(str(exc)) from None
    _write(pictures, out_dir)


@render_group.command()
@_game
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--layout", "layouts", multiple=True, type=click.Path(dir_okay=False),
    help="FITS: a layout file for one of boards 2-4 (repeatable).",
)
@_out
def record(game: str, file: str, layouts: tuple[str, ...], out_dir: str) -> None:
    """Pictures of a whole game record FILE: every FITS round's boards and the score
    chart; the Zatre board and sheets; each Forbes game's board and the match chart."""
    by_board: dict[int, Layout] = {}
    for path in layouts:
        lay = _layout(path)
        by_board[lay.board] = lay
    if by_board and game != "fits":
        raise click.UsageError("--layout is for FITS boards, not %s" % game)
    _write(records.record_pictures(game, read_text(file), file, by_board or None), out_dir)


COMMANDS = (render_group,)
