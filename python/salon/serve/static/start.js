// The start page: choose a game, its parameters and who sits where; or upload a record.
"use strict";
(function () {
  const $ = id => document.getElementById(id);
  let games = [];
  let seatsInfo = null;

  function showError(text) {
    const box = $("message");
    box.textContent = text;
    box.classList.remove("hidden");
  }

  async function api(path, options) {
    const response = await fetch(path, options);
    let data = null;
    try { data = await response.json(); } catch (err) { data = null; }
    if (!response.ok) {
      throw new Error(data && data.error ? data.error + " (" + data.type + ")" : "HTTP " + response.status);
    }
    return data;
  }

  function chosenGame() {
    const input = document.querySelector("input[name=game]:checked");
    return games.find(g => input && g.name === input.value) || games[0];
  }

  function paramInput(name, spec) {
    const wrap = document.createElement("div");
    wrap.className = "param";
    const label = document.createElement("label");
    label.textContent = name + " ";
    let input;
    if (typeof spec.default === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = spec.default;
    } else if (spec.allowed && spec.allowed.length) {
      input = document.createElement("select");
      spec.allowed.forEach(v => {
        const o = document.createElement("option");
        o.value = String(v);
        o.textContent = String(v);
        if (v === spec.default) o.selected = true;
        input.appendChild(o);
      });
    } else {
      input = document.createElement("input");
      input.type = typeof spec.default === "number" ? "number" : "text";
      input.value = String(spec.default);
    }
    input.dataset.param = name;
    input.dataset.type = typeof spec.default;
    input.id = "param-" + name;
    label.appendChild(input);
    wrap.appendChild(label);
    const doc = document.createElement("span");
    doc.className = "doc";
    doc.textContent = spec.doc + (spec.variant ? " (a reading of the rules)" : "");
    wrap.appendChild(doc);
    if (name === "players") input.addEventListener("change", drawSeats);
    return wrap;
  }

  function drawParams() {
    const game = chosenGame();
    const box = $("params");
    box.textContent = "";
    Object.keys(game.parameters).sort((a, b) => (a === "players" ? -1 : b === "players" ? 1 : a.localeCompare(b)))
      .forEach(name => box.appendChild(paramInput(name, game.parameters[name])));
    drawSeats();
  }

  function params() {
    const out = {};
    document.querySelectorAll("[data-param]").forEach(input => {
      const type = input.dataset.type;
      if (type === "boolean") out[input.dataset.param] = input.checked;
      else if (type === "number") out[input.dataset.param] = Number(input.value);
      else out[input.dataset.param] = input.value;
    });
    return out;
  }

  function playerCount() {
    const game = chosenGame();
    const p = params().players;
    return typeof p === "number" ? p : game.min_players;
  }

  function drawSeats() {
    const box = $("seats");
    const n = playerCount();
    const previous = Array.from(box.querySelectorAll(".seat")).map(row => ({
      kind: row.querySelector("select").value, seconds: row.querySelector("input").value }));
    box.textContent = "";
    for (let p = 0; p < n; p++) {
      const row = document.createElement("div");
      row.className = "seat";
      const label = document.createElement("label");
      label.textContent = "seat " + p + " ";
      const select = document.createElement("select");
      select.id = "seat-" + p;
      const kinds = [["human", "you (a person)"], ["random", "random bot"], ["greedy", "greedy bot"], ["mcts", "MCTS bot"]];
      if (seatsInfo.networks.includes(chosenGame().name + "-" + n + "p")) {
        kinds.push(["network", "network bot (" + seatsInfo.network_simulations + " simulations)"]);
      }
      kinds.forEach(([v, t]) => {
        const o = document.createElement("option");
        o.value = v;
        o.textContent = t;
        select.appendChild(o);
      });
      const wanted = previous[p] ? previous[p].kind : (p === 0 ? "human" : "mcts");
      select.value = kinds.some(([v]) => v === wanted) ? wanted : "mcts";
      label.appendChild(select);
      row.appendChild(label);
      const secLabel = document.createElement("label");
      secLabel.textContent = "thinks ";
      const seconds = document.createElement("input");
      seconds.type = "number";
      seconds.id = "seconds-" + p;
      seconds.min = String(seatsInfo.mcts_seconds[0]);
      seconds.max = String(seatsInfo.mcts_seconds[1]);
      seconds.step = "any";
      seconds.value = previous[p] ? previous[p].seconds : "1";
      seconds.style.width = "5em";
      secLabel.appendChild(seconds);
      secLabel.appendChild(document.createTextNode(" s per move"));
      row.appendChild(secLabel);
      const sync = () => secLabel.classList.toggle("hidden", select.value !== "mcts");
      select.addEventListener("change", sync);
      sync();
      box.appendChild(row);
    }
  }

  async function sitDown(event) {
    event.preventDefault();
    $("message").classList.add("hidden");
    const n = playerCount();
    const seats = [];
    for (let p = 0; p < n; p++) {
      const kind = $("seat-" + p).value;
      seats.push(kind === "mcts" ? {kind: kind, seconds: Number($("seconds-" + p).value)} : {kind: kind});
    }
    const body = {game: chosenGame().name, params: params(), seats: seats, pace: Number($("pace").value)};
    try {
      const table = await api("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      if (table.seats.length > 1) {
        const list = $("seat-links");
        list.textContent = "";
        table.seats.forEach(s => {
          const li = document.createElement("li");
          const a = document.createElement("a");
          a.href = s.url;
          a.target = "_blank";
          a.textContent = "seat " + s.seat;
          li.appendChild(a);
          list.appendChild(li);
        });
        $("links").classList.remove("hidden");
      } else {
        location.href = table.url;
      }
    } catch (err) {
      showError("cannot open the table: " + err.message);
    }
  }

  async function upload() {
    const file = $("upload").files[0];
    if (!file) return;
    try {
      const review = await api("/api/reviews", {method: "POST", headers: {"Content-Type": "application/x-ndjson"},
        body: await file.text()});
      location.href = review.url;
    } catch (err) {
      showError("cannot review this record: " + err.message);
    }
  }

  async function init() {
    const data = await api("/api/games");
    games = data.games;
    seatsInfo = data.seats;
    const box = $("games");
    box.textContent = "";
    games.forEach((g, i) => {
      const label = document.createElement("label");
      label.className = "game";
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "game";
      input.value = g.name;
      input.id = "game-" + g.name;
      input.checked = i === 0;
      input.addEventListener("change", drawParams);
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + g.title + " "));
      const doc = document.createElement("span");
      doc.className = "doc";
      doc.textContent = "(" + g.name + ", " + g.min_players + "-" + g.max_players + " players, " +
        (g.perfect_information ? "perfect information" : "hidden cards") + ")";
      label.appendChild(doc);
      box.appendChild(label);
    });
    drawParams();
    $("new-table").addEventListener("submit", sitDown);
    $("upload").addEventListener("change", upload);
    document.body.dataset.ready = "1";
  }

  init().catch(err => showError("cannot load the games: " + err.message));
})();
