"""pytest: skip the doctests of an outside bot whose package (the optional ``peers`` extra) is missing."""

import importlib.util

collect_ignore = [module for module, package in (("magmacrunch.py", "tarot.rules"), ("ismcts.py", "pyspiel"))
                  if importlib.util.find_spec(package.split(".")[0]) is None]
