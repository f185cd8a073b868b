"""Mistigri rules, one test per rule, each citing seed 003 (Boussac 1896) and the spec (mistigri.md).

Seats count to the right: with dealer ``d`` the player on his right, ``d + 1``, is served and speaks
first (D2). Expected values are worked by hand from the texts.
"""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

import atout
from atout.core.cardset import codes, mask
from atout.games.mistigri import MistigriRules, is_lanturlu
from atout.games.mistigri.chips import privileged_card, share_pool
from atout.games.mistigri.dealing import parse_deal, shuffled_deal
from atout.games.mistigri.rules import MISTIGRI, legal_cards, trick_winner, trump_mask
from conftest import codes_in

S, H, D, C = 0, 1, 2, 3
A_, B_, C_, D_ = 0, 1, 2, 3


def ids(text: str) -> list[int]:
    return [atout.Card.parse(c).id for c in text.split()]


def m(text: str) -> int:
    return mask(ids(text))


def legal(hand: str, trick: str, trump: int) -> set[str]:
    return set(codes(legal_cards(m(hand), ids(trick), trump)[0]))


def deal(a: str, b: str, c: str, d: str, fille: str, retourne: str, talon: str = "") -> dict[str, object]:
    out: dict[str, object] = {"hands": [h.split() for h in (a, b, c, d)], "fille": fille.split(), "retourne": retourne}
    if talon:
        out["talon"] = talon.split()
    return out


# A plain deal, trumps hearts (retourne 8H), nobody with a Lanturlu; dealer A (seat 0).
PLAIN = deal("AS 9S 8S 7S 7C", "JC KS 7D 8D 9D", "KD QD 10D 9C 8C", "KC AC QS JS 10S",
             "7H 9H 10H JD AD", "8H", "JH QH KH AH 10C QC")


def new(d: dict[str, object] = PLAIN, deals: int = 1, **kw: object) -> atout.GameState:
    return atout.new_game("mistigri", players=4, seed=1, dealer=0, deal=d, deals=deals, **kw)


def after_noce(second: dict[str, object] | None = None, **kw: object) -> atout.GameState:
    """A match whose first coup (the MIS-1 deal) leaves A bête, so that the second is not a coup de noce."""
    first = deal("AS 9S 8S 7S 7C", "JC KS 7D 8D 9D", "KD QD 10D 9C 8C", "KC AC QS JS 10S",
                 "7H 9H 10H JD AD", "8H", "JH QH KH AH 10C QC")
    g = atout.new_game("mistigri", players=4, seed=1, dealer=0, deal=[first, *([second] if second else [])],
                       deals=3, **kw)
    for _ in range(4):
        g.apply("play_hand")
    for t in ["JC 8C AC 8S", "KS 10D 10S 7S", "7D KD JS 9S", "QD QS AS 8D", "9C KC 7C 9D"]:
        for card in t.split():
            g.apply(f"play {card}")
    assert g.dealer == 1 and g.pool == 12
    return g


# --- the pack and the order of the cards (§2) ----------------------------------------------------
def test_card_order_mistigri_then_k_q_j_a_10_9_8_7() -> None:
    """Seed 003: "Le valet de trèfle, ou Mistigri [...] Le roi, La dame, Le valet, L'as, Le dix, Le neuf,
    Le huit, Le sept"; spec §2."""
    order = "JC KH QH JH AH 10H 9H 8H 7H".split()
    for hi, lo in pairwise(order):
        assert trick_winner(ids(f"{lo} {hi}"), trump=H) == 1, (hi, lo)
    plain = "KS QS JS AS 10S 9S 8S 7S".split()
    for hi, lo in pairwise(plain):
        assert trick_winner(ids(f"{lo} {hi}"), trump=H) == 1, (hi, lo)


def test_nine_trumps_eight_at_clubs() -> None:
    """Seed 003: "Il y a donc neuf atouts dans la couleur dont il retourne, excepté néanmoins à trèfle, où il
    n'y en a que huit"; the 32-card pack (§2)."""
    pack = atout.core.packs.PIQUET32.mask
    assert [(trump_mask(s) & pack).bit_count() for s in (S, H, D, C)] == [9, 9, 9, 8]


def test_the_mistigri_is_no_club() -> None:
    """Seed 003: "le valet de trèfle n'étant d'aucune couleur"; spec §7 rule 1: clubs led, a hand with only
    the Mistigri and hearts (trumps) is void in clubs and must trump; the Mistigri beats the King of clubs."""
    assert legal("JC 7D", "KC", trump=H) == {"JC"}
    assert trick_winner(ids("KC JC"), trump=H) == 1
    assert trick_winner(ids("JC KC"), trump=S) == 0  # a led Mistigri is a trump lead


def test_follow_and_beat_the_suit_led() -> None:
    """D10 (Rams rules; Boussac gives none): follow suit and beat the best card of it if one can."""
    assert legal("7S KS 7H", "QS", trump=H) == {"KS"}
    assert legal("7S 8S 7H", "QS", trump=H) == {"7S", "8S"}


def test_follow_without_beating_once_trumped() -> None:
    """D10: once the trick is trumped, the suit is followed without having to beat it."""
    assert legal("7S KS 9H", "QS 8H", trump=H) == {"7S", "KS"}


def test_void_must_trump_and_overtrump_or_undertrump() -> None:
    """D10: void in the suit led, trump; overtrump the best trump if one can, else a lower trump."""
    assert legal("KH 7H 7D", "QS", trump=H) == {"KH", "7H"}
    assert legal("KH 7H 7D", "QS 10H", trump=H) == {"KH"}
    assert legal("9H 7H 7D", "QS 10H", trump=H) == {"9H", "7H"}
    assert legal("7D 8C", "QS", trump=H) == {"7D", "8C"}


def test_trumps_led_must_play_a_higher_trump() -> None:
    """D10: trumps led, play a trump, a higher one if one can; the Mistigri tops everything."""
    assert legal("KH 7H 7D", "10H", trump=H) == {"KH"}
    assert legal("8H 7H 7D", "JC", trump=H) == {"8H", "7H"}
    assert legal("7D 7S", "JC", trump=H) == {"7D", "7S"}


# --- Lanturlu (§6) ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "yes"),
    [("7D 9D JD KD AD", True), ("7H 9H QH KH JC", True), ("7C 9C QC KC AC", True), ("7C 9C QC KC JC", True),
     ("7H 9H QH KH 7S", False), ("7H 9H QH JC 7S", False)],
)
def test_lanturlu(hand: str, yes: bool) -> None:
    """Seed 003: "Cinq carreaux ou cinq piques ou cinq cœurs ou cinq trèfles forment un Lanturlu [...] quatre
    [...] avec le valet de trèfle, a également Lanlurlu"; spec §6."""
    assert is_lanturlu(m(hand)) is yes


# --- dealing (§4) -------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "talon"), [(3, 11), (4, 6), (5, 1)])
def test_deal_two_then_three_fille_before_the_dealer(players: int, talon: int) -> None:
    """Seed 003: "deux par deux [...] trois par trois", "le joueur placé à la droite du donneur est servi le
    premier", "le mort est servi l'avant-dernier"; D3: the retourne is the first card after the deal."""
    pack = list(range(0, 8)) + list(range(14, 22)) + list(range(28, 36)) + list(range(42, 50))  # any 32 ids
    dealer = 1
    d = shuffled_deal(pack, players, dealer)
    n = players + 1  # hands and the fille
    first = (dealer + 1) % players
    assert ids_of(d.hands[first]) == sorted(pack[0:2] + pack[2 * n : 2 * n + 3])
    assert ids_of(d.fille) == sorted(pack[2 * (n - 2) : 2 * (n - 1)] + pack[2 * n + 3 * (n - 2) : 2 * n + 3 * (n - 1)])
    assert ids_of(d.hands[dealer]) == sorted(pack[2 * (n - 1) : 2 * n] + pack[5 * n - 3 : 5 * n])
    assert d.retourne == pack[5 * n] and len(d.talon) == talon
    assert MistigriRules(players=players).talon_size == talon


def ids_of(hand: int) -> list[int]:
    return [i for i in range(64) if hand >> i & 1]


def test_bad_deals_are_refused() -> None:
    """An explicit deal must be the 32-card pack, five cards each and five for the fille (seed 003)."""
    with pytest.raises(atout.RecordError, match="twice"):
        parse_deal(deal("AS 9S 8S 7S 7C", "AS KS 7D 8D 9D", "KD QD 10D 9C 8C", "KC AC QS JS 10S", "7H 9H 10H JD AD", "8H"), 4)
    with pytest.raises(atout.RecordError, match="piquet"):
        parse_deal(deal("2S 9S 8S 7S 7C", "JC KS 7D 8D 9D", "KD QD 10D 9C 8C", "KC AC QS JS 10S", "7H 9H 10H JD AD", "8H"), 4)
    with pytest.raises(atout.RecordError, match="five"):
        parse_deal(deal("9S 8S 7S 7C", "JC KS 7D 8D 9D", "KD QD 10D 9C 8C", "KC AC QS JS 10S", "7H 9H 10H JD AD", "8H"), 4)


def test_turned_mistigri_the_dealer_names_trumps() -> None:
    """Seed 003: "Quand le donneur tourne le Mistigri, il choisit la couleur de l'atout, après avoir vu son
    jeu"; spec §4 NAME_TRUMP."""
    d = deal("AS 9S 8S 7S 7C", "8H KS 7D 8D 9D", "KD QD 10D 9C 8C", "KC AC QS JS 10S", "7H 9H 10H JD AD", "JC")
    g = new(d)
    assert g.phase == "trump" and g.current_player == 0
    assert [str(a) for a in g.legal_actions()] == ["name_trump spades", "name_trump hearts", "name_trump diamonds",
                                                   "name_trump clubs"]
    g.apply("name_trump ♦")
    assert g.observation(1).public["trump"] == "diamonds" and g.current_player == 1


# --- the speaking round (§5) --------------------------------------------------------------------
def test_first_coup_is_a_coup_de_noce_no_pass() -> None:
    """Seed 003: "A cette première donne, comme il n'y a point de bête [...] tout le monde est obligé de
    jouer"; spec §3."""
    g = new()
    assert "pass" not in {str(a) for a in g.legal_actions()}
    before = json.dumps(g.to_record())
    with pytest.raises(atout.IllegalAction, match="coup de noce") as err:
        g.apply("pass")
    assert err.value.code == "noce_no_pass" and "seed 003" in str(err.value.params["cite"])
    assert json.dumps(g.to_record()) == before


def test_with_betes_passing_is_allowed() -> None:
    """Seed 003: "A ce second tour, s'il y a des bêtes, personne n'est forcé d'y aller"."""
    g = after_noce()
    assert "pass" in {str(a) for a in g.legal_actions()}


def test_fille_once_and_the_dealer_loses_the_retourne() -> None:
    """Seed 003: the fille "si cela n'a pas été fait par le premier joueur"; the dealer "s'il prend la fille,
    ce droit ne lui appartient plus"; spec §5, D5, D6."""
    g = new()
    g.apply("take_fille")  # B
    assert "take_fille" not in {str(a) for a in g.legal_actions()}
    with pytest.raises(atout.IllegalAction, match="already taken the fille") as err:
        g.apply("take_fille")
    assert err.value.code == "fille_unavailable"
    g2 = new()
    for _ in range(3):
        g2.apply("play_hand")
    assert g2.current_player == 0 and "take_fille" in {str(a) for a in g2.legal_actions()}
    assert any(a.kind == "exchange_retourne" for a in g2.legal_actions())
    g2.apply("exchange_retourne 7C")
    assert "8H" in {c.code for c in g2.observation(0).hand}
    assert "take_fille" not in {str(a) for a in g2.legal_actions()}
    with pytest.raises(atout.IllegalAction, match="retourne"):
        g2.apply("take_fille")


def test_only_the_dealer_takes_the_retourne() -> None:
    """Seed 003: "le donneur [...] a le droit de changer la retourne contre une de ses cartes"."""
    g = new()
    with pytest.raises(atout.IllegalAction, match="only the dealer") as err:
        g.apply("exchange_retourne KS")
    assert err.value.code == "dealer_only"


def test_draw_up_to_five_never_the_bottom_card() -> None:
    """Seed 003: "il demande des cartes (soit une, soit plus, jusqu'à cinq s'il en reste)"; D4: the bottom card
    of the talon is never drawn (4 players: 5 of 6)."""
    g = new()
    draws = [a for a in g.legal_actions() if a.kind == "draw"]
    assert len(draws) == 31 and max(len(a.args) for a in draws) == 5  # every 1..5-card discard of 5 cards
    g.apply("draw JC KS 7D 8D 9D")  # B gets the top five: JH QH KH AH 10C
    assert sorted(c.code for c in g.observation(1).hand) == sorted("JH QH KH AH 10C".split())
    assert g.observation(2).public["talon_size"] == 1
    assert not [a for a in g.legal_actions() if a.kind == "draw"]  # only the bottom card is left
    with pytest.raises(atout.IllegalAction, match="no card may be drawn") as err:
        g.apply("draw KD")
    assert err.value.code == "talon_empty"


def test_five_players_no_drawing() -> None:
    """Seed 003: "Quand on est cinq joueurs [...] il ne reste donc qu'une carte au talon [...] on ne donne pas
    de cartes, on ne peut que prendre la fille"."""
    g = atout.new_game("mistigri", players=5, seed=4)
    assert not [a for a in g.legal_actions() if a.kind == "draw"]


def test_everybody_passes_the_dealer_takes_the_pool() -> None:
    """Seed 003: "Si tout le monde passe, le donneur étant seul ramasse tout ce qui est sur le jeu"."""
    g = after_noce()
    for _ in range(3):
        g.apply("pass")
    assert g.log[1].result == [0, 6, 0, 0]  # B staked 6, took 12
    assert g.dealer == 2 and g.pool == 6


def test_a_lone_player_takes_the_pool_d18() -> None:
    """D18: one engaged player, not the dealer, takes the pool without play; nobody is bête."""
    g = after_noce()
    g.apply("play_hand")  # C
    g.apply("pass")  # D
    g.apply("pass")  # A
    g.apply("pass")  # B, the dealer
    assert g.log[1].result == [0, -6, 12, 0]


def test_left_of_dealer_must_play_convention() -> None:
    """Seed 003 (§10): "le joueur qui est l'avant-dernier à parler [...] est obligé de prendre la fille ou de
    jouer avec son jeu, lorsque tout le monde est passé" (option, default off)."""
    g = after_noce(left_of_dealer_must_play=True)
    g.apply("pass")  # C
    g.apply("pass")  # D
    assert g.current_player == 0  # A, on the dealer B's left
    assert {str(a) for a in g.legal_actions()} <= {"play_hand", "take_fille", "reveal_lanturlu"}
    with pytest.raises(atout.IllegalAction) as err:
        g.apply("pass")
    assert err.value.code == "left_must_play"
    default = after_noce()
    default.apply("pass")
    default.apply("pass")
    assert "pass" in {str(a) for a in default.legal_actions()}


def test_cascaret_trump_second_convention() -> None:
    """Seed 003 (§10): "le premier joueur qui aura fait une levée devra battre atout" (option)."""
    g = new(cascaret_trump_second=True)
    d = deal("AS 9S 8S 7S 7C", "KS JC 7D 8D 9H", "KD QD 10D 9C 8C", "KC AC QS JS 10S",
             "7H 8H 10H JD AD", "9D", "JH QH KH AH 10C QC")
    g = new(d, cascaret_trump_second=True)  # trumps diamonds: B holds JC 7D 8D
    for _ in range(4):
        g.apply("play_hand")
    for card in "KS 10D QS 7S".split():  # C trumps with 10D (void in spades) and wins
        g.apply(f"play {card}")
    assert g.current_player == 2
    assert {str(a) for a in g.legal_actions()} == {"play KD", "play QD"}
    with pytest.raises(atout.IllegalAction) as err:
        g.apply("play 9C")
    assert err.value.code == "must_lead_trump"
    plain = new(d)
    for _ in range(4):
        plain.apply("play_hand")
    for card in "KS 10D QS 7S".split():
        plain.apply(f"play {card}")
    assert "play 9C" in {str(a) for a in plain.legal_actions()}


# --- paying out (§8) ----------------------------------------------------------------------------
def test_privileged_card_falls_to_the_next_trump() -> None:
    """Seed 003: "à défaut du roi, c'est la dame, ensuite le valet, l'as, etc."; D11."""
    assert privileged_card(ids("QH 7S 10H"), trump=H) == atout.Card.parse("QH").id
    assert privileged_card(ids("QH JC KH"), trump=H) == MISTIGRI
    assert privileged_card(ids("QS 7S"), trump=H) is None


def test_no_trump_in_play_the_double_share_is_carried() -> None:
    """D12: no engaged player holds a trump: five shares are paid, the sixth is carried."""
    p = share_pool(12, [ids("7S 8S"), ids("KS QS"), ids("7D 8D"), ids("KD QD"), ids("7C 8C")], trump=H)
    assert p.shares == (2, 2, 2, 2, 2) and p.carry == 2 and p.privileged is None


def test_a_bete_dealer_pays_the_pool() -> None:
    """Seed 003: "Le donneur en met également six pour faire il en mettrait six autres s'il était bête"; D13."""
    g = after_noce()
    assert g.log[0].result[0] == -12  # A dealt (6) and was bête (6 more)


# --- the end of the match (§11, D14, D16) --------------------------------------------------------
def test_pending_pool_is_liquidated_then_refunded() -> None:
    """D16: after the last coup, coups without a stake are played until the pool is empty; 'refund' gives the
    pending bêtes back to those who paid them."""
    g = new()  # one coup: the MIS-1 deal leaves A bête for 6
    for _ in range(4):
        g.apply("play_hand")
    for t in ["JC 8C AC 8S", "KS 10D 10S 7S", "7D KD JS 9S", "QD QS AS 8D", "9C KC 7C 9D"]:
        for card in t.split():
            g.apply(f"play {card}")
    assert not g.is_terminal() and g.dealer == 1 and g.pool == 6  # no stake, only A's bête
    r = new(end_pot="refund")
    for _ in range(4):
        r.apply("play_hand")
    for t in ["JC 8C AC 8S", "KS 10D 10S 7S", "7D KD JS 9S", "QD QS AS 8D", "9C KC 7C 9D"]:
        for card in t.split():
            r.apply(f"play {card}")
    assert r.is_terminal() and r.returns() == [-6, 3, 2, 1]  # A's bête of 6 back to him


def test_match_of_complete_tours() -> None:
    """Seed 003: "La partie se compose de tours ; chaque tour commencé doit être terminé"; D15: deals=None
    plays ``tours`` complete tours, each seat dealing (and staking) as often as the others."""
    g = atout.new_game("mistigri", players=4, seed=9, deals=None, tours=2)
    rng = random.Random(9)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    staked = [e.seat for e in g.events() if e.kind == "coup_started" and e.data["stake"]]
    assert sorted(staked) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert sum(g.returns()) == 0


@pytest.mark.parametrize("bad", [{"players": 6}, {"dealer_stake": 0}, {"end_pot": "keep"}, {"tours": 0}])
def test_bad_options(bad: dict[str, object]) -> None:
    """D1 (3 to 5 players), D16 (liquidate or refund): bad rule options are refused by name."""
    with pytest.raises(ValueError):
        atout.new_game("mistigri", seed=1, **bad)


# --- properties ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_chips_are_conserved_after_every_action(players: int) -> None:
    """Spec §3, §8: chips are never created or lost (stacks + pool + pending bêtes + carry), returns are
    zero-sum integers, only legal actions are offered, every match ends; thousands of seeded coups."""
    total = players * 30
    coups = 0
    for seed in range(200 if players != 3 else 40):
        g = atout.new_game("mistigri", players=players, seed=seed, deals=10)
        rng = random.Random(seed)
        steps = 0
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            assert g.chips_in_play() == total
            steps += 1
            assert steps < 10_000
        r = g.returns()
        assert sum(r) == 0 and all(isinstance(x, int) for x in r)
        assert [sum(c) for c in zip(*g.sheet(), strict=True)] == r
        coups += len(g.log)
    assert coups >= (2000 if players != 3 else 400)


def test_observations_and_events_hide_hands_fille_talon_discards() -> None:
    """Spec §4-§5, D17: no observation or visible event shows another hand, the fille, the talon or a
    discard; the cards drawn go to the drawer only, their count to everybody."""
    for seed in range(40):
        g = atout.new_game("mistigri", players=4, seed=seed, deals=3)
        rng = random.Random(seed)
        while not g.is_terminal():
            for seat in range(4):
                known = set(codes(g.known_cards(seat)))
                leaked = codes_in(json.dumps(g.observation(seat).to_json())) - known
                assert not leaked, (seed, seat, leaked)
            g.apply(rng.choice(g.legal_actions()))
        for seat in range(4):
            for e in g.events(seat):
                if e.to is None and e.kind in ("coup_started", "hand_played", "passed", "fille_taken", "cards_drawn"):
                    assert not codes_in(json.dumps(e.to_json())), e
        assert all(e.to is None or e.kind in ("hand_dealt", "fille_received", "cards_received", "discarded")
                   for e in g.events(0))


def test_illegal_play_names_the_rule_and_changes_nothing() -> None:
    """D10: a card that breaks the obligations is refused with the rule, its code and the citation."""
    g = new()
    for _ in range(4):
        g.apply("play_hand")
    g.apply("play KS")  # B leads spades; C has none and no trump, D must follow and beat if he can
    g.apply("play 10D")
    before = json.dumps(g.to_record())
    with pytest.raises(atout.IllegalAction, match="must follow") as err:
        g.apply("play KC")
    assert err.value.code == "must_follow" and "D10" in str(err.value.params["cite"])
    with pytest.raises(atout.IllegalAction, match="not in your hand"):
        g.apply("play 7H")
    assert json.dumps(g.to_record()) == before


# --- the presentation layer ---------------------------------------------------------------------
def test_every_event_and_refusal_is_said_in_both_languages() -> None:
    """Every event kind the game emits has a French and an English sentence; every refusal code a phrase."""
    from atout.present import Table, breakdown, phrases, say, say_error

    kinds: set[str] = set()
    for players in (3, 4, 5):
        for seed in range(12):
            g = atout.new_game("mistigri", players=players, seed=seed, deals=5, end_pot="refund" if seed % 2 else "liquidate")
            rng = random.Random(seed)
            while not g.is_terminal():
                g.apply(rng.choice(g.legal_actions()))
            for e in g.events():
                kinds.add(e.kind)
                for lang in ("fr", "en"):
                    for me in (None, e.seat):
                        say(e, lang, Table("mistigri", players, me=me))
                    if e.kind == "deal_scored":
                        assert len(breakdown(e, lang, Table("mistigri", players))) >= 3
    assert {"coup_started", "hand_played", "card_played", "trick_won", "deal_scored", "bete", "passed", "match_over"} <= kinds
    book = phrases("mistigri")
    codes_raised = {"noce_no_pass", "left_must_play", "fille_unavailable", "must_play", "dealer_only", "retourne_taken",
                    "talon_empty", "draw_count", "not_lanturlu", "unexpected_action", "bad_card", "bad_cards", "bad_suit",
                    "must_follow", "must_beat", "must_overtrump", "must_trump", "must_lead_trump", "not_in_hand"}
    for lang in ("fr", "en"):
        assert codes_raised <= set(book.errors[lang])
    g = new()
    with pytest.raises(atout.IllegalAction) as err:
        g.apply("pass")
    assert say_error(err.value, "fr", "mistigri").startswith("Coup de noce (pas de bête au jeu)")


def test_breakdown_lets_a_player_check_mis2() -> None:
    """The breakdown of MIS-2 shows the trick value, the Mistigri's double trick and who took what."""
    from pathlib import Path

    from atout.present import Table, breakdown

    state = atout.replay(atout.loads((Path(__file__).parent / "records" / "mistigri" / "mis1_mis2.json").read_text()))
    scored = [e for e in state.events() if e.kind == "deal_scored"]
    text = "\n".join(breakdown(scored[1], "en", Table("mistigri", 4)))
    # "3 tricks", no longer "3 trick(s)": the catalog's plural forms (issue 17, point 7)
    assert "12 ÷ 6 = 2" in text and "counts double: 4" in text and "Player 1 takes 8 (3 tricks)" in text
    first = "\n".join(breakdown(scored[0], "fr", Table("mistigri", 4)))
    assert "Joueur 1 est bête et met 6 au coup suivant" in first
    # each seat's chips after its name and a colon: a bare "Joueur 1 24" was read as one name
    import re

    assert re.fullmatch(r"Chips — Player 1: \d+ · Player 2: \d+ · Player 3: \d+ · Player 4: \d+", text.splitlines()[-1])
    assert re.fullmatch(r"Jetons — Joueur 1\u00a0: \d+ · Joueur 2\u00a0: \d+ · Joueur 3\u00a0: \d+ · Joueur 4\u00a0: \d+",
                        first.splitlines()[-1])


# --- Lanturlu after the round (§5, §6, D7, D8, D18) ----------------------------------------------
# Second coup (B deals, pool 12, passing allowed): C holds four spades and the Mistigri, A five hearts.
TWO_LANTURLUS = deal("7H 8H 9H 10H JH", "KD QD JD 8S AC", "7S 9S 10S QS JC", "AS KS JS 9D 8D",
                     "QH KH AH 8C 9C", "7D", "10D AD 7C 10C QC KC")


def test_a_passed_lanturlu_beats_the_dealer_alone() -> None:
    """Spec §5 (seed 003 "quand bien même le joueur qui aurait Lanturlu aurait passé"): everybody passes, but
    a passed holder shows before the dealer collects; he takes the pool and nobody is bête."""
    g = after_noce(TWO_LANTURLUS)
    for _ in range(3):
        g.apply("pass")  # C, D, A
    assert g.phase == "reveal" and g.current_player == C_  # D8: in speaking order
    g.apply("reveal_lanturlu")
    assert g.log[1].result == [0, -6, 12, 0]  # B's stake lost, C takes 12, no bête


def test_lanturlu_makes_the_lone_player_bete_d18() -> None:
    """D18 and seed 003 ("il n'en mettrait pas moins à la mouche tous les joueurs qui y seraient allés"):
    D alone in the coup is bête when a passed Lanturlu is shown."""
    g = after_noce(TWO_LANTURLUS)
    g.apply("pass")  # C
    g.apply("play_hand")  # D
    g.apply("pass")  # A
    g.apply("pass")  # B
    g.apply("reveal_lanturlu")  # C
    assert g.log[1].result == [0, -6, 12, -12]
    assert g.pool == 6 + 12 and g.dealer == C_


def test_two_lanturlus_the_first_in_speaking_order_d8() -> None:
    """D8: at the end of the round the holders are asked in speaking order; the first shown wins and the other,
    engaged or not, takes nothing (the engaged ones are bête)."""
    g = after_noce(TWO_LANTURLUS)
    g.apply("pass")  # C
    g.apply("play_hand")  # D
    g.apply("pass")  # A
    g.apply("play_hand")  # B
    assert g.current_player == C_
    g.apply("no_reveal")
    assert g.current_player == A_
    g.apply("reveal_lanturlu")
    assert g.log[1].result == [12, -18, 0, -12]  # A takes 12; D and B bête (B also staked 6)


def test_the_dealer_makes_lanturlu_with_the_retourne() -> None:
    """Seed 003: "Le donneur qui a quatre cartes de la même couleur, si, lorsqu'il en a écarté une, en a cinq
    pareilles, il a également Lanlurlu"; in a coup de noce everybody else is bête (spec §6)."""
    d = deal("7H 8H 9H 10H 7S", "JC KS 7D 8D 9D", "KD QD 10D 9C 8C", "KC AC QS JS 10S",
             "8S 9S AS JD AD", "JH", "QH KH AH 7C 10C QC")
    g = new(d, deals=2)
    for _ in range(3):
        g.apply("play_hand")  # B, C, D
    assert "reveal_lanturlu" not in {str(a) for a in g.legal_actions()}
    g.apply("exchange_retourne 7S")
    assert "reveal_lanturlu" in {str(a) for a in g.legal_actions()}
    g.apply("reveal_lanturlu")
    assert g.log[0].result == [0, -6, -6, -6]  # A staked 6 and took the 6; B, C, D bête
    assert g.pool == 6 + 18


def test_a_lanturlu_drawn_from_the_talon_counts() -> None:
    """Spec §6 (a decision by analogy with the fille, seed 003 "il a tous les droits qu'il aurait eus"): a
    Lanturlu completed from the talon may be shown at the end of the round."""
    g2 = new(deal("7S 9S 10S QS 7C", "JC KS 7D 8D 9D", "KD QD 10D 9C 8C", "KC AC 9H JS 10H",
                  "AH JD AD QC 7H", "JH", "8S 8H 10C QH KH AS"))
    for _ in range(3):
        g2.apply("play_hand")
    g2.apply("draw 7C")  # A receives 8S: five spades
    assert g2.phase == "reveal" and g2.current_player == 0
    g2.apply("reveal_lanturlu")
    assert g2.log[0].result == [0, -6, -6, -6]
