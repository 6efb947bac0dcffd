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


def test_text_that_is_not_unicode_is_a_syntax_error_not_a_crash():
    # A str with a lone surrogate (CPython only) cannot be UTF-8: a ProtocolError, like
    # any other line that is not a frame, not a UnicodeEncodeError from inside decode().
    with pytest.raises(ProtocolError) as got:
        decode("\ud800#1 x*00000000", HOST)
    assert (got.value.code, got.value.message) == (E_SYNTAX, "text that is not Unicode")


def test_strict_json_reads_only_the_range_it_is_given():
    from boardcore.protocol.strict_json import loads, problem

    assert problem(b"true", 0, 4) is None
    assert problem(b"true", 0, 1) == "syntax error at character 0"
    assert problem(b"[false]", 1, 5) == "syntax error at character 0"
    assert loads(b'xx{"a":null}yy', 2, 12) == {"a": None}
    with pytest.raises(ValueError, match="syntax error at character 0"):
        loads(b"null", 0, 2)
