// atout web: a finished Tarot deal analysed with every card seen (issue 20), below the replay.
// Asks /api/tables/{id}/analysis?deal=k&lang= for the deal the replay shows, then draws an SVG chart of the
// attack's card points under perfect play card by card, and each card's cost in words (from the catalogs).
"use strict";

const ANALYSIS = { box: null, running: false, a: null, chosen: null };  // a: the analysis shown

function analysisBox() {
  if (!ANALYSIS.box) {
    ANALYSIS.box = el("section", { id: "analysis", class: "panel", style: "max-width: 60rem; margin: .6rem auto" });
    document.querySelector("main").after(ANALYSIS.box);
  }
  return ANALYSIS.box;
}

function analysisButton() {
  const box = analysisBox();
  if (box.dataset.deal) return;  // an analysis is shown: it stays until asked for another deal
  const frame = (typeof T !== "undefined" && T.frame) || {};
  if (frame.played === false) {  // everybody passed, or the deal was annulled: no button that only says why not
    // a newcomer's replay opened on a deal everybody passed: the deal played next is named, and how to get there
    const later = typeof frame.next_played === "number" ? " " + t("analyseLater").replace("{n}", frame.next_played + 1) : "";
    const said = t("nothingToAnalyse") + later;
    const none = box.querySelector("#analysis-none");
    if (!none || none.textContent !== said) box.replaceChildren(el("p", { id: "analysis-none", class: "muted" }, said));
    return;
  }
  const shown = box.querySelector("#analyse");
  if (shown && shown.textContent === t("analyseDeal")) return;  // (each move re-renders: a focused button stays)
  const button = el("button", { type: "button", id: "analyse" }, t("analyseDeal"));
  button.addEventListener("click", () => runAnalysis());
  box.replaceChildren(button);
}

async function runAnalysis(focus = true) {
  if (ANALYSIS.running) return;
  ANALYSIS.running = true;
  ANALYSIS.chosen = null;  // a chosen card's line, said in the old language, goes with the old analysis
  const bar = document.getElementById("analysis-chosen");
  if (bar) bar.hidden = true;
  const box = analysisBox();
  const id = tableIdFromPath();
  const frame = (typeof T !== "undefined" && T.frame) || {};
  const deal = (frame.deal || 0) + 1;
  box.replaceChildren(el("p", { id: "analysis-wait" }, t("analysing")));
  try {
    const url = `/api/tables/${encodeURIComponent(id)}/analysis?deal=${deal}&lang=${getLang()}`;
    // the worker's first solve loads the compiled solver (seconds, answered 503 too_slow): asked once more
    const a = await api(url).catch(() => api(url));
    box.dataset.deal = String(deal);
    box.dataset.lang = getLang();
    ANALYSIS.a = a;
    const summary = el("p", { id: "analysis-summary", tabindex: "-1" }, a.summary);
    // who took, as the replay's seats name them (the summary's "attack" is this seat and its partner)
    // at five, the partner too ("Preneur : Robot 3, avec Robot 5 — Petite"): "the attack" is both of them
    const partner = a.partner === null || a.partner === undefined ? "" : `, ${t("with_partner")} ${who({ seat: a.partner, seat_name: a.partner_name })}`;
    const taker = el("p", { id: "analysis-taker" }, `${TEXTS[getLang()].taker}${t("colon")}${who({ seat: a.taker, seat_name: a.taker_name })}${partner} — ${a.contract_name}`);
    box.replaceChildren(taker, summary, el("p", { id: "analysis-played" }, a.played),
      el("p", { class: "analysis-scope" }, a.labels.scope));  // why only the last tricks
    // the chart's title as text of the page (it wraps on a phone, which an SVG text does not)
    box.append(el("figure", { class: "analysis-figure" }, el("figcaption", {}, a.labels.plot_title), valueChart(a),
      el("p", { class: "analysis-legend" }, el("span", { class: "legend-line" }, "━ " + a.labels.plot_y),
        el("span", { class: "legend-needed" }, "╌ " + a.labels.plot_needed), el("span", { class: "legend-cost" }, a.labels.plot_cost))),
      costList(a));
    markShown();
    if (focus) summary.focus(); // the button is gone: the keyboard goes on from the answer, not from the page's top
  } catch (e) {
    delete box.dataset.deal;
    box.dataset.lang = getLang();
    // a sentence of the page: "Donne 1 : tout le monde a passé…" (the refusal's words, a command's lower case)
    const error = el("p", { id: "analysis-error", role: "alert", tabindex: "-1" }, capital(e.message));
    box.replaceChildren(error);
    error.focus();
  } finally {
    ANALYSIS.running = false;
  }
}

// A card chosen in the list or on the chart: the replay goes to the move just before it, and the page to the
// table, with the card's line above it and a way back to the list (on a phone the list is screens below).
async function chooseCard(c, i) {
  await showStep(c.step);
  ANALYSIS.chosen = { c, i };
  const bar = chosenBar();
  const back = el("button", { type: "button", id: "analysis-back" }, "↓ " + ANALYSIS.a.labels.back_to_list);
  back.addEventListener("click", () => {
    const item = document.querySelectorAll("#analysis-cards .to-move")[i];
    if (item) { item.scrollIntoView({ block: "center" }); item.focus({ preventScroll: true }); }
  });
  const trick = (ANALYSIS.a.trick_names || {})[c.trick] || String(c.trick);
  bar.replaceChildren(el("span", { class: "chosen-text" }, `${trick} · ${who(c)} — ${c.text}`), back);
  bar.hidden = false;
  bar.scrollIntoView({ block: "start" });
}

function chosenBar() {
  let bar = document.getElementById("analysis-chosen");
  if (!bar) {
    bar = el("div", { id: "analysis-chosen", class: "panel", role: "status", hidden: true });
    document.querySelector("main").before(bar);
  }
  return bar;
}

const SVGNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// The value card by card: a step line of the attack's points, one dot per card (red where it cost).
function valueChart(a) {
  // drawn at the box's own width (a phone's 350 px, not 640 scaled down): its words keep their size
  const W = Math.round(Math.max(320, Math.min(640, analysisBox().clientWidth || 640))), H = 220, L = 52, R = 12, TOP = 10, B = 34;
  const ys = a.series, need = a.needed || [];
  const all = ys.concat(need);
  const lo = Math.max(0, Math.floor(Math.min(...all) / 10) * 10), hi = Math.min(91, Math.ceil(Math.max(...all) / 10) * 10 + 1);
  const x = (i) => L + (W - L - R) * (ys.length > 1 ? i / (ys.length - 1) : 0);
  const y = (v) => TOP + (H - TOP - B) * (1 - (v - lo) / Math.max(1, hi - lo));
  const root = svg("svg", { id: "analysis-chart", viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img",
                            "aria-label": a.labels.plot_title });
  root.append(svg("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#888" }));
  root.append(svg("line", { x1: L, y1: TOP, x2: L, y2: H - B, stroke: "#888" }));
  for (const v of [lo, Math.round((lo + hi) / 2), hi]) {
    root.append(svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 11 }, signed(v)));
  }
  root.append(svg("text", { x: W / 2, y: H - 4, "text-anchor": "middle", "font-size": 11 }, a.labels.plot_x_tricks));
  a.cards.forEach((c, i) => {  // each trick's number under its first card's dot (the axis says so)
    if (i === 0 || c.trick !== a.cards[i - 1].trick) {
      root.append(svg("text", { x: x(i + 1), y: H - B + 14, "text-anchor": "middle", "font-size": 11, class: "trick-tick" }, c.trick));
    }
  });
  if (need.length === ys.length) {  // the points needed, by the bouts held: dashed
    let dn = `M ${x(0)} ${y(need[0])}`;
    for (let i = 1; i < need.length; i++) dn += ` H ${x(i)} V ${y(need[i])}`;
    root.append(svg("path", { d: dn, fill: "none", stroke: "#777", "stroke-width": 1.2, "stroke-dasharray": "5 4", class: "needed-line" }));
    need.forEach((v, i) => {  // each target's number where it starts: the axis shows only its ends and middle
      if (i === 0 || v !== need[i - 1]) root.append(svg("text", { x: x(i) + 3, y: y(v) - 3, "font-size": 10, fill: "#555", class: "needed-label" }, String(v)));
    });
  }
  root.append(svg("text", { x: 12, y: (TOP + H - B) / 2, "text-anchor": "middle", "font-size": 11,
                            transform: `rotate(-90 12 ${(TOP + H - B) / 2})` }, a.labels.plot_y));
  let d = `M ${x(0)} ${y(ys[0])}`;
  for (let i = 1; i < ys.length; i++) d += ` H ${x(i)} V ${y(ys[i])}`;
  root.append(svg("path", { d, fill: "none", stroke: "#1d5fa8", "stroke-width": 2, class: "value-line" }));
  a.cards.forEach((c, i) => {
    const dot = svg("circle", { cx: x(i + 1), cy: y(ys[i + 1]), r: c.cost > 0 ? 4.5 : 2.5,
                                fill: c.cost > 0 ? "#c0392b" : "#1d5fa8", class: c.cost > 0 ? "cost" : "free" });
    root.append(dot);
    // each dot's target, with its words (the replay to that card): a strip of the chart's height and the dot's
    // share of its width, so that the targets tile and never overlap (a phone's 36 dots sit 8 px apart: round
    // targets of a finger's size covered each other, and a tap took whichever was drawn last): a tap takes the
    // card nearest it along the axis
    const step = x(1) - x(0);
    const hit = svg("rect", { x: x(i + 1) - step / 2, y: TOP, width: step, height: H - B - TOP, fill: "transparent",
                              class: "hit" });
    hit.append(svg("title", {}, `${who(c)}${t("colon")}${c.text}`));
    hit.addEventListener("click", () => chooseCard(c, i));
    root.append(hit);
  });
  return root;
}

// Each trick under its heading ("Pli 14"), each card after its player's name as the replay's seats show it.
function costList(a) {
  const box = el("div", { id: "analysis-cards" }, el("p", { class: "analysis-hint" }, a.labels.cards_hint));
  let list = null;
  a.cards.forEach((c, i) => {
    if (!list || c.trick !== a.cards[i - 1].trick) {
      box.append(el("h3", { class: "analysis-trick" }, (a.trick_names || {})[c.trick] || String(c.trick)));
      list = el("ol", { start: i + 1 });
      box.append(list);
    }
    // each card a button: the replay goes to the moment it was played, to see the table it was played on
    const go = el("button", { type: "button", class: "to-move", "data-step": c.step }, `${who(c)} — ${c.text}`);
    go.addEventListener("click", () => chooseCard(c, i));
    list.append(el("li", { class: c.cost > 0 ? "cost" : "free" }, go));
  });
  return box;
}

// The card the replay shows last, marked in the list (and said so to a screen reader).
function markShown() {
  for (const b of document.querySelectorAll("#analysis-cards .to-move")) {
    if (Number(b.dataset.step) === R.n) b.setAttribute("aria-current", "step");
    else b.removeAttribute("aria-current");
  }
  const bar = document.getElementById("analysis-chosen");  // the chosen card's line, while the replay shows it
  if (bar && (!ANALYSIS.chosen || ANALYSIS.chosen.c.step !== R.n)) bar.hidden = true;
}

function who(c) {  // the seat's name on the replay's table (a nickname, "Robot moyen 2"), else the analysis's own
  return typeof SEAT_NAMES !== "undefined" && SEAT_NAMES[c.seat] ? SEAT_NAMES[c.seat] : c.seat_name;
}

// The replay redraws its page at each move: the button follows the deal shown, a new deal drops the old chart.
new MutationObserver(() => {
  const frame = (typeof T !== "undefined" && T.frame) || null;
  if (!frame || (frame.table && frame.table.game) !== "tarot") return;
  const box = analysisBox();
  const deal = String((frame.deal || 0) + 1);
  if (box.dataset.deal === deal && box.dataset.lang !== getLang() && !ANALYSIS.running) {
    runAnalysis(false);  // the language switched: the same analysis, said in the new language (the focus stays)
  } else if (box.dataset.deal !== deal && !ANALYSIS.running) {
    delete box.dataset.deal;
    analysisButton();
  }
  markShown();
}).observe(document.querySelector("main"), { childList: true, subtree: true });  // subtree: each move re-renders inside
