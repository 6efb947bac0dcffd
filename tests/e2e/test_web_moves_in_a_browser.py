"""Moves entered on a phone's page in a real browser, checked by the core and written to the
log by the table: a Zatre turn (tap a tile, then its cell, for each tile) and a FITS drop
(an orientation, then a column); an illegal one of each is refused with the core's own
message and changes nothing."""

import asyncio
import copy

import pytest

from boardcore.errors import RuleError
from boardcore.fits import tiles as fits_tiles
from boardcore.zatre.board import coords
from boardcore.zatre.hint import legal_turns

from boardlight.sessions.table import Table
from boardlight.store.gamelog import Store
from boardlight.web.server import WebServer

from browser_helpers import launch, need_chromium, open_phone


def core_refusal(core, act):
    """The message the core gives for `act` on a copy of it (the real one is not touched)."""
    with pytest.raises(RuleError) as refused:
        act(copy.deepcopy(core))
    return str(refused.value)


def run_pages(table, script):
    """Serve `table`'s pages and run `await script(browser, links)` in a real browser."""
    need_chromium()
    from playwright.async_api import async_playwright

    async def main():
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            try:
                await script(browser, [url for _label, url in web.links()])
            finally:
                await browser.close()

    with WebServer(table) as web:
        asyncio.run(main())
        assert not web.errors


async def answer_to(phone, click):
    """(text, refused?) of the message line once `await click()` has had its answer."""
    await phone.page.evaluate("() => { document.getElementById('message').textContent = ''; }")
    await click()
    await phone.page.wait_for_function(
        "() => document.getElementById('message').textContent.length > 0")
    text = await phone.page.inner_text("#message")
    refused = "refused" in (await phone.page.get_attribute("#message", "class"))
    return text, refused


def test_a_zatre_turn_from_a_phone_and_an_illegal_one(tmp_path):
    from boardlight.sessions.zatre import ZatreSession

    shots = tmp_path / "screenshots"
    store = Store(tmp_path / "log.sqlite3")
    session = ZatreSession.start(store, ["Ann", "Bob"], 4)
    game = session.core
    mover = game.current
    steps = next(iter(legal_turns(game.board, game.hand(), True, False)))[0]
    tiles = [list(coords(i)) + [v] for i, v in steps]
    out = {}

    async def script(browser, links):
        phones = [await open_phone(browser, url) for url in links]
        me, other = phones[mover], phones[1 - mover]
        await me.shot(shots, "zatre-to-move")
        await other.shot(shots, "zatre-waiting")
        await phones[2].shot(shots, "zatre-spectators")
        for row, col, value in tiles:
            await me.page.locator(".ztile[data-value='%d']:not([disabled])" % value).first.click()
            await me.page.click(".zcell[data-row='%d'][data-col='%d']" % (row, col))
        out["pending"] = await me.page.inner_text(".pending")
        await me.shot(shots, "zatre-tiles-laid")
        out["said"] = await answer_to(
            me, me.page.get_by_role("button", name="Play these tiles").click)
        await other.wait_seq(1)
        out["other sees"] = [await other.page.inner_text(
            "td[data-row='%d'][data-col='%d']" % (r, c)) for r, c, _v in tiles]
        await other.shot(shots, "zatre-after-the-turn")
        # The next player lays one tile far from every other: the core refuses the turn.
        value = game.hand()[0]
        out["expected"] = core_refusal(game, lambda core: core.play([(1, 1, value)]))
        await other.page.locator(".ztile").first.click()
        await other.page.click(".zcell[data-row='1'][data-col='1']")
        out["refused"] = await answer_to(
            other, other.page.get_by_role("button", name="Play these tiles").click)
        await other.shot(shots, "zatre-refused")

    run_pages(Table(session), script)
    assert out["pending"].startswith("Laid, not sent yet: ")
    text, refused = out["said"]
    assert text.startswith("Turn played: ") and not refused
    turn = store.actions(session.row.id)[0]
    assert turn[1] == "turn" and turn[2]["tiles"] == tiles and turn[2]["seat"] == mover
    assert [int(t.split()[0]) for t in out["other sees"]] == [v for _r, _c, v in tiles]
    assert out["refused"] == (out["expected"], True)
    assert len(store.actions(session.row.id)) == 1


def test_a_fits_drop_from_a_phone_and_an_illegal_one(tmp_path):
    from boardlight.sessions.fits import FitsSession

    shots = tmp_path / "screenshots"
    store = Store(tmp_path / "log.sqlite3")
    session = FitsSession.start(store, ["Ann", "Bob"], 5, {})
    game = session.core
    out = {}

    async def script(browser, links):
        ann, bob, spectators = [await open_phone(browser, url) for url in links]
        await ann.page.get_by_role("button", name="Deal round 1").click()
        for phone in (ann, bob, spectators):
            await phone.wait_seq(1)
        start = game.start_tile("Ann")
        # Ann drops her start tile in orientation 2 (if it has one) at column 3.
        orientation = 2 if await ann.page.locator("input[name=orientation]").count() > 1 else 1
        out["orientation"] = orientation
        await ann.page.check("input[name=orientation][value='%d']" % orientation)
        await ann.shot(shots, "fits-orientation-picked")
        out["expected row"] = copy.deepcopy(game).place("Ann", start, orientation, 3)
        out["said"] = await answer_to(ann, lambda: ann.page.click(
            "button[aria-label='drop %s in column 3']" % start))
        await ann.shot(shots, "fits-dropped")
        await bob.shot(shots, "fits-to-place")
        await spectators.shot(shots, "fits-spectators")
        # Bob picks his widest orientation and the last column: off the board.
        bob_tile = game.start_tile("Bob")
        widths = [len(fits_tiles.picture(bob_tile, o)[0])
                  for o in range(1, fits_tiles.orientation_count(bob_tile) + 1)]
        widest = widths.index(max(widths)) + 1
        assert max(widths) > 1
        out["expected"] = core_refusal(game, lambda core: core.place("Bob", bob_tile, widest, 6))
        await bob.page.check("input[name=orientation][value='%d']" % widest)
        out["refused"] = await answer_to(bob, lambda: bob.page.click(
            "button[aria-label='drop %s in column 6']" % bob_tile))
        out["covered"] = await ann.page.locator(".fits-board td.covered").count()
        await bob.shot(shots, "fits-refused")

    run_pages(Table(session), script)
    text, refused = out["said"]
    assert not refused and text.startswith("You dropped %s (orientation %d) in column 3: it rests"
                                           " on row %d." % (game.start_tile("Ann"),
                                                            out["orientation"],
                                                            out["expected row"]))
    kinds = [(kind, data.get("seat")) for _s, kind, data in store.actions(session.row.id)]
    assert kinds == [("deal", None), ("drop", 0)]
    drop = store.actions(session.row.id)[1][2]
    assert (drop["orientation"], drop["column"]) == (out["orientation"], 3)
    assert out["covered"] == len(fits_tiles.cells(game.start_tile("Ann"), 1))  # on Ann's page
    assert out["refused"] == (out["expected"], True)
