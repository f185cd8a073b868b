"""``atout play``: a human at one seat against bots, in the terminal, narrated like a card table.

The table shows only what the human's seat may see (its observation and the events it may see),
said by :mod:`atout.present` in French or English: each card played, the winner of each trick, the
talon, the écart, the poignées, the partner revealed, and at the end of a deal the score written out.
Typing is forgiving (``R♥``, ``10♠``, ``jouer 21``, ``passe``, ``garde sans``, a bare card); at the
prompt ``?`` lists the choices, ``indice``/``hint`` asks the heuristic bot, ``annuler``/``undo`` takes
back a move, ``dernier``/``last`` shows the last trick, ``règles``/``rules`` prints the rules,
``q`` (or Ctrl-C) quits after confirmation. The record of the game is saved on exit.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from atout.bots.base import Bot, make_bot
from atout.cli.play_options import _check_target, _records_dir, _speed
from atout.cli.play_words import WEIGHTY, choice_labels, free_path, game_word, ordered, punct, ranking, variant_title
from atout.cli.said import refusal
from atout.core.actions import Action
from atout.core.errors import IllegalAction, NotationError, clip
from atout.core.events import Event
from atout.core.protocol import GameState, Observation, game_info, json_number, new_game
from atout.core.rng import new_seed
from atout.present import Table, breakdown, number, phrases, poignee, say, say_error, situation
from atout.present.cards import fold
from atout.present.catalogs import Section
from atout.present.hints import why
from atout.present.inputs import InputProblem, interpret
from atout.present.screen import action_label, card_text, cards_line, hand_lines
from atout.present.sheet import fit, score_sheet, sheet_line, sheet_totals, void_rows
from atout.present.sheet import value as sheet_value
from atout.present.situation import ordinal
from atout.present.table_help import GAME_HELP, tarot_help
from atout.records import dumps
from atout.sim import default_bot

LABELS: Section = Section("common", "play_labels")
#: A line of guidance for the Tarot phases a newcomer may not know (seed 001 §3.1, §5, §7).
PHASE_NOTES: Section = Section("common", "play_phase_notes")


#: The match a game plays when --deals is not given, where it is not one deal: Mistigri plays complete tours
#: (seed 003, "on joue un nombre de tours convenu"; mistigri.md D15: ``deals=None`` means its ``tours``).
MATCH_DEFAULTS: dict[str, dict[str, Any]] = {"mistigri": {"deals": None}}

COMMANDS = {
    "help": {"?", "aide", "help"}, "hint": {"indice", "conseil", "hint"}, "undo": {"annuler", "undo", "retour"},
    "last": {"dernier", "dernier pli", "last", "last trick"}, "rules": {"regles", "rules", "regle"},
    "quit": {"q", "quitter", "quit", "exit", "sortir"},
}




class Quit(Exception):
    """The player confirmed that he leaves the table."""


class Session:
    """One game at the terminal: the state, the bots, the narration cursor, the undo stack, the records."""

    def __init__(self, console: Console, args: argparse.Namespace) -> None:
        self.console = console
        self.lang: str = args.lang
        self.lab = LABELS[self.lang]
        self.seed = new_seed() if args.seed is None else args.seed
        self.options: dict[str, Any] = dict(getattr(args, "option", []) or [])
        self.target = args.target
        _check_target(args.game, args.target)
        match: dict[str, Any] = {"deals": args.deals} if args.deals else dict(MATCH_DEFAULTS.get(game_info(args.game).name, {}))
        if args.target:
            match["target"] = args.target
        if game_info(args.game).name == "tarot":  # a deal everybody passed is dealt again, as at the browser's table
            match["redeal_void"] = True
        self.state = new_game(args.game, players=args.players, variant=args.variant, seed=self.seed,
                              **self.options, **match)
        self.game = self.state.game_name
        self.lab = phrases(self.game).section("play_labels", self.lang)  # the game's words first: Prime's 'Coup'
        n = self.state.players
        if not isinstance(args.seat, int) or not 0 <= args.seat < n:
            raise refusal("seat", last=n - 1, seat=clip(args.seat))
        self.me: int = args.seat
        self.bot_name = args.bot or default_bot(self.game)
        self.bots: dict[int, Bot] = {s: make_bot(self.game, self.bot_name, seed=self.seed * 1009 + s + 1)
                                     for s in range(n)}
        self.table = Table(self.game, n, me=self.me, italian=bool(self.options.get("italian", False)))
        self.speed, self.step_mode = _speed(getattr(args, "speed", None))
        self.records = _records_dir(getattr(args, "records", None))
        self.cursor = 0
        self.undo: list[tuple[GameState, int, Event | None, Any]] = []  # state, cursor, last trick, its points
        self.attack_points: Any = None
        self.last_trick: Event | None = None
        self.previous: Event | None = None  # the last bid said (the contract that repeats it is not said again)

    # --- the main loop -------------------------------------------------------------------------------
    def run(self) -> int:
        lab = self.lab
        info = game_info(self.game)
        title = phrases(self.game).section("play", self.lang).get("title", info.title)
        players = phrases("common").say("units", "players", self.lang, self.state.players, n=self.state.players)
        variant = variant_title(self.game, self.state.variant, self.lang)
        self.console.rule(f"[bold]{title}[/] — {variant}{punct('comma', self.lang)}{players}")
        self.console.print(f"{lab['seed']} {self.seed}", justify="center", soft_wrap=True)  # whole: up to 39 digits
        code = 0
        try:
            while True:
                try:
                    if not self._step():
                        break
                except KeyboardInterrupt:  # Ctrl-C while the bots play: the same question as at the prompt
                    self.console.print()
                    self._confirm_quit()
        except Quit:
            self.console.print(lab["bye"])
            code = 1
        self._final(code == 0)
        self._save()
        return code

    def _step(self) -> bool:
        """Say what happened, then one move (a bot's, or the human's turn); False when the match is over."""
        self._narrate()
        if self.state.is_terminal():
            return False
        seat = self.state.current_player
        assert seat is not None
        if seat != self.me:
            self._pace()
            self.state.apply(self.bots[seat].act(self.state.observation(seat)))
            return True
        self._human_turn()
        return True

    def _pace(self) -> None:
        if self.speed > 0:
            time.sleep(self.speed)

    def _wait(self) -> None:
        """'Press Enter' mode: a pause after each trick."""
        if self.step_mode:
            try:
                self.console.input(Text(str(self.lab["enter"]), style="dim"))
            except EOFError:
                self.step_mode = False
            except KeyboardInterrupt:
                self._confirm_quit()

    # --- narration --------------------------------------------------------------------------------
    def _narrate(self) -> None:
        """Say every event the human may see since the last call."""
        events = self.state.events(self.me, self.cursor)
        self.cursor = self.state.event_count
        for e in events:
            self.show_event(e)

    def show_event(self, e: Event) -> None:
        console, lab, lang = self.console, self.lab, self.lang
        if e.kind == "deal_started":
            console.print()
            console.rule(f"[bold]{lab['deal']} {e.data.get('deal', '')}[/]")
        try:
            text = say(e, lang, self.table)
        except KeyError:  # a game whose phrase book misses this event: say nothing rather than stop the table
            text = None
        if e.kind == "bid":
            self.previous = e
        elif e.kind == "contract" and self.previous is not None and self.previous.seat == e.seat:
            text = None  # "Vous annoncez une Garde." said it, the others passed: no "Vous prenez : Garde." (issue 7)
        if e.kind == "trick_won":
            self.last_trick = e
            self.attack_points = e.data.get("attack_points")  # None while the partner at five is unknown
            console.print(Text(text or "", style="bold green"))
            console.print(self._trick_line(e.data.get("seats", []), e.data.get("cards", []), e.data.get("leader")))
            console.rule(style="dim")
            self._wait()
            return
        if e.kind == "deal_scored":
            console.rule(f"[bold]{text}[/]")
            for line in breakdown(e, lang, self.table):
                if line != text:  # La Triomphe's breakdown repeats why the deal ended, said in the rule above
                    self._fit("  " + line)
            self._sheet()
            self.attack_points = None
            return
        if e.kind == "match_over":
            return  # said by _final, with the match's sheet
        if text:
            style = "bold" if e.kind in ("contract", "called", "partner_revealed", "poignee_shown", "talon_shown",
                                         "redeal", "petit_au_bout", "slam", "concession_refused", "vole_undertaken",
                                         "three_first_tricks", "conceded") else ""
            self._fit(text, style)

    def _trick_line(self, seats: list[int], cards: list[str], leader: int | None) -> Text:
        """The trick's cards after their players' names and a colon (``Joueur 4 : 10``: a trump's bare number
        read as part of the name), cut between players at the terminal's width, never inside one."""
        width = self.console.width if not self.console.soft_wrap else 10_000
        colon = punct("colon", self.lang)
        line = Text("   ")
        used = 3
        for seat, code in zip(seats, cards, strict=False):
            mark = "*" if seat == leader else ""
            entry = Text(f"{self.table.seat_name(seat, self.lang)}{mark}{colon}")
            entry.append_text(card_text(code, self.lang, self.game))
            if used > 3 and used + len(entry.plain) > width:
                line.append("\n   ")
                used = 3
            line.append_text(entry)
            line.append("   ")
            used += len(entry.plain) + 3
        if leader is not None and seats:
            legend = str(self.lab["led_mark"])
            if used + len(legend) > width:
                line.append("\n   ")
            line.append(legend, style="dim")
        return line

    def _sheet(self) -> None:
        rows = self.state.sheet()
        totals = sheet_totals(self.state)  # the rows' sums: a coup's stake already in the pool is not a score yet
        names = [self.table.seat_name(s, self.lang) for s in range(self.state.players)]
        head = f"{self.lab['sheet']} ({len(rows)}){punct('colon', self.lang)}".rstrip()
        colon = punct("colon", self.lang).rstrip() + "\u00a0"  # "Joueur 2 : 0": a bare "Joueur 2 0" read as one number
        entries = [f"{name}{colon}{sheet_value(t, self.lang, self.game)}" for name, t in zip(names, totals, strict=True)]
        for i, line in enumerate(sheet_line(head, entries, self.lang, self.console.width)):  # cut between players
            text = Text(line)
            if i == 0:
                text.stylize("bold", 0, len(head))
            self.console.print(text, soft_wrap=True)
        sides = situation.sheet_teams(self.game, totals, self._teams(), self.lang, self.table)
        if sides:  # in société, the partners named with their side's total (issue 17)
            self._fit(sides)

    def _fit(self, text: str, style: str = "") -> None:
        """A line cut at the terminal's width between words, never a name from its score (issue 17)."""
        names = [self.table.seat_name(s, self.lang) for s in range(self.state.players)]
        indent = " " * (len(text) - len(text.lstrip(" ")) + 2)
        for line in fit(text, names, self.console.width, indent):
            self.console.print(Text(line, style=style), soft_wrap=True)

    def _teams(self) -> list[int] | None:
        """The side of each seat when the game is played in partnership and says so (La Prime's ``teams``)."""
        teams = self.state.observation(self.me).public.get("teams")
        return list(teams) if isinstance(teams, list | tuple) else None

    def _totals(self) -> list[Any]:
        return list(self.state.returns())

    def _final(self, complete: bool) -> None:
        if not complete:
            return
        lab = self.lab
        totals = self._totals()
        self.console.print()
        self.console.rule(f"[bold]{lab['match_over']}[/]")
        event = Event("match_over", data={"totals": [json_number(t) for t in totals],
                                          "scores": list(getattr(self.state, "scores", []))})
        by_side = situation.match_result(self.game, totals, self._teams(), self.lang, self.table)
        self.console.print(Text((by_side[0] if by_side else say(event, self.lang, self.table)) or "", style="bold"))
        rows = self.state.sheet()
        names = [self.table.seat_name(s, self.lang) for s in range(self.state.players)]
        void = void_rows(self.state)
        for line in score_sheet(names, rows, totals, self.lang, self.console.width, self.game, void):  # fits (issue 17)
            self.console.print(line, highlight=False)
        if by_side:  # the sides ranked, the winning side first (issue 17)
            for line in by_side[1:]:
                self.console.print("  " + line)
            return
        for place, seat, total in ranking(totals):
            tied = list(totals).count(total) > 1
            self.console.print(f"  {ordinal(place, self.lang, tied)} {self.table.seat_name(seat, self.lang)}"
                               f"{punct('colon', self.lang)}{number(total, self.lang)}")

    # --- the human's turn ----------------------------------------------------------------------------
    def _human_turn(self) -> None:
        state, lab = self.state, self.lab
        legal = state.legal_actions()
        if len(legal) == 1 and legal[0].kind == "done":
            state.apply(legal[0])
            self.console.print(f"[dim]{lab['auto_done']}[/]")
            return
        obs = state.observation(self.me)
        self.render(obs)
        self.undo.append((state.clone(), self.cursor, self.last_trick, self.attack_points))
        while True:
            try:
                text = self.console.input(Text(f"{lab['prompt']} > "))
            except EOFError:
                raise Quit from None
            except KeyboardInterrupt:
                self.console.print()
                self._confirm_quit()
                continue
            if self._command(text, obs):
                if self.state is not state:  # undone: the table shows the earlier position
                    return
                continue
            try:
                if self._poignee(text, obs, legal):
                    return
                action = interpret(text, ordered(legal, state), self.lang, self.game)
                if str(action) in WEIGHTY and not self._confirm_weighty(action):
                    continue
                self._apply_typed(action)
                return
            except InputProblem as exc:
                self.console.print(f"[yellow]{exc}[/]")
            except (IllegalAction, NotationError) as exc:
                text = f"{lab['refused']}{punct('colon', self.lang)}{say_error(exc, self.lang, self.game)}"
                if self.game == "tarot" and str(getattr(exc, "code", "")).startswith("poignee"):
                    held = sum(1 for c in obs.hand if c.is_trump or c.is_excuse)  # the Excuse counts (seed 001 §7)
                    text += phrases("common").say("play_labels", "poignee_held", self.lang, held, n=held)
                self.console.print(Text(text, style="red"))

    def _apply_typed(self, action: Action) -> None:
        """Play the typed move. Several écart cards, fewer than the écart still lacks, are laid one at a time (the
        engine takes one card or every card left, §6): tried on a copy first, so that a refused card changes nothing."""
        try:
            self.state.apply(action)
        except IllegalAction as exc:
            count, need = exc.params.get("count"), exc.params.get("need")
            if not (exc.code == "ecart_count" and len(action.args) > 1
                    and isinstance(count, int) and isinstance(need, int) and count < need):
                raise
            for state in (self.state.clone(), self.state):
                for code in action.args:
                    state.apply(Action(action.kind, (code,)))

    def _poignee(self, text: str, obs: Observation, legal: list[Action]) -> bool:
        """A whole poignée typed in one line (``annoncer poignée 21 20 …``, or alone: the show the hand makes),
        applied as the engine's one-card steps; tried on a copy first, so that a refused step changes nothing.
        False when the line is no poignée or none may be shown now (the usual reading then answers)."""
        if self.game != "tarot" or not any(poignee.is_step(a) for a in legal):
            return False
        try:
            line = poignee.read_line(text, self.lang, self.game)
        except NotationError as exc:
            raise InputProblem(str(exc)) from None
        if line is None:
            return False
        try:
            steps = poignee.plan(line, obs, self.lang)
        except NotationError as exc:
            raise InputProblem(str(exc)) from None
        for state in (self.state.clone(), self.state):  # a copy first: a refused step raises, the table unchanged
            for action in steps:
                showing = state.observation(self.me).public.get("showing") or {}
                if action.kind == "done" and showing.get("seat") != self.me:
                    break  # the engine closed the show itself (no card could follow)
                state.apply(action)
        return True

    def _command(self, text: str, obs: Observation) -> bool:
        """Table commands: help, hint, undo, last trick, rules, quit. True when one was run."""
        key = fold(text)
        lab = self.lab
        if not key:
            return True
        if key in COMMANDS["help"]:
            if self.game == "tarot":  # this table's contracts, King call and announcements (its rules)
                game_help: str | None = tarot_help(self.state.rules, self.lang)
            else:
                game_help = GAME_HELP.get(f"{self.game}/{self.state.variant}", GAME_HELP.get(self.game, {})).get(self.lang)
            if game_help:
                self.console.print(game_help, soft_wrap=not self.console.is_terminal)  # a file or pipe: one line
            italian = self.game == "tarot1637" or self.table.italian  # the pack's own suits: épées, coupes… (issue 17)
            self.console.print(lab["help/italian" if italian else "help"])
            self._choices(obs, full=True)
        elif key in COMMANDS["hint"]:
            bot = make_bot(self.game, default_bot(self.game), seed=self.seed)
            action = bot.act(obs)
            label = (poignee.advice(action, obs, self.lang) if self.game == "tarot" else None) \
                or action_label(action, self.lang, self.game)  # a poignée: the whole show, not one trump
            self.console.print(f"[cyan]{lab['hint']}{punct('colon', self.lang)}{label}"
                               f" — {why(action, obs, self.lang, self.game, self.state.card_strength)}[/]")
        elif key in COMMANDS["undo"]:
            self.undo.pop()  # the position now
            if not self.undo:
                self.undo.append((self.state.clone(), self.cursor, self.last_trick, self.attack_points))
                self.console.print(lab["no_undo"])
                return True
            # the trick count and the last trick go back with the position (issue 7: "Plis" after undo)
            self.state, self.cursor, self.last_trick, self.attack_points = self.undo.pop()
            self.console.print(f"[yellow]{lab['undone']}[/]")
        elif key in COMMANDS["last"]:
            if self.last_trick is None:
                self.console.print(lab["no_last"])
            else:
                d = self.last_trick.data
                self.console.print(f"{lab['last']}{punct('colon', self.lang)}{say(self.last_trick, self.lang, self.table)}")
                self.console.print(self._trick_line(d.get("seats", []), d.get("cards", []), d.get("leader")))
        elif key in COMMANDS["rules"]:
            self.console.print(Markdown(game_info(self.game).rules_text(self.lang)))
        elif key in COMMANDS["quit"]:
            self._confirm_quit()
        else:
            return False
        return True

    def _confirm_weighty(self, action: Action) -> bool:
        """A choice that commits to much (the slam) asked again with what it commits to: True for yes. A newcomer
        typed "annoncer le capot" to see what it was and found it announced."""
        book = phrases(self.game).section("hints", self.lang)
        what = action_label(action, self.lang, self.game)
        question = str(self.lab["confirm_weighty"]).format(what=what, why=book.get(str(action), ""))
        try:
            answer = self.console.input(Text(" ".join(question.split()) + " "))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            answer = ""
        if fold(answer) in self.lab["yes"].split("|"):
            return True
        self.console.print(Text(str(self.lab["not_done"]).format(what=what), style="yellow"))
        return False

    def _confirm_quit(self) -> None:
        try:
            answer = self.console.input(Text(str(self.lab["confirm"])))
        except (EOFError, KeyboardInterrupt):
            self.console.print()  # after the terminal's "^C", "Partie interrompue." on a line of its own
            raise Quit from None
        if fold(answer) in self.lab["yes"].split("|"):
            raise Quit

    # --- the table ---------------------------------------------------------------------------------
    def render(self, obs: Observation) -> None:
        """The steady layout: facts of the deal, the trick in progress, the hand, the choices."""
        console, lab, lang, pub = self.console, self.lab, self.lang, dict(obs.public)
        console.print()
        for line in self._facts(pub):
            if line.spans or line.cell_len <= console.width:
                console.print(line)
            else:  # a plain fact too long for the terminal: cut between players, never before a score
                self._fit(line.plain)
        trick = pub.get("trick") or []
        tricks = pub.get("tricks") or []
        if obs.phase == "play":
            leader = pub.get("leader")
            head = f"{lab['trick']} {len(tricks) + 1} — {lab['lead']}{punct('colon', lang)}"
            console.print(head + self.table.seat_name(leader, lang))
            if trick:
                console.print(self._trick_line([s for s, _ in trick], [c for _, c in trick], leader))
        width = None if console.soft_wrap else console.width  # a file or a pipe: one line
        for line in hand_lines(Text(f"{lab['hand']}{punct('colon', lang)}", style="bold"), [c.code for c in obs.hand],
                               lang, self.game, width, self.state.card_strength):
            console.print(line, soft_wrap=True)
        if obs.phase == "ecart":
            from atout.games.tarot.rules import TALON_SIZE

            example = next((a for a in obs.legal_actions if a.kind == "discard"), None)
            label = action_label(example, lang, self.game) if example else ""
            # One card at a time or the rest at once (issue 11): the cards still to lay aside.
            n = TALON_SIZE[int(obs.rules["players"])] - len(pub.get("my_ecart") or [])
            ecart = phrases("common").say("play_labels", "ecart", lang, n, n=n, example=label)  # "1 carte", "3 cartes"
            console.print(Text(ecart, style="yellow"))
        shown = poignee.progress(obs, lang) if self.game == "tarot" else None
        if shown:
            console.print(Text(shown, style="yellow"))
        notes = PHASE_NOTES[lang]
        variant = obs.rules.get("variant")
        note = notes.get(f"{obs.phase}/{variant}", notes.get(obs.phase)) if self.game == "tarot" else None
        if note:
            console.print(Text(note, style="yellow"))
        console.print(Text(str(lab["turn"]) + punct("exclaim", lang), style="bold reverse"))
        self._choices(obs)

    def _facts(self, pub: dict[str, Any]) -> list[Text]:
        lab, lang, name = self.lab, self.lang, self.table.seat_name
        col, comma = punct("colon", lang), punct("comma", lang)
        out: list[Text] = []
        if pub.get("contract"):
            book_contract = game_word(self.game, pub["contract"], lang)
            line = Text(f"{lab['contract']}{col}{book_contract}{comma}{lab['taker']} {name(pub.get('taker'), lang)}")
            if pub.get("called"):
                line.append(f"{comma}{lab['called']} ")
                line.append_text(card_text(pub["called"], lang, self.game))
                if pub.get("partner") is not None:
                    line.append(f" ({lab['partner']} {name(pub['partner'], lang)})")
                elif pub.get("taker_alone"):
                    line.append(f" ({lab['alone']})")
            out.append(line)
        elif pub.get("bids"):
            bids = comma.join(f"{name(s, lang)} {game_word(self.game, w, lang)}" for s, w in pub["bids"])
            out.append(Text(f"{lab['bids']}{col}{bids}"))
        if pub.get("talon"):  # as the journal said it: "3♠ 4♥ 7♦, atouts 2 13"
            out.append(Text(f"{lab['talon']}{col}").append_text(cards_line(pub["talon"], lang, self.game)))
        for ann in pub.get("announcements") or []:
            if ann.get("cards"):
                line = Text(f"{lab['poignees']}{col}{name(ann['seat'], lang)} {game_word(self.game, ann['kind'], lang)} ")
                for c in ann["cards"]:
                    line.append_text(card_text(c, lang, self.game))
                    line.append(" ")
                out.append(line)
        if pub.get("turnup") or pub.get("trump"):
            line = Text(f"{lab['trump']}{col}{game_word(self.game, pub.get('trump') or '', lang)}")
            if pub.get("turnup"):
                line.append(f" ({lab['turnup']} ")
                line.append_text(card_text(pub["turnup"], lang, self.game))
                line.append(")")
            out.append(line)
        if self.last_trick is not None and pub.get("tricks"):
            d = self.last_trick.data
            if d.get("attack_tricks") is not None:
                text = f"{lab['tricks']}{col}{lab['attack']} {d['attack_tricks']} – {lab['defence']} {d['defence_tricks']}"
                if self.attack_points is not None:
                    text += f"{punct('semicolon', lang)}{lab['attack_points']} {number(self.attack_points, lang)}"
                out.append(Text(text))
            elif "side_tricks" in d:
                out.append(Text(f"{lab['tricks']}{col}" + self._by_side(d["side_tricks"], pub)))
        out += [Text(line) for line in situation.facts(self.game, pub, lang, self.table)]  # La Prime's stake, pot, chips
        if pub.get("scores") and self.game == "triomphe":
            target = phrases(self.game).say("breakdown", "target", lang, target=pub["target"]) if pub.get("target") else ""
            out.append(Text(f"{lab['scores']}{col}" + self._by_side(pub["scores"], pub) + target))
        return out

    def _by_side(self, values: list[Any], pub: dict[str, Any]) -> str:
        """``Joueur 1 (vous) et Joueur 3 : 1 – Joueur 2 et Joueur 4 : 2``: numbers per side, named."""
        from atout.present.games.triomphe import side_name

        sides = pub.get("sides") or list(range(len(values)))
        col = punct("colon", self.lang)
        return " – ".join(f"{side_name(i, sides, self.lang, self.table)}{col}{v}" for i, v in enumerate(values))

    def _choices(self, obs: Observation, full: bool = False) -> None:
        legal = ordered(list(obs.legal_actions), self.state)
        if obs.phase == "ecart" and not full:
            return
        hint = None
        if self.game == "tarot" and any(poignee.is_step(a) for a in legal):  # one label for the whole show
            show, done = poignee.choice_labels(obs, self.lang)
            rest = [a for a in legal if not poignee.is_step(a)]
            summary = [show or ""] + [done if done and a.kind == "done" else action_label(a, self.lang, self.game)
                                      for a in rest]
            summary = [x for x in summary if x]
            hint = poignee.hint(obs, self.lang)
        else:
            summary = choice_labels(legal, self.lang, self.game)
        if len(summary) > 16 and not full:
            if hint:  # the FFT poignée at one's first card, among eighteen cards: still said
                self.console.print(Text(hint, style="dim"))
            return
        line = f"{self.lab['choices']}{punct('colon', self.lang)}{' · '.join(summary)}"
        width = 10**6 if self.console.soft_wrap else self.console.width  # a file or a pipe: one line, as before
        for part in fit(line, summary, width, "  "):  # a narrow terminal breaks between choices, never inside one
            self.console.print(Text(part, style="dim"), soft_wrap=True)
        if hint:
            self.console.print(Text(hint, style="dim"))

    # --- records -----------------------------------------------------------------------------------
    def _save(self) -> None:
        state = self.state
        stem = f"{self.game}-{state.variant}-{state.players}p-seed{self.seed}"
        path = free_path(self.records, stem)
        path.write_text(dumps(state.to_record()), encoding="utf-8")
        self.console.print(Text(f"{self.lab['saved']}{punct('colon', self.lang)}{path}"), soft_wrap=True)
        if path.stem != stem:  # "…-seed5-2": an earlier game of the seed is there, kept
            self.console.print(Text(self.lab["saved_beside"], style="dim"))
        # the command alone on its line, whatever the width (the terminal folds it): a command copied from the
        # screen stays whole, with nothing after it (a newcomer read "(pour la revoir)" as part of it)
        said = self.lab["replay"]
        self.console.print(Text(f"{said[:1].upper()}{said[1:]}{punct('colon', self.lang).rstrip()}", style="dim"))
        self.console.print(Text(f"atout replay {path} --step --lang {self.lang}", style="dim"), soft_wrap=True)


def play(console: Console, args: argparse.Namespace) -> int:
    """Run an interactive game; returns the exit code (0 finished, 1 interrupted)."""
    return Session(console, args).run()


from atout.cli.replay import replay_step  # noqa: E402  (``atout replay --step``, kept importable from here)

__all__ = ["GAME_HELP", "Session", "play", "replay_step"]
