// The table page: a seat's view of one game (/play/<table>/<key>), or an uploaded record
// reviewed move by move (/review/<id>). Plain JavaScript, no build step.
//
// Moving by clicking on the board: every element of the game's SVG that a player would click
// carries data-field="<name>" data-value="<value>", a key and value of the fields of the legal
// moves (Move.fields; docs/pictures.md). A click names the pairs of the clicked element and its
// ancestors; the legal moves remain that every click names (a field with the move's value) and
// none contradicts (see consistent).
// One left: it is played. Several: the elements that could narrow the choice are highlighted and
// the remaining moves are offered as buttons (for fields no element shows). A click that names
// no legal move resets the selection.
"use strict";
(function () {
  const $ = id => document.getElementById(id);
  const playMatch = location.pathname.match(/^\/play\/([^/]+)\/([^/]+)\/?$/);
  const reviewMatch = location.pathname.match(/^\/review\/([^/]+)\/?$/);

  let view = null;          // the seat's last payload from the server
  let version = -1;
  let clicks = [];          // the board clicks of the move being chosen: Maps field -> value text
  let busy = false;         // a request of ours is under way
  let shownSvg = "";
  let thinkingSince = null; // performance.now() at which the bot started, or null
  let review = null;        // the review summary in review mode
  let reviewPos = 0, reviewView = -1;
  const reviewCache = new Map();
  let tableUrl = null;      // the table page we came from, in review mode

  // ------------------------------------------------------------------ helpers

  function showMessage(text, info) {
    const box = $("message");
    box.textContent = text;
    box.classList.toggle("info", !!info);
    box.classList.toggle("hidden", !text);
  }

  async function api(path, options) {
    const response = await fetch(path, options);
    let data = null;
    try { data = await response.json(); } catch (err) { data = null; }
    if (!response.ok) {
      const error = new Error(data && data.error ? data.error : "HTTP " + response.status);
      error.type = data && data.type ? data.type : "HTTPError";
      error.status = response.status;
      throw error;
    }
    return data;
  }

  function playerName(p) {
    if (p < 0) return "chance";
    if (view) {
      const info = view.players[p];
      return "P" + p + (p === view.seat ? " (you)" : " " + info.label);
    }
    if (review) return "P" + p + " " + review.players[p];
    return "P" + p;
  }

  function fieldText(value) {
    return typeof value === "boolean" ? (value ? "true" : "false") : String(value);
  }

  // ------------------------------------------------------------- the board

  function pairsOf(element) {
    // The data-field/data-value pairs of an element and its ancestors (the nearest wins).
    const pairs = new Map();
    const board = $("board");
    for (let e = element; e && e !== board; e = e.parentElement) {
      const field = e.getAttribute && e.getAttribute("data-field");
      if (field !== null && field !== undefined && !pairs.has(field)) {
        pairs.set(field, e.getAttribute("data-value") || "");
      }
    }
    return pairs;
  }

  function named(move, pairs) {
    // Whether a click (its pairs) names one of the move's fields with the move's value.
    for (const [field, value] of pairs) {
      if (Object.prototype.hasOwnProperty.call(move.fields, field) && fieldText(move.fields[field]) === value) return true;
    }
    return false;
  }

  function consistent(move, clickList) {
    // Every click names one of the move's fields with the move's value, and names no field of
    // the move with another value, except a value it also gives a matching field: a pigment
    // names both pay_1 and pay_2 with its colour, the students on a pile name from, to and pile
    // (an element may name more fields than a move uses: the legal moves decide).
    for (const pairs of clickList) {
      const matched = new Set();
      for (const [field, value] of pairs) {
        if (Object.prototype.hasOwnProperty.call(move.fields, field) && fieldText(move.fields[field]) === value) matched.add(value);
      }
      if (matched.size === 0) return false;
      for (const [field, value] of pairs) {
        if (Object.prototype.hasOwnProperty.call(move.fields, field) && fieldText(move.fields[field]) !== value && !matched.has(value)) return false;
      }
    }
    return true;
  }

  function possible(clickList) {
    // The legal moves still consistent with the clicks of the move being chosen.
    if (!view || !view.your_turn) return [];
    return view.moves.filter(m => consistent(m, clickList));
  }

  function selectedPairs() {
    const all = new Map();
    clicks.forEach(pairs => { for (const [k, v] of pairs) all.set(k + "\u0000" + v, [k, v]); });
    return all;
  }

  function onBoardClick(event) {
    if (!view || !view.your_turn || busy || review) return;
    const pairs = pairsOf(event.target);
    if (pairs.size === 0) return;
    if (possible(clicks.concat([pairs])).length > 0) {
      clicks = clicks.concat([pairs]);
    } else if (possible([pairs]).length > 0) {
      clicks = [pairs];          // a click that fits no move of the selection starts a new one
    } else {
      clicks = [];               // a click that matches no legal move resets the selection
    }
    afterSelection();
  }

  function afterSelection() {
    const left = clicks.length ? possible(clicks) : [];
    if (clicks.length && left.length === 1) {
      const move = left[0];
      clicks = [];
      sendMove(move);
      return;
    }
    drawSelection(left);
    highlight();
  }

  function highlight() {
    const board = $("board");
    const elements = board.querySelectorAll("[data-field]");
    const active = view && view.your_turn && !busy;
    const chosen = selectedPairs();
    const moves = active ? possible(clicks) : [];
    elements.forEach(el => {
      let clickable = false, selected = false;
      if (active) {
        const pairs = pairsOf(el);
        const fresh = new Map(Array.from(pairs).filter(([k, v]) => !chosen.has(k + "\u0000" + v)));
        selected = clicks.length > 0 && fresh.size === 0;
        clickable = fresh.size > 0 && moves.some(m => named(m, fresh) && consistent(m, clicks.concat([pairs])));
      }
      el.classList.toggle("salon-clickable", clickable);
      el.classList.toggle("salon-selected", selected);
    });
    // A group around clickable things (all the factories, a pile around its cylinder) is not
    // highlighted itself: its glow would cover the parts a click there cannot use.
    board.querySelectorAll(".salon-clickable").forEach(el => {
      for (let e = el.parentElement; e && e !== board; e = e.parentElement) e.classList.remove("salon-clickable");
    });
  }

  function drawSelection(left) {
    const box = $("choices");
    if (!clicks.length) { box.classList.add("hidden"); return; }
    box.classList.remove("hidden");
    const chips = $("selection");
    chips.textContent = "";
    clicks.forEach(pairs => {
      const chip = document.createElement("span");
      chip.className = "chip";
      chip.textContent = Array.from(pairs).map(([k, v]) => k + " = " + v).join(", ");
      chips.appendChild(chip);
    });
    const list = $("choice-list");
    list.textContent = "";
    left.forEach(move => list.appendChild(moveButton(move, "choice")));
  }

  function clearSelection() {
    clicks = [];
    drawSelection([]);
    highlight();
  }

  // ------------------------------------------------------------ the side panel

  function moveButton(move, cls) {
    const b = document.createElement("button");
    b.className = cls;
    b.textContent = move.text;
    b.dataset.action = String(move.action);
    b.dataset.kind = move.kind;
    b.title = move.kind + " " + JSON.stringify(move.fields);
    b.addEventListener("click", () => sendMove(move));
    return b;
  }

  function drawMoves() {
    const box = $("moves");
    box.textContent = "";
    if (!view.your_turn) {
      const p = document.createElement("p");
      p.textContent = view.over ? "the game is over" : "not your turn";
      box.appendChild(p);
      return;
    }
    const groups = new Map();
    view.moves.forEach(m => { if (!groups.has(m.kind)) groups.set(m.kind, []); groups.get(m.kind).push(m); });
    for (const [kind, moves] of groups) {
      const details = document.createElement("details");
      details.open = groups.size <= 3 || moves.length <= 12;
      details.dataset.kind = kind;
      const summary = document.createElement("summary");
      summary.textContent = kind.replace(/_/g, " ") + " (" + moves.length + ")";
      details.appendChild(summary);
      const list = document.createElement("div");
      list.className = "list";
      moves.forEach(m => list.appendChild(moveButton(m, "move")));
      details.appendChild(list);
      box.appendChild(details);
    }
  }

  function drawPlayers() {
    const list = $("players");
    list.textContent = "";
    view.players.forEach(info => {
      const li = document.createElement("li");
      li.textContent = info.label;
      if (info.seat === view.seat) li.classList.add("you");
      if (info.seat === view.to_move) li.classList.add("to-move");
      const search = view.last_search[String(info.seat)];
      if (search && search.simulations) {
        li.appendChild(document.createTextNode(" (last move: " + search.simulations.toLocaleString("en") +
          " simulations in " + search.seconds.toFixed(2) + " s)"));
      }
      list.appendChild(li);
    });
  }

  function drawLog() {
    const list = $("log-list");
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.textContent = "";
    view.log.forEach((entry, i) => {
      const li = document.createElement("li");
      if (entry.actor < 0) li.className = "chance";
      if (i === view.log.length - 1) li.classList.add("last");
      li.textContent = playerName(entry.actor) + ": " + entry.text;
      list.appendChild(li);
    });
    if (atBottom || true) list.scrollTop = list.scrollHeight;
  }

  function drawStatus() {
    const turn = $("turn");
    const bar = $("thinkbar");
    $("thinktext").textContent = "";
    bar.classList.add("hidden");
    thinkingSince = null;
    if (view.failure) showMessage("the table stopped: " + view.failure);
    if (view.over) {
      turn.textContent = "game over";
    } else if (view.your_turn) {
      turn.textContent = "your turn: click on the board or choose a move";
    } else if (view.thinking) {
      const t = view.thinking;
      turn.textContent = playerName(t.seat) + " is thinking";
      if (t.budget && t.budget.seconds) {
        bar.max = t.budget.seconds;
        bar.value = Math.min(t.elapsed, t.budget.seconds);
        bar.classList.remove("hidden");
        thinkingSince = performance.now() - t.elapsed * 1000;
        tick();
      } else if (t.budget && t.budget.simulations) {
        $("thinktext").textContent = t.budget.simulations + " simulations per move";
      }
    } else if (view.chance) {
      turn.textContent = "dealing";
    } else if (view.to_move !== null) {
      turn.textContent = "waiting for " + playerName(view.to_move);
    } else {
      turn.textContent = "";
    }
    $("searchtext").textContent = "move " + view.ply + (view.games_played > 1 ? ", game " + view.games_played : "");
  }

  function tick() {
    if (thinkingSince === null || !view || !view.thinking || !view.thinking.budget) return;
    const budget = view.thinking.budget.seconds;
    const elapsed = (performance.now() - thinkingSince) / 1000;
    $("thinkbar").value = Math.min(elapsed, budget);
    $("thinktext").textContent = elapsed.toFixed(1) + " of " + budget + " s";
    requestAnimationFrame(tick);
  }

  function drawResult() {
    const box = $("result");
    const playUrl = playMatch ? "/api/tables/" + playMatch[1] + "/" + playMatch[2] : null;
    $("download").classList.toggle("hidden", !view.over);
    $("review-this").classList.toggle("hidden", !view.over);
    if (!view.over) { box.classList.add("hidden"); return; }
    $("download").href = playUrl + "/record";
    box.classList.remove("hidden");
    const r = view.result;
    const names = r.winners.map(p => playerName(p));
    let text = names.length === 1 ? names[0] + " wins" : names.length ? "a tie between " + names.join(" and ") : "no winner";
    if (r.resigned !== null) text = playerName(r.resigned) + " resigned; " + text;
    $("result-text").textContent = text;
    const table = $("scores");
    table.textContent = "";
    const head = document.createElement("tr");
    ["player", "score", "result"].forEach(h => { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); });
    table.appendChild(head);
    r.scores.forEach((s, p) => {
      const tr = document.createElement("tr");
      if (r.winners.includes(p)) tr.className = "winner";
      [playerName(p), String(s), r.winners.includes(p) ? "winner" : ""].forEach(c => {
        const td = document.createElement("td"); td.textContent = c; tr.appendChild(td);
      });
      table.appendChild(tr);
    });
  }

  function render(data) {
    if (data.version < version) return;
    const fresh = data.version !== version;
    view = data;
    version = data.version;
    if (fresh) clicks = [];
    $("title").textContent = view.game.title;
    $("subtitle").textContent = view.game.spec + (view.seat < 0 ? " | watching the bots" : " | your seat: P" + view.seat);
    document.title = "salon: " + view.game.title;
    if (view.svg !== shownSvg) {
      $("board").innerHTML = view.svg;   // the engine's drawing (it escapes every text)
      shownSvg = view.svg;
    }
    drawPlayers();
    drawStatus();
    drawMoves();
    drawLog();
    drawResult();
    drawSelection(clicks.length ? possible(clicks) : []);
    highlight();
    $("undo").disabled = !view.can_undo || busy;
    $("hint").classList.toggle("hidden", !view.hints);
    $("hint").disabled = !view.can_hint || busy;
    if (hintVersion !== view.version) $("hint-box").classList.add("hidden");
    $("resign").disabled = view.over || view.seat < 0 || busy;
    $("resign").classList.toggle("hidden", view.bot_only);
    $("stop").classList.toggle("hidden", !view.bot_only);
    $("stop").disabled = !view.can_stop || busy;
    const asks = view.over ? [] : view.new_game_asked;
    $("asks").textContent = asks.length ? " | a new game asked by " + asks.map(p => playerName(p)).join(", ") +
      (asks.includes(view.seat) ? " (it starts when every person asks)" : " (new game to agree)") : "";
    if (view.paused) $("asks").textContent = " | paused while nobody watches";
    $("data").textContent = JSON.stringify(view.observation, null, 1);
    document.body.dataset.version = String(view.version);
    document.body.dataset.turn = view.your_turn ? "you" : view.over ? "over" : "others";
    document.body.dataset.ready = "1";
  }

  // The hint of the position shown (cleared when the table moves on).
  let hintVersion = -1;

  function drawHint(data) {
    hintVersion = data.version;
    const hint = data.hint;
    const mine = hint.root_values[hint.player];
    $("hint-text").textContent = "the network would play " + hint.chosen_text +
      (hint.principal_variation_text.length > 1 ? " (then " + hint.principal_variation_text.slice(1).join(", ") + ")" : "") +
      "; your win share " + mine.toFixed(2) + " (" + hint.simulations + " simulations)";
    const body = $("hint-moves").querySelector("tbody");
    body.textContent = "";
    hint.moves.forEach(m => {
      const tr = document.createElement("tr");
      if (m.action === hint.chosen) tr.className = "chosen";
      [m.text, String(m.visits), m.prior.toFixed(3), m.value === null ? "-" : m.value.toFixed(3)].forEach(c => {
        const td = document.createElement("td"); td.textContent = c; tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    $("hint-box").classList.remove("hidden");
  }

  async function askHint() {
    if (busy) return;
    busy = true;
    $("hint").disabled = true;
    try {
      const data = await api("/api/tables/" + playMatch[1] + "/" + playMatch[2] + "/hint",
        {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"});
      busy = false;
      if (data.version === version) drawHint(data);
    } catch (err) {
      busy = false;
      showMessage(err.message + " (" + err.type + ")");
    }
    if (view) render(view);
  }

  async function request(path, body) {
    if (busy) return;
    busy = true;
    try {
      const data = await api(path, {method: "POST", headers: {"Content-Type": "application/json"},
        body: body === undefined ? "{}" : JSON.stringify(body)});
      showMessage("");
      busy = false;
      render(data);
    } catch (err) {
      busy = false;
      showMessage(err.message + " (" + err.type + ")");
      if (view) render(view);
    }
  }

  function sendMove(move) {
    const base = "/api/tables/" + playMatch[1] + "/" + playMatch[2];
    request(base + "/move", {action: move.action, version: view.version});
  }

  async function poll() {
    const base = "/api/tables/" + playMatch[1] + "/" + playMatch[2];
    for (;;) {
      if (review) { await new Promise(r => setTimeout(r, 500)); continue; }
      try {
        render(await api(base + "?after=" + version));
      } catch (err) {
        showMessage("cannot reach the table: " + err.message + (err.type ? " (" + err.type + ")" : ""));
        if (err.status === 404) { document.body.dataset.ready = "1"; return; }
        await new Promise(r => setTimeout(r, 2000));
      }
    }
  }

  // ---------------------------------------------------------------- review mode

  async function openReview(id, push) {
    review = await api("/api/reviews/" + id);
    reviewCache.clear();
    if (push) history.pushState({review: id}, "", "/review/" + id);
    document.body.dataset.mode = "review";
    ["play-box", "log", "data-box", "result"].forEach(x => $(x).classList.add("hidden"));
    $("controls").parentElement.classList.add("hidden");
    $("review-bar").classList.remove("hidden");
    $("review-box").classList.remove("hidden");
    $("rv-back").classList.toggle("hidden", !tableUrl);
    if (tableUrl) $("rv-back").href = tableUrl;
    $("title").textContent = review.game.title;
    $("subtitle").textContent = review.game.spec + " | seed " + review.seed + " | review of a record";
    const players = $("players");
    players.textContent = "";
    review.players.forEach((name, p) => {
      const li = document.createElement("li");
      li.textContent = name + ": " + review.scores[p] + " points" + (review.resigned === p ? " (resigned)" : "");
      players.appendChild(li);
    });
    $("turn").textContent = (review.terminal ? "final scores " : "scores at the end of the record ") + review.scores.join(", ");
    $("searchtext").textContent = "";
    $("thinkbar").classList.add("hidden");
    const sel = $("rv-view");
    sel.textContent = "";
    ["the whole table"].concat(review.players.map((p, i) => "player " + i + "'s view")).forEach((label, i) => {
      const o = document.createElement("option");
      o.value = String(i - 1);
      o.textContent = label;
      sel.appendChild(o);
    });
    const list = $("review-moves");
    list.textContent = "";
    const start = document.createElement("li");
    start.textContent = "start of the game";
    start.dataset.pos = "0";
    list.appendChild(start);
    review.moves.forEach((m, i) => {
      const li = document.createElement("li");
      li.dataset.pos = String(i + 1);
      li.textContent = playerName(m.actor) + ": " + m.text;
      list.appendChild(li);
    });
    $("rv-slider").max = String(review.moves.length);
    reviewView = -1;
    await showPosition(0);
  }

  async function showPosition(p) {
    if (!review) return;
    const total = review.moves.length;
    reviewPos = Math.max(0, Math.min(total, Number.isFinite(p) ? Math.trunc(p) : 0));
    const key = reviewPos + ":" + reviewView;
    let data = reviewCache.get(key);
    if (!data) {
      data = await api("/api/reviews/" + review.review + "/" + reviewPos + "?view=" + reviewView);
      reviewCache.set(key, data);
    }
    if (reviewPos !== data.position) return;
    $("board").innerHTML = data.svg;
    shownSvg = "";
    $("rv-slider").value = String(reviewPos);
    const last = reviewPos === 0 ? "start" : playerName(review.moves[reviewPos - 1].actor) + ": " + review.moves[reviewPos - 1].text;
    $("rv-status").textContent = "move " + reviewPos + " of " + total + " (" + last + ")";
    const list = $("review-moves");
    const cur = list.querySelector("li.current");
    if (cur) cur.classList.remove("current");
    const li = list.children[reviewPos];
    if (li) { li.classList.add("current"); li.scrollIntoView({block: "nearest"}); }
    document.body.dataset.pos = String(reviewPos);
    document.body.dataset.ready = "1";
  }

  function step(p) { showPosition(p).catch(err => showMessage(err.message + " (" + err.type + ")")); }

  async function upload() {
    const file = $("upload").files[0];
    if (!file) return;
    try {
      const made = await api("/api/reviews", {method: "POST", headers: {"Content-Type": "application/x-ndjson"},
        body: await file.text()});
      if (playMatch && !tableUrl) tableUrl = location.pathname;
      await openReview(made.review, true);
      showMessage("");
    } catch (err) {
      showMessage("cannot review this record: " + err.message + " (" + err.type + ")");
    }
    $("upload").value = "";
  }

  async function reviewThisGame() {
    try {
      const base = "/api/tables/" + playMatch[1] + "/" + playMatch[2];
      const made = await api(base + "/review", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"});
      tableUrl = location.pathname;
      await openReview(made.review, true);
    } catch (err) {
      showMessage(err.message + " (" + err.type + ")");
    }
  }

  // ------------------------------------------------------------------ wiring

  $("board").addEventListener("click", onBoardClick);
  $("clear-selection").addEventListener("click", clearSelection);
  $("upload").addEventListener("change", upload);
  $("rv-first").onclick = () => step(0);
  $("rv-prev").onclick = () => step(reviewPos - 1);
  $("rv-next").onclick = () => step(reviewPos + 1);
  $("rv-last").onclick = () => step(review ? review.moves.length : 0);
  $("rv-slider").oninput = () => step(Number($("rv-slider").value));
  $("rv-view").onchange = () => { reviewView = Number($("rv-view").value); step(reviewPos); };
  $("review-moves").addEventListener("click", e => { const li = e.target.closest("li"); if (li) step(Number(li.dataset.pos)); });
  document.addEventListener("keydown", e => {
    if (!review || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight") step(reviewPos + 1);
    else if (e.key === "ArrowLeft") step(reviewPos - 1);
    else if (e.key === "Home") step(0);
    else if (e.key === "End") step(review.moves.length);
  });
  window.addEventListener("popstate", () => { if (playMatch && review && location.pathname === tableUrl) location.reload(); });

  if (playMatch) {
    const base = "/api/tables/" + playMatch[1] + "/" + playMatch[2];
    document.body.dataset.mode = "play";
    $("undo").onclick = () => request(base + "/undo");
    $("resign").onclick = () => { if (window.confirm("Resign this game?")) request(base + "/resign"); };
    $("new-game").onclick = () => request(base + "/new");
    $("stop").onclick = () => request(base + "/stop");
    $("hint").onclick = askHint;
    $("review-this").onclick = reviewThisGame;
    poll();
  } else if (reviewMatch) {
    $("controls").parentElement.classList.add("hidden");
    openReview(reviewMatch[1], false).catch(err => {
      showMessage("cannot show this record: " + err.message + " (" + err.type + ")");
      document.body.dataset.ready = "1";
    });
  } else {
    showMessage("this address is not a table");
  }

  // For the browser tests and the curious: the page's current view and selection.
  window.salonPage = {
    get view() { return view; },
    get clicks() { return clicks.map(p => Object.fromEntries(p)); },
    get busy() { return busy; },
    pairsOf: el => Object.fromEntries(pairsOf(el)),
    // Whether a click on the element keeps the move among the possible ones.
    keeps: (move, el) => consistent(move, clicks.concat([pairsOf(el)])),
  };
})();
