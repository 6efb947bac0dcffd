"""The league's live standings in a real browser, on a projector and on a phone: a game's
end reaches an open page within a second, without a reload; the page fits a phone's
width; the printable page holds the same standings."""

import asyncio
import time

from browser_helpers import PHONE, launch, need_chromium
from league_helpers import ServedLeague, final_points, play_game, push_body

PROJECTOR = {"width": 1920, "height": 1080}


def test_a_games_end_shows_on_open_pages_within_a_second(tmp_path):
    need_chromium()
    from playwright.async_api import async_playwright

    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Bob=cpu:2"], seed=8)
    body = push_body(log, game)
    out = {}
    with ServedLeague(str(tmp_path / "league.sqlite3")) as served:
        league = served.league
        token = league.add_table("T1")
        league.add_table("T2")
        tid = league.new_tournament(dict(name="Zatre night", game="zatre", system="swiss", rounds=2,
                                         tables=["T1", "T2"]))
        for name in ("Ann", "Bob", "Cy", "Dee"):
            league.enter(tid, {"name": name, "city": "Graz" if name in ("Ann", "Cy") else "Linz"})
        assert league.pair_next(tid)["tables"] == [["Ann", "Bob"], ["Cy", "Dee"]]
        url = "%s/t/%d" % (served.url, tid)

        async def main():
            async with async_playwright() as playwright:
                browser = await launch(playwright)
                pages = {}
                for name, viewport in (("projector", PROJECTOR), ("phone", PHONE)):
                    context = await browser.new_context(viewport=viewport)
                    page = await context.new_page()
                    await page.goto(url)
                    await page.wait_for_function("document.getElementById('state').textContent == 'live'")
                    pages[name] = page
                before = await pages["phone"].inner_text("table.round")
                assert "playing" not in before
                # The game's first moves show it being played; its last ones end it.
                await asyncio.to_thread(league.push, token, {**body, "actions": body["actions"][:5]})
                await pages["phone"].wait_for_function(
                    "document.querySelector('table.round').innerText.includes('playing, 5 moves')", timeout=5000)
                await asyncio.to_thread(league.push, token, body)
                pushed = time.monotonic()
                for name, page in pages.items():
                    await page.wait_for_function(
                        "document.querySelector('table.round').innerText.includes('%d : %d')" % tuple(final),
                        timeout=5000)
                    out[name + " seconds"] = time.monotonic() - pushed
                    out[name + " standings"] = await page.inner_text("table.standings")
                    await page.screenshot(path=str(tmp_path / ("league-%s.png" % name)), full_page=True)
                out["phone overflow"] = await pages["phone"].evaluate(
                    "document.documentElement.scrollWidth - window.innerWidth")
                printed = await pages["projector"].context.new_page()
                await printed.goto(url + "/print")
                out["print standings"] = await printed.inner_text("table.standings")
                await browser.close()

        final = final_points(log, game)
        asyncio.run(main())
        view = league.view(tid)
    assert out["projector seconds"] < 1.0 and out["phone seconds"] < 1.0, out
    assert out["phone overflow"] <= 0
    winner, loser = ("Ann", "Bob") if final[0] > final[1] else ("Bob", "Ann")
    first_line = out["projector standings"].splitlines()[1]
    assert first_line.split("\t")[:3] == ["1", winner, "1"]
    assert out["print standings"] == out["projector standings"]
    assert [s["name"] for s in view["standings"]][0] == winner
