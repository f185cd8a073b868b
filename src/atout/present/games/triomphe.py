"""La Triomphe's phrases (seed 002; spec triomphe.md): events, refusals, words, typed verbs, the breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("card_played", seat=0, data={"card": "KS"}), "en", Table("triomphe", 2, me=1))
'Player 1 plays King of Spades.'
"""

from __future__ import annotations

from atout.core.packs import PIQUET32

PACK = PIQUET32.mask  # the 32-card piquet pack: no Cavalier, so C is clubs only as a suit

EVENTS: dict[str, dict[str, str]] = {"fr": {}, "en": {}}
ERRORS: dict[str, dict[str, str]] = {"fr": {}, "en": {}}
WORDS: dict[str, dict[str, str]] = {"fr": {}, "en": {}}
VERBS: dict[str, dict[str, str]] = {
    "fr": {"conceder": "concede", "abandonner": "concede", "pas de concession": "no_concession",
           "accepter": "accept", "refuser": "refuse", "arreter": "stop", "stop": "stop", "vole": "vole",
           "piller": "pillage"},
    "en": {"concede": "concede", "accept": "accept", "refuse": "refuse", "stop": "stop", "vole": "vole",
           "pillage": "pillage"},
}
