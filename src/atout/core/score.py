"""A game's score: a whole number, or an exact fraction (halves and quarters), and its JSON form.

Its own module so that :mod:`atout.core.rollout` and :mod:`atout.core.protocol` can both name it without
importing each other.
"""

from __future__ import annotations

from fractions import Fraction

Score = int | Fraction


def json_number(x: Score) -> int | float:
    """A score as a JSON number: the fractions in atout are halves and quarters, exact as floats."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


__all__ = ["Score", "json_number"]
