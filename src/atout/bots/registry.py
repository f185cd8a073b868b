"""Registers each game's own bots under their names: one import line per game.

Imported by the package ``atout`` on import (never by ``bots.base``, which it depends on), so
``make_bot`` sees every bot without an import circle.
"""

from atout.bots import (
    mistigri,  # noqa: F401
    outside,  # noqa: F401  (outside opponents, each only when its package imports)
    prime,  # noqa: F401
    search,  # noqa: F401  (the search bot, every game)
    tarot,  # noqa: F401
    tarot1637,  # noqa: F401
    trained,  # noqa: F401  (bot 'ppo', a trained Tarot policy, when sb3-contrib is installed)
    triomphe,  # noqa: F401
)
from atout.bots.search import dd  # noqa: F401  (search_dd: worlds solved double-dummy, Tarot; level master)
