"""Mel-cepstral distortion with DTW alignment and bit error rate: ours vs the peers, side by side in one run.

Run: ``.venv/bin/python -m benchmarks.bench_signal [--quick]`` (``--quick``: the smaller sizes only).

MCD: a reference of n frames x 25 mel-cepstral coefficients (a random walk, as
cepstra drift between frames) against a synthesized version 10% longer (frames
repeated at random, noise added). Ours: ``metrics.mel_cepstral_distortion(...,
alignment="dtw")``, exact DTW filled one anti-diagonal at a time in NumPy. The
peer: ``mel_cepstral_distance.compare_mfccs(..., aligning="dtw")`` (FastDTW),
with ``dtw_radius=None`` (the library's exact setting: a radius of the longer
length) and with its default radius 10 (an approximation); its value is
multiplied by 10 / ln 10 * sqrt(2) (it omits the dB factor). ``value`` shows
each result: FastDTW at radius 10 can miss the optimal path.

BER: 1e8 bits (and 1.25e7 packed bytes) with 1% flipped. Ours on bit arrays and
on packed bytes; the peer is the one-line NumPy mean of ``a != b`` most code uses.
"""

from __future__ import annotations

import argparse
import math
import warnings

import numpy as np

from benchmarks.timing import best_time, fmt_seconds, print_table
from metrics import bit_error_rate, mel_cepstral_distortion

DB = 10.0 / math.log(10.0) * math.sqrt(2.0)


def cepstra(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    ref = np.cumsum(rng.normal(scale=0.3, size=(n, 25)), axis=0)
    frames = np.sort(rng.choice(n, size=int(n * 1.1), replace=True))
    frames[0], frames[-1] = 0, n - 1
    return ref, ref[frames] + rng.normal(scale=0.05, size=(len(frames), 25))


def mcd_rows(sizes):
    try:
        from mel_cepstral_distance import compare_mfccs
    except ImportError:
        compare_mfccs = None
        print("mel-cepstral-distance not installed: its columns are skipped")
    rows = []
    for n in sizes:
        ref, syn = cepstra(n)
        timing = dict(repeat=3, min_seconds=0.2) if n <= 500 else dict(repeat=1, min_seconds=0)
        t_ours = best_time(lambda: mel_cepstral_distortion(ref, syn, alignment="dtw"), **timing)
        row = {"frames": f"{n} x {len(syn)}", "ours": fmt_seconds(t_ours),
               "ours value": f"{mel_cepstral_distortion(ref, syn, alignment='dtw'):.4f}"}
        if compare_mfccs is not None:
            for label, radius in (("exact", None), ("r=10", 10)):
                call = lambda: compare_mfccs(ref.T, syn.T, s=1, D=25, aligning="dtw", dtw_radius=radius)  # noqa: E731
                t_peer = best_time(call, **timing)
                row[f"peer {label}"] = fmt_seconds(t_peer)
                row[f"ours/peer {label}"] = f"{t_ours / t_peer:.3f}"
                row[f"peer {label} value"] = f"{call()[0] * DB:.4f}"
        rows.append(row)
    return rows


def ber_rows(n_bits: int):
    rng = np.random.default_rng(1)
    sent = rng.integers(0, 2, n_bits, dtype=np.uint8)
    received = sent ^ (rng.random(n_bits) < 0.01).astype(np.uint8)
    packed_sent, packed_received = np.packbits(sent), np.packbits(received)
    t_peer = best_time(lambda: float(np.mean(sent != received)), repeat=3, min_seconds=0.2)
    rows = []
    for label, call in (("bits", lambda: bit_error_rate(sent, received)),
                        ("packed bytes", lambda: bit_error_rate(packed_sent, packed_received, packed=True))):
        t = best_time(call, repeat=3, min_seconds=0.2)
        rows.append({"input": label, "ours": fmt_seconds(t), "np.mean(a != b)": fmt_seconds(t_peer),
                     "ours/peer": f"{t / t_peer:.3f}", "BER": f"{call():.6f}"})
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="MCD at 200 frames, BER on 1e7 bits")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    sizes = [200] if args.quick else [200, 500, 1000]
    columns = ["frames", "ours", "peer exact", "ours/peer exact", "peer r=10", "ours/peer r=10", "ours value",
               "peer exact value", "peer r=10 value"]
    print_table("MCD with DTW, 25 coefficients (energy left out)", mcd_rows(sizes), columns)
    n_bits = 10_000_000 if args.quick else 100_000_000
    print_table(f"bit error rate, {n_bits:.0e} bits, 1% flipped", ber_rows(n_bits),
                ["input", "ours", "np.mean(a != b)", "ours/peer", "BER"])


if __name__ == "__main__":
    main()
