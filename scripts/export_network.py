"""Writes the network of a training run's checkpoint as an ONNX file, at float32 or float16.

    python scripts/export_network.py runs/atelier_canvas-2p --precision float16 \\
        --out results/agents/atelier_canvas-2p/network-iteration50-float16.onnx

The file is the one ``examples/alphazero.py`` writes as ``RUN/network.onnx`` (same graph and
metadata), except that ``--precision float16`` stores the weight matrices at half precision:
half the bytes, for the wheel's budget of shipped networks. Evaluate the file you will ship
(``scripts/evaluate_agent.py``), then ship it with ``scripts/ship_agent.py RUN --network FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="a training run's folder, holding checkpoint.npz")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--precision", choices=["float32", "float16"], default="float32")
    args = parser.parse_args()
    import salon
    from salon.onnx_mlp import mlp_to_onnx

    path = args.run / "checkpoint.npz"
    try:
        with np.load(path) as d:
            params = {k.split("/", 1)[1]: d[k] for k in d.files if k.startswith("param/")}
            state = json.loads(bytes(d["state"]).decode())
        game = salon.load_game(state["meta"]["game"])
        data = mlp_to_onnx(params, game, value_frame=state["meta"].get("value_frame", "mover"),
                           metadata={"salon.iteration": str(state["iteration"])}, precision=args.precision)
    except (OSError, KeyError, ValueError, salon.SalonError) as e:
        raise SystemExit(f"{path}: not a training checkpoint this version can export ({e})") from None
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"wrote {args.out}: {game}, iteration {state['iteration']}, {args.precision}, {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
