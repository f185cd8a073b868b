"""French Tarot's phrases (seed 001; spec tarot.md): events, refusals, words, typed verbs, the score breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("bid", seat=1, data={"contract": "garde_sans"}), "fr", Table("tarot", 4))
'Joueur 2 annonce une Garde sans le chien.'
"""

from __future__ import annotations

EVENTS: dict[str, dict[str, str]] = {
    "fr": {
        "bid": "{seat} annonce une {contract}.",
        "bid/you": "Vous annoncez une {contract}.",
        "passed": "{seat} passe.",
        "passed/you": "Vous passez.",
    },
    "en": {
        "bid": "{seat} bids {contract}.",
        "bid/you": "You bid {contract}.",
        "passed": "{seat} passes.",
        "passed/you": "You pass.",
    },
}
ERRORS: dict[str, dict[str, str]] = {"fr": {}, "en": {}}
WORDS: dict[str, dict[str, str]] = {
    "fr": {"prise": "Prise", "pousse": "Pousse", "garde": "Garde", "garde_sans": "Garde sans le chien",
           "garde_contre": "Garde contre le chien", "petite": "Petite"},
    "en": {"prise": "Prise (take)", "pousse": "Pousse (push)", "garde": "Garde (guard)",
           "garde_sans": "Garde sans (guard without the talon)", "garde_contre": "Garde contre (guard against the talon)",
           "petite": "Petite (small)"},
}
LABELS: dict[str, dict[str, str]] = {
    "fr": {"pass": "passe", "bid garde_sans": "garde sans", "bid garde_contre": "garde contre", "bid": "{words}"},
    "en": {"bid": "bid {words}"},
}
VERBS: dict[str, dict[str, str]] = {
    "fr": {"prise": "bid prise|bid petite", "prends": "bid prise|bid petite", "petite": "bid petite",
           "pousse": "bid pousse", "garde": "bid garde", "garde sans": "bid garde_sans",
           "garde contre": "bid garde_contre", "ecarter": "discard", "ecart": "discard", "appeler": "call",
           "annoncer": "announce", "j'appelle": "call"},
    "en": {"bid": "bid", "discard": "discard", "call": "call", "announce": "announce"},
}
