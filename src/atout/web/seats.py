"""The table around the cards, for the browser (issue 18): seats with names and badges, the trick with its
winner, partners and sides.

Everything here is built from what the frame's viewer may already know: the viewer's observation
(``obs``, as :func:`atout.web.views.frame` builds it), the table's public facts (names, bots) and the
public order of a trick's cards. The words come from the web catalog (section ``frame``).

>>> import atout
>>> g = atout.new_game("triomphe", players=4, seed=3)
>>> [s["badges"] for s in seats(g, 0, g.observation(0).to_json(), {}, "fr")][:2]
[['you'], ['dealer']]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.core.cards import Card
from atout.core.errors import NotationError
from atout.core.protocol import GameState, json_number
from atout.present import catalogs

MAX_NAME = 24  # characters of a nickname (messages.Name checks it)


def word(key: str, lang: str, n: float | None = None, **params: Any) -> str:
    """One word of the web catalog's ``frame`` section, filled with ``params``."""
    text = catalogs.text("web", "frame", key, lang, n)
    if n is not None:
        params = {"n": int(n) if float(n).is_integer() else n, **params}
    return text.format(**params) if params else text


def seat_name(meta: dict[str, Any], seat: int, lang: str) -> str:
    """A seat's name: the nickname chosen, a bot's name by its level, else "Joueur N" (seats counted from 1)."""
    seats = meta.get("seats") or []
    info = seats[seat] if 0 <= seat < len(seats) else {}
    if info.get("name"):
        return str(info["name"])
    if info.get("kind") == "bot":
        level = str(meta.get("level") or "medium")
        key = "bot_medium" if level == "normal" else f"bot_{level}"
        try:
            name = word(key, lang)
        except KeyError:  # an uploaded record's seats, or a level added later
            name = word("bot", lang)
        return f"{name} {seat + 1}"  # numbered: two bots of one level are told apart
    return word("player", lang, n=seat + 1)


def _taker(state: GameState, public: dict[str, Any]) -> int | None:
    """The deal's taker once the bidding is over (during it, ``taker`` is only the highest bid so far:
    another seat may still overbid, so no seat is shown as the taker yet)."""
    taker = public.get("taker")
    return taker if isinstance(taker, int) and state.phase != "bidding" else None


def _sides_of(state: GameState, public: dict[str, Any], viewer: int | None = None,
              hand: Sequence[str] = ()) -> list[int] | None:
    """Each seat's side this deal, or None when every seat plays for itself (or the sides are not known yet).

    La Triomphe: its ``sides``; La Prime en société: its ``teams``; Tarot: the taker (and the called partner
    once known: never before) against the defence. The seat holding the called King knows it is the partner
    from its own ``hand``: its view shows its side (a newcomer who held it was told nothing), no other's does.
    """
    n = state.players
    if isinstance(public.get("sides"), list) and len(set(public["sides"])) < n:
        return [int(x) for x in public["sides"]]
    if isinstance(public.get("teams"), list) and len(set(public["teams"])) < n:
        return [int(x) for x in public["teams"]]
    taker = _taker(state, public)
    if state.game_name == "tarot" and taker is not None:
        partner = public.get("partner")
        if n == 5 and partner is None and not public.get("taker_alone"):
            if viewer is None or public.get("called") not in hand:
                return None  # the called King's holder is not known yet: nobody may be shown as a partner
            partner = viewer  # the viewer holds it (the taker holding his own King plays alone: the same)
        return [0 if s == taker or s == partner else 1 for s in range(n)]
    return None


def sides(state: GameState, viewer: int | None, obs: dict[str, Any], meta: dict[str, Any], lang: str,
          totals: Sequence[Any]) -> list[dict[str, Any]] | None:
    """The sides of the deal (partners named, each side's total), or None when each plays for himself.

    At Tarot the sides are the deal's own (the taker and his partner change each deal): a side's total is
    its score in this deal once the deal is scored, None before (the match's totals, added over the seats of
    today's sides, mixed what those seats had won as defenders in other deals)."""
    public = obs.get("public") or {}
    of = _sides_of(state, public, viewer, obs.get("hand") or ())
    if of is None:
        return None
    secret = of != _sides_of(state, public)  # known to the viewer alone (it holds the called King)
    taker = _taker(state, public)
    rows = state.sheet() if state.game_name == "tarot" else []
    row = rows[state.deal_index] if state.deal_index < len(rows) else None
    out = []
    for index in sorted(set(of)):
        members = [s for s, x in enumerate(of) if x == index]
        # the viewer is "vous"/"you" first, never "Joueur 1": "Preneur : vous et Robot moyen 3", "Vous et Alice";
        # the taker is first of his side: "Preneur : Robot moyen 2 et vous" for his partner
        first = taker if state.game_name == "tarot" and taker in members else viewer
        ordered = sorted(members, key=lambda s: (s != first, s != viewer, s))
        names = [word("you_in_side", lang) if s == viewer else seat_name(meta, s, lang) for s in ordered]
        if state.game_name == "tarot":
            name = word("side_taker" if index == 0 else "side_defence", lang, names=word_list(names, lang))
            if secret and viewer in members:
                name += word("side_secret", lang)
            total = sum(json_number(row[s]) for s in members) if row is not None else None
        else:
            listed = word_list(names, lang)
            name = listed[:1].upper() + listed[1:] if viewer in members else word("side", lang, names=listed)
            scores = public.get("scores")
            if state.game_name == "triomphe" and isinstance(scores, list) and index < len(scores):
                total = json_number(scores[index])  # each member's return is the side's score: never added twice
            else:
                total = sum(json_number(totals[s]) for s in members)
        # "deal": the total is this deal's score (Tarot's sides are the deal's own), said so beside the game's totals
        out.append({"seats": members, "name": name, "total": total, "you": viewer in members,
                    "of": "deal" if state.game_name == "tarot" else "match"})
    return out


def winner_side(state: GameState, side_list: list[dict[str, Any]] | None) -> int | None:
    """At the end of the match, the index of the side with the best total (None: a tie, or not over). At Tarot
    only for a one-deal match: over several deals a player wins the match, not the last deal's side."""
    if not side_list or not state.is_terminal() or any(s["total"] is None for s in side_list):
        return None
    if state.game_name == "tarot" and len(state.sheet()) != 1:
        return None
    best = max(s["total"] for s in side_list)
    top = [i for i, s in enumerate(side_list) if s["total"] == best]
    return top[0] if len(top) == 1 else None


def word_list(names: list[str], lang: str) -> str:
    """Names joined as a sentence says them: "A, B et C" / "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {word('and', lang)} {names[-1]}"


def seats(state: GameState, viewer: int | None, obs: dict[str, Any], meta: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """One object per seat (and La Tarot de 1637's Mort at two, seat -1): name, bot, badges, cards, side, chips, turn."""
    public = obs.get("public") or {}
    n = state.players
    of = _sides_of(state, public, viewer, obs.get("hand") or ())
    sizes = public.get("hand_sizes") or []
    kinds = [s.get("kind") for s in meta.get("seats") or []]
    taker = _taker(state, public)
    partner = public.get("partner") if isinstance(public.get("partner"), int) else None
    stacks = public.get("stacks") if state.game_name in ("mistigri", "prime") else None
    engaged = set(public.get("participants") or []) | ({public["bettor"]} if isinstance(public.get("bettor"), int) else set())
    dealer = public.get("dealer", state.dealer)
    out = []
    for s in range(n):
        badges = []
        if s == viewer:
            badges.append("you")
        if s == dealer:
            badges.append("dealer")
        if s == taker:
            badges.append("taker")
        if s == partner and state.game_name == "tarot":
            badges.append("called")
        if viewer is not None and of is not None and s != viewer and of[s] == of[viewer]:
            # Tarot's "partenaire" is the called partner (at five): the viewer's co-defenders are the defence
            badges.append("defence" if state.game_name == "tarot" and of[s] == 1 else "partner")
        level = meta.get("level") if s < len(kinds) and kinds[s] == "bot" else None
        stake = public.get("stake") if state.game_name == "prime" and s in engaged and public.get("stake") else None
        out.append({
            "seat": s, "name": seat_name(meta, s, lang), "bot": level is not None, "level": level,
            "badges": badges, "badge_words": {b: word(f"badge_{b}", lang) for b in badges},
            "cards": int(sizes[s]) if s < len(sizes) else None,
            "side": of[s] if of is not None else None,
            "chips": json_number(stacks[s]) if isinstance(stacks, list) and s < len(stacks) else None,
            "stake": json_number(stake) if stake is not None else None,
            "turn": obs.get("current_player") == s,
        })
    if state.game_name == "tarot1637" and n == 2:
        out.append({"seat": -1, "name": word("mort", lang), "bot": False, "level": None, "badges": ["mort"],
                    "badge_words": {"mort": word("badge_mort", lang)}, "cards": int(public.get("mort_left") or 0),
                    "side": None, "chips": None, "stake": None, "turn": False})
    return out


# --- the trick -----------------------------------------------------------------------------------------------

def _plays(state: GameState) -> dict[str, int]:
    """Card code -> the seat that played it, this deal (the public 'play' moves)."""
    out: dict[str, int] = {}
    for seat, text in state.log[-1].actions:
        verb, _, rest = text.partition(" ")
        if verb == "play" and rest:
            out[rest.split()[0]] = seat
    return out


def _pairs(raw: Any, leader: int | None, state: GameState, plays: dict[str, int]) -> list[dict[str, Any]]:
    """A trick's cards as ``[{"seat", "card"}]``, whatever the game's shape (codes, or [seat, code] pairs)."""
    out = []
    for i, item in enumerate(raw or []):
        if isinstance(item, list | tuple) and len(item) == 2:
            out.append({"seat": int(item[0]), "card": str(item[1])})
        else:
            code = str(item)
            seat = plays.get(code)
            if seat is None and leader is not None:
                seat = (leader + i) % state.players
            out.append({"seat": seat, "card": code})
    return out


def winning_index(state: GameState, codes: list[str]) -> int | None:
    """Index of the card that wins so far, by the game's own trick rule (public cards only), or None."""
    try:
        ids = [Card.parse(c).id for c in codes]
    except NotationError:
        return None
    if not ids:
        return None
    try:
        if state.game_name == "tarot":
            from atout.games.tarot.rules import trick_winner_index
            i = trick_winner_index(ids)
        elif state.game_name == "triomphe":
            from atout.games.triomphe.rules import trick_winner as triomphe_winner
            i = triomphe_winner(ids, state.trump, state.strength)  # type: ignore[attr-defined]
        elif state.game_name == "mistigri":
            from atout.games.mistigri.rules import trick_winner as mistigri_winner
            i = mistigri_winner(ids, state.trump)  # type: ignore[attr-defined]
        elif state.game_name == "tarot1637":
            from atout.games.tarot1637.rules import trick_winner as winner_1637
            i = winner_1637(ids)
        else:
            return None
    except (AttributeError, IndexError, KeyError, ValueError, TypeError):
        return None
    return i if i is not None and 0 <= i < len(ids) else None


def tricks(state: GameState, obs: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The trick on the table now and the last one completed, each ``{"cards", "winner", "complete", "leader"}``."""
    public = obs.get("public") or {}
    if "trick" not in public or not isinstance(public.get("trick"), list):
        return None, None
    plays = _plays(state)
    now_cards = _pairs(public["trick"], public.get("leader"), state, plays)
    win = winning_index(state, [c["card"] for c in now_cards])
    leader = public.get("leader")
    now = {"cards": now_cards, "winner": now_cards[win]["seat"] if win is not None else None,
           "complete": False, "leader": leader if leader is not None else (now_cards[0]["seat"] if now_cards else None)}
    last = None
    done = public.get("tricks") or []
    if done and isinstance(done[-1], dict):
        t = done[-1]
        cards = _pairs(t.get("cards"), t.get("leader"), state, plays)
        last = {"cards": cards, "winner": t.get("winner"), "complete": True, "leader": t.get("leader")}
    return now, last
