import time, salon, sys

def native_playout(g, s):
    return g.new_initial_state(seed=s).play_random(seed=s)
out=[]
for name in ["azul_sintra","atelier_studio","atelier_canvas","colors_of_paris"]:
    g = salon.load_game(name, players=2)
    best = 0; bt = 0
    for r in range(5):
        t = time.perf_counter(); a, d = g.random_playouts(200, r); el = time.perf_counter() - t
        best = max(best, a / el)
    for r in range(5):
        t = time.perf_counter(); m = sum(native_playout(g, s) for s in range(r*50, r*50+50)); el = time.perf_counter() - t
        bt = max(bt, m / el)
    out.append(f"{name} raw {best/1e6:.2f}M tracked {bt/1e6:.2f}M")
print(" | ".join(out))
