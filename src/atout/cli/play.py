"""``atout play``: a human at one seat against bots, in the terminal.

The table shows only what the human's seat may see: its observation, and the other seats'
actions in their public form (an écart or a card put under the stock stays hidden).
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.text import Text

from atout.bots.base import make_bot
from atout.core.cards import Card
from atout.core.errors import IllegalAction, NotationError
from atout.core.protocol import GameState, Observation, json_number, new_game
from atout.core.rng import new_seed
from atout.sim import default_bot

LABELS = {
    "fr": {
        "seat": "Place",
        "you": "vous",
        "hand": "Votre main",
        "trick": "Pli en cours",
        "turn": "À vous de jouer",
        "legal": "Coups possibles",
        "prompt": "Votre coup (aide: ?, quitter: q)",
        "deal_over": "Fin de la donne",
        "match_over": "Fin de la partie — totaux",
        "sheet": "Feuille de marque",
        "seed": "Graine",
        "illegal": "Coup refusé",
        "bye": "Partie interrompue.",
        "phase": "Phase",
    },
    "en": {
        "seat": "Seat",
        "you": "you",
        "hand": "Your hand",
        "trick": "Trick",
        "turn": "Your turn",
        "legal": "Legal actions",
        "prompt": "Your action (help: ?, quit: q)",
        "deal_over": "End of the deal",
        "match_over": "Match over — totals",
        "sheet": "Score sheet",
        "seed": "Seed",
        "illegal": "Refused",
        "bye": "Game interrupted.",
        "phase": "Phase",
    },
}
# Public facts worth a line on the table, when a game's observation has them.
SHOWN_KEYS = ("dealer", "trump", "turnup", "contract", "taker", "called", "talon", "tricks_won", "scores", "debts")


def card_text(code: str) -> Text:
    """A card code coloured by suit (red hearts and diamonds)."""
    try:
        c = Card.parse(code)
    except NotationError:
        return Text(code)
    suit = c.suit
    style = "red" if suit is not None and suit.letter in "HD" else ("magenta" if c.is_trump or c.is_excuse else "")
    return Text(c.code, style=style)


def render(console: Console, obs: Observation, lang: str) -> None:
    """Print what the seat sees: public facts, the trick in progress, its hand and legal actions."""
    lab = LABELS[lang]
    pub: dict[str, Any] = dict(obs.public)
    facts = [f"{k}={pub[k]}" for k in SHOWN_KEYS if pub.get(k) not in (None, [], {})]
    console.print(f"[bold]{lab['phase']}[/]: {obs.phase}   " + "  ".join(facts))
    trick = pub.get("trick") or []
    if trick:
        line = Text(f"{lab['trick']}: ")
        for seat, code in trick:
            line.append(f"{seat}:")
            line.append_text(card_text(code))
            line.append("  ")
        console.print(line)
    hand = Text(f"{lab['hand']}: ")
    for c in obs.hand:
        hand.append_text(card_text(c.code))
        hand.append(" ")
    console.print(hand)
    if 0 < len(obs.legal_actions) <= 8:  # few choices: show them, so nobody has to ask
        console.print(f"{lab['legal']}: " + ", ".join(str(a) for a in obs.legal_actions))


def play(console: Console, args: argparse.Namespace) -> int:
    """Run an interactive game; returns the exit code."""
    lang = args.lang
    lab = LABELS[lang]
    seed = new_seed() if args.seed is None else args.seed
    options: dict[str, Any] = dict(args.option)
    if args.deals:
        options["deals"] = args.deals
    if args.target:
        options["target"] = args.target
    state = new_game(args.game, players=args.players, variant=args.variant, seed=seed, **options)
    if not 0 <= args.seat < state.players:
        raise ValueError(f"--seat must be 0..{state.players - 1}, not {args.seat}")
    bot_name = args.bot or default_bot(state.game_name)
    bots = {s: make_bot(state.game_name, bot_name, seed=seed * 1009 + s + 1) for s in range(state.players)}
    me = args.seat
    console.print(f"[bold]{state.game_name}[/] ({state.variant}, {state.players}), {lab['seed']} {seed}, {lab['you']}: {me}")
    shown_deals = 0
    while not state.is_terminal():
        shown_deals = _report_deals(console, state, shown_deals, lab)
        seat = state.current_player
        assert seat is not None
        if seat != me:
            action = bots[seat].act(state.observation(seat))
            console.print(f"  {lab['seat']} {seat}: {state.public_action(action)}")
            state.apply(action)
            continue
        obs = state.observation(me)
        console.rule(lab["turn"])
        render(console, obs, lang)
        if not _human_turn(console, state, obs, lab):
            console.print(lab["bye"])
            return 1
    _report_deals(console, state, shown_deals, lab)
    totals = [json_number(x) for x in state.returns()]
    console.rule(lab["match_over"])
    for seat, total in enumerate(totals):
        who = f" ({lab['you']})" if seat == me else ""
        console.print(f"  {lab['seat']} {seat}{who}: {total}")
    return 0


def _human_turn(console: Console, state: GameState, obs: Observation, lab: dict[str, str]) -> bool:
    """Read actions until one is legal; False when the player quits or input ends."""
    while True:
        try:
            text = console.input(f"{lab['prompt']}> ").strip()
        except EOFError:
            return False
        if text.lower() in ("q", "quit", "exit"):
            return False
        if text in ("?", "help", "aide"):
            console.print(f"{lab['legal']}: " + ", ".join(str(a) for a in obs.legal_actions))
            continue
        if not text:
            continue
        try:
            state.apply(text)
            return True
        except IllegalAction as exc:
            hint = ", ".join(str(a) for a in obs.legal_actions[:12])
            more = " …" if len(obs.legal_actions) > 12 else ""
            console.print(f"[red]{lab['illegal']}[/]: {exc}\n{lab['legal']}: {hint}{more}")


def _report_deals(console: Console, state: GameState, shown: int, lab: dict[str, str]) -> int:
    """Print the rows of deals finished since the last report."""
    finished = [d for d in state.log if d.result is not None]
    for d in finished[shown:]:
        row = [json_number(x) for x in d.result or []]
        note = f" ({d.note})" if d.note else ""
        console.print(f"[bold]{lab['deal_over']}[/]{note}: {row}")
    if len(finished) > shown and not state.is_terminal():
        totals = [json_number(x) for x in state.returns()]
        console.print(f"{lab['sheet']}: {totals}")
    return len(finished)
