"""`boardlight play fits|zatre|forbes` and `boardlight play --resume [GAME]`.

Every game is a session kept in the game log, played at the full-screen table UI or, with
--plain, line by line (tui.plain) through the same view and entries; `--resume` continues
the last unfinished game (or game GAME) in either. `--players Ann,cpu:3` makes a seat a
computer player (boardlight.computer.seats), kept in the game's options.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from boardlight.commands.group import Group

from boardlight.commands.errors import BadInput, Failure
from boardlight.commands.gamelog import DB_OPTION, friendly, game_id, open_log
from boardlight.commands.params import (BoardFile, GameChoice, LayoutFile, NumberList,
                                        PlayerList, Seed, WholeNumber, WordList,
                                        layouts_by_board, split_names)
from boardlight.computer import seats
from boardlight.invocation import command

if TYPE_CHECKING:
    from boardlight.commands.params import BoardFileValue, OwnLayout
    from boardlight.sessions.base import Session
    from boardlight.store.gamelog import GameRow, Store
    from boardlight.web.server import WebServer

_F = TypeVar("_F", bound=Callable[..., Any])

NAMES = {"fits": "FITS", "zatre": "Zatre", "forbes": "Forbes"}

_RESUME: dict[str, Any] = dict(type=GameChoice(), is_flag=False, flag_value="last", default=None,
               metavar="[GAME]")
_DIRECT: dict[str, Any] = dict(type=BoardFile("linux"), default=None, metavar="BOARD_FILE")
_WEB = "Also serve each player's private page and a spectators' page (docs/web.md)."
_WEB_LAN = "As --web, and let phones on the local network reach the pages."
_LEAGUE = ("Push the game to this league server as it is played (the table's token:"
           " `boardlight league join URL TOKEN` once, or $BOARDLIGHT_TABLE_TOKEN); docs/league.md.")


@click.group(cls=Group, invoke_without_command=True)
@click.option("--resume", "resume", **_RESUME,
              help="Continue the last unfinished game (or pick from the list), or game GAME.")
@click.option("--plain", is_flag=True, help="With --resume: the line-based game.")
@click.option("--no-device", is_flag=True, help="With --resume: play with the terminal alone.")
@click.option("--port", default=None, help="With --resume: the device's serial port.")
@click.option("--direct", **_DIRECT,
              help="With --resume: drive a matrix wired to this computer.")
@click.option("--web", is_flag=True, help="With --resume: serve the players' web pages too.")
@click.option("--web-lan", is_flag=True, help="With --resume: serve them to the local network.")
@click.option("--league", default=None, metavar="URL", help="With --resume: push the game to this league as it is played.")
@DB_OPTION
@click.pass_context
def play(ctx: click.Context, resume: str | None, plain: bool, no_device: bool, port: str | None,
         direct: BoardFileValue | None, web: bool, web_lan: bool, league: str | None,
         db: str | None) -> None:
    """Play a game at the table (full-screen UI; --plain for the line-based game)."""
    if ctx.invoked_subcommand is not None:
        # Options before the game belong to `play --resume`: for a game they go after its
        # name (dropped, `play --no-device fits` would use a device).
        given = [name for name, value in (
            ("--resume", resume is not None), ("--plain", plain), ("--no-device", no_device),
            ("--db", db is not None), ("--port", port is not None),
            ("--direct", direct is not None), ("--web", web), ("--web-lan", web_lan),
            ("--league", league is not None)) if value]
        if given:
            raise click.UsageError("put %s after the game: play %s %s" % (
                " ".join(given), ctx.invoked_subcommand, " ".join(given)))
        return
    if resume is None:
        click.echo(ctx.get_help())
        return
    _play(None, {}, players=None, seed=None, port=port, no_device=no_device, direct=direct,
          resume=resume, plain=plain, record=None, db=db, web=web, web_lan=web_lan, league=league)


class SeatList(PlayerList):
    """--players: as PlayerList, where a word cpu:LEVEL is a computer seat; the value is
    the names with each computer seat named (seats.computer_names), and the option
    `computers` is made from them by _play."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> list[str]:
        if isinstance(value, list):
            return value
        if value.strip().isdecimal():
            # A count: checked before any name is made (split_names would make them all).
            return PlayerList.convert(self, value, param, ctx)
        words = split_names(value.strip())
        if not any(seats.is_token(w) for w in words):
            return PlayerList.convert(self, value, param, ctx)
        try:
            names, _computers = seats.computer_names(words)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        # The names checked as any others (how many, no two alike); the levels are read
        # again from the words by _play.
        PlayerList.convert(self, ",".join(names), param, ctx)
        return words


def _computer_seats(words: list[str], options: dict[str, Any]) -> list[str]:
    """The player names for the words of --players, the computer seats put into the
    game's options (seats.OPTION)."""
    names, computers = seats.computer_names(words)
    if computers:
        options[seats.OPTION] = computers
    return names


def _common(game: str, fewest: int, most: int) -> Callable[[_F], _F]:
    """The options of every `play GAME`: who plays, the deal, what shows it, the log."""
    options = [
        click.option("--players", type=SeatList(NAMES[game], fewest, most), default=None,
                     help="Player names, comma-separated (Ann,Bob), or how many"
                          " (default P1,P2; with --plain: asked); cpu:LEVEL (1-5) is a"
                          " computer player, e.g. Ann,cpu:3."),
        click.option("--seed", type=Seed(), default=None,
                     help="Seed for a reproducible deal (default: a random one, stored)."),
        click.option("--port", default=None,
                     help="The device's serial port (default: auto-detect)."),
        click.option("--no-device", is_flag=True, help="Play with the terminal alone."),
        click.option("--direct", **_DIRECT,
                     help="Drive a matrix and buttons wired to this computer's pins"
                          " (Raspberry Pi; see docs/direct.md) instead of a device."),
        click.option("--resume", "resume", **_RESUME,
                     help="Continue the last unfinished game (or game GAME)."),
        click.option("--plain", is_flag=True,
                     help="The line-based game instead of the UI (kept in the log too)."),
        click.option("--record", type=click.Path(dir_okay=False), default=None,
                     help="With --plain: also write the game record to this file after"
                          " every action."),
        click.option("--web", is_flag=True, help=_WEB),
        click.option("--web-lan", is_flag=True, help=_WEB_LAN),
        click.option("--league", default=None, metavar="URL", help=_LEAGUE),
        DB_OPTION,
    ]

    def decorate(func: _F) -> _F:
        for option in reversed(options):
            func = option(func)
        return func

    return decorate


@play.command("fits")
@_common("fits", 1, 4)
@click.option("--tally", is_flag=True,
              help="Quick tally at each round's end instead of entering every drop.")
@click.option("--cards", is_flag=True,
              help="Play with the real cards: scan (or type) each card turned.")
@click.option("--boards", type=NumberList("board numbers", "1,3"), default=None,
              help="Which boards, in order (default 1,2,3,4).")
@click.option("--layout", "own", multiple=True, type=LayoutFile(),
              help="Your own layout file for board 2, 3 or 4 (docs/fits-layouts.md;"
                   " repeat for each board). Kept with the game.")
@click.option("--start-tiles", type=WordList("four tile ids", "P,T5,U,Y"), default=None,
              help="The start cards (default P,T5,U,Y).")
@click.option("--max-overhang", type=WholeNumber(0, what="--max-overhang"), default=None,
              help="Rows a tile may stick out above the top (default: unlimited).")
def play_fits(tally: bool, cards: bool, boards: list[int] | None, own: tuple[OwnLayout, ...],
              start_tiles: list[str] | None, max_overhang: int | None, **common: Any) -> None:
    """Play FITS: each player drops the card turned (P ORIENTATION COLUMN), or passes."""
    options: dict[str, Any] = {}
    if tally:
        options["scoring"] = "tally"
    if cards:
        options["deal"] = "table"
    if boards is not None:
        options["boards"] = boards
    if own:
        options["layouts"] = layouts_option(own)
    if start_tiles is not None:
        options["start_tiles"] = start_tiles
    if max_overhang is not None:
        options["max_overhang"] = max_overhang
    _play("fits", options, **common)


def layouts_option(own: tuple[OwnLayout, ...]) -> dict[str, str]:
    """The FITS option `layouts` from --layout values (params.OwnLayout): {"2": the file's
    text, ...}, kept with the game so that a resumed game scores the same; one per board."""
    layouts_by_board(own)  # a second layout for a board is an error
    return {str(o.layout.board): o.text for o in own}


@play.command("zatre")
@_common("zatre", 1, 6)
@click.option("--strict-adjacency/--no-strict-adjacency", default=False,
              help="Each new tile must touch a tile from an earlier turn (default off).")
@click.option("--centre-doubles/--no-centre-doubles", default=False,
              help="The red start square is a grey (doubling) square too (default off).")
@click.option("--grey-exception-at", type=click.Choice(["tile", "turn"]), default=None,
              help="When 'a tile that fits nowhere else' may go on a grey square is judged:"
                   " as each tile goes down (tile, the default) or as the turn began (turn).")
def play_zatre(strict_adjacency: bool, centre_doubles: bool, grey_exception_at: str | None,
               **common: Any) -> None:
    """Play Zatre: place the tiles as VALUE@ROW,COL (5@7,7 3@7,8, say), or pass."""
    options: dict[str, Any] = {name: True for name, on in (("strict_adjacency", strict_adjacency),
                                           ("centre_doubles", centre_doubles)) if on}
    if grey_exception_at is not None:
        options["grey_exception_at"] = grey_exception_at
    _play("zatre", options, **common)


@play.command("forbes")
@_common("forbes", 2, 5)
@click.option("--target", type=WholeNumber(1, what="--target"), default=None,
              help="The match ends after the game in which a total reaches this (default 100).")
@click.option("--centre-also-square/--no-centre-also-square", default=False,
              help="The 4 centre cells also score as a 2 x 2 square (default off).")
@click.option("--pay-once-per-player/--no-pay-once-per-player", default=False,
              help="A pattern pays a player once, however many cards of its symbol they hold.")
@click.option("--dealer", default=None, help="Who deals the first game (default: the first player).")
@click.option("--stones", type=click.Choice(["random", "table"]), default="random",
              show_default=True,
              help="random: the program draws each stone; table: players turn up real"
                   " stones and type them.")
def play_forbes(target: int | None, centre_also_square: bool, pay_once_per_player: bool,
                dealer: str | None, stones: str, **common: Any) -> None:
    """Play a Forbes match: draw a stone, place it as ROW COL; your cards stay secret."""
    options: dict[str, Any] = {name: True for name, on in (("centre_also_square", centre_also_square),
                                           ("pay_once_per_player", pay_once_per_player)) if on}
    if target is not None:
        options["target_score"] = target
    if stones == "table":
        options["stones"] = "table"
    _play("forbes", options, dealer=dealer, **common)


@friendly
def _play(game: str | None, options: dict[str, Any], players: list[str] | None, seed: int | None,
          port: str | None, no_device: bool, direct: BoardFileValue | None, resume: str | None,
          plain: bool, record: str | None, db: str | None, web: bool = False,
          web_lan: bool = False, dealer: str | None = None, league: str | None = None) -> None:
    """Start or resume a game and play it until it is over or the players stop."""
    from boardlight.sessions.registry import resume_session, session_class

    # A BoardFileValue: checked as the command line was read.
    wiring = direct.given if direct is not None else None

    chosen = [name for name, value in (("--port", port), ("--no-device", no_device),
                                       ("--direct", wiring)) if value]
    if len(chosen) > 1:
        raise click.UsageError("%s each say what shows the game: choose one"
                               % " and ".join(chosen))
    if plain and (web or web_lan):
        raise click.UsageError("--web serves the table UI's game: not with --plain")
    if plain and (port or wiring):
        raise click.UsageError("--plain plays at this terminal alone: drop %s"
                               % " and ".join(c for c in chosen if c != "--no-device"))
    if record is not None:
        if not plain:
            raise click.UsageError(
                "--record is the line-based game's: options of the line-based game need"
                " --plain (the table UI keeps every game in its log: `%s`)" % command("export"))
        try:  # before the game, not after its first action
            open(record, "a").close()
        except OSError as exc:
            raise click.BadParameter("cannot write %s (%s)" % (record, exc.strerror),
                                     param_hint="--record")
    if league is not None:
        from boardlight.league.client import check_url

        try:
            league = check_url(league)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--league")
    store = open_log(db)
    pusher = None
    try:
        if resume is not None:
            setup = _setup_flags_given()
            if setup:
                raise click.UsageError("--resume continues a stored game as it was set up:"
                                       " drop %s" % " ".join(setup))
            session = resume_session(store, _pick_game(store, game, resume).id)
            chosen_seed = None
        else:
            assert game is not None  # only `play --resume` comes without a game's name
            night = store.night_on()
            if players is None and night is not None:
                from boardlight.stats.night import next_seats

                players = next_seats(night)  # the night's players, seated as suggested
            if players is None:
                players = _ask_players(game, options) if plain else ["P1", "P2"]
                if players is None:
                    click.echo("input closed: no game started")
                    return
            players = _computer_seats(players, options)
            if dealer is not None:
                if dealer not in players:
                    raise click.BadParameter("%r is not one of the players" % dealer,
                                             param_hint="--dealer")
                options["first_dealer"] = players.index(dealer)
            chosen_seed = seed
            if seed is None:
                seed = random.SystemRandom().randrange(1 << 31)
            session = session_class(game).start(store, players, seed, options)
            if night is not None:
                store.join_night(night.id, session.row.id)
                click.echo("Game %d is part of game night %s (`boardlight night show`)."
                           % (session.row.id, night.name))
        if league is not None:
            pusher = _start_pusher(store, session, league, new=resume is None)
        if plain:
            status = _run_plain(session, chosen_seed, resume is not None, record)
        else:
            status = _run_table(session, port, no_device, wiring, db,
                                "lan" if web_lan else ("local" if web else None),
                                new=resume is None)
        where = _db_words(db)
        if status == "playing":
            click.echo("Game %d is saved: `%s` continues it."
                       % (session.row.id, command("play --resume%s%s" % (" --plain" if plain else "", where))))
        else:
            click.echo("Game %d is over: `%s` prints it."
                       % (session.row.id, command("show %d%s" % (session.row.id, where))))
    finally:
        if pusher is not None:
            pusher.stop(say=click.echo)
        store.close()


def _start_pusher(store: Store, session: Session, league: str, new: bool) -> Any:
    """The league's pusher of this game (league.outbox.Pusher), started after a first push:
    a league that refuses the game (not the one its pairing seats at this table) says so
    before a new game starts; one out of reach is tried again as the game goes on."""
    from boardlight.league.outbox import OutboxError, Pusher

    try:
        pusher = Pusher(store.path, league, session.row.id)
    except OutboxError as exc:
        if new and session.seq == 0:
            store.forget_unplayed(session.row.id)
        raise BadInput("%s; no game was started" % exc if new else "%s; the game is saved" % exc)
    first = pusher.push_now(timeout=3.0)
    if first.refused:
        if new and session.seq == 0 and store.forget_unplayed(session.row.id):
            raise BadInput("the league %s refuses this game: %s; no game was started"
                           % (league, first.problem))
        click.echo("The league %s refuses this game (%s): it is played here only." % (league, first.problem))
        return None
    if first.problem is not None:
        click.echo("The league %s is out of reach (%s): the game is pushed when it is back."
                   % (league, first.problem))
    return pusher.start()


# The options that say how a game is played or kept, not how it is set up.
_NOT_SETUP = ("resume", "plain", "port", "no_device", "direct", "record", "db", "web", "web_lan",
              "league")


def _setup_flags_given() -> list[str]:
    """The options given on the command line that set up a new game (--players, --seed,
    the rule options...), as typed: a resumed game keeps its own."""
    from click.core import ParameterSource

    ctx = click.get_current_context()
    return [param.opts[0] for param in ctx.command.params
            if param.name not in _NOT_SETUP and isinstance(param, click.Option)
            and ctx.get_parameter_source(param.name) == ParameterSource.COMMANDLINE]


def _run_table(session: Session, port: str | None, no_device: bool, direct: str | None,
               db: str | None, web: str | None = None, new: bool = False) -> str:
    """The full-screen table UI (with the players' web pages for `web` "local" or "lan");
    returns the game's status. A new game whose device cannot start is taken out of the
    log again: no game was played."""
    from boardlight.link.connection import LinkError
    from boardlight.tui import app

    pages = _start_web(session, web)
    # Without --web the UI makes its own table (nobody else acts).
    shared = {"table": pages.table} if pages is not None else {}
    try:
        status = app.run_table(session, port=port, no_device=no_device, direct=direct,
                               **shared)
    except LinkError as exc:
        if new and session.seq == 0 and session.store.forget_unplayed(session.row.id):
            raise Failure("%s (no game was started: add --no-device to play without the"
                          " device)" % exc)
        raise Failure("%s (the game is saved: add --no-device to play without the device)" % exc)
    finally:
        if pages is not None:
            from boardlight.web.play import stop_pages

            stop_pages(pages, click.echo)
    if status is None:
        # The UI stopped on an error (Textual printed it): the game is not over, and
        # every action taken is in the log.
        raise Failure(
            "the table stopped on an error; game %d is saved up to its last action:"
            " `%s` continues it" % (session.row.id, command("play --resume%s" % _db_words(db))))
    return status


def _start_web(session: Session, web: str | None) -> WebServer | None:
    """The table's web pages (`web` "local" or "lan"), serving; None without --web."""
    if web is None:
        return None
    from boardlight.web.play import start_pages
    from boardlight.web.server import WebError

    def wait(text: str) -> None:
        click.prompt(text, default="", show_default=False, prompt_suffix=" ")

    try:
        return start_pages(session, lan=web == "lan", echo=click.echo,
                           wait=wait if _interactive() else None)
    except WebError as exc:
        raise Failure("%s; the game is saved" % exc)


def _run_plain(session: Session, seed: int | None, resumed: bool, record: str | None) -> str:
    """The line-based game at this terminal; returns the game's status."""
    from boardlight.tui.plain import PlainTable

    row = session.row
    click.echo("%s %s game #%d for %s%s." % (
        "Continuing" if resumed else "Playing", NAMES[row.game], row.id, ", ".join(row.players),
        ", seed %d" % seed if seed is not None else ""))
    click.echo("Options: %s." % options_text(row.players, row.options))
    return PlainTable(session, ask=input, say=click.echo, record=record).run()


def options_text(players: list[str], options: dict[str, Any]) -> str:
    """A stored game's options in words: 'target score 50, centre also square on'."""
    words = []
    for name in sorted(options):
        value = options[name]
        if name == "layouts":
            text = "your own layout for board %s" % " and ".join(sorted(value))
        elif name == seats.OPTION:
            text = "computer players %s" % seats.describe(players, options)
        elif name == "first_dealer":
            text = "first dealer %s" % players[value]
        elif value is True:
            text = "%s on" % name.replace("_", " ")
        elif isinstance(value, list):
            text = "%s %s" % (name.replace("_", " "), " ".join(str(v) for v in value))
        else:
            text = "%s %s" % (name.replace("_", " "), value)
        words.append(text)
    return ", ".join(words) or "none (the rules' defaults)"


def _ask_players(game: str, options: dict[str, Any]) -> list[str] | None:
    """The players, asked at the prompt until the game takes them; None when the input ends."""
    from boardcore.errors import RuleError

    from boardlight.sessions.registry import session_class

    core = session_class(game).new_core
    while True:
        try:
            text = input("Players: names separated by commas or spaces (cpu:LEVEL for a"
                         " computer), or how many (Enter: P1, P2): ")
        except EOFError:
            click.echo("")
            return None
        try:
            words = split_names(text) if text.strip() else ["P1", "P2"]
            names, computers = seats.computer_names(words)
            seats.check(names, {seats.OPTION: computers}, options.get("scoring") == "tally")
            core(names, 0, dict(options))
        except (RuleError, ValueError) as exc:
            click.echo("%s; type the names again." % exc)
            continue
        return words


def _interactive() -> bool:
    """Can we ask which game to continue? (Not when input is a pipe or a script.)"""
    return sys.stdin.isatty()


def _pick_game(store: Store, game: str | None, resume: str) -> GameRow:
    """The stored game --resume means: a number, the last unfinished one, or one picked."""
    if resume != "last":
        gid = game_id(store, resume)
        row = store.game(gid)
        if game is not None and row.game != game:
            raise BadInput("game %d is %s, not %s" % (gid, row.game, game))
        if row.status != "playing":
            raise BadInput("game %d is %s; `%s` prints it" % (gid, row.status, command("show %d" % gid)))
        return row
    rows = store.games(game=game, status="playing", limit=9, damaged_ok=True)
    if not rows:
        raise BadInput("no unfinished %sgame to resume in %s"
                       % (game + " " if game else "", store.path))
    if len(rows) == 1 or not _interactive():
        return rows[0]
    # Listed and picked by the game's own number, the one `history` and `show` use: a
    # line number beside it was taken for the game number.
    click.echo("unfinished games:")
    for row in rows:
        click.echo("  #%d %s, %s, last action %s" % (
            row.id, row.game, ", ".join(row.players), row.updated[:16]))
    by_id = {row.id: row for row in rows}
    choice = click.prompt("continue game number", default=str(rows[0].id),
                          value_proc=lambda text: _listed_game(text, by_id))
    return by_id[choice]


def _listed_game(text: str, by_id: dict[int, GameRow]) -> int:
    """The game number typed at the resume prompt ('2' or '#2'), one of those listed."""
    word = text.strip().lstrip("#")
    if not word.isdecimal() or int(word) not in by_id:
        raise click.BadParameter("type the number of a game listed: %s"
                                 % ", ".join("#%d" % gid for gid in by_id))
    return int(word)


def _db_words(db: str | None) -> str:
    """' --db FILE' for the command lines we print: a game kept in another log than the
    default is found again only with its --db."""
    import shlex

    return " --db %s" % shlex.quote(str(db)) if db is not None else ""


COMMANDS = (play,)
