"""`boardlight direct ...`: a matrix and buttons wired straight to a Raspberry Pi / Linux
board (Blinka), driven by the host with the firmware's own screens. The wiring is a board
file with "mcu": "linux" (docs/direct.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from boardlight.commands.group import Group

from boardlight.commands.errors import Failure
from boardlight.commands.params import BoardFile, BoardFileValue, Seconds, Seed, WholeNumber

if TYPE_CHECKING:
    from boardlight.direct.device import DirectDevice

_BOARD_FILE = click.argument("wiring", metavar="BOARD_FILE", type=BoardFile("linux"))


def _open(wiring: BoardFileValue) -> DirectDevice:
    """The DirectDevice of a checked board file; Failure (exit 1) when this computer cannot
    drive it, saying which board Blinka found and how to try it on a PC."""
    from boardlight.direct import device as direct
    from boardlight.direct.detect import cannot_drive

    try:
        return direct.open_direct(wiring.config)
    except (ValueError, RuntimeError, OSError, ImportError) as exc:
        raise Failure(cannot_drive(wiring.given, exc)) from None


@click.group("direct", cls=Group)
def direct_group() -> None:
    """Drive a MAX7219 chain or NeoPixel matrix wired to this board's pins (no microcontroller)."""


@direct_group.command()
@_BOARD_FILE
@click.option("--pause", type=Seconds(0, 60), default=1.5, show_default=True, help="Seconds per screen.")
@click.option("--buttons", "button_seconds", type=Seconds(), default=0.0, show_default=True,
              help="Then print button events for this many seconds.")
def check(wiring: BoardFileValue, pause: float, button_seconds: float) -> None:
    """Show a tour of screens on the matrix BOARD_FILE describes, then echo buttons."""
    import time

    from boardlight.direct.detect import detected_board
    from boardlight.direct.run import check_screens

    click.echo("Blinka detected %s." % detected_board())
    device = _open(wiring)
    check_screens(device, pause, say=click.echo)
    if button_seconds > 0:
        click.echo("press the buttons (%g s)" % button_seconds)
        end = time.monotonic() + button_seconds
        while time.monotonic() < end:
            for event in device.poll():
                click.echo(" ".join(event))
            time.sleep(0.005)


@direct_group.command()
@_BOARD_FILE
@click.option("--seed", type=Seed(), default=None, help="Deal from this seed (default: the clock).")
@click.option("--players", type=WholeNumber(1, 4, "--players"), default=2, show_default=True,
              help="How many play FITS, the game the dealer starts on (1-4); Forbes deals for"
                   " at least 2. A long press of menu changes the count of the game shown"
                   " (FITS 1-4, Forbes 2-5), as on the device.")
@click.option("--seconds", type=Seconds(), default=None,
              help="Stop after this long (default: run until Ctrl-C).")
def deal(wiring: BoardFileValue, seed: int | None, players: int, seconds: float | None) -> None:
    """The device's standalone dealer (FITS cards, Zatre tiles, Forbes stones) on the
    wired matrix: "next" deals, "menu" changes game, as on the device."""
    from boardlight.direct.run import DirectDealer

    device = _open(wiring)
    dealer = DirectDealer(device, seed, players)
    click.echo("dealing from seed %d; Ctrl-C stops" % dealer.dealer.seed)
    try:
        dealer.run(seconds, on_event=lambda e: click.echo(" ".join(e)))
    except KeyboardInterrupt:
        pass
    finally:
        device.close()


COMMANDS = (direct_group,)
