import sys, timeit, salon
games = ["azul_sintra", "atelier_studio", "atelier_canvas", "colors_of_paris"]
out = []
for name in games:
    g = salon.load_game(name, players=2)
    s = g.new_initial_state(seed=3)
    import random
    rng = random.Random(1)
    for _ in range(30):
        if s.is_terminal(): break
        if s.is_chance_node(): s.apply_random_chance()
        else: s.apply_action(rng.choice(s.legal_actions()))
    a = None
    while s.is_chance_node(): s.apply_random_chance()
    a = s.legal_actions()[0]
    n = 200000
    clone = min(timeit.repeat(s.clone, number=n, repeat=7)) / n * 1e9
    both = min(timeit.repeat(lambda: s.clone().apply_action(a), number=n, repeat=7)) / n * 1e9
    out.append(f"{name}: clone {clone:.0f} ns, clone+apply {both:.0f} ns")
print(" | ".join(out))
