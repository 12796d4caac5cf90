"""Catalog coverage, novelty@10, personalization and intra-list diversity of top-10 lists against rs_metrics and
recmetrics.

Run: ``.venv/bin/python -m benchmarks.bench_recommendation [--quick]`` (``--quick``: 10,000 users, else 100,000).

Inputs: every user a top-10 list of distinct items out of 2,003 (popular items first more often), and about 20
training interactions per user as a scipy.sparse CSR matrix; a symmetric 2,003 x 2,003 item similarity matrix, the
cosines of 16 random features per item.
Peers, on the same data: rs_metrics ``coverage`` (catalog_coverage) and ``surprisal`` (novelty_at_k,
self-information, unseen items filled) with their inputs built beforehand (the user -> list dict; the
interaction log as a DataFrame), as a user holding them would call them. recmetrics (``recmetrics.metrics``, loaded
as reference/recmetrics.py does) is Python and pandas per user, so it runs on the first 200 users only, and ours
is timed again on those 200 for its ratio: ``prediction_coverage`` (catalog_coverage), ``novelty`` (novelty_at_k;
pop, the users per item, at least 1 as ours' zero_popularity='one_user', built beforehand), ``personalization``
and ``intra_list_similarity`` (intra_list_diversity = 1 - it; given the 16 features as a DataFrame, where ours is
given the similarity matrix). The floor rows: one gather of what personalization and ILD read (``np.sort`` of the
ids; the k x k similarities of every list, by one flat ``take``).
"""

from __future__ import annotations

import argparse

import numpy as np
from scipy import sparse

from benchmarks.timing import best_time, fmt_seconds, print_table
from metrics import catalog_coverage, intra_list_diversity, novelty_at_k, personalization

try:
    import pandas as pd
    import rs_metrics
except ImportError:  # optional peer
    rs_metrics = None

try:
    from reference.recmetrics import rm as recmetrics
except ImportError:  # optional peer
    recmetrics = None

N_ITEMS = 2_003  # prime: base + step * j (mod N_ITEMS) never repeats an item within a list
K = 10
#: users recmetrics is timed on (a few seconds for its intra_list_similarity)
PEER_USERS = 200


def make_inputs(n_users: int, seed: int = 0):
    """(recommendations, interactions CSR, item similarity, item features): the similarity is the features' cosines."""
    rng = np.random.default_rng(seed)
    base = np.minimum(rng.zipf(1.5, n_users) - 1, N_ITEMS - 1)
    step = rng.integers(1, N_ITEMS, n_users)
    recommendations = (base[:, None] + step[:, None] * np.arange(K)) % N_ITEMS
    per_user = 20
    rows = np.repeat(np.arange(n_users), per_user)
    cols = np.minimum(rng.zipf(1.3, n_users * per_user) - 1, N_ITEMS - 1)
    interactions = sparse.csr_array((np.ones(rows.size), (rows, cols)), shape=(n_users, N_ITEMS))
    features = rng.random((N_ITEMS, 16))
    features /= np.linalg.norm(features, axis=1, keepdims=True)
    return recommendations, interactions, features @ features.T, features


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10,000 users")
    args = parser.parse_args(argv)
    n_users = 10_000 if args.quick else 100_000
    recommendations, interactions, similarity, features = make_inputs(n_users)
    repeat = 3
    flat = similarity.ravel()
    t = {
        "floor: np.sort of the ids": best_time(lambda: np.sort(recommendations, axis=None), repeat=repeat),
        "floor: gather the k x k similarities (one flat take)": best_time(
            lambda: flat.take((recommendations * N_ITEMS)[:, :, None] + recommendations[:, None, :]), repeat=repeat),
    }
    ours = {
        "catalog_coverage": best_time(lambda: catalog_coverage(recommendations, N_ITEMS, k=K), repeat=repeat),
        "novelty_at_k": best_time(lambda: novelty_at_k(recommendations, interactions, k=K,
                                                       zero_popularity="one_user"), repeat=repeat),
        "novelty_at_k unseen_ratio": best_time(lambda: novelty_at_k(recommendations, interactions, k=K,
                                                                    definition="unseen_ratio"), repeat=repeat),
        "personalization": best_time(lambda: personalization(recommendations, k=K), repeat=repeat),
        "intra_list_diversity": best_time(lambda: intra_list_diversity(recommendations, similarity, k=K),
                                          repeat=repeat),
    }
    t.update({f"ours {name}": seconds for name, seconds in ours.items()})
    peer_of = {}
    if rs_metrics is not None:
        pred = {u: row.tolist() for u, row in enumerate(recommendations)}
        users, items = interactions.nonzero()
        log = pd.DataFrame({"user_id": users, "item_id": items})
        catalog = list(range(N_ITEMS))
        label = "rs_metrics coverage (dict built)"
        t[label] = best_time(lambda: rs_metrics.coverage(catalog, pred, k=K), repeat=1, min_seconds=0.0)
        peer_of[label] = "catalog_coverage"
        label = "rs_metrics surprisal (dict and log built)"
        t[label] = best_time(lambda: rs_metrics.surprisal(log, pred, k=K), repeat=1, min_seconds=0.0)
        peer_of[label] = "novelty_at_k"
    if recmetrics is not None:
        peer_t, peer_ours = _recmetrics_times(recommendations[:PEER_USERS], interactions[:PEER_USERS], similarity,
                                              features)
        t.update({f"ours {name}": seconds for name, seconds in peer_ours.items()})
        t.update(peer_t)
        ours.update(peer_ours)
        peer_of.update({label: f"{RECMETRICS_PEERS[label.split()[1]]} at {PEER_USERS}" for label in peer_t})
    rows = []
    for name, seconds in t.items():
        mine = ours.get(peer_of.get(name, ""))
        rows.append({"what": name, "time": fmt_seconds(seconds),
                     "ours / this": "" if mine is None else f"{mine / seconds:.3f}"})
    print_table(f"coverage, novelty@{K}, personalization, ILD@{K}: {n_users:,} users x top {K} of {N_ITEMS:,} items",
                rows, ["what", "time", "ours / this"])


#: recmetrics' function -> the catalog metric it is compared with
RECMETRICS_PEERS = {"prediction_coverage": "catalog_coverage", "novelty": "novelty_at_k",
                    "personalization": "personalization", "intra_list_similarity": "intra_list_diversity"}


def _recmetrics_times(recommendations, interactions, similarity, features):
    """({"recmetrics <function> (...)": seconds}, {"<catalog metric> at PEER_USERS": our seconds}) on these users."""
    n_users = recommendations.shape[0]
    predicted = [row.tolist() for row in recommendations]
    import pandas as pd

    # an item no user of these interacted with counts one user (recmetrics would raise KeyError): ours'
    # zero_popularity='one_user'
    users_per_item = np.bincount(interactions.indices, minlength=N_ITEMS)
    pop = {item: max(int(users), 1) for item, users in enumerate(users_per_item)}
    catalog = list(range(N_ITEMS))
    feature_df = pd.DataFrame(features)
    calls = {
        "prediction_coverage": lambda: recmetrics.prediction_coverage(predicted, catalog),
        "novelty": lambda: recmetrics.novelty(predicted, pop, n_users, K),
        "personalization": lambda: recmetrics.personalization(predicted),
        "intra_list_similarity": lambda: recmetrics.intra_list_similarity(predicted, feature_df),
    }
    mine = {
        "catalog_coverage": lambda: catalog_coverage(recommendations, N_ITEMS, k=K),
        "novelty_at_k": lambda: novelty_at_k(recommendations, interactions, k=K, zero_popularity="one_user"),
        "personalization": lambda: personalization(recommendations, k=K),
        "intra_list_diversity": lambda: intra_list_diversity(recommendations, similarity, k=K),
    }
    theirs = {f"recmetrics {name} ({n_users} users, inputs built)": best_time(call, repeat=1, min_seconds=0.0)
              for name, call in calls.items()}
    ours = {f"{RECMETRICS_PEERS[name]} at {n_users}": best_time(mine[RECMETRICS_PEERS[name]], repeat=3)
            for name in calls}
    return theirs, ours


if __name__ == "__main__":
    main()
