"""Names the device's 5 x 7 ASCII font cannot draw are shown as the seat (P1, P2, ...):
in the scores screen and in the scrolling messages the table sends."""

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.device import DeviceBridge
from boardlight.tui.device_names import drawable, for_device
from boardlight.tui.view import view_for


def test_what_the_font_draws():
    assert drawable("Ann") and drawable("P_1-x") and drawable("ann")
    assert not drawable("Zoë") and not drawable("Jiří") and not drawable("李娜")


def test_scores_and_messages_show_undrawable_names_as_seats():
    players = ["Ann", "Zoë", "Jiří"]
    assert for_device(("scores", {"scores": [3, 1, 2], "names": players}), players) == (
        "scores", {"scores": [3, 1, 2], "names": ["Ann", "P2", "P3"]})
    assert for_device(("message", {"text": "start: Ann P Zoë T5 Jiří U", "loop": True}), players) == (
        "message", {"text": "start: Ann P P2 T5 P3 U", "loop": True})
    card = ("fits_card", {"tile": "L3"})
    assert for_device(card, players) is card
    assert for_device(("scores", {"scores": [1], "names": ["Ann"]}), ["Ann"]) == (
        "scores", {"scores": [1], "names": ["Ann"]})


class _Link:
    """What the bridge uses of a link: it records the screens it is asked to show."""

    def __init__(self):
        self.shown = []
        self.on_status = self.on_event = None
        self.problem = None  # nothing went wrong before the table was up

    def next_event(self, timeout):
        return None

    def show(self, kind, **payload):
        self.shown.append((kind, payload))


class _App:
    def __init__(self, session):
        self.session = session


def test_the_bridge_sends_seats_for_names_it_cannot_draw(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        session = FitsSession.start(store, ["Zoë", "Ann"], 5, {"boards": [1]})
        session.act({"type": "deal"})
        link = _Link()
        bridge = DeviceBridge(link)
        bridge.attach(_App(session))
        bridge.show(view_for(session).device_screen())
    kind, payload = link.shown[-1]
    assert kind == "message" and payload["text"].startswith("start: P1 ")
    assert " Ann " in payload["text"] and "Zoë" not in payload["text"]
