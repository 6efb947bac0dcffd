"""The frame codec and the endpoint (acks, resends, duplicates, errors).

Written in the MicroPython subset on purpose: pytest runs these functions on CPython and
tests/core/protocol/test_on_micropython.py runs the very same functions on the MicroPython unix port.
"""

from boardcore.protocol.codec import (
    DEVICE,
    E_CRC,
    E_HELLO,
    E_LONG,
    E_PAYLOAD,
    E_SYNTAX,
    E_TYPE,
    HOST,
    MAX_LINE,
    LineBuffer,
    ProtocolError,
    crc_hex,
    decode,
    encode,
)
from boardcore.protocol.endpoint import Endpoint


def raises(code, fn, *args):
    try:
        fn(*args)
    except ProtocolError as e:
        assert e.code == code, "expected %s, got %s (%s)" % (code, e.code, e.message)
        return e
    raise AssertionError("no ProtocolError %s" % code)


def test_crc_is_standard_crc32():
    # CRC-32 (IEEE) check value of "123456789" is 0xCBF43926 in every CRC catalogue.
    assert crc_hex("123456789") == "cbf43926"


def test_encode_follows_the_grammar():
    assert encode(HOST, 0, "ping") == ("#0 ping*" + crc_hex("0 ping") + "\n").encode()
    body = '7 btn ["next","short"]'
    assert encode(DEVICE, 7, "btn", ["next", "short"]) == ("@" + body + "*" + crc_hex(body) + "\n").encode()
    # One-key dicts only: MicroPython's dict order is not insertion order.
    body = '12 text {"text":"a b*c"}'
    assert encode(HOST, 12, "text", {"text": "a b*c"}) == ("#" + body + "*" + crc_hex(body) + "\n").encode()


def test_non_ascii_text_travels_as_json_escapes():
    # U+00E9 is written as the six characters \\u00e9 and read back as one character.
    line = encode(DEVICE, 1, "scan", {"code": "caf\u00e9"})
    assert b'"caf\\u00e9"' in line
    assert decode(line, DEVICE)[2] == {"code": "caf\u00e9"}


def test_decode_round_trip():
    line = encode(HOST, 12, "text", {"text": "a b*c"})
    assert decode(line, HOST) == (12, "text", {"text": "a b*c"})
    assert decode(line.decode().rstrip("\n") + "\r\n", HOST) == (12, "text", {"text": "a b*c"})
    assert decode(encode(DEVICE, 255, "ack"), DEVICE) == (255, "ack", None)


def test_decode_names_what_is_wrong():
    good = encode(HOST, 3, "bright", {"level": 5}).decode().rstrip("\n")
    # One changed digit of the payload: the checksum no longer matches.
    raises(E_CRC, decode, good.replace("5", "6"), HOST)
    raises(E_SYNTAX, decode, good, DEVICE)  # a host frame read as a device frame
    raises(E_SYNTAX, decode, good[:-9], HOST)  # no checksum
    raises(E_SYNTAX, decode, b"#3 bri\x01ght*00000000", HOST)  # control byte
    body = "x3 ping"
    raises(E_SYNTAX, decode, "#" + body + "*" + crc_hex(body), HOST)
    body = "256 ping"
    raises(E_SYNTAX, decode, "#" + body + "*" + crc_hex(body), HOST)
    body = "4 text {oops"
    e = raises(E_PAYLOAD, decode, "#" + body + "*" + crc_hex(body), HOST)
    assert e.seq == 4
    raises(E_LONG, decode, "#" + "x" * MAX_LINE, HOST)


def test_encode_refuses_what_cannot_be_sent():
    raises(E_LONG, encode, HOST, 1, "text", {"text": "x" * MAX_LINE})
    raises(E_TYPE, encode, HOST, 1, "two words")
    raises(E_SYNTAX, encode, HOST, 256, "ping")
    raises(E_SYNTAX, encode, "!", 1, "ping")


def frame_bytes(ftype, payload_text):
    body = "7 %s %s" % (ftype, payload_text)
    return ("#" + body + "*" + crc_hex(body) + "\n").encode()


# Payloads that MicroPython's json and CPython's read differently, or that one of them
# takes and the other refuses: the codec refuses each with the same words on both.
NOT_STRICT = (
    ('{"tile":"L3" "start":false}', "syntax error at character 13"),
    ('{"C"}', "syntax error at character 4"),
    ('[,"down"]', "syntax error at character 1"),
    ('[1,]', "syntax error at character 3"),
    ('[3,  ]', "syntax error at character 5"),
    ('{"a":1,}', "syntax error at character 7"),
    ('{"a":}', "syntax error at character 5"),
    ('{:1}', "syntax error at character 1"),
    ('{1:2}', "syntax error at character 1"),
    ('[1,,2]', "syntax error at character 3"),
    ('[true false]', "syntax error at character 6"),
    ('{"a":1 "b":2}', "syntax error at character 7"),
    ('[01]', "syntax error at character 1"),
    ('[-01]', "syntax error at character 1"),
    ('[-]', "syntax error at character 1"),
    ('[1.]', "numbers must be whole"),
    ('[0.1]', "numbers must be whole"),
    ('[1e5]', "numbers must be whole"),
    ('[NaN]', "syntax error at character 1"),
    ('[Infinity]', "syntax error at character 1"),
    ('[-Infinity]', "syntax error at character 1"),
    ('["\\x41"]', "syntax error at character 2"),
    ('["\\a"]', "syntax error at character 2"),
    ('["\\u12"]', "syntax error at character 2"),
    ('["\\u+123"]', "syntax error at character 2"),
    ('["\\u1_23"]', "syntax error at character 2"),
    ('["\\u 123"]', "syntax error at character 2"),
    ('["\\ud83d\\ude00"]', "text outside the Basic Multilingual Plane"),
    ('["\\ud83d"]', "text outside the Basic Multilingual Plane"),
    ('["abc]', "it ends too soon"),
    ('[1]]', "syntax error at character 3"),
    ('{"a":1}{"b":2}', "syntax error at character 7"),
    ('[', "it ends too soon"),
    ('[[[[[[[[[1]]]]]]]]]', "more than 8 lists or objects deep"),
    ("[" * 500 + "]" * 500, "more than 8 lists or objects deep"),
)

# Strict JSON that both read as the same value.
STRICT = (
    ('{"tile":"L3","start":false}', {"tile": "L3", "start": False}),
    (' [ 1 , -2 ]  ', [1, -2]),
    ('[-0,9223372036854775808]', [0, 9223372036854775808]),
    ('["\\u00e9\\u00C9","a\\"b\\\\\\/\\n"]', ["\u00e9\u00c9", 'a"b\\/\n']),
    ('{"a":[1,{"b":null}],"c":[]}', {"a": [1, {"b": None}], "c": []}),
    ('{ }', {}),
    ('"x*y"', "x*y"),
    ('[[[[[[[[1]]]]]]]]', [[[[[[[[1]]]]]]]]),
)


def test_both_ends_take_only_strict_json_and_read_it_alike():
    for text, why in NOT_STRICT:
        for line in (frame_bytes("fits_card", text), frame_bytes("fits_card", text).decode()):
            e = raises(E_PAYLOAD, decode, line, HOST)
            assert e.message == "fits_card payload is not JSON: " + why, (text, e.message)
            assert e.seq == 7
    for text, value in STRICT:
        assert decode(frame_bytes("x", text), HOST) == (7, "x", value), text


def test_text_outside_the_bmp_is_not_sent():
    # It would go as a surrogate pair, which MicroPython reads as two characters.
    e = raises(E_PAYLOAD, encode, HOST, 1, "message", {"text": "a" + chr(0x1F600)})
    assert e.message == "message payload cannot be sent: text outside the Basic Multilingual Plane"
    assert decode(encode(HOST, 1, "message", {"text": "Ji\u0159\u00ed"}), HOST)[2] == {"text": "Ji\u0159\u00ed"}


def test_line_buffer_splits_and_drops_overlong_lines():
    lb = LineBuffer()
    assert lb.feed(b"ab") == []
    assert lb.feed(b"c\r\nde\nf") == [b"abc", b"de"]
    assert lb.feed(b"g\n") == [b"fg"]  # "f" waited for its newline
    # 2000 bytes with no newline: the line is dropped as one None, then all is well again.
    assert lb.feed(b"x" * 2000) == []
    assert lb.feed(b"yy\nok\n") == [None, b"ok"]
    # The longest line is MAX_LINE bytes with its newline; one byte more is over.
    assert lb.feed(b"z" * (MAX_LINE - 1) + b"\n") == [b"z" * (MAX_LINE - 1)]
    assert lb.feed(b"z" * MAX_LINE + b"\nok\n") == [None, b"ok"]


class Wire:
    """Frames written by one endpoint, held until the test delivers or drops them."""

    def __init__(self):
        self.frames = []

    def write(self, data):
        self.frames.append(data)

    def take(self):
        out, self.frames = self.frames, []
        return out


def pair():
    h_out, d_out = Wire(), Wire()
    host = Endpoint(HOST, ("btn", "scan", "status"), h_out.write, resend_ms=100)
    dev = Endpoint(DEVICE, ("text", "bright"), d_out.write, resend_ms=100)
    host.start_session()
    dev.start_session()
    return host, h_out, dev, d_out


def deliver(src_wire, dst, now=0):
    got = []
    for data in src_wire.take():
        got.extend(dst.feed(data, now))
    return got


def test_frames_are_delivered_in_order_one_at_a_time():
    host, h_out, dev, d_out = pair()
    host.send("text", {"text": "a"})
    host.send("bright", {"level": 3})
    assert len(h_out.frames) == 1  # stop-and-wait: the second waits for the ack
    assert deliver(h_out, dev) == [(1, "text", {"text": "a"})]
    assert d_out.frames == [encode(DEVICE, 1, "ack")]
    deliver(d_out, host)
    assert deliver(h_out, dev) == [(2, "bright", {"level": 3})]
    deliver(d_out, host)
    assert host.idle()


def test_lost_frame_is_resent_and_duplicate_dropped():
    host, h_out, dev, d_out = pair()
    host.send("text", {"text": "a"}, now=0)
    h_out.take()  # lost on the wire
    host.tick(99)
    assert h_out.frames == []  # not due yet (resend_ms=100)
    host.tick(100)
    assert deliver(h_out, dev, 100) == [(1, "text", {"text": "a"})]
    d_out.take()  # the ack is lost
    host.tick(200)
    assert deliver(h_out, dev, 200) == []  # the repeat is recognised and dropped...
    assert d_out.frames == [encode(DEVICE, 1, "ack")]  # ...and acknowledged again
    deliver(d_out, host)
    assert host.idle()
    assert dev.stats_dict()["duplicates"] == 1
    assert host.stats_dict()["resent"] == 2


def test_unknown_type_is_acked_and_answered_with_an_error():
    host, h_out, dev, d_out = pair()
    host.accepts = ("btn",)
    dev.send("status", {"mode": "x"})
    assert deliver(d_out, host) == []
    frames = h_out.take()
    assert frames[0] == encode(HOST, 1, "ack")
    seq, ftype, payload = decode(frames[1], HOST)
    assert (seq, ftype, payload["code"], payload["seq"]) == (0, "err", E_TYPE, 1)


def test_bad_lines_get_error_frames_and_noise_is_reported():
    host, h_out, dev, d_out = pair()
    got = dev.feed(b"hello there\n#1 text {}*00000000\n" + b"z" * 1500 + b"\n")
    assert got == [(None, "noise", b"hello there")]
    codes = [decode(f, DEVICE)[2]["code"] for f in d_out.take()]
    assert codes == [E_CRC, E_LONG]
    # The link still works afterwards.
    host.send("text", {"text": "b"})
    assert deliver(h_out, dev) == [(1, "text", {"text": "b"})]


def test_data_before_handshake_is_refused():
    h_out = Wire()
    dev = Endpoint(DEVICE, ("text",), h_out.write)
    assert dev.feed(encode(HOST, 1, "text", {"text": "a"})) == []
    seq, ftype, payload = decode(h_out.frames[0], DEVICE)
    assert (ftype, payload["code"]) == ("err", E_HELLO)


def test_grouped_frames_keep_only_the_latest_unsent():
    host, h_out, dev, d_out = pair()
    host.send("text", {"text": "1"}, group="show")  # goes out at once
    host.send("bright", {"level": 1})
    host.send("text", {"text": "2"}, group="show")
    host.send("text", {"text": "3"}, group="show")  # replaces "2", which never left
    got = []
    for _ in range(4):
        got.extend(deliver(h_out, dev))
        deliver(d_out, host)
    assert got == [(1, "text", {"text": "1"}), (2, "bright", {"level": 1}), (3, "text", {"text": "3"})]


def test_new_session_renumbers_what_was_not_acknowledged():
    host, h_out, dev, d_out = pair()
    host.send("text", {"text": "a"})
    host.send("text", {"text": "b"})
    h_out.take()  # "a" lost; then the device restarts
    dev = Endpoint(DEVICE, ("text",), d_out.write)
    dev.start_session()
    host.start_session()
    got = []
    for _ in range(3):
        got.extend(deliver(h_out, dev))
        deliver(d_out, host)
    assert got == [(1, "text", {"text": "a"}), (2, "text", {"text": "b"})]


def test_sequence_numbers_wrap_past_255():
    host, h_out, dev, d_out = pair()
    seqs = bytearray()
    levels = bytearray()
    for i in range(300):
        host.send("bright", {"level": i % 16})
        for seq, ftype, payload in deliver(h_out, dev):
            seqs.append(seq)
            levels.append(payload["level"])
        deliver(d_out, host)
    assert list(seqs[253:257]) == [254, 255, 1, 2]
    assert list(levels) == [i % 16 for i in range(300)]


def run_all():
    """Entry point for MicroPython (no pytest there): run every test_ function."""
    names = sorted(n for n in globals() if n.startswith("test_"))
    for name in names:
        globals()[name]()
    print("ok %d" % len(names))
