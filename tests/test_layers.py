"""The house (issue 6): dependencies point down only (DESIGN.md "Layers"), and no import circle.

The test reads every module's source (imports inside functions count: a lazy import is still an
arrow; imports under ``if TYPE_CHECKING:`` do not run and do not count) and fails on an import
from a lower layer to a higher one, e.g. the core importing a game or the records.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import atout

SRC = Path(atout.__file__).parent

#: Rank of each sub-package: a module may import its own package or a lower rank, never a higher one.
#: ``atout/__init__.py`` (the façade that bootstraps the registries) sits above everything.
LAYERS = {
    "core": 0,
    "games": 1,
    "faces": 1,  # card faces drawn from the packs (core only)
    "records": 2,
    "bots": 2,
    "analysis": 2,  # the double-dummy solver (games only)
    "present": 2,  # words for events and errors: presentation, below the edges
    "sim": 3,
    # beside the bots (DESIGN.md: "bots/ sim/ envs/"): the environments use the bots (Gymnasium's opponents,
    # the samplers) and the ismcts outside bot searches atout's one OpenSpiel wrapper (atout.envs.openspiel)
    "envs": 2,
    "web": 4,
    "cli": 5,  # `atout serve` starts the web app
}
TOP = max(LAYERS.values()) + 1
#: ``import atout`` (the public API) is for the layers above what the façade itself imports
#: (core, games, records, bots): the edges use only the public API.
FACADE = 2.5


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for f in SRC.rglob("*.py"):
        parts = f.relative_to(SRC.parent).with_suffix("").parts
        is_pkg = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_pkg else parts)] = (f, is_pkg)
    return out


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the nodes under ``if TYPE_CHECKING:`` (never run)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                skip.update(id(n) for n in ast.walk(stmt))
    return skip


def imports(module: str, path: Path, is_pkg: bool) -> set[str]:
    """Every ``atout`` module or package name ``module`` imports, at any depth of its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_pkg else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                name = ".".join([*base, *([node.module] if node.module else [])])
            else:
                name = node.module or ""
            found.add(name)
            found.update(f"{name}.{a.name}" for a in node.names)
    return {n for n in found if n == "atout" or n.startswith("atout.")}


def rank(name: str) -> float:
    parts = name.split(".")
    if len(parts) == 1:
        return FACADE
    return LAYERS.get(parts[1], TOP)


def test_every_package_has_a_layer() -> None:
    packages = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages <= set(LAYERS), f"give {sorted(packages - set(LAYERS))} a layer in LAYERS"


def test_dependencies_point_down_only() -> None:
    upward = []
    modules = _modules()
    for module, (path, is_pkg) in sorted(modules.items()):
        here = TOP if module == "atout" else rank(module)
        for target in sorted(imports(module, path, is_pkg)):
            if target.split(".")[:2] == module.split(".")[:2]:
                continue  # inside its own package
            if rank(target) > here:
                upward.append(f"{module} -> {target}")
    assert not upward, "upward imports:\n" + "\n".join(upward)


def test_core_imports_no_game_and_no_record() -> None:
    """Issue 6: core/protocol.py imported atout.games (registry) and atout.records (to_record)."""
    modules = _modules()
    for module, (path, is_pkg) in modules.items():
        if module.startswith("atout.core"):
            bad = {t for t in imports(module, path, is_pkg) if not t.startswith("atout.core")}
            assert not bad, f"{module} imports {bad}"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative enough for a package)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_in_the_core_bots_records_and_sim() -> None:
    """Issue 6: bots/base.py imported bots/registry.py, which imports the bots, which import base."""
    modules = _modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for module, (path, is_pkg) in modules.items():
        if module.split(".")[1:2] and module.split(".")[1] in ("core", "bots", "records", "sim"):
            # package __init__ files are not arrows: ``from atout.bots import tarot`` names a submodule
            graph[module] = {t for t in imports(module, path, is_pkg) if t in modules and not modules[t][1]} - {module}
    for targets in list(graph.values()):
        for t in targets:
            graph.setdefault(t, set())
    assert not _cycles(graph)


def test_the_registries_are_filled_by_importing_atout() -> None:
    assert {"tarot", "triomphe"} <= {g.name for g in atout.list_games()}
    from atout.bots.base import bot_names

    assert "heuristic" in bot_names("tarot")
