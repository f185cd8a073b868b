"""The tarot's history as data: Dummett's trump orders A, B, C, the Savoy hybrid, the trumps' names.

Seed 000 (the Depaulis interview) and decks.md Part 2. A trump is named here by its *subject*, written as
its Marseille number (I le Bateleur … XXI le Monde; 0 the Fool, outside every order), so that one card
code (``T16``) means the same picture in every tradition while its rank changes with the order.
No game plays with orders A or B; they serve displays (``atout packs show tarot78-italian --order A``).

>>> ORDERS["A"].top_first()[:3]
(20, 21, 19)
>>> ORDERS["A"].name(16, "it"), TRUMP_NAMES[16].fr
('Saetta', 'La Maison Dieu')
>>> ORDERS["A"].beats(5, 2) is None  # the four Papi are equal in Bologna (decks.md D3)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

LANGS: Final = ("fr", "it", "en")

# Marseille numerals as the packs print them (decks.md §7): IIII, VIIII, XIIII, not IV, IX, XIV.
MARSEILLE_NUMERALS: Final = (
    "",
    "I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "VIIII", "X",
    "XI", "XII", "XIII", "XIIII", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)  # fmt: skip


@dataclass(frozen=True)
class TrumpName:
    """One trump subject's names (decks.md §7): the Marseille French title, Italian and English names.

    ``fr`` is empty for XIII, which the Marseille pack leaves unnamed; the first Italian and English
    names are the usual ones, the others are attested alternatives.
    """

    number: int
    fr: str
    it: tuple[str, ...]
    en: tuple[str, ...]

    def name(self, lang: str) -> str:
        """The usual name in ``fr``, ``it`` or ``en`` (XIII in French: "sans nom", as printed)."""
        if lang == "fr":
            return self.fr
        if lang == "it":
            return self.it[0]
        return self.en[0]


def _names(number: int, fr: str, it: str, en: str) -> TrumpName:
    return TrumpName(number, fr, tuple(it.split("|")), tuple(en.split("|")))


# decks.md §7, "Trump names (French, Italian) by Marseille number"; 0 is the Fool (le Mat).
TRUMP_NAMES: Final[Mapping[int, TrumpName]] = MappingProxyType({
    t.number: t
    for t in (
        _names(0, "Le Mat", "Il Matto", "The Fool"),
        _names(1, "Le Bateleur", "Il Bagatto|Bagattino|Begattino|Bagatella|Bagatello", "The Magician|Pagat"),
        _names(2, "La Papesse", "La Papessa", "The Popess"),
        _names(3, "L'Impératrice", "L'Imperatrice", "The Empress"),
        _names(4, "L'Empereur", "L'Imperatore", "The Emperor"),
        _names(5, "Le Pape", "Il Papa", "The Pope"),
        _names(6, "L'Amoureux", "L'Amore|Amanti", "Love|The Lovers"),
        _names(7, "Le Chariot", "Il Carro", "The Chariot"),
        _names(8, "La Justice", "La Giustizia", "Justice"),
        _names(9, "L'Ermite", "L'Eremita|Vecchio|Vecchierello|Gobbo", "The Hermit|The Old Man"),
        _names(10, "La Roue de Fortune", "La Ruota di Fortuna|Rota|Roda", "The Wheel of Fortune"),
        _names(11, "La Force", "La Forza|Fortezza", "Strength|Fortitude"),
        _names(12, "Le Pendu", "L'Appeso|Traditore", "The Hanged Man|The Traitor"),
        _names(13, "", "La Morte", "Death"),
        _names(14, "Tempérance", "La Temperanza", "Temperance"),
        _names(15, "Le Diable", "Il Diavolo", "The Devil"),
        # XVI: seed 000 — "La Saetta" is the commonest Italian name; also la Casa del Diavolo, la Casa del
        # dannato, Fuoco; "La Maison Dieu" is "clearly a mistake", kept as the Marseille title (decks.md D6).
        _names(16, "La Maison Dieu", "La Saetta|Casa del Diavolo|Casa del dannato|Fuoco|Torre",
               "The Tower|Lightning|The House of the Devil|Fire"),
        _names(17, "L'Étoile", "La Stella|Stelle", "The Star"),
        _names(18, "La Lune", "La Luna", "The Moon"),
        _names(19, "Le Soleil", "Il Sole", "The Sun"),
        _names(20, "Le Jugement", "L'Angelo|Giudizio", "Judgement|The Angel"),
        _names(21, "Le Monde", "Il Mondo", "The World"),
    )
})

# Other names of XVI by pattern (decks.md D6): the Belgian van den Borre pack titles it "La Foudre".
XVI_BY_PATTERN: Final[Mapping[str, str]] = MappingProxyType({
    "marseille": "La Maison Dieu",
    "italian": "La Saetta",
    "belgian": "La Foudre",
})


@dataclass(frozen=True)
class TrumpOrder:
    """A historical ranking of the trump subjects, highest first, with the names its sources use.

    ``tiers`` lists Marseille numbers from the top; a tier of several numbers ranks them equal (the four
    Bolognese Papi, decks.md D3: the last one played wins, so :meth:`beats` answers None).
    """

    key: str
    label: str
    region: str
    tiers: tuple[tuple[int, ...], ...]
    local_names: Mapping[int, str]
    sources: tuple[str, ...]
    cite: str
    note: str = ""
    _rank: Mapping[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rank = {n: i for i, tier in enumerate(self.tiers) for n in tier}
        object.__setattr__(self, "_rank", MappingProxyType(rank))

    def top_first(self) -> tuple[int, ...]:
        """The subjects (Marseille numbers) from the highest trump down; equal ones in source order."""
        return tuple(n for tier in self.tiers for n in tier)

    def rank(self, number: int) -> int | None:
        """1 for the top trump, 2 for the next tier…; None for a subject the order lacks (or the Fool)."""
        position = self._rank.get(number)
        return None if position is None else position + 1

    def beats(self, a: int, b: int) -> bool | None:
        """Whether subject ``a`` outranks subject ``b``; None when they tie or either is absent.

        >>> ORDERS["A"].beats(20, 21), ORDERS["C"].beats(20, 21)
        (True, False)
        """
        ra, rb = self.rank(a), self.rank(b)
        if ra is None or rb is None or ra == rb:
            return None
        return ra < rb

    def name(self, number: int, lang: str = "it") -> str:
        """The subject's name: the source's own Italian name when it has one, else the usual one."""
        if lang == "it" and number in self.local_names:
            return self.local_names[number]
        return TRUMP_NAMES[number].name(lang)

    def text(self, part: str, lang: str = "en") -> str:
        """The order's ``label``, ``region``, ``note`` or ``cite`` in French (``lang="fr"``) or English.

        Italian and English show the English text; the order's key and the trumps' names never change.

        >>> ORDERS["B"].text("label", "fr"), ORDERS["B"].text("label", "en")
        ('B (Ferrare)', 'B (Ferrara)')
        """
        if part not in ("label", "region", "note", "cite"):
            raise ValueError(f"an order's text is its label, region, note or cite, not {part!r}")
        if lang == "fr":
            return ORDERS_FR[self.key][part]
        return str(getattr(self, part))

    def sources_in(self, lang: str = "en") -> tuple[str, ...]:
        """The sources, their descriptions in French for ``lang="fr"`` (titles of works as published).

        >>> ORDERS["A-florence"].sources_in("fr")[0]
        'Strambotti de Triumphi (vers 1500)'
        """
        if lang == "fr":
            return tuple(SOURCES_FR.get(s, s) for s in self.sources)
        return self.sources


def _order(
    key: str, label: str, region: str, top_first: str, names: str, sources: tuple[str, ...], cite: str, note: str = ""
) -> TrumpOrder:
    """Build an order from "20 21 19 … 5=4=3=2 1" (``=`` joins equal ranks) and "20 Angelo, 21 Mondo…"."""
    tiers = tuple(tuple(int(n) for n in tier.split("=")) for tier in top_first.split())
    local = {int(k): v for k, _, v in (item.strip().partition(" ") for item in names.split(",") if item.strip())}
    return TrumpOrder(key, label, region, tiers, MappingProxyType(local), sources, cite, note)


ORDERS: Final[Mapping[str, TrumpOrder]] = MappingProxyType({
    o.key: o
    for o in (
        _order(
            "A", "A (Bologna)", "Bologna, Florence; south to Sicily (tarocchino, minchiate)",
            "20 21 19 18 17 16 15 13 12 9 10 11 8 14 7 6 5=4=3=2 1",
            "0 Matto, 1 Bagattino, 2 Papessa, 3 Imperatrice, 4 Imperatore, 5 Papa, 6 Amore, 7 Carro, 8 Giustizia,"
            " 9 Vecchio, 10 Roda, 11 Forza, 12 Traditore, 13 Morte, 14 Temperanza, 15 Diavolo, 16 Saetta,"
            " 17 Stella, 18 Luna, 19 Sole, 20 Angelo, 21 Mondo",
            ("tarocchinobolognese.it", "gambiter.com 'Tarocco Bolognese'", "Dummett, The Game of Tarot (1980)"),
            "seed 000 (Dummett's order A); decks.md §6.1, D1, D3",
            "The Angel above the World, the virtues grouped low (seed 000); the four Papi rank equal (D3).",
        ),
        _order(
            "A-florence", "A (Florence)", "Florence (Strambotti de Triumphi, c. 1500)",
            "20 21 19 18 17 16 15 13 12 9 10 7 8 11 14 6 5 4 3 1",
            "0 Matto, 1 Bagatello, 3 Imperatrice, 4 Imperatore, 5 Papa, 6 Amore, 7 Carro, 8 Giustizia,"
            " 9 Vecchierello, 10 Rota, 11 Fortezza, 12 Traditore, 13 Morte, 14 Temperanza, 15 Diavolo, 16 Saetta,"
            " 17 Stella, 18 Luna, 19 Sole, 20 Angelo, 21 Mondo",
            ("Strambotti de Triumphi (c. 1500)", "Depaulis, 'Early Italian Lists of Tarot Trumps' (2007)",
             "forum.tarothistory.com 'Bolognese sequence'"),
            "seed 000 (Florence, order A); decks.md §6.1, D1",
            "No Popess (20 trumps); the Chariot above the three virtues.",
        ),
        _order(
            "B", "B (Ferrara)", "Ferrara; the north: Venice, Trento",
            "21 8 20 19 18 17 16 15 13 12 9 10 11 7 6 14 5 2 4 3 1",
            "0 Matto, 1 Bagatella",
            ("Sermones de ludo cum aliis (c. 1480-1500, the 'Steele sermon')", "trionfi.com",
             "Depaulis, 'Early Italian Lists of Tarot Trumps' (2007)"),
            "seed 000 (Dummett's order B); decks.md §6.1, D2",
            "Justice just below the World, above the Angel; Temperance low (sermon sequence, D2).",
        ),
        _order(
            "C", "C (Milan, Marseille)", "Milan and its region; the Tarot de Marseille (not before c. 1540)",
            "21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1",
            "",
            ("Noblet-style Marseille titles (python-tarot list; prs.org)", "Dummett, The Game of Tarot (1980)"),
            "seed 000 (Dummett's order C); decks.md §6.1",
            "The number is the rank: XXI highest.",
        ),
        _order(
            "savoy", "C′ (Savoy, Piedmont)", "Savoy and Piedmont, one country until 1860 (hybrid of A and C)",
            "20 21 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1",
            "0 Matto, 1 Bagatto, 16 Torre",
            ("Wikipedia 'Tarocco Piemontese'", "Depaulis, 'Early Italian Lists of Tarot Trumps' (2007): type C′",
             "F. Piscina, Discorso (Mondovì, 1565)"),
            "seed 000 (the 'savoisienne' branch); decks.md §6.1",
            "Marseille numbering, but the Angel outranks the World; the modern Piedmontese ranking stands in "
            "for Depaulis's C′ (decks.md review note).",
        ),
    )
})


# The orders' texts in French (``atout packs show --order A --lang fr``): faithful translations of the English
# above; the keys (A, B, C, savoy) and the trumps' names stay as they are.
ORDERS_FR: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType({
    "A": {
        "label": "A (Bologne)",
        "region": "Bologne, Florence ; vers le sud jusqu'en Sicile (tarocchino, minchiate)",
        "note": "L'Ange au-dessus du Monde, les vertus groupées vers le bas (seed 000) ; les quatre Papi sont de rang "
                "égal (D3).",
        "cite": "seed 000 (ordre A de Dummett) ; decks.md §6.1, D1, D3",
    },
    "A-florence": {
        "label": "A (Florence)",
        "region": "Florence (Strambotti de Triumphi, vers 1500)",
        "note": "Pas de Papesse (20 atouts) ; le Chariot au-dessus des trois vertus.",
        "cite": "seed 000 (Florence, ordre A) ; decks.md §6.1, D1",
    },
    "B": {
        "label": "B (Ferrare)",
        "region": "Ferrare ; le Nord : Venise, Trente",
        "note": "La Justice juste sous le Monde, au-dessus de l'Ange ; la Tempérance en bas (suite du sermon, D2).",
        "cite": "seed 000 (ordre B de Dummett) ; decks.md §6.1, D2",
    },
    "C": {
        "label": "C (Milan, Marseille)",
        "region": "Milan et le Milanais ; le Tarot de Marseille (pas attesté avant 1540 environ)",
        "note": "Le numéro est le rang : XXI est le plus fort.",
        "cite": "seed 000 (ordre C de Dummett) ; decks.md §6.1",
    },
    "savoy": {
        "label": "C′ (Savoie, Piémont)",
        "region": "Savoie et Piémont, unis en un seul pays jusqu'en 1860 (hybride de A et de C)",
        "note": "La numérotation de Marseille, mais l'Ange l'emporte sur le Monde ; l'ordre piémontais moderne "
                "tient lieu du C′ de Depaulis (decks.md, note de relecture).",
        "cite": "seed 000 (la branche « savoisienne ») ; decks.md §6.1",
    },
})

# The sources' descriptions in French; a title of a work stays as published (Dummett's book, Depaulis's article).
SOURCES_FR: Final[Mapping[str, str]] = MappingProxyType({
    "Strambotti de Triumphi (c. 1500)": "Strambotti de Triumphi (vers 1500)",
    "forum.tarothistory.com 'Bolognese sequence'": "forum.tarothistory.com, fil « Bolognese sequence »",
    "gambiter.com 'Tarocco Bolognese'": "gambiter.com, « Tarocco Bolognese »",
    "Sermones de ludo cum aliis (c. 1480-1500, the 'Steele sermon')":
        "Sermones de ludo cum aliis (vers 1480-1500, le « sermon Steele »)",
    "Noblet-style Marseille titles (python-tarot list; prs.org)":
        "titres de Marseille du type Noblet (liste de python-tarot ; prs.org)",
    "Depaulis, 'Early Italian Lists of Tarot Trumps' (2007): type C′":
        "Depaulis, « Early Italian Lists of Tarot Trumps » (2007) : type C′",
    "Depaulis, 'Early Italian Lists of Tarot Trumps' (2007)": "Depaulis, « Early Italian Lists of Tarot Trumps » (2007)",
    "Wikipedia 'Tarocco Piemontese'": "Wikipédia, « Tarocco Piemontese »",
})


def find_order(text: str) -> TrumpOrder:
    """An order by key, case-insensitively (``a``, ``A-florence``, ``b``, ``c``, ``savoy``, ``c'``).

    >>> find_order("Savoy").label
    'C′ (Savoy, Piedmont)'
    """
    key = text.strip().lower().replace("′", "'")
    aliases = {"florence": "A-florence", "bologna": "A", "ferrara": "B", "marseille": "C", "milan": "C",
               "c'": "savoy", "piedmont": "savoy",
               # the names decks.md suggests for an enum
               "a_bologna": "A", "a_florence": "A-florence", "b_ferrara": "B", "c_marseille": "C",
               "c_prime_piedmont": "savoy"}
    for order in ORDERS.values():
        if order.key.lower() == key:
            return order
    if key in aliases:
        return ORDERS[aliases[key]]
    raise ValueError(f"unknown trump order {text!r} (expected one of {', '.join(ORDERS)})")


# Other traditions named in seed 000 (decks.md §8), for docs and displays.
TRADITIONS: Final[Mapping[str, str]] = MappingProxyType({
    "belgian": "Belgian tarot (Rouen/Brussels): Marseille numbering, II the Spanish Captain Fracasse, V Bacchus, "
               "the Fool numbered XXII; vanished in the 18th century.",
    "marseille": "Tarot de Marseille: Noblet (Paris, 17th c.), Dodal (Lyon, 18th c., type I), Madenié (Dijon, "
                 "18th c., type II); Viéville (Paris, 17th c.) is a hybrid.",
    "french-suited": "French-suited tarots from about 1740 (Strasbourg?), before the esoteric reading (1770 at the "
                     "earliest); trumps as plain numbers, 'without the rules changing'.",
    "earliest": "1440: the diary of a Florentine notary (Giusto Giusti), the oldest reference to the tarot.",
})

# The same in French (seed 000's own words where it has them: "sans que les règles changent").
TRADITIONS_FR: Final[Mapping[str, str]] = MappingProxyType({
    "belgian": "Tarot belge (Rouen/Bruxelles) : numérotation de Marseille, II le Capitaine Fracasse espagnol, "
               "V Bacchus, le Mat numéroté XXII ; disparu au XVIIIe siècle.",
    "marseille": "Tarot de Marseille : Noblet (Paris, XVIIe s.), Dodal (Lyon, XVIIIe s., type I), Madenié (Dijon, "
                 "XVIIIe s., type II) ; Viéville (Paris, XVIIe s.) est un hybride.",
    "french-suited": "Tarots à enseignes françaises vers 1740 (à Strasbourg ?), avant la lecture ésotérique (1770 au "
                     "plus tôt) ; des atouts simplement numérotés, « sans que les règles changent ».",
    "earliest": "1440 : le journal d'un notaire florentin (Giusto Giusti), la plus ancienne référence au tarot.",
})
