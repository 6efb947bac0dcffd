"""The core's shared exceptions behave the same on CPython and MicroPython: a FormatError
names the file and line before the problem, and is a ValueError."""

import pytest

from boardcore.errors import FormatError, RuleError
from conftest import run_on

SCRIPT = """
from boardcore.errors import FormatError
for args in (("bad thing", "f.txt", 3), ("bad thing", "f.txt"), ("bad thing", None, 7), ("bad thing",)):
    try:
        raise FormatError(*args)
    except ValueError as e:
        print(str(e), "|", e.problem, e.source, e.line)
"""

EXPECTED = [
    "f.txt:3: bad thing | bad thing f.txt 3",
    "f.txt: bad thing | bad thing f.txt None",
    "line 7: bad thing | bad thing None 7",
    "bad thing | bad thing None None",
]


@pytest.mark.parametrize("interpreter", ["cpython", "micropython", "micropython-96k"])
def test_format_error_message_on_every_interpreter(interpreter, tmp_path):
    script = tmp_path / "errors_check.py"
    script.write_text(SCRIPT)
    proc = run_on(interpreter, script)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == EXPECTED


def test_rule_error_is_not_a_format_error():
    assert not issubclass(RuleError, ValueError)
    assert issubclass(FormatError, ValueError)
