"""Deliberately wrong ranking metrics: each is a bug seen in the wild.

Most mutants wrap the real metric and spoil one convention (tie handling,
k validation, zero division, averaging over queries); the discount and gain
bugs use a small ranked-list DCG of their own.
"""

from __future__ import annotations

import functools

import numpy as np

from metrics import ranking as real
from tests.mutants import Mutant

ALL = (
    "precision_at_k",
    "recall_at_k",
    "average_precision_at_k",
    "reciprocal_rank",
    "dcg_at_k",
    "ndcg_at_k",
    "mean_average_precision",
    "average_recall_at_k",
    "mean_average_recall",
    "mean_reciprocal_rank",
    "hit_rate_at_k",
)
MEANS = ("mean_average_precision", "mean_average_recall", "mean_reciprocal_rank", "hit_rate_at_k")
PER_QUERY = tuple(m for m in ALL if m not in MEANS)
#: issue 33's retrieval metrics; the first three average over tied documents, ERR has no ties="average"
RETRIEVAL = ("r_precision", "fall_out_at_k", "bpref", "expected_reciprocal_rank")
TIE_AVERAGED = ("r_precision", "fall_out_at_k", "bpref")
WITHOUT_CUTOFF = ("r_precision", "bpref")
#: seed 004's ranking-accuracy metrics for recommenders (issue 33); all three average over tied documents
RECOMMENDER = ("success_at_k", "average_reciprocal_hit_rate", "expected_percentile_rank")
WITH_K = ("fall_out_at_k", "expected_reciprocal_rank", "success_at_k", "average_reciprocal_hit_rate")
#: seed 004's cumulative rating and personalized@k: per query, with a cutoff, tie-averaged
SEED004_FORMULAS = ("cumulative_gain_at_k", "personalized_at_k")


def _ids(prefix, names):
    return tuple(f"ranking.{prefix}[{n}]" for n in names)


def _wrap_all(make, names=ALL):
    return {name: make(getattr(real, name)) for name in names}


# ---------------------------------------------------------------- generic input/tie bugs


def _ties_first(fn):
    @functools.wraps(fn)
    def mutant(*args, **kwargs):
        kwargs["ties"] = "first"  # stable sort: tied documents stay in input order
        return fn(*args, **kwargs)

    return mutant


def _ties_swapped(fn):
    swap = {"optimistic": "pessimistic", "pessimistic": "optimistic"}

    @functools.wraps(fn)
    def mutant(*args, **kwargs):
        kwargs["ties"] = swap.get(kwargs.get("ties", "average"), kwargs.get("ties", "average"))
        return fn(*args, **kwargs)

    return mutant


def _k_below_one_means_all(fn):
    @functools.wraps(fn)
    def mutant(*args, k=None, **kwargs):
        return fn(*args, k=None if k is not None and k < 1 else k, **kwargs)

    return mutant


def _nan_scores_last(fn):
    @functools.wraps(fn)
    def mutant(y_true, y_score=None, **kwargs):
        if y_score is not None:
            s = np.asarray(y_score, dtype=float)
            finite = s[np.isfinite(s)]
            y_score = np.where(np.isnan(s), (finite.min() if finite.size else 0.0) - 1.0, s)
        return fn(y_true, y_score, **kwargs)

    return mutant


def _empty_scores_zero(fn):
    @functools.wraps(fn)
    def mutant(y_true, *args, **kwargs):
        if np.size(y_true) == 0:
            return 0.0
        return fn(y_true, *args, **kwargs)

    return mutant


def _scores_fitted_to_grades(fn):
    @functools.wraps(fn)
    def mutant(y_true, y_score=None, **kwargs):
        if y_score is not None:  # scores of another shape are cut or zero-padded to the grades' shape
            y, s = np.atleast_2d(np.asarray(y_true, dtype=float)), np.atleast_2d(np.asarray(y_score, dtype=float))
            rows, cols = min(len(s), len(y)), min(s.shape[1], y.shape[1])
            y_score = np.zeros_like(y)
            y_score[:rows, :cols] = s[:rows, :cols]
        return fn(y_true, y_score, **kwargs)

    return mutant


def _ragged_queries_padded(fn):
    @functools.wraps(fn)
    def mutant(y_true, *args, **kwargs):
        if isinstance(y_true, list) and y_true and isinstance(y_true[0], list):
            n = max(len(row) for row in y_true)  # shorter queries padded with irrelevant documents
            y_true = [list(row) + [0.0] * (n - len(row)) for row in y_true]
        return fn(y_true, *args, **kwargs)

    return mutant


def _scores_ignored(fn):
    @functools.wraps(fn)
    def mutant(y_true, y_score=None, **kwargs):
        return fn(y_true, **kwargs)  # treats the grades as if already ranked

    return mutant


def _negative_clipped(fn):
    @functools.wraps(fn)
    def mutant(y_true, *args, gain="linear", **kwargs):
        if gain == "exponential":
            y_true = np.clip(np.asarray(y_true, dtype=float), 0, None)
        return fn(y_true, *args, gain=gain, **kwargs)

    return mutant


# ---------------------------------------------------------------- helpers


def _n_docs(y_true):
    return np.shape(y_true)[-1]


def _k_eff(y_true, k):
    n = _n_docs(y_true)
    return n if k is None else min(k, n)


def _nan_policy_ignored(fn):
    """Plain 0/0 division: NaN whatever no_relevant says."""

    @functools.wraps(fn)
    def mutant(*args, no_relevant="zero", **kwargs):
        return fn(*args, no_relevant="nan", **kwargs)

    return mutant


def _ranked_grades(y_true, y_score):
    y = np.atleast_2d(np.asarray(y_true, dtype=float))
    if y_score is None:
        return y
    s = np.atleast_2d(np.asarray(y_score, dtype=float))
    return np.take_along_axis(y, np.argsort(-s, axis=1, kind="stable"), axis=1)


def _out(y_true, values):
    return float(values[0]) if np.ndim(y_true) == 1 else values


def _log2_discount(ranks):
    return 1.0 / np.log2(ranks + 1)


def _ln_discount(ranks):
    return 1.0 / np.log(ranks + 1)


def _shifted_log2_discount(ranks):
    return 1.0 / np.log2(ranks + 2)  # ranks counted from 2: the top document is discounted too


def _increasing_discount(ranks):
    return np.log2(ranks + 1)


def _gains(ranked, gain, exponential_no_minus_one):
    if gain != "exponential":
        return ranked
    with np.errstate(over="ignore"):  # huge scaled grades overflow: the mutant does not care
        return np.exp2(ranked) - (0.0 if exponential_no_minus_one else 1.0)


def _dcg_mutant(discount, *, exponential_no_minus_one=False):
    def dcg_at_k(y_true, y_score=None, *, k=None, gain="linear", ties="average"):
        ranked = _gains(_ranked_grades(y_true, y_score), gain, exponential_no_minus_one)
        kk = _k_eff(y_true, k)
        return _out(y_true, ranked[:, :kk] @ discount(np.arange(1, kk + 1, dtype=float)))

    return dcg_at_k


def _ndcg_mutant(*, discount=_log2_discount, exponential_no_minus_one=False, ideal="sorted", force_gain=None):
    def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear", ties="average", no_relevant="zero"):
        gain = force_gain or gain
        ranked = _gains(_ranked_grades(y_true, y_score), gain, exponential_no_minus_one)
        kk = _k_eff(y_true, k)
        d = discount(np.arange(1, kk + 1, dtype=float))
        dcg = ranked[:, :kk] @ d
        if ideal == "sorted":
            best = -np.sort(-ranked, axis=1)[:, :kk] @ d
        elif ideal == "worst":
            best = np.sort(ranked, axis=1)[:, :kk] @ d
        elif ideal == "actual":  # the ranking's own DCG: 1 whenever anything relevant is in the top k
            best = dcg
        else:  # "all relevant": the ideal list as if every document had gain 1
            best = np.full(ranked.shape[0], d.sum())
        with np.errstate(invalid="ignore"):
            values = np.divide(dcg, best, out=np.zeros_like(dcg), where=best != 0)
        return _out(y_true, values)

    return ndcg_at_k


# ---------------------------------------------------------------- per-metric bugs


def precision_k_plus_one(y_true, y_score=None, *, k=None, ties="average"):
    kk = _k_eff(y_true, k)
    return real.precision_at_k(y_true, y_score, k=k, ties=ties) * kk / (kk + 1)


def precision_k_minus_one(y_true, y_score=None, *, k=None, ties="average"):
    kk = _k_eff(y_true, k)
    return real.precision_at_k(y_true, y_score, k=k, ties=ties) * kk / max(kk - 1, 1)


def recall_counts_grades(y_true, y_score=None, *, k=None, ties="average", no_relevant="zero"):
    ranked = _ranked_grades(y_true, y_score)
    total = (ranked > 0).sum(axis=1)
    found = ranked[:, : _k_eff(y_true, k)].clip(0, None).sum(axis=1)  # grades, not hits
    return _out(y_true, np.divide(found, total, out=np.zeros(len(total)), where=total > 0))


def _ap_rows(y_true, y_score, k, *, rank_offset=0, normalize=True):
    ranked = _ranked_grades(y_true, y_score) > 0
    kk = _k_eff(y_true, k)
    ranks = np.arange(1, kk + 1) + rank_offset
    precisions = np.cumsum(ranked[:, :kk], axis=1) / ranks
    numerator = (precisions * ranked[:, :kk]).sum(axis=1)
    if not normalize:
        return numerator
    total = ranked.sum(axis=1)
    return np.divide(numerator, total, out=np.zeros(len(total)), where=total > 0)


def ap_precision_off_by_one(y_true, y_score=None, *, k=None, denominator="total", ties="average", no_relevant="zero"):
    return _out(y_true, _ap_rows(y_true, y_score, k, rank_offset=1))


def ap_not_normalized(y_true, y_score=None, *, k=None, denominator="total", ties="average", no_relevant="zero"):
    return _out(y_true, _ap_rows(y_true, y_score, k, normalize=False))


def map_pooled(y_true, y_score=None, *, k=None, denominator="total", ties="average", no_relevant="zero", sample_weight=None):
    numerator = _ap_rows(y_true, y_score, k, normalize=False).sum()
    total = (_ranked_grades(y_true, y_score) > 0).sum()
    return float(numerator / total) if total else 0.0


def ar_capped_at_k(y_true, y_score=None, *, k=None, ties="average", no_relevant="zero"):
    """Elliot's "MAR": the denominator capped at k, min(k, relevant), as AP@k's denominator='min'."""
    return real.average_precision_at_k(y_true, y_score, k=k, denominator="min", ties=ties, no_relevant=no_relevant)


def ar_mean_of_recalls(y_true, y_score=None, *, k=None, ties="average", no_relevant="zero"):
    """The literal reading of the name: recall@i averaged over the cutoffs i = 1..k."""
    kk = _k_eff(y_true, k)
    recalls = [np.atleast_1d(real.recall_at_k(y_true, y_score, k=i, ties=ties, no_relevant=no_relevant))
               for i in range(1, kk + 1)]
    return _out(y_true, np.mean(recalls, axis=0))


def mar_mean_of_recalls(y_true, y_score=None, *, sample_weight=None, **kwargs):
    return float(np.average(np.atleast_1d(ar_mean_of_recalls(y_true, y_score, **kwargs)), weights=sample_weight))


def map_sums_queries(y_true, y_score=None, **kwargs):
    return float(np.sum(np.atleast_1d(real.average_precision_at_k(y_true, y_score, **kwargs))))


def _running_mean_values(values):
    mean = values[0]
    for v in values[1:]:
        mean = (mean + v) / 2  # "running average" that halves the weight of older queries
    return float(mean)


def _running_mean(per_query):
    def mutant(y_true, y_score=None, *, sample_weight=None, **kwargs):
        return _running_mean_values(np.atleast_1d(per_query(y_true, y_score, **kwargs)))

    return mutant


def _hit_per_query(y_true, y_score=None, *, k=None, ties="average"):
    y = np.atleast_2d(np.asarray(y_true, dtype=float))
    s = None if y_score is None else np.atleast_2d(np.asarray(y_score, dtype=float))
    return np.array([real.hit_rate_at_k(y[q], None if s is None else s[q], k=k, ties=ties) for q in range(len(y))])


def _skips_queries_without_relevant(per_query):
    def mutant(y_true, y_score=None, *, sample_weight=None, **kwargs):
        values = np.atleast_1d(per_query(y_true, y_score, **kwargs))
        has_relevant = (np.atleast_2d(np.asarray(y_true, dtype=float)) > 0).any(axis=1)
        return float(values[has_relevant].mean()) if has_relevant.any() else 0.0

    return mutant


def _rank_from_one_missing(fn):
    """1 / (0-based rank): the first position divides by zero."""

    @functools.wraps(fn)
    def mutant(*args, **kwargs):
        rr = np.asarray(fn(*args, **kwargs), dtype=float)
        with np.errstate(divide="ignore"):
            wrong = np.where(rr > 0, 1.0 / (1.0 / np.where(rr > 0, rr, 1.0) - 1.0), 0.0)
        return float(wrong) if wrong.ndim == 0 else wrong

    return mutant


def mrr_inverts_mean_rank(y_true, y_score=None, *, k=None, ties="average", sample_weight=None):
    rr = np.atleast_1d(real.reciprocal_rank(y_true, y_score, k=k, ties=ties))
    found = rr > 0
    if not found.any():
        return 0.0
    # 1 / (mean rank of the first relevant document) over the queries with a hit, scaled by the hit rate
    return float(found.mean() / np.mean(1.0 / rr[found]))


def hit_rate_counts_hits(y_true, y_score=None, *, k=None, ties="average", sample_weight=None):
    ranked = _ranked_grades(y_true, y_score)
    return float((ranked[:, : _k_eff(y_true, k)] > 0).sum(axis=1).mean())


MUTANTS = [
    Mutant(
        "ranking_ties_broken_by_document_order",
        _wrap_all(_ties_first, ALL + TIE_AVERAGED + RECOMMENDER + SEED004_FORMULAS),
        _ids("renaming_invariance_with_ties", ALL + TIE_AVERAGED + RECOMMENDER + SEED004_FORMULAS)
        + ("ranking.agrees_with_sklearn[ndcg_at_k]", "ranking.agrees_with_sklearn[dcg_at_k]"),
    ),
    Mutant("ranking_tie_policies_swapped", _wrap_all(_ties_swapped, ALL + RETRIEVAL + RECOMMENDER + SEED004_FORMULAS),
           _ids("tie_policy_order", ALL + TIE_AVERAGED + RECOMMENDER + SEED004_FORMULAS)
           + _ids("tie_rule", ALL + RETRIEVAL + RECOMMENDER + SEED004_FORMULAS)),
    Mutant("ranking_k_below_one_means_all", _wrap_all(_k_below_one_means_all, ALL + WITH_K + SEED004_FORMULAS),
           _ids("refuses_k_below_one", ALL + WITH_K + SEED004_FORMULAS)),
    Mutant("ranking_nan_scores_ranked_last", _wrap_all(_nan_scores_last), _ids("refuses_bad_input", ALL)),
    Mutant("ranking_empty_query_scores_zero", _wrap_all(_empty_scores_zero), _ids("refuses_bad_input", ALL)),
    Mutant("ranking_mismatched_scores_fitted", _wrap_all(_scores_fitted_to_grades), _ids("refuses_bad_input", ALL)),
    Mutant("ranking_ragged_queries_padded", _wrap_all(_ragged_queries_padded), _ids("refuses_bad_input", ALL)),
    Mutant(
        "ranking_scores_ignored",
        _wrap_all(_scores_ignored, ALL + RETRIEVAL + RECOMMENDER + SEED004_FORMULAS),
        _ids("permutation_invariance", PER_QUERY + RETRIEVAL + ("success_at_k", "expected_percentile_rank")
             + SEED004_FORMULAS)
        + _ids("document_permutation_invariance", MEANS),
    ),
    Mutant(
        "ranking_negative_grades_clipped_for_exponential_gain",
        {"dcg_at_k": _negative_clipped(real.dcg_at_k), "ndcg_at_k": _negative_clipped(real.ndcg_at_k)},
        _ids("refuses_negative_grades_exponential", ("dcg_at_k", "ndcg_at_k")),
    ),
    Mutant(
        "precision_at_k_divides_by_k_plus_one",
        {"precision_at_k": precision_k_plus_one},
        (
            "ranking.single_document_query[precision_at_k]",
            "ranking.times_k_counts_relevant[precision_at_k]",
            "ranking.agrees_with_ranx[precision_at_k]",
            "ranking.claim.seed001.p_at_5",
            "ranking.claim.seed001.p_at_k_rows",
        ),
    ),
    Mutant(
        "precision_at_k_divides_by_k_minus_one",
        {"precision_at_k": precision_k_minus_one},
        ("ranking.bounds[precision_at_k]",),
    ),
    Mutant(
        "recall_at_k_sums_grades",
        {"recall_at_k": recall_counts_grades},
        (
            "ranking.bounds[recall_at_k]",
            "ranking.single_document_query[recall_at_k]",
            "ranking.agrees_with_ranx[recall_at_k]",
            "ranking.definition[recall_at_k]",
        ),
    ),
    Mutant(
        "recall_at_k_zero_division_nan",
        {"recall_at_k": _nan_policy_ignored(real.recall_at_k)},
        ("ranking.no_nan[recall_at_k]", "ranking.undefined_no_relevant[recall_at_k]"),
    ),
    Mutant(
        "average_precision_precision_off_by_one",
        {"average_precision_at_k": ap_precision_off_by_one},
        (
            "ranking.single_document_query[average_precision_at_k]",
            "ranking.equals_ap_with_one_relevant[reciprocal_rank]",
            "ranking.definition[average_precision_at_k]",
            "ranking.claim.seed001.ap_at_5_q1",
            "ranking.claim.seed001.ap_at_5_q2",
        ),
    ),
    Mutant(
        "average_precision_not_normalized",
        {"average_precision_at_k": ap_not_normalized},
        ("ranking.bounds[average_precision_at_k]", "ranking.definition[average_precision_at_k]"),
    ),
    Mutant(
        "average_precision_zero_division_nan",
        {"average_precision_at_k": _nan_policy_ignored(real.average_precision_at_k)},
        ("ranking.no_nan[average_precision_at_k]", "ranking.undefined_no_relevant[average_precision_at_k]"),
    ),
    Mutant(
        "mean_average_precision_pooled_over_queries",
        {"mean_average_precision": map_pooled},
        (
            "ranking.agrees_with_ranx[mean_average_precision]",
            "ranking.agrees_with_sklearn_lrap[mean_average_precision]",
            "ranking.mean_over_queries[mean_average_precision]",
            "ranking.definition[mean_average_precision]",
        ),
    ),
    Mutant(
        "average_recall_capped_at_k",
        {"average_recall_at_k": ar_capped_at_k},
        ("ranking.is_average_precision_over_all_relevant[average_recall_at_k]",),
    ),
    Mutant(
        "average_recall_as_mean_recall_over_cutoffs",
        {"average_recall_at_k": ar_mean_of_recalls, "mean_average_recall": mar_mean_of_recalls},
        ("ranking.definition[average_recall_at_k]", "ranking.definition[mean_average_recall]",
         "ranking.is_average_precision_over_all_relevant[average_recall_at_k]",
         "ranking.is_average_precision_over_all_relevant[mean_average_recall]"),
    ),
    Mutant(
        "average_recall_zero_division_nan",
        {"average_recall_at_k": _nan_policy_ignored(real.average_recall_at_k),
         "mean_average_recall": _nan_policy_ignored(real.mean_average_recall)},
        _ids("no_nan", ("average_recall_at_k", "mean_average_recall"))
        + _ids("undefined_no_relevant", ("average_recall_at_k", "mean_average_recall")),
    ),
    Mutant(
        "average_recall_precision_off_by_one",
        {"average_recall_at_k": ap_precision_off_by_one},
        ("ranking.single_document_query[average_recall_at_k]",),
    ),
    Mutant(
        "mean_average_recall_off_by_one",
        {"mean_average_recall": lambda *a, sample_weight=None, **kw: float(np.mean(ap_precision_off_by_one(
            *a, **{k: v for k, v in kw.items() if k in ("k",)})))},
        ("ranking.single_document_query[mean_average_recall]",),
    ),
    Mutant(
        "mean_average_precision_sums_queries",
        {"mean_average_precision": map_sums_queries},
        ("ranking.bounds[mean_average_precision]", "ranking.definition[mean_average_precision]"),
    ),
    Mutant(
        "mean_average_precision_zero_division_nan",
        {"mean_average_precision": _nan_policy_ignored(real.mean_average_precision)},
        ("ranking.no_nan[mean_average_precision]", "ranking.undefined_no_relevant[mean_average_precision]"),
    ),
    Mutant(
        "ranking_means_by_running_average",
        {
            "mean_average_precision": _running_mean(real.average_precision_at_k),
            "mean_average_recall": _running_mean(real.average_recall_at_k),
            "mean_reciprocal_rank": _running_mean(real.reciprocal_rank),
            "hit_rate_at_k": _running_mean(_hit_per_query),
        },
        _ids("permutation_invariance", MEANS)
        + _ids("definition", ("mean_average_precision", "mean_reciprocal_rank"))
        + ("ranking.mean_over_queries[mean_reciprocal_rank]", "ranking.mean_over_queries[hit_rate_at_k]",
           "ranking.mean_over_queries[mean_average_recall]"),
    ),
    Mutant(
        "ranking_means_skip_queries_without_relevant",
        {
            "mean_average_precision": _skips_queries_without_relevant(real.average_precision_at_k),
            "mean_average_recall": _skips_queries_without_relevant(real.average_recall_at_k),
            "mean_reciprocal_rank": _skips_queries_without_relevant(real.reciprocal_rank),
            "hit_rate_at_k": _skips_queries_without_relevant(_hit_per_query),
        },
        _ids("single_document_query", MEANS),
    ),
    Mutant(
        "reciprocal_rank_zero_based",
        {
            "reciprocal_rank": _rank_from_one_missing(real.reciprocal_rank),
            "mean_reciprocal_rank": lambda *a, sample_weight=None, **kw: float(
                np.mean(np.atleast_1d(_rank_from_one_missing(real.reciprocal_rank)(*a, **kw)))
            ),
        },
        (
            "ranking.bounds[reciprocal_rank]",
            "ranking.bounds[mean_reciprocal_rank]",
            "ranking.single_document_query[reciprocal_rank]",
            "ranking.equals_ap_with_one_relevant[reciprocal_rank]",
            "ranking.agrees_with_ranx[mean_reciprocal_rank]",
            "ranking.definition[reciprocal_rank]",
            "ranking.definition[mean_reciprocal_rank]",
            "ranking.claim.seed001.mrr_definition",
        ),
    ),
    Mutant(
        "hit_rate_counts_hits",
        {"hit_rate_at_k": hit_rate_counts_hits},
        (
            "ranking.bounds[hit_rate_at_k]",
            "ranking.agrees_with_ranx[hit_rate_at_k]",
            "ranking.definition[hit_rate_at_k]",
        ),
    ),
    Mutant(
        "dcg_natural_log_discount",
        {"dcg_at_k": _dcg_mutant(_ln_discount)},
        (
            "ranking.single_document_query[dcg_at_k]",
            "ranking.agrees_with_sklearn[dcg_at_k]",
            "ranking.definition[dcg_at_k]",
            "ranking.claim.seed001.dcg_idcg_at_5",
            "ranking.claim.seed004.dcg_set_b",
        ),
    ),
    Mutant(
        "dcg_discount_multiplies",
        {
            "dcg_at_k": _dcg_mutant(_increasing_discount),
            "ndcg_at_k": _ndcg_mutant(discount=_increasing_discount),
        },
        (
            "ranking.swap_up_never_lowers[dcg_at_k]",
            "ranking.swap_up_never_lowers[ndcg_at_k]",
            "ranking.bounds[dcg_at_k]",
            "ranking.definition[dcg_at_k]",
            "ranking.claim.seed004.dcg_a_below_b",
        ),
    ),
    Mutant(
        "exponential_gain_without_minus_one",
        {
            "dcg_at_k": _dcg_mutant(_log2_discount, exponential_no_minus_one=True),
            "ndcg_at_k": _ndcg_mutant(exponential_no_minus_one=True),
        },
        (
            "ranking.binary_gains_agree[dcg_at_k]",
            "ranking.binary_gains_agree[ndcg_at_k]",
            "ranking.definition[dcg_at_k]",
            "ranking.definition[ndcg_at_k]",
            "ranking.claim.seed004.binary_gains_agree",
        ),
    ),
    Mutant(
        "ndcg_normalized_by_worst_order",
        {"ndcg_at_k": _ndcg_mutant(ideal="worst")},
        ("ranking.bounds[ndcg_at_k]", "ranking.perfect[ndcg_at_k]", "ranking.definition[ndcg_at_k]"),
    ),
    Mutant(
        "ndcg_zero_division_nan",
        {"ndcg_at_k": _nan_policy_ignored(real.ndcg_at_k)},
        ("ranking.no_nan[ndcg_at_k]", "ranking.undefined_no_relevant[ndcg_at_k]"),
    ),
    Mutant(
        "ndcg_gain_option_ignored",
        {"ndcg_at_k": _ndcg_mutant(force_gain="exponential")},
        (
            "ranking.linear_gain_scale_invariance[ndcg_at_k]",
            "ranking.agrees_with_ranx[ndcg_at_k]",
        ),
    ),
    Mutant(
        "ndcg_ideal_assumes_every_document_relevant",
        {"ndcg_at_k": _ndcg_mutant(ideal="all relevant")},
        (
            "ranking.single_document_query[ndcg_at_k]",
            "ranking.definition[ndcg_at_k]",
            "ranking.claim.seed004.irrelevant_not_penalized",
        ),
    ),
    Mutant(
        "dcg_discount_off_by_one",
        {"dcg_at_k": _dcg_mutant(_shifted_log2_discount)},
        ("ranking.definition[dcg_at_k]",),
    ),
    Mutant(
        "ndcg_normalized_by_actual_order",
        {"ndcg_at_k": _ndcg_mutant(ideal="actual")},
        ("ranking.definition[ndcg_at_k]",),
    ),
    Mutant(
        "mean_reciprocal_rank_inverts_mean_rank",
        {"mean_reciprocal_rank": mrr_inverts_mean_rank},
        ("ranking.definition[mean_reciprocal_rank]",),
    ),
]


# ---------------------------------------------------------------- R-precision, fall-out, bpref, ERR (issue 33)


def _ties_average_as_pessimistic(fn):
    """Tied documents ranked worst first (relevant ones last) where the average over their orders is asked for."""

    @functools.wraps(fn)
    def mutant(*args, ties="average", **kwargs):
        return fn(*args, ties="pessimistic" if ties == "average" else ties, **kwargs)

    return mutant


def _no_nonrelevant_ignored(fn):
    """Plain 0/0 division for fall-out: NaN whatever no_nonrelevant says."""

    @functools.wraps(fn)
    def mutant(*args, no_nonrelevant="zero", **kwargs):
        return fn(*args, no_nonrelevant="nan", **kwargs)

    return mutant


def r_precision_skips_first_document(y_true, y_score=None, *, ties="average", no_relevant="zero"):
    """Off by one: the R documents after the first one (ranks 2..R+1) are counted."""
    ranked = _ranked_grades(y_true, y_score) > 0
    total = ranked.sum(axis=1)
    found = np.array([row[1:r + 1].sum() for row, r in zip(ranked, total)], dtype=float)
    return _out(y_true, np.divide(found, total, out=np.zeros_like(found), where=total > 0))


def fall_out_counts_relevant(y_true, y_score=None, *, k=None, ties="average", no_nonrelevant="zero"):
    """Relevant (not non-relevant) documents of the top k over the non-relevant ones: TP / (FP + TN)."""
    ranked = _ranked_grades(y_true, y_score) > 0
    top = ranked[:, : _k_eff(y_true, k)].sum(axis=1).astype(float)
    negatives = (~ranked).sum(axis=1)
    return _out(y_true, np.divide(top, negatives, out=np.zeros_like(top), where=negatives > 0))


def _bpref_rows(y_true, y_score, term):
    ranked = _ranked_grades(y_true, y_score) > 0
    values = []
    for row in ranked:
        r, n = int(row.sum()), int((~row).sum())
        above = np.cumsum(~row)[row] if r else np.zeros(0)
        values.append(term(above, np.flatnonzero(row), r, n))
    return np.array(values, dtype=float)


def bpref_counts_every_document_above(y_true, y_score=None, *, denominator="min", ties="average", no_relevant="zero"):
    """Relevant documents ranked above a relevant one counted as if non-relevant (n_r = its 0-based rank)."""
    def term(above, places, r, n):
        return float(np.mean(1.0 - np.minimum(places, r) / max(min(r, n), 1))) if r else 0.0
    return _out(y_true, _bpref_rows(y_true, y_score, term))


def bpref_uncapped(y_true, y_score=None, *, denominator="min", ties="average", no_relevant="zero"):
    """Every non-relevant document above counted, not only the first R: terms go below 0."""
    def term(above, places, r, n):
        return float(np.mean(1.0 - above / (min(r, n) if denominator == "min" else r))) if r and n else float(r > 0)
    return _out(y_true, _bpref_rows(y_true, y_score, term))


def bpref_vacuously_one(y_true, y_score=None, **kwargs):
    """A query with nothing relevant scores 1: no relevant document is ever below a non-relevant one."""
    values = np.atleast_1d(real.bpref(y_true, y_score, **kwargs))
    none = ~(np.atleast_2d(np.asarray(y_true, dtype=float)) > 0).any(axis=1)
    return _out(y_true, np.where(none, 1.0, values))


def _err_rows(y_true, y_score, k, max_grade, stop_of, cascade=True):
    ranked = _ranked_grades(y_true, y_score)[:, : _k_eff(y_true, k)]
    stop = stop_of(ranked, max_grade)
    reached = np.cumprod(np.hstack([np.ones((stop.shape[0], 1)), 1.0 - stop[:, :-1]]), axis=1) if cascade else 1.0
    return _out(y_true, (stop * reached / np.arange(1, stop.shape[1] + 1)).sum(axis=1))


def err_gain_without_minus_one(y_true, y_score=None, *, k=None, max_grade=4, ties="pessimistic"):
    """R_i = 2^g / 2^max_grade: a grade-0 document stops the user too."""
    return _err_rows(y_true, y_score, k, max_grade, lambda g, m: 2.0**g / 2.0**m)


def err_without_cascade(y_true, y_score=None, *, k=None, max_grade=4, ties="pessimistic"):
    """sum_r R_r / r: the probability of reaching rank r left out (a graded RR sum, not a cascade)."""
    return _err_rows(y_true, y_score, k, max_grade, lambda g, m: (2.0**g - 1.0) / 2.0**m, cascade=False)


def err_ranked_upside_down(y_true, y_score=None, *, k=None, max_grade=4, ties="pessimistic"):
    """The list read from the bottom up (scores ascending)."""
    y = np.asarray(y_true, dtype=float)
    if y_score is None:
        return real.expected_reciprocal_rank(y[..., ::-1], k=k, max_grade=max_grade, ties=ties)
    return real.expected_reciprocal_rank(y, -np.asarray(y_score, dtype=float), k=k, max_grade=max_grade, ties=ties)


def err_grades_unchecked(y_true, y_score=None, *, k=None, max_grade=4, ties="pessimistic"):
    """Grades off the scale, a non-positive max_grade and ties='average' taken as they come."""
    ties = "pessimistic" if ties == "average" else ties
    return _err_rows(y_true, y_score, k, max_grade if max_grade > 0 else 1,
                     lambda g, m: (2.0**g - 1.0) / 2.0**m)


MUTANTS += [
    Mutant("retrieval_average_ties_as_pessimistic", _wrap_all(_ties_average_as_pessimistic, TIE_AVERAGED),
           _ids("ties_average_over_orders", TIE_AVERAGED)),
    Mutant("r_precision_skips_first_document", {"r_precision": r_precision_skips_first_document},
           _ids("definition", ("r_precision",)) + _ids("single_document_query", ("r_precision",))
           + _ids("is_precision_and_recall_at_r", ("r_precision",)) + _ids("agrees_with_ranx", ("r_precision",))),
    Mutant("r_precision_and_bpref_zero_division_nan", _wrap_all(_nan_policy_ignored, WITHOUT_CUTOFF),
           _ids("no_nan", WITHOUT_CUTOFF) + _ids("undefined_no_relevant", WITHOUT_CUTOFF)),
    Mutant("fall_out_counts_relevant", {"fall_out_at_k": fall_out_counts_relevant},
           _ids("definition", ("fall_out_at_k",)) + _ids("single_document_query", ("fall_out_at_k",))
           + _ids("complements_precision", ("fall_out_at_k",))),
    Mutant("fall_out_zero_division_nan", {"fall_out_at_k": _no_nonrelevant_ignored(real.fall_out_at_k)},
           _ids("undefined_no_nonrelevant", ("fall_out_at_k",))),
    Mutant("bpref_counts_every_document_above", {"bpref": bpref_counts_every_document_above},
           _ids("definition", ("bpref",)) + _ids("perfect", ("bpref",)) + _ids("agrees_with_ranx", ("bpref",))),
    Mutant("bpref_uncapped", {"bpref": bpref_uncapped}, _ids("definition", ("bpref",))),
    Mutant("bpref_vacuously_one", {"bpref": bpref_vacuously_one}, _ids("single_document_query", ("bpref",))),
    Mutant("err_gain_without_minus_one", {"expected_reciprocal_rank": err_gain_without_minus_one},
           _ids("definition", ("expected_reciprocal_rank",))
           + _ids("single_document_query", ("expected_reciprocal_rank",))),
    Mutant("err_without_cascade", {"expected_reciprocal_rank": err_without_cascade},
           _ids("definition", ("expected_reciprocal_rank",))
           + _ids("stop_probability_bounds", ("expected_reciprocal_rank",))),
    Mutant("err_ranked_upside_down", {"expected_reciprocal_rank": err_ranked_upside_down},
           _ids("swap_up_never_lowers", ("expected_reciprocal_rank",))),
    Mutant("err_grades_unchecked", {"expected_reciprocal_rank": err_grades_unchecked},
           _ids("refuses_grades_off_scale", ("expected_reciprocal_rank",))),
]


# ---------------------------------------------------------------- success@k, ARHR, percentile rank (issue 33)


def success_counts_hits(y_true, y_score=None, *, k=None, ties="average"):
    """The number of relevant documents in the top k, not whether there is one."""
    return real.precision_at_k(y_true, y_score, k=k, ties=ties) * _k_eff(y_true, k)


def success_without_relevant_is_one(y_true, y_score=None, **kwargs):
    """A query with nothing relevant counted as a success (nothing was missed)."""
    values = np.atleast_1d(real.success_at_k(y_true, y_score, **kwargs))
    none = ~(np.atleast_2d(np.asarray(y_true, dtype=float)) > 0).any(axis=1)
    return _out(y_true, np.where(none, 1.0, values))


def arhr_summed_over_queries(y_true, y_score=None, *, sample_weight=None, **kwargs):
    """The reciprocal hits of every query summed, not averaged."""
    return real.average_reciprocal_hit_rate(y_true, y_score, **kwargs) * np.atleast_2d(y_true).shape[0]


def arhr_first_hit_only(y_true, y_score=None, **kwargs):
    """Only the first hit of each query counted: that is MRR, not ARHR."""
    return real.mean_reciprocal_rank(y_true, y_score, **kwargs)


def arhr_weighted_by_grade(y_true, y_score=None, *, k=None, ties="average", sample_weight=None):
    """Each hit weighted by its grade over its rank (a DCG with a 1/i discount)."""
    ranked = _ranked_grades(y_true, y_score)[:, : _k_eff(y_true, k)]
    return float(np.mean(ranked.clip(min=0) @ (1.0 / np.arange(1, ranked.shape[1] + 1))))


def percentile_over_n(y_true, y_score=None, *, percentile="over_n_minus_1", ties="average", no_relevant="zero"):
    """Percentile (i - 1) / n whatever the option asks: the default (i - 1) / (n - 1) never reaches 1 at the bottom."""
    ranked = _ranked_grades(y_true, y_score)
    n = ranked.shape[1]
    total = ranked.sum(axis=1)
    num = (ranked * (np.arange(n) / n)).sum(axis=1)
    return _out(y_true, np.divide(num, total, out=np.zeros_like(num), where=total > 0))


def percentile_option_ignored(y_true, y_score=None, *, percentile="over_n_minus_1", **kwargs):
    """percentile='over_n' accepted and ignored: (i - 1) / (n - 1) whatever the option asks."""
    return real.expected_percentile_rank(y_true, y_score, **kwargs)


def percentile_unweighted(y_true, y_score=None, **kwargs):
    """The mean percentile of the relevant documents, their grades ignored."""
    binary = (np.asarray(y_true, dtype=float) > 0).astype(float)
    return real.expected_percentile_rank(binary, y_score, **kwargs)


def percentile_one_document_nan(y_true, y_score=None, **kwargs):
    """(i - 1) / (n - 1) with n = 1: 0/0, NaN for a one-document query."""
    values = np.atleast_1d(real.expected_percentile_rank(y_true, y_score, **kwargs))
    single = np.atleast_2d(np.asarray(y_true, dtype=float)).shape[1] == 1
    return _out(y_true, np.full_like(values, np.nan) if single else values)


def percentile_negative_grades_clipped(y_true, y_score=None, **kwargs):
    return real.expected_percentile_rank(np.clip(np.asarray(y_true, dtype=float), 0, None), y_score, **kwargs)


MUTANTS += [
    Mutant("recommender_average_ties_as_pessimistic", _wrap_all(_ties_average_as_pessimistic,
                                                                ("expected_percentile_rank",)),
           _ids("ties_average_over_orders", ("expected_percentile_rank", "expected_percentile_rank:over_n"))),
    Mutant("success_counts_hits", {"success_at_k": success_counts_hits},
           _ids("definition", ("success_at_k",)) + _ids("mean_is_hit_rate", ("success_at_k",))
           + _ids("agrees_with_ranx", ("success_at_k",))),
    Mutant("success_without_relevant_is_one", {"success_at_k": success_without_relevant_is_one},
           _ids("single_document_query", ("success_at_k",))),
    Mutant("arhr_summed_over_queries", {"average_reciprocal_hit_rate": arhr_summed_over_queries},
           _ids("definition", ("average_reciprocal_hit_rate",))
           + _ids("equals_mrr_with_one_relevant", ("average_reciprocal_hit_rate",))
           + _ids("single_document_query", ("average_reciprocal_hit_rate",))),
    Mutant("arhr_first_hit_only", {"average_reciprocal_hit_rate": arhr_first_hit_only},
           _ids("definition", ("average_reciprocal_hit_rate",))),
    Mutant("arhr_weighted_by_grade", {"average_reciprocal_hit_rate": arhr_weighted_by_grade},
           _ids("bounds_by_harmonic_number", ("average_reciprocal_hit_rate",))),
    Mutant("percentile_over_n", {"expected_percentile_rank": percentile_over_n},
           _ids("definition", ("expected_percentile_rank",))
           + _ids("reversal_complements", ("expected_percentile_rank",))),
    Mutant("percentile_option_ignored", {"expected_percentile_rank": percentile_option_ignored},
           _ids("definition", ("expected_percentile_rank:over_n",))
           + _ids("reversal_complements", ("expected_percentile_rank:over_n",))
           + _ids("ties_average_over_orders", ("expected_percentile_rank:over_n",))),
    Mutant("percentile_unweighted", {"expected_percentile_rank": percentile_unweighted},
           _ids("definition", ("expected_percentile_rank", "expected_percentile_rank:over_n"))),
    Mutant("percentile_zero_division_nan", {"expected_percentile_rank": _nan_policy_ignored(
        real.expected_percentile_rank)}, _ids("no_nan", ("expected_percentile_rank", "expected_percentile_rank:over_n"))
           + _ids("undefined_no_relevant", ("expected_percentile_rank",))),
    Mutant("percentile_one_document_nan", {"expected_percentile_rank": percentile_one_document_nan},
           _ids("single_document_query", ("expected_percentile_rank", "expected_percentile_rank:over_n"))),
    Mutant("percentile_negative_grades_clipped", {"expected_percentile_rank": percentile_negative_grades_clipped},
           _ids("refuses_negative_grades", ("expected_percentile_rank", "expected_percentile_rank:over_n"))),
]


# ---------------------------------------------------------------- cumulative rating, personalized@k (seed 004)


def cg_discounted(y_true, y_score=None, *, k=None, ties="average"):
    """CG computed as DCG: the log2 discount kept."""
    return real.dcg_at_k(y_true, y_score, k=k, ties=ties)


def cg_mean_grade(y_true, y_score=None, *, k=None, ties="average"):
    """The mean grade of the top k instead of its sum."""
    return real.cumulative_gain_at_k(y_true, y_score, k=k, ties=ties) / _k_eff(y_true, k)


def cg_whole_list(y_true, y_score=None, *, k=None, ties="average"):
    """k ignored: every document's grade summed."""
    return real.cumulative_gain_at_k(y_true, y_score, k=None, ties=ties)


def cg_counts_relevant(y_true, y_score=None, *, k=None, ties="average"):
    """The relevant documents of the top k counted, their grades ignored."""
    return real.cumulative_gain_at_k((np.asarray(y_true, dtype=float) > 0).astype(float), y_score, k=k, ties=ties)


def personalized_ignores_popular(y_true, y_score=None, *, popular=None, k=None, ties="average"):
    """popular ignored: success@k."""
    return real.success_at_k(y_true, y_score, k=k, ties=ties)


def personalized_cut_before_removal(y_true, y_score=None, *, popular=None, k=None, ties="average"):
    """The top k cut from the whole ranking, then the popular hits dropped (the popular documents keep their slots)."""
    y = np.asarray(y_true, dtype=float)
    if popular is not None:
        y = np.where(np.broadcast_to(np.asarray(popular, dtype=bool), y.shape), 0.0, y)
    return real.success_at_k(y, y_score, k=k, ties=ties)


def personalized_without_mask_scores_zero(y_true, y_score=None, *, popular=None, k=None, ties="average"):
    """popular=None read as "every document popular": nothing is left, 0 for every query."""
    if popular is None:
        popular = np.ones(np.shape(y_true)[-1], dtype=bool)
    return real.personalized_at_k(y_true, y_score, popular=popular, k=k, ties=ties)


def personalized_hit_at_rank_k_only(y_true, y_score=None, *, popular=None, k=None, ties="first"):
    """Only the document at rank k looked at, not the whole top k."""
    ranked = _ranked_grades(y_true, y_score)
    keep = np.ones(ranked.shape, dtype=bool) if popular is None else ~np.broadcast_to(
        np.asarray(popular, dtype=bool), np.shape(np.atleast_2d(y_true)))
    if popular is not None and y_score is not None:
        order = np.argsort(-np.atleast_2d(np.asarray(y_score, dtype=float)), axis=1, kind="stable")
        keep = np.take_along_axis(keep, order, axis=1)
    values = []
    for row, kept in zip(ranked, keep):
        rest = row[kept]
        values.append(float(rest[min(_k_eff(rest, k), rest.shape[0]) - 1] > 0) if rest.shape[0] else 0.0)
    return _out(y_true, np.array(values))


def personalized_mask_coerced(y_true, y_score=None, *, popular=None, k=None, ties="average"):
    """Any popular mask accepted: resized to the documents, values cast to bool (NaN and 0.5 are popular)."""
    if popular is not None:
        popular = np.resize(np.asarray(popular, dtype=float).reshape(-1) != 0, np.shape(y_true)[-1])
    return real.personalized_at_k(y_true, y_score, popular=popular, k=k, ties=ties)


def personalized_without_relevant_is_one(y_true, y_score=None, **kwargs):
    """A query with nothing relevant counted as a success (nothing was missed)."""
    values = np.atleast_1d(real.personalized_at_k(y_true, y_score, **kwargs))
    none = ~(np.atleast_2d(np.asarray(y_true, dtype=float)) > 0).any(axis=1)
    return _out(y_true, np.where(none, 1.0, values))


MUTANTS += [
    Mutant("cg_discounted", {"cumulative_gain_at_k": cg_discounted},
           _ids("definition", ("cumulative_gain_at_k",))
           + _ids("counts_relevant_with_binary_grades", ("cumulative_gain_at_k",))
           + ("ranking.claim.seed004.cumulative_rating",)),
    Mutant("cg_mean_grade", {"cumulative_gain_at_k": cg_mean_grade},
           _ids("definition", ("cumulative_gain_at_k",)) + _ids("monotone_in_k", ("cumulative_gain_at_k",))
           + _ids("is_dcg_without_discount", ("cumulative_gain_at_k",))),
    Mutant("cg_whole_list", {"cumulative_gain_at_k": cg_whole_list},
           _ids("bounds", ("cumulative_gain_at_k",)) + _ids("is_dcg_without_discount", ("cumulative_gain_at_k",))),
    Mutant("cg_counts_relevant", {"cumulative_gain_at_k": cg_counts_relevant},
           _ids("definition", ("cumulative_gain_at_k",)) + _ids("single_document_query", ("cumulative_gain_at_k",))),
    Mutant("personalized_ignores_popular", {"personalized_at_k": personalized_ignores_popular},
           _ids("definition", ("personalized_at_k",)) + _ids("popular_hits_never_count", ("personalized_at_k",))),
    Mutant("personalized_cut_before_removal", {"personalized_at_k": personalized_cut_before_removal},
           _ids("definition", ("personalized_at_k",))),
    Mutant("personalized_without_mask_scores_zero", {"personalized_at_k": personalized_without_mask_scores_zero},
           _ids("equals_success_without_popular", ("personalized_at_k",))),
    Mutant("personalized_hit_at_rank_k_only", {"personalized_at_k": personalized_hit_at_rank_k_only},
           _ids("monotone_in_k", ("personalized_at_k",))),
    Mutant("personalized_mask_coerced", {"personalized_at_k": personalized_mask_coerced},
           _ids("refuses_bad_popular", ("personalized_at_k",))),
    Mutant("personalized_without_relevant_is_one", {"personalized_at_k": personalized_without_relevant_is_one},
           _ids("single_document_query", ("personalized_at_k",))),
]


# ---------------------------------------------------------------- caught only by edge cases (issue 31)


def ndcg_integer_scores_as_ranks(y_true, y_score=None, **kw):
    """Integer y_score read as rank positions (1 = first), as some libraries read an integer "run":
    the ranking is reversed. Drawn scores are always floats; the edge case integer_scores holds int64
    scores, and so does the perfect edge case integer_scores_perfect (scores equal to the grades)."""
    if y_score is not None and np.asarray(y_score).dtype.kind in "iu":
        y_score = -np.asarray(y_score, dtype=np.float64)
    return real.ndcg_at_k(y_true, y_score, **kw)


MUTANTS += [
    Mutant("ndcg-integer-scores-as-ranks", {"ndcg_at_k": ndcg_integer_scores_as_ranks},
           catches=("ranking.perfect[ndcg_at_k]",)),
]


# ---------------------------------------------------------------- caught only by a product of edge cases (issue 45)


def ndcg_exponential_all_tied_in_input_order(y_true, y_score=None, *, gain="linear", ties="average", **kw):
    """With gain='exponential', a query whose documents are all tied is ranked in input order instead of
    averaged over the orders of the tie: a bug of one option on one input, reached without any draw only
    by the product of the two parts' edge cases (the edge case all_scores_tied with gain='exponential')."""
    s = None if y_score is None else np.atleast_2d(np.asarray(y_score, dtype=np.float64))
    if gain == "exponential" and ties == "average" and s is not None and s.size and (s == s[:, :1]).all(axis=1).any():
        ties = "first"
    return real.ndcg_at_k(y_true, y_score, gain=gain, ties=ties, **kw)


MUTANTS += [
    Mutant("ndcg-exponential-all-tied-in-input-order", {"ndcg_at_k": ndcg_exponential_all_tied_in_input_order},
           catches=("ranking.agrees_with_sklearn[ndcg_at_k]",)),
]


from .retrieval_mappings import MUTANTS as _MAPPING_FORM_MUTANTS  # noqa: E402 - the mapping form's (qrels and runs)

MUTANTS += _MAPPING_FORM_MUTANTS


# ------------------------------------------------------------------ issue 48: rank-biased precision


def _rbp_ranked(y_true, y_score, k, ties):
    """(grades in rank order, k clipped): the real ranking of the catalog, tie groups dropped (first come first)."""
    r = real._rank(y_true, y_score, k, "first" if ties == "average" else ties)
    return r.grades, r.k, r.single


def _rbp(variant):
    def metric(y_true, y_score=None, *, p=0.8, k=None, ties="average", residual=False):
        value = real.rank_biased_precision(y_true, y_score, p=p, k=k, ties=ties, residual=residual)  # the real checks
        grades, cut, single = _rbp_ranked(y_true, y_score, k, ties)
        if variant == "residual_one_rank_further":
            if residual:
                return value * p
            return value
        if residual:
            return value
        if variant == "ties_in_input_order":
            relevant = (grades[:, :cut] > 0).astype(float)
            out = relevant @ ((1.0 - p) * p ** np.arange(cut))
        elif variant == "graded":  # ranx's reward: the grade itself
            out = grades[:, :cut] @ ((1.0 - p) * p ** np.arange(cut))
        elif variant == "exponent_from_one":  # p^i for the i-th document: every document discounted once too often
            out = real.rank_biased_precision(y_true, y_score, p=p, k=k, ties=ties) * p
        elif variant == "without_one_minus_p":
            out = real.rank_biased_precision(y_true, y_score, p=p, k=k, ties=ties) / (1.0 - p) if p < 1 else value
        elif variant == "discount_reversed":  # the weights read from the bottom of the cut up
            relevant = (grades[:, :cut] > 0).astype(float)
            out = relevant @ ((1.0 - p) * p ** np.arange(cut)[::-1])
        else:
            raise AssertionError(variant)
        return float(out[0]) if single else out

    return metric


def _rbp_lenient(y_true, y_score=None, *, p=0.8, k=None, ties="average", residual=False):
    """Any p: a NaN, a string or p >= 1 clamped into [0, 1), a residual taken by truthiness."""
    try:
        p = min(max(float(p), 0.0), 0.99) if float(p) == float(p) else 0.8
    except (TypeError, ValueError):
        p = 0.8
    return real.rank_biased_precision(y_true, y_score, p=p, k=k, ties=ties, residual=bool(residual))


_RBP = ("rank_biased_precision",)
MUTANTS += [
    Mutant("rbp_graded_reward", {"rank_biased_precision": _rbp("graded")},
           _ids("definition", _RBP) + _ids("relation.p_zero_is_precision_at_one", _RBP)),
    Mutant("rbp_exponent_from_one", {"rank_biased_precision": _rbp("exponent_from_one")},
           _ids("definition", _RBP) + _ids("relation.p_zero_is_precision_at_one", _RBP)
           + _ids("agrees_with_ranx", _RBP) + _ids("ties_average_over_orders", _RBP)),
    Mutant("rbp_without_one_minus_p", {"rank_biased_precision": _rbp("without_one_minus_p")},
           _ids("definition", _RBP) + _ids("relation.residual_is_the_unseen_tail", _RBP)),
    Mutant("rbp_ties_in_input_order", {"rank_biased_precision": _rbp("ties_in_input_order")},
           _ids("ties_average_over_orders", _RBP) + _ids("permutation_invariance", _RBP)),
    Mutant("rbp_residual_one_rank_further", {"rank_biased_precision": _rbp("residual_one_rank_further")},
           _ids("relation.residual_is_the_unseen_tail", _RBP)),
    Mutant("rbp_discount_reversed", {"rank_biased_precision": _rbp("discount_reversed")},
           _ids("swap_up_never_lowers", _RBP) + _ids("definition", _RBP)),
    Mutant("rbp_accepts_any_persistence", {"rank_biased_precision": _rbp_lenient},
           _ids("refuses_bad_persistence", _RBP)),
]
