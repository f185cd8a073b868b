"""Registers each game's own bots under their names: one import line per game.

Imported by the package ``atout`` on import (never by ``bots.base``, which it depends on), so
``make_bot`` sees every bot without an import circle.
"""

from atout.bots import (
    prime,  # noqa: F401
    tarot,  # noqa: F401
    triomphe,  # noqa: F401
)
