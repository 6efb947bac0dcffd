"""docs/architecture.md matches the tree: every file and name it cites exists, its tables name
every package folder, and the import rules it states hold for every module."""

import ast
import importlib
import re

import pytest

from conftest import ROOT

DOC = (ROOT / "docs" / "architecture.md").read_text()
CITED = re.findall(r"`([^`\s]+)`", DOC)
PATHS = sorted({c for c in CITED if "/" in c})
DOTTED = sorted({c for c in CITED if re.match(r"(boardcore|boardlight)\.\w", c)})

CORE = ROOT / "shared" / "boardcore"
FIRMWARE = ROOT / "firmware"
HOST = ROOT / "host" / "boardlight"


def _defined(tree, dotted):
    """True when `dotted` (Name or Class.attr...) is defined at the top of `tree`'s body."""
    body = tree.body
    for part in dotted.split("."):
        found = None
        for node in body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == part:
                found = node
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == part for t in targets):
                    found = node
        if found is None:
            return False
        body = getattr(found, "body", [])
    return True


def test_the_document_cites_files_and_names():
    assert len(PATHS) > 40 and len(DOTTED) > 40


@pytest.mark.parametrize("cited", PATHS)
def test_every_cited_path_exists(cited):
    path, _, name = cited.partition(":")
    assert (ROOT / path).exists(), "%s: no such file or folder" % path
    if name:
        assert _defined(ast.parse((ROOT / path).read_text()), name), "%s defines no %s" % (path, name)


@pytest.mark.parametrize("cited", DOTTED)
def test_every_cited_name_imports(cited):
    parts = cited.split(".")
    for n in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:n]))
        except ImportError:
            continue
        for attr in parts[n:]:
            assert hasattr(obj, attr), "%s has no %s" % (".".join(parts[:n]), attr)
            obj = getattr(obj, attr)
        return
    pytest.fail("%s: no such module" % cited)


def _packages(top):
    return sorted(p for p in top.rglob("*") if p.is_dir() and any(p.glob("*.py")) and "__pycache__" not in p.parts)


@pytest.mark.parametrize("folder", _packages(CORE) + _packages(FIRMWARE) + _packages(HOST),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_package_folder_is_in_the_tables(folder):
    rel = str(folder.relative_to(ROOT)) + "/"
    # A package is named itself, or inside its parent's row (render/svg/ in render's row).
    assert "`%s`" % rel in DOC or "`%s" % rel in DOC, "%s is not in docs/architecture.md" % rel


def _module_name(path, top, prefix):
    parts = list(path.relative_to(top).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([prefix] + parts if prefix else parts)


def _modules():
    """name -> path of every module of the core, the firmware (by the name the device imports
    it by) and the host."""
    out = {}
    for path in CORE.rglob("*.py"):
        out[_module_name(path, CORE, "boardcore")] = path
    for path in FIRMWARE.rglob("*.py"):
        if path != FIRMWARE / "__init__.py":
            out["fw:" + _module_name(path, FIRMWARE, "")] = path
    for path in HOST.rglob("*.py"):
        out[_module_name(path, HOST, "boardlight")] = path
    return out


MODULES = _modules()


def _top_level_imports(path):
    """The module names imported by a module's own top level (also inside a try or an if at
    the top, not under `if TYPE_CHECKING`, not inside functions)."""
    names = []

    def walk(body):
        for node in body:
            if isinstance(node, ast.Import):
                names.extend(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.append(node.module)
                names.extend(node.module + "." + a.name for a in node.names)
            elif isinstance(node, ast.Try):
                walk(node.body)
                for handler in node.handlers:
                    walk(handler.body)
                walk(node.orelse)
            elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.dump(node.test):
                walk(node.body)
                walk(node.orelse)

    walk(ast.parse(path.read_text()).body)
    return names


def _all_imports(path):
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


FIRMWARE_NAMES = {name[3:].split(".")[0] for name in MODULES if name.startswith("fw:")}


def test_the_core_imports_nothing_of_the_host_or_the_firmware():
    wrong = ["%s imports %s" % (name, imp) for name, path in MODULES.items() if name.startswith("boardcore")
             for imp in _all_imports(path)
             if imp.split(".")[0] == "boardlight" or imp.split(".")[0] in FIRMWARE_NAMES]
    assert wrong == []


def test_the_firmware_never_imports_the_host():
    wrong = ["%s imports %s" % (name, imp) for name, path in MODULES.items() if name.startswith("fw:")
             for imp in _all_imports(path) if imp.split(".")[0] == "boardlight"]
    assert wrong == []


def _graph():
    graph = {}
    for name, path in MODULES.items():
        firmware = name.startswith("fw:")
        edges = set()
        for imp in _top_level_imports(path):
            target = "fw:" + imp if firmware and imp.split(".")[0] in FIRMWARE_NAMES else imp
            if target in MODULES and target != name:
                edges.add(target)
        graph[name] = edges
    return graph


def _cycles(graph):
    found, state = [], {}

    def visit(node, stack):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                found.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return found


def test_no_module_imports_one_that_imports_it_back():
    assert [" -> ".join(c) for c in _cycles(_graph())] == []
