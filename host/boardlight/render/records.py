"""Pictures from the core's documented text formats: the API behind `boardlight render`
and `boardlight show GAME --svg DIR`.

    pictures = record_pictures("fits", record_text, "game.fits")   # {file name: SVG text}
    write_pictures(pictures, "out/")                                 # -> [paths written]

record_pictures(game, text) reads a game record (FITS game record, Zatre record, Forbes
match record), replays it through the rules core (so an illegal record raises the core's
FormatError or RuleError, naming the line) and returns:
- fits:   fits-round<N>-<player>.svg for every round played (the board as the round
          ended, with its score, or as it stands in an unfinished round), and
          fits-scores.svg (a chart of the finished rounds) once a round has been scored;
- zatre:  zatre-board.svg and zatre-sheet-<player>.svg per player (held tiles are
          subtracted on the sheet once the game is over);
- forbes: forbes-game<N>.svg per game (final board, hands and scores; an unfinished
          last game is not drawn) and forbes-scores.svg (a chart across the games).
position_pictures(game, text) does the same for a position file.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from boardlight.render.svg import chart as render_chart
from boardlight.render.svg import fits as render_fits
from boardlight.render.svg import forbes as render_forbes
from boardlight.render.svg import zatre as render_zatre

if TYPE_CHECKING:
    from boardcore.fits.layouts import Layout

GAMES = ("fits", "zatre", "forbes")


def _safe(name: str) -> str:
    # Player names become part of file names: keep them to letters, digits, - and _.
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)


def position_pictures(game: str, text: str, source: str = "<position>",
                      layout: Layout | None = None) -> dict[str, str]:
    """{file name: SVG text} for a position file of `game`: fits-board<N>.svg;
    zatre-board.svg plus zatre-sheet-<player>.svg per player; forbes-board.svg (with
    the hands' scores). layout: a FITS layout (fits_layouts.Layout) to use instead of
    the board's default."""
    if game == "fits":
        from boardcore.fits import position as fits_format

        fits_pos = fits_format.parse_position(text, source, layout=layout)
        return {"fits-board%d.svg" % fits_pos.board_number:
                render_fits.board_svg(fits_pos.board, fits_pos.layout, fits_pos.board_number)}
    if layout is not None:
        raise ValueError("--layout is for FITS boards, not %s" % game)
    if game == "zatre":
        from boardcore.zatre import position as zatre_position

        pos = zatre_position.parse_position(text, source)
        out = {"zatre-board.svg": render_zatre.board_svg(pos.board)}
        for p, name in enumerate(pos.players):
            out["zatre-sheet-%s.svg" % _safe(name)] = render_zatre.sheet_svg(pos.sheets[p], name)
        return out
    if game == "forbes":
        from boardcore.forbes import position as forbes_position

        forbes_pos = forbes_position.parse_position(text, source)
        return {"forbes-board.svg": render_forbes.board_svg(forbes_pos.board, forbes_pos.players,
                                                            forbes_pos.hands, forbes_pos.options)}
    raise ValueError("unknown game %r (games: %s)" % (game, ", ".join(GAMES)))


def record_pictures(game: str, text: str, source: str = "<record>",
                    layouts: dict[int, Layout] | None = None) -> dict[str, str]:
    """{file name: SVG text} for a game record of `game` (see the module docstring).
    layouts: FITS layouts by board number, as boardcore.fits.record.replay takes them."""
    if game == "fits":
        return _fits_record(text, source, layouts)
    if game == "zatre":
        return _zatre_record(text, source)
    if game == "forbes":
        return _forbes_record(text, source)
    raise ValueError("unknown game %r (games: %s)" % (game, ", ".join(GAMES)))


def _fits_record(text: str, source: str, layouts: dict[int, Layout] | None) -> dict[str, str]:
    from boardcore.fits import record as fits_record

    from boardlight.sessions.fits_tally_record import is_tally_record, read_tally_record

    if is_tally_record(text):
        # A quick-tally game has no drops, so no boards to draw: the score chart only.
        tally = read_tally_record(text, source, layouts)
        if not tally.round_scores:
            return {}
        points = [[rnd[i]["total"] for rnd in tally.round_scores] for i in range(len(tally.players))]
        return {"fits-scores.svg": render_chart.chart_svg(tally.players, points, "round", "FITS scores by round")}
    rec = fits_record.parse_record(text, source)
    rounds = list(rec.rounds)
    out: dict[str, str] = {}
    game = None
    # The game keeps only the current round's boards, so replay up to each round in turn.
    for k in range(len(rounds)):
        rec.rounds = rounds[: k + 1]
        game = fits_record.replay(rec, layouts)
        number = game.boards[k]  # round k + 1 is the last replayed
        # A finished round's breakdown goes under each board (not yet for the last
        # round of an unfinished game).
        scored = game.round_scores[k] if len(game.round_scores) > k else None
        for seat, player in enumerate(game.players):
            title = "FITS round %d, board %d: %s" % (k + 1, number, player)
            out["fits-round%d-%s.svg" % (k + 1, _safe(player))] = render_fits.board_svg(
                game.board(player), game.layout(number), number, title,
                score=scored[seat] if scored is not None else None
            )
    rec.rounds = rounds
    if game is not None and game.round_scores:
        points = [[rnd[i]["total"] for rnd in game.round_scores] for i in range(len(game.players))]
        out["fits-scores.svg"] = render_chart.chart_svg(game.players, points, "round", "FITS scores by round")
    return out


def _zatre_record(text: str, source: str) -> dict[str, str]:
    from boardcore.zatre import record as zatre_record

    game = zatre_record.replay(zatre_record.parse_record(text, source))
    out = {"zatre-board.svg": render_zatre.board_svg(game.board, "Zatre board after turn %d" % game.turns)}
    for p, name in enumerate(game.players):
        held = list(game.hands[p]) if game.over else None
        out["zatre-sheet-%s.svg" % _safe(name)] = render_zatre.sheet_svg(game.sheets[p], name, held)
    return out


def _forbes_record(text: str, source: str) -> dict[str, str]:
    from boardcore.forbes import record as forbes_record
    from boardcore.forbes import rules as forbes_rules

    result = forbes_record.score_record(forbes_record.parse_record(text, source))
    players = result["players"]
    options = forbes_rules.Options.from_dict(result["options"])
    out: dict[str, str] = {}
    for g in result["games"]:
        hands = [g["hands"][p] for p in players]
        title = "Forbes game %d (dealer %s)" % (g["number"], g["dealer"])
        out["forbes-game%d.svg" % g["number"]] = render_forbes.board_svg(g["board"], players, hands, options, title)
    if result["games"]:
        points = [[g["points"][p] for g in result["games"]] for p in players]
        out["forbes-scores.svg"] = render_chart.chart_svg(
            players, points, "game", "Forbes match scores", target=options.target_score
        )
    return out


def write_pictures(pictures: dict[str, str], directory: str) -> list[str]:
    """Write {file name: SVG text} into `directory` (created if missing); returns the
    paths written, in file-name order. A folder or file that cannot be written raises
    PictureError naming it."""
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as exc:
        raise PictureError("cannot make the folder %s for the pictures: %s"
                           % (directory, exc.strerror or exc)) from None
    paths = []
    for name in sorted(pictures):
        path = os.path.join(directory, name)
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(pictures[name])
        except OSError as exc:
            raise PictureError("cannot write %s: %s" % (path, exc.strerror or exc)) from None
        paths.append(path)
    return paths


class PictureError(Exception):
    """A picture could not be written (the message names the folder or file)."""
