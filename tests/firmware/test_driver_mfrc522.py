"""MFRC522: the register exchange against a scripted register log, card found and not found.

The fake chip answers register reads from a script, in order; every SPI access is decoded back
into ("w", register, value) or ("r", register, value read) and compared with the log expected
here. Register addresses and commands are the MFRC522 datasheet's (section 9.2, 10.3):
CommandReg 0x01, ComIrqReg 0x04, ErrorReg 0x06, FIFODataReg 0x09, FIFOLevelReg 0x0A,
BitFramingReg 0x0D, ModeReg 0x11, TxControlReg 0x14, TxASKReg 0x15, TModeReg 0x2A,
TPrescalerReg 0x2B, TReloadReg 0x2C/0x2D; commands Idle 0x00, Transceive 0x0C, SoftReset 0x0F.
"""

from fakes.mp import run_mp


def crc_a(data):
    """CRC_A bit by bit as ISO/IEC 14443-3 Annex B describes it (reflected 0x1021 = 0x8408,
    preset 0x6363), written independently of the driver's byte-wise version."""
    crc = 0x6363
    for byte in data:
        for i in range(8):
            bit = ((byte >> i) ^ crc) & 1
            crc >>= 1
            if bit:
                crc ^= 0x8408
    return [crc & 0xFF, crc >> 8]


INIT = [
    ("w", 0x01, 0x0F),  # SoftReset
    ("r", 0x37, 0x92),  # VersionReg: 0x92, a genuine MFRC522 v2.0 (0x00/0xFF: no chip)
    ("w", 0x2A, 0x8D),  # TAuto, TPrescaler high nibble 0xD
    ("w", 0x2B, 0x3E),  # TPrescaler low byte: 0xD3E -> 2 kHz timer
    ("w", 0x2C, 0x00),
    ("w", 0x2D, 30),  # reload 30 ticks = 15 ms
    ("w", 0x15, 0x40),  # Force100ASK
    ("w", 0x11, 0x3D),  # CRC preset 0x6363
    ("r", 0x14, 0x80),  # TxControlReg reads its reset value 0x80 ...
    ("w", 0x14, 0x83),  # ... antenna on: Tx1RFEn | Tx2RFEn
]


def exchange(data, bits=0, answer=None, irq=0x30, error=0x00):
    """The register log of one Transceive: load the FIFO, start, wait for an interrupt, read."""
    log = [("w", 0x01, 0x00), ("w", 0x04, 0x7F), ("w", 0x0A, 0x80)]  # Idle, clear IRQs, flush FIFO
    log += [("w", 0x09, b) for b in data]
    log += [
        ("w", 0x0D, bits),  # TxLastBits
        ("w", 0x01, 0x0C),  # Transceive
        ("r", 0x0D, bits), ("w", 0x0D, 0x80 | bits),  # StartSend
        ("r", 0x04, irq),  # RxIRq|IdleIRq = 0x30 answered; TimerIRq = 0x01 nobody did
        ("r", 0x0D, 0x80 | bits), ("w", 0x0D, bits),  # StartSend off
    ]
    if answer is None:
        return log
    log.append(("r", 0x06, error))
    if error:
        return log
    log.append(("r", 0x0A, len(answer)))
    log += [("r", 0x09, b) for b in answer]
    return log


def run_script(expected, extra=""):
    reads = [op[2] for op in expected if op[0] == "r"]
    code = """
import json, machine
from drivers.mfrc522 import MFRC522
reads = %r
spi = machine.SPI(0)
answered = []
def answer(tx):
    if not tx[0] & 0x80:
        return bytes(2)
    answered.append(reads.pop(0) if reads else 0xEE)  # 0xEE: read past the script
    return bytes((0, answered[-1]))
spi.responder = answer
events = []
m = MFRC522(spi, machine.Pin(17), machine.Pin(20), events.append)
uid = m.poll()
%s
ops = []
for f in machine.spi_frames(machine.LOG, 17):
    reg = (f[0] >> 1) & 0x3F
    if f[0] & 0x80:
        ops.append(["r", reg, answered.pop(0)])
    else:
        ops.append(["w", reg, f[1]])
print(json.dumps([ops, events, uid.hex() if uid else None, m.errors, len(reads)]))
""" % (reads, extra)
    ops, events, uid, errors, left = run_mp(code)[0]
    return [tuple(op) for op in ops], events, uid, errors, left


def test_crc_a_known_values():
    # ISO/IEC 14443-3 Annex B: 00 00 -> A0 1E, 12 34 -> 26 CF; HLTA 50 00 -> 57 CD.
    out = run_mp("""
import json
from drivers.mfrc522 import crc_a
print(json.dumps([crc_a(b"\\x00\\x00"), crc_a(b"\\x12\\x34"), crc_a(b"\\x50\\x00"), crc_a(b"\\x08")]))
""")[0]
    assert out == [[0xA0, 0x1E], [0x26, 0xCF], [0x57, 0xCD], crc_a([0x08])]
    assert crc_a([0x50, 0x00]) == [0x57, 0xCD]  # the test's own CRC agrees with the standard


def test_four_byte_uid_read():
    # UID DE AD BE EF: BCC = DE ^ AD ^ BE ^ EF = 0x73 ^ 0xBE ^ 0xEF = 0xCD ^ 0xEF = 0x22.
    # SAK 0x08 (MIFARE Classic 1K) arrives with its CRC_A B6 DD.
    select = [0x93, 0x70, 0xDE, 0xAD, 0xBE, 0xEF, 0x22]
    expected = (
        INIT
        + exchange([0x26], bits=7, answer=[0x04, 0x00])  # REQA, 7 bits -> ATQA
        + exchange([0x93, 0x20], answer=[0xDE, 0xAD, 0xBE, 0xEF, 0x22])  # anticollision CL1
        + exchange(select + crc_a(select), answer=[0x08, 0xB6, 0xDD])  # SELECT -> SAK
        + exchange([0x50, 0x00, 0x57, 0xCD], irq=0x01)  # HLTA: a halted card stays silent
    )
    ops, events, uid, errors, left = run_script(expected)
    assert ops == expected
    assert events == [["scan", "DEADBEEF"]]
    assert (uid, errors, left) == ("deadbeef", 0, 0)


def test_seven_byte_uid_read_through_cascade_level_2():
    # NTAG sticker UID 04 A1 B2 C3 D4 E5 F6.
    # CL1 answers the cascade tag 88 + 04 A1 B2, BCC = 88^04^A1^B2 = 0x8C^0xA1^0xB2 = 0x2D^0xB2 = 0x9F;
    # SAK 0x04 (UID not complete) with CRC_A.
    # CL2 answers C3 D4 E5 F6, BCC = C3^D4^E5^F6 = 0x17^0xE5^0xF6 = 0xF2^0xF6 = 0x04; SAK 0x00, CRC FE 51.
    sel1 = [0x93, 0x70, 0x88, 0x04, 0xA1, 0xB2, 0x9F]
    sel2 = [0x95, 0x70, 0xC3, 0xD4, 0xE5, 0xF6, 0x04]
    expected = (
        INIT
        + exchange([0x26], bits=7, answer=[0x44, 0x00])
        + exchange([0x93, 0x20], answer=[0x88, 0x04, 0xA1, 0xB2, 0x9F])
        + exchange(sel1 + crc_a(sel1), answer=[0x04] + crc_a([0x04]))
        + exchange([0x95, 0x20], answer=[0xC3, 0xD4, 0xE5, 0xF6, 0x04])
        + exchange(sel2 + crc_a(sel2), answer=[0x00, 0xFE, 0x51])
        + exchange([0x50, 0x00, 0x57, 0xCD], irq=0x01)
    )
    ops, events, uid, errors, left = run_script(expected)
    assert ops == expected
    assert events == [["scan", "04A1B2C3D4E5F6"]]
    assert (uid, errors, left) == ("04a1b2c3d4e5f6", 0, 0)


def test_no_card_is_a_quiet_failed_read():
    # REQA: the timer runs out (TimerIRq) -> no answer read, no event, not an error.
    expected = INIT + exchange([0x26], bits=7, irq=0x01)
    ops, events, uid, errors, left = run_script(expected)
    assert ops == expected
    assert (events, uid, errors, left) == ([], None, 0, 0)


def test_bad_bcc_fails_the_read_without_selecting():
    # Anticollision answer with BCC 0x23 instead of 0x22: garbled, no SELECT, no HLTA, no event.
    expected = (
        INIT
        + exchange([0x26], bits=7, answer=[0x04, 0x00])
        + exchange([0x93, 0x20], answer=[0xDE, 0xAD, 0xBE, 0xEF, 0x23])
    )
    ops, events, uid, errors, left = run_script(expected)
    assert ops == expected
    assert (events, uid, errors, left) == ([], None, 1, 0)


def test_collision_error_fails_the_read():
    # Two cards answer the anticollision: ErrorReg CollErr (0x08) -> the FIFO is not read.
    expected = (
        INIT
        + exchange([0x26], bits=7, answer=[0x04, 0x00])
        + exchange([0x93, 0x20], answer=[], error=0x08)
    )
    ops, events, uid, errors, left = run_script(expected)
    assert ops == expected
    assert (events, uid, errors, left) == ([], None, 1, 0)


def test_bad_sak_crc_fails_then_next_poll_reads_the_card():
    # A SAK with a wrong CRC (B6 DE) fails this poll; the card is still IDLE, so the next poll
    # reads it cleanly and emits exactly one scan.
    select = [0x93, 0x70, 0xDE, 0xAD, 0xBE, 0xEF, 0x22]
    first = (
        exchange([0x26], bits=7, answer=[0x04, 0x00])
        + exchange([0x93, 0x20], answer=[0xDE, 0xAD, 0xBE, 0xEF, 0x22])
        + exchange(select + crc_a(select), answer=[0x08, 0xB6, 0xDE])
    )
    second = (
        exchange([0x26], bits=7, answer=[0x04, 0x00])
        + exchange([0x93, 0x20], answer=[0xDE, 0xAD, 0xBE, 0xEF, 0x22])
        + exchange(select + crc_a(select), answer=[0x08, 0xB6, 0xDD])
        + exchange([0x50, 0x00, 0x57, 0xCD], irq=0x01)
    )
    expected = INIT + first + second
    ops, events, uid, errors, left = run_script(expected, extra="uid = m.poll()")
    assert ops == expected
    assert events == [["scan", "DEADBEEF"]]
    assert (uid, errors, left) == ("deadbeef", 1, 0)


def test_a_reader_that_does_not_answer_is_an_error_at_boot():
    # VersionReg (0x37) read right after the soft reset: 0x00 or 0xFF is a floating MISO
    # (no chip, no power), not an MFRC522 (0x91/0x92, clones 0x88/0x12).
    out = run_mp("""
import json, machine
from drivers.mfrc522 import MFRC522
got = []
for version in (0x00, 0xFF, 0x88):
    spi = machine.SPI(0)
    spi.responder = machine.mfrc522(version)
    try:
        MFRC522(spi, machine.Pin(17))
        got.append("ok")
    except OSError as e:
        got.append(str(e))
print(json.dumps(got))
""")[0]
    assert out == ["[Errno 19] ENODEV: VersionReg reads 0x00, not a chip",
                   "[Errno 19] ENODEV: VersionReg reads 0xff, not a chip", "ok"]
