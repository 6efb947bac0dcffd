"""The table UI while it exits: the mirror's timer and the device's messages can still
arrive after the widgets are gone, and must not raise (it failed a run at exit)."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.messages import DeviceEvents


class QuietDevice:
    """The bridge's calls the app makes, with nothing behind them."""

    private = False
    screen = None

    def attach(self, app):
        self.app = app

    def describe(self):
        return "test device: connected"

    def show(self, screen, private=False):
        self.screen = screen

    def mirror_text(self):
        return "(mirror)"

    def take_events(self):
        return [("button", "next", "short")]  # a press that comes as the app closes

    def status_on_ui(self, state, text):
        raise AssertionError("no status should be handled while closing")


async def _remove_every_widget(app):
    for widget in list(app.screen.children):
        await widget.remove()   # as at exit: the screen's widgets are gone


async def _remove_status_only(app):
    # The widgets go one by one at exit: a CI run had the mirror's timer find #mirror but
    # not #status (NoMatches from refresh_mirror).
    await app.query_one("#status").remove()


@pytest.mark.parametrize("remove", [_remove_every_widget, _remove_status_only])
def test_timer_and_device_messages_after_the_widgets_are_gone(tmp_path, remove):
    with Store(tmp_path / "log.sqlite3") as store:
        session = FitsSession.start(store, ["Ann"], 5)
        app = TableApp(session, QuietDevice())
        seen = {}

        async def main():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await remove(app)
                app.refresh_mirror()
                app.on_device_events(DeviceEvents())
                seen["seq"] = session.seq

        asyncio.run(main())
        assert seen["seq"] == 0  # the late press dealt nothing
