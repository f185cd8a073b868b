// atout web: the card table — one WebSocket for this seat (or a spectator); frames queued and shown one move at
// a time at the player's tempo, a finished trick held on the table, the page updated in place (Preact).
"use strict";

const T = { id: null, token: null, seat: null, frame: null, ws: null, retry: 0, showLast: false, selected: new Set(), over: false,
  queue: [], busy: false, view: null, toast: null, picked: null, release: null };

// --- tempo and options, kept per browser --------------------------------------------------------------
const PACE = {
  // ms: a move by another seat stays this long before the next; a finished trick is held this long (or a click).
  TEMPI: { slow: { step: 1200, hold: 3200 }, normal: { step: 700, hold: 2000 }, fast: { step: 300, hold: 900 }, instant: { step: 0, hold: 0 } },
  tempo() { const x = localStorage.getItem("atout.tempo"); return PACE.TEMPI[x] ? x : "normal"; },
  setTempo(x) { localStorage.setItem("atout.tempo", x); },
  get(k) { return localStorage.getItem("atout." + k) === "1"; },
  set(k, v) { localStorage.setItem("atout." + k, v ? "1" : "0"); },
  autoplay() { return PACE.get("autoplay"); },
  sound() { return PACE.get("sound"); },
  ms(kind) { return PACE.TEMPI[PACE.tempo()][kind]; },
  reduced() { return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches; },
};

function tableIdFromPath() { return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""); }

function toast(message, why, kind) { T.toast = { message, why: why || null, kind: kind || null }; draw(); clearTimeout(toast.timer); toast.timer = setTimeout(() => { T.toast = null; draw(); }, 8000); }

function setStatus(text) { const s = document.getElementById("status"); if (s) s.textContent = text; }

function connect() {
  setStatus(T.retry ? t("reconnecting") : t("connecting"));
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + encodeURIComponent(T.id) + "?lang=" + getLang());
  T.ws = ws;
  T.base = null; T.resyncing = false;  // a new socket starts with a full frame
  ws.onopen = () => { ws.send(JSON.stringify({ type: "hello", token: T.token, lang: getLang(), deltas: true })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "welcome") { T.seat = msg.seat; T.retry = 0; setStatus(""); }
    else if (msg.type === "state") { T.base = msg; T.resyncing = false; receive(msg); }
    else if (msg.type === "delta") { const f = patched(msg); if (f) receive(f); }
    else if (msg.type === "error") {
      if (msg.code !== "stale") T.pendingUntil = 0;  // a refused step of a several-card run: the choice is offered again
      if (msg.code === "stale") return;  // a double click: the first one played, the second is dropped silently
      if (msg.code === "bad_token") { localStorage.removeItem("atout.token." + T.id); T.token = null; }
      if (msg.code === "no_table") { T.over = true; T.frame = null; preactRender(html`<p class="panel">${t("noTable")}</p>`, document.getElementById("table")); }
      toast(msg.message, msg.why);
    }
  };
  ws.onclose = (ev) => {
    if (T.ws !== ws) return;
    if (ev.code === 4404) return;
    T.retry += 1;
    setStatus(t("reconnecting"));
    setTimeout(connect, Math.min(5000, 400 * T.retry));
  };
}

// A delta (docs/web.md, "Frames"): the JSON Patch from the last frame received to the next, applied to a copy
// (the frame shown stays as it was); a gap in the numbers or a patch that does not apply asks for a full frame.
function patched(msg) {
  if (T.resyncing) return null;  // a full frame is on its way: deltas before it are dropped
  if (T.base && msg.base === T.base.seq) {
    try {
      const f = jsonpatch.applyPatch(T.base, msg.patch, false, false).newDocument;
      f.seq = msg.seq;
      T.base = f;
      return f;
    } catch (e) { /* applied to a frame it was not made for: a full frame is asked for */ }
  }
  T.resyncing = true;
  send({ type: "resync" });
  return null;
}

function send(msg) {
  if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send(JSON.stringify(msg));
}

// A move from the page: the frame shown is the one acted on; a held trick lets go at once.
function act(text) {
  if (T.release) T.release();
  send({ type: "act", action: text, n: T.frame.n });
}

// --- the queue: frames shown one move at a time -------------------------------------------------------
function receive(frame) {
  const last = T.queue.length ? T.queue[T.queue.length - 1] : T.frame;
  // A frame of another language, an undo or a reconnection replaces what is queued: shown at once.
  if (!last || frame.n < last.n || T.queue.length > 40) { T.queue = [frame]; T.view = null; if (T.release) T.release(); }
  else T.queue.push(frame);
  pump();
}

function wait(ms) {
  return new Promise((resolve) => {
    if (ms <= 0) { resolve(); return; }
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); if (T.release === done) T.release = null; resolve(); }
    T.release = done;
  });
}

function trickKey(tr) { return tr ? tr.cards.map((p) => p.seat + p.card).join(",") : ""; }

async function pump() {
  if (T.busy) return;
  T.busy = true;
  try {
    while (T.queue.length) {
      const f = T.queue.shift();
      const prev = T.frame;
      const fresh = !prev || f.n < prev.n;
      const ended = lastTrickOf(f) || (f.deal_end && f.deal_end.last_trick ? normTrick(f.deal_end.last_trick, f.table.players) : null);
      const gathered = !fresh && ended && ended.cards.length && trickKey(ended) !== trickKey(prevEnded(prev)) && trickOf(f).cards.length === 0;
      // (not the deal's last trick: the end-of-deal panel shows it with its own "Continuer", and at the match's
      // end "Cliquez pour continuer" beside "Partie terminée" led nowhere)
      if (gathered && PACE.ms("hold") > 0 && !f.over && !f.deal_end) {
        // The finished trick stays on the table, its winner marked, until a click or the hold is over.
        T.view = { trick: { ...ended, complete: true }, held: true, onFelt: () => { if (T.release) T.release(); } };
        show(f, prev);
        await wait(PACE.ms("hold"));
        if (!PACE.reduced()) { T.view = { ...T.view, held: false, gather: true }; draw(); await wait(350); }
        T.view = null;
        draw();
      } else {
        T.view = null;
        show(f, prev);
      }
      // Another seat's move stays its step before the next frame is shown, whether that frame is already queued or
      // comes later: frames 25 ms apart (a server with a short --bot-delay) went by one after the other unpaced.
      const mine = T.seat !== null && f.obs.current_player === T.seat;
      if (!mine && !fresh) await wait(PACE.ms("step"));
    }
  } finally { T.busy = false; }
}

function prevEnded(prev) { return prev ? lastTrickOf(prev) : null; }

function show(f, prev) {
  if (!prev || prev.n !== f.n) {
    T.picked = null;
    if (!f.select) T.selected = new Set();
    // "you have already chosen 6 cards" is about a choice: gone with it (it stayed over the announcements)
    if (T.toast && T.toast.kind === "select" && (!f.select || !prev || !prev.select || f.select.kind !== prev.select.kind)) T.toast = null;
  }
  if (f.over) T.over = true;
  T.frame = f;
  setSeatNames(f.seats);  // before the live region speaks: a spectator's first frame named "Joueur 4", not its seat's name
  announce(f, prev);
  draw();
  focusPlayable(f, prev);
  yourTurn(f, prev);
}

// A new decision of yours while the focus is in the hand on a card you cannot play (a newcomer pressed an
// arrow seven times from a greyed card to a trump): the focus goes to the playable card nearest to it, or,
// when no card is to be played now (the announcements after the écart), to the first action. Only when the
// decision comes: within it, the arrows still walk the whole hand.
function focusPlayable(f, prev) {
  if (T.seat === null || f.obs.current_player !== T.seat || f.over || (prev && prev.n === f.n && prev.obs.current_player === T.seat)) return;
  const hand = document.getElementById("hand");
  const active = document.activeElement;
  if (!hand || !active || !hand.contains(active) || active.classList.contains("legal")) return;
  const cards = [...hand.querySelectorAll("button.card-btn")];
  const here = cards.indexOf(active);
  const legal = cards.filter((b) => b.classList.contains("legal"));
  const target = legal.length
    ? legal.reduce((best, b) => (Math.abs(cards.indexOf(b) - here) < Math.abs(cards.indexOf(best) - here) ? b : best))
    : document.querySelector("#actions button:not([disabled])");
  if (target) target.focus({ preventScroll: true });
}

// The live region: what happened since the last frame and whose turn it is, as the frames are shown.
function announce(f, prev) {
  const box = document.getElementById("announce");
  if (!box) return;
  const you = T.seat;
  // The table's own sentences ("Robot moyen 2 passe.", "Vous jouez le 2 de pique."), as the journal says them:
  // those new since the last frame of the same deal, else the last one (a first frame, a new deal).
  const lines = f.narration || [];
  const before = prev && prev.deal === f.deal ? (prev.narration || []).length : -1;
  // (at most 12: a burst after a reconnection is cut, a deal's last trick and its score are not)
  const said = (before >= 0 && before <= lines.length ? lines.slice(before) : lines.slice(-1)).slice(-12);
  // Whose turn it is, said when someone must act: you, or a person the table waits for. A robot's turn is
  // not said (its card follows at once and says it: "Au tour de Robot 3" after every line was heard as
  // noise), nor is anything in a replay, where nobody plays.
  const turn = f.obs.current_player;
  const seat = (f.seats || []).find((s) => s.seat === turn);
  if (f.over) said.push(t("over"));
  else if (turn === you && turn !== null && turn !== undefined) said.push(t("turn"));
  else if (turn !== null && turn !== undefined && !f.replay && !(seat && seat.bot)) said.push(`${t("waiting")} ${seatName(turn, you)}`);
  box.textContent = said.join(" ");
}

function yourTurn(f, prev) {
  const mine = T.seat !== null && f.obs.current_player === T.seat && !f.over && !(T.pendingUntil && f.n < T.pendingUntil);
  const wasMine = prev && T.seat !== null && prev.obs.current_player === T.seat;
  document.title = `${mine ? "● " + t("yourTurnTitle") + " — " : ""}atout — ${f.table.title}`;
  if (mine && !wasMine && PACE.sound()) beep();
  const legal = f.obs.legal_actions || [];
  if (mine && PACE.autoplay() && legal.length === 1 && !f.deal_end && !f.select) {
    setTimeout(() => { if (T.frame === f) act(legal[0]); }, Math.min(400, PACE.ms("step")));
  }
}

// --- drawing --------------------------------------------------------------------------------------------
function shownCenter(f) {
  if (T.view && T.view.trick) return T.view;
  const live = trickOf(f);
  if (live.cards.length && !T.showLast) return { trick: live };
  const last = lastTrickOf(f);
  if (last && (T.showLast || !live.cards.length)) {
    return { trick: last, faded: !T.showLast, caption: `${t("lastTrick")} — ${t("wonBy")} ${last.winner === T.seat ? t("you").toLowerCase() : seatName(last.winner, T.seat)}`, onFelt: T.showLast ? () => { T.showLast = false; draw(); } : null };
  }
  return { trick: live };
}

function App({ f }) {
  const you = T.seat;
  const center = shownCenter(f);
  return html`
    <div class="play">
      <${Felt} f=${f} you=${you} shown=${center} />
      ${f.deal_end ? html`<${DealEnd} f=${f} you=${you} onContinue=${() => send({ type: "continue" })} />` : null}
      <${Controls} f=${f} you=${you} rerender=${draw} />
    </div>
    <aside class="side" aria-label=${t("sidePanel")}>
      <${Facts} f=${f} you=${you} /><${Rules} f=${f} /><${Sheet} f=${f} you=${you} /><${Log} f=${f} you=${you} />
    </aside>`;
}

function draw() {
  const f = T.frame;
  if (!f) return;
  document.documentElement.lang = getLang();
  setCardNames(f.names);
  setFacesPack(f.table.faces);
  setSeatNames(f.seats);
  const sub = document.getElementById("subtitle");
  if (sub) sub.textContent = `${f.table.title} · ${variantTitle(f.table.variant_texts, f.table.variant)} · ${f.table.players} ${t("players").toLowerCase()}`;
  if (location.pathname !== "/t/" + T.id) history.replaceState(null, "", "/t/" + encodeURIComponent(T.id));
  const box = document.getElementById("table");
  const before = document.activeElement;
  const inTable = !!before && before !== document.body && box.contains(before);
  preactRender(html`<${App} f=${f} />`, box);
  keepFocus(inTable);
}

// A phase change removes the focused control (bid → écart → announcements): the focus goes to the new phase's
// first control (an enabled action, else the hand), not to <body> — at once, or once the player's turn comes.
function keepFocus(inTable) {
  const lost = !document.activeElement || document.activeElement === document.body;
  if (!lost) { T.focusLost = false; return; }
  if (!inTable && !T.focusLost) return;
  const next = ["#actions button:not([disabled])", "#deal-end button", "#hand [tabindex='0']"]
    .map((q) => document.querySelector(q)).find(Boolean);
  if (next) { next.focus({ preventScroll: true }); T.focusLost = false; } else T.focusLost = true;
}

if (document.getElementById("table")) {
  T.id = tableIdFromPath();
  T.token = localStorage.getItem("atout.token." + T.id);
  document.getElementById("langbox").replaceChildren(langSwitch(() => { draw(); if (T.ws) T.ws.close(); }));
  connect();
}
