"""What the table says to an entry it cannot take: what was typed, read the way the player
probably meant it, and the form that is expected."""

import pytest

from boardcore.errors import RuleError
from boardlight.sessions.fits import FitsSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.fits import FitsView
from boardlight.tui.view import ViewError
from boardlight.tui.zatre import ZatreView


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _refusal(view, text):
    with pytest.raises((ViewError, RuleError)) as info:
        view.handle(text)
    return str(info.value)


def test_a_word_that_is_no_entry_is_not_looked_up_as_a_player(store):
    session = FitsSession.start(store, ["Ann", "Bob"], 4)
    view = FitsView(session)
    view.handle("")  # deal: both players must place their start tiles
    assert session.core.waiting()
    assert _refusal(view, "rewind") == "'rewind' is not an entry I know (type ? for the list)"
    # A player's name that is not one still is: the rest is a drop.
    assert _refusal(view, "Cy 1 1").startswith("no player called 'cy'")
    # Before the deal too, rather than "nobody is waiting to place a tile".
    fresh = FitsView(FitsSession.start(store, ["Ann"], 4))
    assert _refusal(fresh, "rewind") == "'rewind' is not an entry I know (type ? for the list)"


def _zatre_holding(store, hand):
    for seed in range(200):
        session = ZatreSession.start(store, ["Ann", "Bob"], seed)
        if sorted(session.core.hand()) == hand:
            return session
    raise AssertionError("no seed deals %s" % hand)


def test_zatre_numbers_alone_read_as_row_col_value_say_so_and_offer_the_form_meant(store):
    session = _zatre_holding(store, [1, 2, 4])
    view = ZatreView(session)
    message = _refusal(view, "1 7 7")
    assert message == ("'1 7 7' is read ROW COL VALUE: a 7 at 1,7, and you hold %s; for a 1"
                       " at 7,7 type 1@7,7 (each tile as VALUE@ROW,COL)"
                       % " ".join(str(v) for v in session.core.hand()))
    assert session.seq == 0  # nothing logged
    # Where the other reading does not help either, the form alone.
    assert _refusal(view, "7 7 9").endswith("and you hold %s (each tile as VALUE@ROW,COL)"
                                            % " ".join(str(v) for v in session.core.hand()))
    assert _refusal(view, "rewind") == "'rewind' is not an entry I know (type ? for the list)"
