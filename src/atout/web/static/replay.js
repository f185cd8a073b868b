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
        <span id="r-count">${t("move")} ${R.n} ${t("of")} ${R.total}</span>
        <button type="button" id="r-next" onClick=${() => showStep(Math.min(R.total, R.n + 1))}>${t("next")} ▶</button>
        <button type="button" id="r-last" onClick=${() => showStep(R.total)}>${t("last")} »</button>
        <a href=${`/api/tables/${R.id}/record`} download=${`atout-${R.id}.json`}>${t("download")}</a>
      </nav>
      <${Felt} f=${f} you=${null} shown=${center} />
      ${f.hands ? html`<${Hands} hands=${f.hands} you=${null} />` : null}
    </div>
    <aside class="side" aria-label=${t("sheet")}>
      <${Facts} f=${f} you=${null} /><${Sheet} f=${f} you=${null} /><${Log} f=${f} you=${null} />
    </aside>`;
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
showStep(0).catch((e) => { document.getElementById("replay").replaceChildren(el("p", { class: "panel" }, e.message)); });
