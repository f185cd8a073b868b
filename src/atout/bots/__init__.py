"""Players that act from observations only: the seeded random bot and each game's rule-following bot."""

from atout.bots.base import Bot, RandomBot, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "make_bot", "register_bot"]
