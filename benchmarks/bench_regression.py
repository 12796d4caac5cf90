"""Regression metrics against scikit-learn and the memory-bandwidth floor.

Run: ``.venv/bin/python -m benchmarks.bench_regression [--quick] [--breadth-only]``.
Floors: ``dot`` = one ``np.dot(d, d)`` over a precomputed residual ``d`` (the
issue's target: MSE and R2 at 1e7 within 1.5x of it); ``residual+dot`` = the
least any MSE must do from the two inputs (subtract, then dot). The breadth table
(issue 32) times the percentage errors, pinball loss, deviances, D² scores, the
concordance correlation, NRMSE, log-cosh error, Minkowski distance, Jensen-Shannon
divergence and cosine similarity at 1e6 against scikit-learn, SciPy and torchmetrics (float64 tensors
sharing the NumPy buffers, one thread), where each has the metric. The multioutput table times every
``multioutput`` option at 1e6 x 3 against both; MASE and SMAPE (denominator='sum') are timed against
Nixtla's utilsforecast where it is installed (``--multioutput-only`` runs these alone).
"""

from __future__ import annotations

import argparse

import numpy as np
from sklearn import metrics as skm

import metrics
from benchmarks.timing import best_time, fmt_seconds, print_table

PAIRS = [
    ("mean_squared_error", skm.mean_squared_error),
    ("mean_absolute_error", skm.mean_absolute_error),
    ("r2", skm.r2_score),
    ("explained_variance", skm.explained_variance_score),
    ("median_absolute_error", skm.median_absolute_error),
]


def _breadth_peers():
    """catalog name -> (keywords, {peer: callable(y_true, y_pred)}) for the issue-32 metrics."""
    try:
        import torch
        from torchmetrics.functional import regression as tm

        torch.set_num_threads(1)
    except ImportError:  # torchmetrics is an optional peer
        tm = None

    def torch_call(fn, **kw):
        return lambda yt, yp: fn(torch.from_numpy(yp), torch.from_numpy(yt), **kw)

    table = {
        "mean_absolute_percentage_error": ({}, skm.mean_absolute_percentage_error, "mean_absolute_percentage_error", {}),
        "weighted_mean_absolute_percentage_error": ({}, None, "weighted_mean_absolute_percentage_error", {}),
        "symmetric_mean_absolute_percentage_error": ({}, None, "symmetric_mean_absolute_percentage_error", {}),
        "max_error": ({}, skm.max_error, None, {}),
        "mean_pinball_loss": ({"alpha": 0.9}, skm.mean_pinball_loss, None, {}),
        "mean_tweedie_deviance": ({"power": 1.5}, skm.mean_tweedie_deviance, "tweedie_deviance_score", {"power": 1.5}),
        "mean_poisson_deviance": ({}, skm.mean_poisson_deviance, "tweedie_deviance_score", {"power": 1.0}),
        "mean_gamma_deviance": ({}, skm.mean_gamma_deviance, "tweedie_deviance_score", {"power": 2.0}),
        "d2_absolute_error": ({}, skm.d2_absolute_error_score, None, {}),
        "d2_pinball": ({"alpha": 0.9}, skm.d2_pinball_score, None, {}),
        "d2_tweedie": ({"power": 1.5}, skm.d2_tweedie_score, None, {}),
        "concordance_corrcoef": ({}, None, "concordance_corrcoef", {}),
    }
    out = {}
    for name, (kw, sk, tm_name, tm_kw) in table.items():
        peers = {}
        if sk is not None:
            peers["sklearn"] = lambda yt, yp, sk=sk, kw=kw: sk(yt, yp, **kw)
        if tm is not None and tm_name is not None:
            peers["torchmetrics"] = torch_call(getattr(tm, tm_name), **tm_kw)
        out[name] = (kw, peers)
    # the torchmetrics regression functions with a catalog name and no scikit-learn twin; SciPy where it has one
    # (Minkowski; Jensen-Shannon as scipy's distance, squared: the same sums). JS is timed on the two columns
    # made distributions (each divided by its sum, once, outside the timing)
    from scipy.spatial import distance

    others = {
        "normalized_root_mean_squared_error": ({"normalization": "mean"}, None,
                                               ("normalized_root_mean_squared_error", {"normalization": "mean"})),
        "log_cosh_error": ({}, None, ("log_cosh_error", {})),
        "minkowski_distance": ({"p": 3.0}, lambda yt, yp: distance.minkowski(yt, yp, p=3.0),
                               ("minkowski_distance", {"p": 3.0})),
        "jensen_shannon_divergence": ({}, lambda p, q: distance.jensenshannon(p, q) ** 2, None),
        "cosine_similarity": ({}, lambda yt, yp: 1.0 - distance.cosine(yt, yp), None),
    }
    for name, (kw, sp, torch_peer) in others.items():
        peers = {} if sp is None else {"scipy": sp}
        if tm is not None and torch_peer is not None:
            peers["torchmetrics"] = torch_call(getattr(tm, torch_peer[0]), **torch_peer[1])
        out[name] = (kw, peers)
    if tm is not None:
        out["jensen_shannon_divergence"][1]["torchmetrics"] = lambda p, q: tm.jensen_shannon_divergence(
            torch.from_numpy(p)[None], torch.from_numpy(q)[None])
        # torchmetrics' cosine is of each row of 2-D input: the pair as one row each
        out["cosine_similarity"][1]["torchmetrics"] = lambda yt, yp: tm.cosine_similarity(
            torch.from_numpy(yp)[None], torch.from_numpy(yt)[None])
    return out


def breadth(n: int = 1_000_000) -> None:
    rng = np.random.default_rng(0)
    y_true = rng.gamma(2.0, size=n) + 0.01  # positive: every deviance's domain
    y_pred = y_true * rng.lognormal(sigma=0.3, size=n)
    distributions = (y_true / y_true.sum(), y_pred / y_pred.sum())
    rows = []
    for name, (kw, peers) in _breadth_peers().items():
        args = distributions if name == "jensen_shannon_divergence" else (y_true, y_pred)
        ours = best_time(lambda: getattr(metrics, name)(*args, **kw), repeat=1)
        row = {"metric": name, "ours": fmt_seconds(ours)}
        times = {}
        for peer, call in peers.items():
            times[peer] = best_time(lambda: call(*args), repeat=1)
            row[peer] = fmt_seconds(times[peer])
            row[f"ours/{peer}"] = f"{ours / times[peer]:.2f}"
        if times:
            row["ours/fastest"] = f"{ours / min(times.values()):.2f}"
        rows.append(row)
    print_table(f"regression breadth at n = {n:.0e}: ours vs the peers that have the metric (one run each)", rows,
                ["metric", "ours", "sklearn", "scipy", "torchmetrics", "ours/sklearn", "ours/scipy", "ours/torchmetrics",
                 "ours/fastest"])


def _torch_peer(name: str, **kw):
    """torchmetrics' call for a catalog name on float64 tensors sharing the NumPy buffers, or None."""
    try:
        import torch
        from torchmetrics.functional import regression as tm

        torch.set_num_threads(1)
    except ImportError:  # torchmetrics is an optional peer
        return None
    return lambda yt, yp: getattr(tm, name)(torch.from_numpy(yp), torch.from_numpy(yt), **kw)


def _utilsforecast():
    try:
        import pandas as pd
        from utilsforecast import losses
    except ImportError:  # utilsforecast is an optional peer (installs without changing the pins)
        return None, None
    return pd, losses


def _timed_rows(cases, y_true, y_pred) -> list[dict]:
    """One row per (label, ours, {peer: call}): best of three rounds each (the cores are shared), in one run."""
    rows = []
    for label, ours_call, peers in cases:
        ours = best_time(ours_call, repeat=3)
        row = {"metric": label, "ours": fmt_seconds(ours)}
        times = {}
        for peer, call in peers.items():
            times[peer] = best_time(call, repeat=3)
            row[peer] = fmt_seconds(times[peer])
            row[f"ours/{peer}"] = f"{ours / times[peer]:.2f}"
        if times:
            row["ours/fastest"] = f"{ours / min(times.values()):.2f}"
        rows.append(row)
    return rows


def multioutput(n: int = 1_000_000, m: int = 3) -> None:
    """The multioutput options at n samples x m outputs (C-ordered, as both peers take them), plus MASE and
    SMAPE (denominator='sum') at n against utilsforecast where it is installed."""
    rng = np.random.default_rng(0)
    y_true = rng.gamma(2.0, size=(n, m)) + 0.01
    y_pred = y_true * rng.lognormal(sigma=0.3, size=(n, m))
    sk = {"mean_squared_error": skm.mean_squared_error, "root_mean_squared_error": skm.root_mean_squared_error,
          "mean_absolute_error": skm.mean_absolute_error, "median_absolute_error": skm.median_absolute_error,
          "r2": skm.r2_score, "explained_variance": skm.explained_variance_score,
          "mean_absolute_percentage_error": skm.mean_absolute_percentage_error,
          "mean_pinball_loss": skm.mean_pinball_loss, "d2_absolute_error": skm.d2_absolute_error_score}
    torch_peers = {"mean_squared_error": ("mean_squared_error", {"num_outputs": m}),
                   "root_mean_squared_error": ("mean_squared_error", {"num_outputs": m, "squared": False}),
                   "mean_absolute_error": ("mean_absolute_error", {"num_outputs": m}),
                   "r2": ("r2_score", {}), "explained_variance": ("explained_variance", {})}
    cases = []
    for name, sk_fn in sk.items():
        options = ("raw_values", "uniform_average") + (("variance_weighted",) if name in torch_peers and
                                                        name in ("r2", "explained_variance") else ())
        for option in options:
            peers = {"sklearn": lambda f=sk_fn, o=option: f(y_true, y_pred, multioutput=o)}
            if name in torch_peers and (option == "raw_values" or name in ("r2", "explained_variance")):
                tm_name, kw = torch_peers[name]
                kw = kw if "num_outputs" in kw else dict(kw, multioutput=option)
                call = _torch_peer(tm_name, **kw)
                if call is not None:
                    peers["torchmetrics"] = lambda c=call: c(y_true, y_pred)
            cases.append((f"{name} {option}", lambda f=getattr(metrics, name), o=option: f(y_true, y_pred, multioutput=o),
                          peers))
    print_table(f"multioutput at {n:.0e} x {m}: ours vs the peers that have the option (best of 3, one run)",
                _timed_rows(cases, y_true, y_pred),
                ["metric", "ours", "sklearn", "torchmetrics", "ours/sklearn", "ours/torchmetrics", "ours/fastest"])

    yt, yp, train = y_true[:, 0].copy(), y_pred[:, 0].copy(), rng.gamma(2.0, size=n) + 0.01
    pd, losses = _utilsforecast()
    peers_mase, peers_smape = {}, {}
    if losses is not None:
        test = pd.DataFrame({"unique_id": 0, "ds": np.arange(n, 2 * n), "y": yt, "model": yp})
        history = pd.DataFrame({"unique_id": 0, "ds": np.arange(n), "y": train})
        peers_mase["utilsforecast"] = lambda: losses.mase(test, ["model"], seasonality=7, train_df=history)
        peers_smape["utilsforecast"] = lambda: losses.smape(test, ["model"])
    print_table(f"MASE (seasonality 7) and SMAPE (denominator='sum') at {n:.0e} (best of 3, one run)", _timed_rows([
        ("mean_absolute_scaled_error", lambda: metrics.mean_absolute_scaled_error(yt, yp, y_train=train, seasonality=7),
         peers_mase),
        ("symmetric_mean_absolute_percentage_error sum",
         lambda: metrics.symmetric_mean_absolute_percentage_error(yt, yp, denominator="sum"), peers_smape),
    ], yt, yp), ["metric", "ours", "utilsforecast", "ours/utilsforecast", "ours/fastest"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--breadth-only", action="store_true", help="only the issue-32 metrics at 1e6")
    parser.add_argument("--multioutput-only", action="store_true",
                        help="only the multioutput options at 1e6 x 3, MASE and SMAPE 'sum' at 1e6")
    args = parser.parse_args()
    if args.breadth_only:
        breadth()
        return
    if args.multioutput_only:
        multioutput()
        return
    sizes = [10, 1_000] if args.quick else [10, 1_000, 1_000_000, 10_000_000]
    rng = np.random.default_rng(0)
    rows, floors = [], []
    for n in sizes:
        y_true = rng.normal(size=n)
        y_pred = y_true + rng.normal(scale=0.3, size=n)
        residual = y_pred - y_true
        repeat = 5 if n <= 1_000_000 else 3
        dot = best_time(lambda: np.dot(residual, residual), repeat=repeat)
        sub_dot = best_time(lambda: np.dot(d := y_pred - y_true, d), repeat=repeat)
        floors.append({"n": f"{n:.0e}", "dot (residual precomputed)": fmt_seconds(dot),
                       "residual+dot (from the two inputs)": fmt_seconds(sub_dot),
                       "ratio": f"{sub_dot / dot:.2f}"})
        for name, peer in PAIRS:
            ours = best_time(lambda: getattr(metrics, name)(y_true, y_pred), repeat=repeat)
            theirs = best_time(lambda: peer(y_true, y_pred), repeat=repeat)
            rows.append({
                "metric": name, "n": f"{n:.0e}", "ours": fmt_seconds(ours), "sklearn": fmt_seconds(theirs),
                "ours/sklearn": f"{ours / theirs:.2f}", "ours/dot": f"{ours / dot:.2f}",
                "ours/(residual+dot)": f"{ours / sub_dot:.2f}",
            })
    print_table("floors: np.dot(r, r) with r precomputed; r = y_pred - y_true then np.dot(r, r)", floors,
                ["n", "dot (residual precomputed)", "residual+dot (from the two inputs)", "ratio"])
    print_table("regression: ours vs scikit-learn vs floors", rows,
                ["metric", "n", "ours", "sklearn", "ours/sklearn", "ours/dot", "ours/(residual+dot)"])
    if not args.quick:
        breadth()
        multioutput()


if __name__ == "__main__":
    main()
