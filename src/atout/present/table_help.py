"""What one may type at a Tarot table, said from that table's rules (issue 17): its contracts, the called King
at five only, its variant's announcements; not a fixed text that lists words the table refuses.

>>> from atout.games.tarot.rules import TarotRules
>>> text = tarot_help(TarotRules(players=4, variant="seed"), "fr")
>>> "appeler" in text, "pousse" in text, "annoncer le capot" in text, "annoncer sans atouts" in text
(False, True, True, True)
>>> "appeler R♥" in tarot_help(TarotRules(players=5, variant="fft"), "fr")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from atout.core.actions import Action
from atout.core.protocol import list_games
from atout.games.tarot.annonces import FLAG
from atout.games.tarot.rules import TarotRules
from atout.present import LANGS, catalogs, phrases
from atout.present.screen import action_label

#: Announcements said by the taker only (seed 001 §7: the capot; FFT rule 5: the chelem).
TAKER_ONLY = frozenset({"capot", "chelem"})


def announcements(rules: TarotRules) -> list[str]:
    """The announcements a table's variant takes: seed 001 §7 all but the chelem (said 'capot' there); the FFT
    the taker's chelem before play and the poignée at one's first card (FFT rules 4, 5, 11)."""
    if rules.fft:
        return ["chelem", "poignee"]
    return [k for k in FLAG if k != "chelem"]


def tarot_help(rules: TarotRules, lang: str) -> str:
    """The ``?`` help's first line at a Tarot table with these rules, in ``lang``."""
    book = phrases("tarot")

    def label(text: str) -> str:
        return action_label(Action.parse(text), lang, "tarot")

    words = [label("pass"), *(label(f"bid {c}") for c in rules.contracts)]
    if rules.players == 5:  # the taker calls a King at five only (seed 001 §5; FFT rule 3)
        words.append(label("call KH"))
    words.append(book.say("play", "help_discard", lang, label=label("discard KH")))
    for kind in announcements(rules):
        said = label(f"announce {kind}")
        if kind in TAKER_ONLY:
            said = book.say("play", "help_taker", lang, label=said)
        elif kind == "poignee" and rules.fft:
            said = book.say("play", "help_first_card", lang, label=said)
        words.append(said)
    words.append(label("done"))
    return book.say("play", "help_line", lang, words=book.t("lists", "comma", lang).join(words))


class _GameHelp(Mapping[str, dict[str, str]]):
    """What one types at each game's table, before the commands: ``GAME_HELP["tarot/fft"]["fr"]``.

    Read from the game's catalog (section ``play``, key ``game_help`` or ``game_help/<variant>`` when a variant
    has other contracts or announcements: the FFT Tarot, FFT rules 4, 5).
    """

    def __getitem__(self, key: str) -> dict[str, str]:
        game, _, variant = key.partition("/")
        if game == "tarot":  # said from the rules (default players), as the table's own help is
            rules = TarotRules(variant=variant or "seed")
            return {lang: tarot_help(rules, lang) for lang in LANGS}
        entry = f"game_help/{variant}" if variant else "game_help"
        out = {lang: text for lang in LANGS if (text := catalogs.entries(game, "play", lang).get(entry))}
        if not out:
            raise KeyError(key)
        return out

    def __iter__(self) -> Iterator[str]:
        return iter([g.name for g in list_games()])

    def __len__(self) -> int:
        return len(list_games())


GAME_HELP = _GameHelp()
