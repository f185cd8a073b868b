// atout web: the table drawn with Preact + htm (vendor/preact-htm.min.js): keyed, updated in place, focus kept.
"use strict";

const { html, render: preactRender, useEffect, useLayoutEffect, useRef, useState } = htmPreact;

function Face({ code, cls, label }) {
  return html`<span class=${"card" + (cls ? " " + cls : "")} title=${label || cardName(code)} data-card=${code}
    dangerouslySetInnerHTML=${{ __html: faceHTML(code) }}></span>`;
}

function Back({ cls }) {
  return html`<span class=${"card back" + (cls ? " " + cls : "")} aria-hidden="true" dangerouslySetInnerHTML=${{ __html: BACK_SVG }}></span>`;
}
const BACK_SVG = `<svg viewBox="0 0 60 90" xmlns="http://www.w3.org/2000/svg"><rect x="0.5" y="0.5" width="59" height="89" rx="5" fill="#27476e" stroke="#8a8a8a"/><rect x="5" y="5" width="50" height="80" rx="3" fill="none" stroke="#9fb7d6" stroke-dasharray="3 2"/></svg>`;

function badgeWord(s, code) { return (s.badge_words || {})[code] || t("badge_" + code); }

// The seconds left to move (frame.turn_deadline, epoch seconds: a friends' table with a move timeout), counted
// down once a second on the seat whose turn it is; nothing when the frame has no deadline.
function Countdown({ deadline }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((x) => x + 1), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  const left = Math.max(0, Math.ceil(deadline - Date.now() / 1000));
  return html`<span class=${"countdown" + (left <= 10 ? " soon" : "")} data-left=${left} role="timer" title=${t("turnLeft").replace("{n}", left)}>· ${t("turnLeft").replace("{n}", left)}</span>`;
}

function Seat({ s, you, n, deadline, replay }) {
  const spot = seatSpot(s.seat, you, n);
  const me = s.seat === you;
  const cls = "seat" + (s.turn ? " turn" : "") + (me ? " me" : "") + ((s.badges || []).some((b) => b === "partner" || b === "defence") ? " ally" : "");
  const badges = (s.badges || []).filter((b) => b !== "you" && !(b === "mort" && s.seat < 0));
  const name = me ? t("you") : s.name || seatName(s.seat, you);
  const kind = me || s.seat < 0 || (s.bot && s.level) ? "" : s.bot ? t("bot") : t(s.kind === "empty" ? "empty" : "human");
  // whose turn, in words: "À vous de jouer", "Robot moyen 2 réfléchit…", a person's "à son tour"
  // a replay: nobody is thinking or online, the seat whose move comes next is only marked
  const cue = me ? t("turn") : replay ? t("theirTurnCue") : s.away ? t("awayCue") : s.bot ? html`<span class="cue-long">${t("thinking").replace("{name}", name)}</span><span class="cue-short">${t("thinkingShort")}</span>` : t("theirTurnCue");
  return html`<div class=${cls} data-zone="seat" role="group" data-seat=${s.seat} style=${`--x:${spot.x}%;--y:${spot.y}%`}
      aria-label=${`${name}${s.turn ? " — " + (me ? t("turn") : t("theirTurn")) : ""}`}>
    <div class="seat-name"><span class=${"dot" + (s.online && !replay ? " on" : "")}></span>${s.seat >= 0 && !me ? html`<span class="no" aria-hidden="true">${s.seat + 1}</span>` : null}<span class="nm">${name}</span>${kind ? html`<span class="kind"> · ${kind}</span>` : null}</div>
    <div class="seat-sub">
      ${typeof s.cards === "number" ? html`<span class="count" title=${t("cardsInHand")}>🂠 ${s.cards}</span>` : null}
      ${typeof s.chips === "number" ? html`<span class="chips" title=${t("chips")}>● ${s.chips}</span>` : null}
      ${typeof s.stake === "number" ? html`<span class="stake" title=${t("stake")}>${t("stake")} ${s.stake}</span>` : null}
      ${badges.map((b) => html`<span key=${b} class=${"badge b-" + b + (b === "taker" ? " taker" : "")}>${badgeWord(s, b)}</span>`)}
      ${s.away ? html`<span class="badge b-away" title=${t("awayHelp")}>${t("badge_away")}</span>` : null}
    </div>
    ${s.turn ? html`<div class="turn-cue" data-cue=${me ? "you" : replay ? "next" : s.bot ? "bot" : "person"}>${cue}${typeof deadline === "number" ? html` <${Countdown} deadline=${deadline} />` : null}</div>` : null}
  </div>`;
}

// The cards on the table, each in front of the seat that played it; the winner marked; a gathered trick
// slides toward its winner (style.css: none under prefers-reduced-motion).
function Trick({ trick, you, n, gather, faded }) {
  const cards = (trick && trick.cards) || [];
  let gx = 0; let gy = 0;
  if (gather && trick.winner !== null && trick.winner !== undefined) {
    const w = seatSpot(trick.winner, you, n); gx = (w.x - 50) / 42; gy = (w.y - 50) / 38;
  }
  return html`<div class=${"trick" + (gather ? " gather" : "") + (faded ? " faded" : "")} id="trick-zone" data-zone="trick" role="group"
      aria-label=${t("trick")} style=${`--gx:${gx};--gy:${gy}`}>
    ${cards.map((p, i) => {
    const spot = seatSpot(p.seat, you, n);
    const dx = (spot.x - 50) / 42; const dy = (spot.y - 50) / 38;
    const win = trick.winner !== null && trick.winner !== undefined && p.seat === trick.winner;
    // a card toward a seat across the table has its name above it: below, the next seat's card covered it (5 players);
    // a side seat's name runs toward the middle, away from that seat's chip (style.css)
    const where = (dy < -0.2 ? " above" : "") + (dx < -0.8 ? " side-l" : dx > 0.8 ? " side-r" : "");
    return html`<figure key=${p.seat + ":" + p.card} class=${"played" + (win ? " win" : "") + where} data-seat=${p.seat}
        style=${`left:${50 + 30 * dx}%;top:${50 + 22 * dy}%;z-index:${i + 1}`}>
      <${Face} code=${p.card} />
      <figcaption>${p.seat >= 0 && p.seat !== you ? html`<span class="no">${p.seat + 1}</span>` : null}<span class=${p.seat >= 0 && p.seat !== you ? "full" : ""}>${seatName(p.seat, you)}</span>${win ? html` <span class="win-mark">★ ${trick.complete ? t("wins") : t("leads")}</span>` : null}</figcaption>
    </figure>`;
  })}
  </div>`;
}

// Every hand, for the replay (the game is over: all is public), seat by seat under the table.
function Hands({ hands, you }) {
  return html`<section class="panel hands" id="hands" aria-label=${t("hands")}>${hands.map((h, s) => html`<div key=${s} class="hand-line">
    <span class="who">${seatName(s, you)}</span><div class="mini-hand">${h.map((c) => html`<${Face} key=${c} code=${c} cls="small" />`)}</div></div>`)}</section>`;
}

function Felt({ f, you, shown }) {
  const seats = seatsOf(f, you);
  const n = f.table.players;
  SEAT_RING = seats.length;
  const trick = shown.trick;
  // The last trick's caption ("Dernier pli — remporté par …") is a line above the felt, its room kept when empty
  // (nothing jumps): over the cloth it covered a card or a label of the trick (issue 18's phone check).
  // A held trick's "Cliquez pour continuer" sits in that line too (on the cloth it covered the bottom seat's
  // "À vous de jouer" on a desktop): the whole felt answers the click as well.
  const note = shown.held ? html`<button type="button" class="hold-note" onClick=${shown.onFelt}>${t(matchMedia("(hover: none)").matches ? "tapToGoOn" : "clickToGoOn")}</button>` : null;
  // The trump suit in that line too (La Triomphe, Mistigri): on a phone the facts panel is below the fold, and a
  // newcomer scrolled to see it before each card.
  const trump = pubOf(f).trump;
  const trumpTag = typeof trump === "string" && SUIT_WORDS[trump] ? html`<span class="caption-trump" id="felt-trump">${t("trump")}${t("colon")}${suitWords(trump)}</span>` : null;
  const gap = !trumpTag ? "" : note ? " " : shown.caption ? " · " : "";  // no "·" beside the held trick's button
  return html`<p class="trick-caption" id="trick-caption">${note || shown.caption || ""}${gap}${trumpTag}</p><section class=${"felt n" + n} id="felt" aria-label=${t("table")} onClick=${shown.onFelt}>
    <${Trick} trick=${trick} you=${you} n=${n} gather=${shown.gather} faded=${shown.faded} />
    ${seats.map((s) => html`<${Seat} key=${"s" + s.seat} s=${s} you=${you} n=${n} deadline=${f.deal_end || f.over || f.replay ? null : f.turn_deadline} replay=${!!f.replay} />`)}
  </section>`;
}

// The hand: one button per card, a roving tabindex (arrows choose, Enter plays), cards overlapping on a phone.
function Hand({ hand, state, onCard, marks }) {
  const ref = useRef(null);
  const [focusIdx, setFocusIdx] = useState(0);
  const width = useWidth();
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {  // the room the hand has: the width of its box, followed as the window changes
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => setRoom(box.clientWidth);
    measure();
    const ro = window.ResizeObserver ? new ResizeObserver(measure) : null;
    if (ro) ro.observe(box);
    return () => { if (ro) ro.disconnect(); };
  }, []);
  const phone = width < 640;
  const cw = phone ? 46 : 64;
  const rows = phone && hand.length > 12 ? 2 : 1;
  const perRow = Math.ceil(hand.length / rows) || 1;
  const usable = (room || width - 24) - 8;
  const step = Math.max(phone ? 12 : 22, Math.min(cw + 4, perRow > 1 ? (usable - cw) / (perRow - 1) : cw));
  const idx = Math.min(focusIdx, Math.max(0, hand.length - 1));
  useLayoutEffect(() => {  // the focused card was played: the focus stays in the hand, on its neighbour
    const box = ref.current;
    if (box && box.dataset.hadFocus === "1" && !box.contains(document.activeElement)) {
      const b = box.querySelectorAll("button")[idx];
      if (b) b.focus();
    }
  });
  useEffect(() => {  // focusin/focusout bubble (focus/blur do not): whether the hand holds the focus
    const box = ref.current;
    const on = () => { box.dataset.hadFocus = "1"; };
    const off = (ev) => { if (ev.relatedTarget && !box.contains(ev.relatedTarget)) box.dataset.hadFocus = "0"; };
    box.addEventListener("focusin", on);
    box.addEventListener("focusout", off);
    return () => { box.removeEventListener("focusin", on); box.removeEventListener("focusout", off); };
  }, []);
  const onKey = (ev) => {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (ev.key in keys || ev.key === "Home" || ev.key === "End") {
      ev.preventDefault();
      const cur = [...ref.current.querySelectorAll("button")].indexOf(document.activeElement);
      const from = cur >= 0 ? cur : idx;
      const next = ev.key === "Home" ? 0 : ev.key === "End" ? hand.length - 1 : (from + keys[ev.key] + hand.length) % hand.length;
      setFocusIdx(next);
      const b = ref.current.querySelectorAll("button")[next];
      if (b) b.focus();
    }
  };
  const lines = [];
  for (let r = 0; r < rows; r += 1) lines.push(hand.slice(r * perRow, (r + 1) * perRow));
  return html`<div class=${"hand" + (phone ? " phone" : "")} id="hand" data-zone="hand" role="group" aria-label=${t("hand")} ref=${ref}
      onKeyDown=${onKey}
      style=${`--step:${step}px;--cw:${cw}px`}>
    ${lines.map((line, r) => html`<div class="hand-row" key=${"r" + r}>${line.map((code, j) => {
    const i = r * perRow + j;
    const st = state(code);
    const mark = (marks || {})[code];
    return html`<button key=${code} type="button" data-card=${code} tabindex=${i === idx ? 0 : -1}
        class=${"card-btn" + (st.legal ? " legal" : "") + (st.chosen ? " chosen" : "") + (st.dim ? " dim" : "")}
        aria-label=${cardName(code) + (mark ? ` (${mark})` : "") + (st.dim ? ` (${t("cardNotNow")})` : "")} aria-pressed=${st.pressable ? String(!!st.chosen) : undefined}
        aria-disabled=${st.disabled ? "true" : undefined}
        onFocus=${() => setFocusIdx(i)} onClick=${() => { if (!st.disabled) onCard(code); }}>
      <span class="face" dangerouslySetInnerHTML=${{ __html: faceHTML(code) }}></span>
      ${mark ? html`<span class="card-mark">${mark}</span>` : null}
    </button>`;
  })}</div>`)}
  </div>`;
}

function useWidth() {
  const [w, setW] = useState(window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener("resize", on);
    return () => window.removeEventListener("resize", on);
  }, []);
  return w;
}

function capital(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }
function actionLabel(text) {
  const labels = (T.frame && T.frame.labels) || {};
  return labels[text] || text;
}
