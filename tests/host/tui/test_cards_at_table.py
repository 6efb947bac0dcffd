"""The cards at the table: enrolling typed at the prompt, scans during play."""

import pytest
from click.testing import CliRunner

from boardlight.cards import CardRegistry
from boardlight.cli import cli


def test_typed_enrol_stopped_by_the_end_of_input_reports_and_succeeds(tmp_path):
    # Ctrl-D at the "code>" prompt (or a piped list that ends) stops the walk: the codes
    # stored so far stay, the summary is printed and the exit code is 0 (it was "Aborted!"
    # and exit 1, with no word of what had been stored).
    path = tmp_path / "cards.json"
    result = CliRunner().invoke(cli, ["cards", "enrol", "forbes", "--file", str(path)],
                                input="F1\n\nF3\n")
    assert result.exit_code == 0, result.output
    assert "stored 'F1' as Forbes ownership card square (1 of 5)" in result.output
    assert "skipped Forbes ownership card square (2 of 5)" in result.output
    assert "stored 'F3' as Forbes ownership card square (3 of 5)" in result.output
    assert result.output.rstrip().endswith("stopped: 2 enrolled, 1 skipped")
    assert [code for code, _card in CardRegistry.load(path).entries()] == ["F1", "F3"]


def test_play_fits_cards_says_how_to_deal_and_turn_and_takes_scans(tmp_path):
    # `play fits --cards`: the players deal the real cards, so Enter neither deals nor
    # turns. The prompt said "Press Enter ... to deal" and the keys listed only Enter; the
    # entries that do it ('starts', 'card') were nowhere on the screen.
    import asyncio

    from boardlight.cards import catalogue
    from boardlight.sessions.fits import FitsSession
    from boardlight.store.gamelog import Store
    from boardlight.tui.app import TableApp
    from boardlight.tui.fits import FitsView

    registry = CardRegistry.load(tmp_path / "cards.json")
    for n, card in enumerate(catalogue("fits"), 1):  # start P T5 U Y, then the 16 tiles
        registry.enrol("C%d" % n, card)
    with Store(tmp_path / "log.sqlite3") as store:
        session = FitsSession.start(store, ["Ann", "Bob"], 7, {"deal": "table"})
        app = TableApp(session)
        app.view = FitsView(session, registry)
        seen = {}

        async def main():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                seen["card"] = str(app.query_one("#card").content)
                seen["keys"] = str(app.query_one("#keys").content)
                for code in ("C3", "C3", "C4"):  # U for Ann, U again (refused), Y for Bob
                    app.device_event(("scan", code))
                    seen.setdefault("scans", []).append(app.last_message)
                app.enter("1 1 1")
                app.enter("2 1 1")
                seen["prompt"] = app.view.prompt()
                app.device_event(("scan", "C20"))  # building card Y: Bob skips it
                seen["turn"] = app.last_message
                app.device_event(("scan", "C20"))  # the same card again
                seen["again"] = app.last_message
                app.enter("pass")
                app.device_event(("scan", "C20"))  # and once Ann has set it aside
                seen["played"] = app.last_message

        asyncio.run(main())
    assert seen["card"] == "Round 1: each player scans their start card (or type 'starts T T')."
    assert seen["keys"].splitlines() == [
        "starts T..: deal · card T: turn · P O C: P drops orientation O at column C",
        "P pass: set aside · hint P: legal drops · ?: help · Ctrl+Q: quit, resume later"]
    assert seen["scans"] == ["Ann draws start card U; next: Bob.",
                             "FITS start card U was already drawn for this deal",
                             "Round 1 on board 1. Start tiles: Ann U, Bob Y."]
    assert seen["prompt"] == ("Turn the next real card: scan it (or type 'card TILE',"
                              " e.g. 'card L4').")
    assert seen["turn"] == "Card 1 of 16: Y. Bob skips it (start tile)."
    assert "still to place or set aside Y" in seen["again"]
    assert seen["played"] == "card Y was already turned this round"
    assert session.core.turned == 1


@pytest.mark.timeout(60)  # without the typed scans the walk waits for ever
def test_enrol_with_the_virtual_board_takes_typed_codes_as_its_scans(tmp_path):
    # `cards enrol GAME --device virtual` (in the README) waited for scans nobody could
    # make: the virtual board runs headless. Typed codes are now scanned at it, so the
    # walk runs through the firmware and the link as with a device.
    path = tmp_path / "cards.json"
    result = CliRunner().invoke(
        cli, ["cards", "enrol", "forbes", "--device", "virtual", "--file", str(path)],
        input="X1\n\nX1\nX3\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "stored 'X1' as Forbes ownership card square (1 of 5)" in out
    assert "skipped Forbes ownership card square (2 of 5)" in out
    assert "not stored: code 'X1' is already enrolled as Forbes ownership card square" \
        " (1 of 5)" in out
    assert "stored 'X3' as Forbes ownership card square (3 of 5)" in out
    assert out.rstrip().endswith("stopped: 2 enrolled, 1 skipped")
    assert [(code, card.card_id) for code, card in CardRegistry.load(path).entries()] == [
        ("X1", "square-1"), ("X3", "square-3")]
