"""What a page shows is built from its own seat's view: another seat's secret (a Forbes hand,
the tiles a Zatre player holds, a FITS board and start card) can be changed at will and
every other page's picture stays byte for byte the same, while the owner's own page and,
once it is shown to the table, everyone's, do change."""

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.web.access import Audience
from boardlight.web.pages import picture

ANN, BOB, CY = Audience(0, "Ann"), Audience(1, "Bob"), Audience(2, "Cy")
SPECTATORS = Audience(None, "spectators")


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as log:
        yield log


def pictures(session, audiences):
    return [picture(session, a)["html"] for a in audiences]


def forbes_states(session):
    yield "dealt"
    session.act({"type": "draw", "seat": 0})
    yield "a stone drawn"
    session.act({"type": "place", "seat": 0, "row": 1, "col": 2})
    session.act({"type": "draw", "seat": 1})
    session.act({"type": "place", "seat": 1, "row": 0, "col": 0})
    yield "two stones down"


def test_forbes_a_hand_reaches_its_own_page_alone(store):
    session = ForbesSession.start(store, ["Ann", "Bob", "Cy"], 11)
    for state in forbes_states(session):
        game = session.core.game
        real = game._hands[1]
        others = pictures(session, [ANN, CY, SPECTATORS])
        own = picture(session, BOB)["html"]
        game._hands[1] = "SSSS" if real != "SSSS" else "XXXX"
        try:
            assert pictures(session, [ANN, CY, SPECTATORS]) == others, state
            assert picture(session, BOB)["html"] != own, state
        finally:
            game._hands[1] = real
    # Shown to the table: now every page has it.
    session.act({"type": "reveal", "seat": 1})
    others = pictures(session, [ANN, CY, SPECTATORS])
    session.core.game._hands[1] = "SSSS" if session.core.game._hands[1] != "SSSS" else "XXXX"
    assert all(a != b for a, b in zip(pictures(session, [ANN, CY, SPECTATORS]), others))


def test_forbes_the_spectators_page_has_no_hand_at_all(store):
    session = ForbesSession.start(store, ["Ann", "Bob"], 5)
    html = picture(session, SPECTATORS)["html"]
    assert 'class="cards"' not in html and "Your cards" not in html
    own = picture(session, ANN)["html"]
    assert own.count('class="cards"') == 1 and "Your cards" in own


def test_zatre_held_tiles_show_only_as_the_table_shows_them(store):
    session = ZatreSession.start(store, ["Ann", "Bob", "Cy"], 4)
    game = session.core
    current = game.current
    holder = (current + 1) % 3  # a player between turns
    viewers = [a for a in (ANN, BOB, CY) if a.seat != holder] + [SPECTATORS]
    mine = [a for a in (ANN, BOB, CY) if a.seat == holder][0]
    real = game.hands[holder]
    # The table shows the sum of what a player holds: keep the sum, change the tiles.
    game.hands[holder] = [2, 5]
    before, own = pictures(session, viewers), picture(session, mine)["html"]
    game.hands[holder] = [3, 4]
    try:
        assert pictures(session, viewers) == before
        assert picture(session, mine)["html"] != own
    finally:
        game.hands[holder] = real


def test_fits_a_board_and_a_start_card_stay_on_their_own_page(store):
    session = FitsSession.start(store, ["Ann", "Bob", "Cy"], 9, {})
    session.act({"type": "deal"})
    game = session.core
    bob_start = game.start_tile("Bob")
    viewers = [ANN, CY, SPECTATORS]
    before, own = pictures(session, viewers), picture(session, BOB)["html"]
    game._boards[1].drop(bob_start, 1, 1)  # Bob's board changes, nobody else's
    other = "L3" if bob_start != "L3" else "I3"
    game._starts[1] = other
    assert pictures(session, viewers) == before
    assert picture(session, BOB)["html"] != own
