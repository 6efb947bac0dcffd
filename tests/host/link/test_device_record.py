"""What a device's info says beyond what it is: the optional parts that did not answer
(Link.faults, shown on the table's status line) and what it did while no host was there
(Link.away). Both come from the device, so anything else in their place is not taken."""

from boardlight.link.connection import Link
from boardlight.tui.device import DeviceBridge


class NoTransport:
    is_open = False

    def close(self):
        pass


def link_with(info):
    link = Link("test-port", transport=NoTransport())
    link.info = info
    return link


def test_away_and_faults_from_the_info():
    link = link_with({"v": 3, "away": {"presses": 9, "games": [["fits", 2, 81237, 7]]},
                      "faults": [{"part": "scanner", "code": "SCAN", "msg": "scanner mfrc522 ... did not answer"}]})
    assert link.away == {"presses": 9, "games": [["fits", 2, 81237, 7]]}
    assert link.faults == [{"part": "scanner", "code": "SCAN", "msg": "scanner mfrc522 ... did not answer"}]


def test_nothing_to_say_is_none_and_no_faults():
    assert link_with({"v": 3}).away is None and link_with({"v": 3}).faults == []
    assert link_with(None).away is None and link_with(None).faults == []
    # Not what the protocol says: left out, not passed on.
    odd = link_with({"away": [1, 2], "faults": [{"part": "scanner"}, "scanner", 3]})
    assert odd.away is None and odd.faults == [{"part": "scanner"}]
    assert link_with({"faults": "scanner"}).faults == []


def test_the_status_line_says_which_part_is_missing():
    link = link_with({"faults": [{"part": "scanner", "code": "SCAN", "msg": "..."}]})
    assert DeviceBridge(link).describe() == "device test-port: closed (no scanner)"
    # A part's name is the device's: shown only when it is a plain word (never markup).
    link.info = {"faults": [{"part": "[/b]", "code": "X", "msg": "..."}]}
    assert DeviceBridge(link).describe() == "device test-port: closed (no part)"
    link.info = {}
    assert DeviceBridge(link).describe() == "device test-port: closed"
