"""docs/protocol.md's examples are real frames: each one decodes, checksum and all."""

import re

from boardcore.protocol.codec import DEVICE, HOST, PROTOCOL_VERSION, decode

from conftest import ROOT


def test_every_example_frame_in_the_spec_decodes():
    text = (ROOT / "docs" / "protocol.md").read_text()
    frames = re.findall(r"^(?:[<>] )?([#@]\d+ .*?\*[0-9a-f]{8})", text, re.M)
    assert len(frames) >= 20
    for frame in frames:
        seq, ftype, payload = decode(frame, frame[0])
        assert frame[0] in (HOST, DEVICE)
    # The handshake example answers the hello's session id.
    hello = decode(next(f for f in frames if " hello " in f), HOST)[2]
    info = decode(next(f for f in frames if " info " in f), DEVICE)[2]
    assert info["sid"] == hello["sid"] and info["v"] == hello["v"] == PROTOCOL_VERSION


def test_the_spec_lists_every_screen_with_its_keys():
    # Section 2's table of screens is the code's table (boardcore.protocol.screens) for
    # readers: the same kinds in the same order, each with its keys, required ones starred.
    from boardcore.protocol.screens import KINDS, keys

    text = (ROOT / "docs" / "protocol.md").read_text()
    rows = re.findall(r"^\| `(\w+)` \| (.*?) \| .* \|$", text, re.M)
    table = [(kind, cells) for kind, cells in rows if kind in KINDS]
    assert [kind for kind, _ in table] == list(KINDS)
    for kind, cells in table:
        listed = re.findall(r"`(\w+)`(\*?)", cells)
        assert listed == [(name, "*" if required else "") for name, _, required in keys(kind)], kind
