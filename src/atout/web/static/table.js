// atout web: the card table — one WebSocket for this seat (or a spectator), frames drawn as they come.
"use strict";

// Public facts shown in the side panel with their own look; technical ones left out.
const SKIP = new Set(["trick", "tricks", "hand_sizes", "leader", "deal", "deals", "variant", "order", "sides",
  "last_row", "concession", "italian", "eldest", "status", "engaged", "declarations_done", "payments", "outcome",
  "result", "dealer", "target", "drawn", "pending", "carry", "second_discard", "laid_aside", "participants",
  "discards_face_up"]);  // 1637: shown by owner as discards_face_up_by_seat
const SUIT_WORDS = { S: "♠", H: "♥", D: "♦", C: "♣", spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };

const T = { id: null, token: null, seat: null, frame: null, ws: null, retry: 0, showLast: false, selected: new Set(), over: false };

function tableIdFromPath() { return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""); }

function toast(message) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

function setStatus(text) { const s = document.getElementById("status"); if (s) s.textContent = text; }

function connect() {
  setStatus(T.retry ? t("reconnecting") : t("connecting"));
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + encodeURIComponent(T.id));
  T.ws = ws;
  ws.onopen = () => { ws.send(JSON.stringify({ type: "hello", token: T.token, lang: getLang() })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "welcome") { T.seat = msg.seat; T.retry = 0; setStatus(""); }
    else if (msg.type === "state") {
      if (T.frame && T.frame.n !== msg.n) { T.selected.clear(); T.picked = null; }
      T.frame = msg; T.over = msg.over; renderTable();
    } else if (msg.type === "error") {
      if (msg.code === "stale") return;  // a double click: the first one played, the second is dropped silently
      if (msg.code === "bad_token") { localStorage.removeItem("atout.token." + T.id); T.token = null; }
      if (msg.code === "no_table") { T.over = true; document.getElementById("table").replaceChildren(el("p", { class: "panel" }, t("noTable"))); }
      toast(msg.message);
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

function send(msg) {
  if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send(JSON.stringify(msg));
}

// The selection is kept until the table moves on (a refused écart keeps it, to fix one card).
function act(text) {
  send({ type: "act", action: text, n: T.frame.n });
}

function capital(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

// --- reading the legal actions -----------------------------------------------------------------
// Each action splits into a prefix of words and a tail of cards: "announce poignee T21 T20 …".
function groupActions(legal, hand) {
  const handSet = new Set(hand);
  const groups = new Map();
  const plain = [];
  for (const text of legal) {
    const toks = text.split(" ");
    let i = 0;
    while (i < toks.length && !isCard(toks[i])) i += 1;
    const prefix = toks.slice(0, i).join(" ");
    const cards = toks.slice(i);
    if (!cards.length && !(groups.has(prefix))) { plain.push(text); continue; }
    if (!groups.has(prefix)) groups.set(prefix, []);
    groups.get(prefix).push({ text, cards });
  }
  // A verb like Prime's "discard" may be legal with no card too: keep it in its group.
  for (const p of [...plain]) if (groups.has(p)) { groups.get(p).push({ text: p, cards: [] }); plain.splice(plain.indexOf(p), 1); }
  let click = null; const select = []; const buttons = [];
  // Clicking a card means playing it, or the one thing the phase asks (a 1637 discard); a card choice
  // among other choices (Mistigri's exchange with the turn-up) gets buttons instead.
  const clickable = (prefix) => prefix === "play" || (groups.size === 1 && !plain.length);
  for (const [prefix, acts] of groups) {
    const single = acts.every((a) => a.cards.length === 1 && handSet.has(a.cards[0]));
    if (single && !click && clickable(prefix)) click = { prefix, cards: new Set(acts.map((a) => a.cards[0])) };
    else if (acts.some((a) => a.cards.length >= 2) || new Set(acts.map((a) => a.cards.length)).size > 1) {
      select.push({ prefix, counts: new Set(acts.map((a) => a.cards.length)), acts });
    } else buttons.push(...acts.map((a) => a.text));
  }
  return { plain, click, select, buttons };
}

function actionLabel(text) {
  const labels = (T.frame && T.frame.labels) || {};
  return labels[text] || text;
}

// --- drawing -------------------------------------------------------------------------------------
function renderTable() {
  const f = T.frame;
  if (!f) return;
  document.documentElement.lang = getLang();
  document.getElementById("langbox").replaceChildren(langSwitch(() => { renderTable(); if (T.ws) T.ws.close(); }));
  setCardNames(f.names);
  document.getElementById("subtitle").textContent = `${f.table.title} · ${variantTitle(f.table.variant_texts, f.table.variant)} · ${f.table.players} ${t("players").toLowerCase()}`;
  if (location.pathname !== "/t/" + T.id) history.replaceState(null, "", "/t/" + encodeURIComponent(T.id));
  document.title = `atout — ${f.table.title}`;
  const main = document.getElementById("table");
  main.replaceChildren(board(f, { you: T.seat }), controls(f), sidePanel(f));
}

function playedCards(f) {
  const pub = f.obs.public || {};
  return (pub.trick || []).map((e) => Array.isArray(e) ? { seat: e[0], card: e[1] } : { seat: null, card: e });
}

function trickCards(trick, n) {
  // Tricks come as {leader, cards: [codes]} or {cards: [[seat, code]]}.
  return (trick.cards || []).map((c, i) => Array.isArray(c) ? { seat: c[0], card: c[1] } : { seat: (trick.leader + i) % n, card: c });
}

function board(f, opts) {
  setFacesPack(f.table.faces);
  const you = opts.you;
  const pub = f.obs.public || {};
  const n = f.table.players;
  const turn = f.obs.current_player;
  const order = [];
  for (let i = 1; i <= n; i += 1) order.push(((you === null || you === undefined ? n - 1 : you) + i) % n);
  const others = you === null || you === undefined ? order : order.filter((s) => s !== you);
  const seatBox = (s) => {
    const info = f.table.seats[s] || { kind: "bot", online: false };
    const sizes = pub.hand_sizes || [];
    const badges = [];
    if (s === f.dealer) badges.push(el("span", { class: "badge" }, t("dealer")));
    if (pub.taker === s && !/^(bidding|auction|bid)/.test(f.obs.phase || "")) badges.push(el("span", { class: "badge taker" }, t("taker")));
    if (pub.partner === s) badges.push(el("span", { class: "badge" }, t("partner")));
    const hand = opts.hands ? el("div", { class: "mini-hand" }, opts.hands[s].map((c) => cardNode(c, "small"))) : null;
    return el("div", { class: "seat" + (s === turn ? " turn" : "") + (s === you ? " me" : ""), "data-seat": s },
      el("div", { class: "seat-name" }, el("span", { class: "dot" + (info.online || info.kind === "bot" ? " on" : "") }), seatName(s, you),
        el("span", { class: "kind" }, " · " + t(info.kind))),
      el("div", { class: "seat-sub" }, sizes[s] !== undefined ? `🂠 ${sizes[s]}` : "", ...badges),
      hand);
  };
  const played = playedCards(f);
  let center;
  if (played.length) {
    center = el("div", { class: "trick", "aria-label": t("trick") }, played.map((p) =>
      el("figure", { class: "played" }, cardNode(p.card), el("figcaption", {}, seatName(p.seat, you)))));
  } else {
    const tricks = pub.tricks || [];
    const last = tricks[tricks.length - 1];
    center = last ? el("div", { class: "trick faded" }, el("div", { class: "caption" }, `${t("lastTrick")} — ${t("wonBy")} ${seatName(last.winner, you)}`),
      trickCards(last, n).map((p) => el("figure", { class: "played" }, cardNode(p.card), el("figcaption", {}, seatName(p.seat, you)))))
      : el("div", { class: "trick empty" });
  }
  let lastTrickBox = null;
  if (T.showLast && played.length && (pub.tricks || []).length) {
    const last = pub.tricks[pub.tricks.length - 1];
    lastTrickBox = el("div", { class: "trick faded" }, el("div", { class: "caption" }, `${t("lastTrick")} — ${t("wonBy")} ${seatName(last.winner, you)}`),
      trickCards(last, n).map((p) => el("figure", { class: "played" }, cardNode(p.card), el("figcaption", {}, seatName(p.seat, you)))));
  }
  const felt = el("section", { class: "felt", id: "felt" },
    el("div", { class: "opponents" }, others.map(seatBox)),
    el("div", { class: "center", id: "trick" }, center, lastTrickBox),
    you !== null && you !== undefined ? seatBox(you) : null);
  return felt;
}

function controls(f) {
  const box = el("section", { class: "controls", id: "controls", "data-n": f.n, "data-turn": f.obs.current_player ?? "" });
  const you = T.seat;
  const turn = f.obs.current_player;
  const banner = f.over ? el("div", { class: "banner over", id: "over" }, t("over"))
    : you !== null && turn === you ? el("div", { class: "banner turn", id: "your-turn" }, t("turn"))
      : el("div", { class: "banner" }, `${t("waiting")} ${seatName(turn, you)}`);
  box.append(banner);
  // A deal number chosen at creation: its creator can know every hand; everyone at the table is told.
  if (f.table.seed_chosen) box.append(el("p", { class: "muted notice", id: "seed-chosen", role: "note" }, t("seedChosen")));
  if (you === null) box.append(el("p", { class: "muted" }, t("spectator")), ...seatOffers(f));
  const legal = f.obs.legal_actions || [];
  const hand = f.obs.hand || [];
  const g = groupActions(legal, hand);
  const selecting = g.select.length > 0;
  // A card verb other than "play" (a discard one card at a time): pick the card, then confirm it.
  const picking = g.click && g.click.prefix !== "play";
  if (picking && T.picked && !g.click.cards.has(T.picked)) T.picked = null;
  if (hand.length) {
    const row = el("div", { class: "hand", id: "hand", "aria-label": t("hand") });
    for (const code of hand) {
      const legalCard = g.click && g.click.cards.has(code);
      const chosen = selecting ? T.selected.has(code) : picking && T.picked === code;
      // A greyed card stays clickable when it is one's turn to play: the engine's refusal says why (say_error).
      const explain = g.click && !legalCard;
      const btn = el("button", {
        type: "button", class: "card-btn" + (legalCard ? " legal" : "") + (chosen ? " chosen" : "") + (g.click && !legalCard ? " dim" : ""),
        "data-card": code, "aria-label": cardName(code), "aria-pressed": selecting || picking ? String(chosen) : null,
        "aria-disabled": !(legalCard || selecting || explain) ? "true" : null,
        disabled: !(legalCard || selecting || explain),
        onclick: () => {
          if (selecting) { if (T.selected.has(code)) T.selected.delete(code); else T.selected.add(code); renderTable(); }
          else if (picking && legalCard) { T.picked = T.picked === code ? null : code; renderTable(); }
          else if (legalCard || explain) act(`${g.click.prefix} ${code}`);
        },
      });
      btn.innerHTML = faceHTML(code);
      const mark = (f.marks || {})[code];
      if (mark) { btn.append(el("span", { class: "card-mark" }, mark)); btn.setAttribute("aria-label", `${cardName(code)} (${mark})`); }
      row.append(btn);
    }
    box.append(row);
  }
  if (legal.length) {
    const acts = el("div", { class: "actions", id: "actions", role: "group", "aria-label": t("actions") });
    if (picking) {
      const hint = (f.hints || {})[g.click.prefix] || t("clickDiscard");
      acts.append(el("div", { class: "select-hint", id: "pick-hint" }, `${hint} (${hand.length} ${t("inHand")})`),
        el("button", { type: "button", class: "act primary", id: "confirm-pick", disabled: !T.picked,
          onclick: () => { if (T.picked) act(`${g.click.prefix} ${T.picked}`); } },
        capital(actionLabel(g.click.prefix)), T.picked ? " — " + cardName(T.picked) : ""));
    }
    const byVerb = new Map();
    for (const text of g.plain) {
      const toks = text.split(" ");
      const key = toks.length === 2 ? toks[0] : "";
      if (!byVerb.has(key)) byVerb.set(key, []);
      byVerb.get(key).push(text);
    }
    const loose = [];
    const grouped = [];
    for (const [verb, texts] of byVerb) {
      if (!verb || texts.length < 2) { loose.push(...texts); continue; }
      grouped.push(el("span", { class: "verb" }, capital(actionLabel(verb)) + t("colon").trimEnd()));
      for (const text of texts) {
        grouped.push(el("button", { type: "button", class: "act", "data-action": text, onclick: () => act(text) }, actionLabel(text.split(" ")[1])));
      }
    }
    const hints = f.hints || {};
    const button = (text) => {
      const toks = text.split(" ");
      const cards = toks.filter(isCard);
      const words = toks.filter((x) => !isCard(x)).join(" ");
      const b = el("button", { type: "button", class: "act", "data-action": text, title: hints[text] || null, onclick: () => act(text) },
        cards.length ? actionLabel(words) : actionLabel(text), ...cards.map((c) => cardNode(c, "tiny")));
      return hints[text] ? el("span", { class: "act-with-hint" }, b, el("small", { class: "hint" }, hints[text])) : b;
    };
    // The server lists choices in reading order ('pass' first, bids weakest first): keep it.
    const firstGrouped = legal.findIndex((x) => byVerb.has(x.split(" ")[0]) && byVerb.get(x.split(" ")[0]).length >= 2 && x.split(" ").length === 2);
    const early = loose.filter((x) => firstGrouped >= 0 && legal.indexOf(x) < firstGrouped);
    acts.append(...early.map(button), ...grouped, ...[...loose.filter((x) => !early.includes(x)), ...g.buttons].map(button));
    for (const s of g.select) {
      const k = T.selected.size;
      const counts = [...s.counts].sort((a, b) => a - b);
      acts.append(el("div", { class: "select-hint" }, `${hints[s.prefix] || `${t("select")} (${counts.join("/")})`} — ${k} ${t("chosen")}`),
        el("button", { type: "button", class: "act primary", id: "confirm-select", disabled: !s.counts.has(k),
          onclick: () => act([s.prefix, ...[...T.selected].sort((a, b) => hand.indexOf(a) - hand.indexOf(b))].filter(Boolean).join(" ")) },
        `${actionLabel(s.prefix)} (${k})`));
      if (s.acts.length <= 6) for (const a of s.acts) {  // a few whole choices: offered as suggestions
        acts.append(el("button", { type: "button", class: "act suggestion", "data-action": a.text, onclick: () => act(a.text) },
          s.prefix === "discard" ? t("suggested") : capital(actionLabel(s.prefix)), ...a.cards.map((c) => cardNode(c, "tiny"))));
      }
    }
    box.append(acts);
    const input = el("input", { type: "text", id: "notation", "aria-label": t("notation"), placeholder: t("notationHint").replace("{example}", (f.examples || legal.slice(0, 2)).slice(0, 2).join(", ")), list: "legal-list" });
    box.append(el("details", { class: "notation" }, el("summary", {}, t("notation")),
      el("form", { onsubmit: (ev) => { ev.preventDefault(); if (input.value.trim()) send({ type: "act", action: input.value.trim(), n: T.frame.n, typed: true }); } }, input,
        el("datalist", { id: "legal-list" }, legal.slice(0, 200).map((a) => el("option", { value: a }))),
        el("button", { type: "submit" }, t("send")))));
  }
  const tools = el("div", { class: "tools" });
  if ((f.obs.public.tricks || []).length) {
    tools.append(el("button", { type: "button", id: "last-trick", onclick: () => { T.showLast = !T.showLast; renderTable(); } },
      T.showLast ? t("hideLastTrick") : t("showLastTrick")));
  }
  if (f.can_undo) tools.append(el("button", { type: "button", id: "undo", onclick: () => send({ type: "undo" }) }, t("undo")));
  if (you !== null && f.table.seats.some((s) => s.kind === "empty")) {
    tools.append(el("button", { type: "button", id: "fill-bots", onclick: () => send({ type: "fill_bots" }) }, t("fillBots")));
  }
  const link = location.origin + "/t/" + T.id;
  tools.append(el("span", { class: "share" }, t("share") + " ", el("code", { id: "share-link" }, link), " ",
    el("button", { type: "button", onclick: async (ev) => { try { await navigator.clipboard.writeText(link); ev.target.textContent = t("copied"); } catch (e) { /* no clipboard */ } } }, t("copy"))));
  box.append(tools);
  if (f.over) {
    box.append(el("div", { class: "panel over-box" },
      el("p", { id: "final-total" }, t("total") + t("colon") + f.totals.map((x, s) => `${seatName(s, you)} ${signed(x)}`).join(" · ")),
      el("a", { href: `/api/tables/${T.id}/record`, download: `atout-${T.id}.json`, id: "download" }, t("download")), " ",
      el("a", { href: "/r/" + T.id }, t("replay")), " ", el("a", { href: "/" }, t("newGame"))));
  }
  return box;
}

function seatOffers(f) {
  return f.table.seats.filter((s) => s.kind === "empty").map((s) => el("button", {
    type: "button", class: "take-seat", "data-seat": s.seat,
    onclick: async () => {
      try {
        const res = await api(`/api/tables/${T.id}/join`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat: s.seat }) });
        localStorage.setItem("atout.token." + T.id, res.token);
        T.token = res.token;
        T.ws.close();
      } catch (e) { toast(e.message); }
    },
  }, `${t("takeSeat")} ${s.seat + 1}`));
}

// One value of a list, as a person reads it: a card face, a seat, a game word (atout.present's labels).
function valueNode(v, you) {
  if (typeof v === "string" && isCard(v)) return cardNode(v, "tiny");
  if (typeof v === "string") return SUIT_WORDS[v] ? suitWords(v) : actionLabel(v);
  if (typeof v === "number") return signed(v);
  if (typeof v === "boolean") return v ? "✓" : "—";
  if (Array.isArray(v)) return el("span", { class: "cards" }, joined(v.map((x) => valueNode(x, you))));
  if (v && typeof v === "object") {
    return el("span", {}, joined(Object.entries(v).filter(([, x]) => x !== null && x !== undefined)
      .map(([k, x]) => el("span", {}, (k === "seat" ? "" : (TEXTS[getLang()][k] || actionLabel(k)) + t("colon")), k === "seat" ? seatName(x, you) : valueNode(x, you)))));
  }
  return String(v);
}

// Words joined by commas, cards side by side.
function joined(nodes) {
  const out = [];
  nodes.forEach((n, i) => { if (i && !(n instanceof Node && n.classList && n.classList.contains("card"))) out.push(", "); out.push(n); });
  return out;
}

// "pique ♠": the suit's name in the page's language, then its symbol.
function suitWords(code) {
  const key = { spades: "S", hearts: "H", diamonds: "D", clubs: "C" }[code] || code;
  const suit = SUITS[key];
  return suit ? `${suit[getLang()]} ${suit.sym}` : code;
}

function factValue(key, value, you) {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) return null;
  if (Array.isArray(value) && value.every((v) => v === null || (Array.isArray(v) && !v.length))) return null;
  if (typeof value === "string" && isCard(value)) return cardNode(value, "small");
  if (Array.isArray(value) && value.every((v) => typeof v === "string" && isCard(v))) return el("span", { class: "cards" }, value.map((c) => cardNode(c, "small")));
  if (["taker", "partner", "bettor", "fille_taker", "pillager"].includes(key) && typeof value === "number") return seatName(value, you);
  if (key === "announcements" && Array.isArray(value) && value.every((a) => a && typeof a === "object")) {
    return el("span", {}, value.map((a) => el("span", { class: "announce" }, `${seatName(a.seat, you)}${t("colon")}${actionLabel(a.kind)} `, (a.cards || []).map((c) => cardNode(c, "tiny")))));
  }
  if (typeof value === "string") return SUIT_WORDS[value] ? suitWords(value) : ((T.frame && T.frame.labels && T.frame.labels[value]) || value);
  if (typeof value === "boolean") return value ? "✓" : null;
  if (typeof value === "number") return String(value);
  if (key === "bids" && Array.isArray(value)) return value.map(([s, w]) => `${seatName(s, you)}${t("colon")}${actionLabel(w)}`).join(" · ");
  const players = T.frame.table.players;
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) {
    const perSeat = value.length === players;  // else per side (partnerships)
    return value.map((v, s) => `${perSeat ? seatName(s, you) : `${t("side")} ${s + 1}`} ${signed(v)}`).join(" · ");
  }
  // One entry per seat (declarations, hands shown): "Joueur 2 : les Rois…", empty seats left out.
  if (Array.isArray(value) && value.length === players && value.every((v) => Array.isArray(v) || v === null)) {
    return el("div", { class: "per-seat" }, value.map((v, s) => (v && v.length
      ? el("div", { class: "seat-fact" }, seatName(s, you) + t("colon"), joined(v.map((x) => valueNode(x, you)))) : null)));
  }
  if (Array.isArray(value)) return el("span", { class: "cards" }, joined(value.map((x) => valueNode(x, you))));
  if (value && typeof value === "object") return valueNode(value, you);
  return String(value);
}

function sidePanel(f) {
  const you = T.seat;
  const pub = f.obs.public || {};
  const facts = el("dl", { class: "facts", id: "facts" });
  facts.append(el("dt", {}, t("phase")), el("dd", {}, actionLabel(f.obs.phase)));
  for (const [key, value] of Object.entries(pub)) {
    if (SKIP.has(key)) continue;
    if (key === "taker" && /^(bidding|auction|bid)/.test(f.obs.phase || "")) continue;  // the high bidder is no taker yet
    const shown = factValue(key, value, you);
    if (shown === null) continue;
    facts.append(el("dt", {}, TEXTS[getLang()][key] || key), el("dd", { "data-fact": key }, shown));
  }
  // The game's facts as sentences (La Prime: the stake to accept, the pot, each seat's chips, the partner).
  const situation = (f.facts || []).length ? el("ul", { class: "situation", id: "situation" }, f.facts.map((l) => el("li", {}, l))) : null;
  const aside = el("aside", { class: "side" }, el("section", { class: "panel" }, situation, facts), sheetPanel(f, you), logPanel(f, you));
  return aside;
}

function sheetPanel(f, you) {
  const n = f.table.players;
  const cols = f.sheet.length ? f.sheet[0].length : n;
  // Short headers ("J2", full name on hover) so that five columns fit the side panel at 1280 px.
  const short = (s) => (s === you ? t("you") : `${t("seat")[0]}${s + 1}`);
  const head = el("tr", {}, el("th", {}, t("deal")), Array.from({ length: cols }, (_, s) => el("th", { title: cols === n ? seatName(s, you) : "", scope: "col" },
    cols === n ? short(s) : `#${s + 1}`)));
  const body = f.sheet.map((row, i) => {
    const lines = (f.breakdowns || [])[i] || [];
    return [el("tr", {}, el("td", {}, String(i + 1)), row.map((x) => el("td", {}, signed(x)))),
      lines.length ? el("tr", { class: "breakdown" }, el("td", { colspan: cols + 1 },
        el("details", { open: i === f.sheet.length - 1 }, el("summary", {}, t("breakdown")), el("ul", {}, lines.map((l) => el("li", {}, l)))))) : null];
  });
  const totals = el("tr", { class: "totals" }, el("th", {}, t("total")), f.totals.map((x) => el("th", {}, signed(x))));
  const result = f.obs.public && f.obs.public.result;
  return el("section", { class: "panel", id: "sheet" }, el("h3", {}, t("sheet")),
    el("div", { class: "sheet-wrap" }, el("table", { class: "sheet" }, el("thead", {}, head), el("tbody", {}, body.flat()), el("tfoot", {}, totals))),
    result && !(f.breakdowns || []).length ? el("p", { class: "muted", id: "result" }, `${t("result")}: ` +
      Object.entries(result).filter(([, v]) => v !== null && typeof v !== "object").map(([k, v]) => `${actionLabel(k)} ${v}`).join(" · ")) : null);
}

function logPanel(f, you) {
  const lines = (f.narration && f.narration.length) ? f.narration
    : f.moves.slice(-30).map((m) => `${seatName(m.seat, you)}: ${actionLabel(m.action)}`);
  const ul = el("ol", { class: "log", id: "log" }, lines.map((l) => el("li", {}, l)));
  ul.style.setProperty("--log-digits", String(String(lines.length).length));  // room for "100." and "1000." (style.css)
  setTimeout(() => { ul.scrollTop = ul.scrollHeight; }, 0);
  return el("section", { class: "panel" }, el("h3", {}, t("narration")), ul);
}

if (document.getElementById("table")) {
  T.id = tableIdFromPath();
  T.token = localStorage.getItem("atout.token." + T.id);
  document.getElementById("langbox").replaceChildren(langSwitch(() => location.reload()));
  connect();
}
