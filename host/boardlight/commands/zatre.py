"""`boardlight hint zatre FILE`, `boardlight replay zatre FILE`, `boardlight play zatre`.

File formats: docs/zatre-formats.md. Rules and readings: docs/zatre-rules.md.
"""

import json

import click

from boardcore.digits import is_digits
from boardcore.errors import FormatError
from boardcore.textfile import content_lines


def _read(path):
    try:
        with open(path, encoding="utf-8-sig") as f:  # -sig: a Windows editor's BOM is skipped
            return f.read()
    except OSError as exc:
        raise FormatError("cannot read file (%s)" % (exc.strerror or exc), path)
    except UnicodeDecodeError:
        raise FormatError("not a text file", path)


def _first_line(text):
    """The first line that is not blank or a '#' comment (both formats skip those)."""
    lines = content_lines(text)
    return lines[0][1] if lines else ""


def _echo_json(data):
    click.echo(json.dumps(data, indent=2, sort_keys=True))


@click.command("zatre")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
def hint_zatre(path):
    """Print the hints for a Zatre position (or the position a record ends in) as JSON:
    every legal turn of the hand to move ranked, the best, per-cell hints, the compact hint."""
    from boardcore.zatre.position import parse_position
    from boardcore.zatre.record import parse_record, replay

    from boardlight.render.json.zatre import hints

    text = _read(path)
    if _first_line(text) == "zatre record":
        game = replay(parse_record(text, path))
        board, hand, first, strict = game.board, game.hand(), game.first_turn, game.strict
        player = game.players[game.current]
        if game.over:
            hand = []
    else:
        if _first_line(text) != "zatre position":
            raise FormatError("the first line must be 'zatre position' or 'zatre record'", path)
        pos = parse_position(text, path)
        board, hand, first, strict = pos.board, pos.hands[pos.to_move], pos.first_turn, pos.strict
        player = pos.players[pos.to_move]
        if first and len(hand) != 3:
            raise FormatError("on the first turn (empty board) the player to move holds 3 tiles, not %d" % len(hand), path)
    _echo_json(hints(board, hand, first, strict, player))


@click.command("zatre")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
def replay_zatre(path):
    """Check a Zatre game record turn by turn and print the score sheets and totals as JSON."""
    from boardcore.zatre.record import parse_record, replay

    from boardlight.render.json.zatre import game_outcome

    _echo_json(game_outcome(replay(parse_record(_read(path), path))))


@click.command("zatre")
@click.option("--players", default="Player1,Player2", show_default=True, help="Comma-separated names, 1 to 6, or how many (players P1..Pn).")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Seed of the bag (default: from the clock).")
@click.option("--strict-adjacency/--no-strict-adjacency", default=False, help="Every new tile must touch a tile from an earlier turn (default off).")
@click.option("--centre-doubles/--no-centre-doubles", default=False, help="The red start square is grey too (default off).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, writable=True), default=None, help="Write the game record to this file after every turn.")
def play_zatre(players, seed, strict_adjacency, centre_doubles, record_path):
    """Play Zatre in the terminal: type placements as VALUE@ROW,COL (e.g. 5@7,8 3@7,9);
    'help' lists the commands (hint, hints, cells, sheets, pass, quit)."""
    import time

    from boardcore.zatre.game import Game

    from boardlight.plain.zatre import play

    if record_path:
        # Refuse a record file that cannot be written before the first turn, not after it.
        try:
            open(record_path, "a").close()
        except OSError as exc:
            raise click.BadParameter("cannot write %s (%s)" % (record_path, exc.strerror), param_hint="--record")
    if seed is None:
        seed = int(time.time()) % 1000000
    names = [p.strip() for p in players.split(",")]
    if len(names) == 1 and is_digits(names[0]):
        # A count, as the table UI's --players takes it (`play zatre --plain --players 3`).
        count = int(names[0])
        if not 1 <= count <= 6:
            raise click.BadParameter("Zatre takes 1 to 6 players, not %d" % count, param_hint="--players")
        names = ["P%d" % (k + 1) for k in range(count)]
    game = Game(names, seed, strict_adjacency, centre_doubles)
    click.echo("Zatre, seed %d (replay with the same --seed to get the same tiles)" % seed)
    play(game, read=lambda prompt: input(prompt), write=click.echo, record_path=record_path)


def register(hint, replay, play, **_):
    hint.add_command(hint_zatre)
    replay.add_command(replay_zatre)
    play.add_command(play_zatre)
