"""La Prime as a player reads it (issue 17, point 4): the stake, the pot and the chips at each decision, the
partner in ``societe``, the sides on the score sheet and at the end of the match, on both tables.

Expected values are worked by hand from seed 004 (/work/shared/seeds/004_*.txt) and spec prime.md: PRIME-7's
deal (teams A–C and B–D, D10), a bet of 2 by A; every stack starts at 100 chips (``chips`` option).
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest
from rich.console import Console

import atout
from atout.cli.play import Session
from atout.web import views
from test_prime import deal_for

#: PRIME-7 (spec prime.md): A 2♠ 3♠, B 7♥ 7♦, C 4♠ J♠, D 2♣ 3♦; B completes to a prime of 78, the best.
DEAL = deal_for([["2S", "3S"], ["7H", "7D"], ["4S", "JS"], ["2C", "3D"]],
                {0: ["QD", "KC"], 1: ["7C", "5S"], 2: ["2H", "KH"], 3: ["4H", "5H"]})


def _game() -> atout.GameState:
    g = atout.new_game("prime", players=4, variant="societe", deal=DEAL, dealer=3, seed=2)
    g.apply("bet 2")  # A (seat 0, eldest) bets 2: his 2 chips go to the pot
    return g


def _session(lang: str, seat: int, tmp_path: Path) -> tuple[Session, Console]:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    args = argparse.Namespace(game="prime", players=4, variant="societe", seed=2, seat=seat, bot="random", lang=lang,
                              deals=None, target=None, speed="0", records=str(tmp_path), option=[])
    session = Session(console, args)
    session.state = _game()
    return session, console


# At B's decision (seat 1, "accepter · refuser"): A's stake 2 to accept, 2 in the pot, A at 98, the others at 100.
AT_CALLING = {
    "fr": ["Votre partenaire : Joueur 4.",
           "Pari de Joueur 1 : 2 jetons à tenir ; au pot : 2 jetons.",
           "Jetons — Joueur 1 : 98 · Joueur 2 (vous) : 100 · Joueur 3 : 100 · Joueur 4 : 100."],
    "en": ["Your partner: Player 4.",
           "Player 1's bet: 2 chips to accept; in the pot: 2 chips.",
           "Chips — Player 1: 98 · Player 2 (you): 100 · Player 3: 100 · Player 4: 100."],
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_stake_pot_chips_and_partner_at_accept_or_decline_terminal(lang: str, tmp_path: Path) -> None:
    session, console = _session(lang, 1, tmp_path)
    obs = session.state.observation(1)
    assert [str(a) for a in obs.legal_actions] == ["accept", "decline"]
    session.render(obs)
    screen = [line.strip() for line in console.file.getvalue().splitlines()]  # type: ignore[attr-defined]
    for line in AT_CALLING[lang]:
        assert line.replace("\u202f", " ").replace("\xa0", " ") in [s.replace("\u202f", " ").replace("\xa0", " ")
                                                                    for s in screen]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_stake_pot_chips_and_partner_at_accept_or_decline_web(lang: str) -> None:
    g = _game()
    frame = views.frame(g, 1, lang, {})
    # the chips are the side panel's own row (public ``stacks``), not a sentence above it too (a newcomer read
    # "Chips — You: 95" and then "Chips: You: 95": the same thing twice)
    assert [_plain(x) for x in frame["facts"]] == AT_CALLING[lang][:2]
    assert frame["obs"]["public"]["stacks"] == [98, 100, 100, 100]
    spectator = views.frame(g, None, lang, {})  # a spectator sees the sides, no "your partner"
    sides = {"fr": "Camps : Joueur 1 et Joueur 3 contre Joueur 2 et Joueur 4.",
             "en": "Sides: Player 1 and Player 3 against Player 2 and Player 4."}[lang]
    assert _plain(spectator["facts"][0]) == sides


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


# PRIME-7's end: B wins 2 from A, C and D: A −2, B +6, C −2, D −2; side B–D +4, side A–C −4.
AT_THE_END = {
    "fr": ["Fin de la partie : Joueur 2 et Joueur 4 gagnent, +4 jetons pour leur camp.",
           "1er — Joueur 2 et Joueur 4 : +4", "2e — Joueur 1 (vous) et Joueur 3 : −4"],
    "en": ["End of the match: Player 2 and Player 4 win, +4 chips for their side.",
           "1st — Player 2 and Player 4: +4", "2nd — Player 1 (you) and Player 3: −4"],
}


def _finished() -> atout.GameState:
    g = _game()
    for a in ("accept", "accept", "accept", "no_show", "show"):  # B must show his prime of 78 (seed 004)
        g.apply(a)
    assert g.is_terminal() and g.returns() == [-2, 6, -2, -2]
    return g


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_winning_side_is_named_and_the_sides_ranked_terminal(lang: str, tmp_path: Path) -> None:
    session, console = _session(lang, 0, tmp_path)
    session.state = _finished()
    session._sheet()
    session._final(True)
    screen = [_plain(line.strip()) for line in console.file.getvalue().splitlines()]  # type: ignore[attr-defined]
    for line in AT_THE_END[lang]:
        assert line in screen, screen
    sheet = {"fr": "Par camp : Joueur 1 (vous) et Joueur 3 −4, Joueur 2 et Joueur 4 +4",
             "en": "Per team: Player 1 (you) and Player 3 −4, Player 2 and Player 4 +4"}[lang]
    assert sheet in screen
    assert not any(line.startswith(("1er Joueur 2 :", "1st Player 2:")) for line in screen)  # no ranking per seat


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_winning_side_is_named_and_the_sides_ranked_web(lang: str) -> None:
    frame = views.frame(_finished(), 0, lang, {})
    assert [_plain(x) for x in frame["facts"]][-3:] == AT_THE_END[lang]


def test_a_game_without_partners_shows_no_side() -> None:
    g = atout.new_game("prime", players=4, deal=DEAL, dealer=3, seed=2)
    g.apply("bet 2")
    facts = views.frame(g, 1, "en", {})["facts"]
    assert facts == ["Player 1's bet: 2 chips to accept; in the pot: 2 chips."]


@pytest.mark.parametrize(("lang", "word"), [("fr", "Coup"), ("en", "Deal")])
def test_the_web_sheet_calls_a_prime_deal_a_coup(lang: str, word: str) -> None:
    """La Prime's deals are coups on the web score sheet too, as on the terminal's (issue 17: "Donne 1" vs
    "Fin du coup"); in English a deal throughout (a newcomer read "End of coup 1" as French left untranslated);
    a Tarot deal stays a "Donne"/"Deal"."""
    assert views.frame(_game(), 1, lang, {})["deal_word"] == word
    tarot = atout.new_game("tarot", players=4, seed=1)
    assert views.frame(tarot, 0, lang, {})["deal_word"] == {"fr": "Donne", "en": "Deal"}[lang]


@pytest.mark.parametrize(("totals", "fr", "en"), [
    ([-2, 6, -2, -2], "Fin de la partie : Joueur 2 (vous) gagne 6 jetons.", "Match over: Player 2 (you) wins 6 chips."),
    ([3, 3, -3, -3], "Fin de la partie : Joueur 1 et Joueur 2 (vous) gagnent 3 jetons chacun.",
     "Match over: Player 1 and Player 2 (you) win 3 chips each."),
    ([0, 0, 0, 0], "Fin de la partie : personne ne gagne de jeton.", "Match over: nobody wins a chip."),
])
def test_the_end_of_a_prime_match_names_who_won_the_chips(totals: list[int], fr: str, en: str) -> None:
    """It said only "Fin de la partie." where Tarot names its winner (a newcomer's report); the totals are each
    seat's chips won or lost (zero-sum, seed 004)."""
    from atout.core.events import Event
    from atout.present import Table, say

    event = Event("match_over", data={"totals": totals})
    assert _plain(say(event, "fr", Table("prime", 4, me=1)) or "") == fr
    assert _plain(say(event, "en", Table("prime", 4, me=1)) or "") == en


def test_the_prime_terminal_help_speaks_of_no_trick() -> None:
    """La Prime has no tricks: its help names no "dernier pli" and no trick's leader (the common help did)."""
    from atout.present import phrases

    for lang in ("fr", "en"):
        text = phrases("prime").section("play_labels", lang)["help"]
        assert not any(w in text for w in ("pli", "trick", "dernier", "last")), text
        assert ("indice" if lang == "fr" else "hint") in text


def test_sides_level_share_their_place_ex_aequo() -> None:
    """Two sides level at the end of a ``societe`` match (seed 004: "personne ne gagne ni perd" on a tie) were
    both listed "1er", read as a mistake: a shared place says so, "1er ex aequo" / "1st (tied)"."""
    from atout.present import Table
    from atout.present.games.prime import match_result

    for lang, tied in (("fr", "1er ex aequo"), ("en", "1st (tied)")):
        lines = match_result([3, -1, -3, 1], [0, 1, 0, 1], lang, Table("prime", 4))
        assert lines is not None
        ranked = [_plain(x) for x in lines[1:]]
        assert len(ranked) == 2 and all(x.startswith(tied) for x in ranked), ranked
        lines = match_result([3, -1, 3, 1], [0, 1, 0, 1], lang, Table("prime", 4))
        assert lines is not None and not any("ex aequo" in x or "tied" in x for x in lines)
