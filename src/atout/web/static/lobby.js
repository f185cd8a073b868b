// atout web: the lobby — create a table, list open / running / finished tables, upload a record.
"use strict";

let GAMES = [];
const REFRESH_MS = 15000;  // the lists of tables are fetched again this often (the form is left alone)
const NAME_MAX = 24;  // characters of a nickname (the server refuses more with a 422)

async function renderLobby() {
  document.documentElement.lang = getLang();
  document.title = t("title");
  const box = document.getElementById("langbox");
  box.replaceChildren(langSwitch(renderLobby));
  document.getElementById("subtitle").textContent = t("lobby");
  if (!GAMES.length) GAMES = await api("/api/games");
  const main = document.getElementById("lobby");
  main.replaceChildren(newTableForm(), await tableList("open"), await tableList("playing"), await tableList("over"), uploadForm());
}

// The lists refresh themselves: a table opened or finished elsewhere appears without a reload.
async function refreshLists() {
  if (document.hidden) return;
  for (const status of ["open", "playing", "over"]) {
    const old = document.getElementById("list-" + status);
    if (!old) continue;
    try { old.replaceWith(await tableList(status)); } catch (e) { /* offline a moment: the next round tries again */ }
  }
}
setInterval(refreshLists, REFRESH_MS);

function newTableForm() {
  // novalidate: a value out of range is said by onCreate in the page's language, not by the browser's own
  const form = el("form", { class: "panel", id: "new-table", onsubmit: onCreate, novalidate: true });
  const gameSel = el("select", { name: "game", id: "f-game" }, GAMES.map((g) => el("option", { value: g.name }, g.title)));
  gameSel.value = GAMES.some((g) => g.name === "tarot") ? "tarot" : GAMES[0].name;  // always opens on the Tarot (issue 18)
  const detail = el("div", { id: "game-detail" });
  const refresh = () => { detail.replaceChildren(...gameFields(gameSel.value)); };
  gameSel.addEventListener("change", refresh);
  const mode = el("select", { name: "mode", id: "f-mode" },
    el("option", { value: "bots" }, t("modeBots")), el("option", { value: "friends" }, t("modeFriends")),
    el("option", { value: "watch" }, t("modeWatch")));
  const level = el("select", { name: "level", id: "f-level" },
    ["easy", "medium", "hard", "expert"].map((l) => el("option", { value: l, selected: l === "medium" }, t(l))));
  const name = el("input", { type: "text", name: "nickname", id: "f-name", maxlength: NAME_MAX, autocomplete: "nickname",
    placeholder: t("nicknameHint"), value: localStorage.getItem("atout.name") || "" });
  form.append(
    el("h2", {}, t("newTable")),
    el("label", {}, t("nickname"), name),
    el("label", {}, t("game"), gameSel), detail,
    el("label", {}, t("mode"), mode), el("label", {}, t("level"), level),
    el("label", {}, t("seedLabel"), el("input", { type: "number", name: "seed", id: "f-seed", min: 0, placeholder: t("seedHint") })),
    el("button", { type: "submit", class: "primary", id: "create" }, t("create")),
    el("p", { class: "error", id: "create-error", role: "alert", hidden: true }),
  );
  refresh();
  return form;
}

function gameFields(name) {
  const g = GAMES.find((x) => x.name === name);
  const variant = el("select", { name: "variant", id: "f-variant" }, Object.entries(g.variants).map(([v, info]) =>
    el("option", { value: v, title: variantAbout(info), selected: v === g.default_variant },
      variantAbout(info) ? `${variantTitle(info.texts, v)} — ${variantAbout(info)}` : variantTitle(info.texts, v))));
  const players = el("select", { name: "players", id: "f-players" });
  const seat = el("select", { name: "seat", id: "f-seat" });
  const fillPlayers = () => {
    const counts = g.variants[variant.value].players;
    players.replaceChildren(...counts.map((n) => el("option", { value: n, selected: n === g.default_players }, String(n))));
    fillSeats();
  };
  // The match's own length: a game counting in tours (Mistigri, seed 003: complete tours) plays tours × players deals.
  const deals = el("input", { type: "number", name: "deals", id: "f-deals", min: 1, max: 100, value: 1 });
  const fillDeals = () => { if (typeof g.options.tours === "number") deals.value = String(g.options.tours * Number(players.value)); };
  const fillSeats = () => {
    const n = Number(players.value);
    seat.replaceChildren(...Array.from({ length: n }, (_, i) => el("option", { value: i }, `${t("seat")} ${i + 1}`)));
  };
  // What the chosen variant changes for a player, and only the options its rules read (Tarot's capot value is
  // the traditional rules' alone: the FFT's chelem has fixed values).
  const explain = el("p", { class: "muted explain", id: "variant-explain" });
  const optionRows = (g.fields || []).map(optionField);
  const fillVariant = () => {
    const own = t("variantExplain_" + g.name + "_" + variant.value);
    explain.textContent = own !== "variantExplain_" + g.name + "_" + variant.value ? own : "";
    explain.hidden = !explain.textContent;
    for (const row of optionRows) {
      if (row.dataset.variants) row.hidden = !row.dataset.variants.split(" ").includes(variant.value);
    }
  };
  variant.addEventListener("change", () => { fillPlayers(); fillDeals(); fillVariant(); });
  players.addEventListener("change", () => { fillSeats(); fillDeals(); });
  fillPlayers();
  fillDeals();
  const out = [el("label", {}, t("variant"), variant), el("label", {}, t("players"), players), el("label", {}, t("seatLabel"), seat)];
  if (g.match.includes("deals")) out.push(el("label", {}, t("deals"), deals));
  if (g.match.includes("target")) out.push(el("label", {}, t("target"), el("input", { type: "number", name: "target", id: "f-target", min: 1, max: 10000, placeholder: "—" })));
  out.splice(1, 0, explain);
  if (optionRows.length) out.push(el("details", { class: "options" }, el("summary", {}, t("options")), ...optionRows));
  fillVariant();
  return out;
}

// One rule option as a form field (GET /api/games "fields"): a checkbox, a list of named values, or a number
// with its documented range; its label and a one-line explanation in the page's language.
function optionField(field) {
  const lang = getLang();
  const id = "opt-" + field.key;
  const help = (field.help || {})[lang];
  const described = help ? { "aria-describedby": id + "-help" } : {};
  let input;
  if (field.kind === "bool") {
    input = el("input", { type: "checkbox", id, "data-opt": field.key, "data-kind": "bool", checked: field.default, ...described });
  } else if (field.kind === "choice") {
    input = el("select", { id, "data-opt": field.key, "data-kind": "choice", ...described }, field.choices.map((c, i) =>
      el("option", { value: String(i), selected: JSON.stringify(c.value) === JSON.stringify(field.default) }, c.label[lang] || String(c.value))));
  } else {
    input = el("input", { type: "number", id, "data-opt": field.key, "data-kind": "number", value: field.default,
      min: field.min, max: field.max, step: field.step || 1, ...described });
  }
  const range = field.kind === "number" && field.min !== null && field.max !== null ? ` (${field.min}–${field.max})` : "";
  const label = el("label", { for: id, class: field.kind === "bool" ? "opt-check" : "" }, (field.label || {})[lang] || field.key, range);
  const row = el("div", { class: "opt-field", "data-field": field.key, ...(field.variants ? { "data-variants": field.variants.join(" ") } : {}) });
  if (field.kind === "bool") row.append(input, " ", label); else row.append(label, input);
  if (help) row.append(el("small", { class: "muted opt-help", id: id + "-help" }, help));
  return row;
}

// A field's value as the game takes it, or an error in the page's language (a number out of its range).
function optionValue(field, input) {
  if (field.kind === "bool") return { value: input.checked };
  if (field.kind === "choice") return { value: field.choices[Number(input.value)].value };
  const raw = input.value.trim();
  const n = Number(raw);
  const step = field.step || 1;
  const ok = raw !== "" && Number.isInteger(n) && (field.min === null || n >= field.min) && (field.max === null || n <= field.max)
    && (n - (field.min || 0)) % step === 0;
  if (ok) return { value: n };
  let allowed = t("optRange").replace("{min}", field.min).replace("{max}", field.max);
  if (step > 1) allowed += " " + t("optStep").replace("{step}", step);
  return { error: t("optBad").replace("{label}", field.label[getLang()] || field.key).replace("{allowed}", allowed) };
}

async function onCreate(ev) {
  ev.preventDefault();
  const f = ev.target;
  const g = GAMES.find((x) => x.name === f.game.value);
  const options = {};
  for (const input of f.querySelectorAll("[data-opt]")) {
    const field = (g.fields || []).find((x) => x.key === input.dataset.opt);
    if (!field || input.closest(".opt-field").hidden) continue;  // an option the chosen variant does not read
    const got = optionValue(field, input);
    if (got.error) { toastLobby(got.error); const box = input.closest("details"); if (box) box.open = true; input.focus(); return; }
    if (JSON.stringify(got.value) !== JSON.stringify(field.default)) options[field.key] = got.value;
  }
  const mode = f.mode.value;
  const body = {
    game: g.name, variant: f.variant.value, players: Number(f.players.value), options, level: f.level.value,
    seat: mode === "watch" ? null : Number(f.seat.value), fill: mode === "bots",
  };
  const nickname = f.nickname.value.trim();
  if (nickname) body.name = nickname;
  localStorage.setItem("atout.name", nickname);  // the table page sends it when joining a seat
  if (f.seed.value !== "") body.seed = Number(f.seed.value);
  if (f.deals && f.deals.value) body.deals = Number(f.deals.value);
  if (f.target && f.target.value) body.target = Number(f.target.value);
  const res = await fetch("/api/tables?lang=" + getLang(), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  let answer = null;
  try { answer = await res.json(); } catch (e) { answer = null; }
  if (res.ok && answer) {
    if (answer.token) localStorage.setItem("atout.token." + answer.id, answer.token);
    location.href = answer.url;
    return;
  }
  toastLobby(refusal(res.status, answer));
}

// A refused table in the page's language: the server's code said in words; its own detail kept after a colon.
function refusal(status, answer) {
  const code = answer && answer.error;
  const detail = (answer && answer.message) || String(status);
  const said = answer && answer.lang === getLang() && answer.message;  // said by the server in the page's language
  if (code === "malformed" && answer.field === "name") return said || t("nameError");  // the name's own rule
  if (code === "rate_limited" || status === 429) return said || t("rateLimited");
  if (said) return code === "bad_options" ? said : `${t("createFailed")}${t("colon")}${said}`;
  return `${t("createFailed")}${t("colon")}${detail}`;
}

async function tableList(status) {
  const title = { open: t("openTables"), playing: t("playingTables"), over: t("finished") }[status];
  const rows = await api(`/api/tables?status=${status}&lang=${getLang()}`);
  const section = el("section", { class: "panel", id: "list-" + status }, el("h2", {}, title));
  if (!rows.length) { section.append(el("p", { class: "muted" }, t("none"))); return section; }
  const ul = el("ul", { class: "tables" });
  for (const r of rows) {
    const g = GAMES.find((x) => x.name === r.game);
    const info = g && g.variants[r.variant];
    const label = `${g ? g.title : r.game} · ${variantTitle(info && info.texts, r.variant)} · ${r.players} ${t("players").toLowerCase()}`;
    const links = [];
    if (status === "over") {
      links.push(el("a", { href: "/r/" + r.id }, t("replay")), " ",
        el("a", { href: `/api/tables/${r.id}/record`, download: `atout-${r.id}.json` }, t("download")));
      const when = r.updated ? new Date(r.updated.replace(" ", "T")) : null;
      if (when && !isNaN(when)) links.push(el("span", { class: "muted when" }, ` · ${t("playedOn")} ${when.toLocaleString(getLang())}`));
      // Each player with his score ("Alice +308, Robot moyen 2 −924"), never a bare list of numbers.
      const scored = r.names && r.returns && r.returns.length === r.names.length;
      if (r.names && r.names.length) {
        links.push(el("span", { class: "who" }, " · " + r.names.map((n, i) => (scored ? `${n} ${plusSigned(r.returns[i])}` : n)).join(", ")));
      }
      if (r.winners && r.winners.length && r.names) {
        const who = r.winners.map((i) => r.names[i]).join(", ");
        links.push(el("strong", { class: "winner" }, ` · ${t(r.winners.length > 1 ? "winners" : "winner")}${t("colon")}${who}`));
      }
      if (r.draw) links.push(el("strong", { class: "winner" }, ` · ${t("drawn")}`));
      if (r.returns && !scored) links.push(el("span", { class: "muted" }, ` · ${t("scores")}${t("colon")}${r.returns.map((x, i) => `${t("side")} ${i + 1} ${plusSigned(x)}`).join(", ")}`));
    } else {
      const mine = localStorage.getItem("atout.token." + r.id) !== null;  // a seat of one's own: resume it
      links.push(el("a", { href: "/t/" + r.id }, mine ? t("resume") : status === "open" ? t("join") : t("watch")));
    }
    ul.append(el("li", {}, el("span", {}, label), " ", ...links));
  }
  section.append(ul);
  return section;
}

function uploadForm() {
  // The browser's own file button speaks the browser's language ("Choose File" on a French page): the input is
  // hidden, a label in the page's words opens it, and the chosen file's name is said beside it.
  const input = el("input", { type: "file", accept: "application/json,.json", id: "upload-file", class: "file-input",
                              "aria-label": t("upload") });
  const chosen = el("span", { id: "upload-chosen", class: "muted" }, t("noFileChosen"));
  input.addEventListener("change", () => { chosen.textContent = input.files.length ? input.files[0].name : t("noFileChosen"); });
  const pick = el("label", { for: "upload-file", class: "file-pick", "aria-hidden": "true" }, t("chooseFile"));
  const problem = el("p", { class: "error", id: "upload-error", role: "alert", hidden: true });
  const form = el("form", { class: "panel", id: "upload", onsubmit: async (ev) => {
    ev.preventDefault();
    problem.hidden = true;
    if (!input.files.length) {  // said, not silent (a newcomer clicked and saw nothing happen)
      problem.textContent = t("chooseFileFirst"); problem.hidden = false; return;
    }
    const text = await input.files[0].text();
    try {
      // The refusal comes back as a code, its params and a message in the page's language (atout.present.records).
      const res = await api("/api/records?lang=" + getLang(), { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
      location.assign(res.url);
    } catch (e) { problem.textContent = `${t("uploadFailed")}${t("colon")}${e.message}`; problem.hidden = false; }
  } }, el("h2", {}, t("upload")), input, pick, chosen, el("button", { type: "submit" }, t("uploadBtn")), problem);
  return form;
}

function variantAbout(info) {
  const mine = info.texts && info.texts[getLang()];
  return mine ? mine.about : info.about;
}

function toastLobby(message) {
  const box = document.getElementById("create-error");
  if (box) { box.textContent = message; box.hidden = false; } else alert(message);
}

renderLobby();
