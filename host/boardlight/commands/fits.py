"""FITS commands: `score fits`, `replay fits`, `play fits`.

Positions and records use the text formats of docs/fits-formats.md; coordinates are rows
1..12 from the bottom and columns 1..6 from the left. Rule and format errors propagate
to cli.main, which prints them on one line and exits with status 2.
"""

import json
import os

import click

from boardcore.digits import is_digits
from boardcore.errors import FormatError
from boardcore.fits.deck import DEFAULT_START_TILES


def _read(path):
    try:
        with open(path, encoding="utf-8-sig") as f:  # -sig: a Windows editor's BOM is skipped
            return f.read()
    except OSError as exc:
        raise FormatError("cannot read file (%s)" % exc.strerror, path)
    except UnicodeDecodeError as exc:
        raise FormatError("not a text file (byte %d is not UTF-8)" % exc.start, path)


def _layouts(paths):
    """--layout files by board number (one per board)."""
    from boardcore.fits.layouts import load_layout

    out = {}
    for p in paths:
        lay = load_layout(p)
        if lay.board in out:
            raise FormatError("a second layout for board %d (first: %s)" % (lay.board, out[lay.board].source), p)
        out[lay.board] = lay
    return out


def _layout_info(layout):
    if layout.board == 1:
        return {"board": 1, "source": None, "illustrative": False}
    return {"board": layout.board, "source": layout.source if layout.source else None,
            "illustrative": layout.illustrative,
            **({"note": "ILLUSTRATIVE default layout, not the printed board"} if layout.illustrative else {})}


def _split_names(values):
    """--players values -> names. With commas ("Ann,Bob") a name is all that lies between
    them, so "Mary Ann,Bob" is one name with a space (refused by the core), not three
    players; without commas ("Ann Bob", or --players repeated) spaces separate names."""
    names = []
    for v in values:
        if "," in v:
            names.extend(n.strip() for n in v.split(",") if n.strip())
        else:
            names.extend(v.split())
    return names


@click.command("fits")
@click.option("--board", "board", type=click.IntRange(1, 4), help="Board number 1..4 (must match the file's header).")
@click.option("--layout", "layout_path", type=click.Path(dir_okay=False), help="Your own layout file for boards 2-4 (docs/fits-layouts.md).")
@click.option("--text", "as_text", is_flag=True, help="Readable text instead of JSON.")
@click.argument("file", type=click.Path(dir_okay=False))
def score_fits(board, layout_path, as_text, file):
    """Score a FITS board position FILE (docs/fits-formats.md) and print the breakdown."""
    from boardcore.fits.position import parse_position

    layout = None
    if layout_path:
        from boardcore.fits.layouts import load_layout

        layout = load_layout(layout_path)
    pos = parse_position(_read(file), file, layout, board)
    result = pos.score()
    if as_text:
        from boardlight.render.text.fits import score_lines

        click.echo("\n".join(score_lines(os.path.basename(file), result)))
        if pos.layout.illustrative:
            click.echo("(special spaces: ILLUSTRATIVE default layout, not the printed board)")
        return
    result["layout"] = _layout_info(pos.layout)
    click.echo(json.dumps(result, indent=2, sort_keys=True))


@click.command("fits")
@click.option("--layout", "layout_paths", multiple=True, type=click.Path(dir_okay=False), help="Your own layout file for a board 2-4 (repeatable).")
@click.argument("file", type=click.Path(dir_okay=False))
def replay_fits(layout_paths, file):
    """Replay a FITS game record FILE (or a tally record of a quick-tally game), checking
    every line, and print the scores as JSON."""
    from boardcore.fits.record import parse_record, replay

    from boardlight.sessions.fits_tally_record import is_tally_record, read_tally_record

    text = _read(file)
    layouts = _layouts(layout_paths)
    if is_tally_record(text):
        game = read_tally_record(text, file, layouts)
    else:
        game = replay(parse_record(text, file), layouts)
    rounds = []
    for k, scores in enumerate(game.round_scores):
        rounds.append({"round": k + 1, "board": game.boards[k],
                       "scores": {p: s["total"] for p, s in zip(game.players, scores)}})
    out = {"players": game.players, "seed": game.seed, "rounds": rounds, "totals": game.totals(),
           "complete": game.phase == "over",
           # The special spaces the scores of boards 2-4 rest on (the defaults are ILLUSTRATIVE).
           "layouts": {str(b): _layout_info(game.layout(b)) for b in game.boards if b != 1}}
    out["scoring"] = "tally" if is_tally_record(text) else "replay"
    if game.phase == "over":
        from boardcore.fits.score import solo_rating, winners

        totals = game.totals()
        out["winners"] = winners(totals)
        if len(game.players) == 1:
            out["solo_rating"] = solo_rating(totals[game.players[0]])
    click.echo(json.dumps(out, indent=2, sort_keys=True))


@click.command("fits")
@click.option("--players", "players", multiple=True, help="1 to 4 player names, e.g. --players Ann,Bob, or how many (default: asked).")
@click.option("--seed", type=click.IntRange(0, None), help="Seed of the deal: the same seed deals the same cards.")
@click.option("--boards", default="1,2,3,4", show_default=True, help="The boards to play, in order (fewer boards or another order).")
@click.option("--start-tiles", default=",".join(DEFAULT_START_TILES), show_default=True, help="The four start cards (RULES.md option start_tiles).")
@click.option("--max-overhang", type=click.IntRange(0, None), help="Rows a tile may stick out above the top (default: unlimited).")
@click.option("--layout", "layout_paths", multiple=True, type=click.Path(dir_okay=False), help="Your own layout file for a board 2-4 (repeatable).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False), help="Write the game record here (after each round and at the end).")
def play_fits(players, seed, boards, start_tiles, max_overhang, layout_paths, record_path):
    """Play FITS at the terminal: each player types ORIENTATION COLUMN, or pass."""
    from boardcore.fits.errors import OptionError
    from boardcore.fits.game import Game
    from boardcore.fits.game import check_options

    from boardlight.plain.fits import run

    if record_path:
        try:  # before the names and the game, not after round 1
            open(record_path, "a").close()
        except OSError as exc:
            raise click.BadParameter("cannot write %s (%s)" % (record_path, exc.strerror),
                                     param_hint="--record")

    names = _split_names(players)
    if len(names) == 1 and is_digits(names[0]):
        # A count, as the table UI's --players takes it: players P1..Pn.
        if not 1 <= int(names[0]) <= 4:
            raise OptionError("FITS is for 1 to 4 players, not %s" % names[0])
        names = ["P%d" % (i + 1) for i in range(int(names[0]))]
    while not names:
        try:
            line = input("Player names, separated by spaces (1 to 4; Enter for a solo game): ")
        except EOFError:
            line = ""
        names = line.replace(",", " ").split() or ["Solo"]
        try:
            check_options(names, None, (1,), DEFAULT_START_TILES, None)
        except OptionError as exc:
            click.echo("%s; type the names again." % exc)
            names = []
    try:
        board_list = [int(b) for b in boards.replace(",", " ").split()]
    except ValueError:
        raise OptionError("--boards takes board numbers 1..4 separated by commas, not %r" % boards)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    game = Game(names, seed, board_list, start_tiles.replace(",", " ").split(), max_overhang, _layouts(layout_paths))
    click.echo("FITS for %s, seed %d (replay this deal with --seed %d)." % (", ".join(names), seed, seed))
    run(game, record_path=record_path)


def register(score, replay, play, **_):
    score.add_command(score_fits)
    replay.add_command(replay_fits)
    play.add_command(play_fits)
