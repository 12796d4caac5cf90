"""Fréchet distance (FID) at dimension 2048: ours vs the references' routes, speed and accuracy, in one run.

Run: ``.venv/bin/python -m benchmarks.bench_generative [--quick]`` (``--quick``: d = 512, 4,000 rows).

Speed (two sets of 10,000 x 2048 float64 features, the size of an FID evaluation):

* ``ours``: ``metrics.frechet_distance`` (covariances, then the eigh route of
  ``frechet_distance_from_statistics``);
* ``sqrtm``: the textbook route pytorch-fid, clean-fid and torch-fidelity take
  (``np.cov``, then ``scipy.linalg.sqrtm(S1 @ S2)``, real part), written here
  because those packages need torchvision, which does not install beside the
  CPU torch wheel on this machine (see the issue note);
* ``ignite``: ``ignite.metrics.gan.fid.fid_score`` on the statistics (its
  core: ``scipy.linalg.sqrtm``);
* ``torchmetrics``: ``FrechetInceptionDistance`` with an identity feature
  module fed the features (float64 states; its compute calls ``_compute_fid``,
  eigenvalues of the non-symmetric ``S1 @ S2``).

Each is timed from features (statistics included) and from statistics alone.
Torch and NumPy get the same threads (all cores).

Accuracy: covariances whose FID is known exactly.

* ``identical, n < d``: FID(X, X) for 1,000 x 2048 features (rank-999
  covariance, the common small-evaluation case): the exact value is 0.
* ``commuting, rank-deficient``: S1 = Q diag(a) Q^T, S2 = Q diag(b) Q^T with a
  random orthogonal Q, half the eigenvalues 0 and the rest from 1e-10 to 1e2:
  FID = sum (sqrt(a) - sqrt(b))^2 exactly (math.fsum). Every method takes
  square roots of computed eigenvalues (or of a Schur form): an eigenvalue near
  0 computed with an absolute error of eps * ||S1 S2|| has a root off by
  sqrt(eps * ||S1 S2||), and there are a thousand of them, so no method is
  exact here; the column shows how close each gets.
* ``rank one``: S1 = diag(1, 0, 1, 0, ...), S2 = v v^T: S1 S2 has the single
  non-zero eigenvalue v^T S1 v, so FID = Tr S1 + |v|^2 - 2 sqrt(v^T S1 v)
  exactly. The product is singular and not symmetric: the case where
  ``scipy.linalg.sqrtm`` returns NaN and libraries fall back to ``eps * I``.
"""

from __future__ import annotations

import argparse
import math
import os
import time
import warnings

import numpy as np
import scipy.linalg

from benchmarks.timing import fmt_seconds, print_table
from metrics import frechet_distance, frechet_distance_from_statistics


def _stats(X):
    return X.mean(0), np.cov(X, rowvar=False)


def sqrtm_route_from_statistics(mu1, s1, mu2, s2):
    root = scipy.linalg.sqrtm(s1 @ s2)
    if np.iscomplexobj(root):
        root = root.real
    diff = mu1 - mu2
    return float(diff @ diff + np.trace(s1) + np.trace(s2) - 2 * np.trace(root))


def sqrtm_route(X1, X2):
    return sqrtm_route_from_statistics(*_stats(X1), *_stats(X2))


def _peers():
    peers = {"sqrtm": (sqrtm_route, sqrtm_route_from_statistics)}
    try:
        import torch
        from ignite.metrics.gan.fid import fid_score

        torch.set_num_threads(os.cpu_count() or 1)

        def ignite_from_statistics(mu1, s1, mu2, s2):
            t = [torch.from_numpy(np.ascontiguousarray(v)) for v in (mu1, mu2, s1, s2)]
            return float(fid_score(*t))

        peers["ignite"] = (lambda X1, X2: ignite_from_statistics(*_stats(X1), *_stats(X2)), ignite_from_statistics)
    except ImportError:
        print("ignite not installed: skipped")
    try:
        import torch
        from torchmetrics.image.fid import FrechetInceptionDistance, _compute_fid

        class Identity(torch.nn.Module):
            def __init__(self, d):
                super().__init__()
                self.num_features = d

            def forward(self, x):
                return x

        def torchmetrics_features(X1, X2):
            metric = FrechetInceptionDistance(feature=Identity(X1.shape[1]))
            metric.update(torch.from_numpy(X1), real=True)
            metric.update(torch.from_numpy(X2), real=False)
            return float(metric.compute())

        def torchmetrics_from_statistics(mu1, s1, mu2, s2):
            return float(_compute_fid(*(torch.from_numpy(np.ascontiguousarray(v)) for v in (mu1, s1, mu2, s2))))

        peers["torchmetrics"] = (torchmetrics_features, torchmetrics_from_statistics)
    except ImportError:
        print("torchmetrics not installed: skipped")
    return peers


def _once(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def _best(fn, repeat):
    runs = [_once(fn) for _ in range(repeat)]
    return min(t for t, _ in runs), runs[0][1]


def speed_rows(n, d, repeat, peers):
    rng = np.random.default_rng(0)
    mixing = rng.normal(size=(d, d)) / math.sqrt(d)
    X1 = rng.normal(size=(n, d)) @ mixing
    X2 = (rng.normal(size=(n, d)) + 0.1) @ (mixing + rng.normal(scale=0.05, size=(d, d)) / math.sqrt(d))
    stats = (*_stats(X1), *_stats(X2))
    t_ours, v_ours = _best(lambda: frechet_distance(X1, X2), repeat)
    t_ours_s, _ = _best(lambda: frechet_distance_from_statistics(*stats), repeat)
    rows = [{"method": "ours", "from features": fmt_seconds(t_ours), "from statistics": fmt_seconds(t_ours_s),
             "ours/peer (features)": "1.00", "ours/peer (statistics)": "1.00", "FID": f"{v_ours:.6f}"}]
    for name, (features, from_statistics) in peers.items():
        t_f, v_f = _best(lambda: features(X1, X2), repeat)
        t_s, _ = _best(lambda: from_statistics(*stats), repeat)
        rows.append({"method": name, "from features": fmt_seconds(t_f), "from statistics": fmt_seconds(t_s),
                     "ours/peer (features)": f"{t_ours / t_f:.2f}", "ours/peer (statistics)": f"{t_ours_s / t_s:.2f}",
                     "FID": f"{v_f:.6f}"})
    return rows


def _orthogonal(d, rng):
    q, r = np.linalg.qr(rng.normal(size=(d, d)))
    return q * np.sign(np.diag(r))


def accuracy_rows(d, peers):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(d // 2, d)) @ (rng.normal(size=(d, d)) / math.sqrt(d))
    identical = (*_stats(X), *_stats(X))
    Q = _orthogonal(d, rng)
    half = d // 2
    a = np.concatenate([np.zeros(half), np.logspace(-10, 2, d - half)])
    b = np.concatenate([np.zeros(half), rng.permutation(np.logspace(-10, 2, d - half))])
    S1, S2 = (Q * a) @ Q.T, (Q * b) @ Q.T
    S1, S2 = (S1 + S1.T) / 2, (S2 + S2.T) / 2
    exact = math.fsum((math.sqrt(x) - math.sqrt(y)) ** 2 for x, y in zip(a, b))
    zero = np.zeros(d)
    R1 = np.diag(np.arange(d) % 2 == 0).astype(float)
    v = rng.normal(size=d)
    R2 = np.outer(v, v)
    rank_one = float(np.trace(R1)) + math.fsum(v * v) - 2 * math.sqrt(math.fsum(v[::2] ** 2))
    methods = {"ours": frechet_distance_from_statistics, **{k: v[1] for k, v in peers.items()}}
    rows = []
    for name, fn in methods.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                same = fn(*identical)
            except Exception as exc:  # a peer that raises is reported, not fatal
                same = f"{type(exc).__name__}"
            try:
                commuting = fn(zero, S1, zero, S2)
            except Exception as exc:
                commuting = f"{type(exc).__name__}"
            try:
                rank = fn(zero, R1, zero, R2)
            except Exception as exc:
                rank = f"{type(exc).__name__}"
        rows.append({"method": name,
                     "FID(X, X) (exact 0)": same if isinstance(same, str) else f"{same:.3e}",
                     "commuting: FID": commuting if isinstance(commuting, str) else f"{commuting:.10g}",
                     "commuting: |error| / exact": commuting if isinstance(commuting, str)
                     else f"{abs(commuting - exact) / exact:.1e}",
                     "rank one: FID": rank if isinstance(rank, str) else f"{rank:.10g}",
                     "rank one: |error| / exact": rank if isinstance(rank, str)
                     else f"{abs(rank - rank_one) / rank_one:.1e}"})
    rows.append({"method": "exact", "FID(X, X) (exact 0)": "0", "commuting: FID": f"{exact:.10g}",
                 "rank one: FID": f"{rank_one:.10g}"})
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="d = 512 from 4,000 rows")
    args = parser.parse_args(argv)
    n, d, repeat = (4_000, 512, 3) if args.quick else (10_000, 2048, 2)
    peers = _peers()
    print_table(f"FID speed: two sets of {n:,} x {d} float64 features ({os.cpu_count()} cores; best of {repeat})",
                speed_rows(n, d, repeat, peers),
                ["method", "from features", "from statistics", "ours/peer (features)", "ours/peer (statistics)",
                 "FID"])
    print_table(f"FID accuracy at d = {d}", accuracy_rows(d, peers),
                ["method", "FID(X, X) (exact 0)", "commuting: FID", "commuting: |error| / exact", "rank one: FID",
                 "rank one: |error| / exact"])


if __name__ == "__main__":
    main()
