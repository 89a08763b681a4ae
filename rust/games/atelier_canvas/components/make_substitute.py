"""Generates substitute.json: the engine's own balanced card set (not the publisher's data).

Run from this folder: python3 make_substitute.py > substitute.json
"""
import itertools, json

COL = ["cyan", "magenta", "yellow", "white", "black"]
SEC = ["grey", "red", "blue", "green"]
ART = ["Harbour at Dawn", "Lady with a Parasol", "The Red Mill", "Still Life with Pears",
       "Night Market"]

cards = []
# 40 blank canvases: 8 of each colour; cost two basic units. The 10 pairs of distinct
# colours appear 4 times each; the card's own colour is never in its cost.
pairs = list(itertools.combinations(range(5), 2))
blanks = []
for k in range(4):
    for (a, b) in pairs:
        blanks.append((a, b))
colour_count = [0] * 5
for i, (a, b) in enumerate(blanks):
    outside = [c for c in range(5) if c not in (a, b)]
    own = min(outside, key=lambda c: (colour_count[c], (c - i) % 5))
    colour_count[own] += 1
    cards.append({"id": f"B{i+1:02d}", "type": "blank", "colour": COL[own], "cost": [COL[a], COL[b]]})
assert colour_count == [8] * 5, colour_count
# 30 drawn canvases: 6 of each colour; cost three distinct basic colours other than the
# card's own (dropping each of the other four in turn); 6 drawings of each of the 5 artworks.
for i in range(30):
    own = i % 5
    others = [c for c in range(5) if c != own]
    drop = others[(i // 5) % 4]
    t = [c for c in others if c != drop]
    cards.append({"id": f"D{i+1:02d}", "type": "drawn", "colour": COL[own],
                  "cost": [COL[c] for c in t], "artwork": i % 5})
# 25 painted canvases: 5 of each colour; each of the 5 artworks painted 5 times (the first
# painting of an artwork is the original, later ones fakes). Cost: one secondary colour and two basic units; every fifth card instead
# two secondaries and one basic unit.
arts = [i % 5 for i in range(25)]
for i in range(25):
    own = i % 5
    # The secondary contains the colour of the artwork's drawings (drawing k has colour k mod 5
    # and artwork k mod 5), so the drawing-on-blank pair under a painting can make it.
    options = {0: ["blue", "green"], 1: ["red", "blue"], 2: ["red", "green"], 3: ["grey"], 4: ["grey"]}[arts[i]]
    s1 = options[(i // 5) % len(options)]
    b1 = COL[(i + 1) % 5]
    b2 = COL[(i + 3) % 5]
    cost = [s1, b1, b2]
    cards.append({"id": f"P{i+1:02d}", "type": "painted", "colour": COL[own], "cost": cost,
                  "artwork": arts[i]})
for i in range(10):
    cards.append({"id": f"J{i+1:02d}", "type": "joker"})
objectives = [
    {"id": "O1", "name": "Drawn canvases", "kind": "drawn_canvases", "count": 3, "points": 3},
    {"id": "O2", "name": "More colours", "kind": "distinct_colours", "count": 5, "points": 2},
    {"id": "O3", "name": "One colour", "kind": "same_colour", "count": 5, "points": 2},
    {"id": "O4", "name": "Blank canvases", "kind": "blank_canvases", "count": 7, "points": 1},
    {"id": "O5", "name": "Painted canvas", "kind": "painted_canvases", "count": 1, "points": 4},
]
out = {
    "name": "salon substitute set for Atelier (canvas card game) v1",
    "substitute": True,
    "description": "NOT the publisher's data. A balanced substitute designed for the salon engine: "
                   "colours, costs, artworks and the drawing-to-painting mapping are invented "
                   "(the real cards are not public). Objective rules and points follow the rule document.",
    "artworks": ART,
    "cards": cards,
    "objectives": objectives,
}
print(json.dumps(out, indent=1))
