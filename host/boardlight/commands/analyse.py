"""`boardlight analyse GAME_NUMBER|RECORD_FILE [--level N] [--json] [--svg DIR]`: every move
of every player beside the engine's choice and the expected points it lost, a summary per
player (the total expected loss, the three costliest moves) and a chart
(boardlight.computer.analysis; docs/engines.md)."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

import click

from boardcore.errors import FormatError
from boardcore.textfile import content_lines

from boardlight.commands.gamelog import DB_OPTION, friendly, game_id, open_log
from boardlight.commands.params import LayoutFile, OwnLayout, layouts_by_board, read_text

if TYPE_CHECKING:
    from boardcore.fits.layouts import Layout

    from boardlight.computer.analysis import Review

    # What a game's analysis starts from: the game, its players, the reviews of its moves
    # and the label it is printed under.
    Analysed = tuple[str, list[str], list[Review], str]

GAMES = {"FITS game record": "fits", "zatre record": "zatre", "forbes-match": "forbes"}
NAMES = {"fits": "FITS", "zatre": "Zatre", "forbes": "Forbes"}


@click.command()
@click.argument("game_ref", metavar="GAME_NUMBER|RECORD_FILE")
@click.option("--level", type=click.IntRange(1, 5), default=5, show_default=True,
              help="The engine's level, 1 (a beginner) to 5 (its best).")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option("--svg", "svg_dir", type=click.Path(file_okay=False), default=None,
              help="Also write the chart of the expected losses into this folder.")
@click.option("--layout", "own", multiple=True, type=LayoutFile(),
              help="A record file's own FITS layout for a board 2-4 (repeatable).")
@DB_OPTION
@friendly
def analyse(game_ref: str, level: int, as_json: bool, svg_dir: str | None,
            own: tuple[OwnLayout, ...], db: str | None) -> None:
    """Analyse a game: each move played beside the engine's choice and what it was expected
    to lose; a game number from `boardlight history`, 'last', or a record file."""
    from boardlight.computer import analysis

    if os.path.isfile(game_ref):
        game, players, reviews, label = _from_file(game_ref, level, layouts_by_board(own))
    elif game_ref == "last" or game_ref.isdecimal():
        if own:
            raise click.UsageError("--layout is for a record file: a stored game keeps its own layouts")
        game, players, reviews, label = _from_log(game_ref, level, db)
    else:
        raise click.BadParameter("neither a game number from `boardlight history` nor a record"
                                 " file: %r" % game_ref, param_hint="GAME_NUMBER|RECORD_FILE")
    summary = analysis.summary(players, reviews)
    values = analysis.value_words(game, level)
    if as_json:
        click.echo(json.dumps({"game": game, "source": label, "level": level, "value": values,
                               "moves": [r.as_dict() for r in reviews], "players": summary},
                              indent=2, sort_keys=True))
    else:
        _print_text(game, label, level, values, reviews, summary)
    if svg_dir is not None:
        _write_chart(game, label, players, reviews, svg_dir, level, as_json)


def _from_file(path: str, level: int, layouts: dict[int, Layout]) -> Analysed:
    from boardlight.computer import analysis

    text = read_text(path)
    lines = content_lines(text)
    head = lines[0][1] if lines else ""
    game = GAMES.get(head) or GAMES.get(head.split()[0] if head else "")
    if game is None:
        raise FormatError("not a game record: the first line must be one of %s"
                          % ", ".join("'%s'" % h for h in sorted(GAMES)), path)
    if game == "fits":
        from boardcore.fits.record import parse_record, replay

        final = replay(parse_record(text, path), layouts)
        return game, final.players, analysis.fits_reviews(final, level, layouts), path
    if layouts:
        raise click.UsageError("--layout is for a FITS record")
    if game == "zatre":
        from boardcore.zatre.record import parse_record as parse_zatre, replay as replay_zatre

        zatre = replay_zatre(parse_zatre(text, path))
        return game, zatre.players, analysis.zatre_reviews(zatre, level), path
    from boardcore.forbes.record import parse_record as parse_forbes
    from boardcore.forbes.rules import Options

    record = parse_forbes(text, path)
    games = analysis.forbes_games_of_record(record)
    return (game, record.players, analysis.forbes_reviews(
        record.players, Options.from_dict(record.options), games, record.seed, level), path)


def _from_log(game_ref: str, level: int, db: str | None) -> Analysed:
    from boardlight.computer import analysis
    from boardlight.sessions.fits import FitsSession
    from boardlight.sessions.fits_tally import TallyGame
    from boardlight.sessions.forbes import ForbesSession
    from boardlight.sessions.registry import resume_session
    from boardlight.sessions.zatre import ZatreSession

    with open_log(db, create=False) as store:
        gid = game_id(store, game_ref)
        row = store.game(gid)
        if row.status == "playing":
            # As `export` and `show` keep them: the engine's view of a move tells the
            # player's cards (Forbes), the record the seed that deals what is to come.
            raise click.ClickException("game %d is still being played: analyse it when it is"
                                       " over" % gid)
        session = resume_session(store, gid, record=False)
        label = "game %d" % gid
        if isinstance(session, FitsSession):
            game = session.core
            if isinstance(game, TallyGame):  # session.mode "tally"
                raise click.ClickException("game %d is a quick-tally FITS game: it has no drops"
                                           " to analyse" % gid)
            return row.game, row.players, analysis.fits_reviews(game, level), label
        if isinstance(session, ZatreSession):
            return row.game, row.players, analysis.zatre_reviews(session.core, level), label
        assert isinstance(session, ForbesSession)  # the third game
        match = session.core
        return (row.game, row.players, analysis.forbes_reviews(
            row.players, match.options, analysis.forbes_games_of_session(session),
            None if session.table_stones else row.seed, level), label)


def _print_text(game: str, label: str, level: int, values: str, reviews: list[Review],
                summary: list[dict[str, Any]]) -> None:
    click.echo("Analysis of %s (%s), engine level %d; values in %s." % (label, NAMES[game], level, values))
    width = max([len(r.player) for r in reviews] + [6])
    click.echo("%-16s %-*s  %-18s %-18s %s" % ("move", width, "player", "played", "engine's choice",
                                              "expected loss"))
    for r in reviews:
        click.echo("%-16s %-*s  %-18s %-18s %.2f" % (r.where, width, r.player, r.played,
                                                    "(the same)" if r.best == r.played else r.best, r.loss))
    click.echo("")
    click.echo("summary (expected loss in %s):" % ("win shares" if "WIN SHARES" in values else "points"))
    for s in summary:
        costly = "; ".join("%s %s (engine: %s) %.2f" % (c["where"], c["played"], c["best"], c["loss"])
                           for c in s["costliest"]) or "none lost anything"
        click.echo("  %s: %d moves, total expected loss %.2f; costliest: %s" % (
            s["player"], s["moves"], s["expected_loss"], costly))


def _write_chart(game: str, label: str, players: list[str], reviews: list[Review], folder: str,
                 level: int, quiet_stdout: bool) -> None:
    from boardlight.render.records import PictureError, write_pictures
    from boardlight.render.svg.analysis import loss_chart_svg

    losses = [[r.loss for r in reviews if r.player == name] for name in players]
    costly = [sorted(range(len(moves)), key=lambda k: (-moves[k], k))[:3] for moves in losses]
    costly = [[k for k in ks if losses[p][k] > 0] for p, ks in enumerate(costly)]
    unit = "win shares" if game == "forbes" and level >= 4 else "points"
    svg = loss_chart_svg(players, losses, costly, "%s, %s: expected loss by move (engine level %d)"
                         % (NAMES[game], label, level), unit)
    try:
        paths = write_pictures({"%s-analysis.svg" % game: svg}, folder)
    except PictureError as exc:
        raise click.ClickException(str(exc)) from None
    for path in paths:
        click.echo("wrote %s" % path, err=quiet_stdout)  # the JSON alone on standard output


COMMANDS = (analyse,)
