"""docs/forbes-formats.md: the match record example carries
`seed 42`, so its hands and stones must be the ones seed 42 deals and draws, or the replay
refuses the example as written."""

from conftest import ROOT

from boardcore.forbes.record import parse_record, score_record


def _record_example():
    page = (ROOT / "docs" / "forbes-formats.md").read_text()
    start = page.index("```\nforbes-match 1")
    block = page[start + 4:page.index("```", start + 4)]
    lines = []
    for line in block.split("\n"):
        if line.startswith("..."):
            break  # the rest of the game is elided
        lines.append(line.split("#")[0].rstrip())
    return "\n".join(lines) + "\n"


def test_the_seeded_match_record_example_replays():
    text = _record_example()
    assert "seed 42" in text and "hand Ann" in text and "move Bob" in text
    out = score_record(parse_record(text, "forbes-formats.md"))
    assert out["seed"] == 42
    assert out["games"] == []  # the first game is still being played
    assert out["unfinished"] == {"number": 1, "moves": 2}
