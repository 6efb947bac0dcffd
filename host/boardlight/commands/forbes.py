"""`boardlight replay forbes FILE`, `boardlight score forbes FILE`, `boardlight play forbes`.

File formats: docs/forbes-formats.md. Rule options: docs/forbes-rules.md.
"""

import json
import os

import click

from boardcore.digits import is_digits
from boardcore.errors import FormatError
from boardcore.forbes.rules import Options

OPTION_FLAGS = (
    click.option("--centre-also-square/--no-centre-also-square", default=None, help="The centre block also scores as a square (default off)."),
    click.option("--pay-once-per-player/--no-pay-once-per-player", default=None, help="Pay a pattern once per player, not per card (default off)."),
)


def _with_flags(func):
    for flag in reversed(OPTION_FLAGS):
        func = flag(func)
    return func


def _override(options, centre_also_square, pay_once_per_player, target_score=None):
    """The options with any flag given on the command line replacing the file's setting."""
    values = options.to_dict()
    if centre_also_square is not None:
        values["centre_also_square"] = centre_also_square
    if pay_once_per_player is not None:
        values["pay_once_per_player"] = pay_once_per_player
    if target_score is not None:
        values["target_score"] = target_score
    return Options.from_dict(values)


def _read(path):
    try:
        with open(path, encoding="utf-8-sig") as f:  # -sig: skips the BOM Windows editors write
            return f.read()
    except OSError as exc:
        raise FormatError("cannot read file (%s)" % (exc.strerror or exc), path)
    except UnicodeDecodeError:
        raise FormatError("not a text file", path)


def _echo_json(data):
    click.echo(json.dumps(data, indent=2, sort_keys=True))


@click.command("forbes")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
def replay_forbes(path):
    """Check a Forbes match record and print every game's scores and the totals as JSON."""
    from boardcore.forbes.record import parse_record, score_record

    _echo_json(score_record(parse_record(_read(path), path)))


@click.command("forbes")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@_with_flags
def score_forbes(path, centre_also_square, pay_once_per_player):
    """Score a Forbes position file (board and hands) and print the breakdown as JSON.

    Flags override the options written in the file.
    """
    from boardcore.forbes.patterns import complete_patterns
    from boardcore.forbes.position import parse_position

    position = parse_position(_read(path), path)
    position.options = _override(position.options, centre_also_square, pay_once_per_player)
    result = position.score()
    result["options"] = position.options.to_dict()
    result["patterns"] = [
        {"pattern": pid, "kind": kind, "value": value, "symbol": symbol}
        for pid, kind, value, symbol in complete_patterns(position.board, position.options.centre_also_square)
    ]
    _echo_json(result)


@click.command("forbes")
@click.argument("players", nargs=-1)
@_with_flags
@click.option("--target", "target_score", type=click.IntRange(min=1), default=None, help="Match ends when a total reaches this (default 100).")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Seed for the deals and stones (default: a random one, printed when the match ends).")
@click.option("--stones", type=click.Choice(["random", "table"]), default="random", show_default=True,
              help="random: the program draws each stone; table: players draw real stones and type them.")
@click.option("--dealer", default=None, help="Name of the first dealer (default: the first player).")
@click.option("--record", type=click.Path(dir_okay=False, writable=True), default=None, help="Write the match record here after each game.")
def play_forbes(players, centre_also_square, pay_once_per_player, target_score, seed, stones, dealer, record):
    """Play a Forbes match at this terminal, passing the screen round the table.

    PLAYERS are 2 to 5 names in playing order, or just how many (P1, P2, ...); asked for
    when none are given.
    """
    from boardcore.forbes.match import Match

    from boardlight.plain.forbes import TerminalMatch

    # "Ann,Bob" or "Ann Bob" in one argument is two names. Otherwise each argument is one
    # name (`play forbes --plain --players "Mary Ann,Bob"` passes "Mary Ann" and "Bob"), so
    # a name with a space is refused by the core instead of making an extra player.
    if len(players) == 1 and "," not in players[0]:
        names = players[0].split()
    else:
        names = [n.strip() for arg in players for n in arg.split(",") if n.strip()]
    if not names:
        names = click.prompt("Players, 2 to 5 names in playing order (or how many)").replace(",", " ").split()
    if len(names) == 1 and is_digits(names[0]):
        names = int(names[0])  # a count: players P1..Pn
    options = _override(Options(), centre_also_square, pay_once_per_player, target_score)
    chosen = seed is not None
    if not chosen:
        # A random seed is printed only once the match is over: the seed gives every deal
        # and every stone, so shown at the start it would give away the secret hands.
        seed = int.from_bytes(os.urandom(4), "big")
    match = Match(names, options, seed=seed)
    if dealer is not None:
        if dealer not in match.players:
            raise click.BadParameter("%r is not one of the players" % dealer, param_hint="--dealer")
        match = Match(match.players, options, seed=seed, first_dealer=match.players.index(dealer))
    # The rule options on a line of their own, within 80 columns (target_score is above).
    click.echo("Forbes, %smatch to %d.\nOptions: %s." % (
        "seed %d, " % seed if chosen else "", options.target_score,
        ", ".join("%s %s" % (k, "on" if v else "off")
                  for k, v in sorted(options.to_dict().items()) if k != "target_score")))
    TerminalMatch(match, stones=stones, record=record, seed=seed).run()
    if not chosen:
        click.echo("The seed was %d (--seed %d deals this match again)." % (seed, seed))


def register(play, replay, score, **_):
    play.add_command(play_forbes)
    replay.add_command(replay_forbes)
    score.add_command(score_forbes)
