"""`boardlight replay fits|zatre|forbes FILE`: check a game record action by action and
print the scores as JSON (record formats: docs/*-formats.md)."""

from __future__ import annotations

import json
from typing import Any

import click

from boardlight.commands.group import Group

from boardlight.commands.params import LayoutFile, OwnLayout, layouts_by_board, read_text
from boardlight.commands.score import layout_info


@click.group(cls=Group)
def replay() -> None:
    """Check a game record action by action and print the final scores as JSON."""


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True))


@replay.command("fits")
@click.option("--layout", "own", multiple=True, type=LayoutFile(),
              help="Your own layout file for a board 2-4 (repeatable).")
@click.argument("file", type=click.Path(dir_okay=False))
def replay_fits(own: tuple[OwnLayout, ...], file: str) -> None:
    """Replay a FITS game record FILE (or a tally record of a quick-tally game), checking
    every line, and print the scores as JSON."""
    from boardcore.fits.record import parse_record, replay

    from boardlight.sessions.fits_tally_record import is_tally_record, read_tally_record

    text = read_text(file)
    tally = is_tally_record(text)
    layouts = layouts_by_board(own)
    game = read_tally_record(text, file, layouts) if tally else replay(parse_record(text, file), layouts)
    rounds = []
    for k, scores in enumerate(game.round_scores):
        rounds.append({"round": k + 1, "board": game.boards[k],
                       "scores": {p: s["total"] for p, s in zip(game.players, scores)}})
    out = {"players": game.players, "seed": game.seed, "rounds": rounds,
           "totals": game.totals(), "complete": game.phase == "over",
           # The special spaces the scores of boards 2-4 rest on (the defaults are ILLUSTRATIVE).
           "layouts": {str(b): layout_info(game.layout(b)) for b in game.boards if b != 1},
           "scoring": "tally" if tally else "replay"}
    if game.phase == "over":
        from boardcore.fits.score import no_title_reason, solo_title, winners

        totals = game.totals()
        out["winners"] = winners(totals)
        if len(game.players) == 1:
            out["solo_rating"] = solo_title(totals[game.players[0]], 1, game.boards)
            if out["solo_rating"] is None:
                out["no_solo_rating"] = no_title_reason(1, game.boards)
    _echo_json(out)


@replay.command("zatre")
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
def replay_zatre(path: str) -> None:
    """Check a Zatre game record FILE turn by turn and print the score sheets and totals as JSON."""
    from boardcore.zatre.record import parse_record, replay

    from boardlight.render.json.zatre import game_outcome

    _echo_json(game_outcome(replay(parse_record(read_text(path), path))))


@replay.command("forbes")
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
def replay_forbes(path: str) -> None:
    """Check a Forbes match record FILE and print every game's scores and the totals as JSON."""
    from boardcore.forbes.record import parse_record, score_record

    _echo_json(score_record(parse_record(read_text(path), path)))


COMMANDS = (replay,)
