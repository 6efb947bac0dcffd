"""`boardlight stats`: statistics and ratings of the finished games in the game log
(boardlight.stats), as text, JSON (--json) or SVG charts (--svg DIR); filtered by player,
game and date range. And `boardlight export --all`'s writer (every play as CSV or JSON)."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from typing import TYPE_CHECKING, Any

import click

from boardlight.commands.gamelog import DB_OPTION, friendly, log_path, open_log
from boardlight.store.gamelog import GAMES, StoreError

if TYPE_CHECKING:
    from boardlight.store.gamelog import Store

NAMES = {"fits": "FITS", "zatre": "Zatre", "forbes": "Forbes"}


class Day(click.ParamType):
    """A day as YYYY-MM-DD."""

    name = "YYYY-MM-DD"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        try:
            return date.fromisoformat(value).isoformat()
        except (TypeError, ValueError):
            self.fail("a day is YYYY-MM-DD, e.g. 2025-03-14, not %r" % (value,), param, ctx)


@click.command()
@click.option("--player", "players", multiple=True, metavar="NAME",
              help="Only this player and the games they played (repeat for more).")
@click.option("--game", type=click.Choice(GAMES), default=None, help="Only this game.")
@click.option("--since", type=Day(), default=None, help="Only games finished on or after this day.")
@click.option("--until", type=Day(), default=None, help="Only games finished on or before this day.")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--svg", "svg_dir", type=click.Path(file_okay=False), default=None,
              help="Also write charts into this folder: scores over time, their spread.")
@DB_OPTION
@friendly
def stats(players: tuple[str, ...], game: str | None, since: str | None, until: str | None,
          as_json: bool, svg_dir: str | None, db: str | None) -> None:
    """Statistics and ratings of the finished games: wins, scores, per-game figures."""
    import os

    from boardlight.stats.load import load
    from boardlight.stats.ratings import Ratings
    from boardlight.stats.summary import summarize

    if since and until and since > until:
        raise click.BadParameter("--since %s is after --until %s" % (since, until),
                                 param_hint="--since")
    pictures: dict[str, str] = {}
    data: dict[str, Any]
    problems: list[str]
    if not os.path.exists(log_path(db)):
        data = {"games": 0, "by_game": {}}
        problems = []
    else:
        with open_log(db, create=False) as store:
            played, problems = load(store, game=game, since=since, until=until)
            # A rating depends on every game before: all of them up to --until.
            rated = played if since is None else load(store, game=game, until=until)[0]
            data = summarize(played, players or None, Ratings(rated))
        if svg_dir is not None and data["games"]:
            from boardlight.render.svg.stats import stats_pictures

            pictures = stats_pictures(played, players or None)
    for line in problems:
        click.echo("left out: %s" % line, err=True)
    if as_json:
        click.echo(json.dumps(data, sort_keys=True, indent=1))
    else:
        for line in stats_lines(data):
            click.echo(line)
    if pictures and svg_dir is not None:  # charts are drawn only for --svg
        from boardlight.render.records import PictureError, write_pictures

        try:
            paths = write_pictures(pictures, svg_dir)
        except PictureError as exc:
            raise click.ClickException(str(exc)) from None
        for path in paths:
            click.echo("wrote %s" % path)


def _num(value: float | None, digits: int = 1) -> str:
    if value is None:
        return "-"
    return ("%%.%df" % digits) % value


def stats_lines(data: dict[str, Any]) -> list[str]:
    """The text of `boardlight stats` from summarize()'s data."""
    if not data["games"]:
        return ["no finished games to count"]
    kinds = data["by_game"]
    lines = ["%d finished game%s: %s" % (data["games"], "" if data["games"] == 1 else "s",
                                         ", ".join("%s %d" % (NAMES[g], kinds[g]["games"])
                                                   for g in kinds))]
    for game, kind in kinds.items():
        players = kind["players"]
        width = max([6] + [len(n) for n in players])
        lines += ["", "%s (%d game%s)" % (NAMES[game], kind["games"],
                                          "" if kind["games"] == 1 else "s")]
        lines.append("  %-*s %6s %4s %4s %6s %5s %7s %5s %5s  %s" % (
            width, "player", "played", "solo", "wins", "shared", "win%", "average", "best",
            "worst", "rating"))
        for name, s in players.items():
            rate = s["rating"]
            lines.append("  %-*s %6d %4d %4d %6d %5s %7s %5d %5d  %s" % (
                width, name, s["played"], s["solo"], s["wins"], s["shared_wins"],
                "-" if s["win_rate"] is None else "%d%%" % round(100 * s["win_rate"]),
                _num(s["average"]), s["best"], s["worst"],
                "-" if rate is None else "%.1f (%d game%s)" % (
                    rate["mu"], rate["games"], "" if rate["games"] == 1 else "s")))
        for name, s in players.items():
            if game == "fits":
                if s["per_board"]:
                    lines.append("  %s, average per board: %s" % (name, ", ".join(
                        "board %s %s" % (b, _num(v)) for b, v in s["per_board"].items())))
                for solo in s["solo_games"]:
                    lines.append("  %s alone, %s (game %d): %d%s" % (
                        name, solo["date"], solo["game"], solo["total"],
                        ", %s" % solo["title"] if solo["title"] else ""))
            elif game == "zatre":
                lines.append("  %s: %d turns, %s points a turn, %d sheet row%s completed,"
                             " %d bonus points, %d doublings" % (
                                 name, s["turns"], _num(s["points_per_turn"], 2), s["rows"],
                                 "" if s["rows"] == 1 else "s", s["bonus"], s["doublings"]))
            else:
                patterns = ", ".join("%s %d" % kv for kv in s["patterns"].items()) or "none"
                lines.append("  %s: patterns %s; %d match win%s, %d of %d games won" % (
                    name, patterns, s["wins"] + s["shared_wins"],
                    "" if s["wins"] + s["shared_wins"] == 1 else "s",
                    s["match_games_won"], s["match_games"]))
    return lines


# -- export --all ------------------------------------------------------------------------

CSV_COLUMNS = ("id", "game", "status", "started", "finished", "players", "scores", "winners",
               "options")


def all_plays(store: Store) -> tuple[list[dict[str, Any]], list[str]]:
    """(plays, problems): every game in the log, oldest first, as {"id", "game", "status",
    "started", "finished" (None unless finished), "players": [{"name", "score"}],
    "winners", "options"}; a damaged game is left out with a line in `problems`."""
    plays: list[dict[str, Any]] = []
    problems: list[str] = []
    for row in reversed(store.games(damaged_ok=True)):
        if row.damaged:
            problems.append(row.damaged)
            continue
        try:
            total = store.scores(row.id).get("total")
        except StoreError as exc:
            problems.append(str(exc))
            continue
        points = [p for p, _ in total] if total else [None] * len(row.players)
        finished = row.status == "finished"
        best = max((p for p in points if p is not None), default=None)
        plays.append({
            "id": row.id, "game": row.game, "status": row.status, "started": row.started,
            "finished": row.updated if finished else None,
            "players": [{"name": n, "score": p} for n, p in zip(row.players, points)],
            "winners": [n for n, p in zip(row.players, points)
                        if finished and best is not None and p == best
                        and len(row.players) > 1],
            "options": row.options})
    return plays, problems


def plays_text(plays: list[dict[str, Any]], fmt: str) -> str:
    """The plays as JSON (a list) or CSV (one row per play; players, scores and winners
    separated by ';' in the players' order; options as JSON)."""
    if fmt == "json":
        return json.dumps(plays, sort_keys=True, indent=1) + "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for p in plays:
        writer.writerow([p["id"], p["game"], p["status"], p["started"][:19],
                         (p["finished"] or "")[:19],
                         ";".join(s["name"] for s in p["players"]),
                         ";".join("" if s["score"] is None else str(s["score"])
                                  for s in p["players"]),
                         ";".join(p["winners"]), json.dumps(p["options"], sort_keys=True)])
    return out.getvalue()


COMMANDS = (stats,)
