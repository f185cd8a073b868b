"""pytest: skip the doctests of an outside bot whose package (the optional ``peers`` extra) is missing."""

from atout.bots.outside import MISSING

collect_ignore = [f"{name}.py" for name in MISSING]
