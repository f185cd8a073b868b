// atout web: the panels beside the table — facts, score sheet by seat and by side, narration, rules, end of deal.
"use strict";

// Public facts shown in the side panel with their own look; technical ones left out.
const SKIP = new Set(["trick", "tricks", "hand_sizes", "leader", "deal", "deals", "variant", "order", "sides",
  "last_row", "concession", "italian", "eldest", "status", "engaged", "declarations_done", "payments", "outcome",
  "result", "dealer", "target", "drawn", "pending", "carry", "second_discard", "laid_aside", "participants",
  "discards_face_up", "teams"]);  // 1637: shown by owner as discards_face_up_by_seat; teams: the seats and sides say them
const SUIT_WORDS = { S: "S", H: "H", D: "D", C: "C", spades: "S", hearts: "H", diamonds: "D", clubs: "C" };

// "pique ♠": the suit's name in the page's language, then its symbol.
function suitWords(code) {
  const key = SUIT_WORDS[code];
  return key ? `${suitWord(key)} ${SUITS[key].sym}` : code;
}

function Cards({ cards, cls }) {
  return html`<span class="cards">${cards.map((c, i) => html`<${Face} key=${c + i} code=${c} cls=${cls || "tiny"} />`)}</span>`;
}

function joinedNodes(nodes, sep = ", ") { return nodes.flatMap((n, i) => (i ? [sep, n] : [n])); }
// A list of values: card faces side by side (a comma between two pictures read as a stray mark), else words
// with commas.
function listNodes(values, you) {
  const faces = values.every((x) => typeof x === "string" && isCard(x));
  return joinedNodes(values.map((x) => valueNode(x, you)), faces ? " " : ", ");
}

// One value of a fact, as a person reads it: a card face, a seat, a game word (atout.present's labels).
function valueNode(v, you) {
  if (typeof v === "string" && isCard(v)) return html`<${Face} code=${v} cls="tiny" />`;
  if (typeof v === "string") return SUIT_WORDS[v] ? suitWords(v) : actionLabel(v);
  if (typeof v === "number") return signed(v);
  if (typeof v === "boolean") return v ? "✓" : "—";
  if (Array.isArray(v)) return html`<span class="cards">${listNodes(v, you)}</span>`;
  if (v && typeof v === "object") {
    return html`<span>${joinedNodes(Object.entries(v).filter(([, x]) => x !== null && x !== undefined)
      .map(([k, x]) => html`<span>${k === "seat" ? seatName(x, you) : html`${TEXTS[getLang()][k] || actionLabel(k)}${t("colon")}${valueNode(x, you)}`}</span>`))}</span>`;
  }
  return String(v);
}

function factValue(key, value, you, players, sides) {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) return null;
  if (Array.isArray(value) && value.every((v) => v === null || (Array.isArray(v) && !v.length))) return null;
  if (key === "debts" && Array.isArray(value) && value.every((v) => v === 0)) return null;  // La Triomphe: nobody owes
  if (typeof value === "string" && isCard(value)) return html`<${Face} code=${value} cls="small" />`;
  if (Array.isArray(value) && value.every((v) => typeof v === "string" && isCard(v))) return html`<${Cards} cards=${value} cls="small" />`;
  if (["taker", "partner", "bettor", "fille_taker", "pillager"].includes(key) && typeof value === "number") return seatName(value, you);
  if (key === "announcements" && Array.isArray(value) && value.every((a) => a && typeof a === "object")) {
    return html`<span>${value.map((a, i) => html`<span key=${i} class="announce">${seatName(a.seat, you)}${t("colon")}${actionLabel(a.kind)} <${Cards} cards=${a.cards || []} /></span>`)}</span>`;
  }
  if (typeof value === "string") return SUIT_WORDS[value] ? suitWords(value) : actionLabel(value);
  if (typeof value === "boolean") return value ? "✓" : null;
  if (typeof value === "number") return String(value);
  if (key === "bids" && Array.isArray(value)) return value.map(([s, w]) => `${seatName(s, you)}${t("colon")}${actionLabel(w)}`).join(" · ");
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) {
    const perSeat = value.length === players;  // else per side (partnerships)
    // per side: the side's own name ("Vous et Robot moyen 3"), never "Camp 1"
    const sideName = (s) => (sides && sides.length === value.length ? sides[s].name : `${t("side")} ${s + 1}`);
    // "Robot 2 : 25", not "Robot 2 25"; the score kept with its name (a phone wrapped "Robot 2 :" / "25")
    return value.map((v, s) => `${perSeat ? seatName(s, you) : sideName(s)}${t("colon").trimEnd()}\u00a0${signed(v)}`).join(" · ");
  }
  // One entry per seat (declarations, hands shown): "Joueur 2 : les Rois…", empty seats left out.
  if (Array.isArray(value) && value.length === players && value.every((v) => Array.isArray(v) || v === null)) {
    return html`<div class="per-seat">${value.map((v, s) => (v && v.length
      ? html`<div key=${s} class="seat-fact">${seatName(s, you)}${t("colon")}${listNodes(v, you)}</div>` : null))}</div>`;
  }
  if (Array.isArray(value)) return html`<span class="cards">${listNodes(value, you)}</span>`;
  if (value && typeof value === "object") return valueNode(value, you);
  return String(value);
}

// What is happening, in words ("Le jeu de la carte", "Les enchères"), never the phase's verb ("Jouer").
function phaseWords(f) {
  if (f.over) return t("over");
  if (f.deal_end) return dealEndedWords(f);
  const key = "phase_" + (f.obs.phase || "");
  return t(key) !== key ? t(key) : actionLabel(f.obs.phase);
}

function Facts({ f, you }) {
  const pub = pubOf(f);
  const rows = [];
  for (const [key, value] of Object.entries(pub)) {
    if (SKIP.has(key)) continue;
    if (key === "taker" && BIDDING.test(f.obs.phase || "")) continue;  // the high bidder is no taker yet
    const shown = factValue(key, value, you, f.table.players, sidesOf(f, you));
    if (shown === null) continue;
    const help = TEXTS[getLang()]["factHelp_" + key];  // a stake word said in plain words (La Prime)
    // a fact's name by variant where the rules name it otherwise (seed 001's capot is the FFT's chelem)
    const name = TEXTS[getLang()][`${key}@${pub.variant}`] || TEXTS[getLang()][key] || key;
    rows.push(html`<dt key=${"t" + key}>${name}</dt><dd key=${"d" + key} data-fact=${key}>${shown}${help ? html`<small class="fact-help">${capital(help)}</small>` : null}</dd>`);
  }
  return html`<section class="panel">
    ${(f.facts || []).length ? html`<ul class="situation" id="situation">${f.facts.map((l, i) => html`<li key=${i}>${l}</li>`)}</ul>` : null}
    <dl class="facts" id="facts"><dt>${t("phaseNow")}</dt><dd id="phase-now">${phaseWords(f)}</dd>${rows}</dl>
  </section>`;
}

// A column's head as a paper score sheet writes it when room is short: a short name kept whole ("Vous",
// "Marie"), a longer one by its initials and number ("Robot débutant 2" → "RD2"), a single long word cut
// ("Maximilien" → "Maxim."); two alike told apart by their seat's number.
function shortName(name) {
  if ([...name].length <= 6) return name;
  const words = name.split(/[\s\-]+/).filter(Boolean);
  if (words.length < 2) return [...name].slice(0, 5).join("") + ".";
  return words.map((w) => (/^\d+$/.test(w) ? w : [...w][0].toUpperCase())).join("");
}

function shortNames(names) {
  const shorts = names.map(shortName);
  return shorts.map((x, i) => (shorts.indexOf(x) !== shorts.lastIndexOf(x) ? `${x}·${i + 1}` : x));
}

// Whether the sheet's columns, heads in full, are wider than its box (5 or 6 players on a phone, or beside the
// table on a desktop): then the heads are said short (the full name in the title and for screen readers) and the
// numbers set smaller, so the whole sheet is read without a sideways scroll. Tried again in full when the names
// change or the box grows wider (only then: a narrower box never needs the full heads back; no toggling loops).
function useTight(ref, key) {
  const [tight, setTight] = useState(false);
  const [grown, setGrown] = useState(0);
  const [, setShrunk] = useState(0);  // a narrower box: measured again (below), its heads full or not
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || !window.ResizeObserver) return undefined;
    let last = box.clientWidth;
    const ro = new ResizeObserver(() => {
      const width = box.clientWidth;
      if (width > last) setGrown((g) => g + 1);
      else if (width < last) setShrunk((g) => g + 1);
      last = width;
    });
    ro.observe(box);
    return () => ro.disconnect();
  }, []);
  useLayoutEffect(() => { setTight(false); }, [key, grown]);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box && !tight && box.scrollWidth > box.clientWidth) setTight(true);
  });
  return tight;
}

function Sheet({ f, you }) {
  const n = f.table.players;
  const cols = f.sheet.length ? f.sheet[0].length : n;
  const sides = sidesOf(f, you);
  const winner = f.winner_side ?? null;
  const names = Array.from({ length: cols }, (_, s) => (cols === n ? seatName(s, you) : `#${s + 1}`));
  const shorts = shortNames(names);
  const ref = useRef(null);
  const tight = useTight(ref, names.join("|"));
  return html`<section class="panel" id="sheet">
    <h2 id="sheet-h">${t("sheet")}</h2>
    <div class=${"sheet-wrap" + (tight ? " tight" : "")} ref=${ref} tabindex="0" role="region" aria-label=${t("sheet")}><table class="sheet">
      <thead><tr><th scope="col">${f.deal_word || t("deal")}</th>${names.map((name, s) => html`<th key=${s} scope="col" class="who" ...${tight && shorts[s] !== name ? { title: name } : {}}>
        <span class="nm-full">${name}</span><span class="nm-short" aria-hidden="true">${shorts[s]}</span></th>`)}</tr></thead>
      <tbody>${f.sheet.map((row, i) => {
    const lines = (f.breakdowns || [])[i] || [];
    const voided = (f.sheet_void || []).includes(i) ? html` <span class="muted">(${t("voidDeal")})</span>` : null;  // dealt again
    return html`<tr key=${"r" + i}><td>${i + 1}${voided}</td>${row.map((x, j) => html`<td key=${j}>${signed(x)}</td>`)}</tr>
        ${lines.length ? html`<tr key=${"b" + i} class="breakdown"><td colspan=${cols + 1}><details open=${i === f.sheet.length - 1}>
          <summary>${t("breakdown")}</summary><ul>${lines.map((l, k) => html`<li key=${k}>${l}</li>`)}</ul></details></td></tr>` : null}`;
  })}</tbody>
      <tfoot><tr class="totals"><th scope="row">${t("total")}</th>${(f.sheet_totals || f.totals).map((x, j) => html`<td key=${j}>${signed(x)}</td>`)}</tr></tfoot>
    </table></div>
    ${sides ? html`<table class="sheet sides" id="sides"><caption>${t("bySide")}</caption><tbody>
      ${sides.map((sd, i) => html`<tr key=${i} class=${(sd.you ? "mine" : "") + (winner === i ? " winner" : "")}>
        <th scope="row">${sd.name}${sd.you ? ` (${t("yourSide")})` : ""}</th><td>${sd.total === null || sd.total === undefined ? "—" : sideTotal(sd)}</td></tr>`)}
    </tbody></table>` : null}
    ${f.over && sides && winner !== null && sides[winner] ? html`<p class="winner-side" id="winner-side">${t("sideWins").replace("{side}", sides[winner].name)}</p>` : null}
  </section>`;
}

function Log({ f, you }) {
  const ref = useRef(null);
  const lines = (f.narration && f.narration.length) ? f.narration : f.moves.slice(-30).map((m) => `${seatName(m.seat, you)}: ${actionLabel(m.action)}`);
  useEffect(() => { if (ref.current) ref.current.scrollTop = ref.current.scrollHeight; });
  return html`<section class="panel"><h2 id="log-h">${t("narration")}</h2>
    <ol class="log" id="log" ref=${ref} tabindex="0" aria-labelledby="log-h" style=${`--log-digits:${String(lines.length).length}`}>
      ${lines.map((l, i) => html`<li key=${i}>${l}</li>`)}</ol></section>`;
}

// One entry of a card order, in words: a card code, or the server's {suit, cards} group (never "[object Object]").
function orderWord(o) {
  if (o && typeof o === "object") return `${o.suit ? o.suit + t("colon") : ""}${(o.cards || o.names || []).map(actionLabel).join(" ")}`;
  return actionLabel(String(o));
}

// The rules at the table: GET /api/rules/{game} (card order, trump order, summary), asked for once per language.
const RULES = {};
function Rules({ f }) {
  const [open, setOpen] = useState(false);
  const [, bump] = useState(0);
  const game = f.table.game || f.obs.game;
  const key = `${game}|${getLang()}|${f.table.players}|${f.table.variant}`;
  useEffect(() => {
    if (!open || RULES[key]) return;
    RULES[key] = { loading: true };
    const q = new URLSearchParams({ lang: getLang(), players: f.table.players, variant: f.table.variant || "" });
    api(`/api/rules/${encodeURIComponent(game)}?${q}`).then((r) => { RULES[key] = r; bump((x) => x + 1); })
      .catch(() => { RULES[key] = { error: true }; bump((x) => x + 1); });
  }, [open, key]);
  const r = RULES[key] || {};
  const order = pubOf(f).order;
  return html`<section class="panel rules"><details id="rules" open=${open} onToggle=${(ev) => setOpen(ev.currentTarget.open)}>
    <summary>${t("rules")}</summary>
    ${r.loading ? html`<p class="muted">…</p>` : null}
    ${r.card_order ? html`<h3>${t("cardOrder")}</h3>${r.card_order.map((o, i) => (typeof o === "string" ? html`<span key=${i}>${i ? " › " : ""}${o}</span>`
    : html`<p key=${i} class="order"><strong>${o.suit}</strong>${t("colon")}${o.cards.map((c, j) => html`<span key=${j} title=${(o.names || [])[j] || ""}>${j ? " › " : ""}${c}</span>`)}</p>`))}` : null}
    ${r.trump_order && r.trump_order.length ? html`<h3>${t("trumpOrder")}</h3><p class="order">${r.trump_order.join(" › ")}</p>` : null}
    ${r.excuse ? html`<p class="order">${r.excuse}</p>` : null}
    ${!r.card_order && !r.loading && Array.isArray(order) ? html`<h3>${t("cardOrder")}</h3><p class="order">${order.map(orderWord).join(" › ")}</p>` : null}
    ${r.summary ? html`<div class="summary" tabindex="0" role="region" aria-label=${t("rules")}>${r.summary.split(/\n{2,}/).map((p, i) => html`<p key=${i}>${p.replace(/[#*`]/g, "")}</p>`)}</div>` : null}
    ${r.error ? html`<p class="muted">${t("noRules")}</p>` : null}
  </details></section>`;
}

// The cards a deal won early leaves in the hands (La Triomphe once a side has its tricks): deal_end.unplayed if
// the server names them, else each hand's cards at the deal's end that its seat's moves never named (the server
// lays them down in deal_end.hands); nothing for a game without a card played.
function unplayedOf(f, d) {
  if (Array.isArray(d.unplayed)) return d.unplayed;
  const moves = f.moves || [];
  if (!moves.some((m) => m.action.startsWith("play "))) return null;
  const ecart = new Set(d.ecart || []);
  return (d.hands || []).map((h, s) => {
    const named = new Set(moves.filter((m) => m.seat === s).flatMap((m) => m.action.split(" ")));
    return (h || []).filter((c) => !named.has(c) && !ecart.has(c));
  });
}

// The end of a deal (frame.deal_end): the last trick, every hand now public, the result, "Continuer".
function DealEnd({ f, you, onContinue }) {
  const d = f.deal_end;
  const n = f.table.players;
  const last = d.last_trick ? normTrick(d.last_trick, n) : null;
  const waiting = d.waiting || [];
  const mine = you !== null && you !== undefined && waiting.includes(you);
  const ref = useRef(null);
  const [, tick] = useState(0);
  useEffect(() => {  // the deal's end takes the focus: "Continue" when it is ours to say, else its title when the
    // focus was lost (the last card played leaves it on the page's body, where a keyboard user is stranded)
    const box = ref.current;
    if (!box) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    const target = mine ? box.querySelector("#continue") : lost ? box.querySelector("#deal-end-h") : null;
    if (target) target.focus();
  }, [d.deal, mine]);
  useEffect(() => {  // the deadline counted down, once a second, while someone is awaited
    if (!d.deadline || !waiting.length) return undefined;
    const timer = setInterval(() => tick((x) => x + 1), 1000);
    return () => clearInterval(timer);
  }, [d.deadline, waiting.length]);
  const left = d.deadline ? Math.max(0, Math.round(d.deadline - Date.now() / 1000)) : null;
  // The title said once: a result that only repeats it ("Fin du coup 1.") becomes the title, and a result
  // that starts with it ("Fin de la donne 1 : …") loses its head.
  const num = (d.deal ?? f.deal) + 1;
  let title = d.title || t("dealOver").replace("{n}", num);
  let result = [...(d.result || [])];
  const sameHead = result.length && result[0].split(" ")[0] === title.split(" ")[0];  // "Fin du coup 1." / "Fin de la donne 1"
  if (sameHead && result[0].length < 40 && result[0].trim().endsWith(` ${num}.`)) title = result.shift().trim().replace(/\.$/, "");
  else if (result.length && result[0].startsWith(title + t("colon"))) result[0] = capital(result[0].slice((title + t("colon")).length));
  const held = unplayedOf(f, d);
  const unplayed = held && held.some((h) => h && h.length) ? held : null;
  return html`<section class="panel deal-end" id="deal-end" ref=${ref} aria-labelledby="deal-end-h">
    <h2 id="deal-end-h" tabindex="-1">${title}</h2>
    ${result.length ? html`<ul class="result" id="deal-result">${result.map((l, i) => html`<li key=${i}>${l}</li>`)}</ul>` : null}
    ${last && last.cards.length ? html`<div class="de-row"><h3>${t("lastTrick")}</h3>
      <div class="cards">${last.cards.map((p) => html`<span key=${p.card} class=${"de-card" + (p.seat === last.winner ? " win" : "")}>
        <${Face} code=${p.card} cls="small" /><small>${seatName(p.seat, you)}</small></span>`)}</div></div>` : null}
    ${unplayed ? html`<div class="de-row" id="deal-unplayed"><h3>${t("unplayedCards")}</h3>
      ${unplayed.map((h, s) => (h && h.length ? html`<div key=${s} class="de-hand" data-seat=${s}><span class="who">${seatName(s, you)}</span><${Cards} cards=${h} /></div>` : null))}</div>` : null}
    ${(d.hands || []).some((h) => h && h.length) ? html`<div class="de-row"><h3>${d.hands_title || t("hands")}</h3>
      ${d.hands.map((h, s) => (h && h.length ? html`<div key=${s} class="de-hand"><span class="who">${seatName(s, you)}</span><${Cards} cards=${h} /></div>` : null))}</div>` : null}
    ${(d.talon || []).length ? html`<div class="de-row"><h3>${t((f.table || {}).game === "tarot" ? "talon" : "stock")}</h3><${Cards} cards=${d.talon} /></div>` : null}
    ${(d.ecart || []).length ? html`<div class="de-row"><h3>${t("ecart")}</h3><${Cards} cards=${d.ecart} /></div>` : null}
    ${(d.breakdown || []).length ? html`<details open><summary>${t("breakdown")}</summary><ul>${d.breakdown.map((l, i) => html`<li key=${i}>${l}</li>`)}</ul></details>` : null}
    ${(d.totals || []).length ? html`<p id="deal-totals">${t("total")}${t("colon")}${d.totals.map((x, s) => `${seatName(s, you)}${t("colon").trimEnd()}\u00a0${totalsSign(d.totals)(x)}`).join(" · ")}</p>` : null}
    ${mine ? html`<button type="button" class="primary" id="continue" onClick=${onContinue}>${t("continue")}</button>` : null}
    ${waiting.length ? html`<p class="muted" id="waiting-for">${t("waitingFor")} ${waiting.map((s) => seatName(s, you)).join(", ")}${left !== null ? ` · ${t("autoContinue").replace("{n}", left)}` : ""}</p>` : null}
  </section>`;
}
