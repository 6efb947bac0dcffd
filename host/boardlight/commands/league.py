"""`boardlight league ...`: a club's league (docs/league.md).

- The server: `league serve --db postgresql://...` (or a SQLite file, the default).
- The director (token in $BOARDLIGHT_DIRECTOR_TOKEN): `league table`, `league tournament`,
  `league enter`, `league withdraw`, `league pair`, `league standings`.
- A table: `league join URL TOKEN` once, then `play ... --league URL`; `league push`
  sends whatever the league still lacks (after the network or the server was down).
"""

from __future__ import annotations

import os
import time
from typing import Any

import click

from boardlight.commands.errors import BadInput, Failure
from boardlight.commands.gamelog import DB_OPTION
from boardlight.commands.group import Group
from boardlight.commands.params import WholeNumber

DIRECTOR_ENV = "BOARDLIGHT_DIRECTOR_TOKEN"
SERVER_OPTION = click.option("--server", required=True, metavar="URL",
                             help="The league server, e.g. http://192.168.1.20:8750.")
TOURNAMENT_OPTION = click.option("--tournament", "tid", type=WholeNumber(1, what="--tournament"), required=True,
                                 help="The tournament's number (`league tournament` printed it).")


def _director() -> str:
    token = os.environ.get(DIRECTOR_ENV, "").strip()
    if not token:
        raise BadInput("the director's commands need the director's token in $%s" % DIRECTOR_ENV)
    return token


def _call(server: str, path: str, body: Any = None, token: str | None = None) -> Any:
    from boardlight.league import client

    try:
        return client.call(server, path, token, body)
    except ValueError as exc:
        raise BadInput(str(exc))
    except client.Refused as exc:
        raise BadInput("the league refused: %s" % exc)
    except client.Unreachable as exc:
        raise Failure(str(exc))


@click.group(cls=Group)
def league() -> None:
    """A club's league: the server, the director's commands, and a table's pushes."""


@league.command()
@click.option("--db", default=None, metavar="URL_OR_FILE",
              help="postgresql://USER@HOST/DB, or a SQLite file (default: league.sqlite3 in your data folder).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to serve on (0.0.0.0: every network of this machine).")
@click.option("--port", type=WholeNumber(1, 65535, what="--port"), default=8750, show_default=True,
              help="The port to serve on.")
@click.option("--new-director-token", is_flag=True, help="Make a new director's token (the old one stops working).")
@click.option("--director-token-file", type=click.Path(dir_okay=False), default=None,
              help="Write a new director's token to this file (private) instead of printing it.")
def serve(db: str | None, host: str, port: int, new_director_token: bool,
          director_token_file: str | None) -> None:
    """Serve the league: the tables' pushes, the director's calls, live standings pages."""
    from boardlight.league.db import LeagueDbError
    from boardlight.league.server import default_db, serve as run

    try:
        run(db or default_db(), host, port, renew_director=new_director_token,
            say=lambda line: click.echo(line, err=True), token_file=director_token_file)
    except LeagueDbError as exc:
        raise Failure(str(exc))
    except OSError as exc:
        raise Failure("cannot serve on %s:%d: %s" % (host, port, exc.strerror or exc))


@league.command()
@SERVER_OPTION
@click.argument("name")
@click.option("--renew", is_flag=True, help="A new token for a table the league has (the old one stops working).")
def table(server: str, name: str, renew: bool) -> None:
    """Add a table to the league (director); prints its token, once."""
    answer = _call(server, "/api/tables", {"name": name, "renew": renew}, _director())
    click.echo(answer["token"])


@league.command()
@SERVER_OPTION
@click.option("--name", required=True, help="The tournament's name, as its pages show it.")
@click.option("--game", type=click.Choice(["zatre", "forbes", "fits"]), required=True, help="The game every table plays.")
@click.option("--system", type=click.Choice(["swiss", "round_robin"]), default="swiss", show_default=True,
              help="How the rounds are paired (docs/league.md).")
@click.option("--rounds", type=WholeNumber(1, 99, what="--rounds"), required=True, help="How many rounds it has.")
@click.option("--tables", "table_names", required=True, help="The league's tables it plays on, in order: 1,2,3.")
@click.option("--sizes", default=None, help="Players at a table: FEWEST,PREFERRED,MOST (Zatre 2,2,2; else 3,4,5).")
@click.option("--avoid", type=click.Choice(["nation", "city"]), default=None,
              help="Keep team-mates apart where the pairing can.")
@click.option("--season", default=None, help="The season its games count for in the club rankings (default: this year).")
def tournament(server: str, name: str, game: str, system: str, rounds: int, table_names: str,
               sizes: str | None, avoid: str | None, season: str | None) -> None:
    """Make a tournament (director); prints its number."""
    spec: dict[str, Any] = {"name": name, "game": game, "system": system, "rounds": rounds,
                            "tables": [t.strip() for t in table_names.split(",") if t.strip()], "avoid": avoid}
    if sizes is not None:
        try:
            spec["sizes"] = [int(s) for s in sizes.split(",")]
        except ValueError:
            raise click.BadParameter("FEWEST,PREFERRED,MOST, e.g. 3,4,5", param_hint="--sizes")
    if season is not None:
        spec["season"] = season
    click.echo(_call(server, "/api/tournaments", spec, _director())["id"])


@league.command()
@SERVER_OPTION
@TOURNAMENT_OPTION
@click.argument("names", nargs=-1, required=True)
@click.option("--nation", default=None, help="Their nation, for the team cup by nation.")
@click.option("--city", default=None, help="Their city, for the team cup by city.")
def enter(server: str, tid: int, names: tuple[str, ...], nation: str | None, city: str | None) -> None:
    """Enter players (director): from the next round to be paired on."""
    for name in names:
        answer = _call(server, "/api/t/%d/entrants" % tid, {"name": name, "nation": nation, "city": city}, _director())
        click.echo("%s plays from round %d" % (answer["name"], answer["joined"]))


@league.command()
@SERVER_OPTION
@TOURNAMENT_OPTION
@click.argument("name")
def withdraw(server: str, tid: int, name: str) -> None:
    """Withdraw a player (director): not seated from the next round on."""
    answer = _call(server, "/api/t/%d/withdraw" % tid, {"name": name}, _director())
    click.echo("%s is not seated from round %d on" % (answer["name"], answer["withdrawn"]))


@league.command()
@SERVER_OPTION
@TOURNAMENT_OPTION
def pair(server: str, tid: int) -> None:
    """Pair the next round (director), once the last one is locked."""
    answer = _call(server, "/api/t/%d/rounds" % tid, {}, _director())
    click.echo("Round %d" % answer["round"])
    for no, names in enumerate(answer["tables"], 1):
        click.echo("  table %d: %s" % (no, ", ".join(names)))
    for name in answer["byes"]:
        click.echo("  bye: %s" % name)


@league.command()
@SERVER_OPTION
@TOURNAMENT_OPTION
def standings(server: str, tid: int) -> None:
    """Print the standings."""
    view = _call(server, "/api/t/%d" % tid)
    click.echo("%-4s %-20s %6s %6s %6s %8s" % ("#", "player", "MP", "diff", "h2h", "buchholz"))
    for s in view["standings"]:
        click.echo("%-4d %-20s %6g %+6d %6g %8g" % (s["place"], s["name"], s["match_points"],
                                                  s["score_difference"], s["head_to_head"], s["buchholz"]))


@league.command()
@click.argument("server")
@click.argument("token")
@DB_OPTION
def join(server: str, token: str, db: str | None) -> None:
    """Keep this table's token for a league (beside the game log, private)."""
    from boardlight.commands.gamelog import log_path
    from boardlight.league import client
    from boardlight.league.outbox import Outbox

    try:
        client.check_url(server)
    except ValueError as exc:
        raise BadInput(str(exc))
    outbox = Outbox(log_path(db))
    try:
        outbox.join(server, token)
    finally:
        outbox.close()
    click.echo("this table plays for %s: `boardlight play GAME --league %s`" % (server.rstrip("/"), server.rstrip("/")))


@league.command()
@click.option("--server", default=None, metavar="URL", help="Only the games of this league (default: every league).")
@DB_OPTION
@click.option("--follow", is_flag=True, help="Keep pushing as the log grows, until Ctrl-C.")
def push(server: str | None, db: str | None, follow: bool) -> None:
    """Send the leagues every action of this table's league games they still lack."""
    from boardlight.commands.gamelog import log_path
    from boardlight.league.outbox import OutboxError, push_all
    from boardlight.store.gamelog import StoreError

    path = log_path(db)
    if not os.path.exists(path):
        raise BadInput("there is no game log at %s (check --db)" % path)
    while True:
        try:
            reports = push_all(path, server)
        except (OutboxError, StoreError) as exc:
            raise Failure(str(exc))
        for report in reports:
            if not follow or report.sent or report.problem:
                click.echo(report.line(), err=report.problem is not None)
        if not follow:
            if any(r.problem for r in reports):
                raise Failure("some actions could not be pushed: `%s` again sends them"
                              % "boardlight league push")
            if not reports:
                click.echo("nothing to push: no league game waits in %s" % path)
            return
        time.sleep(1.0)


COMMANDS = (league,)
