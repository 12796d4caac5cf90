"""The large tier: every catalog metric with a scikit-learn or SciPy peer, at n = 1e6 and 1e7.

Run: ``.venv/bin/python -m benchmarks.bench_large [--quick]`` (``--quick``: n = 1e4 and 1e5).

Peers are the adapters in ``reference/sklearn.py`` and ``reference/scipy.py``: the
library function under the catalog's name, with the arguments that make its
conventions the catalog's (so scikit-learn's specificity / FPR / NPV are its
``multilabel_confusion_matrix`` counts averaged by its own rules, and SciPy's
cross-entropy is ``entropy(p) + entropy(p, q)``). Each metric is timed side by
side with its peers, in one process on the same arrays; the last column is ours
/ fastest peer (below 1: ours is faster).

Inputs, per family and size n (seeded):

* classification: integer labels in 5 classes, predictions agreeing 70% of the
  time; ``log_loss`` with binary labels and P(class 1), ``log_loss (2-D)`` with
  the 5-class labels and an (n, 5) probability matrix (``bench_classification``'s
  inputs);
* regression: normal targets, predictions with noise of scale 0.3; the squared
  log errors on positive (log-normal) targets and predictions;
* correlation: x normal, y = x + noise; ``kendall_tau (ties)``: x integers in
  [0, n/4] (about four samples per value), y = x + noise; tau-c on the former;
* probabilistic: two random distributions over n outcomes;
* curves: binary labels of prevalence 0.3, scores = label + noise (nearly all
  distinct); ``auc`` of n sorted x against random y;
* ranking: one query of n documents, grades 0..3, scores in 1/1000 steps (ties).

Left out: the text metrics (edit distance, WER/CER, BLEU, ROUGE), which have no
scikit-learn or SciPy peer (their peers, NLTK, jiwer, sacrebleu, rouge-score,
score Python lists of tokens, which makes 1e7 tokens impractical), and the
catalog metrics without any peer (``adjusted_r2``, ``perplexity``,
``corpus_perplexity``, ``equal_error_rate``, the per-query ranking metrics).
A call that takes more than a second is timed twice (the first call included),
the others after a warm-up, best of 2 (1e7) or 3.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

import metrics as ours
import reference.scipy as sp_ref
import reference.sklearn as sk_ref
from benchmarks.bench_classification import calls as classification_calls
from benchmarks.bench_classification import make_inputs as classification_inputs
from benchmarks.timing import best_time, fmt_seconds, print_table

SLOW = 1.0  # seconds: a first call this slow is the measurement


def _time(call, big: bool) -> float:
    """Seconds per call: the better of two calls if the first is slow, else the best of a few."""
    start = time.perf_counter()
    call()
    first = time.perf_counter() - start
    if first >= SLOW:  # the first call also pays for first-touch page faults: time a second
        start = time.perf_counter()
        call()
        return min(first, time.perf_counter() - start)
    return best_time(call, repeat=2 if big else 3, min_seconds=0.0 if big else 0.1)


def _pair_calls(name, args, kwargs=None, peers=(("sklearn", sk_ref), ("scipy", sp_ref))):
    """(ours, {peer name: call}) for catalog ``name`` on the same arguments."""
    kwargs = kwargs or {}
    mine = (lambda f: lambda: f(*args, **kwargs))(getattr(ours, name))
    theirs = {lib: (lambda f: lambda: f(*args, **kwargs))(getattr(mod, name))
              for lib, mod in peers if hasattr(mod, name)}
    return mine, theirs


def cases(n: int, seed: int = 0):
    """(family, label, ours, {peer: call}) for every metric with a peer, on inputs of size n."""
    rng = np.random.default_rng(seed)
    out = []

    inputs = classification_inputs(n, seed)
    mine, theirs = classification_calls(ours, *inputs), classification_calls(sk_ref, *inputs)
    for label, call in mine.items():
        out.append(("classification", label, call, {"sklearn": theirs[label]}))

    y_true = rng.normal(size=n)
    y_pred = y_true + rng.normal(scale=0.3, size=n)
    pos_true = np.exp(rng.normal(size=n))
    pos_pred = pos_true * np.exp(rng.normal(scale=0.3, size=n))
    for name in ("mean_squared_error", "root_mean_squared_error", "mean_absolute_error", "median_absolute_error",
                 "r2", "explained_variance"):
        out.append(("regression", name, *_pair_calls(name, (y_true, y_pred))))
    for name in ("mean_squared_log_error", "root_mean_squared_log_error"):
        out.append(("regression", name, *_pair_calls(name, (pos_true, pos_pred))))

    x = rng.normal(size=n)
    y = x + rng.normal(size=n)
    x_tied = rng.integers(0, n // 4 + 1, size=n).astype(float)
    y_tied = x_tied + rng.normal(size=n)
    for name in ("pearson", "spearman", "kendall_tau"):
        out.append(("correlation", name, *_pair_calls(name, (x, y))))
    out.append(("correlation", "kendall_tau (ties)", *_pair_calls("kendall_tau", (x_tied, y_tied))))
    out.append(("correlation", "kendall_tau (tau-c)", *_pair_calls("kendall_tau", (x, y), {"variant": "c"})))

    p = rng.random(n) + 0.01
    p /= p.sum()
    q = rng.random(n) + 0.01
    q /= q.sum()
    out.append(("probabilistic", "entropy", *_pair_calls("entropy", (p,))))
    for name in ("cross_entropy", "kl_divergence"):
        out.append(("probabilistic", name, *_pair_calls(name, (p, q))))

    labels = (rng.random(n) < 0.3).astype(np.int64)
    labels[:2] = (0, 1)
    scores = labels + rng.normal(size=n)
    for name in ("roc_auc", "average_precision", "roc_curve", "precision_recall_curve", "det_curve"):
        out.append(("curves", name, *_pair_calls(name, (labels, scores))))
    out.append(("curves", "auc", *_pair_calls("auc", (np.sort(rng.random(n)), rng.random(n)))))

    grades = rng.integers(0, 4, size=n).astype(float)
    ranked = np.round(rng.random(n), 3)
    for name in ("ndcg_at_k", "dcg_at_k", "mean_average_precision"):
        out.append(("ranking", name, *_pair_calls(name, (grades, ranked))))
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n = 1e4 and 1e5 only")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    sizes = [10_000, 100_000] if args.quick else [1_000_000, 10_000_000]
    slower = []
    for n in sizes:
        big = n >= 10_000_000
        rows = []
        for family, label, mine, theirs in cases(n):
            t_ours = _time(mine, big)
            t_peers = {lib: _time(call, big) for lib, call in theirs.items()}
            fastest = min(t_peers, key=t_peers.get)
            ratio = t_ours / t_peers[fastest]
            row = {"family": family, "metric": label, "ours": fmt_seconds(t_ours),
                   "fastest peer": f"{fastest} {fmt_seconds(t_peers[fastest]).strip()}",
                   "ours/fastest": f"{ratio:.2f}"}
            row.update({lib: fmt_seconds(t) for lib, t in t_peers.items()})
            rows.append(row)
            print(f"  {n:.0e} {label}: ours/fastest {ratio:.2f}", flush=True)
            if ratio > 1.0:
                slower.append((label, n, ratio))
        print_table(f"n = {n:,}: ours vs the fastest scikit-learn / SciPy peer", rows,
                    ["family", "metric", "ours", "sklearn", "scipy", "fastest peer", "ours/fastest"])
    print("\nslower than the fastest peer:" if slower else "\nnever slower than the fastest peer")
    for label, n, ratio in slower:
        print(f"  {label} at n = {n:.0e}: {ratio:.2f}x")


if __name__ == "__main__":
    main()
