"""Buttons: a press is sent on its first clean edge (the new level read twice in a row) and
the bounce after it ignored, against a bouncing pin with a fake clock; short and long
presses, many buttons at once, the asyncio task woken by the pins' interrupts. Active low:
the pin reads 0 while pressed."""

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
    # Press: the pin reads 0,1,0,1 at t=1001..1004 (the contact bouncing before it closes:
    #   never the same level twice), then 0 from t=1005: read twice at 1005 and 1006 ->
    #   "down" at 1006, one poll after the pin settled, not 20 ms after.
    # Held to t=1200; the release reads 1,0 at t=1201..1202, then 1 from 1203: read twice
    #   at 1203 and 1204 -> released at 1204; held = 1204 - 1006 = 198 ms < 600 -> "short".
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
    assert out == [[1006, "button", "next", "down"], [1204, "button", "next", "short"]]


def test_bounce_after_the_edge_is_ignored():
    # The edge is sent at once; for debounce_ms after it the pin's level is not looked at,
    # so the contact bouncing open and shut again (t=1003..1010) makes no second press.
    # The release at 1100 is read twice -> "short" at 1101.
    out = run_mp(SETUP + """
b, pins = make(["next"], debounce_ms=20, long_ms=600)
p = pins["next"]
p.drive(0); step(b, 1, 2)
for level in (1, 0, 1, 0, 1, 0, 1, 0):
    p.drive(level); step(b, 1)
step(b, 1, 1100 - clock.now - 1)
p.drive(1); step(b, 1, 30)
print(json.dumps(events))
""")[0]
    assert out == [[1002, "button", "next", "down"], [1101, "button", "next", "short"]]


def test_a_spike_read_once_is_not_a_press():
    # Contact noise read on one poll only (t=1001): no events. A dip read on two polls is a
    # press: the driver cannot tell it from a very short one.
    out = run_mp(SETUP + """
b, pins = make(["menu"])
p = pins["menu"]
p.drive(0); step(b, 1); p.drive(1); step(b, 1, 100)
spike = list(events)
p.drive(0); step(b, 1, 2); p.drive(1); step(b, 1, 100)
print(json.dumps([spike, events]))
""")[0]
    assert out == [[], [[1103, "button", "menu", "down"], [1124, "button", "menu", "short"]]]


def test_long_press_threshold():
    # debounce 10, long 600, polled every 5 ms from 1000. The pin goes low at 1000: read at
    # 1005 and 1010 -> down at 1010. It goes high at 1610: read at 1615 and 1620 -> held
    # 610 >= 600 -> long. Second: down 2010, high at 2605 -> 2615: held 605 -> long.
    # Third: down 3010, high at 3600 -> 3610: held exactly 600 -> long (>= is long).
    # Fourth: down 4010, high at 4595 -> 4605: held 595 -> short.
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
        [1010, "button", "p1", "down"], [1620, "button", "p1", "long"],
        [2010, "button", "p1", "down"], [2615, "button", "p1", "long"],
        [3010, "button", "p1", "down"], [3610, "button", "p1", "long"],
        [4010, "button", "p1", "down"], [4605, "button", "p1", "short"],
    ]


def test_many_buttons_independently():
    # Six player buttons plus next/menu, debounce 20, polled every 5 ms from t=1000.
    # p3 and menu go down together after the poll at 1005: read at 1010 and 1015 -> "down"
    # at 1015 for both (in sorted name order: menu before p3). menu released at 1100: read
    # at 1105 and 1110 -> short (95 ms). p3 released at 1800: 1810 -> held 795 -> long.
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
        [1015, "button", "menu", "down"], [1015, "button", "p3", "down"],
        [1110, "button", "menu", "short"], [1810, "button", "p3", "long"],
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


def test_the_task_sleeps_until_a_pin_changes():
    # With interrupts (machine.Pin.irq), the task polls only while a button is settling:
    # at rest it waits on the pins' flag. Counted: the polls in 200 ms at rest, then a
    # press and release still arrive.
    out = run_mp("""
import json, asyncio, machine
from drivers.buttons import Buttons
events = []
pin = machine.Pin(3, machine.Pin.IN, machine.Pin.PULL_UP)
b = Buttons({"next": pin}, events.append, debounce_ms=10, long_ms=1000)
polls = [0]
real = b.poll
def counted():
    polls[0] += 1
    real()
b.poll = counted
async def main():
    task = asyncio.create_task(b.run(2))
    await asyncio.sleep_ms(200)
    at_rest = polls[0]
    pin.drive(0)
    await asyncio.sleep_ms(100)
    pin.drive(1)
    await asyncio.sleep_ms(50)
    task.cancel()
    return at_rest
print(json.dumps([asyncio.run(main()) <= 12, events]))
""")[0]
    assert out == [True, [["button", "next", "down"], ["button", "next", "short"]]]
