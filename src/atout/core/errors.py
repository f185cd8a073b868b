"""Typed errors: every refusal in atout names what was wrong and, for rules, the rule broken."""

from __future__ import annotations


class AtoutError(Exception):
    """Base class of every error atout raises on purpose."""


class NotationError(AtoutError, ValueError):
    """A card, suit, rank or action text that cannot be parsed."""


class IllegalAction(AtoutError, ValueError):
    """An action refused by the rules; the state is left unchanged.

    The message names the action and the rule, citing the seed where the rule comes from it.
    """


class RecordError(AtoutError, ValueError):
    """A malformed or inconsistent game record (or explicit deal)."""


class UnknownGame(AtoutError, KeyError):
    """A game name not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
