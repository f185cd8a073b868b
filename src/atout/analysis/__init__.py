"""Analysis of Tarot deals with every card seen: the double-dummy solver (:mod:`atout.analysis.solver`)."""

from atout.analysis.solver import Solution, SolverError, Value, solve

__all__ = ["Solution", "SolverError", "Value", "solve"]
