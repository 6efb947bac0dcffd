"""The core's seeded random source: same stream on both interpreters, uniform enough."""

import json

import pytest

from boardcore.rng import Random
from conftest import run_on, ROOT

SCRIPT = """
import json
from boardcore.rng import Random
out = []
for seed in (0, 1, 42, 2**31 + 7, 2**40 + 5):
    r = Random(seed)
    deck = list(range(16))
    r.shuffle(deck)
    out.append([r.next32(), r.below(6), deck])
print(json.dumps(out))
"""


def _expected():
    out = []
    for seed in (0, 1, 42, 2**31 + 7, 2**40 + 5):
        r = Random(seed)
        deck = list(range(16))
        r.shuffle(deck)
        out.append([r.next32(), r.below(6), deck])
    return out


@pytest.mark.parametrize("interpreter", ["micropython", "micropython-96k"])
def test_same_stream_on_micropython(interpreter, tmp_path):
    script = tmp_path / "rng_check.py"
    script.write_text(SCRIPT)
    proc = run_on(interpreter, script)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == _expected()


def test_same_seed_same_stream_different_seed_different_stream():
    a, b, c = Random(5), Random(5), Random(6)
    sa = [a.next32() for _ in range(20)]
    assert sa == [b.next32() for _ in range(20)]
    assert sa != [c.next32() for _ in range(20)]


def test_shuffle_is_a_permutation_and_below_stays_in_range():
    r = Random(123)
    deck = list(range(121))
    r.shuffle(deck)
    assert sorted(deck) == list(range(121))
    assert deck != list(range(121))
    assert all(0 <= r.below(7) < 7 for _ in range(1000))


def test_below_is_roughly_uniform():
    r = Random(99)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.below(6)] += 1
    # Each face expects 10000; 5 sigma is about 456.
    assert all(abs(c - 10000) < 500 for c in counts), counts


def test_bad_seed_is_refused():
    with pytest.raises(ValueError, match="non-negative integer"):
        Random(-1)
    with pytest.raises(ValueError):
        Random("abc")
