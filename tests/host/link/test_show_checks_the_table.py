"""The host's one sender, show(kind, **payload), on the USB link and on the direct link:
a payload the table of screens does not allow is refused on the host with an error that
names the kind and the key, and nothing is sent or drawn."""

import pytest

from boardlight.canvas import Canvas
from boardlight.direct.link import DirectLink
from boardlight.link.connection import Link
from boardlight.tui.device import DeviceBridge
from host.link.test_link import make

REFUSED = [
    ({"tile": "L3", "round": 2}, "fits_card: unknown key 'round' (keys: tile, start, round_no, player, board_no)"),
    ({"tile": "L3", "round_no": "2"}, "fits_card: round_no must be a whole number, not '2'"),
    ({"round_no": 2}, "fits_card: tile is required"),
]


@pytest.mark.parametrize("payload, message", REFUSED)
def test_the_usb_link_refuses_before_sending(payload, message):
    link, device, _ = make()
    with link:
        link.wait_connected(3)
        with pytest.raises(ValueError) as got:
            link.show("fits_card", **payload)
        assert str(got.value) == message
        assert link.ep.idle()  # nothing queued
        link.show("fits_card", tile="L3", round_no=2)  # the link goes on
        link.wait_idle(3)
    assert device.applied == [("fits_card", {"tile": "L3", "round_no": 2})]


def test_an_unknown_kind_is_refused_naming_the_screens():
    link = Link("fake", transport=object())
    with pytest.raises(ValueError, match=r"^no screen 'fits' \(screens: fits_card, zatre_tiles, "):
        link.show("fits", tile="L3")
    assert link.ep.idle()


def test_null_keys_are_left_out_and_lists_copied():
    link, device, _ = make()
    tiles = [1, 5]
    link.show("zatre_tiles", tiles=tiles, hint=None)  # queued until the handshake
    tiles.append(6)  # the caller's list changes while the frame waits
    with link:
        link.wait_connected(3)
        link.wait_idle(3)
        link.show("clear")
        link.wait_idle(3)
    assert device.applied == [("zatre_tiles", {"tiles": [1, 5]}), ("clear", None)]


class RecordingDevice:
    """What DirectLink drives: a display, button names, and draw() by screen name."""

    def __init__(self):
        self.display = Canvas(16, 16, True)
        self.buttons = type("Buttons", (), {"names": ("next",)})()
        self.drawn = []

    def draw(self, screen, **payload):
        self.drawn.append((screen, payload))

    def close(self):
        pass


@pytest.mark.parametrize("payload, message", REFUSED)
def test_the_direct_link_refuses_before_drawing(payload, message):
    device = RecordingDevice()
    link = DirectLink(device)
    with pytest.raises(ValueError) as got:
        link.show("fits_card", **payload)
    assert str(got.value) == message
    assert device.drawn == []
    link.show("fits_card", tile="L3", round_no=2, player=None)
    assert device.drawn == [("fits_card", {"tile": "L3", "round_no": 2})]


def test_the_table_ui_says_the_device_refused_a_screen():
    said = []

    class App:
        def say(self, text, refused=False):
            said.append((text, refused))

    link = Link("fake", transport=object())
    bridge = DeviceBridge(link)
    bridge.app = App()
    bridge.show(("fits_card", {"tile": "L3", "round": 2}))
    assert said == [("device: " + REFUSED[0][1], True)]
    assert link.ep.idle()
