"""`boardlight hint zatre FILE`: the hints for a position (docs/zatre-formats.md)."""

import json

import click

from boardlight.commands.group import Group

from boardcore.errors import FormatError
from boardcore.textfile import content_lines

from boardlight.commands.params import read_text


@click.group(cls=Group)
def hint():
    """Print the hints for a position as JSON."""


def _first_line(text):
    """The first line that is not blank or a '#' comment (both formats skip those)."""
    lines = content_lines(text)
    return lines[0][1] if lines else ""


@hint.command("zatre")
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
def hint_zatre(path):
    """Print the hints for a Zatre position FILE (or the position a record ends in) as JSON:
    every legal turn of the hand to move ranked, the best, per-cell hints, the compact hint."""
    from boardcore.zatre.position import parse_position
    from boardcore.zatre.record import parse_record, replay

    from boardlight.render.json.zatre import hints

    text = read_text(path)
    if _first_line(text) == "zatre record":
        game = replay(parse_record(text, path))
        board, hand, first, strict = game.board, game.hand(), game.first_turn, game.strict
        grey_at = game.grey_at
        player = game.players[game.current]
        if game.over:
            hand = []
    else:
        if _first_line(text) != "zatre position":
            raise FormatError("the first line must be 'zatre position' or 'zatre record'", path)
        pos = parse_position(text, path)
        board, hand, first, strict = pos.board, pos.hands[pos.to_move], pos.first_turn, pos.strict
        grey_at = pos.grey_at
        player = pos.players[pos.to_move]
        if first and len(hand) != 3:
            raise FormatError("on the first turn (empty board) the player to move holds 3 tiles,"
                              " not %d" % len(hand), path)
    click.echo(json.dumps(hints(board, hand, first, strict, player, grey_at), indent=2,
                          sort_keys=True))


COMMANDS = (hint,)
