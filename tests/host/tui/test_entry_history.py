"""Up brings back the entries typed before, a refused one first (to correct it), Down goes
forward again and ends on an empty entry."""

import asyncio

from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from tui_helpers import type_entry


def test_up_brings_back_a_refused_entry_to_correct(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        session = ZatreSession.start(store, ["Ann", "Bob"], 4)
        app = TableApp(session)
        seen = {}

        async def main():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await type_entry(pilot, "hint")
                await type_entry(pilot, "1@7,7 3@7,8 3@7,9 9@1,1")  # refused: there is no 9
                seen["refused"] = app.last_message
                entry = app.query_one("#entry")
                await pilot.press("up")
                seen["up"] = entry.value
                await pilot.press("up")
                seen["up up"] = entry.value
                await pilot.press("up")  # nothing older: stays on the first
                seen["oldest"] = entry.value
                await pilot.press("down")
                seen["down"] = entry.value
                await pilot.press("down")
                seen["down down"] = entry.value
                await pilot.press("up")
                for _ in range(len(" 9@1,1")):
                    await pilot.press("backspace")
                await pilot.press("enter")
                await pilot.pause()
                seen["corrected"] = app.last_message

        asyncio.run(main())
        assert "tiles are 1 to 6, not 9" in seen["refused"]
        assert seen["up"] == "1@7,7 3@7,8 3@7,9 9@1,1"
        assert seen["up up"] == seen["oldest"] == "hint"
        assert seen["down"] == "1@7,7 3@7,8 3@7,9 9@1,1"
        assert seen["down down"] == ""
        assert seen["corrected"].startswith("Bob: ")  # the turn, corrected, was played
        assert session.core.turns == 1
