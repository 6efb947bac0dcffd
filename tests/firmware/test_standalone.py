"""The standalone dealer on the MicroPython unix port (96 KB heap, a real framebuf
display): it deals from the shared core, is driven by button events, and draws frames
that are checked pixel by pixel."""

import json

import pytest

from boardcore.fits.deck import DEFAULT_START_TILES, deal_game
from boardcore.fits.tiles import TILE_IDS
from boardcore.forbes.game import Game
from boardcore.rng import Random
from fw_helpers import picture, run_fw

# A fake app around the dealer: counts show() calls and steps handed-over scrollers to
# the end (as the app's timer would), logging every message shown.
FAKE_APP = """
import json
import standalone

class FakeApp:
    def __init__(self, display):
        self.d = display
        self.messages = []

    def show(self):
        self.d.show()

    def set_scroller(self, s):
        self.messages.append(s.text)
        n = 0
        while s.step() and n < 500:
            self.d.show()
            n += 1

def make(w, h, colour=False, seed=5, players=2):
    d = RecordingDisplay(w, h, colour)
    app = FakeApp(d)
    st = standalone.Standalone(d, app.show, app.set_scroller, seed=seed, players=players)
    return d, app, st

def press(st, name, kind="short"):
    st.handle(("button", name, "down"))
    return st.handle(("button", name, kind))
"""

FITS_GAME = FAKE_APP + """
d, app, st = make(8, 8)
st.start()
seen = []  # show() calls per press
rounds = []  # (start cards, building cards) of each round, read after its first press
for r in range(4):
    for k in range(18):
        before = d.shows
        press(st, "next")
        seen.append(d.shows - before)
        if k == 0:
            rounds.append([list(st.starts), list(st.building)])
        if r == 0 and k == 0:
            dump("fits_first", d)
            st.handle(("button", "p2", "down"))
            dump("fits_p2_held", d)
            st.handle(("button", "p2", "short"))
            dump("fits_p2_released", d)
print("ROUNDS " + json.dumps(rounds))
print("SHOWS " + json.dumps(seen))
print("MSGS " + json.dumps(app.messages))
press(st, "next")
print("OVER", st.over, json.dumps(app.messages[-1:]))
"""


@pytest.fixture(scope="module")
def fits_run(tmp_path_factory):
    return run_fw(tmp_path_factory.mktemp("sa_fits"), FITS_GAME, figure="standalone FITS game")


def _line(run, key):
    for line in run.lines:
        if line.startswith(key + " "):
            return line[len(key) + 1 :]
    raise AssertionError("no %s line in %s" % (key, run.lines))


def test_fits_deals_the_cores_seeded_game(fits_run):
    rounds = json.loads(_line(fits_run, "ROUNDS"))
    # The device's 4 rounds are the core's deal for the same seed: the dealer uses
    # fits_deck's own code, so host and device agree on the cards.
    assert [[list(s), list(b)] for s, b in deal_game(5, 2)] == rounds
    for starts, building in rounds:
        assert sorted(building) == sorted(TILE_IDS)  # the 16 building cards, each once
        assert len(set(starts)) == 2 and set(starts) <= set(DEFAULT_START_TILES)


def test_fits_each_press_shows_one_new_frame_and_the_game_ends(fits_run):
    # 4 rounds x (2 start cards + 16 building cards) = 72 presses, one show() each.
    assert json.loads(_line(fits_run, "SHOWS")) == [1] * 72
    assert json.loads(_line(fits_run, "MSGS"))[0] == "FITS 2P"
    assert _line(fits_run, "OVER") == 'True ["END"]'


def test_fits_first_start_card_pixels(fits_run):
    # Seed 5, two players: the core deals start cards Y (player 1) and U (player 2) in
    # round 1 (the premise, checked here), so the first press shows Y as a start card:
    # inverted, s = 2 at x0 = 1 (see test_screens' Y case), one dark round pip at (7, 0).
    assert deal_game(5, 2)[0][0] == ["Y", "U"]
    assert fits_run.frames["fits_first"] == picture("""
        ###..##.
        ###..###
        #....###
        #....###
        ###..###
        ###..###
        ###..###
        ###..###""")
    # Holding p2 shows player 2's start card U ("#.#/###", 2 rows x 3 columns):
    # s = min(7 // 3, 8 // 2) = 2, x0 = (7 - 6) // 2 = 0, y0 = (8 - 4) // 2 = 2; inverted.
    assert fits_run.frames["fits_p2_held"] == picture("""
        #######.
        ########
        ..##..##
        ..##..##
        ......##
        ......##
        ########
        ########""")
    assert fits_run.frames["fits_p2_released"] == fits_run.frames["fits_first"]


ZATRE_GAME = FAKE_APP + """
d, app, st = make(32, 8)
press(st, "menu")
draws = []
press(st, "next")
dump("zatre_first", d)
draws.append(list(st.tiles))
press(st, "next", "long")
draws.append(list(st.tiles))
n = 0
while not st.over and n < 200:
    press(st, "next")
    if not st.over:
        draws.append(list(st.tiles))
    n += 1
print("DRAWS " + json.dumps(draws))
print("MSGS " + json.dumps(app.messages))
print("MENULONG", press(st, "menu", "long"), st.mode)
"""


@pytest.fixture(scope="module")
def zatre_run(tmp_path_factory):
    return run_fw(tmp_path_factory.mktemp("sa_zatre"), ZATRE_GAME, figure="standalone Zatre bag")


def test_zatre_draws_the_whole_bag(zatre_run):
    draws = json.loads(_line(zatre_run, "DRAWS"))
    # First turn 3 tiles, then a long press 1, then 2 per press: 121 = 3 + 1 + 2 x 58 + 1,
    # so 58 full pairs and a last single tile.
    assert [len(t) for t in draws] == [3, 1] + [2] * 58 + [1]
    flat = [v for t in draws for v in t]
    # docs/rules.md (Zatre): 121 tiles, 21 ones and 20 each of 2..6.
    assert [flat.count(v) for v in range(1, 7)] == [21, 20, 20, 20, 20, 20]
    assert json.loads(_line(zatre_run, "MSGS")) == ["ZATRE", "END"]
    # A long menu press in Zatre changes nothing: there is no player count to cycle.
    assert _line(zatre_run, "MENULONG") == "False zatre"


def test_zatre_first_turn_pixels(zatre_run):
    first = json.loads(_line(zatre_run, "DRAWS"))[0]
    # 32 x 8: 3 x 3 faces at x = 0, 4, 8, y = 2 (see screen_zatre); no hint standalone.
    pips = {
        1: ["...", ".#.", "..."],
        2: ["#..", "...", "..#"],
        3: ["#..", ".#.", "..#"],
        4: ["#.#", "...", "#.#"],
        5: ["#.#", ".#.", "#.#"],
        6: ["#.#", "#.#", "#.#"],
    }
    rows = ["." * 32] * 2
    for r in range(3):
        rows.append("".join(pips[v][r] + "." for v in first) + "." * (32 - 4 * len(first)))
    rows += ["." * 32] * 3
    assert zatre_run.frames["zatre_first"] == rows


FORBES_GAME = FAKE_APP + """
d, app, st = make(8, 8)
press(st, "menu")
press(st, "menu")
hands = st.hands
print("HANDS " + json.dumps(hands))
print("GAMESEED", st.game_seed)
stones = []
press(st, "next")
stones.append(st.stone)
dump("stone", d)
st.handle(("button", "p1", "down"))
dump("hand_p1", d)
st.handle(("button", "p1", "long"))
dump("after_p1", d)
press(st, "next", "long")
dump("peek0", d)
press(st, "next", "long")
dump("peek1", d)
press(st, "next", "long")
dump("peek_done", d)
n = 0
while not st.over and n < 40:
    press(st, "next")
    if not st.over:
        stones.append(st.stone)
    n += 1
print("STONES " + json.dumps(stones))
print("DEALER", st.dealer)
press(st, "next")
print("NEXTDEALER", st.dealer, st.game_seed, json.dumps(st.hands))
print("MSGS " + json.dumps(app.messages))
press(st, "menu", "long")
print("PLAYERS", len(st.hands))
import sys
print("LOADED " + json.dumps(sorted(k for k in sys.modules if k.split(".")[:2][-1] in ("fits", "zatre", "forbes"))))
press(st, "menu")
print("LOADED " + json.dumps(sorted(k for k in sys.modules if k.split(".")[:2][-1] in ("fits", "zatre", "forbes"))))
"""


@pytest.fixture(scope="module")
def forbes_run(tmp_path_factory):
    return run_fw(tmp_path_factory.mktemp("sa_forbes"), FORBES_GAME, figure="standalone Forbes game")


SYMBOL3 = {"S": ["###", "###", "###"], "T": ["#..", "##.", "###"], "C": [".#.", "#.#", ".#."], "X": ["#.#", ".#.", "#.#"]}
SYMBOL5 = {
    "S": ["#####"] * 5,
    "T": ["..#..", "..#..", ".###.", ".###.", "#####"],
    "C": [".###.", "#...#", "#...#", "#...#", ".###."],
    "X": ["#.#.#", ".###.", "#####", ".###.", "#.#.#"],
}


def _hand_picture(hand, seat):
    # 8 x 8: a 2 x 2 grid of 4 x 4 cells, 3 x 3 symbols at each cell's top-left; the seat
    # (1, 2, ...) as that many touching pips down the right edge (five spaced pips need
    # 9 rows), in the column the cells leave free.
    rows = []
    for half in (hand[:2], hand[2:]):
        for r in range(3):
            rows.append("".join(SYMBOL3[c][r] + "." for c in half))
        rows.append("." * 8)
    return [row[:7] + ("#" if y < seat else ".") for y, row in enumerate(rows)]


def test_forbes_deal_and_stones(forbes_run):
    hands = json.loads(_line(forbes_run, "HANDS"))
    assert len(hands) == 2 and all(len(h) == 4 for h in hands)
    stones = json.loads(_line(forbes_run, "STONES"))
    assert len(stones) == 16  # one per cell of the 4 x 4 board
    assert all(stones.count(s) <= 12 for s in "STCX")  # 12 stones of each symbol
    assert json.loads(_line(forbes_run, "MSGS")) == ["ZATRE", "FORBES 2P", "END", "FORBES 2P"]
    # The player who played second (seat 1) deals the next game.
    assert _line(forbes_run, "DEALER") == "0"
    assert _line(forbes_run, "NEXTDEALER").startswith("1 ")
    assert _line(forbes_run, "PLAYERS") == "3"


def test_forbes_deals_the_cores_seeded_game(forbes_run):
    # The device deals the cards and draws the stones that the core's Game deals and
    # draws for the same seed and dealer (whatever cells the stones go to).
    seed = int(_line(forbes_run, "GAMESEED"))
    game = Game(2, dealer=0, rng=Random(seed))
    assert json.loads(_line(forbes_run, "HANDS")) == game.all_hands()
    stones = []
    for cell in range(16):
        stones.append(game.draw(game.current))
        game.place(game.current, cell // 4, cell % 4)
    assert json.loads(_line(forbes_run, "STONES")) == stones
    # The next game: dealt by seat 1, who played second.
    _, seed2, hands2 = _line(forbes_run, "NEXTDEALER").split(" ", 2)
    assert json.loads(hands2) == Game(2, dealer=1, rng=Random(int(seed2))).all_hands()


def test_forbes_frames(forbes_run):
    hands = json.loads(_line(forbes_run, "HANDS"))
    stones = json.loads(_line(forbes_run, "STONES"))
    # The stone: its 5 x 5 picture at (1, 1) on 8 x 8.
    stone = ["." * 8] + ["." + row + ".." for row in SYMBOL5[stones[0]]] + ["." * 8] * 2
    assert forbes_run.frames["stone"] == stone
    assert forbes_run.frames["hand_p1"] == _hand_picture(hands[0], 1)
    assert forbes_run.frames["after_p1"] == stone
    assert forbes_run.frames["peek0"] == _hand_picture(hands[0], 1)
    assert forbes_run.frames["peek1"] == _hand_picture(hands[1], 2)
    assert forbes_run.frames["peek_done"] == stone


EVENTS = FAKE_APP + """
d, app, st = make(16, 16, True)
st.start()
print("SCAN", st.handle(("scan", "04A1B2")))
print("UNKNOWN", st.handle(("button", "p6", "down")), st.handle(("button", "aux", "short")))
print("DOWN", st.handle(("button", "next", "down")), d.shows)
for bad in ("next", ("button", "next"), ("button", "next", "double"), ("beep",)):
    try:
        st.handle(bad)
        print("ACCEPTED", repr(bad))
    except ValueError as e:
        print("REJECTED", str(e))
for _ in range(3):
    press(st, "menu", "long")
print("FITSPLAYERS", st.players["fits"], len(st.starts))
press(st, "next")
dump("fits_colour_start", d)
print("SEEDS", st.seed, st.game_seed, st.games)
d, app, st = make(8, 8, True, seed=5, players=2)
st.start()
for _ in range(6):
    press(st, "next")
dump("fits_building_p", d)
press(st, "next")
dump("fits_building_y", d)
try:
    standalone.Standalone(d, app.show, app.set_scroller, seed=-1)
except ValueError as e:
    print("BADSEED", str(e))
"""


@pytest.fixture(scope="module")
def events_run(tmp_path_factory):
    return run_fw(tmp_path_factory.mktemp("sa_events"), EVENTS)


def test_events_ignored_and_rejected(events_run):
    lines = events_run.lines
    assert "SCAN False" in lines
    assert "UNKNOWN False False" in lines  # p6 has no seat in a 2-player FITS game
    # The intro message's steps were shown through the fake app; "down" adds none.
    assert any(line.startswith("DOWN False") for line in lines)
    assert sum(1 for line in lines if line.startswith("REJECTED")) == 4
    assert "ACCEPTED" not in " ".join(lines)
    assert any("malformed input event ('button', 'next', 'double')" in line for line in lines)
    assert any(line.startswith("BADSEED seed must be a non-negative integer") for line in lines)


def test_player_count_cycles_and_colour_start_card(events_run):
    # From 2 players, three long menu presses: 3, 4, then back to 1; each one redeals.
    assert "FITSPLAYERS 1 1" in events_run.lines
    assert "SEEDS 5 8 4" in events_run.lines  # games 0..3 used seeds 5..8
    frame = events_run.frames["fits_colour_start"]
    # The solo player's start card, inverted in player 1's red: the background is red,
    # the tile black; the round-1 pip at (15, 0) is black, and so is the board-1 pip at
    # (15, 15), as on a host's card (the dealer's cards had no board pips).
    assert frame[0][15] == "."
    assert frame[15][15] == "." and frame[14][15] == "R" and frame[13][15] == "R"
    assert set("".join(frame)) == {"R", "."}


def test_only_the_current_games_modules_stay_loaded(forbes_run):
    # After FITS and Zatre, in Forbes: no module of the fits or zatre packages is left (each costs
    # heap); after "menu" (back to FITS) the Forbes ones are gone in turn.
    loaded = [json.loads(line[7:]) for line in forbes_run.lines if line.startswith("LOADED ")]
    games = [sorted({name.split(".")[1] for name in mods}) for mods in loaded]
    assert games == [["forbes"], ["fits"]]


def test_a_start_tile_among_the_building_cards_is_in_its_owners_colour(events_run):
    # Seed 5, two players: start cards Y (player 1, red) and U (player 2); the building
    # cards of round 1 begin X V5 L4 P Y (the premise, checked here). Press 6 shows the
    # 4th building card P in white; press 7 shows Y, player 1's start tile, in red
    # (not inverted: it is a building card).
    starts, building = deal_game(5, 2)[0]
    assert starts == ["Y", "U"] and building[3:5] == ["P", "Y"]
    assert set("".join(events_run.frames["fits_building_p"])) == {"W", "."}
    y = events_run.frames["fits_building_y"]
    assert set("".join(y)) == {"R", "."}
    assert y[0][0] == "."  # background dark: the top-left cell of Y (".#") is empty


# A Forbes deal that runs out of heap once (as it can on a 96 KB board): the dealer keeps
# no half-made game, and the next "next" press deals a whole game instead of crashing.
FAILED_DEAL = FAKE_APP + """
d, app, st = make(16, 16, seed=3)
st.start()
press(st, "menu")   # FITS -> Zatre (unloads the other games' modules)
import boardcore.forbes.cards as fd
real_deal = fd.deal
failures = [1]

def flaky_deal(*args, **kwargs):
    if failures:
        failures.pop()
        raise MemoryError("memory allocation failed")
    return real_deal(*args, **kwargs)

fd.deal = flaky_deal
try:
    press(st, "menu")   # Zatre -> Forbes: this deal fails
except MemoryError:
    print("DEAL FAILED", st.mode, st.hands is None)
print("NEXT", press(st, "next"), st.hands is not None, len(st.hands))
press(st, "next")
print("STONE", st.stone is not None)
"""


def test_a_failed_deal_is_dealt_again_on_the_next_press(tmp_path):
    run = run_fw(tmp_path, FAILED_DEAL)
    assert "DEAL FAILED forbes True" in run.lines
    assert "NEXT True True 2" in run.lines  # a fresh 2-player Forbes game
    assert "STONE True" in run.lines
