// atout web: what the table page reads from a frame — seats, the trick, the choices — whatever the server sends.
// The frame's own fields (seats, trick, last_trick, sides, select…, see CONTRACT in docs/web.md) come first;
// without them the same facts are read from the observation, so an older server still gets a table.
"use strict";

function pubOf(f) { return (f && f.obs && f.obs.public) || {}; }

const BIDDING = /^(bidding|auction|bid)/;

// One object per seat, as frame.seats (contract) or rebuilt from table.seats and the public facts.
function seatsOf(f, you) {
  const pub = pubOf(f);
  const n = f.table.players;
  if (Array.isArray(f.seats) && f.seats.length) {
    const bidding = BIDDING.test(f.obs.phase || "");  // the high bidder is no taker yet
    return f.seats.map((s) => {
      const info = (f.table.seats || [])[s.seat] || {};
      const badges = bidding ? (s.badges || []).filter((b) => b !== "taker") : s.badges;
      return { ...s, badges, away: !!info.away, online: s.bot || info.online || info.kind === "bot", kind: s.bot ? "bot" : info.kind || "human" };
    });
  }
  const turn = f.obs.current_player;
  const sides = Array.isArray(pub.sides) && pub.sides.length === n ? pub.sides : null;
  const out = [];
  for (let s = 0; s < n; s += 1) {
    const info = (f.table.seats || [])[s] || { kind: "bot" };
    const badges = [];
    if (s === f.dealer) badges.push("dealer");
    if (pub.taker === s && !BIDDING.test(f.obs.phase || "")) badges.push("taker");
    if (pub.partner === s && pub.partner !== you) badges.push("called");
    if (sides && you !== null && you !== undefined && s !== you && sides[s] === sides[you]) badges.push("partner");
    if (s === you) badges.push("you");
    const stacks = pub.stacks;
    out.push({
      seat: s, name: null, bot: info.kind === "bot", kind: info.kind, online: info.online || info.kind === "bot", away: !!info.away,
      badges, badge_words: {}, cards: (pub.hand_sizes || [])[s],
      side: sides ? sides[s] : null,
      chips: Array.isArray(stacks) ? stacks[s] : null,
      stake: pub.bettor === s && typeof pub.stake === "number" ? pub.stake : null,
      turn: s === turn,
    });
  }
  return out;
}

// A trick as {cards: [{seat, card}], winner, complete, leader}: the frame's own or the observation's.
function normTrick(trick, n, fallbackLeader) {
  if (!trick) return null;
  if (Array.isArray(trick)) trick = { cards: trick, leader: fallbackLeader };
  const leader = trick.leader ?? fallbackLeader ?? 0;
  const cards = (trick.cards || []).map((c, i) => {
    if (Array.isArray(c)) return { seat: c[0], card: c[1] };
    if (c && typeof c === "object") return { seat: c.seat, card: c.card };
    return { seat: (leader + i) % n, card: c };
  });
  return { cards, leader, winner: trick.winner ?? null, complete: trick.complete ?? trick.winner !== undefined };
}

function trickOf(f) {
  const n = f.table.players;
  if (f.trick && typeof f.trick === "object" && !Array.isArray(f.trick)) return normTrick(f.trick, n);
  const pub = pubOf(f);
  return normTrick(pub.trick || [], n, pub.leader) || { cards: [], winner: null, complete: false, leader: 0 };
}

function lastTrickOf(f) {
  const n = f.table.players;
  if (f.last_trick !== undefined) return f.last_trick ? { ...normTrick(f.last_trick, n), complete: true } : null;
  const tricks = pubOf(f).tricks || [];
  return tricks.length ? { ...normTrick(tricks[tricks.length - 1], n), complete: true } : null;
}

function tricksDone(f) {
  const pub = pubOf(f);
  if (Array.isArray(pub.tricks)) return pub.tricks.length;
  return null;
}

// Sides with their totals: frame.sides (contract), else a side per seat from the observation's "sides".
function sidesOf(f, you) {
  if (Array.isArray(f.sides)) return f.sides;
  const pub = pubOf(f);
  const n = f.table.players;
  if (!Array.isArray(pub.sides) || pub.sides.length !== n) return null;
  const ids = [...new Set(pub.sides)].sort((a, b) => a - b);
  if (ids.length >= n) return null;  // each for himself
  return ids.map((id) => {
    const seats = pub.sides.map((x, s) => (x === id ? s : null)).filter((s) => s !== null);
    const total = f.totals && f.totals.length === ids.length ? f.totals[id] : seats.reduce((a, s) => a + (f.totals[s] || 0), 0);
    return { seats, name: seats.map((s) => seatName(s, you)).join(" + "), total, you: seats.includes(you) };
  });
}

// --- the choices --------------------------------------------------------------------------------------
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

// The seat's position around the oval, you at the bottom, play going round counter-clockwise (to your right);
// 1637's Mort at two (seat -1) takes one more place on the ring (SEAT_RING, set from the frame's seats).
let SEAT_RING = 0;
function seatSpot(seat, you, n) {
  const base = you === null || you === undefined ? 0 : you;
  const ring = Math.max(n, SEAT_RING);
  const k = seat < 0 ? n : (seat - base + n) % n;
  const angle = -Math.PI / 2 + (2 * Math.PI * k) / ring;
  return { x: 50 + 42 * Math.cos(angle), y: 50 - 38 * Math.sin(angle) };
}
