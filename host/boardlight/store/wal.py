"""Committed changes that SQLite would drop from a damaged write-ahead file (-wal).

In WAL mode a commit lives in the -wal file until a checkpoint copies it into the database.
When SQLite first opens that file it checks each frame against a running checksum and keeps
the frames up to the last commit before the first frame that fails: one damaged frame
silently discards every commit after it, and the next checkpoint makes that final. This
module reads the -wal file as sqlite.org/fileformat2.html#walformat describes it, finds where
SQLite's valid part ends, and whether commits lie beyond it whose pages the database does not
already hold.

Only commit frames written whole count (each frame stores the running checksum, so a frame
can be checked against the one before it even past the valid part), and the last of them is
left out: a power cut while it was being written (some of its frames reached the disk, its
fsync never returned, so no one was told it was kept) looks the same as damage to it, and
SQLite rightly drops it. With synchronous=FULL every earlier commit was on the disk whole
before the next began, so any other commit beyond the valid part is a committed change being
lost.
"""

import struct
import time
from pathlib import Path

MAGIC = (0x377F0682, 0x377F0683)  # the low bit: checksums over big-endian words
VERSION = 3007000
HEADER = 32
FRAME_HEADER = 24


def _checksum(data: bytes, s0: int, s1: int, big_endian: bool) -> tuple[int, int]:
    words = struct.unpack("%s%dI" % (">" if big_endian else "<", len(data) // 4), data)
    pairs = iter(words)
    for x0, x1 in zip(pairs, pairs):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def _page_size(db_bytes: bytes) -> int | None:
    # The database header's own page size (2 bytes at 16; 1 stands for 65536) places the
    # frames even when the -wal header is what was damaged.
    if len(db_bytes) < 18:
        return None
    size = struct.unpack(">H", db_bytes[16:18])[0]
    size = 65536 if size == 1 else size
    return size if size >= 512 and size & (size - 1) == 0 else None


def scan(db_path: Path) -> tuple[int, int] | None:
    """None when SQLite would apply every commit in `db_path`'s -wal file that matters (or
    there is no such file); else (frame, commits): the number of the first frame SQLite
    rejects and how many commits after it would be lost."""
    wal_path = db_path.with_name(db_path.name + "-wal")
    try:
        with open(wal_path, "rb") as f:
            wal = f.read()
        with open(db_path, "rb") as f:
            page_size = _page_size(f.read(100))
    except OSError:
        return None  # nothing to read here; opening the log will say why if it matters
    if page_size is None or len(wal) < HEADER + FRAME_HEADER + page_size:
        return None
    frame_size = FRAME_HEADER + page_size
    frames = (len(wal) - HEADER) // frame_size
    magic, version, wal_page_size, _seq, salt1, salt2, c1, c2 = struct.unpack(
        ">8I", wal[:HEADER])
    big_endian = magic & 1
    valid = 0  # frames SQLite accepts, up to its last valid commit
    bad = 0  # index of the first frame it rejects
    if (magic in MAGIC and version == VERSION and wal_page_size == page_size
            and _checksum(wal[:24], 0, 0, big_endian) == (c1, c2)):
        sums = (c1, c2)
        for i in range(frames):
            at = HEADER + i * frame_size
            page, commit, f1, f2, k1, k2 = struct.unpack(">6I", wal[at:at + FRAME_HEADER])
            if (f1, f2) != (salt1, salt2) or page == 0:
                break
            sums = _checksum(wal[at:at + 8], sums[0], sums[1], big_endian)
            sums = _checksum(wal[at + FRAME_HEADER:at + frame_size], sums[0], sums[1],
                             big_endian)
            if sums != (k1, k2):
                break
            bad = i + 1
            if commit:
                valid = i + 1
        salts = (salt1, salt2)
    else:
        # SQLite ignores the whole file. Its first frame was written with its header, so it
        # carries the salts of the frames written since.
        salts = struct.unpack(">2I", wal[HEADER + 8:HEADER + 16])
    # Commits past the valid part that were written whole: each frame's checksum follows from
    # the one stored in the frame before it. A commit frame cut short by a crash (its header
    # written, not its page) fails that, and so does what is left of it once a later writer
    # wrote over the frames before it.
    commits = []
    previous = struct.unpack(">2I", wal[24:32])
    for i in range(bad, frames):
        at = HEADER + i * frame_size
        page, commit, f1, f2, k1, k2 = struct.unpack(">6I", wal[at:at + FRAME_HEADER])
        if (f1, f2) == salts and commit and page:
            if i > 0:
                previous = struct.unpack(">2I", wal[at - frame_size + 16:at - frame_size + 24])
            sums = _checksum(wal[at:at + 8], previous[0], previous[1], big_endian)
            sums = _checksum(wal[at + FRAME_HEADER:at + frame_size], sums[0], sums[1],
                             big_endian)
            if sums == (k1, k2):
                commits.append(i)
    if len(commits) < 2:
        return None  # at most the last commit, which a crash while writing it looks like
    # A checkpoint may have copied them into the database before the damage: then nothing
    # is lost, and each page they wrote holds its last image up to commits[-2], or a later
    # one (the checkpoint went further). Otherwise the database holds an older page, or none.
    images = {}  # page -> offsets of the images it may hold, the newest up to commits[-2] first
    for i in range(valid, frames):
        at = HEADER + i * frame_size
        page, _commit, f1, f2 = struct.unpack(">4I", wal[at:at + 16])
        if (f1, f2) != salts or not page:
            continue
        if i <= commits[-2]:
            images[page] = [at + FRAME_HEADER]
        elif page in images:
            images[page].append(at + FRAME_HEADER)
    with open(db_path, "rb") as f:
        for page, offsets in sorted(images.items()):
            f.seek((page - 1) * page_size)
            held = f.read(page_size)
            if not any(held == wal[at:at + page_size] for at in offsets):
                return bad + 1, len(commits) - 1
    return None


def lost_commits(db_path: Path, tries: int = 3,
                 pause: float = 0.05) -> tuple[int, int] | None:
    """scan(), believed only when it says the same twice: a writer appending to the -wal
    file while it is read can look like damage for a moment."""
    found = scan(db_path)
    for _ in range(tries):
        if found is None:
            return None
        time.sleep(pause)
        again = scan(db_path)
        if again == found:
            return found
        found = again
    return found
