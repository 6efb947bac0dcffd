"""A card registry file that cannot be written (its folder cannot be made, a read-only
place): `cards enrol` stops with one line saying nothing was stored, instead of a
FileExistsError/FileNotFoundError traceback, and the walk does not ask again in a loop."""

import subprocess
import sys

import pytest

from boardlight import cards as C


def test_enrol_walk_stops_when_the_file_cannot_be_written(tmp_path):
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    registry = C.CardRegistry.load(blocker / "cards.json")
    deck = C.catalogue("fits")
    said = []
    events = [("scan", "C1"), ("scan", "C2"), ("scan", "C3")]
    with pytest.raises(C.RegistryWriteError, match="cannot be written"):
        C.enrol_walk(registry, deck, events, said.append)
    # Named once, refused once: it did not go on asking for the same card.
    assert said == ["1/20: scan FITS start card P"]
    assert registry.entries() == [] and not (blocker / "cards.json").exists()


def test_cards_enrol_typed_into_an_unwritable_file_is_one_line(tmp_path):
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    path = blocker / "cards.json"
    code = "import sys; from boardlight.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", code, "cards", "enrol", "fits", "--file",
                           str(path)], input="C1\nC2\nq\n", capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "card registry %s cannot be written" % path in done.stderr
    assert "nothing was stored" in done.stderr
