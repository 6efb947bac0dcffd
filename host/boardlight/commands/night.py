"""`boardlight night start NAME --players ...`, `night end`, `night show`: a game night.

While a night is on, every game `boardlight play` starts joins it (without --players it
seats the night's players in the order suggested for it), and the standings count the rank
points of each finished game across FITS, Zatre and Forbes (boardlight.stats.night)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from boardlight.commands.errors import BadInput
from boardlight.commands.gamelog import DB_OPTION, friendly, open_log
from boardlight.commands.params import split_names
from boardlight.stats.night import DEFAULT_POINTS

if TYPE_CHECKING:
    from boardlight.store.gamelog import Store
    from boardlight.store.nights import NightRow


class Points(click.ParamType):
    """Rank points for 1st, 2nd, ... as "5,3,2,1"."""

    name = "POINTS"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> list[int]:
        if isinstance(value, (list, tuple)):
            return list(value)
        parts = [p.strip() for p in str(value).split(",")]
        if not parts or not all(p.isdecimal() for p in parts):
            self.fail("rank points are whole numbers for 1st, 2nd, ... separated by commas,"
                      " e.g. 5,3,2,1, not %r" % (value,), param, ctx)
        return [int(p) for p in parts]


@click.group()
def night() -> None:
    """A game night: one standings table across the games played in it."""


@night.command("start")
@click.argument("name")
@click.option("--players", required=True, metavar="NAMES",
              help="The night's players, comma-separated (Ann,Bob,Cy): the seat order of its"
                   " first game.")
@click.option("--points", type=Points(), default=",".join(str(p) for p in DEFAULT_POINTS),
              show_default=True, help="Rank points for 1st, 2nd, ... of each game.")
@DB_OPTION
@friendly
def night_start(name: str, players: str, points: list[int], db: str | None) -> None:
    """Start the game night NAME. Every game played until `night end` joins it."""
    try:
        names = split_names(players)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    with open_log(db) as store:
        store.start_night(name, names, points)
    click.echo("Game night %s is on for %s (rank points %s); every `boardlight play` joins"
               " it until `boardlight night end`." % (name.strip(), ", ".join(names),
                                                      ",".join(str(p) for p in points)))


@night.command("end")
@DB_OPTION
@friendly
def night_end(db: str | None) -> None:
    """End the game night that is on, and print its standings."""
    from boardlight.stats.night import standings

    with open_log(db) as store:
        ended = store.end_night()
        data = standings(store, ended)
    click.echo("Game night %s has ended." % ended.name)
    for line in night_lines(data):
        click.echo(line)


@night.command("show")
@click.argument("which", metavar="[NIGHT]", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the night as JSON.")
@click.option("--svg", "svg_dir", type=click.Path(file_okay=False), default=None,
              help="Also write its standings chart into this folder.")
@DB_OPTION
@friendly
def night_show(which: str | None, as_json: bool, svg_dir: str | None, db: str | None) -> None:
    """Print a game night's standings. NIGHT is its name or number (default: the one that
    is on, else the last)."""
    from boardlight.stats.night import standings

    with open_log(db, create=False) as store:
        data = standings(store, _pick(store, which))
    if as_json:
        click.echo(json.dumps(data, sort_keys=True, indent=1))
    else:
        for line in night_lines(data):
            click.echo(line)
    if svg_dir is not None:
        from boardlight.render.records import PictureError, write_pictures
        from boardlight.render.svg.stats import standings_svg

        try:
            paths = write_pictures({"night-%d.svg" % data["id"]: standings_svg(data)}, svg_dir)
        except PictureError as exc:
            raise click.ClickException(str(exc)) from None
        for path in paths:
            click.echo("wrote %s" % path)


def _pick(store: Store, which: str | None) -> NightRow:
    nights = store.nights()
    if not nights:
        raise click.ClickException("no game night in %s yet (`boardlight night start NAME"
                                   " --players ...` starts one)" % store.path)
    if which is None:
        return store.night_on() or nights[0]
    for n in nights:
        if str(n.id) == which or n.name == which:
            return n
    raise click.ClickException("no game night %r (nights: %s)" % (
        which, ", ".join("%d %s" % (n.id, n.name) for n in reversed(nights))))


def night_lines(data: dict[str, Any]) -> list[str]:
    """The text of `night show` from stats.night.standings()."""
    lines = ["Game night %s (%s), %s: %s" % (
        data["name"], data["started"][:16],
        "on" if data["ended"] is None else "ended %s" % data["ended"][:16],
        ", ".join(data["players"]))]
    lines.append("rank points per place: %s" % ", ".join(str(p) for p in data["points"]))
    width = max([6] + [len(e["name"]) for e in data["standings"]])
    lines.append("  %-*s %6s %5s %4s" % (width, "player", "points", "games", "wins"))
    for e in data["standings"]:
        lines.append("  %-*s %6s %5d %4d" % (width, e["name"], e["rank_points"], e["games"],
                                             e["wins"]))
    for g in data["games"]:
        if g["status"] != "finished":
            lines.append("  game %d, %s: %s" % (g["id"], g["game"], g["status"]))
            continue
        lines.append("  game %d, %s: %s" % (g["id"], g["game"], ", ".join(
            "%d. %s %d (+%s)" % (s["place"], s["name"], s["score"], _points(s["rank_points"]))
            for s in sorted(g["players"], key=lambda s: s["place"]))))
    if data["ended"] is None:
        lines.append("next game's seats: %s" % ", ".join(data["next_seats"]))
    for problem in data["problems"]:
        lines.append("left out: %s" % problem)
    return lines


def _points(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else "%g" % value


COMMANDS = (night,)
