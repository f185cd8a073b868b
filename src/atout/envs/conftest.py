"""pytest: skip the doctests of a convention whose package (the optional ``rl`` extra) is missing."""

import importlib.util

#: Module of atout.envs -> the package it needs.
_NEEDS = {"pettingzoo.py": "pettingzoo", "gym.py": "gymnasium", "spaces.py": "gymnasium", "openspiel.py": "pyspiel"}


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


collect_ignore = [f for f, module in _NEEDS.items() if not _installed(module)]
