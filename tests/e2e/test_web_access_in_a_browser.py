"""In a real browser: a page without a valid token (none, a mangled one, an old game's) is a
bare 403 that names nothing of the game; one seat's page cannot move for another; and a
page whose connection the server dropped reconnects by itself and catches up on what
happened meanwhile, without being reloaded."""

import asyncio
import json

from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.table import Table
from boardlight.store.gamelog import Store
from boardlight.web.server import WebServer

from browser_helpers import PHONE, launch, need_chromium, open_phone


def test_no_page_without_its_token(tmp_path):
    need_chromium()
    from playwright.async_api import async_playwright

    store = Store(tmp_path / "log.sqlite3")
    old = Table(ForbesSession.start(store, ["Ann", "Bob"], 3))
    with WebServer(old) as web:
        old_links = [url for _l, url in web.links()]
        port = web.port
    table = Table(ForbesSession.start(store, ["Cy", "Dee"], 4))
    out = {}

    async def main():
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            context = await browser.new_context(viewport=PHONE)
            page = await context.new_page()
            base = "http://127.0.0.1:%d" % port
            cy = links[0]
            token = cy.split("/t/")[1].rstrip("/")
            dee_token = links[1].split("/t/")[1].rstrip("/")
            tries = {"no token": base + "/", "no token, a page's path": base + "/t/",
                     "mangled": cy.replace(token, token[:-2] + "zz"),
                     "two seats' tokens mixed": cy.replace(token, token[:16] + dee_token[16:]),
                     "an old game's": old_links[0], "an old game's spectators'": old_links[2]}
            for name, url in tries.items():
                answer = await page.goto(url)
                out[name] = (answer.status, (await page.inner_text("body")).strip())
            # Cy's page, open: a move "for Dee" is Cy's own move, refused by the core.
            await page.goto(cy)
            answer = await page.evaluate("""() => fetch('act', {method: 'POST',
                headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({seen: 1, move: {kind: 'reveal', seat: 1}})})
                .then(r => r.json())""")
            out["reveal for Dee"] = answer
            await page.screenshot(path=str(tmp_path / "access-own-page.png"))
            await browser.close()

    with WebServer(table, port=port) as web:
        links = [url for _l, url in web.links()]
        asyncio.run(main())
    for name in ("no token", "no token, a page's path", "mangled", "two seats' tokens mixed",
                 "an old game's", "an old game's spectators'"):
        assert out[name] == (403, "403 forbidden"), name
    # Cy's "reveal for seat 1" showed Cy's own cards, not Dee's.
    assert out["reveal for Dee"]["ok"] and table.session.core.game._shown == [True, False]


def test_a_page_catches_up_after_the_server_dropped_it(tmp_path):
    need_chromium()
    from playwright.async_api import async_playwright

    store = Store(tmp_path / "log.sqlite3")
    session = ForbesSession.start(store, ["Ann", "Bob"], 8)
    table = Table(session)
    web = WebServer(table).start()
    port, access = web.port, web.access
    url = web.links()[1][1]  # Bob's page
    out = {}

    async def main():
        nonlocal web
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            bob = await open_phone(browser, url)
            await bob.page.evaluate("() => { window.notReloaded = true; }")
            web.stop()  # every connection dropped, nothing listening
            await bob.page.wait_for_selector("#link[data-state=reconnecting]", timeout=5000)
            await bob.shot(tmp_path / "screenshots", "reconnecting")
            # Meanwhile the table goes on: Ann draws and places.
            table.act({"type": "draw", "seat": 0}, source="terminal")
            table.act({"type": "place", "seat": 0, "row": 3, "col": 3}, source="terminal")
            await asyncio.sleep(0.5)
            web = WebServer(table, port=port, access=access).start()
            await bob.live()
            await bob.wait_seq(3)
            out["cell"] = await bob.page.inner_text("td[data-row='3'][data-col='3']")
            out["status"] = await bob.page.inner_text(".status")
            out["not reloaded"] = await bob.page.evaluate("() => window.notReloaded === true")
            out["navigations"] = await bob.page.evaluate(
                "() => performance.getEntriesByType('navigation').length")
            out["sockets"] = bob.sockets
            out["last"] = json.loads(bob.frames[-1])["seq"]
            await bob.shot(tmp_path / "screenshots", "caught-up")
            await browser.close()

    try:
        asyncio.run(main())
    finally:
        web.stop()
    assert out["cell"].split()[-1] == {"S": "square", "T": "triangle", "C": "circle",
                                       "X": "star"}[session.core.game.board[15]]
    assert out["status"] == "Your turn: draw a stone."
    assert out["not reloaded"] and out["navigations"] == 1
    assert out["sockets"] >= 2 and out["last"] == 3
