// atout web: what the seat can do — the hand, the choices, a several-card selection, the tools and options.
"use strict";

// A several-card choice (frame.select: the écart, a poignée, Mistigri's draws, 1637's discards, the pillage):
// the player picks the cards in the hand, sees a counter, confirms once; the one-card actions go out in order.
function selectState(f) {
  const s = f.select;
  if (!s || !Array.isArray(s.cards)) return null;
  if (!T.chosenFor || T.chosenFor !== `${f.n}|${s.kind}`) {
    T.chosenFor = `${f.n}|${s.kind}`;
    T.selected = new Set((s.preselected || []).filter((c) => s.cards.includes(c)));
  }
  return s;
}

function selectCounter(s, k) {
  const done = (s.done || 0) + k;
  return (s.counter || "{done}/{need}").replace("{done}", done).replace("{need}", s.need);
}

// The game's own hint for the verb being chosen ("the écart goes with the chien…", "down to 20 cards").
function selHint(s, hints) {
  const verb = selVerb(s.joined || Object.values(s.actions || {})[0] || "");
  return hints[verb] || hints[verb.split(" ")[0]] || "";
}

// An action's verb without its cards ("discard 7H" → "discard").
function selVerb(action) { return action.split(" ").filter((x) => !isCard(x)).join(" "); }

function confirmSelect(f, s) {
  const hand = f.obs.hand || [];
  const chosen = [...T.selected].sort((a, b) => hand.indexOf(a) - hand.indexOf(b));
  // One action naming every card (Mistigri's draw), or the one-card actions in order, then the one that stops.
  const texts = s.joined ? [[s.joined, ...chosen].join(" ")] : chosen.map((c) => (s.actions || {})[c]).filter(Boolean);
  if (!s.joined && s.finish && (s.done || 0) + chosen.length >= (s.min ?? 0)) texts.push(s.finish);
  texts.forEach((text, i) => send({ type: "act", action: text, n: f.n + i }));
  T.pendingUntil = f.n + texts.length;  // the frames in between show no choice: the run is on its way
  T.selected = new Set();
  if (T.toast && T.toast.kind === "select") T.toast = null;  // the choice is made: its warning goes with it
  draw();
}

// Selections whose confirm with no card keeps the hand (La Prime's pass): the button says which it will do.
const KEEP_ALL = new Set(["pass_aside"]);

// Choices that commit to much on one tap (Tarot's slam: +400 or −200 a defender): asked again, "No" focused
// (a newcomer's first tap among the announcements had announced a capot; undo was the only way back); La Triomphe's
// concession (seed 002 §4: accepted, it ends the deal; a stray click on the first button ended a match).
const WEIGHTY = new Set(["announce chelem", "announce capot", "concede"]);

function askAgain(f, text, rerender) {
  T.confirming = { n: f.n, text };
  rerender();
  const no = document.getElementById("confirm-no");
  if (no) no.focus();
}

const sentence = (x) => capital(x) + (/[.!?…]$/.test(x) ? "" : ".");  // a tail said alone, as a sentence
// A side's total: this deal's score at Tarot, said so ("+36 sur cette donne": beside "Total : Vous −456" at the
// end of a game, a bare 36 read as the game's), the match's elsewhere.
function sideTotal(sd) { return sd.of === "deal" ? t("onThisDeal").replace("{score}", plusSigned(sd.total)) : signed(sd.total); }

const lowerFirst = (x) => x.charAt(0).toLowerCase() + x.slice(1);  // a choice's words inside a sentence

function Confirming({ text, why, rerender }) {
  const back = () => { T.confirming = null; rerender(); const b = document.querySelector(`#actions [data-action="${text}"]`); if (b) b.focus(); };
  return html`<div class="confirm-weighty" id="confirm-weighty" role="group" aria-labelledby="confirm-question">
    <p id="confirm-question"><strong>${t("confirmWeighty").replace("{what}", lowerFirst(actionLabel(text)))}</strong>${why ? html` <span>${capital(why)}</span>` : null}</p>
    <button type="button" class="act primary" id="confirm-yes" onClick=${() => { T.confirming = null; act(text); }}>${t("confirmYes").replace("{what}", lowerFirst(actionLabel(text)))}</button>
    <button type="button" class="act" id="confirm-no" onClick=${back}>${t("confirmNo")}</button></div>`;
}

// A chosen deal number (its creator may know every hand) is told to the others at the table; its creator is
// told only that they are (a newcomer, creator of his table, read the warning against himself all game long),
// and nothing when only bots sit with him.
function seedNotice(f, you) {
  if (!f.table.seed_chosen) return null;
  if (you === null || you === undefined || you !== f.table.host) {
    return html`<p class="muted notice" id="seed-chosen" role="note">${t("seedChosen")}</p>`;
  }
  const people = (f.table.seats || []).filter((s) => s.kind !== "bot" && s.seat !== you).length;
  return people ? html`<p class="muted notice" id="seed-chosen" role="note">${t("seedChosenYours")}</p>` : null;
}

// The écart: the chien's cards, now in the taker's hand, shown by the choice (on a phone the side panel's
// "Chien" row is screens below, and a newcomer never saw what he had taken up).
function chienLine(f, sel) {
  const talon = ((f.obs || {}).public || {}).talon;
  if (!sel || sel.kind !== "ecart" || !Array.isArray(talon) || !talon.length) return null;
  return html`<p class="chien-line" id="chien-line">${t("chienInHand")}${t("colon")}${talon.map((c) => html`<${Face} key=${c} code=${c} cls="tiny" />`)}
    <span class="sr-only">${talon.map((c) => cardName(c)).join(", ")}</span></p>`;
}

function Controls({ f, you, rerender }) {
  if (T.pendingUntil && f.n >= T.pendingUntil) T.pendingUntil = 0;
  const pending = !!T.pendingUntil;
  const turn = pending ? null : f.obs.current_player;
  const legal = pending ? [] : f.obs.legal_actions || [];
  const hand = f.obs.hand || [];
  const g = groupActions(legal, hand);
  const sel = pending ? null : selectState(f);
  // the verb of a choice made of one-card actions ("discard" at the écart), or null (one action names them all)
  const firstAction = sel && !sel.joined ? Object.values(sel.actions || {})[0] : null;
  const oneCardVerb = firstAction ? selVerb(firstAction) : null;
  const selecting = !sel && g.select.length > 0;
  const picking = !sel && g.click && g.click.prefix !== "play";
  if (picking && T.picked && !g.click.cards.has(T.picked)) T.picked = null;
  const hints = f.hints || {};
  const explain = f.explain || {};
  // a weighty choice asked again, while its frame is the one shown
  const confirming = T.confirming && T.confirming.n === f.n && legal.includes(T.confirming.text) ? T.confirming.text : null;
  const sides = sidesOf(f, you);
  const mySide = sides && sides.find((s) => s.you);

  const state = (code) => {
    if (sel) {  // a card the choice cannot take stays pressable where the engine can say why (below)
      const ok = sel.cards.includes(code);
      return { legal: ok, chosen: T.selected.has(code), pressable: true, disabled: !ok && !oneCardVerb, dim: !ok };
    }
    const legalCard = g.click && g.click.cards.has(code);
    const why = g.click && !legalCard;  // clickable anyway: the engine's refusal says why
    const chosen = selecting ? T.selected.has(code) : picking && T.picked === code;
    return { legal: legalCard, chosen, pressable: selecting || picking, dim: why, disabled: !(legalCard || selecting || why) };
  };
  const onCard = (code) => {
    if (sel) {
      // a card the choice cannot take (a King, a bout, a trump at the écart): its one-card action is sent
      // alone, and the engine's refusal says why in words, the choice kept (a newcomer's tap did nothing)
      if (!sel.cards.includes(code)) { if (oneCardVerb) act(`${oneCardVerb} ${code}`); return; }
      T.toast = null;  // a card chosen or put back: an earlier refusal's words no longer apply (read as an error still)
      if (T.selected.has(code)) T.selected.delete(code);
      else if ((sel.done || 0) + T.selected.size < (sel.max ?? sel.need)) T.selected.add(code);
      else {  // one card too many: said (a newcomer's seventh tap did nothing), the choice unchanged
        toast(t("selectFull").replace("{n}", String(sel.max ?? sel.need)), null, "select");
        return;
      }
      rerender();
      // the choice full: the focus goes to its confirm, which stands above the hand (Tab from the hand's
      // last card went on to the actions below, and a keyboard player had to come back up for it)
      if ((sel.done || 0) + T.selected.size === (sel.max ?? sel.need) && document.activeElement?.closest?.(".hand")) {
        setTimeout(() => { const b = document.getElementById("confirm-pick"); if (b && !b.disabled) b.focus(); }, 0);
      }
    } else if (selecting) { if (T.selected.has(code)) T.selected.delete(code); else T.selected.add(code); rerender(); }
    else if (picking && g.click.cards.has(code)) { T.picked = T.picked === code ? null : code; rerender(); }
    else if (g.click) act(`${g.click.prefix} ${code}`);
  };

  // An explanation several buttons share after their own words ("appeler R♠ : le joueur qui l'a sera…") is said once.
  const tail = (why) => String(why || "").split(/\s?:\s/).slice(1).join(" : ");
  const tails = new Map();
  const inSelect = new Set(g.select.flatMap((x) => x.acts.map((a) => a.text)));  // said by the selection's own line
  for (const x of legal) { const w = inSelect.has(x) ? "" : tail(explain[x] || hints[x]); if (w) tails.set(w, (tails.get(w) || 0) + 1); }
  const shared = [...tails].filter(([, n]) => n > 1).map(([w]) => w);
  const button = (text, extra) => {
    const toks = text.split(" ");
    const cards = toks.filter(isCard);
    const words = toks.filter((x) => !isCard(x)).join(" ");
    const full = explain[text] || hints[text];
    const why = shared.includes(tail(full)) ? "" : full;
    const b = html`<button key=${text} type="button" class=${"act" + (extra ? " " + extra : "")} data-action=${text} title=${full || undefined}
        onClick=${() => (WEIGHTY.has(text) ? askAgain(f, text, rerender) : act(text))}>${capital(cards.length ? actionLabel(words) : actionLabel(text))}${cards.map((c) => html`<${Face} key=${c} code=${c} cls="tiny" />`)}</button>`;
    return why ? html`<span key=${"h" + text} class="act-with-hint">${b}<small class="hint">${why}</small></span>` : b;
  };

  // Choices grouped by verb ("Appeler : Roi de cœur, Roi de pique"), in the server's reading order.
  const byVerb = new Map();
  for (const text of g.plain) {
    const toks = text.split(" ");
    const key = toks.length === 2 ? toks[0] : "";
    if (!byVerb.has(key)) byVerb.set(key, []);
    byVerb.get(key).push(text);
  }
  const loose = []; const grouped = [];
  for (const [verb, texts] of byVerb) {
    if (!verb || texts.length < 2) { loose.push(...texts); continue; }
    grouped.push(html`<span key=${"v" + verb} class="verb">${capital(actionLabel(verb))}${t("colon").trimEnd()}</span>`);
    for (const text of texts) {
      grouped.push(html`<button key=${text} type="button" class="act" data-action=${text} title=${explain[text] || undefined}
          onClick=${() => act(text)}>${actionLabel(text.split(" ")[1])}</button>`);
    }
  }
  const firstGrouped = legal.findIndex((x) => byVerb.has(x.split(" ")[0]) && byVerb.get(x.split(" ")[0]).length >= 2 && x.split(" ").length === 2);
  const early = loose.filter((x) => firstGrouped >= 0 && legal.indexOf(x) < firstGrouped);
  // the selection's own actions are sent by its confirm (a joined verb with no card too: La Prime's bare "pass")
  const selectCards = sel ? new Set([...Object.values(sel.actions || {}), sel.finish, sel.joined].filter(Boolean)) : new Set();
  // what the selection does, in words: the tail its actions share ("ces cartes seront remplacées ; …")
  const selWhy = sel ? tail(explain[legal.find((x) => sel.joined && x.startsWith(sel.joined + " ")) || ""]) : "";
  const zeroOk = sel && KEEP_ALL.has(sel.kind);
  // a weighty choice (a concession, a slam) comes last: a newcomer's stray click on the first button conceded a deal
  const rest = [...loose.filter((x) => !early.includes(x)), ...g.buttons].filter((x) => !selectCards.has(x))
    .sort((a, b) => Number(WEIGHTY.has(a)) - Number(WEIGHTY.has(b)));

  const banner = f.over ? html`<div class="banner over" id="over">${t("over")}</div>`
    : f.deal_end ? html`<div class="banner">${dealEndedWords(f)}</div>`
      : Array.isArray(f.seating) && f.seating.length ? html`<div class="banner" id="seating-banner">${t("phase_seating")}</div>`
        : you !== null && you !== undefined && turn === you ? html`<div class="banner turn" id="your-turn">${t("turn")}${
          f.obs.phase && f.obs.phase !== "play" && t("phase_" + f.obs.phase) !== "phase_" + f.obs.phase
            ? html`<span class="turn-what"> — ${t("phase_" + f.obs.phase)}</span>` : null}</div>`
          : pending || turn === null || turn === undefined ? html`<div class="banner">…</div>`
            : html`<div class="banner">${t("waiting")} ${seatName(turn, you)}</div>`;
  const tricks = (pubOf(f).tricks || []).length || lastTrickOf(f);
  const k = T.selected.size;
  const live = legal.length > 0 && !f.deal_end;  // moves to make now: the actions, and a several-card choice's bar
  const sign = totalsSign(f.totals);  // "Vous −240 · Robot 2 +80"
  return html`<section class="controls" id="controls" data-n=${f.n} data-turn=${turn ?? ""} aria-label=${t("actions")}>
    <div class="bar">${banner}
      ${mySide ? html`<span class="my-side" id="my-side">${capital(t("yourSide"))} — ${mySide.name}${mySide.total === null || mySide.total === undefined ? "" : ` · ${sideTotal(mySide)}`}</span>` : null}</div>
    <${Toast} />
    ${seedNotice(f, you)}
    ${you === null || you === undefined ? html`<p class="muted">${t("spectator")}</p>${seatOffers(f)}` : null}
    ${live && (sel || picking) ? html`<div class="pick-bar" id="pick-bar">${sel ? html`<div class="select-hint" id="pick-hint"><strong>${sel.title}</strong> — <span id="select-counter">${selectCounter(sel, k)}</span>
          ${/ecart|discard/.test(sel.kind) ? html` · <span id="left-in-hand">${t("leftInHand").replace("{n}", hand.length - k)}</span>` : null}</div>
        ${chienLine(f, sel)}
        <button type="button" class="act primary" id="confirm-pick" disabled=${(sel.done || 0) + k < (sel.min ?? sel.need) || (sel.done || 0) + k > (sel.max ?? sel.need)}
          onClick=${() => confirmSelect(f, sel)}>${sel.confirm || t("confirm")}${zeroOk ? ` — ${k ? t("layAsideN").replace("{n}", k) : t("keepCards")}` : ""}</button>`
    : html`<div class="select-hint" id="pick-hint">${hints[g.click.prefix] || t("clickDiscard")} (${t("leftInHand").replace("{n}", hand.length)})</div>
        <button type="button" class="act primary" id="confirm-pick" disabled=${!T.picked}
          onClick=${() => { if (T.picked) act(`${g.click.prefix} ${T.picked}`); }}>${capital(actionLabel(g.click.prefix))}${T.picked ? " — " + cardName(T.picked) : ""}</button>`}</div>` : null}
    ${hand.length ? html`<${Hand} hand=${hand} state=${state} onCard=${onCard} marks=${f.marks} />` : null}
    ${live ? html`<div class="actions" id="actions" role="group" aria-label=${t("actions")}>
      ${sel && (selHint(sel, hints) || selWhy) ? html`<p class="select-hint select-help" id="pick-help">${selHint(sel, hints) ? html`<small>${selHint(sel, hints)}</small>` : null}
          ${selWhy ? html`${selHint(sel, hints) ? html`<br />` : null}<small class="sel-why">${sentence(selWhy)}</small>` : null}</p>` : null}
      ${confirming ? html`<${Confirming} text=${confirming} why=${explain[confirming] || hints[confirming]} rerender=${rerender} />`
    : html`${early.map((x) => button(x))}${grouped}${rest.map((x) => button(x))}`}
      ${shared.map((w) => html`<small key=${"sh" + w} class="hint shared-hint">${sentence(w)}</small>`)}
      ${selecting ? g.select.map((s) => {
    const counts = [...s.counts].sort((a, b) => a - b);
    // A verb that may take no card too (La Prime's "pass", keeping both cards): its own words say so, the
    // confirm button says what it will do ("Passer — écarter 2"), and no run of look-alike buttons follows.
    const bare = s.acts.some((a) => !a.cards.length);
    const what = bare ? (explain[s.prefix] ? capital(explain[s.prefix]) + ". " : "") + capital(t("chooseCards").replace("{counts}", counts.join("/")))
      : hints[s.prefix] || `${t("select")} (${counts.join("/")})`;
    const confirmWords = bare ? `${capital(actionLabel(s.prefix))} — ${k ? t("layAsideN").replace("{n}", k) : t("keepCards")}`
      : `${capital(actionLabel(s.prefix))} (${k})`;
    return html`<div key=${"s" + s.prefix} class="select-hint" id="select-counter">${what} — ${k} ${t("chosen")}</div>
      <button key=${"c" + s.prefix} type="button" class="act primary" id="confirm-select" disabled=${!s.counts.has(k)}
        onClick=${() => act([s.prefix, ...[...T.selected].sort((a, b) => hand.indexOf(a) - hand.indexOf(b))].filter(Boolean).join(" "))}>${confirmWords}</button>
      ${s.acts.length <= 6 && !bare ? s.acts.map((a) => html`<button key=${a.text} type="button" class="act suggestion" data-action=${a.text} onClick=${() => act(a.text)}>
        ${s.prefix === "discard" ? t("suggested") : capital(actionLabel(s.prefix))}${a.cards.map((c) => html`<${Face} key=${c} code=${c} cls="tiny" />`)}</button>`) : null}`;
  }) : null}
    </div>
    <${Notation} f=${f} legal=${legal} />` : null}
    <${Tools} f=${f} you=${you} hasTricks=${!!tricks} rerender=${rerender} />
    ${f.over ? html`<div class="panel over-box">
      ${f.deal_end && (f.deal_end.totals || []).length ? null : html`<p id="final-total">${t("total")}${t("colon")}${f.totals.map((x, s) => `${f.totals.length === f.table.players ? seatName(s, you) : `${t("side")} ${s + 1}`}${t("colon").trimEnd()}\u00a0${sign(x)}`).join(" · ")}</p>`}
      <a href=${`/api/tables/${T.id}/record`} download=${`atout-${T.id}.json`} id="download">${t("download")}</a>
      <a href=${"/r/" + T.id}>${t("replay")}</a> <a href="/">${t("newGame")}</a></div>` : null}
  </section>`;
}

function Notation({ f, legal }) {
  const ref = useRef(null);
  const example = t("notationHint").replace("{example}", (f.examples || legal.slice(0, 2)).slice(0, 2).join(", "));
  return html`<details class="notation"><summary>${t("notation")}</summary>
    <form onSubmit=${(ev) => { ev.preventDefault(); const v = ref.current.value.trim(); if (v) send({ type: "act", action: v, n: T.frame.n, typed: true }); }}>
      <input type="text" id="notation" ref=${ref} aria-label=${t("notation")} placeholder=${example} list="legal-list" />
      <datalist id="legal-list">${legal.slice(0, 200).map((a) => html`<option key=${a} value=${a}></option>`)}</datalist>
      <button type="submit">${t("send")}</button></form></details>`;
}

// A refusal: in the flow above the tools (never over the buttons), its source behind "pourquoi ?".
function Toast() {
  const m = T.toast;
  if (!m) return html`<div id="toast" class="toast" role="alert" hidden></div>`;
  return html`<div id="toast" class="toast" role="alert">
    <span class="msg">${m.message}</span>
    ${m.why ? html`<details class="why"><summary>${t("why")}</summary>${m.why}</details>` : null}
    <button type="button" class="close" aria-label=${t("close")} onClick=${() => { T.toast = null; draw(); }}>×</button></div>`;
}

function Tools({ f, you, hasTricks, rerender }) {
  const link = location.origin + "/t/" + T.id;
  // the last trick is on the table already, or in the deal-end panel, or the game is over: not offered
  const lastShown = !!T.showLast || !!shownCenter(f).caption || !!f.deal_end || !!f.over;
  const mine = you !== null && you !== undefined ? (f.table.seats || [])[you] : null;
  return html`${mine && mine.away ? html`<div class="away-note" role="status" id="away-note"><span>${t("awayYou")}</span>
      <button type="button" id="back" onClick=${() => send({ type: "back" })}>${t("backButton")}</button></div>` : null}<div class="tools">
    ${hasTricks && !lastShown ? html`<button type="button" id="last-trick" onClick=${() => { T.showLast = true; rerender(); }}>${t("showLastTrick")}</button>` : null}
    ${hasTricks && T.showLast ? html`<button type="button" id="last-trick" onClick=${() => { T.showLast = false; rerender(); }}>${t("hideLastTrick")}</button>` : null}
    ${f.can_undo ? html`<button type="button" id="undo" onClick=${() => send({ type: "undo" })}>${t("undo")}</button>` : null}
    ${you !== null && you !== undefined && f.table.seats.some((s) => s.kind === "empty")
    ? html`<button type="button" id="fill-bots" onClick=${() => send({ type: "fill_bots" })}>${t("fillBots")}</button>` : null}
    <label class="opt">${t("tempo")}
      <select id="tempo" value=${PACE.tempo()} onChange=${(ev) => { PACE.setTempo(ev.currentTarget.value); rerender(); }}>
        ${["slow", "normal", "fast", "instant"].map((x) => html`<option key=${x} value=${x}>${t("tempo_" + x)}</option>`)}
      </select></label>
    <label class="opt"><input type="checkbox" id="autoplay" checked=${PACE.autoplay()} onChange=${(ev) => { PACE.set("autoplay", ev.currentTarget.checked); }} /> ${t("autoplay")}</label>
    <label class="opt"><input type="checkbox" id="sound" checked=${PACE.sound()} onChange=${(ev) => { PACE.set("sound", ev.currentTarget.checked); if (ev.currentTarget.checked) beep(); }} /> ${t("sound")}</label>
    <span class="share">${t("share")} <code id="share-link">${link}</code>
      <button type="button" onClick=${async (ev) => { try { await navigator.clipboard.writeText(link); ev.currentTarget.textContent = t("copied"); } catch (e) { /* no clipboard */ } }}>${t("copy")}</button></span>
  </div>`;
}

// What a join sends: the seat and the nickname typed in the lobby or beside the seat offers (the server checks it).
function joinBody(seat) {
  const box = document.getElementById("join-name");
  const name = ((box && box.value) || localStorage.getItem("atout.name") || "").trim();
  if (name) localStorage.setItem("atout.name", name);
  return name ? { seat, name } : { seat };
}

function seatOffers(f) {
  const offers = f.table.seats.filter((s) => s.kind === "empty");
  if (!offers.length) return null;
  return html`<label class="opt join-name">${t("nickname")} <input id="join-name" maxlength="24" autocomplete="nickname"
    value=${localStorage.getItem("atout.name") || ""} /></label>${seatButtons(f)}`;
}

function seatButtons(f) {
  return f.table.seats.filter((s) => s.kind === "empty").map((s) => html`<button key=${"o" + s.seat} type="button" class="take-seat" data-seat=${s.seat}
    onClick=${async () => {
    try {
      const res = await api(`/api/tables/${T.id}/join?lang=${getLang()}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(joinBody(s.seat)) });
      localStorage.setItem("atout.token." + T.id, res.token);
      T.token = res.token;
      T.ws.close();
    } catch (e) { toast(e.message); }
  }}>${t("takeSeat")} ${s.seat + 1}</button>`);
}

// A short chime made in the page (WebAudio), only when the player turned the sound on.
let AUDIO = null;
function beep() {
  try {
    AUDIO = AUDIO || new (window.AudioContext || window.webkitAudioContext)();
    const o = AUDIO.createOscillator(); const g = AUDIO.createGain();
    o.type = "sine"; o.frequency.value = 880;
    g.gain.setValueAtTime(0.0001, AUDIO.currentTime);
    g.gain.exponentialRampToValueAtTime(0.2, AUDIO.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, AUDIO.currentTime + 0.25);
    o.connect(g).connect(AUDIO.destination); o.start(); o.stop(AUDIO.currentTime + 0.3);
  } catch (e) { /* no audio: nothing to say */ }
}
