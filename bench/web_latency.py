"""From a move on one phone's page to the other phone's page showing it, in the browser.

A Forbes match is served by bench/web_worker.py in a process of its own. Two players'
pages (Debian's headless Chromium, one browser context each, as two phones) play 200
actions: the player to move taps (draw a stone, place it on the first empty cell, deal the
next game) and the time runs, on the browser's clock, from the tap to the moment the other
page's picture shows the action. Then 30 more pages connect and the server's resident
memory says what one connected page costs. Prints the figures; exits 1 if the p99 misses
the 200 ms the pages promise.
"""

import asyncio
import json
import statistics
import subprocess
import sys
from pathlib import Path

ACTIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 200
EXTRA_PAGES = 30
FLOOR_P99_MS = 200.0
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from browser_helpers import launch, open_phone  # noqa: E402 (the tests' own launcher)

WATCH = """n => new Promise(done => {
    const main = document.getElementById('game');
    const seen = () => parseInt(main.dataset.seq, 10) >= n;
    if (seen()) return done(performance.timeOrigin + performance.now());
    new MutationObserver((_, o) => {
        if (seen()) { o.disconnect(); done(performance.timeOrigin + performance.now()); }
    }).observe(main, {attributes: true});
})"""

# The player to move's tap: the first of these its page offers.
TAP = """() => {
    const button = document.querySelector("[data-move*='\\"draw\\"']") ||
        document.querySelector(".forbes-board button") ||
        document.querySelector("[data-move*='\\"deal\\"']");
    if (!button) return null;
    const t = performance.timeOrigin + performance.now();
    button.click();
    return t;
}"""


def rss_kib(pid):
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit("no VmRSS for process %d" % pid)


async def run(links, pid):
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await launch(playwright)
        before = rss_kib(pid)
        phones = [await open_phone(browser, url) for url in links[:2]]
        times = []
        for k in range(ACTIONS):
            seqs = [await p.seq() for p in phones]
            target = max(seqs) + 1
            for actor in (0, 1):
                watcher = phones[1 - actor]
                watch = asyncio.ensure_future(watcher.page.evaluate(WATCH, target))
                tapped = await phones[actor].page.evaluate(TAP)
                if tapped is not None:
                    times.append(await asyncio.wait_for(watch, 10) - tapped)
                    await phones[actor].wait_seq(target)
                    # Its answer too: a page takes no second move while one is on its way.
                    await phones[actor].page.wait_for_function(
                        "() => !document.getElementById('game').hasAttribute('aria-busy')")
                    break
                watch.cancel()
            else:
                raise SystemExit("action %d: neither page offers a move" % k)
        two = rss_kib(pid)
        extra = [await open_phone(browser, links[k % len(links)]) for k in range(EXTRA_PAGES)]
        await asyncio.sleep(1.0)
        many = rss_kib(pid)
        for phone in extra + phones:
            await phone.context.close()
        await browser.close()
    return times, before, two, many


def main():
    worker = subprocess.Popen([sys.executable, str(HERE / "web_worker.py")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        links = json.loads(worker.stdout.readline())
        times, before, two, many = asyncio.run(run(links, worker.pid))
    finally:
        worker.stdin.close()
        worker.wait(30)
    times.sort()
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(round(0.99 * len(times))) - 1)]
    print("web update latency, move on one page to the other page (%d actions, in the"
          " browser): median %.1f ms, p99 %.1f ms, max %.1f ms" % (len(times), median, p99,
                                                                   times[-1]))
    print("web server memory: %.1f MiB serving, %.1f MiB with 2 pages, %.1f MiB with %d;"
          " %.0f KiB per connected page" % (before / 1024, two / 1024, many / 1024,
                                            2 + EXTRA_PAGES, (many - two) / EXTRA_PAGES))
    if p99 > FLOOR_P99_MS:
        print("p99 over %.0f ms" % FLOOR_P99_MS)
        sys.exit(1)


if __name__ == "__main__":
    main()
