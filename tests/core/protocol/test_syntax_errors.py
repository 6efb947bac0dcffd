"""Frames broken in their syntax are named as such, before any payload is looked at."""

import binascii

import pytest

from boardcore.protocol.codec import E_SYNTAX, HOST, ProtocolError, decode


def frame(body):
    return "#%s*%08x" % (body, binascii.crc32(body.encode()) & 0xFFFFFFFF)


def test_two_spaces_before_the_type_is_an_empty_type_not_a_bad_payload():
    with pytest.raises(ProtocolError) as got:
        decode(frame('1  fits {"tile":"L3"}'), HOST)
    assert (got.value.code, got.value.message, got.value.seq) == (E_SYNTAX, "empty frame type", 1)
    with pytest.raises(ProtocolError) as got:
        decode(frame("2 "), HOST)
    assert (got.value.code, got.value.message, got.value.seq) == (E_SYNTAX, "empty frame type", 2)


def test_frames_with_and_without_payload_still_decode():
    assert decode(frame("0 ping"), HOST) == (0, "ping", None)
    assert decode(frame('3 fits {"tile":"L3"}'), HOST) == (3, "fits", {"tile": "L3"})
    assert decode(frame("4 text null"), HOST) == (4, "text", None)
