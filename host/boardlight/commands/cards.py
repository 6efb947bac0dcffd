"""`boardlight cards ...`: enrol the physical cards' scanner codes, list, look up, forget."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import click

from boardlight.commands.group import Group

from boardlight import cards as cardlib
from boardlight.commands.errors import BadInput, Failure

if TYPE_CHECKING:
    from boardlight.link.connection import Link
    from boardlight.vboard.board import VirtualBoard

# An event as the device sends it: ("scan", CODE), ("button", NAME, "short"|"long").
Event = tuple[Any, ...]


def _card_error(exc: cardlib.CardError) -> click.ClickException:
    """A card problem as the command line's error: a registry that cannot be written
    exit 1; a card, code or registry file that cannot be used exit 2."""
    if isinstance(exc, cardlib.RegistryWriteError):
        return Failure(str(exc))
    return BadInput(str(exc))


def _registry(path: str | None) -> cardlib.CardRegistry:
    try:
        return cardlib.CardRegistry.load(path)
    except cardlib.CardError as exc:
        raise _card_error(exc) from None


def typed_events(prompt: Callable[[str], str] = input) -> Iterator[Event]:
    """Events from lines typed at the prompt, for enrolling without a scanner:
    a code is a scan, an empty line skips the card, "q" stops."""
    while True:
        try:
            line = prompt("code> ")
        except EOFError:
            return
        text = line.strip()
        if text == "":
            yield ("button", "next", "short")
        elif text.lower() in ("q", "quit"):
            yield ("button", "menu", "short")
        else:
            yield ("scan", text)


def _typed_prompt(text: str) -> str:
    # click.prompt turns the end of input (Ctrl-D, a piped file that ends) and Ctrl-C into
    # Abort; for the walk they mean "stop here", which it reports with what was stored.
    try:
        return click.prompt(text, default="", show_default=False, prompt_suffix="")
    except click.exceptions.Abort:
        click.echo("")
        raise EOFError from None


def _scan_typed_at(board: VirtualBoard) -> None:
    """Typed lines become the virtual board's scans and presses; the end stops the walk."""
    try:
        # No "code>" prompt: this thread would print it before the walk names the card;
        # the walk's own "N/20: scan ..." line is the prompt.
        for event in typed_events(lambda _text: _typed_prompt("")):
            if event[0] == "scan":
                try:
                    board.scan(event[1])
                except ValueError as exc:  # a space or a non-ASCII character in the code
                    click.echo("not scanned: %s" % exc)
            else:
                board.press(event[1])
        board.press("menu")
    except Exception:  # the walk is over and the board closed under us: nothing to do
        pass


def device_events(link: Link, poll: float = 0.5) -> Iterator[Event]:
    """Events from a connected device link, for as long as the walk asks for them."""
    while True:
        event = link.next_event(poll)
        if event is not None:
            yield event


_file_option = click.option(
    "--file",
    "path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Registry file (default: cards.json in the user's data folder).",
)


@click.group(cls=Group)
def cards() -> None:
    """The physical cards and the codes their stickers scan as."""


@cards.command()
@click.argument("game", type=click.Choice(cardlib.GAMES_WITH_CARDS))
@click.option(
    "--start-tiles",
    default=None,
    help="FITS: the tiles on your four start cards, comma-separated (default: the core's).",
)
@click.option(
    "--device", "port", default=None,
    help="Take scans from the device on PORT (\"virtual\" for the virtual board, \"auto\" to "
    "find it); it names each card. Without it, codes are typed.",
)
@_file_option
def enrol(game: str, start_tiles: str | None, port: str | None, path: str | None) -> None:
    """Walk GAME's cards one by one: scan (or type) each card's code when it is named.

    Typed: an empty line skips a card, q stops. On the device: "next" skips, "menu"
    stops. Each stored code is saved at once.
    """
    registry = _registry(path)
    try:
        tiles = [t.strip() for t in start_tiles.split(",")] if start_tiles else None
        deck = cardlib.catalogue(game, tiles)
    except cardlib.CardError as exc:
        raise _card_error(exc) from None
    click.echo("Enrolling %d %s cards into %s" % (len(deck), game, registry.path))
    if port is None:
        events = typed_events(_typed_prompt)
        try:
            cardlib.enrol_walk(registry, deck, events, click.echo)
        except cardlib.CardError as exc:
            raise _card_error(exc) from None
        return
    from boardlight.link.connection import LinkError, connect

    try:
        link = connect(None if port == "auto" else port)
    except (LinkError, OSError, ImportError, ValueError) as exc:
        raise Failure("cannot open the device %s: %s" % (port, exc)) from None
    if port == "virtual" and getattr(link, "board", None) is not None:
        # The virtual board has no scanner anyone can hold a card to: the codes typed here
        # are scanned at it (an empty line presses its "next", q its "menu"), so the walk
        # runs exactly as with a device. It waited for scans that could never come.
        click.echo("the virtual board: type each code here, it is scanned at the board")
        try:
            link.wait_connected(10)  # scans before the handshake would go to its own dealer
        except LinkError as exc:
            link.close()
            raise Failure(str(exc)) from None
        threading.Thread(target=_scan_typed_at, args=(link.board,), daemon=True).start()
    try:
        enrol_from_link(registry, deck, link, click.echo)
    except LinkError as exc:
        raise Failure(str(exc)) from None
    except cardlib.CardError as exc:
        raise _card_error(exc) from None
    finally:
        link.close()


def enrol_from_link(registry: cardlib.CardRegistry, deck: list[cardlib.Card], link: Link,
                    say: Callable[[str], object], timeout: float = 10) -> tuple[int, int]:
    """The enrolment walk on a connected device link: each card's name scrolls on the
    device, its scans and buttons drive the walk. Returns (enrolled, skipped)."""
    link.wait_connected(timeout)
    say("device connected: scan each card as it is named; next skips, menu stops")
    result = cardlib.enrol_walk(
        registry, deck, device_events(link), say, lambda card: link.show_text(card.short(), loop=True)
    )
    link.show_text("DONE")
    link.wait_idle(3)
    return result


@cards.command("list")
@click.argument("game", required=False, type=click.Choice(cardlib.GAMES_WITH_CARDS))
@_file_option
def list_cards(game: str | None, path: str | None) -> None:
    """List the enrolled codes (of one GAME, or all)."""
    registry = _registry(path)
    rows = registry.entries(game)
    for code, card in rows:
        click.echo("%-24s %s" % (code, card.label()))
    click.echo("%d card(s) enrolled" % len(rows))


@cards.command()
@click.argument("code")
@_file_option
def lookup(code: str, path: str | None) -> None:
    """Print the card a scanned CODE stands for."""
    try:
        card = _registry(path).card_for(code)
    except cardlib.CardError as exc:
        raise _card_error(exc) from None
    click.echo("%s %s: %s" % (card.game, card.card_id, card.label()))


@cards.command()
@click.argument("code")
@_file_option
def forget(code: str, path: str | None) -> None:
    """Remove one enrolled CODE."""
    registry = _registry(path)
    try:
        card = registry.card_for(code)
        registry.forget(code)
    except cardlib.CardError as exc:
        raise _card_error(exc) from None
    click.echo("forgot %r (%s)" % (code.strip(), card.label()))


COMMANDS = (cards,)
