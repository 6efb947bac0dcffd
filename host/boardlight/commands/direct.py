"""`boardlight direct ...`: a matrix and buttons wired straight to a Raspberry Pi / Linux
board (Blinka), driven by the host with the firmware's own screens. The wiring is a board
file with "mcu": "linux" (docs/building.md)."""

import click


def _open(wiring):
    from boardlight.direct import device as direct

    try:
        return direct.open_direct(wiring)
    except (ValueError, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None


@click.group("direct")
def direct_group():
    """Drive a MAX7219 chain or NeoPixel matrix wired to this board's pins (no microcontroller)."""


@direct_group.command()
@click.argument("wiring", metavar="BOARD_FILE", type=click.Path(dir_okay=False))
@click.option("--pause", default=1.5, show_default=True, help="Seconds per screen.")
@click.option("--buttons", "button_seconds", default=0.0, show_default=True,
              help="Then print button events for this many seconds.")
def check(wiring, pause, button_seconds):
    """Show a tour of screens on the matrix BOARD_FILE describes, then echo buttons."""
    import time

    from boardlight.direct.run import check_screens

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
@click.argument("wiring", metavar="BOARD_FILE", type=click.Path(dir_okay=False))
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Deal from this seed (default: the clock).")
@click.option("--players", type=click.IntRange(1, 4), default=2, show_default=True)
@click.option("--seconds", type=float, default=None, help="Stop after this long (default: run until Ctrl-C).")
def deal(wiring, seed, players, seconds):
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
