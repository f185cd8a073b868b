"""What every seat may see of a state, and who sits where: shared by the frames (views) and the deal-end panel.

>>> import atout
>>> g = atout.new_game("triomphe", players=2, seed=3)
>>> spectator_observation(g)["hand"], spectator_observation(g)["legal_actions"]
([], [])
"""

from __future__ import annotations

from typing import Any

from atout import present
from atout.core.protocol import GameState
from atout.web import seats


def spectator_observation(state: GameState) -> dict[str, Any]:
    """An observation holding only what every seat may see: no hand, no legal action, common facts."""
    views = [state.observation(s).to_json() for s in range(state.players)]
    first = views[0]
    out: dict[str, Any] = {}
    for key, value in first.items():  # any field one seat alone sees is left out, whatever its name
        if all(key in o and o[key] == value for o in views[1:]):
            out[key] = value
    public = {k: v for k, v in first["public"].items() if all(k in o["public"] and o["public"][k] == v for o in views[1:])}
    out.update(seat=None, hand=[], legal_actions=[], public=public, current_player=first["current_player"],
               phase=first["phase"], game=first["game"])
    if "history" in first:
        out["history"] = [[s, state.public_action(a)] for s, a in state.log[-1].actions]
    return out


def people(state: GameState, viewer: int | None, lang: str, meta: dict[str, Any] | None) -> present.Table:
    """Who sits where for atout.present's sentences: the table's names (nicknames, bots by level), the viewer's
    own marked "(vous)"; without a table (tests, the replay), present's "Joueur N"."""
    if not meta or not meta.get("seats"):
        return present.Table(state.game_name, state.players, me=viewer)
    names = [seats.seat_name(meta, s, lang) for s in range(state.players)]
    if viewer is not None and 0 <= viewer < len(names):
        names[viewer] = f"{names[viewer]} ({seats.word('badge_you', lang)})"
    return present.Table(state.game_name, state.players, names=tuple(names), me=viewer)
