// The tournament board and a player's page (docs/WEB.md): asks for the next version with a
// long poll and draws what it gets; the server words everything in the page's language.
"use strict";

const parts = location.pathname.split("/").filter(Boolean);
const token = parts[parts.indexOf("turnier") + 1];
const player = parts.includes("spieler") ? parts[parts.indexOf("spieler") + 1] : null;
const lang = new URLSearchParams(location.search).get("lang") === "en" ? "en" : "de";
document.documentElement.lang = lang;
let version = null;
let deadline = null;

function text(id, value) {
  document.getElementById(id).textContent = value;
}

function rows(tbody, lines) {
  tbody.replaceChildren(...lines.map((cells) => {
    const tr = document.createElement("tr");
    for (const cell of cells) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.append(td);
    }
    return tr;
  }));
}

function drawBoard(f) {
  document.getElementById("board").hidden = false;
  text("name", "🏆 " + f.name);
  text("headline", f.headline);
  text("clock", f.clock);
  deadline = f.remaining_ms && !f.paused ? Date.now() + f.remaining_ms : null;
  text("standings-title", f.titles.standings);
  const head = document.querySelector("#standings thead");
  const tr = document.createElement("tr");
  for (const c of f.columns) {
    const th = document.createElement("th");
    th.textContent = c;
    tr.append(th);
  }
  head.replaceChildren(tr);
  rows(document.querySelector("#standings tbody"), f.standings);
  document.getElementById("teams-part").hidden = f.teams.length === 0;
  text("teams-title", f.titles.teams);
  rows(document.querySelector("#teams tbody"), f.teams);
  document.getElementById("tables-part").hidden = f.tables.length === 0;
  text("tables-title", f.titles.tables);
  document.getElementById("tables").replaceChildren(...f.tables.map((t) => {
    const div = document.createElement("div");
    div.className = t.closed ? "table closed" : "table";
    const b = document.createElement("b");
    b.textContent = t.number + ": ";
    div.append(b, t.players.join(", ") + " – " + t.state);
    return div;
  }));
  document.getElementById("final").hidden = f.final_order.length === 0;
  text("final-title", f.titles.final_order);
  document.getElementById("final-order").replaceChildren(...f.final_order.map((n) => {
    const li = document.createElement("li");
    li.textContent = n;
    return li;
  }));
}

function drawPlayer(f) {
  document.getElementById("player").hidden = false;
  text("name", f.name);
  text("headline", f.tournament);
  document.getElementById("player-lines").replaceChildren(...f.lines.map((l) => {
    const li = document.createElement("li");
    li.textContent = l;
    return li;
  }));
}

// The clock counts down between frames.
setInterval(() => {
  if (deadline === null) return;
  const left = Math.max(0, deadline - Date.now());
  const min = Math.floor(left / 60000);
  const sec = Math.floor((left % 60000) / 1000);
  text("clock", "⏱ " + min + ":" + String(sec).padStart(2, "0"));
}, 1000);

async function follow() {
  for (;;) {
    const q = new URLSearchParams({ lang });
    if (version !== null) q.set("since", version);
    if (player) q.set("player", player);
    try {
      const answer = await fetch("/api/turnier/" + token + "?" + q);
      if (answer.status === 200) {
        const frame = await answer.json();
        version = frame.version;
        document.body.dataset.version = version;
        (player ? drawPlayer : drawBoard)(frame);
      } else if (answer.status !== 204) {
        await new Promise((r) => setTimeout(r, 3000));
      }
    } catch (e) {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

follow();
