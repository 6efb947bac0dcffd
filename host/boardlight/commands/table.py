"""`boardlight play fits|zatre|forbes`, `history`, `show GAME`, `export GAME`.

This module takes over the `play` group: each game engineer's line-based `play <game>` loop
stays reachable as `boardlight play <game> --plain`, and the default is the full-screen table
UI. It must therefore come after the game modules in cli.COMMAND_MODULES.
"""

import json
import sys

import click

from boardlight.store.gamelog import GAMES, StoreError, open_store

DB_OPTION = click.option(
    "--db", "db", type=click.Path(dir_okay=False), default=None,
    help="The game log to use (default: games.sqlite3 in your data folder).")


def _friendly(func):
    """A store problem (no such game, a damaged log) becomes a one-line error, exit 1."""
    import functools

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except StoreError as exc:
            raise click.ClickException(str(exc))

    return wrapper


def _log_path(db):
    """The game log's path, as open_store picks it."""
    import os

    from boardlight.store.gamelog import default_path

    return db or os.environ.get("BOARDLIGHT_DB") or default_path()


def _store(db, create=True):
    """The game log; with create=False (history, show, export only read it) it is opened
    read-only, and a log that does not exist is an error instead of a new empty file (and
    folder) at a mistyped path."""
    if not create:
        import os

        if not os.path.exists(_log_path(db)):
            raise click.ClickException("there is no game log at %s: no game has been kept"
                                       " there yet (check --db)" % _log_path(db))
    try:
        return open_store(db, readonly=not create)
    except StoreError as exc:
        raise click.ClickException(str(exc))


def _game_id(store, text):
    """GAME on the command line: a number from `boardlight history`, or 'last'."""
    if text == "last":
        rows = store.games(limit=1, damaged_ok=True)
        if not rows:
            raise click.ClickException("no games stored in %s yet" % store.path)
        return rows[0].id
    try:
        return int(text)
    except ValueError:
        raise click.ClickException("GAME is a game number from `boardlight history` or 'last',"
                                   " not %r" % text)


# The most players any of the three games takes (Zatre: 6); each core checks its own limit.
MAX_PLAYERS = 6


def _players(text, game):
    """--players "Ann,Bob" -> ["Ann", "Bob"]; a number -> that many default names."""
    # Default names P1, P2, ...: every core accepts them (no spaces: they go into records).
    if text is None:
        return ["P1", "P2"]
    text = text.strip()
    if text.isdecimal():
        if int(text) > MAX_PLAYERS:
            # Checked before the names are made: "--players 99999999" must not build them.
            raise click.BadParameter("%s players: no game here takes more than %d"
                                     % (text, MAX_PLAYERS), param_hint="--players")
        return ["P%d" % (i + 1) for i in range(int(text))]
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise click.BadParameter("a comma-separated list of names, e.g. Ann,Bob: got %r" % text,
                                 param_hint="--players")
    if len(set(n.lower() for n in names)) != len(names):
        raise click.BadParameter("two players have the same name in %r" % text,
                                 param_hint="--players")
    return names


def _scores_text(session, row):
    """The score breakdown lines of a stored game (its session's, from the replayed log: the
    lines the session writes to the store are the same)."""
    lines = []
    scores = {part: list(zip(points, details or [None] * len(points)))
              for part, points, details in session.score_lines()}
    parts = sorted(scores, key=_part_order)
    width = max(len(n) for n in row.players)
    for part in parts:
        lines.append("%s:" % part)
        for seat, (points, detail) in enumerate(scores[part]):
            extra = ""
            if detail:
                extra = "  (" + ", ".join("%s %s" % (k, _fmt(v))
                                          for k, v in sorted(detail.items())) + ")"
            lines.append("  %-*s %5d%s" % (width, row.players[seat], points, extra))
    return lines


def _fmt(value):
    if isinstance(value, (list, tuple)):
        return "[" + " ".join(_fmt(v) for v in value) + "]"
    return str(value)


def _part_order(part):
    # 'round 2' before 'round 10'; 'total' (and anything without a number) last.
    name, _, num = part.rpartition(" ")
    return (0, name, int(num)) if num.isdecimal() else (1, part, 0)


def _total(store, row):
    # One damaged game does not stop the list.
    damaged = "damaged in the log"
    if row.damaged:
        return damaged
    try:
        total = store.scores(row.id).get("total")
    except StoreError:
        return damaged
    return " ".join(str(p) for p, _ in total) if total else "-"


def register(cli, play, **_groups):
    @cli.command()
    @click.option("--game", "game", type=click.Choice(GAMES), default=None,
                  help="Only games of this kind.")
    @click.option("--limit", type=click.IntRange(1), default=50, show_default=True)
    @DB_OPTION
    @_friendly
    def history(game, limit, db):
        """List stored games: number, game, status, players, dates and totals."""
        import os

        if not os.path.exists(_log_path(db)):  # do not create a log just to list it
            click.echo("no games stored in %s yet" % _log_path(db))
            return
        with _store(db, create=False) as store:
            rows = store.games(game=game, limit=limit, damaged_ok=True)
            if not rows:
                click.echo("no games stored in %s yet" % store.path)
                return
            click.echo("%4s  %-6s  %-9s  %-16s  %-16s  %s" % (
                "#", "game", "status", "started", "last action", "players (total)"))
            for row in rows:
                click.echo("%4d  %-6s  %-9s  %-16s  %-16s  %s (%s)" % (
                    row.id, row.game, row.status, row.started[:16], row.updated[:16],
                    ", ".join(row.players), _total(store, row)))

    @cli.command()
    @click.argument("game_ref", metavar="GAME")
    @click.option("--json", "as_json", is_flag=True, help="Print the stored game as JSON.")
    @click.option("--svg", "svg_dir", type=click.Path(file_okay=False), default=None,
                  help="Also write the game's pictures into this folder.")
    @DB_OPTION
    @_friendly
    def show(game_ref, as_json, svg_dir, db):
        """Print one stored game with its score breakdown."""
        from boardlight.sessions.registry import resume_session

        with _store(db, create=False) as store:
            row = store.game(_game_id(store, game_ref))
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
                    "scores": {part: list(points)
                               for part, points, _ in session.score_lines()},
                    "state": session.snapshot()}, sort_keys=True, indent=1))
            else:
                click.echo("game %d: %s, %s, %s, %d actions" % (
                    row.id, row.game, row.status,
                    "seed hidden until the game is over" if seed is None else "seed %d" % seed,
                    session.seq))
                click.echo("players: %s" % ", ".join(row.players))
                click.echo("started %s, last action %s" % (row.started[:19], row.updated[:19]))
                for line in session.summary_lines():
                    click.echo(line)
                for line in _scores_text(session, row):
                    click.echo(line)
            if svg_dir is not None:
                _write_svgs(session, svg_dir)

    @cli.command()
    @click.argument("game_ref", metavar="GAME")
    @click.option("-o", "--output", type=click.File("w", lazy=True), default="-",
                  help="Where to write the record (default: standard output).")
    @click.option("--reveal", is_flag=True,
                  help="Export a game still being played, seed and all (everyone agrees).")
    @DB_OPTION
    @_friendly
    def export(game_ref, output, reveal, db):
        """Write a stored game's record in the game's documented text format."""
        from boardlight.sessions.registry import resume_session

        with _store(db, create=False) as store:
            session = resume_session(store, _game_id(store, game_ref), record=False)
            row = session.row
            if row.status == "playing" and not reveal and row.seed is not None:
                # As `show` hides it: the seed deals every card, tile, hand and stone still
                # to come (in Forbes, the other players' secret cards).
                raise click.ClickException(
                    "game %d is still being played, and its record holds the seed, which deals"
                    " everything still to come%s: export it when the game is over, or add"
                    " --reveal if everyone at the table agrees" % (
                        row.id, " (the other players' secret cards too)"
                        if row.game == "forbes" else ""))
            output.write(session.record_text())

    _take_over_play(play)


def _write_svgs(session, folder):
    """The stored game's pictures (boardlight.render.records, from the game's record)."""
    from boardlight.render.records import PictureError, record_pictures, write_pictures

    if session.GAME == "fits" and session.mode == "tally":
        # A quick-tally game has no drops, so no boards and no record to draw from: its
        # round scores still make the chart (it failed with "no game record to export").
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
            # those, not the ILLUSTRATIVE defaults (the replay refused the score lines).
            from boardlight.sessions.fits import stored_layouts

            layouts = stored_layouts(own)
        pictures = record_pictures(session.GAME, session.record_text(),
                                   "game %d" % session.row.id, layouts)
    try:
        paths = write_pictures(pictures, folder)
    except PictureError as exc:
        raise click.ClickException(str(exc)) from None
    for path in paths:
        click.echo("wrote %s" % path)


def _take_over_play(play):
    """Mount `play <game>` with the table UI, keeping each game's own loop as --plain.

    The game modules may register their `play <game>` before or after this module (the
    order of COMMAND_MODULES), so later registrations are caught too and kept as the plain
    loop instead of replacing the UI."""
    plain = {name: play.commands.get(name) for name in GAMES}
    original_add = play.add_command

    def add_command(cmd, name=None):
        name = name or cmd.name
        if name in GAMES and not getattr(cmd, "table_ui", False):
            plain[name] = cmd
            return
        original_add(cmd, name)

    play.add_command = add_command
    for game in GAMES:
        command = _play_command(game, plain)
        command.table_ui = True
        original_add(command, game)
    _add_group_resume(play)


# Rule-option flags of `play` whose core option has another name.
RULE_OPTION_NAMES = {"target": "target_score"}


def _play_command(game, plain_loops):
    # Options the UI does not know (--target, --record, --max-overhang, ...) belong to the
    # game's own loop: they are kept and handed to it with --plain, refused without it.
    @click.command(name=game, context_settings={"ignore_unknown_options": True,
                                                "allow_extra_args": True})
    @click.option("--players", default=None,
                  help="Player names, comma-separated (Ann,Bob), or how many.")
    @click.option("--seed", type=click.IntRange(0), default=None,
                  help="Seed for a reproducible deal (default: a random one, stored).")
    @click.option("--port", default=None, help="The device's serial port (default: auto-detect).")
    @click.option("--no-device", is_flag=True, help="Play with the terminal alone.")
    @click.option("--direct", type=click.Path(exists=True, dir_okay=False), default=None,
                  metavar="WIRING",
                  help="Drive a matrix and buttons wired to this computer's pins (Raspberry"
                       " Pi; see `boardlight direct`) instead of a device.")
    @click.option("--resume", "resume", is_flag=False, flag_value="last", default=None,
                  metavar="[GAME]", help="Continue the last unfinished game (or game GAME).")
    @click.option("--plain", is_flag=True,
                  help="The line-based terminal game instead of the UI (not kept in the log).")
    @DB_OPTION
    @click.pass_context
    def command(ctx, players, seed, port, no_device, direct, resume, plain, db, tally=False,
                boards=None, cards=False, layouts=(), **rules):
        # The game's rule options (RULES.md), as given: the same flags in both modes.
        rules = {name: value for name, value in rules.items() if value not in (None, False)}
        if plain:
            plain_command = plain_loops.get(game)
            if plain_command is None:
                raise click.ClickException("no plain terminal game for %s in this build" % game)
            # The plain FITS game enters every drop and deals from the seed: it has no tally
            # and no real cards, so those flags are refused, not silently dropped.
            for flag, given in (("--tally", tally), ("--cards", cards)):
                if given:
                    raise click.UsageError("%s is for the table UI; the plain game (--plain)"
                                           " enters every drop and deals the cards itself" % flag)
            args = _plain_args(plain_command, players, seed)
            if boards is not None:
                args += ["--boards", ",".join(str(b) for b in boards)]
            for path in layouts:
                args += ["--layout", path]
            for name, value in sorted(rules.items()):
                args.append("--" + name.replace("_", "-"))
                if value is not True:
                    args.append(str(value))
            args += ctx.args
            return plain_command.main(args=args, prog_name="boardlight play %s" % game,
                                      standalone_mode=False)
        if ctx.args:
            raise click.UsageError(
                "the table UI does not take %s (options of the line-based game need --plain)"
                % " ".join(ctx.args))
        options = {}
        if tally:
            options["scoring"] = "tally"
        if boards is not None:
            options["boards"] = boards
        if cards:
            options["deal"] = "table"
        if layouts:
            options["layouts"] = _layout_texts(layouts)
        for name, value in rules.items():
            options[RULE_OPTION_NAMES.get(name, name)] = value
        _play(game, players, seed, port, no_device, resume, db, options, direct)

    for decorate in GAME_OPTIONS[game]:
        command = decorate(command)
    command.help = "Play %s at the table (full-screen UI; --plain for the line-based game)." % (
        {"fits": "FITS", "zatre": "Zatre", "forbes": "Forbes"}[game])
    return command


def _plain_args(command, players, seed):
    """--players/--seed translated for a game's own loop, whichever way it takes them."""
    params = {p.name: p for p in command.params}
    args = []
    if players is not None:
        names = [n.strip() for n in players.split(",") if n.strip()]
        param = params.get("players")
        if isinstance(param, click.Argument):
            args += names
        elif param is not None:
            args += [param.opts[0], ",".join(names)]
        else:
            raise click.UsageError("the plain %s game does not take --players" % command.name)
    if seed is not None:
        if "seed" not in params:
            raise click.UsageError("the plain %s game does not take --seed" % command.name)
        args += [params["seed"].opts[0], str(seed)]
    return args


def _add_group_resume(play):
    """`boardlight play --resume`: continue the last unfinished game, whichever game it is."""
    play.params.append(click.Option(
        ["--resume", "group_resume"], is_flag=False, flag_value="last", default=None,
        metavar="[GAME]", help="Continue the last unfinished game (or pick from the list)."))
    play.params.append(click.Option(["--no-device", "group_no_device"], is_flag=True,
                                    help="With --resume: play with the terminal alone."))
    play.params.append(click.Option(["--db", "group_db"], default=None,
                                    type=click.Path(dir_okay=False),
                                    help="With --resume: the game log to use."))
    play.params.append(click.Option(["--port", "group_port"], default=None,
                                    help="With --resume: the device's serial port."))
    play.params.append(click.Option(["--direct", "group_direct"], default=None,
                                    type=click.Path(exists=True, dir_okay=False),
                                    metavar="WIRING",
                                    help="With --resume: drive a matrix wired to this"
                                         " computer."))
    play.invoke_without_command = True
    inner = play.callback

    def callback(group_resume=None, group_no_device=False, group_db=None, group_port=None,
                 group_direct=None):
        ctx = click.get_current_context()
        if ctx.invoked_subcommand is not None:
            # Options before the game belong to `play --resume`: for a game they go after
            # its name (they were silently dropped: `play --no-device fits` used a device).
            given = [name for name, value in (
                ("--resume", group_resume is not None), ("--no-device", group_no_device),
                ("--db", group_db is not None), ("--port", group_port is not None),
                ("--direct", group_direct is not None)) if value]
            if given:
                raise click.UsageError("put %s after the game: play %s %s"
                                       % (" ".join(given), ctx.invoked_subcommand,
                                          " ".join(given)))
            return inner() if inner else None
        if group_resume is None:
            click.echo(ctx.get_help())
            return None
        _play(None, None, None, group_port, group_no_device, group_resume, group_db,
              direct=group_direct)
        return None

    play.callback = callback


def _interactive():
    """Can we ask which game to continue? (Not when input is a pipe or a script.)"""
    return sys.stdin.isatty()


def _pick_game(store, game, resume):
    """The stored game --resume means: a number, the last unfinished one, or one picked."""
    if resume != "last":
        gid = _game_id(store, resume)
        row = store.game(gid)
        if game is not None and row.game != game:
            raise click.ClickException("game %d is %s, not %s" % (gid, row.game, game))
        if row.status != "playing":
            raise click.ClickException("game %d is %s; `boardlight show %d` prints it"
                                       % (gid, row.status, gid))
        return row
    rows = store.games(game=game, status="playing", limit=9, damaged_ok=True)
    if not rows:
        raise click.ClickException("no unfinished %sgame to resume in %s"
                                   % (game + " " if game else "", store.path))
    if len(rows) == 1 or not _interactive():
        return rows[0]
    click.echo("unfinished games:")
    for i, row in enumerate(rows, 1):
        click.echo("  %d) #%d %s, %s, last action %s" % (
            i, row.id, row.game, ", ".join(row.players), row.updated[:16]))
    choice = click.prompt("continue which", type=click.IntRange(1, len(rows)), default=1)
    return rows[choice - 1]


def _shell_word(text):
    import shlex

    return shlex.quote(text)


def _layout_texts(paths):
    """--layout files as a FITS game stores them, {"2": text, ...}: each file checked first
    (FormatError names the file and line), one per board."""
    from boardlight.commands.fits import _layouts, _read

    found = _layouts(paths)
    out = {}
    for board in found:
        text = _read(found[board].source).replace("\r\n", "\n")  # a Windows editor's file
        out[str(board)] = text[1:] if text[:1] == "\ufeff" else text
    return out


def _boards(_ctx, _param, value):
    if value is None:
        return None
    try:
        return [int(b) for b in value.split(",")]
    except ValueError:
        raise click.BadParameter("board numbers separated by commas, e.g. 1,3: not %r" % value)


# Each game's own options of `play <game>`, applied in this order (--help lists them so).
GAME_OPTIONS = {
    "fits": [
        click.option("--tally", is_flag=True,
                     help="Quick tally at each round's end instead of entering every drop."),
        click.option("--cards", is_flag=True,
                     help="Play with the real cards: scan (or type) each card turned."),
        click.option("--boards", callback=_boards, default=None,
                     help="Which boards, in order (default 1,2,3,4)."),
        click.option("--layout", "layouts", multiple=True, type=click.Path(dir_okay=False),
                     help="Your own layout file for board 2, 3 or 4 (docs/fits-layouts.md;"
                          " repeat for each board). Kept with the game."),
    ],
    "zatre": [
        click.option("--strict-adjacency", is_flag=True,
                     help="Each new tile must touch a tile from an earlier turn (RULES.md option)."),
        click.option("--centre-doubles", is_flag=True,
                     help="The red start square is a grey (doubling) square too."),
    ],
    "forbes": [
        click.option("--target", type=click.IntRange(1), default=None,
                     help="The match ends after the game in which a total reaches this (default 100)."),
        click.option("--centre-also-square", is_flag=True,
                     help="The 4 centre cells also score as a 2 x 2 square."),
        click.option("--pay-once-per-player", is_flag=True,
                     help="A pattern pays a player once, however many cards of its symbol they hold."),
    ],
}

@_friendly
def _play(game, players, seed, port, no_device, resume, db, options=None, direct=None):
    """Start or resume a game and run the table UI until the players quit."""
    import random

    from boardlight.sessions.registry import resume_session, session_class

    chosen = [name for name, value in (("--port", port), ("--no-device", no_device),
                                       ("--direct", direct)) if value]
    if len(chosen) > 1:
        raise click.UsageError("%s each say what shows the game: choose one"
                               % " and ".join(chosen))
    store = _store(db)
    try:
        if resume is not None:
            if players is not None or seed is not None or options:
                raise click.UsageError("--resume continues a stored game as it was set up:"
                                       " drop --players/--seed/--tally/--boards/--cards/--layout")
            row = _pick_game(store, game, resume)
            session = resume_session(store, row.id)
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(1 << 31)
            session = session_class(game).start(store, _players(players, game), seed, options)
        from boardlight.tui import app as tui_app
        from boardlight.link.connection import LinkError

        try:
            status = tui_app.run_table(session, port=port, no_device=no_device, direct=direct)
        except LinkError as exc:
            raise click.ClickException("%s (the game is saved: add --no-device to play"
                                       " without the device)" % exc)
        # A game kept in another log than the default is found again only with its --db.
        where = " --db %s" % _shell_word(str(db)) if db is not None else ""
        if status is None:
            # The UI stopped on an error (Textual printed it): the game is not over, and
            # every action taken is in the log.
            raise click.ClickException(
                "the table stopped on an error; game %d is saved up to its last action:"
                " `boardlight play --resume%s` continues it" % (session.row.id, where))
        if status == "playing":
            click.echo("Game %d is saved: `boardlight play --resume%s` continues it."
                       % (session.row.id, where))
        else:
            click.echo("Game %d is over: `boardlight show %d%s` prints it."
                       % (session.row.id, session.row.id, where))
    finally:
        store.close()
