"""Buttons: debounce against a bouncing pin with a fake clock, short and long presses, many
buttons at once. Active low: the pin reads 0 while pressed."""

from fakes.mp import run_mp

SETUP = """
import json, machine
from drivers.buttons import Buttons
clock = machine.Clock(1000)
events = []
def make(names, **kw):
    pins = {}
    for i, name in enumerate(names):
        pins[name] = machine.Pin(10 + i, machine.Pin.IN, machine.Pin.PULL_UP)
    return Buttons(pins, lambda e: events.append([clock.now] + list(e)), clock=clock.ticks_ms, **kw), pins
def step(b, ms, times=1):
    for _ in range(times):
        clock.advance(ms)
        b.poll()
"""


def test_bouncing_press_gives_one_down_and_one_short():
    # debounce 20 ms, polled every 1 ms from t=1000.
    # Press: bounces 0,1,0,1 at t=1001..1004, then held low from t=1005.
    #   the last edge is at 1005; stable for 20 ms at t=1025 -> "down" at 1025.
    # Held to t=1200; the release bounces 1,0,1 are read at t=1201..1203: last edge 1203,
    #   stable for 20 ms at 1223 -> released; held = 1223 - 1025 = 198 ms < 600 -> "short".
    out = run_mp(SETUP + """
b, pins = make(["next"], debounce_ms=20, long_ms=600)
p = pins["next"]
for level in (0, 1, 0, 1, 0):
    p.drive(level); step(b, 1)
step(b, 1, 1200 - 1005)
for level in (1, 0, 1):
    p.drive(level); step(b, 1)
step(b, 1, 100)
print(json.dumps(events))
""")[0]
    assert out == [[1025, "button", "next", "down"], [1223, "button", "next", "short"]]


def test_glitch_shorter_than_debounce_is_ignored():
    # A 5 ms dip to 0 (contact noise): never stable for 20 ms -> no events at all.
    out = run_mp(SETUP + """
b, pins = make(["menu"])
p = pins["menu"]
p.drive(0); step(b, 1, 5); p.drive(1); step(b, 1, 100)
print(json.dumps(events))
""")[0]
    assert out == []


def test_long_press_threshold():
    # debounce 10, long 600, polled every 5 ms from 1000. Press at 1005 -> down at 1015.
    # Release at 1615 -> released at 1625: held 610 >= 600 -> long.
    # Second: down 2015, release read at 2610 -> 2620: held 605 -> long.
    # Third: down 3015, release read at 3605 -> 3615: held exactly 600 -> long (>= is long).
    # Fourth: down 4015, release read at 4600 -> 4610: held 595 -> short.
    out = run_mp(SETUP + """
b, pins = make(["p1"], debounce_ms=10, long_ms=600)
p = pins["p1"]
def press(start, release):
    while clock.now < start - 5: step(b, 5)
    p.drive(0)
    while clock.now < release - 5: step(b, 5)
    p.drive(1)
    step(b, 5, 10)
press(1005, 1615); press(2005, 2610); press(3005, 3605); press(4005, 4600)
print(json.dumps(events))
""")[0]
    assert out == [
        [1015, "button", "p1", "down"], [1625, "button", "p1", "long"],
        [2015, "button", "p1", "down"], [2620, "button", "p1", "long"],
        [3015, "button", "p1", "down"], [3615, "button", "p1", "long"],
        [4015, "button", "p1", "down"], [4610, "button", "p1", "short"],
    ]


def test_many_buttons_independently():
    # Six player buttons plus next/menu, debounce 20, polled every 5 ms from t=1000.
    # p3 and menu go down together after the poll at 1005: the poll at 1010 reads the edge ->
    # "down" at 1030 for both (in sorted name order: menu before p3). menu released after 1100:
    # edge read at 1105 -> 1125 short (95 ms). p3 released after 1800: edge at 1805 -> 1825:
    # held 1825 - 1030 = 795 -> long.
    out = run_mp(SETUP + """
names = ["next", "menu", "p1", "p2", "p3", "p4", "p5", "p6"]
b, pins = make(names)
step(b, 5)
pins["p3"].drive(0); pins["menu"].drive(0)
while clock.now < 1100: step(b, 5)
pins["menu"].drive(1)
while clock.now < 1800: step(b, 5)
pins["p3"].drive(1)
step(b, 5, 20)
print(json.dumps([b.names, events]))
""")[0]
    names, events = out
    assert names == ["menu", "next", "p1", "p2", "p3", "p4", "p5", "p6"]
    assert events == [
        [1030, "button", "menu", "down"], [1030, "button", "p3", "down"],
        [1125, "button", "menu", "short"], [1825, "button", "p3", "long"],
    ]


def test_async_task_polls():
    # run() as an asyncio task with the real clock: a press held ~100 ms then released.
    out = run_mp("""
import json, asyncio, machine
from drivers.buttons import Buttons
events = []
pin = machine.Pin(3, machine.Pin.IN, machine.Pin.PULL_UP)
b = Buttons({"next": pin}, events.append, debounce_ms=10, long_ms=1000)
async def main():
    task = asyncio.create_task(b.run(2))
    await asyncio.sleep_ms(20)
    pin.drive(0)
    await asyncio.sleep_ms(100)
    pin.drive(1)
    await asyncio.sleep_ms(50)
    task.cancel()
asyncio.run(main())
print(json.dumps(events))
""")[0]
    assert out == [["button", "next", "down"], ["button", "next", "short"]]
