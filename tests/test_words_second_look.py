"""Issue 17, second look: what a newcomer still found odd after playing both tables (the terminal's words, the
engine-side words, the catalogs). Each test names the point of the report it checks."""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

import atout
from atout.bots.base import make_bot
from atout.cli.play import Session
from atout.core.actions import Action
from atout.core.errors import IllegalAction
from atout.core.events import Event
from atout.core.protocol import game_info
from atout.present import Table, number, say, say_error, signed
from atout.present.hints import why
from atout.present.inputs import interpret
from atout.present.records import say_refusal
from atout.present.screen import action_label, hand_text, short_in
from atout.present.sheet import sheet_line
from atout.present.situation import match_result
from atout.sim import default_bot
from atout.web import views


@pytest.mark.parametrize("game", [info.name for info in atout.list_games()])
def test_english_rules_summaries_read_as_english(game: str) -> None:
    """Point 5: no spec decision numbers (``D8``), no 'after seed 001', no gloss left in French word order."""
    text = game_info(game).rules_text("en")
    assert not re.search(r"\bD\d+\b", text), text
    assert not re.search(r"\bseed \d{3}\b", text), text
    assert "turned card for* one of his" not in text and "(*turned card for*" not in text
    assert "spec's" not in text and "decision" not in text.lower()


def _play(game: str, lang: str, players: int, variant: str | None, seed: int, deals: int | None, width: int,
          tmp_path: Path) -> str:
    """A whole match at the terminal, every seat played by its bot (the human's seat too), as the screen shows it."""
    args = argparse.Namespace(game=game, players=players, variant=variant, seed=seed, lang=lang, option=[],
                              deals=deals, target=None, seat=0, bot=None, speed="0", records=str(tmp_path))
    out = io.StringIO()
    session = Session(Console(file=out, width=width, color_system=None), args)

    def human() -> None:
        obs = session.state.observation(session.me)
        session.render(obs)
        session.state.apply(session.bots[session.me].act(obs))

    session._human_turn = human  # type: ignore[method-assign]
    assert session.run() == 0
    return out.getvalue()


def _sheet_lines(text: str, head: str) -> list[list[str]]:
    """Each per-deal sheet as its lines: the line starting with ``head`` and its indented continuation lines."""
    blocks: list[list[str]] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(head):
            block = [line]
            for nxt in lines[i + 1:]:
                if not nxt.startswith("  ") or nxt.startswith("  " + head):
                    break
                block.append(nxt)
            blocks.append(block)
    return blocks


@pytest.mark.parametrize(("lang", "head", "name"), [("fr", "Feuille de marque", r"Joueur \d(?: \(vous\))?"),
                                                    ("en", "Score sheet", r"Player \d(?: \(you\))?")])
@pytest.mark.parametrize("width", [100, 60])
def test_the_sheet_after_a_deal_keeps_each_name_with_its_score(lang: str, head: str, name: str, width: int,
                                                                tmp_path: Path) -> None:
    """Point 2: five players at the Tarot, the sheet after each deal cut between players only: every player's
    name and score on one line, no line wider than the terminal, no number cut."""
    text = _play("tarot", lang, 5, None, 5, 2, width, tmp_path)
    blocks = _sheet_lines(text, head)
    assert len(blocks) == 2
    for block in blocks:
        assert all(len(line) <= width for line in block), block
        # "Joueur 2 : −43" (a colon since a newcomer read "Joueur 2 0" as one number), kept whole by no-break spaces
        entries = re.findall(rf"({name})\u00a0?:\u00a0([+\u2212]?\d+(?:[,.]\d+)?)(?:,|$)", " ".join(block))
        assert len(entries) == 5, block
        for line in block:
            assert not re.match(r"\s*[+\u2212]?\d", line), block  # no score alone at the start of a line
            assert not re.search(rf"{name}$", line), block  # no name at the end of a line without its score


def test_sheet_line_is_cut_between_entries() -> None:
    entries = [f"Joueur {i} −43" for i in range(1, 6)]
    lines = sheet_line("Feuille de marque (1) :", entries, "fr", 40)
    assert lines == ["Feuille de marque (1) : Joueur 1 −43,", "  Joueur 2 −43, Joueur 3 −43,",
                     "  Joueur 4 −43, Joueur 5 −43"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_scores_take_the_true_minus_sign(lang: str, tmp_path: Path) -> None:
    """Point 10: a displayed loss is written with U+2212, in both languages; records keep the ASCII hyphen."""
    assert number(-12, lang) == "\u221212" and signed(-2.5, lang) == ("\u22122,5" if lang == "fr" else "\u22122.5")
    assert signed(9, lang) == "+9" and signed(0, lang) == "0"
    for game, players, variant in (("tarot", 4, None), ("prime", 4, "societe"), ("mistigri", 4, None)):
        text = _play(game, lang, players, variant, 5, 2, 200, tmp_path)
        shown = [line for line in text.splitlines() if not re.search(r"\.json|atout replay", line)]
        hyphens = [line for line in shown if re.search(r"(?:^|[\s(])-\d", line)]
        assert not hyphens, hyphens[:5]
        assert any("\u2212" in line for line in shown)
    record = json.loads(next(tmp_path.glob("mistigri-*.json")).read_text(encoding="utf-8"))
    assert "\u2212" not in json.dumps(record, ensure_ascii=False)


@pytest.mark.parametrize(("lang", "deal", "other"), [("fr", "Coup", "Donne"), ("en", "Deal", "Coup")])
def test_la_prime_says_coup_throughout(lang: str, deal: str, other: str, tmp_path: Path) -> None:
    """Point 12: one word for a deal of La Prime, the coup (in English the deal: a newcomer read "coup" as French
    left untranslated), in the header, the narration and the sheet; point 14: the sheet after a coup writes a
    gain with its plus sign."""
    text = _play("prime", lang, 4, "societe", 5, 2, 120, tmp_path)
    assert not re.search(rf"\b{other}\b", text), [line for line in text.splitlines() if other in line][:5]
    assert re.search(rf"^\s*{deal} 1\b", text, re.M) and re.search(rf"^\s*{deal} 2\s?:", text, re.M)
    sheets = _sheet_lines(text, "Feuille de marque" if lang == "fr" else "Score sheet")
    assert sheets and all(re.search(r"\+\d", " ".join(b)) for b in sheets), sheets
    assert all(not re.search(r"(?:Joueur|Player) \d(?: \((?:vous|you)\))? \d", " ".join(b)) for b in sheets), sheets


@pytest.mark.parametrize(("lang", "won", "first", "second"), [
    ("fr", "Fin de la partie\u00a0: le camp de Joueur 2 et Joueur 4 gagne avec 1 point, contre 0.",
     "1er — Joueur 2 et Joueur 4\u00a0: 1", "2e — Joueur 1 (vous) et Joueur 3\u00a0: 0"),
    ("en", "End of the match: the side of Player 2 and Player 4 wins with 1 point, against 0.",
     "1st — Player 2 and Player 4: 1", "2nd — Player 1 (you) and Player 3: 0")])
def test_triomphe_end_names_the_winning_side_and_ranks_sides(lang: str, won: str, first: str, second: str,
                                                             tmp_path: Path) -> None:
    """Point 4: La Triomphe at four (seed 7, one deal): Player 2 and Player 4 take three tricks, one point
    (seed 002 §7); the end names their side with its score and ranks the two sides, not the four players."""
    text = _play("triomphe", lang, 4, None, 7, None, 120, tmp_path)
    lines = [line.strip() for line in text.splitlines()]
    assert won in lines and first in lines and second in lines, lines[-12:]
    assert not any(re.match(r"(?:1er|1st|3e|3rd) (?:— )?(?:Joueur|Player) \d\D*: \d$", line) for line in lines)
    state = atout.new_game("triomphe", players=4, seed=7)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    web = views.frame(state, 0, lang, {})
    assert any(x.startswith(won.split(" Joueur 2")[0].split(" Player 2")[0]) for x in web["facts"])


def test_triomphe_each_for_himself_still_ranks_players() -> None:
    state = atout.new_game("triomphe", players=4, variant="chacun_pour_soi", seed=7)
    assert "teams" not in state.observation(0).public
    assert match_result("triomphe", [1, 0, 0, 0], None, "fr", Table("triomphe", 4)) is None


def _tarot_deal(trumps: int, players: int) -> dict[str, list[list[str]] | list[str]]:
    """Seat 0 holds T1…T<trumps> (no Excuse) and the first plain cards (A♠ 2♠ …); the rest dealt in order."""
    plain = [f"{r}{s}" for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")]
    mine = [f"T{n}" for n in range(1, trumps + 1)]
    size = {4: 18, 5: 15}[players]
    rest = [c for c in [*plain, *(f"T{n}" for n in range(1, 22)), "EX"] if c not in mine]
    hand0 = mine + [c for c in rest if c in plain][: size - len(mine)]
    rest = [c for c in rest if c not in hand0]
    hands = [hand0] + [rest[i * size:(i + 1) * size] for i in range(players - 1)]
    return {"hands": hands, "talon": rest[(players - 1) * size:]}


def _poignee_session(trumps: int, players: int, lang: str, tmp_path: Path) -> tuple[Session, io.StringIO]:
    """Seat 0 bids garde sans holding T1…T<trumps> (no Excuse), the others pass: his announcements (seed 001 §7)."""
    deal = _tarot_deal(trumps, players)
    g = atout.new_game("tarot", players=players, variant="seed", deal=deal, dealer=players - 1)
    g.apply("bid garde_sans")
    while g.phase == "bidding":
        g.apply("pass")
    if g.phase == "call":  # at five the taker calls a King he lacks (seed 001 §5)
        g.apply("call KS")
    assert g.phase == "annonces" and g.current_player == 0
    args = argparse.Namespace(game="tarot", players=players, variant=None, seed=5, lang=lang, option=[], deals=None,
                              target=None, seat=0, bot=None, speed="0", records=str(tmp_path))
    out = io.StringIO()
    session = Session(Console(file=out, width=300, color_system=None), args)
    session.state = g
    return session, out


@pytest.mark.parametrize(("lang", "choices", "shows", "hint"), [
    ("fr", "annoncer poignée simple (10 atouts) · annoncer poignée double (13 atouts)",
     "« annoncer poignée double » montre 13 12 11 10 9 8 7 6 5 4 3 2 1",
     "Conseil\u00a0: annoncer poignée double — 13 atouts en main\u00a0: montrez une poignée double de 13 atouts, "
     "elle vaut 30 points."),
    ("en", "announce handful single (10 trumps) · announce handful double (13 trumps)",
     "'announce handful double' shows 13 12 11 10 9 8 7 6 5 4 3 2 1",
     "Hint: announce handful double — 13 trumps in hand: show a double poignée (handful) of 13 trumps, worth 30 points.")])
def test_poignee_offers_each_size_and_the_hint_the_whole_show(lang: str, choices: str, shows: str, hint: str,
                                                              tmp_path: Path) -> None:
    """Point 1: thirteen trumps at four make a simple (10) or a double (13) poignée (seed 001 §7): the choices
    offer both by their size, the line under them says what each shows, the hint suggests the double as a whole
    show (30 points, not 'annoncer poignée 1'), and what the choices say is accepted as typed."""
    session, out = _poignee_session(13, 4, lang, tmp_path)
    obs = session.state.observation(0)
    session._choices(obs)
    session._command("indice" if lang == "fr" else "hint", obs)
    text = out.getvalue().replace("\u00a0»", " »").replace("«\u00a0", "« ").replace("\u202f;", " ;")
    assert choices in text and shows in text, text
    assert hint.replace("\u00a0»", " »") in text, text
    assert not re.search(r"(?:annoncer poignée|announce handful) \d+ —", text)
    assert session._poignee(choices.split(" · ")[1].split(" (")[0], obs, session.state.legal_actions())
    shown = [e for e in session.state.events(None) if e.kind == "poignee_shown"]
    assert len(shown) == 1 and shown[0].data["count"] == 13


def test_poignee_counts_follow_the_table_size(tmp_path: Path) -> None:
    """At five a poignée is 8, 10 or 13 trumps (seed 001 §7): ten trumps offer the simple and the double."""
    session, out = _poignee_session(10, 5, "fr", tmp_path)
    session._choices(session.state.observation(0))
    assert "annoncer poignée simple (8 atouts) · annoncer poignée double (10 atouts)" in out.getvalue()


@pytest.mark.parametrize(("lang", "long", "void"), [
    ("fr", "vous avez 5 cartes à ♠ mais pas R♠", "vous n'avez aucun ♥ : vous couperez cette couleur"),
    ("en", "you hold 5 ♠ cards but not K♠", "you hold no ♥: you will trump that suit")])
def test_the_call_hint_says_why_not_what(lang: str, long: str, void: str, tmp_path: Path) -> None:
    """Point 3: at five the taker holds ten trumps and A♠ 2♠ 3♠ 4♠ 5♠ (seed 001 §5): calling K♠ is said by his
    five spades, calling K♥ by his void in hearts; never 'whoever holds it will be your partner' alone."""
    g = atout.new_game("tarot", players=5, variant="seed", deal=_tarot_deal(10, 5), dealer=4)
    g.apply("bid garde_sans")
    while g.phase == "bidding":
        g.apply("pass")
    obs = g.observation(0)
    said = [why(Action.parse(a), obs, lang, "tarot").replace("\u00a0", " ") for a in ("call KS", "call KH")]
    assert said[0].startswith(long) and said[1].startswith(void), said


def test_hints_of_the_1637_tarot_say_what_a_declaration_pays() -> None:
    """Point 3: a declaration's hint says how many marques it is worth (seed 000 §6), not 'it is paid'."""
    found = 0
    for seed in range(6):
        g = atout.new_game("tarot1637", players=3, seed=seed)
        bot = make_bot("tarot1637", default_bot("tarot1637"), seed=seed)
        while not g.is_terminal() and g.phase in ("discard", "declarations"):
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            action = bot.act(obs)
            for lang, word in (("fr", "marque"), ("en", "marque")):
                text = why(action, obs, lang, "tarot1637")
                assert not text.endswith(("se paie.", "is paid.")) and not re.fullmatch(r"(écarter|lay aside) \S+\.", text)
                if action.kind == "declare":
                    assert word in text, text
                    found += 1
            g.apply(action)
    assert found


@pytest.mark.parametrize(("lang", "label"), [("fr", "déclarer vos triomphes, en les montrant (au moins 10, 15 ou 20)"),
                                             ("en", "declare your trumps, showing them (at least 10, 15 or 20)")])
def test_the_1637_declaration_of_trumps_reads_plainly(lang: str, label: str) -> None:
    """Point 14: the choice names what to do and the counts (seed 000 §6: ten, fifteen, twenty triomphes)."""
    assert action_label(Action("declare", ("triomphes",)), lang, "tarot1637") == label
    assert str(interpret(label, [Action("declare", ("triomphes",)), Action("done", ())], lang, "tarot1637")) == \
        "declare triomphes"


@pytest.mark.parametrize(("lang", "cite"), [("fr", "[texte 004\u00a0: «\u00a0le plus fort pari n'ira pas au-delà de …\u00a0»]"),
                                            ("en", "[text 004: 'le plus fort pari n'ira pas au-delà de …']")])
def test_a_refusal_cites_its_source_text_in_the_tables_language(lang: str, cite: str) -> None:
    """Point 7: La Prime refuses a bet over the limit (seed 004); the citation reads 'texte 004' at a French
    table, with French quotation marks, as 'règle FFT 10' does (never the engine's 'seed')."""
    g = atout.new_game("prime", players=4, seed=3)
    while g.legal_actions()[0].kind != "bet" and not any(a.kind == "bet" for a in g.legal_actions()):
        g.apply(g.legal_actions()[0])
    with pytest.raises(IllegalAction) as exc:
        g.apply("bet 999")
    text = say_error(exc.value, lang, "prime")
    assert text.endswith(cite), text
    assert "seed" not in text


@pytest.mark.parametrize(("lang", "one", "three"), [("fr", "Vous n'avez qu'un jeton.", "Vous n'avez que 3 jetons."),
                                                    ("en", "You have only 1 chip.", "You have only 3 chips.")])
def test_refusals_and_narration_count_in_the_right_form(lang: str, one: str, three: str) -> None:
    """Point 8: a counted word takes the catalog's plural form (gettext plurals through Babel), in refusals
    (La Prime's stack), in narration (Mistigri's bête pays the pool) and in record refusals."""
    said = [say_error(IllegalAction("x", code="stake_over_stack", params={"stack": n}), lang, "prime") for n in (1, 3)]
    assert said == [one, three]
    table = Table("mistigri", 4)
    bete = [say(Event("bete", seat=1, data={"pays": n}), lang, table) or "" for n in (1, 6)]
    assert re.search(r"\b1 (jeton|chip)\b", bete[0]) and re.search(r"\b6 (jetons|chips)\b", bete[1]), bete
    for n, word in ((1, {"fr": "1 carte", "en": "1 card"}), (17, {"fr": "17 cartes", "en": "17 cards"})):
        text = say_refusal("wrong_size", {"count": n, "want": 18, "pile": "talon"}, lang, "tarot")
        assert word[lang] + (" ;" if lang == "fr" else ";") in text.replace("\u202f", " "), text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_poignee_is_written_high_to_low_everywhere(lang: str, tmp_path: Path) -> None:
    """Point 9: a poignée typed low to high is narrated, recorded and shown among the table's facts in one order,
    the hand's (trumps high to low), on both tables (the browser shows the public ``announcements``)."""
    session, _ = _poignee_session(11, 4, lang, tmp_path)
    g = session.state
    word = "annoncer poignée" if lang == "fr" else "announce handful"
    assert session._poignee(f"{word} 1 2 3 4 5 6 7 8 9 10", g.observation(0), g.legal_actions())
    high_to_low = [f"T{n}" for n in range(10, 0, -1)]
    shown = next(e for e in g.events(None) if e.kind == "poignee_shown")
    assert shown.data["cards"] == high_to_low
    assert g.observation(1).public["announcements"][0]["cards"] == high_to_low
    narrated = say(shown, lang, Table("tarot", 4, me=0)) or ""
    assert narrated.endswith("10 9 8 7 6 5 4 3 2 1."), narrated
    facts = " ".join(str(line) for line in session._facts(dict(g.observation(0).public)))
    assert "10 9 8 7 6 5 4 3 2 1" in facts, facts


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_tarot_ace_is_its_1_on_the_terminal_as_on_the_cards(lang: str) -> None:
    """Point 11: seed 001 orders each suit '… le 2 et le 1 (l'As)'; the Tarot's cards print 1, so the terminal
    writes 1♠ (hand, choices, hints), and typing what it shows plays that card; other games keep their A."""
    assert short_in("AS", lang, "tarot") == "1♠" and short_in("T1", lang, "tarot") == "1"
    assert hand_text(["AS", "2S", "T1"], lang, "tarot").plain.split()[:3] == ["♠", "2", "1"]
    legal = [Action.parse("play AS"), Action.parse("play 2S")]
    assert str(interpret("1♠", legal, lang, "tarot")) == "play AS"
    assert short_in("AS", lang, "triomphe") == "A♠"


def test_atout_packs_speaks_through_the_catalogs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Point 13: ``atout packs`` has no phrase book of its own: its words are the ``packs`` catalogs (French,
    English, Italian); a catalog put over the package's changes what it prints."""
    import inspect

    from atout.cli import packs
    from atout.cli.main import main
    from atout.present import catalogs

    source = inspect.getsource(packs)
    assert "cartes" not in source and "ordre des atouts" not in source and "tarocchi" not in source
    for lang in ("fr", "en", "it"):
        assert (catalogs.LOCALE_DIRS[0] / lang / "LC_MESSAGES" / "packs.po").is_file()
    over = tmp_path / "fr" / "LC_MESSAGES"
    over.mkdir(parents=True)
    original = (catalogs.LOCALE_DIRS[0] / "fr" / "LC_MESSAGES" / "packs.po").read_text(encoding="utf-8")
    (over / "packs.po").write_text(original.replace('msgstr "cartes"', 'msgstr "KARTEN"'), encoding="utf-8")
    catalogs.add_locale_dir(tmp_path)
    try:
        assert main(["packs", "--lang", "fr"]) == 0
        assert "32 KARTEN" in capsys.readouterr().out
    finally:
        catalogs.remove_locale_dir(tmp_path)
    assert main(["packs", "show", "tarot66-1637", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert "66 carte" in out and "trionfi, dal più alto al più basso" in out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_breakdowns_and_sides_keep_a_name_with_its_score_at_sixty_columns(lang: str, tmp_path: Path) -> None:
    """Point 2: La Prime in partnerships at 60 columns: the coup's chips and the line per side are cut between
    players, never between a player's name and his score."""
    text = _play("prime", lang, 4, "societe", 5, 2, 60, tmp_path)
    assert all(len(line) <= 60 for line in text.splitlines() if ".json" not in line)
    assert not re.search(r"(?:Joueur|Player)\s*\n\s*\d", text)
    assert not re.search(r"(?:Joueur \d|Player \d|\((?:vous|you)\))\s*\n\s*[+\u2212]?\d+(?:[,.]\d+)?(?:,|\s*$)", text,
                         re.M), text  # a score alone at the start of a line, its player's name ending the line before


def test_the_1637_tarot_is_named_in_neither_language_only() -> None:
    """Point 6: the registry's title, which the lobby and the game list show at every table, is no French
    phrase ('Tarot de 1637'); each table's own header says it in its language (catalog ``play/title``)."""
    assert game_info("tarot1637").title == "Tarot 1637 (Marolles)"
    from atout.present import phrases

    assert phrases("tarot1637").section("play", "en")["title"] == "The tarot of 1637 (Marolles)"
    assert phrases("tarot1637").section("play", "fr")["title"] == "Tarot de 1637 (Marolles)"
