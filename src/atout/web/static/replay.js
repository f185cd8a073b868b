// atout web: replay a finished (or uploaded) game move by move; every hand is shown, the game being over.
"use strict";

const R = { id: tableIdFromPath(), n: 0, total: 0 };

function Replay({ f }) {
  const center = shownCenter(f);
  return html`
    <div class="play">
      <nav class="replay-nav" aria-label=${t("replay")}>
        <button type="button" id="r-first" onClick=${() => showStep(0)}>« ${t("first")}</button>
        <button type="button" id="r-prev" onClick=${() => showStep(Math.max(0, R.n - 1))}>◀ ${t("prev")}</button>
        <p class="r-pos"><span id="r-count">${t("move")} ${R.n} ${t("of")} ${R.total}</span>${replayWhere(f) ? " · " : ""}<span id="r-where">${replayWhere(f)}</span></p>
        <button type="button" id="r-next" onClick=${() => showStep(Math.min(R.total, R.n + 1))}>${t("next")} ▶</button>
        <button type="button" id="r-last" onClick=${() => showStep(R.total)}>${t("last")} »</button>
        <a href=${`/api/tables/${R.id}/record`} download=${`atout-${R.id}.json`}>${t("download")}</a>
      </nav>
      <${Felt} f=${f} you=${null} shown=${center} />
      ${f.hands ? html`<${Hands} hands=${f.hands} you=${null} />` : null}
    </div>
    <aside class="side" aria-label=${t("sidePanel")}>
      <${Facts} f=${f} you=${null} /><${Sheet} f=${f} you=${null} /><${Log} f=${f} you=${null} />
    </aside>`;
}

// Where the move shown stands: its deal and, in play, its trick ("Donne 2 · pli 5"), so that a move number
// can be found again in the journal and the analysis, which speak in tricks. In play it is the trick the
// next card goes to (the analysis shows each card from the move before it: its trick, even for a lead),
// at the deal's end its last. Prime calls a deal "Coup", as the move counter beside it is called: its deal
// is then left unsaid rather than read as a second move number.
function replayWhere(f) {
  const parts = [];
  if (f.deal_word && f.deal_word !== t("move")) parts.push(`${f.deal_word} ${(f.deal || 0) + 1}`);
  const tricks = pubOf(f).tricks;
  if (Array.isArray(tricks)) {  // in play, and at the deal's end (its last trick still on the felt)
    const n = f.obs && f.obs.phase === "play" ? tricks.length + 1 : tricks.length;
    if (n) parts.push(t("trick_no").replace("{n}", n));
  }
  return parts.join(" · ");
}

async function showStep(n) {
  const f = await api(`/api/tables/${encodeURIComponent(R.id)}/replay?n=${n}&lang=${getLang()}`);
  const prev = T.frame;
  R.n = f.n; R.total = f.total;
  f.replay = true; // seats drawn without "thinking…" cues or online dots: nobody plays a replay
  T.frame = f; T.seat = null; T.id = R.id;
  document.documentElement.lang = getLang();
  document.getElementById("langbox").replaceChildren(langSwitch(() => showStep(R.n)));
  setCardNames(f.names);
  setFacesPack(f.table.faces);
  setSeatNames(f.seats);
  document.getElementById("subtitle").textContent = `${t("replay")} · ${f.table.title} · ${variantTitle(f.table.variant_texts, f.table.variant)} · ${f.table.players} ${t("players").toLowerCase()}`;
  preactRender(html`<${Replay} f=${f} />`, document.getElementById("replay"));
  announce(f, prev && prev.n === f.n - 1 ? prev : null);
}

document.addEventListener("keydown", (ev) => {
  if (ev.target && ev.target.closest && ev.target.closest("input, select, textarea")) return;
  if (ev.key === "ArrowRight") showStep(Math.min(R.total, R.n + 1));
  if (ev.key === "ArrowLeft") showStep(Math.max(0, R.n - 1));
  if (ev.key === "Home") showStep(0);
  if (ev.key === "End") showStep(R.total);
});
// The first position once more if the replays' worker was busy (503: another visitor's long record, or its
// process still starting on a loaded machine), after the wait it asks for (at most 5 s), then said in words.
showStep(0).catch((e) => {
  if (e.status !== 503) throw e;
  return new Promise((ok) => setTimeout(ok, 1000 * Math.min(5, e.retryAfter || 1))).then(() => showStep(0));
}).catch((e) => { document.getElementById("replay").replaceChildren(el("p", { class: "panel" }, e.message)); });
