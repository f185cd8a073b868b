// atout web: shared helpers — language, texts, card faces (SVG drawn here), API calls.
"use strict";

// TEXTS (the page's words in every language installed) comes from /texts.js: the catalogs' domain web.

function getLang() {
  const saved = localStorage.getItem("atout.lang");
  if (saved && TEXTS[saved]) return saved;
  const browser = (navigator.language || "fr").slice(0, 2);
  return TEXTS[browser] ? browser : "en";
}
function setLang(lang) { localStorage.setItem("atout.lang", lang); }
function t(key) { return (TEXTS[getLang()] || TEXTS.fr)[key] || key; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

async function api(path, options) {
  const res = await fetch(path, options);
  let body = null;
  try { body = await res.json(); } catch (e) { body = null; }
  if (!res.ok) {
    const msg = body && (body.message || (body.detail && JSON.stringify(body.detail))) || res.statusText;
    const err = new Error(msg);
    err.status = res.status;  // a caller may try again a busy server (503) or a share used up (429)
    err.retryAfter = Number(res.headers.get("Retry-After")) || 0;
    throw err;
  }
  return body;
}

// A score as people write it: a true minus sign, the language's decimal mark ("−54", "2,5"; catalog key decimalMark).
function signed(x) {
  if (typeof x !== "number") return String(x);
  const text = String(Math.abs(x));
  return (x < 0 ? "−" : "") + text.replace(".", t("decimalMark"));
}

// A gain written with its "+", as the score sheet writes it: "+80", "−240", "0".
// "Donne terminée", or "Coup terminé" where the game calls its deals coups (La Prime, Mistigri: "Fin du coup 1" below)
function dealEndedWords(f) { return f.deal_word && f.deal_word !== t("deal") ? t("coupEnded") : t("dealEnded"); }
function plusSigned(x) { return (typeof x === "number" && x > 0 ? "+" : "") + signed(x); }

// How a list of totals is written: each gain with its "+" where one of them is a loss (a zero-sum score,
// "Vous −240 · Robot 2 +80"), bare where none can be (points to a target).
function totalsSign(list) { return (list || []).some((x) => typeof x === "number" && x < 0) ? plusSigned : signed; }

// Seat names sent with each frame (frame.seats: a nickname, a bot by level); the table page fills it.
let SEAT_NAMES = {};
function setSeatNames(seats) { SEAT_NAMES = {}; for (const s of seats || []) if (s && s.name) SEAT_NAMES[s.seat] = s.name; }

function seatName(seat, you) {
  if (seat === null || seat === undefined) return "—";
  if (seat === you) return t("you");
  if (SEAT_NAMES[seat]) return SEAT_NAMES[seat];
  return seat < 0 ? t("mort") : `${t("seat")} ${seat + 1}`;
}

// --- cards -------------------------------------------------------------------------------------
const CARD_RE = /^(T(?:[1-9]|1[0-9]|2[01])|EX|(?:10|[2-9AJNCQK])[SHDC])$/;
function isCard(tok) { return CARD_RE.test(tok); }

// Suits and ranks: symbols here, words in the catalogs (web, section page: suitS, rankK, idxK…).
const SUITS = { S: { sym: "♠", red: false }, H: { sym: "♥", red: true }, D: { sym: "♦", red: true }, C: { sym: "♣", red: false } };
const COURTS = { J: "J", N: "N", C: "N", Q: "Q", K: "K", A: "A" };
function suitWord(code) { return t("suit" + code); }
function rankWord(rank) { return COURTS[rank] ? t("rank" + COURTS[rank]) : rank; }
function rankIndex(rank) { return COURTS[rank] ? t("idx" + COURTS[rank]) : rank; }

function cardParts(code) {
  if (code === "EX") return { kind: "excuse" };
  if (code[0] === "T" && code.length > 1 && /^\d+$/.test(code.slice(1))) return { kind: "trump", n: Number(code.slice(1)) };
  return { kind: "plain", rank: code.slice(0, -1), suit: code.slice(-1) };
}

// Card names in the game's own pack (Italian suits, le Faon, le Mat…), sent by the server with each frame.
let CARD_NAMES = {};
function setCardNames(names) { CARD_NAMES = names || {}; }

function cardName(code) {
  if (CARD_NAMES[code]) return CARD_NAMES[code];
  const p = cardParts(code);
  if (p.kind === "excuse") return t("excuseName");
  if (p.kind === "trump") return t("trumpName").replace("{n}", p.n);
  if (!SUITS[p.suit]) return code;
  return t("cardOf").replace("{rank}", rankWord(p.rank)).replace("{suit}", suitWord(p.suit));
}

// A card face: 60 x 90 units, rank index in two corners, a large suit symbol; trumps show their number.
function cardSVG(code) {
  const p = cardParts(code);
  let body = "";
  let color = "#1b1b1b";
  if (p.kind === "excuse") {
    color = "#6b3fa0";
    body = `<text x="30" y="56" font-size="30" text-anchor="middle" fill="${color}">★</text>
      <text x="30" y="80" font-size="8" text-anchor="middle" fill="${color}">${t("excuseFace")}</text>`;
  } else if (p.kind === "trump") {
    color = "#6b3fa0";
    body = `<rect x="8" y="18" width="44" height="54" rx="4" fill="#efe6fa" stroke="${color}" stroke-width="0.8"/>
      <text x="30" y="54" font-size="24" font-weight="700" text-anchor="middle" fill="${color}">${p.n}</text>`;
  } else {
    const s = SUITS[p.suit] || { sym: "?", red: false };
    color = s.red ? "#c62828" : "#1b1b1b";
    const court = ["J", "N", "C", "Q", "K"].includes(p.rank);
    body = court
      ? `<rect x="12" y="20" width="36" height="50" rx="3" fill="none" stroke="${color}" stroke-width="0.8"/>
         <text x="30" y="44" font-size="16" font-weight="700" text-anchor="middle" fill="${color}">${rankIndex(p.rank)}</text>
         <text x="30" y="64" font-size="16" text-anchor="middle" fill="${color}">${s.sym}</text>`
      : `<text x="30" y="60" font-size="32" text-anchor="middle" fill="${color}">${s.sym}</text>`;
  }
  let idx = code;
  let sym = "";
  if (p.kind === "plain") {
    idx = rankIndex(p.rank);
    sym = (SUITS[p.suit] || { sym: "" }).sym;
  } else if (p.kind === "trump") { idx = String(p.n); } else { idx = "★"; }
  const corner = `<text x="5" y="13" font-size="11" font-weight="700" fill="${color}">${idx}</text>
    <text x="5" y="23" font-size="9" fill="${color}">${sym}</text>`;
  return `<svg viewBox="0 0 60 90" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${cardName(code)}">
    <rect x="0.5" y="0.5" width="59" height="89" rx="5" fill="#fffdf6" stroke="#8a8a8a"/>
    ${corner}<g transform="rotate(180 30 45)">${corner}</g>${body}</svg>`;
}

// The pack whose faces the server draws (atout.faces), set by the table page; null: draw our own.
let FACES_PACK = null;
function setFacesPack(pack) { FACES_PACK = pack || null; }

// A card face: the pack's own (an <img> from /faces/…) when the server has it, else ours, inline.
function faceHTML(code) {
  if (FACES_PACK && isCard(code)) {
    const src = `/faces/${encodeURIComponent(FACES_PACK)}/${encodeURIComponent(code)}.svg?lang=${getLang()}`;
    return `<img src="${src}" alt="${cardName(code)}" draggable="false" onerror="this.outerHTML = cardSVG('${code}')">`;
  }
  return cardSVG(code);
}

function cardNode(code, extra) {
  const node = el("span", { class: "card" + (extra ? " " + extra : ""), title: cardName(code), "data-card": code });
  node.innerHTML = faceHTML(code);
  return node;
}

function cardBack() {
  const node = el("span", { class: "card back", "aria-hidden": "true" });
  node.innerHTML = `<svg viewBox="0 0 60 90" xmlns="http://www.w3.org/2000/svg"><rect x="0.5" y="0.5" width="59" height="89" rx="5" fill="#27476e" stroke="#8a8a8a"/><rect x="5" y="5" width="50" height="80" rx="3" fill="none" stroke="#9fb7d6" stroke-dasharray="3 2"/></svg>`;
  return node;
}

// A variant's title in the page's language (the server's atout.present texts), else its name.
function variantTitle(texts, variant) {
  const mine = texts && texts[getLang()];
  return mine && mine.title ? mine.title : String(variant || "").replace(/_/g, " ");
}

function langSwitch(onChange) {
  return el("button", { class: "lang", type: "button", onclick: (ev) => { const langs = ["fr", "en", ...Object.keys(TEXTS).filter((l) => l !== "fr" && l !== "en").sort()].filter((l) => TEXTS[l]); setLang(langs[(langs.indexOf(getLang()) + 1) % langs.length]); ev.currentTarget.textContent = t("language"); onChange(); } }, t("language"));
}
