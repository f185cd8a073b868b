// atout web: replay a finished (or uploaded) game move by move; every hand is shown, the game being over.
"use strict";

const R = { id: tableIdFromPath(), n: 0, total: 0 };

async function showStep(n) {
  const f = await api(`/api/tables/${encodeURIComponent(R.id)}/replay?n=${n}&lang=${getLang()}`);
  R.n = f.n; R.total = f.total;
  T.frame = f; T.seat = null; T.id = R.id;
  document.documentElement.lang = getLang();
  document.getElementById("langbox").replaceChildren(langSwitch(() => showStep(R.n)));
  setCardNames(f.names);
  document.getElementById("subtitle").textContent = `${t("replay")} · ${f.table.title} · ${variantTitle(f.table.variant_texts, f.table.variant)} · ${f.table.players} ${t("players").toLowerCase()}`;
  const nav = el("div", { class: "replay-nav", role: "group" },
    el("button", { type: "button", id: "r-first", onclick: () => showStep(0) }, "« " + t("first")),
    el("button", { type: "button", id: "r-prev", onclick: () => showStep(Math.max(0, R.n - 1)) }, "◀ " + t("prev")),
    el("span", { id: "r-count" }, `${t("move")} ${R.n} ${t("of")} ${R.total}`),
    el("button", { type: "button", id: "r-next", onclick: () => showStep(Math.min(R.total, R.n + 1)) }, t("next") + " ▶"),
    el("button", { type: "button", id: "r-last", onclick: () => showStep(R.total) }, t("last") + " »"),
    el("a", { href: `/api/tables/${R.id}/record`, download: `atout-${R.id}.json` }, t("download")));
  document.getElementById("replay").replaceChildren(nav, board(f, { you: null, hands: f.hands }), sidePanel(f));
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "ArrowRight") showStep(Math.min(R.total, R.n + 1));
  if (ev.key === "ArrowLeft") showStep(Math.max(0, R.n - 1));
});
showStep(0).catch((e) => { document.getElementById("replay").replaceChildren(el("p", { class: "panel" }, e.message)); });
