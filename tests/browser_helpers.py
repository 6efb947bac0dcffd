"""Helpers for the tests that open the web pages in a real browser: Debian's headless
Chromium driven by Playwright (its own browser downloads are never used: .ci/run installs
the `chromium` package)."""

import json
import os
import shutil

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 360, "height": 740}


def need_chromium():
    """Chromium's path; without it the test fails on CI and is skipped elsewhere."""
    path = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if path is None:
        message = "no chromium: `apt-get install chromium` (.ci/run does it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


async def launch(playwright):
    return await playwright.chromium.launch(executable_path=need_chromium(), args=FLAGS)


class Phone:
    """One page in a browser context of its own (a phone), with everything it received:
    every HTTP response's body and every WebSocket message."""

    def __init__(self, context, page):
        self.context = context
        self.page = page
        self.responses = []  # playwright Response objects, read at check time
        self.frames = []  # WebSocket messages received, as text
        self.sockets = 0
        page.on("response", lambda response: self.responses.append(response))
        page.on("websocket", self._socket)

    def _socket(self, socket):
        self.sockets += 1
        socket.on("framereceived", lambda payload: self.frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    async def received(self):
        """Every text this page was sent so far: response bodies, then live messages."""
        out = []
        for response in self.responses:
            if response.status in (101, 301, 302, 307, 308):
                continue
            try:
                out.append((await response.body()).decode("utf-8", "replace"))
            except Exception as exc:  # a body the browser no longer holds is a failure
                raise AssertionError("could not read %s: %s" % (response.url, exc))
        return out + list(self.frames)

    async def live(self):
        await self.page.wait_for_selector("#link[data-state=live]", timeout=10000)

    async def seq(self):
        return int(await self.page.get_attribute("#game", "data-seq"))

    async def wait_seq(self, seq, timeout=5000):
        await self.page.wait_for_function(
            "n => parseInt(document.getElementById('game').dataset.seq, 10) >= n", arg=seq,
            timeout=timeout)

    async def shot(self, folder, name):
        """A screenshot of the whole page; and the page must fit the phone's width (a wide
        board scrolls inside its own frame, the page itself does not)."""
        folder.mkdir(parents=True, exist_ok=True)
        await self.page.screenshot(path=str(folder / ("%s.png" % name)), full_page=True)
        width = await self.page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], "%s is %d px wide on a %d px phone" % (
            name, width, PHONE["width"])


async def open_phone(browser, url):
    context = await browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = await context.new_page()
    phone = Phone(context, page)
    await page.goto(url)
    await phone.live()
    return phone


def pictures_in(texts):
    """The HTML of every picture among the texts a page received (the page itself, its
    state and move answers, its live messages)."""
    out = []
    for text in texts:
        if text.lstrip().startswith("{"):
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict) and "html" in data:
                out.append(data["html"])
        elif "<main" in text:
            out.append(text)
    return out
