"""docs/fits-formats.md: the annotated record templates say
`Seed: 7`, so their start cards and cards must be the ones seed 7 deals."""

import re

from conftest import ROOT

from boardcore.fits.game import Game
from boardcore.fits.record import parse_record, replay


def _blocks():
    page = (ROOT / "docs" / "fits-formats.md").read_text()
    return re.findall(r"```\n(FITS (?:game|tally) record .*?)```", page, re.S)


def _strip(block):
    # The templates annotate each line after a run of spaces.
    return [re.split(r"\s{3,}", line)[0].rstrip() for line in block.split("\n")]


def _seed7_deal(rounds):
    """[(start cards, building cards)] per round for Ann and Bob with seed 7."""
    g = Game(["Ann", "Bob"], seed=7, boards=tuple(range(1, rounds + 1)))
    out = []
    for _ in range(rounds):
        starts = g.start_round()
        for name in g.players:
            g.place(name, g.start_tile(name), 1, 1 if name == "Ann" else 4)
        cards = []
        while g.phase == "cards":
            cards.append(g.turn_card())
            for name in g.waiting():
                g.set_aside(name, cards[-1])
        g.finish_round()
        out.append((starts, cards))
    return out


def test_the_game_record_template_replays_up_to_its_schematic_score_line():
    game_block = [b for b in _blocks() if b.startswith("FITS game record")][0]
    lines = [line for line in _strip(game_block) if not line.startswith("score:")]
    game = replay(parse_record("\n".join(lines) + "\n", "fits-formats.md"))
    assert game.seed == 7 and game.turned == 2


def test_the_tally_record_template_names_the_seed_7_deal():
    tally = [b for b in _blocks() if b.startswith("FITS tally record")][0]
    lines = _strip(tally)
    assert "Seed: 7" in lines
    deal = _seed7_deal(2)
    starts = [line for line in lines if line.startswith("start:")]
    assert len(starts) == 2
    for (cards_dealt_start, _), line in zip(deal, starts):
        named = [part.split()[1] for part in line[len("start:"):].split(",")]
        assert named == cards_dealt_start
    listed = [line for line in lines if line.startswith("cards:")][0].split()[1:]
    listed = [c for c in listed if c != "..."]
    assert listed and listed == deal[0][1][:len(listed)]
