"""A Forbes game with two players' phones and a spectator's page in a real browser, beside
the table UI: each seat sees its own four cards and never the other's (in the page, in every
answer it was sent and in every live message), the spectators see no card at all; a stone
placed from seat 1's page appears on seat 2's page and on the table, and is in the log; a
stone drawn at the table appears on the phones."""

import asyncio
import re

import pytest
from rich.text import Text

from boardcore.forbes.rules import symbol_name

from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.table import Table
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.web.server import WebServer

from browser_helpers import launch, need_chromium, open_phone, pictures_in
from conftest import FIGURES
from tui_helpers import type_entry

CARDS = re.compile(r'<ul class="cards"[^>]*>(.*?)</ul>', re.S)
NAME = re.compile(r'<span class="name"> (\w+)</span>')


def card_lists(html):
    return [NAME.findall(found) for found in CARDS.findall(html)]


def board_text(app):
    return Text.from_markup(str(app.query_one("#board").content)).plain


async def until(check, timeout=5.0):
    for _ in range(int(timeout / 0.02)):
        if check():
            return True
        await asyncio.sleep(0.02)
    return check()


def test_two_seats_and_a_spectator(tmp_path):
    need_chromium()
    from playwright.async_api import async_playwright

    shots = tmp_path / "screenshots"
    FIGURES["web: page screenshots (360 x 740)"] = str(shots.parent)
    store = Store(tmp_path / "log.sqlite3")
    session = ForbesSession.start(store, ["Ann", "Bob"], 31)
    hands = session.core.game.all_hands()
    names = [[symbol_name(c) for c in hand] for hand in hands]
    assert hands[0] != hands[1]
    table = Table(session)
    web = WebServer(table).start()
    links = [url for _label, url in web.links()]
    app = TableApp(session, None, table)
    out = {}

    async def main():
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            async with async_playwright() as playwright:
                browser = await launch(playwright)
                ann, bob, spectator = [await open_phone(browser, url) for url in links]
                for phone, name in ((ann, "ann"), (bob, "bob"), (spectator, "spectators")):
                    await phone.shot(shots, "forbes-%s" % name)
                # Ann, the dealer, plays first: she draws, then taps row 1, column 2.
                await ann.page.get_by_role("button", name="Draw a stone").click()
                await ann.wait_seq(2)
                await bob.wait_seq(2)
                stone = session.core.game.stone
                assert stone in await bob.page.inner_text(".drawn") or \
                    symbol_name(stone) in await bob.page.inner_text(".drawn")
                watch = asyncio.ensure_future(bob.page.evaluate(
                    """n => new Promise(done => {
                        const main = document.getElementById('game');
                        const seen = () => parseInt(main.dataset.seq, 10) >= n;
                        if (seen()) return done(performance.timeOrigin + performance.now());
                        new MutationObserver((_, o) => {
                            if (seen()) { o.disconnect(); done(performance.timeOrigin + performance.now()); }
                        }).observe(main, {attributes: true});
                    })""", 3))
                await asyncio.sleep(0.1)
                tapped = await ann.page.evaluate(
                    """() => { const t = performance.timeOrigin + performance.now();
                        document.querySelector("td[data-row='1'][data-col='2'] button").click();
                        return t; }""")
                arrived = await watch
                out["latency"] = arrived - tapped
                cell = "td[data-row='1'][data-col='2']"
                out["bob cell"] = await bob.page.inner_text(cell)
                out["spectator cell"] = await spectator.page.inner_text(cell)
                out["table shows it"] = await until(
                    lambda: board_text(app).splitlines()[2].split()[3] != "·")
                out["table board"] = board_text(app)
                # Bob draws at the table (Enter): both phones show the stone he drew.
                await type_entry(pilot, "")
                for phone in (ann, bob, spectator):
                    await phone.wait_seq(4)
                out["drawn"] = [await p.page.inner_text(".drawn") for p in (ann, bob)]
                out["bob status"] = await bob.page.inner_text(".status")
                for phone, name in ((ann, "ann"), (bob, "bob"), (spectator, "spectators")):
                    await phone.shot(shots, "forbes-%s-later" % name)
                out["dom"] = [await p.page.content() for p in (ann, bob, spectator)]
                out["cards"] = [await p.page.locator("ul.cards li .name").all_inner_texts()
                                for p in (ann, bob, spectator)]
                out["received"] = [await p.received() for p in (ann, bob, spectator)]
                out["frames"] = [len(p.frames) for p in (ann, bob, spectator)]
                await browser.close()

    try:
        asyncio.run(main())
    finally:
        web.stop()
    seq_place = store.actions(session.row.id)[2]
    assert seq_place[1] == "place" and (seq_place[2]["row"], seq_place[2]["col"]) == (1, 2)
    placed = seq_place[2]
    assert placed["seat"] == 0
    assert out["bob cell"].split()[-1] == out["spectator cell"].split()[-1] == \
        symbol_name(session.core.game.board[6])
    assert out["table shows it"], out["table board"]
    assert out["latency"] < 1000, out["latency"]
    FIGURES["web: one stone, phone to phone (ms)"] = "%.1f" % out["latency"]
    stone = session.core.game.stone
    assert all(symbol_name(stone) in text for text in out["drawn"])
    assert out["bob status"] == "Your turn: tap the cell for the %s." % symbol_name(stone)
    # Each seat's own cards, in its page; none on the spectators'.
    assert [[n.strip() for n in cards] for cards in out["cards"]] == [names[0], names[1], []]
    for seat, (dom, received) in enumerate(zip(out["dom"], out["received"])):
        assert out["frames"][seat] >= 3  # the picture on connecting, then two moves
        everything = [dom] + received
        pictures = pictures_in(everything)
        assert len(pictures) >= 5
        for html in pictures:
            own = card_lists(html)
            if seat == 2:
                assert own == [] and "Your cards" not in html
            else:
                assert own == [names[seat]], html
            assert "Cards shown to the table" not in html
        # Neither hand as the core writes it, anywhere another seat was sent anything.
        for other in range(2):
            if other != seat:
                assert not any(hands[other] in text for text in everything)
