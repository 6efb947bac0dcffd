"""What the host says when the handshake cannot succeed and the link knows why."""

import pytest

from boardcore.protocol.codec import PROTOCOL_VERSION

from boardlight.link.connection import LinkError
from host.link.test_link import FakeDevice, make


def test_a_device_of_another_protocol_version_is_named_as_such():
    link, device, _ = make(FakeDevice(version=1), hello_ms=30)
    with link:
        with pytest.raises(LinkError) as got:
            link.wait_connected(0.5)
    assert str(got.value) == (
        "no boardlight firmware answered on fake within 0.5 s: its firmware speaks protocol 1"
        " and this boardlight %d: deploy this version's firmware (boardlight deploy)" % PROTOCOL_VERSION
    )
