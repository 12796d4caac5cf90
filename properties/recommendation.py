"""The recommendation spec: novelty@k (self-information and seed 004's unseen ratio), intra-list diversity,
catalog coverage and personalization of users' top-k recommendation lists.

Inputs are :class:`~properties.inputs.recommendation_lists.RecommendationLists`: a few users' lists of item
ids over a catalog of at most 7 items, their training interactions and a similarity matrix of the items
(``properties/inputs/recommendation_lists.py``). A sample of the generic properties is a user: bounds, the
order of the users, repeating every user (not for personalization, whose pairs of users it changes), dtypes,
the best value (coverage and personalization) and bad input are generic. What stays here: each metric from
its formula, the identities at the ends of the ranges, invariance to renaming the items, the cutoff k, the
undefined cases, agreement with rs_metrics, and seed 004's two statements.
"""

from __future__ import annotations

import dataclasses
import itertools
import math

import numpy as np
from hypothesis import strategies as st

from .capabilities import COUNT, Capability, declare_parameters
from .checks import expect, expect_close, expect_in_range, expect_le, expect_refusal
from properties.engine.vocabulary import registry
from properties.engine.target.references import reference
from .inputs import mapped_edges, options, tuples_with_edges, with_edges
from .inputs.recommendation_lists import RECOMMENDATION_LISTS, examples, lists, relabelled

#: examples per conformance property: at most 5 users x 4 slots over 7 items, so few examples cover them
EXAMPLES = 25
registry.family_examples("recommendation", EXAMPLES)
prop = registry.prop

#: the same few terms summed in another order (the formulas below loop; the metrics vectorise)
ROUNDING = 1e-12

METRICS = ("novelty_at_k", "intra_list_diversity", "catalog_coverage", "personalization")
#: the metrics with a 0/0 case when there is no pair to compare, and the example that has none
NO_PAIRS = {"intra_list_diversity": "lists of one item (k = 1)", "personalization": "one user"}

_PAIRWISE = "no pair to compare ({case}): no_pairs='raise' (default) -> MetricInputError naming recommendations, " \
            "'zero' -> 0, 'nan' -> NaN"

CAPABILITIES = {
    "novelty_at_k": Capability(
        (0.0, None), False, "users' top-k item ids + their training interactions (users x items)",
        "a recommended item nobody interacted with (popularity 0) under definition='self_information': "
        "zero_popularity='raise' (default) -> MetricInputError naming interactions, 'one_user' -> popularity "
        "1/n_users; self-information in [0, log2(n_users)] bits, unseen_ratio in [0, 1]",
        inputs=RECOMMENDATION_LISTS, forms=({}, {"definition": "unseen_ratio"})),
    "intra_list_diversity": Capability(
        (None, None), False, "users' top-k item ids + an item-item similarity matrix",
        _PAIRWISE.format(case=NO_PAIRS["intra_list_diversity"]) + "; in [1 - max, 1 - min] of the similarities "
        "of the listed pairs ([0, 1] for similarities in [0, 1])", inputs=RECOMMENDATION_LISTS),
    "catalog_coverage": Capability(
        (0.0, 1.0), False, "users' top-k item ids + the catalog size", "none (n_items >= 1 is enforced)",
        inputs=RECOMMENDATION_LISTS, best=1.0),
    "personalization": Capability(
        (0.0, 1.0), False, "users' top-k item ids", _PAIRWISE.format(case=NO_PAIRS["personalization"]),
        inputs=RECOMMENDATION_LISTS, best=1.0,
        # repeating every user adds pairs of identical lists: personalization falls (by design)
        not_generic=("duplication_invariance",)),
}
declare_parameters(CAPABILITIES, {m: {"k": COUNT} for m in CAPABILITIES})


def _needs(m, *options) -> tuple[str, ...]:
    return (m, f"{m}:k", *(f"{m}:{option}" for option in options))


def _value(t, m, ex, **kw) -> float:
    """``t.<m>`` on the example (its lists, its second argument, its k)."""
    return RECOMMENDATION_LISTS.call(t, m, ex, **kw)


# ------------------------------------------------------------------ the formulas, one user and one pair at a time


def _self_information(ex, *, one_user: bool = False) -> float:
    """Mean over users of the mean over their top k of -log2(popularity), popularity = users who interacted
    with the item / all users (``one_user``: at least one)."""
    seen = np.asarray(ex.interactions) > 0
    n = seen.shape[0]
    per_user = []
    for items in ex.top():
        bits = []
        for item in items:
            users = int(seen[:, item].sum())
            bits.append(-math.log2(max(users, 1 if one_user else 0) / n))
        per_user.append(sum(bits) / len(bits))
    return sum(per_user) / len(per_user)


def _unseen_ratio(ex) -> float:
    """Seed 004: per user, (recommended items the user has not interacted with) / (recommended items)."""
    seen = np.asarray(ex.interactions) > 0
    ratios = [sum(1 for item in items if not seen[u, item]) / len(items) for u, items in enumerate(ex.top())]
    return sum(ratios) / len(ratios)


def _diversity(top, similarity) -> float:
    """Mean over users of 1 - the mean similarity over the unordered pairs of their list (an asymmetric
    matrix: the mean of the pair's two entries)."""
    values = []
    for items in top:
        pairs = list(itertools.combinations(items.tolist(), 2))
        values.append(1.0 - sum((similarity[a, b] + similarity[b, a]) / 2 for a, b in pairs) / len(pairs))
    return sum(values) / len(values)


def _coverage(ex) -> float:
    return len(set(ex.top().ravel().tolist())) / ex.n_items


def _personalization(top) -> float:
    """1 - the mean cosine similarity of the users' binary item vectors, over the pairs of distinct users."""
    vectors = np.zeros((top.shape[0], int(top.max()) + 1))
    for u, items in enumerate(top):
        vectors[u, items] = 1.0
    cosines = [float(a @ b) / (math.sqrt(a @ a) * math.sqrt(b @ b)) for a, b in itertools.combinations(vectors, 2)]
    return 1.0 - sum(cosines) / len(cosines)


# ------------------------------------------------------------------ definitions


@prop("definition[novelty_at_k]",
      "novelty@k (self-information) = mean over users of the mean over their top k of -log2(popularity), "
      "popularity = the fraction of users who interacted with the item", kind="relation",
      needs=_needs("novelty_at_k"), strategy=examples(), defines="novelty_at_k")
def novelty_definition(t, ex):
    expect_close(_value(t, "novelty_at_k", ex), _self_information(ex), rtol=ROUNDING, atol=ROUNDING,
                 what="novelty@k (self-information) vs its formula")


@prop("definition[novelty_at_k:unseen_ratio]",
      "novelty@k (definition='unseen_ratio') = mean over users of (items of the top k the user never interacted "
      "with) / k", kind="relation", needs=_needs("novelty_at_k", "definition"), strategy=examples(),
      defines="novelty_at_k")
def unseen_ratio_definition(t, ex):
    expect_close(_value(t, "novelty_at_k", ex, definition="unseen_ratio"), _unseen_ratio(ex), rtol=ROUNDING,
                 atol=ROUNDING, what="novelty@k (unseen ratio) vs its formula")


@prop("definition[intra_list_diversity]",
      "ILD@k = mean over users of 1 - the mean similarity over the unordered pairs of their top k, for a "
      "symmetric similarity matrix and for its upper triangle alone (a pair counts the mean of its two entries)",
      kind="relation", needs=_needs("intra_list_diversity"), strategy=examples(pairs=True),
      defines="intra_list_diversity")
def diversity_definition(t, ex):
    top = ex.top()
    for label, similarity in (("symmetric", ex.item_similarity), ("upper triangle", np.triu(ex.item_similarity))):
        expect_close(_value(t, "intra_list_diversity", dataclasses.replace(ex, item_similarity=similarity)),
                     _diversity(top, similarity), rtol=ROUNDING, atol=ROUNDING,
                     what=f"ILD@k ({label} similarity) vs its formula")


@prop("definition[catalog_coverage]", "coverage@k = (distinct items in the users' top k) / n_items",
      kind="relation", needs=_needs("catalog_coverage"), strategy=examples(), defines="catalog_coverage")
def coverage_definition(t, ex):
    expect_close(_value(t, "catalog_coverage", ex), _coverage(ex), rtol=ROUNDING, atol=0.0,
                 what="coverage@k vs its formula")


@prop("definition[personalization]",
      "personalization@k = 1 - the mean over pairs of distinct users of the cosine similarity of their top k as "
      "binary item vectors", kind="relation", needs=_needs("personalization"), strategy=examples(min_users=2),
      defines="personalization")
def personalization_definition(t, ex):
    expect_close(_value(t, "personalization", ex), _personalization(ex.top()), rtol=1e-9, atol=1e-12,
                 what="personalization@k vs 1 - mean pairwise cosine")  # square roots: a few ulps


# ------------------------------------------------------------------ identities and bounds


@prop("identical_lists_give_zero[personalization]",
      "every user recommended the same items (each in an order of its own) gives personalization 0",
      kind="identity", needs=_needs("personalization"), strategy=examples(min_users=2))
def identical_lists(t, ex):
    items = ex.top()[0]
    same = lists([np.roll(items, u) for u in range(ex.n_users)], ex.n_items)
    expect_close(_value(t, "personalization", same), 0.0, rtol=0.0, atol=1e-12,
                 what=f"personalization of {ex.n_users} users all given the items {items.tolist()}")


@prop("extremes[intra_list_diversity]",
      "ILD@k is 0 when every pair of items has similarity 1, and 1 when every pair has similarity 0",
      kind="identity", needs=_needs("intra_list_diversity"), strategy=examples(pairs=True))
def diversity_extremes(t, ex):
    n = ex.n_items
    for similarity, expected in ((np.ones((n, n)), 0.0), (np.eye(n), 1.0)):
        expect_close(_value(t, "intra_list_diversity", dataclasses.replace(ex, item_similarity=similarity)),
                     expected, rtol=0.0, atol=1e-12, what=f"ILD@k with every pair's similarity {1.0 - expected}")


def _listed_pairs(ex) -> np.ndarray:
    """The similarities of every pair of items that share a top k."""
    return np.array([ex.item_similarity[a, b] for items in ex.top() for a, b in itertools.combinations(items, 2)])


@prop("bounds_by_pair_similarity[intra_list_diversity]",
      "1 - (the largest similarity of a listed pair) <= ILD@k <= 1 - (the smallest)", kind="bound",
      needs=_needs("intra_list_diversity"), strategy=examples(pairs=True))
def diversity_bounds(t, ex):
    value, listed = _value(t, "intra_list_diversity", ex), _listed_pairs(ex)
    expect_in_range(value, 1.0 - listed.max(), 1.0 - listed.min(), what="ILD@k")


@prop("bounds_by_user_count[novelty_at_k]",
      "0 <= novelty@k (self-information) <= log2(n_users), and it is 0 when every user interacted with every item",
      kind="bound", needs=_needs("novelty_at_k"), strategy=examples())
def novelty_bounds(t, ex):
    expect_in_range(_value(t, "novelty_at_k", ex), 0.0, math.log2(ex.n_users), what="novelty@k (bits)")
    everyone = dataclasses.replace(ex, interactions=np.ones_like(ex.interactions))
    expect_close(_value(t, "novelty_at_k", everyone), 0.0, rtol=0.0, atol=1e-12,
                 what="novelty@k when every user interacted with every item")


@prop("range_by_list_length[catalog_coverage]",
      "k / n_items <= coverage@k <= min(1, n_users k / n_items), and coverage never falls when k grows",
      kind="bound", needs=_needs("catalog_coverage"), strategy=examples())
def coverage_range(t, ex):
    n_slots = ex.recommendations.shape[1]
    k = ex.top().shape[1]
    value = _value(t, "catalog_coverage", ex)
    expect_in_range(value, k / ex.n_items, min(1.0, ex.n_users * k / ex.n_items), what=f"coverage@{k}")
    at = [_value(t, "catalog_coverage", dataclasses.replace(ex, k=cut)) for cut in range(1, n_slots + 1)]
    for cut in range(1, n_slots):
        expect_le(at[cut - 1], at[cut], what=f"coverage@{cut} <= coverage@{cut + 1}", tol=0.0)


def _relabelled_examples(metric):
    """(example, a permutation of its catalog); the edge cases with the catalog reversed."""
    base = RECOMMENDATION_LISTS.examples(metric)
    drawn = base.flatmap(lambda ex: st.tuples(st.just(ex), st.permutations(range(ex.n_items))))
    return with_edges(drawn, mapped_edges(base.edges, lambda ex: (ex, list(range(ex.n_items))[::-1])))


for _m in METRICS:

    @prop(f"item_relabelling_invariance[{_m}]",
          f"{_m} does not change when the items are renamed (ids permuted in the lists, the interaction columns "
          "and the similarity matrix alike)", kind="invariance", needs=_needs(_m), strategy=_relabelled_examples(_m))
    def item_relabelling(t, ex, m=_m):
        example, order = ex
        expect_close(_value(t, m, relabelled(example, order)), _value(t, m, example), rtol=ROUNDING, atol=ROUNDING,
                     what=f"{m} after renaming item i to {order}[i]")


def _stored(interactions: np.ndarray):
    """``interactions`` as a scipy.sparse COO matrix storing every cell, zeros too, each as two entries of half
    its value (duplicates a reader must sum)."""
    rows, cols = np.indices(interactions.shape).reshape(2, -1)
    half = np.asarray(interactions, dtype=np.float64).ravel() / 2.0
    from scipy import sparse  # here, not at import: every process that loads the spec would pay 0.15 s

    return sparse.coo_array((np.concatenate([half, half]), (np.concatenate([rows, rows]), np.concatenate([cols, cols]))),
                            shape=interactions.shape)


@prop("sparse_interactions_agree[novelty_at_k]",
      "novelty@k (both definitions) is the same for interactions given as a scipy.sparse matrix: CSR, and COO "
      "with explicit zeros and duplicate entries (summed)", kind="relation",
      needs=_needs("novelty_at_k", "definition"), strategy=examples())
def sparse_interactions(t, ex):
    from scipy import sparse

    for definition in ("self_information", "unseen_ratio"):
        dense = _value(t, "novelty_at_k", ex, definition=definition)
        for label, matrix in (("CSR", sparse.csr_array(ex.interactions)), ("COO", _stored(ex.interactions))):
            expect_close(_value(t, "novelty_at_k", dataclasses.replace(ex, interactions=matrix),
                                definition=definition), dense, rtol=ROUNDING, atol=ROUNDING,
                         what=f"novelty@k({definition!r}) with {label} interactions vs dense")


# ------------------------------------------------------------------ refusals and undefined cases

#: one valid example that the refusal properties spoil (the checks are about the refusal, not the values)
VALID = lists([[0, 2, 1], [2, 3, 0]], 4, [[1, 0, 1, 0], [0, 1, 0, 1]], k=2)

for _m in METRICS:

    @prop(f"refuses_k_below_one[{_m}]", f"{_m} refuses k < 1, naming k", kind="refusal", needs=_needs(_m),
          strategy=st.just(VALID))
    def refuses_k(t, ex, m=_m):
        for bad in (0, -1):
            expect_refusal(lambda: _value(t, m, dataclasses.replace(ex, k=bad)), "k")


def _without_pairs(m, ex):
    """The example cut to what has no pair: its first user alone (personalization), or k = 1 (ILD)."""
    if m == "personalization":
        return dataclasses.replace(ex, recommendations=ex.recommendations[:1], interactions=ex.interactions[:1])
    return dataclasses.replace(ex, k=1)


for _m, _case in NO_PAIRS.items():

    @prop(f"undefined_no_pairs[{_m}]",
          f"{_m} on {_case} (no pair: 0/0) follows no_pairs: 'raise' (default) -> error naming recommendations, "
          "'zero' -> 0, 'nan' -> NaN", kind="undefined", needs=_needs(_m, "no_pairs"), strategy=examples())
    def no_pairs(t, ex, m=_m):
        alone = _without_pairs(m, ex)
        expect_refusal(lambda: _value(t, m, alone), "recommendations")
        expect_refusal(lambda: _value(t, m, alone, no_pairs="raise"), "recommendations")
        expect_close(_value(t, m, alone, no_pairs="zero"), 0.0, rtol=0.0, atol=0.0, what=f"{m}(no_pairs='zero')")
        nan = _value(t, m, alone, no_pairs="nan")
        expect(bool(np.isnan(nan)), f"{m}(no_pairs='nan') on {NO_PAIRS[m]} = {nan}, but should be NaN")


def _unseen_item(ex):
    """The example with the interactions of its first recommended item removed (popularity 0)."""
    inter = np.array(ex.interactions, copy=True)
    inter[:, ex.top()[0, 0]] = 0
    return dataclasses.replace(ex, interactions=inter)


@prop("undefined_zero_popularity[novelty_at_k]",
      "a recommended item nobody interacted with: novelty@k (self-information) refuses it naming interactions "
      "under zero_popularity='raise' (default); 'one_user' counts one user for it (log2(n_users) bits, the value "
      "of every item when nobody interacted with anything)", kind="undefined",
      needs=_needs("novelty_at_k", "zero_popularity"), strategy=examples())
def zero_popularity(t, ex):
    unseen = _unseen_item(ex)
    expect_refusal(lambda: _value(t, "novelty_at_k", unseen), "interactions")
    expect_close(_value(t, "novelty_at_k", unseen, zero_popularity="one_user"),
                 _self_information(unseen, one_user=True), rtol=ROUNDING, atol=ROUNDING,
                 what="novelty@k(zero_popularity='one_user') vs the formula with one user for the unseen item")
    nobody = dataclasses.replace(ex, interactions=np.zeros_like(ex.interactions))
    expect_close(_value(t, "novelty_at_k", nobody, zero_popularity="one_user"), math.log2(ex.n_users),
                 rtol=ROUNDING, atol=ROUNDING, what="novelty@k(zero_popularity='one_user') when nobody interacted")


# ------------------------------------------------------------------ agreement: rs_metrics


@prop("agrees_with_rs_metrics[catalog_coverage]",
      "coverage@k agrees with rs_metrics.coverage (the catalog as the item list)", kind="agreement",
      needs=_needs("catalog_coverage"), strategy=examples(), reference="rs_metrics")
def coverage_rs_metrics(t, ex):
    expect_close(_value(t, "catalog_coverage", ex), _value(reference("rs_metrics"), "catalog_coverage", ex),
                 rtol=ROUNDING, atol=0.0, what="coverage@k vs rs_metrics")  # the same count over the same catalog


@prop("agrees_with_rs_metrics[novelty_at_k]",
      "novelty@k (self-information, zero_popularity='one_user') agrees with rs_metrics.surprisal when every user "
      "has an interaction (rs_metrics counts the users of its interaction log)", kind="agreement",
      needs=_needs("novelty_at_k", "zero_popularity"),
      # every edge case as it is and with an item no user has seen
      strategy=tuples_with_edges(examples(), options(False, True, name="unseen_item")),
      reference="rs_metrics")
def novelty_rs_metrics(t, ex):
    example, unseen = ex
    example = _unseen_item(example) if unseen else example
    if not (np.asarray(example.interactions) > 0).any(axis=1).all():
        return  # a user outside rs_metrics' log changes its count of users: the deviation it lists
    ours = _value(t, "novelty_at_k", example, zero_popularity="one_user")
    theirs = _value(reference("rs_metrics"), "novelty_at_k", example, zero_popularity="one_user")
    expect_close(ours, theirs, rtol=1e-9, atol=1e-12, what="novelty@k vs rs_metrics.surprisal")  # logs of ratios


# ------------------------------------------------------------------ claims: seed 004

SEED_004 = "seed 004, section Summary of Recommender Systems' Evaluation Metrics (Raza & Ding 2020's table)"


@prop("claim.seed004.novelty_is_unseen_ratio",
      "novelty@k as the seed defines it is 1 - P@k of each user's top k judged against the user's own training "
      "interactions (a seen item counts as 'relevant'), averaged over users", kind="claim", source=SEED_004,
      quote="Novelty @ k\tThe ratio of unseen and recommended items over the recommended items.",
      needs=(*_needs("novelty_at_k", "definition"), "precision_at_k", "precision_at_k:k"), strategy=examples())
def seed004_novelty(t, ex):
    top = ex.top()
    seen_in_rank_order = np.take_along_axis(np.asarray(ex.interactions) > 0, top, axis=1).astype(float)
    precision = np.atleast_1d(t.precision_at_k(seen_in_rank_order, k=top.shape[1]))
    expect_close(_value(t, "novelty_at_k", ex, definition="unseen_ratio"), 1.0 - float(np.mean(precision)),
                 rtol=ROUNDING, atol=ROUNDING, what="novelty@k (unseen ratio) vs 1 - mean P@k of the seen items")


@prop("claim.seed004.diversity_is_dissimilarity",
      "diversity measures dissimilarity: making two items that share a list less similar raises ILD@k, making "
      "them more similar lowers it", kind="claim", source=SEED_004,
      quote="Diversity\tThe degree of how much dissimilar recommended items are for a user.",
      needs=_needs("intra_list_diversity"), strategy=examples(pairs=True))
def seed004_diversity(t, ex):
    a, b = ex.top()[0, :2]
    base = _value(t, "intra_list_diversity", ex)
    step = -0.25 if ex.item_similarity[a, b] >= 0.25 else 0.25  # stay within [0, 1]
    moved = ex.item_similarity.copy()
    moved[a, b] = moved[b, a] = moved[a, b] + step
    after = _value(t, "intra_list_diversity", dataclasses.replace(ex, item_similarity=moved))
    lower, higher = (base, after) if step < 0 else (after, base)
    expect(lower < higher, f"ILD@k = {base} before and {after} after changing the similarity of items {a} and {b} "
                           f"by {step}; it should {'rise' if step < 0 else 'fall'}")
