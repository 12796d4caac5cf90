"""Deliberately wrong beyond-accuracy metrics: each one a slip a recommender library could make.

Most mutants compute the metric again with one convention spoiled (the log base, what popularity divides
by, which pairs are averaged, what a list is compared by); the rest wrap the real metric and drop a check
(k, the no-pair and zero-popularity policies).
"""

from __future__ import annotations

import functools

import numpy as np

from metrics import recommendation as real
from tests.mutants import Mutant
from tests.mutants.ranking import _k_below_one_means_all

METRICS = ("novelty_at_k", "intra_list_diversity", "catalog_coverage", "personalization")
NO_PAIRS = ("intra_list_diversity", "personalization")


def _ids(prefix, names):
    return tuple(f"recommendation.{prefix}[{n}]" for n in names)


def _top(recommendations, k):
    ids = np.asarray(recommendations, dtype=np.int64)
    return ids if k is None else ids[:, :k]


# ---------------------------------------------------------------- novelty


def _novelty(top, interactions, bits_of):
    seen = np.asarray(interactions) > 0
    return float(np.mean(bits_of(seen, top)))


def novelty_natural_log(recommendations, interactions, *, k=None, definition="self_information",
                        zero_popularity="raise"):
    """Self-information in nats (ln), not bits."""
    if definition != "self_information":
        return real.novelty_at_k(recommendations, interactions, k=k, definition=definition)
    return _novelty(_top(recommendations, k), interactions,
                    lambda seen, top: -np.log(np.maximum(seen.sum(axis=0)[top], 1) / seen.shape[0]))


def novelty_popularity_over_interactions(recommendations, interactions, *, k=None, definition="self_information",
                                         zero_popularity="raise"):
    """Popularity as the item's share of all interactions, not the fraction of users."""
    if definition != "self_information":
        return real.novelty_at_k(recommendations, interactions, k=k, definition=definition)
    return _novelty(_top(recommendations, k), interactions,
                    lambda seen, top: -np.log2(np.maximum(seen.sum(axis=0)[top], 1) / max(seen.sum(), 1)))


def novelty_sorted_popularity(recommendations, interactions, *, k=None, definition="self_information",
                              zero_popularity="raise"):
    """The popularity table sorted from most to least popular, then indexed by item id (the values of a
    sorted pandas Series read by position)."""
    if definition != "self_information":
        return real.novelty_at_k(recommendations, interactions, k=k, definition=definition)
    return _novelty(_top(recommendations, k), interactions,
                    lambda seen, top: -np.log2(np.maximum(-np.sort(-seen.sum(axis=0)), 1)[top] / seen.shape[0]))


def novelty_skips_unseen_items(recommendations, interactions, *, k=None, definition="self_information",
                               zero_popularity="raise"):
    """Items nobody interacted with left out of the mean (neither refused nor counted)."""
    if definition != "self_information":
        return real.novelty_at_k(recommendations, interactions, k=k, definition=definition)
    seen = np.asarray(interactions) > 0
    users_of = seen.sum(axis=0)[_top(recommendations, k)]
    kept = users_of[users_of > 0]
    return float(np.mean(np.log2(seen.shape[0] / kept))) if kept.size else 0.0


def unseen_ratio_counts_seen(recommendations, interactions, *, k=None, definition="self_information", **kw):
    """The ratio of *seen* recommended items."""
    value = real.novelty_at_k(recommendations, interactions, k=k, definition=definition, **kw)
    return 1.0 - value if definition == "unseen_ratio" else value


def unseen_ratio_over_catalog(recommendations, interactions, *, k=None, definition="self_information", **kw):
    """Unseen recommended items over the catalog size, not over the k recommended ones."""
    value = real.novelty_at_k(recommendations, interactions, k=k, definition=definition, **kw)
    if definition != "unseen_ratio":
        return value
    top = _top(recommendations, k)
    return value * top.shape[1] / np.shape(interactions)[1]


def novelty_counts_stored_entries(recommendations, interactions, **kwargs):
    """A sparse matrix read by its stored entries: an explicit zero counts as an interaction, a duplicate
    entry as another one."""
    from scipy import sparse

    if sparse.issparse(interactions):
        m = sparse.coo_array(interactions)
        counts = np.zeros(m.shape)
        np.add.at(counts, (m.row, m.col), 1.0)
        interactions = counts
    return real.novelty_at_k(recommendations, interactions, **kwargs)


# ---------------------------------------------------------------- intra-list diversity


def _pair_sums(top, similarity):
    sim = np.asarray(similarity, dtype=float)
    return sim[top[:, :, None], top[:, None, :]]


def ild_mean_similarity(recommendations, item_similarity, *, k=None, no_pairs="raise"):
    """The mean pairwise similarity (intra-list *similarity*), not 1 - it."""
    return 1.0 - real.intra_list_diversity(recommendations, item_similarity, k=k, no_pairs=no_pairs)


def ild_pairs_with_themselves(recommendations, item_similarity, *, k=None, no_pairs="raise"):
    """Every ordered pair of positions, an item with itself included (k^2 pairs)."""
    top = _top(recommendations, k)
    return float(np.mean(1.0 - _pair_sums(top, item_similarity).mean(axis=(1, 2))))


def ild_positions_not_items(recommendations, item_similarity, *, k=None, no_pairs="raise"):
    """The similarity of the slots i and j, not of the items in them."""
    top = _top(recommendations, k)
    n = top.shape[1]
    slots = np.broadcast_to(np.arange(n), top.shape)
    return real.intra_list_diversity(slots, np.asarray(item_similarity)[:n, :n], k=None, no_pairs=no_pairs)


# ---------------------------------------------------------------- coverage


def coverage_contiguous_ids(recommendations, n_items, *, k=None):
    """Assumes the recommended ids are 0..m-1: (largest id + 1) / n_items."""
    real.catalog_coverage(recommendations, n_items, k=k)  # the same refusals
    return float((_top(recommendations, k).max() + 1) / n_items)


def coverage_counts_every_slot(recommendations, n_items, *, k=None):
    """Recommendations (slots) over the catalog, an item recommended twice counted twice, capped at 1."""
    real.catalog_coverage(recommendations, n_items, k=k)
    return float(min(1.0, _top(recommendations, k).size / n_items))


def coverage_whole_lists(recommendations, n_items, *, k=None):
    """k ignored: every slot of the lists counted."""
    return real.catalog_coverage(recommendations, n_items, k=None if k is None or k >= 1 else k)


# ---------------------------------------------------------------- personalization


def personalization_by_position(recommendations, *, k=None, no_pairs="raise"):
    """Lists compared slot by slot (the same item in the same place), not as sets."""
    top = _top(recommendations, k)
    n = top.shape[0]
    same = (top[:, None, :] == top[None, :, :]).mean(axis=2)
    return float(1.0 - (same.sum() - n) / (n * (n - 1)))


def personalization_of_raw_ids(recommendations, *, k=None, no_pairs="raise"):
    """The cosine of the rows of item ids themselves (as numbers), not of the users' binary item vectors."""
    top = _top(recommendations, k).astype(float) + 1.0
    unit = top / np.linalg.norm(top, axis=1, keepdims=True)
    n = top.shape[0]
    cosine = unit @ unit.T
    return float(1.0 - (cosine.sum() - np.trace(cosine)) / (n * (n - 1)))


def personalization_with_self_pairs(recommendations, *, k=None, no_pairs="raise"):
    """Every user paired with itself too: n^2 pairs, the n identical ones included."""
    n = np.shape(recommendations)[0]
    value = real.personalization(recommendations, k=k, no_pairs=no_pairs)
    return float(value * (n - 1) / n)


# ---------------------------------------------------------------- the order of the users


def _running_mean(values) -> float:
    """m <- (m + 2 x) / 3 over the users in order: the last users weigh most."""
    mean = values[0]
    for x in values[1:]:
        mean = (mean + 2.0 * x) / 3.0
    return float(mean)


def novelty_running_mean(recommendations, interactions, *, k=None, definition="self_information",
                         zero_popularity="raise"):
    """Per-user novelty folded into a running mean instead of the mean over users."""
    real.novelty_at_k(recommendations, interactions, k=k, definition=definition, zero_popularity=zero_popularity)
    top = _top(recommendations, k)
    seen = np.asarray(interactions) > 0
    if definition == "unseen_ratio":
        per_user = 1.0 - np.take_along_axis(seen, top, axis=1).mean(axis=1)
    else:
        per_user = np.log2(seen.shape[0] / np.maximum(seen.sum(axis=0)[top], 1)).mean(axis=1)
    return _running_mean(per_user)


def ild_running_mean(recommendations, item_similarity, *, k=None, no_pairs="raise"):
    """Per-user ILD folded into a running mean instead of the mean over users."""
    rows = np.asarray(recommendations)
    return _running_mean([real.intra_list_diversity(rows[u:u + 1], item_similarity, k=k, no_pairs=no_pairs)
                          for u in range(rows.shape[0])])


# ---------------------------------------------------------------- checks dropped


def _option_forced(option: str, value: str):
    """A wrapper calling the metric with ``option=value`` whatever the caller asks (a policy ignored)."""

    def wrap(fn):
        @functools.wraps(fn)
        def mutant(*args, **kwargs):
            return fn(*args, **{**kwargs, option: value})

        return mutant

    return wrap


#: 0/0 left as NaN whatever no_pairs asks
_no_pairs_is_nan = _option_forced("no_pairs", "nan")
#: unseen items smoothed silently: no refusal under the default
_zero_popularity_is_one_user = _option_forced("zero_popularity", "one_user")


def _caught(name: str, metric: str, wrong, *laws: str) -> Mutant:
    """The mutant ``name``, ``metric`` replaced by ``wrong``, caught by ``recommendation.<law>[metric]`` for each
    law (``law:variant`` for a variant's property, ``claim.<...>`` for a claim's)."""
    ids = []
    for law in laws:
        path, _, variant = law.partition(":")
        ids.append(f"recommendation.{law}" if law.startswith("claim.")
                   else f"recommendation.{path}[{metric}{':' + variant if variant else ''}]")
    return Mutant(name, {metric: wrong}, tuple(ids))


MUTANTS = [
    _caught("novelty_natural_log", "novelty_at_k", novelty_natural_log, "definition", "agrees_with_rs_metrics"),
    _caught("novelty_popularity_over_interactions", "novelty_at_k", novelty_popularity_over_interactions,
            "definition", "bounds_by_user_count"),
    _caught("novelty_sorted_popularity", "novelty_at_k", novelty_sorted_popularity, "definition",
            "item_relabelling_invariance"),
    _caught("novelty_skips_unseen_items", "novelty_at_k", novelty_skips_unseen_items, "undefined_zero_popularity"),
    _caught("novelty_zero_popularity_smoothed_silently", "novelty_at_k",
            _zero_popularity_is_one_user(real.novelty_at_k), "undefined_zero_popularity"),
    _caught("novelty_counts_stored_entries", "novelty_at_k", novelty_counts_stored_entries,
            "sparse_interactions_agree"),
    _caught("novelty_running_mean", "novelty_at_k", novelty_running_mean, "permutation_invariance"),
    _caught("unseen_ratio_counts_seen", "novelty_at_k", unseen_ratio_counts_seen, "definition:unseen_ratio",
            "claim.seed004.novelty_is_unseen_ratio"),
    _caught("unseen_ratio_over_catalog", "novelty_at_k", unseen_ratio_over_catalog, "definition:unseen_ratio",
            "claim.seed004.novelty_is_unseen_ratio"),
    _caught("ild_mean_similarity", "intra_list_diversity", ild_mean_similarity, "definition", "extremes",
            "bounds_by_pair_similarity", "claim.seed004.diversity_is_dissimilarity"),
    _caught("ild_pairs_with_themselves", "intra_list_diversity", ild_pairs_with_themselves, "definition",
            "extremes"),
    _caught("ild_positions_not_items", "intra_list_diversity", ild_positions_not_items, "definition",
            "item_relabelling_invariance"),
    _caught("ild_running_mean", "intra_list_diversity", ild_running_mean, "permutation_invariance"),
    _caught("coverage_contiguous_ids", "catalog_coverage", coverage_contiguous_ids, "definition",
            "item_relabelling_invariance", "agrees_with_rs_metrics"),
    _caught("coverage_counts_every_slot", "catalog_coverage", coverage_counts_every_slot, "definition"),
    _caught("coverage_whole_lists", "catalog_coverage", coverage_whole_lists, "range_by_list_length"),
    _caught("personalization_by_position", "personalization", personalization_by_position, "definition",
            "identical_lists_give_zero"),
    _caught("personalization_of_raw_ids", "personalization", personalization_of_raw_ids, "definition",
            "item_relabelling_invariance"),
    _caught("personalization_with_self_pairs", "personalization", personalization_with_self_pairs, "definition",
            "perfect"),
    Mutant("recommendation_k_below_one_accepted",
           {m: _k_below_one_means_all(getattr(real, m)) for m in METRICS}, _ids("refuses_k_below_one", METRICS)),
    Mutant("recommendation_no_pairs_is_nan",
           {m: _no_pairs_is_nan(getattr(real, m)) for m in NO_PAIRS}, _ids("undefined_no_pairs", NO_PAIRS)),
]
