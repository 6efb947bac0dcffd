"""Game records for `boardlight export`: each game's documented text format, written by its
core (boardcore.fits.record, forbes.record, zatre.record; a quick-tally FITS game by
fits_tally_record),
so `boardlight replay <game>` reads it back. The actions taken back are in them too (an
`undone:` or `undo` line, with who took each back and when as a comment)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlight.sessions.fits import FitsSession
    from boardlight.sessions.forbes import ForbesSession


def fits_record(session: FitsSession) -> str:
    """docs/fits-formats.md record of a FITS session: the game record (every drop) of a full
    replay game; the tally record (deal and tallies, no drops) of a quick-tally game."""
    undone = [u.place + (u.note(),) for u in session.undos if u.place is not None]
    from boardlight.sessions.fits_tally import TallyGame

    if isinstance(session.core, TallyGame):
        from boardlight.sessions.fits_tally_record import write_tally_record

        text = write_tally_record(session.core, undone)
    else:
        from boardcore.fits.record import format_record

        text = format_record(session.core, undone)
    own = (session.row.options or {}).get("layouts") or {}
    if not own:
        return text
    # The scores in the record need the players' own layouts to replay: carry them along as
    # comments, ready to be saved as files for `boardlight replay fits --layout FILE`.
    head, rest = text.split("\n", 1)
    notes = []
    for board in sorted(own):
        notes.append("# played with your own layout of board %s; to replay, save the lines"
                     " below without their \"# \" as a file and pass --layout FILE:" % board)
        notes += ["# " + line if line else "#" for line in own[board].rstrip("\n").split("\n")]
    return "\n".join([head] + notes + [rest])


def forbes_record(session: ForbesSession) -> str:
    """docs/forbes-formats.md match record of a Forbes session, seed included (not with real
    stones, which do not follow it: then every hand is written out)."""
    from boardcore.forbes.record import format_record

    match = session.core
    games = list(session.games)
    if match.game is not None:
        games.append(match.game)
    seed = None if session.table_stones else session.row.seed
    undone = [u.place + (u.note(),) for u in session.undos if u.place is not None]
    return format_record(match.players, match.options, games, seed=seed, undone=undone)
