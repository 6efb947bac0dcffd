"""Text that came from a person, a file or a device is shown as it is, never read as markup:
an entry, a player's name, a scanned code, the device's board name, a refusal. Markup
in it ("[/b]", "[@click=app.quit]") must neither end the UI nor style or link anything."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from tui_helpers import plain_game, screen_lines, type_entry

# Each is one word (a valid player name) that Rich or Textual would read as markup.
HOSTILE = ["[/b]", "[@click=app.quit]", "[/]", "[b]x", "[red]y[/red]", "\\[i]"]
ENTRIES = ["[/b]", "[@click=app.quit]", "[/]", "[bold", "[/bold]"]


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _session(store, game, names):
    if game == "fits":
        return FitsSession.start(store, names, 4, {"boards": [1, 2]})
    if game == "zatre":
        return ZatreSession.start(store, names, 4)
    return ForbesSession.start(store, names, 4)


def _run(app, script):
    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(pilot)
            await pilot.pause()
            assert app.is_running, "the UI ended"

    asyncio.run(main())


def _seen(app):
    return "\n".join(screen_lines(app))


@pytest.mark.parametrize("game", ["fits", "zatre", "forbes"])
def test_typed_markup_is_refused_as_an_entry_and_shown_as_typed(store, game):
    app = TableApp(_session(store, game, ["Ann", "Bob"]))
    seen = []

    async def script(pilot):
        for entry in ENTRIES:
            await type_entry(pilot, entry)
            seen.append((entry, app.last_message, _seen(app)))

    _run(app, script)
    for entry, message, screen in seen:
        assert entry in message
        assert entry in screen, (entry, screen)


@pytest.mark.parametrize("game", ["fits", "zatre", "forbes"])
@pytest.mark.parametrize("name", HOSTILE + ["\x1b[2JAnn", "Bob\x1b]0;x\x07"])
def test_names_with_markup_or_terminal_escapes_never_reach_a_panel(store, game, name):
    # Every game takes letters of any script, digits, '_' and '-' in a name
    # (boardcore.names): markup and control characters are refused before a game starts,
    # saying which character, so no panel or terminal ever shows one as a name.
    from boardcore.errors import RuleError

    with pytest.raises(RuleError, match="player name (.* may only use letters|must be 1 to 16 characters)"):
        _session(store, game, ["Ann", name])
    assert store.games() == []


def test_a_scanned_code_with_markup_is_quoted_in_the_refusal(store):
    for options in ({"deal": "table"}, {}):
        session = FitsSession.start(store, ["Ann", "Bob"], 7, options)
        app = TableApp(session)
        seen = []

        async def script(pilot):
            for code in ("[/bold]", "[@click=app.quit]"):
                app.device_event(("scan", code))
                await pilot.pause()
                seen.append((code, app.last_message, _seen(app)))

        _run(app, script)
        for code, message, screen in seen:
            assert code in message and code in screen


class _Link:
    """A device link that is connected and shows nothing."""

    port = "/dev/ttyACM0"
    connected = True
    state = "connected"
    info = None
    on_status = on_event = None
    problem = None
    dropped = 0

    def flooding(self):
        return False

    def next_event(self, timeout):
        return None

    def show(self, kind, **payload):
        pass

    def close(self):
        pass


def test_a_device_named_with_markup_is_shown_as_named(store):
    from boardlight.link.connection import CONNECTED
    from boardlight.tui.device import DeviceBridge

    session = ZatreSession.start(store, ["Ann", "Bob"], 4)
    device = DeviceBridge(_Link())
    app = TableApp(session, device)
    seen = {}

    async def script(pilot):
        device._link_status(CONNECTED, "[/] [@click=app.quit]")  # the board name and firmware
        await pilot.pause()
        seen["message"] = app.last_message
        seen["screen"] = _seen(app)

    _run(app, script)
    assert "[/] [@click=app.quit]" in seen["message"]
    assert "[/] [@click=app.quit]" in seen["screen"]


def test_a_fits_layout_file_name_with_markup_is_shown_as_named(store, tmp_path):
    from boardcore.fits.layouts import parse_layout

    from boardlight.tui.view import ViewError

    session = FitsSession.start(store, ["Ann"], 4, {"boards": [2]})
    app = TableApp(session)
    layout = parse_layout("board 2\nspace 1 1 3\n", "[/b]board.txt")
    seen = {}

    def refuse(_text):
        raise ViewError("layout %s: no such board" % layout.source)

    async def script(pilot):
        app.view.handle = refuse
        await type_entry(pilot, "1 1")
        seen["screen"] = _seen(app)

    _run(app, script)
    assert "layout [/b]board.txt: no such board" in seen["screen"]


@pytest.mark.parametrize("game", ["fits", "zatre", "forbes"])
def test_the_line_game_prints_markup_as_typed(store, game):
    session = _session(store, game, ["Ann", "Bob"])
    _status, said = plain_game(session, ENTRIES)
    text = "\n".join(said)
    for entry in ENTRIES:
        assert entry in text


