"""atout: French card games, modern and historical, as exact rules engines.

>>> import atout
>>> game = atout.new_game("triomphe", players=2, seed=3)
>>> while not game.is_terminal():
...     game.apply(game.legal_actions()[0])
>>> len(game.returns())
2
"""

# Bootstrapping from the top of the package, so that no lower layer imports a higher one: importing
# the bot registry registers every bot, and imports ``atout.games``, which registers every game.
import atout.bots.registry
import atout.games  # noqa: F401
from atout.core.actions import Action, parse_action
from atout.core.cards import Card, Rank, Suit, card, cards
from atout.core.errors import AtoutError, IllegalAction, NotationError, RecordError, UnknownGame
from atout.core.protocol import GameInfo, GameState, Observation, game_info, list_games, new_game
from atout.records import dump, dumps, load, loads, read_record, replay

__all__ = [
    "Action",
    "AtoutError",
    "Card",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "NotationError",
    "Observation",
    "Rank",
    "RecordError",
    "Suit",
    "UnknownGame",
    "card",
    "cards",
    "dump",
    "dumps",
    "game_info",
    "list_games",
    "load",
    "loads",
    "new_game",
    "parse_action",
    "read_record",
    "replay",
]
__version__ = "0.1.0"
