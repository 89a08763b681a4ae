"""The HTML replay viewer: one self-contained file per game (``salon view record.jsonl -o game.html``).

The record is replayed (and so verified) first; every position is drawn by the engine's SVG
renderer, once for the full table and once per player's own view. Frames are cut into their
SVG elements, identical elements are stored once, identical frames once, and the whole payload
is gzip-compressed and base64-encoded inside the page (the browser inflates it with
``DecompressionStream``). No network access, no external file.

Everything taken from the record (player names, parameters, action texts) reaches the page
only inside the base64 payload and is put on screen with ``textContent``, never as markup: a
record is untrusted input. The SVG frames come from the engine, which escapes every text.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from pathlib import Path
from typing import Any

from salon import _core
from salon.records import load_record_game, replay_steps, start_state

_TAG = re.compile(r"(?=<)")


class _Frames:
    """Frames as lists of element ids, elements and frames deduplicated."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.piece_ids: dict[str, int] = {}
        self.frames: list[list[int]] = []
        self.frame_ids: dict[tuple[int, ...], int] = {}

    def add(self, svg: str) -> int:
        ids = []
        for chunk in _TAG.split(svg):
            if not chunk:
                continue
            k = self.piece_ids.get(chunk)
            if k is None:
                k = len(self.pieces)
                self.pieces.append(chunk)
                self.piece_ids[chunk] = k
            ids.append(k)
        key = tuple(ids)
        f = self.frame_ids.get(key)
        if f is None:
            f = len(self.frames)
            self.frames.append(ids)
            self.frame_ids[key] = f
        return f


def viewer_payload(record: dict[str, Any], *, line: int = 1) -> dict[str, Any]:
    """Replays a record and returns the viewer's data (frames per position and view)."""
    game = load_record_game(record, line=line)
    n = game.num_players()
    store = _Frames()
    seed = record.get("seed")
    start = start_state(record, game, line=line)

    def views(state: _core.State) -> list[int]:
        return [store.add(state.render_svg())] + [store.add(state.render_svg(p)) for p in range(n)]

    positions = [views(start)]
    moves: list[dict[str, Any]] = []
    final = start
    for i, actor, text, state in replay_steps(record, line=line):
        moves.append({"actor": actor, "text": text})
        positions.append(views(state))
        final = state
    raw_players = record.get("players")
    players = [str(p) for p in raw_players] if isinstance(raw_players, list) else [f"player {p}" for p in range(n)]
    return {
        "game": game.name,
        "title": game.long_name,
        "spec": str(game),
        "params": {str(k): v for k, v in game.get_parameters().items()},
        "seed": seed,
        "players": players,
        "scores": final.scores(),
        "returns": final.returns(),
        "terminal": final.is_terminal(),
        "moves": moves,
        "positions": positions,
        "frames": store.frames,
        "pieces": store.pieces,
    }


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>__TITLE__</title>
<style>
body { font-family: sans-serif; margin: 0; background: #faf8f3; color: #222; }
header { padding: 8px 14px; background: #3b3a36; color: #f4efe4; }
header h1 { font-size: 18px; margin: 0 0 4px 0; }
header p { margin: 2px 0; font-size: 13px; }
#controls { padding: 8px 14px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; border-bottom: 1px solid #ccc; }
#controls button { font-size: 14px; padding: 3px 10px; }
#main { display: flex; align-items: flex-start; }
#board { flex: 1 1 auto; padding: 8px; overflow: auto; }
#board svg { max-width: 100%; height: auto; }
#side { width: 360px; flex: 0 0 360px; height: calc(100vh - 140px); overflow-y: auto; border-left: 1px solid #ccc; font-size: 13px; }
#actions { margin: 0; padding: 0 0 0 0; list-style: none; }
#actions li { padding: 2px 8px; cursor: pointer; border-bottom: 1px solid #eee; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#actions li.chance { color: #777; }
#actions li.current { background: #ffe9a8; font-weight: bold; }
#actions li .num { display: inline-block; width: 42px; color: #999; }
#status { font-weight: bold; min-width: 180px; }
#loading { padding: 20px; }
</style>
</head>
<body>
<header><h1 id="title"></h1><p id="meta"></p><p id="result"></p></header>
<div id="controls">
<button id="first" title="start (Home)">&laquo; start</button>
<button id="prev" title="back (Left arrow)">&lsaquo; back</button>
<button id="next" title="forward (Right arrow)">forward &rsaquo;</button>
<button id="last" title="end (End)">end &raquo;</button>
<label>move <input id="jump" type="number" min="0" value="0" style="width: 6em"></label>
<input id="slider" type="range" min="0" value="0" style="width: 240px">
<label>view <select id="view"></select></label>
<span id="status"></span>
</div>
<div id="main"><div id="board"><div id="loading">loading...</div></div><div id="side"><ol id="actions"></ol></div></div>
<script id="payload" type="application/octet-stream">__PAYLOAD__</script>
<script>
"use strict";
(async function () {
  const b64 = document.getElementById("payload").textContent.trim();
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const data = JSON.parse(await new Response(stream).text());
  const $ = id => document.getElementById(id);
  const n = data.players.length;
  const total = data.moves.length;
  let pos = 0, view = -1;  // -1: the full table; p: player p's own view
  const cache = new Map();
  function frame(f) {
    let s = cache.get(f);
    if (s === undefined) { s = data.frames[f].map(k => data.pieces[k]).join(""); cache.set(f, s); }
    return s;
  }
  function who(actor) { return actor < 0 ? "chance" : "P" + actor + " " + data.players[actor]; }
  $("title").textContent = data.title;
  $("meta").textContent = data.spec + " | seed " + data.seed + " | " +
    data.players.map((p, i) => "P" + i + ": " + p).join(", ");
  $("result").textContent = (data.terminal ? "final scores " : "scores at the end of the record ") +
    data.scores.slice(0, n).map((s, i) => "P" + i + " " + s).join(", ");
  const sel = $("view");
  const opts = ["full table"].concat(data.players.map((p, i) => "player " + i + " (" + p + ")"));
  opts.forEach((label, i) => { const o = document.createElement("option"); o.value = String(i - 1); o.textContent = label; sel.appendChild(o); });
  const list = $("actions");
  const start = document.createElement("li");
  start.dataset.pos = "0";
  start.textContent = "start of the game";
  list.appendChild(start);
  data.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.dataset.pos = String(i + 1);
    if (m.actor < 0) li.className = "chance";
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = String(i + 1) + ".";
    li.appendChild(num);
    li.appendChild(document.createTextNode(who(m.actor) + ": " + m.text));
    li.title = who(m.actor) + ": " + m.text;
    list.appendChild(li);
  });
  list.addEventListener("click", e => {
    const li = e.target.closest("li");
    if (li) show(Number(li.dataset.pos));
  });
  $("jump").max = String(total);
  $("slider").max = String(total);
  function show(p) {
    pos = Math.max(0, Math.min(total, Number.isFinite(p) ? Math.trunc(p) : 0));
    $("board").innerHTML = frame(data.positions[pos][view + 1]);
    $("jump").value = String(pos);
    $("slider").value = String(pos);
    const last = pos === 0 ? "start" : who(data.moves[pos - 1].actor) + ": " + data.moves[pos - 1].text;
    $("status").textContent = "move " + pos + " of " + total + " (" + last + ")";
    const cur = list.querySelector("li.current");
    if (cur) cur.classList.remove("current");
    const li = list.children[pos];
    if (li) { li.classList.add("current"); li.scrollIntoView({block: "nearest"}); }
    document.body.dataset.pos = String(pos);
    document.body.dataset.view = view < 0 ? "full" : String(view);
  }
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(pos - 1);
  $("next").onclick = () => show(pos + 1);
  $("last").onclick = () => show(total);
  $("jump").onchange = () => show(Number($("jump").value));
  $("slider").oninput = () => show(Number($("slider").value));
  sel.onchange = () => { view = Number(sel.value); show(pos); };
  document.addEventListener("keydown", e => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight") show(pos + 1);
    else if (e.key === "ArrowLeft") show(pos - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(total);
  });
  show(0);
  document.body.dataset.ready = "1";
})().catch(err => {
  const el = document.getElementById("loading");
  if (el) el.textContent = "cannot show this record: " + err;
});
</script>
</body>
</html>
"""


def render_html(record: dict[str, Any], *, line: int = 1) -> str:
    """The viewer page of one record (replayed and verified first)."""
    data = viewer_payload(record, line=line)
    raw = json.dumps(data, separators=(",", ":")).encode("utf-8")
    payload = base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")
    title = f"salon replay: {data['spec']}"
    return _PAGE.replace("__TITLE__", html.escape(title)).replace("__PAYLOAD__", payload)


def write_html(record: dict[str, Any], out: str | Path, *, line: int = 1) -> int:
    """Writes the viewer page; returns its size in bytes."""
    page = render_html(record, line=line)
    Path(out).write_text(page, encoding="utf-8")
    return len(page.encode("utf-8"))
