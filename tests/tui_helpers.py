"""Helpers for the tests that drive the table UI through Textual's pilot."""

import time


async def until(pilot, test, timeout=10.0, what="the table UI", fail=True):
    """Let the UI run until test() holds: a condition to wait for, not a pause that a busy
    machine may outlast. After `timeout` s an AssertionError naming `what`, or with
    fail=False just the return (False), for a caller whose own assertions then say what
    was there instead."""
    end = time.monotonic() + timeout
    while not test():
        if time.monotonic() >= end:
            assert not fail, "timed out waiting for %s" % what
            return False
        await pilot.pause(0.05)
    return True


async def type_entry(pilot, text):
    """Type one entry and press Enter, as a player would."""
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
    await pilot.press("enter")
    await pilot.pause()


def beside_virtual_board(session, script):
    """Run the table UI (80 x 24) for `session` with a virtual board attached, and
    `await script(app, pilot)` once it is up; the board is closed afterwards."""
    import asyncio

    from boardlight.tui.app import TableApp
    from boardlight.tui.device import open_device

    device = open_device("virtual", say=lambda _text: None)
    try:
        device.link.wait_connected(30)
        app = TableApp(session, device)

        async def main():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await script(app, pilot)

        asyncio.run(main())
    finally:
        device.close()


CLEAR = "<<clear>>"


def plain_game(session, lines, record=None):
    """Play `session` in the line-based game (tui.plain) with `lines` typed one by one (the
    input ends after the last); returns (status, said): what it printed, one string a call,
    the prompts it asked with as "? PROMPT" and every screen clear as CLEAR."""
    from boardlight.tui.plain import PlainTable

    said = []
    typed = iter(lines)

    def ask(prompt):
        said.append("? " + prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    table = PlainTable(session, ask=ask, say=said.append, clear=lambda: said.append(CLEAR),
                       record=record)
    return table.run(), said


def screen_lines(app):
    """The table UI's screen as the terminal shows it, one string a line (styles dropped)."""
    return ["".join(segment.text for segment in strip)
            for strip in app.screen._compositor.render_strips()]
