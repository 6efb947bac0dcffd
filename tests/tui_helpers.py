"""Helpers for the tests that drive the table UI through Textual's pilot."""


async def type_entry(pilot, text):
    """Type one entry and press Enter, as a player would."""
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
    await pilot.press("enter")
    await pilot.pause()
