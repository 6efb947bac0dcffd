"""`boardlight history`, `show GAME`, `export GAME`: the games kept in the game log, and
the helpers every command that opens the log shares (--db, GAME numbers)."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, ParamSpec, TypeVar

import click

from boardlight.commands.errors import BadInput, Failure
from boardlight.commands.params import GameChoice, WholeNumber
from boardlight.computer import seats
from boardlight.store.gamelog import GAMES, StoreError, UnknownGame, default_path, open_store

if TYPE_CHECKING:
    from boardlight.sessions.base import Session
    from boardlight.store.gamelog import GameRow, Store

_P = ParamSpec("_P")
_R = TypeVar("_R")

DB_OPTION = click.option(
    "--db", "db", type=click.Path(dir_okay=False), default=None,
    help="The game log to use (default: games.sqlite3 in your data folder).")


def friendly(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """A store problem becomes a one-line error: a game number not in the log exit 2 (bad
    input), the log itself (damaged, read-only, a full disk) exit 1."""

    @functools.wraps(func)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return func(*args, **kwargs)
        except UnknownGame as exc:
            raise BadInput(str(exc)) from None
        except StoreError as exc:
            raise Failure(str(exc)) from None

    return wrapper


def log_path(db: str | None) -> str:
    """The game log's path, as open_store picks it."""
    return db or os.environ.get("BOARDLIGHT_DB") or str(default_path())


def open_log(db: str | None, create: bool = True) -> Store:
    """The game log; with create=False (history, show, export only read it) it is opened
    read-only, and a log that does not exist is an error instead of a new empty file (and
    folder) at a mistyped path."""
    if not create and not os.path.exists(log_path(db)):
        raise BadInput("there is no game log at %s: no game has been kept"
                       " there yet (check --db)" % log_path(db))
    try:
        return open_store(db, readonly=not create)
    except StoreError as exc:
        raise Failure(str(exc)) from None


def game_id(store: Store, text: str) -> int:
    """GAME as params.GameChoice read it (a number, or 'last'): the game's number."""
    if text == "last":
        rows = store.games(limit=1, damaged_ok=True)
        if not rows:
            raise BadInput("no games stored in %s yet" % store.path)
        return rows[0].id
    return int(text)


def _total(store: Store, row: GameRow) -> str:
    # One damaged game does not stop the list.
    damaged = "damaged in the log"
    if row.damaged:
        return damaged
    try:
        total = store.scores(row.id).get("total")
    except StoreError:
        return damaged
    return " ".join(str(p) for p, _ in total) if total else "-"


@click.command()
@click.option("--game", "game", type=click.Choice(GAMES), default=None,
              help="Only games of this kind.")
@click.option("--limit", type=WholeNumber(1, what="--limit"), default=50, show_default=True,
              help="List at most this many games, the newest first.")
@DB_OPTION
@friendly
def history(game: str | None, limit: int, db: str | None) -> None:
    """List stored games: number, game, status, players, dates and totals."""
    if not os.path.exists(log_path(db)):  # do not create a log just to list it
        click.echo("no games stored in %s yet" % log_path(db))
        return
    with open_log(db, create=False) as store:
        rows = store.games(game=game, limit=limit, damaged_ok=True)
        if not rows:
            click.echo("no games stored in %s yet" % store.path)
            return
        from boardlight.stats.ratings import change_text

        changes = _rating_changes(store)
        click.echo("%4s  %-6s  %-9s  %-16s  %-16s  %s" % (
            "#", "game", "status", "started", "last action", "players (total)"))
        for row in rows:
            change = changes.get(row.id)
            click.echo("%4d  %-6s  %-9s  %-16s  %-16s  %s (%s)%s" % (
                row.id, row.game, row.status, row.started[:16], row.updated[:16],
                ", ".join(row.players), _total(store, row),
                "  ratings %s" % change_text(change, row.players) if change else ""))


def _rating_changes(store: Store) -> dict[int, dict[str, tuple[float, float]]]:
    """{game id: {name: (before, after)}} of the rated games (stats.ratings); none when the
    log cannot give them (history lists the games all the same)."""
    from boardlight.stats.load import load
    from boardlight.stats.ratings import Ratings

    try:
        return Ratings(load(store)[0]).changes
    except StoreError:
        return {}


@click.command()
@click.argument("game_ref", metavar="GAME", type=GameChoice())
@click.option("--json", "as_json", is_flag=True, help="Print the stored game as JSON.")
@click.option("--svg", "svg_dir", type=click.Path(file_okay=False), default=None,
              help="Also write the game's pictures into this folder.")
@DB_OPTION
@friendly
def show(game_ref: str, as_json: bool, svg_dir: str | None, db: str | None) -> None:
    """Print one stored game with its score breakdown."""
    from boardlight.render.text.scores import breakdown_lines
    from boardlight.sessions.registry import resume_session

    with open_log(db, create=False) as store:
        row = store.game(game_id(store, game_ref))
        # Reading only: a game can be printed from a read-only log (a copy, a backup).
        session = resume_session(store, row.id, record=False)
        # The seed deals every card, tile, hand and stone still to come: it is shown
        # once the game is over, never while it is being played.
        seed = row.seed if row.status != "playing" else None
        if as_json:
            click.echo(json.dumps({
                "id": row.id, "game": row.game, "seed": seed, "options": row.options,
                "status": row.status, "started": row.started, "updated": row.updated,
                "players": row.players, "actions": session.seq,
                "scores": {part: list(points) for part, points, _ in session.score_lines()},
                "undone": [u.as_dict(session.describe) for u in session.undos],
                "state": session.snapshot()}, sort_keys=True, indent=1))
        else:
            click.echo("game %d: %s, %s, %s, %d actions" % (
                row.id, row.game, row.status,
                "seed hidden until the game is over" if seed is None else "seed %d" % seed,
                session.seq))
            click.echo("players: %s" % ", ".join(row.players))
            if seats.describe(row.players, row.options):
                click.echo("computer players: %s" % seats.describe(row.players, row.options))
            click.echo("started %s, last action %s" % (row.started[:19], row.updated[:19]))
            for line in session.summary_lines():
                click.echo(line)
            for undone in session.undos:
                click.echo("undone: action %d (%s), by %s at %s" % (
                    undone.undoes, session.describe(undone.action), undone.by, undone.at[:19]))
            for line in breakdown_lines(row.players, session.score_lines()):
                click.echo(line)
        if svg_dir is not None:
            _write_svgs(session, svg_dir)


@click.command()
@click.argument("game_ref", metavar="GAME", type=GameChoice(), required=False)
@click.option("-o", "--output", type=click.File("w", encoding="utf-8", lazy=True),
              default="-",
              help="Where to write the record (default: standard output).")
@click.option("--reveal", is_flag=True,
              help="Export a game still being played, seed and all (everyone agrees).")
@click.option("--all", "every", is_flag=True,
              help="Every play instead: players, scores, winners, dates, options.")
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default=None,
              help="With --all: csv (one row a play) or json (default).")
@DB_OPTION
@friendly
def export(game_ref: str | None, output: IO[str], reveal: bool, every: bool, fmt: str | None,
           db: str | None) -> None:
    """Write a stored game's record in the game's documented text format, or (--all) every
    play as CSV or JSON for a spreadsheet or another app."""
    from boardlight.sessions.registry import resume_session

    if every or fmt is not None:
        if game_ref is not None or reveal or not every:
            raise click.UsageError("export GAME writes one game's record; export --all"
                                   " [--format csv|json] every play: not both")
        from boardlight.commands.stats import all_plays, plays_text

        with open_log(db, create=False) as store:
            plays, problems = all_plays(store)
        for line in problems:
            click.echo("left out: %s" % line, err=True)
        output.write(plays_text(plays, fmt or "json"))
        return
    if game_ref is None:
        raise click.UsageError("which game? export GAME (a number from `boardlight"
                               " history`, or 'last'), or export --all")
    with open_log(db, create=False) as store:
        session = resume_session(store, game_id(store, game_ref), record=False)
        row = session.row
        if row.status == "playing" and not reveal and row.seed is not None:
            # As `show` hides it: the seed deals every card, tile, hand and stone still
            # to come (in Forbes, the other players' secret cards).
            raise BadInput(
                "game %d is still being played, and its record holds the seed, which deals"
                " everything still to come%s: export it when the game is over, or add"
                " --reveal if everyone at the table agrees" % (
                    row.id, " (the other players' secret cards too)"
                    if row.game == "forbes" else ""))
        output.write(seats.record_note(session.record_text(), row.players, row.options))


def _write_svgs(session: Session, folder: str) -> None:
    """The stored game's pictures (boardlight.render.records, from the game's record)."""
    from boardlight.render.records import PictureError, record_pictures, write_pictures
    from boardlight.sessions.fits import FitsSession

    if isinstance(session, FitsSession) and session.mode == "tally":
        # A quick-tally game has no drops, so no boards and no record to draw from: its
        # round scores still make the chart.
        from boardlight.render.svg.chart import chart_svg

        game = session.core
        pictures = {}
        if game.round_scores:
            points = [[rnd[i]["total"] for rnd in game.round_scores]
                      for i in range(len(game.players))]
            pictures["fits-scores.svg"] = chart_svg(game.players, points, "round",
                                                    "FITS scores by round")
        click.echo("quick tally: no boards to draw%s" % (
            ", only the score chart" if pictures else " and no round scored yet"))
    else:
        layouts = None
        own = (session.row.options or {}).get("layouts") if session.GAME == "fits" else None
        if own:
            # Played with the players' own boards (play fits --layout): draw and score
            # those, not the ILLUSTRATIVE defaults.
            from boardlight.sessions.fits import stored_layouts

            layouts = stored_layouts(own)
        pictures = record_pictures(session.GAME, session.record_text(),
                                   "game %d" % session.row.id, layouts)
    try:
        paths = write_pictures(pictures, folder)
    except PictureError as exc:
        raise Failure(str(exc)) from None
    for path in paths:
        click.echo("wrote %s" % path)


COMMANDS = (history, show, export)
