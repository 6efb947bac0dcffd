"""Every module of the rules core imports on MicroPython within a 96 KB heap, compiled by
mpy-cross as deployed: the core must never drift into CPython-only code. (The source runs
on MicroPython's default heap in the conformance tests.)"""

import pytest

from conftest import SHARED, run_on

def _module_name(path):
    parts = path.relative_to(SHARED).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(_module_name(p) for p in (SHARED / "boardcore").rglob("*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_imports_on_micropython(module, tmp_path):
    script = tmp_path / "imp.py"
    script.write_text("import %s\nprint('ok')\n" % module)
    proc = run_on("micropython-96k", script)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stdout + proc.stderr
