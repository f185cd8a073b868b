"""The ``atout`` command: list games, play in the terminal, simulate, replay records, print rules.

Exit codes: 0 success, 1 a game abandoned (quit, input closed) or an internal error, 2 bad arguments
or an invalid record, 130 interrupted (Ctrl-C). Every error is one line on stderr (never a traceback)
and, with ``--json``, also one JSON object on stdout. ``ATOUT_DEBUG=1`` shows an internal error's traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from rich.console import Console

from atout.cli.said import CliRefusal, argparse_in, command_lang, refusal, refused, say, type_refusal
from atout.core.errors import AtoutError, RecordError, UnknownGame, clip
from atout.core.protocol import game_info, json_number, list_games
from atout.present import LANGS, catalogs
from atout.present.cards import join_words

EPILOG = """examples:
  atout serve                      (then open http://127.0.0.1:8000)
  atout games
  atout play triomphe --players 2 --target 5
  atout play tarot --players 4 --variant fft --lang en
  atout simulate triomphe --players 4 --deals 1000 --seed 1 --json
  atout replay game.json --json
  atout rules tarot --lang en
  atout tournament triomphe --bots search,heuristic --deals 200 --seed 1
"""


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise type_refusal("at_least_one", value=value)
    return value


def _whole(text: str) -> int:
    """A whole number (``--tricks``, ``--deal``: their ranges are checked with the record in hand)."""
    try:
        return int(text)
    except ValueError:
        raise type_refusal("whole_number", value=clip(text)) from None


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise type_refusal("seed_number", value=clip(text)) from None


def _option(text: str) -> tuple[str, object]:
    """A rule option KEY=VALUE; the value is read as JSON when it can be (true, 1000, [3, 2])."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise type_refusal("key_value", value=clip(text))
    if not key.strip().isidentifier():
        raise type_refusal("option_word", value=clip(key.strip()))
    try:
        value: object = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # not JSON (a bare word), NaN/Infinity, a number too long…
        value = raw
    return key.strip(), value


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not an option value")


#: Creation arguments that have their own flag: refused as ``-o`` options, naming the flag.
_FLAG_ARGS = {"players": "--players", "variant": "--variant", "seed": "--seed", "deals": "--deals",
              "target": "--target", "bots": "--bots", "records": "--records", "game": "the GAME argument",
              "seat": "--seat", "bot": "--bot", "lang": "--lang"}


def _yes_no() -> dict[str, bool]:
    """The words a yes-or-no option takes on the command line: every language's own (``oui``, ``non``, ``yes``…,
    the catalogs' ``words``), JSON's ``true``/``false`` being read before."""
    words = catalogs.Section("common", "words")
    return {words[lang][key].lower(): key == "yes" for lang in LANGS for key in ("yes", "no")}


def check_cli_options(game: str, options: list[tuple[str, object]]) -> dict[str, object]:
    """``-o`` options as a dict: only the game's rule options, a flag's name never (``-o players=3``)."""
    info = game_info(game)
    known = None
    booleans: set[str] = set()
    if info.rules is not None:
        from atout.core.options import constraints, option_types

        types = option_types(info.rules)
        known = set(types) - {"players", "variant"}
        booleans = {k for k, tp in types.items() if constraints(tp)[0] is bool}
    out: dict[str, object] = {}
    yes_no = _yes_no()
    for key, value in options:
        if key in booleans and isinstance(value, str) and value.strip().lower() in yes_no:
            value = yes_no[value.strip().lower()]  # -o italian=oui, as the refusal of a wrong value asks
        if key in _FLAG_ARGS:
            flag = _FLAG_ARGS[key]
            raise refusal("flag_option" if flag.startswith("-") else "game_option", key=key, flag=flag)
        if known is not None and key not in known:
            raise refusal("unknown_option", title=info.title, key=repr(key), known=", ".join(sorted(known)) or "—")
        out[key] = value
    return out


class _UsageError(Exception):
    """A command line argparse refuses (turned into one line, exit 2): the parser's name and argparse's words."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(f"{prog}: error: {message}")
        self.prog, self.message = prog, message


class _Parser(argparse.ArgumentParser):
    """argparse without its two-line usage dump and SystemExit on an error: main() words it."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(self.prog, message)


def _version() -> str:
    """The version of the installed package, from its metadata (pyproject's ``version``)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("atout")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; every command and option is documented in ``--help`` (``play``'s in ``lang``, the
    table's language: :mod:`atout.cli.play_help`; the others in English)."""
    from atout.cli import play_help

    def ph(key: str) -> play_help.Words:  # play's option ``key``: its help and its value's placeholder
        return {"help": play_help.word(key, lang), "metavar": play_help.word("metavar_" + key, lang)}

    parser: argparse.ArgumentParser = _Parser(
        prog="atout",
        description="French card games, modern and historical: play, simulate, replay, read the rules.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"atout {_version()}",
                        help="print the installed version of atout and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("games", help="list the games, their variants and player counts")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table (language-free)")
    p.add_argument("--lang", choices=("fr", "en"), default="fr",
                   help="language of the table, as for play and simulate (default fr)")

    p = sub.add_parser("play", help="play in the terminal against bots", description=play_help.word("description", lang))
    p.add_argument("game", nargs="?", default=None, **ph("game"))
    p.add_argument("--players", type=_positive, **ph("players"))
    p.add_argument("--variant", **ph("variant"))
    p.add_argument("--seed", type=_seed, **ph("seed"))
    p.add_argument("--lang", choices=LANGS, default="fr",
                   help=play_help.word("lang", lang, langs=join_words(list(LANGS), lang or "en", "or")))
    p.add_argument("--seat", type=_whole, default=0, **ph("seat"))
    p.add_argument("--bot", default=None, help=play_help.bot_help(lang), metavar=play_help.word("metavar_bot", lang))
    p.add_argument("--deals", type=_positive, **ph("deals"))
    p.add_argument("--target", type=_positive, help=play_help.target_help(lang),
                   metavar=play_help.word("metavar_target", lang))
    p.add_argument("-o", "--option", type=_option, action="append", default=[], **ph("option"))
    p.add_argument("--speed", **ph("speed"))
    p.add_argument("--records", **ph("records"))

    from atout.cli.tournament import bots_epilog

    p = sub.add_parser("simulate", help="bots play N deals; prints totals, speed and statistics",
                       epilog=bots_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="game name")
    p.add_argument("--players", type=_positive, help="number of players")
    p.add_argument("--variant", help="rules variant")
    p.add_argument("--deals", type=_positive, required=True, help="number of deals to play")
    p.add_argument("--seed", type=_seed, help="seed of the match and the bots (default: a random one, printed)")
    p.add_argument("--bots", help="bot names: one for all seats or one per seat, comma-separated")
    p.add_argument("--records", metavar="DIR", help="write the match record (atout-record/1 JSON) into DIR")
    p.add_argument("-o", "--option", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="rule option KEY=VALUE, repeatable (e.g. -o capot_value=1000, -o italian=true)")
    p.add_argument("--lang", choices=LANGS, default="fr",
                   help="language of the report: statistics and labels (default fr; --json is language-free)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    p = sub.add_parser("replay", help="validate and replay a record file")
    p.add_argument("file", help="an atout-record/1 JSON file")
    p.add_argument("--json", action="store_true", help='print {"valid": ..., "returns": [...]}')
    p.add_argument("--step", action="store_true", help="narrate the record trick by trick (Enter between tricks)")
    p.add_argument("--lang", choices=LANGS, default=None,
                   help="language of the output and of a refusal (default: fr for --step and --analyse; "
                        "without them, the plain check in English, for scripts)")
    p.add_argument("--analyse", "--analyze", action="store_true",
                   help="Tarot, a finished game: each card's cost with every card seen, and the deal's value (docs/analysis.md)")
    p.add_argument("--tricks", type=_whole, default=None, metavar="N",
                   help="with --analyse: the last N tricks analysed, 1 to the tricks of a deal (default: as the "
                        "browser, the last 5, then earlier ones while the search stays within 3 million nodes, "
                        "about a second; each more trick costs much more: at four players, more than 7 tricks can take minutes)")
    p.add_argument("--deal", type=_whole, default=None, metavar="K",
                   help="with --analyse: only deal K, 1 to the deals of the record (default: every deal)")
    p.add_argument("--plot", default=None, metavar="FILE.png",
                   help="with --analyse: write a PNG chart of the value card by card, a file whose name ends in .png "
                        "(needs atout[plot], Matplotlib)")

    p = sub.add_parser("rules", help="print a game's rules summary")
    p.add_argument("game", help="game name")
    p.add_argument("--lang", choices=("fr", "en"), default="fr", help="language (default fr)")

    from atout.cli import tournament

    tournament.add_parser(sub, _positive, _seed, _option)
    from atout.cli import serve

    serve.add_parser(sub)
    from atout.cli import packs

    packs.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script: one line on stderr for any error, never a traceback; said in the
    command's language (:mod:`atout.cli.said`)."""
    own = argv is None  # the process is the command's own (not a caller's, as in the tests)
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in argv
    words = [a for a in argv if not a.startswith("-")]
    command = words[0] if words else ""
    args: argparse.Namespace | None = None
    lang: str | None = None
    try:
        parser = build_parser()
        command = command if command in _commands(parser) else ""
        lang = command_lang(command, argv)
        helps = command == "play" and lang not in (None, "en")  # play --help in the table's language
        with argparse_in(lang, helps=helps):
            if helps:
                parser = build_parser(lang)  # (argparse words its headings when a parser is built)
            args = parser.parse_args(argv)
            if args.command in ("simulate", "play", "tournament", "replay"):
                _check_args(args)
                if getattr(args, "option", None):
                    args.option = list(check_cli_options(args.game or "tarot", args.option).items())
        return _dispatch(args)
    except _UsageError as exc:
        where = f"atout {command + ' ' if command else ''}--help"
        prog = f"atout {command}" if command else exc.prog  # the top parser refuses a command's stray words too
        return _fail(command, say("usage", lang, prog=prog, message=exc.message, help=where), 2, as_json,
                     prefix=False)
    except KeyboardInterrupt as exc:
        if own:  # Ctrl-C pressed again while stopping: no second interruption, killed by the signal (exit −2, not 130)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        kept = getattr(exc, "record_path", None)
        return _fail(command, say("interrupted_kept", lang, path=kept) if kept else say("interrupted", lang), 130,
                     as_json, lang=lang)
    except EOFError:
        return _fail(command, say("input_closed", lang), 1, as_json, lang=lang)
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (atout games | head): nothing more to say
        return 1
    except RecordError as exc:  # a record read by any command: said in the command's --lang
        from atout.cli.replay import record_refusal

        said, data = record_refusal(exc, lang)
        return _fail(command, said, 2, as_json, extra=data, lang=lang)
    except CliRefusal as exc:
        return _fail(command, refused(exc, lang), 2, as_json, lang=lang)
    except (AtoutError, ValueError, OSError) as exc:
        return _fail(command, _setup_said(exc, args, lang), 2, as_json, lang=lang)
    except RuntimeError as exc:
        if "stdin" in str(exc):  # input(): lost sys.stdin (the command was started with stdin closed)
            return _fail(command, say("no_stdin", lang), 1, as_json, lang=lang)
        return _internal(command, exc, as_json)
    except Exception as exc:
        return _internal(command, exc, as_json)


def _check_args(args: argparse.Namespace) -> None:
    """What a command line may be refused for before any game is made, by its flag's name: ``--deals`` and
    ``--target`` within the engine's bounds (``MAX_DEALS``, ``MAX_TARGET``), ``--jobs`` within ``MAX_JOBS``,
    the bots of ``--bot``/``--bots`` among the game's (two at least for a tournament; ppo's weights readable),
    ``simulate --records`` a folder, ``replay --json`` alone (the narration and the analysis are for a person)."""
    from atout.bots.base import bot_names
    from atout.core.protocol import MAX_DEALS, MAX_TARGET
    from atout.sim.tournament import MAX_JOBS

    for flag, value, high in (("--deals", getattr(args, "deals", None), MAX_DEALS),
                              ("--target", getattr(args, "target", None), MAX_TARGET),
                              ("--jobs", getattr(args, "jobs", None), MAX_JOBS)):
        if value is not None and value > high:
            raise refusal("flag_range", flag=flag, low=1, high=high, value=value)
    named = [b.strip() for b in (getattr(args, "bots", None) or "").split(",") if b.strip()]
    named += [args.bot] if getattr(args, "bot", None) else []
    if args.command == "tournament":  # as TournamentSpec.check() words it, in the command's language
        if len(named) < 2:
            raise refusal("two_bots", n=len(named))
        twice = next((b for i, b in enumerate(named) if b in named[:i]), None)
        if twice:
            raise refusal("named_twice", bot=clip(twice))
    if named:
        game = game_info(args.game or "tarot").name  # an unknown game is said as such (_setup_said)
        unknown = [b for b in named if b not in bot_names(game)]
        if unknown:
            raise refusal("no_bot", bot=clip(unknown[0]), game=game, bots=", ".join(bot_names(game)))
    if "ppo" in named:  # its weights read now, not after the table is drawn or the first deals played
        from atout.bots.trained import load_model, model_path

        try:
            load_model(model_path())
        except Exception:  # a missing file, or one the library cannot read (not a zip, another model)
            raise refusal("ppo_model", path=clip(model_path(), 200)) from None
    if args.command == "simulate" and args.records:
        from atout.cli.play_options import _records_dir

        _records_dir(args.records)  # a folder that cannot be made: said by its flag, in the command's language
    if args.command == "replay" and args.json and (args.step or args.analyse or args.plot or args.tricks is not None
                                                   or args.deal is not None):
        raise refusal("json_alone")


def _setup_said(exc: Exception, args: argparse.Namespace | None, lang: str | None) -> str:
    """A game that cannot be set up (``play``, ``simulate``, ``tournament``: an unknown game, variant, option, a
    table size; ``rules``: an unknown game) said in ``lang`` from the command's data, as the lobby says it; any
    other refusal as the engine words it."""
    if lang is None or args is None or not isinstance(exc, UnknownGame | ValueError):
        return str(exc)
    from atout.web.refusals import setup_refusal

    if args.command in ("play", "simulate", "tournament"):
        reason, said = setup_refusal(args.game or "tarot", args.variant, args.players, dict(args.option), lang,
                                     str(exc), typed=True)
    elif isinstance(exc, UnknownGame) and getattr(args, "game", None):  # rules: the game's name only
        reason, said = setup_refusal(args.game, None, None, {}, lang, str(exc))
    else:
        return str(exc)
    if reason != "bad_table":
        return said
    return str(exc) if lang == "en" else say("bad_table", lang, english=str(exc))  # no English in a French line


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    """The names of the sub-commands (to name the command in an error before the line is parsed)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def _internal(command: str, exc: Exception, as_json: bool) -> int:
    """A bug in atout: one line and exit 1 (ATOUT_DEBUG=1 re-raises to show the traceback)."""
    if os.environ.get("ATOUT_DEBUG"):
        raise exc
    what = f"internal error {type(exc).__name__}: {clip(str(exc), 200)} (ATOUT_DEBUG=1 shows the traceback)"
    return _fail(command, what, 1, as_json)


def _fail(command: str, message: str, code: int, as_json: bool, prefix: bool = True,
          extra: dict[str, object] | None = None, lang: str | None = None) -> int:
    """Report an error: one line on stderr (headed "atout COMMAND: error:" in ``lang``) and, with --json, also
    one JSON object on stdout (with ``extra``, e.g. a record error's code and params); the exit code."""
    line = " ".join(message.split())  # one line, whatever the message held
    if len(line) > 1000:
        line = line[:1000] + "…"
    if as_json:
        out: dict[str, object] = {"error": line, "exit": code, **(extra or {})}
        if command == "replay":
            out = {"valid": False, **out}
        try:
            print(json.dumps(out), flush=True)
        except OSError:
            pass
    try:
        print(say("error", lang, command=command, message=line) if prefix and command else line, file=sys.stderr,
              flush=True)
    except OSError:
        pass
    return code


def _dispatch(args: argparse.Namespace) -> int:
    """Run the chosen command."""
    console = Console(soft_wrap=not sys.stdout.isatty())  # a file or a pipe: one line per line said, no wrapping
    if args.command == "games":
        return _games(console, args.json, args.lang)
    if args.command == "rules":  # the Markdown summary rendered (headings, bold), not its raw '#' and '**'
        from rich.markdown import Markdown

        console.print(Markdown(game_info(args.game).rules_text(args.lang)))
        return 0
    if args.command == "replay":
        if args.analyse or args.plot or args.tricks is not None or args.deal is not None:
            from atout.cli.analyse import run as analyse

            return analyse(console, args.file, args.lang or "fr", args.tricks, args.deal, args.plot)
        return _replay(console, args.file, args.json, args.lang, args.step)
    if args.command == "tournament":
        from atout.cli import tournament

        return tournament.run(console, args)
    if args.command == "serve":
        from atout.cli import serve

        return serve.serve(args)
    if args.command == "packs":
        from atout.cli import packs

        return packs.run(args)
    if args.command == "simulate":
        return _simulate(console, args)
    if args.command == "play":
        from atout.cli.play import play

        if args.game is None:
            names = [g.name for g in list_games()]
            args.game = "tarot" if "tarot" in names else names[0]
        return play(console, args)
    return 2


def _games(console: Console, as_json: bool, lang: str = "fr") -> int:
    """``atout games``: the games, their variants (the default marked) and player counts, in ``lang``."""
    rows = [
        {
            "game": g.name,
            "title": g.title,
            "variants": {v: {"players": list(g.player_counts[v]), "about": g.variant_help.get(v, "")} for v in g.variants},
            "default_variant": g.default_variant,
        }
        for g in list_games()
    ]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    from rich.table import Table

    from atout.present import phrases

    lab = phrases("common").section("games_labels", lang)
    table = Table(title=lab["title"])
    for col in ("game", "variant", "players", "about"):
        table.add_column(lab[col])
    for g in list_games():
        titles = getattr(phrases(g.name).module, "VARIANTS", {}).get(lang, {})
        for v in g.variants:
            mark = f" {lab['default']}" if v == g.default_variant else ""
            players = ", ".join(map(str, g.player_counts[v]))
            title, about = titles.get(v, ("", g.variant_help.get(v, "")))
            table.add_row(g.name, v + mark, players, f"{title} — {about}" if title else about)
    console.print(table)
    return 0


def _replay(console: Console, file: str, as_json: bool, lang: str | None = None, step: bool = False) -> int:
    """``atout replay FILE``: check a record (``--step``: narrate it); a refusal in the chosen language, exit 2."""
    from atout.records import read_record

    try:
        if step:
            from atout.cli.replay import replay_step

            return replay_step(console, file, lang or "fr")
        state = read_record(file)
    except RecordError as exc:
        from atout.cli.replay import record_refusal

        said, data = record_refusal(exc, lang or ("fr" if step else None))
        message = f"{clip(file, 200)[1:-1]}{catalogs.text('common', 'punct', 'colon', str(data.get('lang') or 'en'))}{said}"
        if as_json:
            print(json.dumps({"valid": False, "file": file, "error": message, **data}))
        print(message, file=sys.stderr)
        return 2
    lang = lang or "en"
    returns = [json_number(x) for x in state.returns()]
    if as_json:
        print(json.dumps({"valid": True, "complete": state.is_terminal(), "returns": returns}))
    else:
        from atout.present import Table, number

        name, seats = Path(file).name, Table(state.game_name, state.players)
        status = catalogs.text("common", "replay", "complete" if state.is_terminal() else "in_progress", lang)
        table = catalogs.text("common", "punct", "comma", lang).join(
            f"{seats.seat_name(s, lang)} {number(x, lang)}" for s, x in enumerate(state.returns()))
        console.print(catalogs.text("common", "replay", "valid", lang).format(
            name=name, title=game_info(state.game_name).title, game=state.game_name, status=status, table=table,
            returns=returns), highlight=False)
    return 0


def _simulate(console: Console, args: argparse.Namespace) -> int:
    from atout.core.rng import new_seed
    from atout.present.stats import match_stats
    from atout.sim import simulate

    bots = [b.strip() for b in args.bots.split(",")] if args.bots else None
    options = dict(args.option)
    if args.seed is None:
        args.seed = new_seed()  # printed below (and in the JSON), so that the run can be repeated
    if args.json:
        result = simulate(args.game, args.players, args.variant, args.deals, args.seed, bots, args.records, **options)
        print(json.dumps({**result.to_json(), "stats": match_stats(result.state) if result.state else {}}))
        return 0
    from rich.progress import Progress

    progress = Progress(console=console, transient=True, disable=not console.is_terminal)  # a pipe reads no bar
    total, note = _whole_tours(args)
    task = progress.add_task(f"{args.game}: {total} deals", total=total)

    def ready() -> None:  # everything checked: the rounding said, then the bar (nothing printed before a refusal)
        if note:
            console.print(note, highlight=False, markup=False, soft_wrap=True)
        progress.start()

    try:
        result = simulate(
            args.game,
            args.players,
            args.variant,
            args.deals,
            args.seed,
            bots,
            args.records,
            on_deal=lambda k: progress.advance(task, k),
            on_ready=ready,  # shown once everything was checked: no bar left behind an error
            **options,
        )
    finally:
        if progress.live.is_started:
            progress.stop()
    from atout.present.stats import report

    stats = match_stats(result.state) if result.state else {}
    for line in report({**result.to_json(), "records": result.record_path}, stats, args.lang):
        console.print(line, highlight=False, markup=False, soft_wrap=True)  # one line per item, for grep
    return 0


def _whole_tours(args: argparse.Namespace) -> tuple[int, str | None]:
    """The deals ``simulate`` will play and, when a game played in tours rounds ``--deals`` up, the line that says
    so (printed once the game is checked)."""
    from atout.core.protocol import game_info
    from atout.sim import whole_tours

    try:
        info = game_info(args.game)
    except (AtoutError, KeyError):
        return int(args.deals), None  # simulate names the unknown game
    players = args.players or info.default_players
    total = whole_tours(info.name, players, args.deals)
    if total == args.deals:
        return total, None
    return total, say("whole_tours", args.lang, game=info.name, players=players, deals=args.deals, total=total)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
