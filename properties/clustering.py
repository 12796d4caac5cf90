"""The clustering spec: pair counting, information-theoretic scores, silhouette, CH, DB and DBCV.

Two input shapes. Metrics comparing two labelings take label pairs
(``properties/inputs/labels.py``: integer or string ids, any number of
clusters, renamed and noisy copies); the generic laws give them bounds,
symmetry, sample order, duplication (for the proportion-based scores), the
dtype axis, the perfect labeling and bad input. Metrics of clustered points
take ``properties/inputs/points.py`` (integer points, 2 <= clusters <= n - 1;
distinct for the generic laws, with copies and clusters of coincident points
for the definitions, the geometric invariances and the agreement).

What stays here: every score pinned from its definition (computed in the spec
from brute-force pair counts, contingency tables, the hypergeometric model of
Vinh et al., the distances), renaming invariance, the exact asymmetry of
homogeneity and completeness, V-measure = NMI(arithmetic), the order of the NMI
normalisations, ARI and AMI at 0 in expectation under random labelings (a
seeded statistical check), the geometric invariances of the point metrics, the
undefined cases, the agreement with scikit-learn, and the seed's claims.
"""

from __future__ import annotations

import functools
import math
import zlib
from collections import Counter

import numpy as np
from hypothesis import strategies as st

from .capabilities import NON_NEGATIVE, POSITIVE, Capability, declare_parameters
from .checks import expect, expect_close, expect_le, expect_refusal
from properties.engine.vocabulary import findings, registry
from properties.engine.target.references import reference
from .inputs import edges_of, with_edges
from .inputs.labels import PARTITIONS, LabelPair, label_pairs, wide_contingency_pairs
from .inputs.points import CLUSTERED_POINTS, clustered_points, coincident_points

EXAMPLES = 40
registry.family_examples("clustering", EXAMPLES)
register, prop = registry.register, registry.prop

#: the same sums in another order
ROUNDING = 1e-10
#: distances summed over different blocks, in another order, or from a Gram expansion vs direct differences
#: (a correct blocked silhouette differs from the textbook loop by ~1e-13 relative); also scikit-learn's expected
#: MI, off by up to 1e-12 at the spec's sizes
DISTANCES, DISTANCES_ABS = 1e-9, 1e-12
NMI_AVERAGES = ("min", "geometric", "arithmetic", "max")
_PAIR_NAMES = {"y_true": "labels_true", "y_pred": "labels_pred"}
_ONE_CLUSTER = "one cluster on both sides, or a single sample: "
#: the forms of the information distances: nats (the family's unit) and bits (scikit-image's)
INFORMATION_BASES = ({}, {"base": 2.0})
#: the adapted Rand error's weights: the challenge's 0.5, and precision or recall alone
ARE_ALPHAS = ({}, {"alpha": 0.25}, {"alpha": 1.0}, {"alpha": 0.0})

_LABEL_METRICS = dict(inputs=PARTITIONS, argument_names=_PAIR_NAMES)
# pair counts grow with the square of the sample count: duplicating every sample changes them
_PAIRWISE = dict(_LABEL_METRICS, not_generic=("duplication_invariance",))

CAPABILITIES = {
    "contingency_matrix": Capability(
        (0.0, None), False, "two labelings", "none (empty input refused)", higher_is_better=None,
        additive=True, **_LABEL_METRICS),
    "pair_confusion_matrix": Capability(
        (0.0, None), False, "two labelings", "none (empty input refused)", higher_is_better=None, **_PAIRWISE),
    "rand_index": Capability((0.0, 1.0), True, "two labelings", _ONE_CLUSTER + "1.0 (no pair to disagree on)",
                             best=1.0, **_PAIRWISE),
    "adjusted_rand_index": Capability(
        (-0.5, 1.0), True, "two labelings", _ONE_CLUSTER + "1.0 (scikit-learn's convention)", best=1.0,
        **_PAIRWISE),
    "mutual_information": Capability((0.0, None), True, "two labelings", "none", **_LABEL_METRICS),
    "normalized_mutual_information": Capability(
        (0.0, 1.0), True, "two labelings", "both entropies 0 (one cluster each): 1.0", best=1.0,
        forms=tuple({"average_method": m} for m in NMI_AVERAGES), **_LABEL_METRICS),
    "adjusted_mutual_information": Capability(
        (None, 1.0), True, "two labelings", "both entropies 0, or identical labelings: 1.0", best=1.0,
        forms=tuple({"average_method": m} for m in NMI_AVERAGES), **_PAIRWISE),
    "homogeneity": Capability((0.0, 1.0), False, "two labelings", "one true class: 1.0", **_LABEL_METRICS),
    "completeness": Capability((0.0, 1.0), False, "two labelings", "one predicted cluster: 1.0", **_LABEL_METRICS),
    "v_measure": Capability((0.0, 1.0), True, "two labelings", "homogeneity + completeness = 0: 0.0", best=1.0,
                            symmetry_forms=({"beta": 1.0},), forms=({"beta": 1.0}, {"beta": 0.5}, {"beta": 2.0}),
                            **_LABEL_METRICS),
    "fowlkes_mallows": Capability(
        (0.0, 1.0), True, "two labelings", "no pair together on either side (all singletons): 0.0",
        **_PAIRWISE),
    "silhouette_score": Capability(
        (-1.0, 1.0), False, "points and labels", "fewer than 2 or more than n - 1 clusters: refused",
        inputs=CLUSTERED_POINTS, not_generic=("duplication_invariance",)),
    "silhouette_samples": Capability(
        (-1.0, 1.0), False, "points and labels", "fewer than 2 or more than n - 1 clusters: refused; a singleton "
        "cluster's point: 0", higher_is_better=None, inputs=CLUSTERED_POINTS,
        # one value per sample: the values move with their samples (silhouette_samples_follow_their_points)
        not_generic=("duplication_invariance", "permutation_invariance")),
    "calinski_harabasz": Capability(
        (0.0, None), False, "points and labels", "one cluster, or as many clusters as points: refused",
        inputs=CLUSTERED_POINTS, not_generic=("duplication_invariance",)),
    "davies_bouldin": Capability(
        (0.0, None), False, "points and labels", "one cluster, or as many clusters as points: refused",
        higher_is_better=False, inputs=CLUSTERED_POINTS),
    "variation_of_information": Capability(
        (0.0, None), True, "two labelings", "none (every sample ignored: refused)", higher_is_better=False,
        best=0.0, forms=INFORMATION_BASES, refusal_form={"base": 2.0}, **_LABEL_METRICS),
    "conditional_entropies": Capability(
        (0.0, None), False, "two labelings", "none (every sample ignored: refused)", higher_is_better=False,
        best=0.0, forms=INFORMATION_BASES, refusal_form={"base": 2.0}, **_LABEL_METRICS),
    # a tuple (error, precision, recall): no single best value (0, 1, 1: adapted_rand_identity)
    "adapted_rand_error": Capability(
        (0.0, 1.0), False, "two labelings", "no pair together in labels_pred: precision 1.0; none in labels_true: "
        "recall 1.0; both weighted counts 0: error 0.0", higher_is_better=None, forms=ARE_ALPHAS, **_PAIRWISE),
    "dbcv": Capability(
        (-1.0, 1.0), False, "points and labels", "one cluster: refused; noise (-1) counted in |O| only",
        inputs=CLUSTERED_POINTS, not_generic=("duplication_invariance",)),
}
declare_parameters(CAPABILITIES, {"v_measure": {"beta": POSITIVE}, "variation_of_information": {"base": POSITIVE},
                                  "conditional_entropies": {"base": POSITIVE},
                                  "adapted_rand_error": {"alpha": NON_NEGATIVE}})


# ------------------------------------------------------------------ the spec's own definitions (tiny inputs)


def _contingency(a, b):
    rows, cols = sorted(set(a.tolist())), sorted(set(b.tolist()))
    counts = Counter(zip(a.tolist(), b.tolist()))
    return np.array([[counts[(r, c)] for c in cols] for r in rows], dtype=np.int64)


def _pair_counts(a, b):
    """Ordered pairs i != j: [[apart in both, together in pred only], [together in true only, together in both]]."""
    same_a = a[:, None] == a[None, :]
    same_b = b[:, None] == b[None, :]
    off = ~np.eye(len(a), dtype=bool)
    return np.array([[np.sum(~same_a & ~same_b & off), np.sum(~same_a & same_b & off)],
                     [np.sum(same_a & ~same_b & off), np.sum(same_a & same_b & off)]], dtype=np.int64)


def _entropy(counts):
    p = counts[counts > 0] / counts.sum()
    return float(-(p * np.log(p)).sum())


def _mi(c):
    n = c.sum()
    pi, pj = c.sum(axis=1), c.sum(axis=0)
    nz = c > 0
    return float(np.sum(c[nz] / n * np.log(n * c[nz] / np.outer(pi, pj)[nz])))


def _mean(h1, h2, method):
    return {"min": min(h1, h2), "geometric": math.sqrt(h1 * h2), "arithmetic": (h1 + h2) / 2,
            "max": max(h1, h2)}[method]


def _emi(c):
    """Expected MI under the hypergeometric model of random labelings with these marginals (Vinh et al. 2010):
    sum over classes i, clusters j and cell counts max(1, a_i + b_j - n) <= n_ij <= min(a_i, b_j) of
    n_ij / n log(n n_ij / (a_i b_j)) P(n_ij), P hypergeometric; one array over (i, j, n_ij)."""
    from scipy.stats import hypergeom  # scipy.stats is imported where used: importing it costs ~0.7 s at every start of the CLI

    n = int(c.sum())
    a, b = c.sum(axis=1)[:, None, None], c.sum(axis=0)[None, :, None]
    nij = np.arange(1, int(min(a.max(), b.max())) + 1)[None, None, :]
    inside = (nij >= np.maximum(1, a + b - n)) & (nij <= np.minimum(a, b))
    terms = nij / n * np.log(n * nij / (a * b)) * hypergeom.pmf(nij, n, a, b)
    return float(terms[np.broadcast_to(inside, terms.shape)].sum())


def _definition(name, a, b, **kw) -> float | np.ndarray:
    c = _contingency(a, b)
    n = len(a)
    h1, h2 = _entropy(c.sum(axis=1)), _entropy(c.sum(axis=0))
    pairs = _pair_counts(a, b)
    if name == "contingency_matrix":
        return c
    if name == "pair_confusion_matrix":
        return pairs
    if name == "rand_index":
        return 1.0 if n < 2 else float((pairs[0, 0] + pairs[1, 1]) / (n * (n - 1)))
    if name == "adjusted_rand_index":
        (tn, fp), (fn, tp) = pairs.tolist()
        if fn == 0 and fp == 0:
            return 1.0
        return 2.0 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))
    if name == "mutual_information":
        return _mi(c)
    if name == "normalized_mutual_information":
        if h1 == 0 and h2 == 0:
            return 1.0
        mi = _mi(c)
        # MI = 0 with one side unsplit (mean "min" of the entropies is 0): no shared information, 0
        return 0.0 if mi == 0 else mi / _mean(h1, h2, kw.get("average_method", "arithmetic"))
    if name == "adjusted_mutual_information":
        if (h1 == 0 and h2 == 0) or c.shape[0] == c.shape[1] == n:
            return 1.0
        if n in c.shape:
            return 0.0  # one side all singletons: every relabeling has the same MI, so MI = E[MI] exactly
        emi = _emi(c)
        denominator = _mean(h1, h2, kw.get("average_method", "arithmetic")) - emi
        # a zero denominator (one side unsplit, mean "min") leaves nothing to adjust: 0
        return 0.0 if abs(denominator) < 1e-15 else (_mi(c) - emi) / denominator
    if name == "homogeneity":
        return 1.0 if h1 == 0 else 1.0 - (h1 - _mi(c)) / h1
    if name == "completeness":
        return 1.0 if h2 == 0 else 1.0 - (h2 - _mi(c)) / h2
    if name == "v_measure":
        hom, com = _definition("homogeneity", a, b), _definition("completeness", a, b)
        beta = kw.get("beta", 1.0)
        return 0.0 if hom + com == 0 else (1 + beta) * hom * com / (beta * hom + com)
    if name == "fowlkes_mallows":
        (_, fp), (fn, tp) = pairs.tolist()
        return 0.0 if tp == 0 else tp / math.sqrt((tp + fp) * (tp + fn))
    if name in ("variation_of_information", "conditional_entropies"):
        # H(X|Y) = H(X, Y) - H(Y), the joint entropy over the table's cells
        joint, unit = _entropy(c.ravel()), math.log(kw.get("base", math.e))
        pair = ((joint - h2) / unit, (joint - h1) / unit)
        return pair[0] + pair[1] if name == "variation_of_information" else np.array(pair)
    if name == "adapted_rand_error":
        return np.array(_adapted_rand(pairs, kw.get("alpha", 0.5)))
    raise KeyError(name)


def _adapted_rand(pairs, alpha):
    """(error, precision, recall) from the ordered pair counts (Arganda-Carreras et al. 2015): precision over
    the pairs together in labels_pred, recall over those together in labels_true, no such pair: 1."""
    (_, fp), (fn, tp) = pairs.tolist()
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    weighted = alpha * (tp + fp) + (1 - alpha) * (tp + fn)
    return (1.0 - tp / weighted if weighted else 0.0), precision, recall


LABEL_PAIR_METRICS = tuple(m for m, cap in CAPABILITIES.items() if cap.inputs is PARTITIONS)
#: the scores computed from the entropies of the contingency table
INFORMATION_SCORES = ("mutual_information", "normalized_mutual_information", "adjusted_mutual_information",
                      "homogeneity", "completeness", "v_measure", "variation_of_information", "conditional_entropies")
#: small label pairs (at most 4 x 4 contingency tables), and for the information scores also wide tables (5-12
#: clusters against 3-10 classes, unbalanced), where H(C|K) and H(K|C) are far apart
wide_or_small_pairs = st.one_of(label_pairs(), wide_contingency_pairs())

def _partition_edges(min_size: int = 1) -> tuple:
    """The partitions' edge cases (one class, a single sample, a constant prediction, an absent class, duplicates,
    signed labels) of at least ``min_size`` samples."""
    return tuple((n, ex) for n, ex in edges_of(PARTITIONS.examples("")) if ex.n >= min_size)


def _wide_table_edge():
    """A wide contingency table as :func:`wide_contingency_pairs` draws it: 3 classes against 5 clusters (ids 3t - 4
    and 5k - 7), every class and cluster occupied, one cluster holding most samples."""
    t = np.array([0, 0, 1, 1, 2, 2, 0, 2, 1, 2, 0, 1, 1, 2])
    k = np.array([0, 1, 2, 3, 4, 0, 4, 4, 3, 1, 2, 4, 4, 4])
    y_true, y_pred = 3 * t - 4, 5 * k - 7
    alphabet = tuple(sorted(set(y_true.tolist()) | set(y_pred.tolist())))
    return ("wide_table_3_by_5", LabelPair(y_true=y_true, y_pred=y_pred, alphabet=alphabet, pos_label=alphabet[0]))


#: :data:`wide_or_small_pairs`, carrying the partitions' edge cases and a wide table
wide_or_small_with_edges = with_edges(st.one_of(label_pairs(), wide_contingency_pairs()),
                                      (*_partition_edges(), _wide_table_edge()))


def _pair(ex):
    return ex.y_true, ex.y_pred


def _forms(name):
    return CAPABILITIES[name].forms


for _name in LABEL_PAIR_METRICS:

    def _definition_check(t, ex, name=_name):
        a, b = _pair(ex)
        for form in _forms(name):
            with findings.form(view=t):
                expect_close(np.asarray(getattr(t, name)(a, b, **form), dtype=float),
                             np.asarray(_definition(name, a, b, **form), dtype=float), rtol=ROUNDING, atol=ROUNDING,
                             what=f"{name}({', '.join(f'{k}={v!r}' for k, v in form.items())})")

    register(f"definition[{_name}]", f"{_name} equals its definition, computed from brute-force pair counts, the "
             "contingency table and (AMI) the hypergeometric expected mutual information"
             + (", on small labelings and on wide contingency tables (5-12 clusters against 3-10 classes, "
                "unbalanced)" if _name in INFORMATION_SCORES else ""),
             kind="relation", needs=(_name, *{f"{_name}:{k}" for f in _forms(_name) for k in f}),
             check=_definition_check,
             strategy=with_edges(st.one_of(label_pairs(max_size=10), wide_contingency_pairs()),
                                 (*_partition_edges(), _wide_table_edge())) if _name in INFORMATION_SCORES
             else with_edges(label_pairs(max_size=10), _partition_edges()), defines=_name)


def _renamed(labels, shift=7):
    """A bijective renaming of cluster ids (strings get a prefix, numbers a shifted reversed order)."""
    if labels.dtype.kind in "US":
        return np.char.add("c_", labels.astype(str))
    return shift - labels.astype(np.int64) * 3


for _name in LABEL_PAIR_METRICS:
    if _name in ("contingency_matrix", "pair_confusion_matrix"):
        continue

    def _renaming(t, ex, name=_name):
        a, b = _pair(ex)
        for form in _forms(name):
            with findings.form(view=t):
                expect_close(getattr(t, name)(_renamed(a), _renamed(b, 2), **form), getattr(t, name)(a, b, **form),
                             rtol=ROUNDING, atol=ROUNDING, what=f"{name} after renaming the cluster ids of both sides")

    register(f"renaming_invariance[{_name}]", f"{_name} does not change when the cluster ids of either labeling "
             "are renamed by any bijection", kind="invariance",
             needs=(_name, *{f"{_name}:{k}" for f in _forms(_name) for k in f}), check=_renaming,
             strategy=label_pairs())


@prop("homogeneity_completeness_swap[homogeneity]",
      "homogeneity(a, b) = completeness(b, a): swapping the labelings swaps the two", kind="symmetry",
      needs=("homogeneity", "completeness"), strategy=wide_or_small_pairs)
def homogeneity_swap(t, ex):
    a, b = _pair(ex)
    expect_close(t.homogeneity(a, b), t.completeness(b, a), rtol=ROUNDING, atol=ROUNDING,
                 what="homogeneity(a, b) vs completeness(b, a)")


@prop("v_measure_is_nmi_arithmetic[v_measure]",
      "V-measure with beta = 1 equals NMI with the arithmetic mean", kind="relation",
      needs=("v_measure", "v_measure:beta", "normalized_mutual_information",
             "normalized_mutual_information:average_method"), strategy=wide_or_small_with_edges)
def v_is_nmi(t, ex):
    a, b = _pair(ex)
    expect_close(t.v_measure(a, b, beta=1.0), t.normalized_mutual_information(a, b, average_method="arithmetic"),
                 rtol=ROUNDING, atol=ROUNDING, what="V-measure vs NMI(arithmetic)")


@prop("nmi_normalisations_ordered[normalized_mutual_information]",
      "NMI(min) >= NMI(geometric) >= NMI(arithmetic) >= NMI(max): the means of the two entropies are ordered",
      kind="relation", needs=("normalized_mutual_information", "normalized_mutual_information:average_method"),
      strategy=wide_or_small_with_edges)
def nmi_ordered(t, ex):
    a, b = _pair(ex)
    values = [float(t.normalized_mutual_information(a, b, average_method=m)) for m in NMI_AVERAGES]
    for m1, v1, m2, v2 in zip(NMI_AVERAGES, values, NMI_AVERAGES[1:], values[1:]):
        expect_le(v2, v1, what=f"NMI({m2}) vs NMI({m1})", tol=ROUNDING)


@prop("mi_at_most_entropy[mutual_information]",
      "MI(a, b) <= MI(a, a) = H(a), and MI(a, b) <= H(b)", kind="bound", needs=("mutual_information",),
      strategy=wide_or_small_pairs)
def mi_bound(t, ex):
    a, b = _pair(ex)
    mi = float(t.mutual_information(a, b))
    expect_le(mi, float(t.mutual_information(a, a)), what="MI(a, b) vs H(a)", tol=ROUNDING)
    expect_le(mi, float(t.mutual_information(b, b)), what="MI(a, b) vs H(b)", tol=ROUNDING)


@prop("pair_counts_identities[rand_index]",
      "the pair confusion matrix sums to n (n - 1) and RI = (C00 + C11) / n (n - 1); the contingency table sums to "
      "n with the class counts as margins", kind="relation",
      needs=("rand_index", "pair_confusion_matrix", "contingency_matrix"),
      strategy=with_edges(label_pairs(min_size=2), _partition_edges(min_size=2)))
def pair_identities(t, ex):
    a, b = _pair(ex)
    n = len(a)
    pairs = np.asarray(t.pair_confusion_matrix(a, b))
    expect(pairs.sum() == n * (n - 1), f"pair confusion sums to {pairs.sum()}, but should be n (n - 1) = {n * (n - 1)}")
    expect_close(t.rand_index(a, b), (pairs[0, 0] + pairs[1, 1]) / (n * (n - 1)), rtol=ROUNDING, atol=ROUNDING,
                 what="RI vs (C00 + C11) / n (n - 1)")
    c = np.asarray(t.contingency_matrix(a, b))
    expect(c.sum() == n and sorted(c.sum(axis=1).tolist()) == sorted(Counter(a.tolist()).values()),
           f"contingency {c.tolist()} has margins that are not the class counts of labels_true")


@prop("ari_can_be_negative[adjusted_rand_index]",
      "ARI of [0, 0, 1, 1] vs [0, 1, 0, 1] is -0.5: worse than chance", kind="identity",
      needs=("adjusted_rand_index",))
def ari_negative(t, ex):
    expect_close(t.adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1]), -0.5, rtol=ROUNDING, atol=ROUNDING,
                 what="ARI([0, 0, 1, 1], [0, 1, 0, 1])")


@prop("ami_can_be_negative[adjusted_mutual_information]",
      "AMI of [0, 0, 1, 1] vs [0, 1, 0, 1] is -0.5: MI = 0 below its expectation ln(2) / 3 (every mean)",
      kind="identity", needs=("adjusted_mutual_information", "adjusted_mutual_information:average_method"))
def ami_negative(t, ex):
    for m in NMI_AVERAGES:
        with findings.form(view=t):
            expect_close(t.adjusted_mutual_information([0, 0, 1, 1], [0, 1, 0, 1], average_method=m), -0.5,
                         rtol=ROUNDING, atol=ROUNDING, what=f"AMI([0, 0, 1, 1], [0, 1, 0, 1], average_method={m!r})")


#: the chance-level check: ``DRAWS`` random relabelings of a fixed labeling (seeded); the mean must lie within
#: ``Z`` standard errors of 0. For a mean of 300 near-normal draws, |z| > 4.5 has probability 7e-6 per run
DRAWS, Z = 300, 4.5


def _chance(t, name, ex):
    a, b = ex
    rng = np.random.default_rng(zlib.crc32(a.tobytes() + b.tobytes()))  # not hash(): salted per process
    values = np.array([float(getattr(t, name)(a, rng.permutation(b))) for _ in range(DRAWS)])
    se = values.std(ddof=1) / math.sqrt(DRAWS)
    expect(abs(values.mean()) <= Z * se + 1e-9,
           f"mean {name} over {DRAWS} random relabelings = {values.mean():.4g}, but should be 0 within {Z} standard "
           f"errors ({Z * se:.3g}) [seeded; a correct metric fails this with probability < 1e-5]")


def _chance_labelings(e):
    return np.arange(e[0]) % e[1], (np.arange(e[0]) * 7 + 3) % e[2]


#: the edges of the chance inputs: the fewest samples with the fewest clusters, the most with the most
_chance_inputs = with_edges(
    st.tuples(st.integers(20, 60), st.integers(2, 5), st.integers(2, 5)).map(_chance_labelings),
    [("20_samples_2_by_2_clusters", _chance_labelings((20, 2, 2))),
     ("60_samples_5_by_5_clusters", _chance_labelings((60, 5, 5)))])

for _name in ("adjusted_rand_index", "adjusted_mutual_information"):
    register(f"zero_in_expectation[{_name}]",
             f"{_name} averages 0 over random relabelings of the predicted clusters (seeded, {DRAWS} draws, within "
             f"{Z} standard errors)", kind="relation", needs=(_name,),
             check=lambda t, ex, name=_name: _chance(t, name, ex), strategy=_chance_inputs, max_examples=3)


def _no_side_all_singletons(e) -> bool:
    return len(set(e.y_true.tolist())) < e.n and len(set(e.y_pred.tolist())) < e.n


@prop("agrees_with_sklearn[adjusted_mutual_information]",
      "AMI equals sklearn.metrics.adjusted_mutual_info_score for every average method, where neither labeling is "
      "all singletons", kind="agreement",
      needs=("adjusted_mutual_information", "adjusted_mutual_information:average_method"),
      # one side all singletons: MI = E[MI] exactly and scikit-learn returns a ratio of two rounding errors
      # (adjusted_mutual_info_score(range(6), [i % 3 for i in range(6)], average_method='min') = -1.0); the
      # definition property pins that case at 0
      strategy=with_edges(wide_or_small_pairs.filter(_no_side_all_singletons), tuple(
          (n, ex) for n, ex in edges_of(wide_or_small_with_edges) if _no_side_all_singletons(ex))),
      reference="sklearn")
def ami_agrees(t, ex):
    a, b = _pair(ex)
    for m in NMI_AVERAGES:
        with findings.form(view=t):
            expect_close(t.adjusted_mutual_information(a, b, average_method=m),
                         reference("sklearn").adjusted_mutual_information(a, b, average_method=m),
                         rtol=DISTANCES, atol=DISTANCES_ABS, what=f"AMI({m}) vs scikit-learn")


# ------------------------------------------------------------------ variation of information, adapted Rand error

_VI, _CE, _ARE = "variation_of_information", "conditional_entropies", "adapted_rand_error"


@prop(f"entropy_identities[{_VI}]",
      "VI = H(a) + H(b) - 2 MI(a, b) with H(a) = MI(a, a), and conditional_entropies(a, b) = (H(a) - MI(a, b), "
      "H(b) - MI(a, b)), whose sum is VI", kind="relation", needs=(_VI, _CE, "mutual_information"),
      strategy=wide_or_small_with_edges)
def vi_entropies(t, ex):
    a, b = _pair(ex)
    mi, ha, hb = (float(t.mutual_information(x, y)) for x, y in ((a, b), (a, a), (b, b)))
    expect_close(t.variation_of_information(a, b), ha + hb - 2 * mi, rtol=ROUNDING, atol=ROUNDING,
                 what="VI vs H(a) + H(b) - 2 MI(a, b)")
    expect_close(np.asarray(t.conditional_entropies(a, b), dtype=float), [ha - mi, hb - mi], rtol=ROUNDING,
                 atol=ROUNDING, what="(H(a|b), H(b|a)) vs (H(a) - MI, H(b) - MI)")


@st.composite
def _three_labelings(draw):
    rows = draw(st.lists(st.tuples(*(st.integers(0, 3),) * 3), min_size=1, max_size=12))
    return tuple(np.array(column, dtype=np.int64) for column in zip(*rows))


_TRIPLE_EDGES = (
    ("one_sample", (np.array([0]), np.array([1]), np.array([2]))),
    ("renamed_middle", (np.array([0, 0, 1, 1, 2]), np.array([5, 5, 3, 3, 1]), np.array([0, 1, 0, 1, 0]))),
    ("singletons_and_one_cluster", (np.arange(6), np.zeros(6, dtype=np.int64), np.array([0, 0, 0, 1, 1, 1]))),
)


@prop(f"metric_axioms[{_VI}]",
      "VI is a metric on partitions: VI(a, c) <= VI(a, b) + VI(b, c), VI(a, a') = 0 for a renamed copy a', and "
      "VI(a, b) > 0 when the partitions differ (in bits: the laws hold in any base)", kind="relation",
      needs=(_VI, f"{_VI}:base"),
      strategy=with_edges(_three_labelings(), _TRIPLE_EDGES))
def vi_metric(t, ex):
    a, b, c = ex
    ab, bc, ac = (float(t.variation_of_information(x, y, base=2.0)) for x, y in ((a, b), (b, c), (a, c)))
    expect_le(ac, ab + bc, what="VI(a, c) vs VI(a, b) + VI(b, c)", tol=ROUNDING)
    expect_close(t.variation_of_information(a, _renamed(a), base=2.0), 0.0, rtol=0, atol=ROUNDING,
                 what="VI of a labeling and its renamed copy")
    same = len(set(zip(a.tolist(), b.tolist()))) == len(set(a.tolist())) == len(set(b.tolist()))
    expect(same or ab > 0, f"VI(a, b) = {ab!r}, but should be > 0: a = {a.tolist()} and b = {b.tolist()} are "
                           "different partitions")


@prop(f"swap[{_CE}]", "conditional_entropies(b, a) is conditional_entropies(a, b) reversed (in bits)",
      kind="symmetry", needs=(_CE, f"{_CE}:base"), strategy=wide_or_small_with_edges)
def ce_swap(t, ex):
    a, b = _pair(ex)
    expect_close(np.asarray(t.conditional_entropies(b, a, base=2.0), dtype=float),
                 np.asarray(t.conditional_entropies(a, b, base=2.0), dtype=float)[::-1], rtol=ROUNDING, atol=ROUNDING,
                 what="conditional_entropies with the labelings swapped, reversed")


@prop(f"pair_counts[{_ARE}]",
      "adapted Rand precision = C11 / (C11 + C01) and recall = C11 / (C11 + C10) from the pair confusion matrix "
      "(together in both, in labels_pred only, in labels_true only), and sqrt(precision recall) is Fowlkes-Mallows "
      "where some pair is together in both", kind="relation",
      needs=(_ARE, "pair_confusion_matrix", "fowlkes_mallows"),
      strategy=with_edges(label_pairs(min_size=2), _partition_edges(min_size=2)))
def are_pairs(t, ex):
    a, b = _pair(ex)
    (_, c01), (c10, c11) = np.asarray(t.pair_confusion_matrix(a, b)).tolist()
    _, precision, recall = (float(v) for v in t.adapted_rand_error(a, b))
    expect_close([precision, recall], [c11 / (c11 + c01) if c11 + c01 else 1.0, c11 / (c11 + c10) if c11 + c10
                                       else 1.0], rtol=ROUNDING, atol=ROUNDING,
                 what="adapted Rand (precision, recall) vs the pair confusion matrix")
    if c11:
        expect_close(math.sqrt(precision * recall), t.fowlkes_mallows(a, b), rtol=ROUNDING, atol=ROUNDING,
                     what="sqrt(precision recall) vs Fowlkes-Mallows")


@prop(f"identity[{_ARE}]",
      "the same partition up to renaming gives (error, precision, recall) = (0, 1, 1) for every alpha",
      kind="identity", needs=(_ARE, f"{_ARE}:alpha"), strategy=PARTITIONS.perfect(_ARE))
def are_identity(t, ex):
    a, b = _pair(ex)
    for form in ARE_ALPHAS:
        with findings.form(view=t):
            expect_close(np.asarray(t.adapted_rand_error(a, b, **form), dtype=float), [0.0, 1.0, 1.0], rtol=0,
                         atol=1e-12, what=f"adapted_rand_error({form}) of one partition renamed")


@prop(f"swap[{_ARE}]",
      "swapping the labelings swaps precision and recall, and the error at alpha is the swapped error at "
      "1 - alpha", kind="symmetry", needs=(_ARE, f"{_ARE}:alpha"), strategy=wide_or_small_with_edges)
def are_swap(t, ex):
    a, b = _pair(ex)
    for alpha in (0.5, 0.25, 1.0):
        with findings.form(view=t):
            error, precision, recall = (float(v) for v in t.adapted_rand_error(a, b, alpha=alpha))
            expect_close(np.asarray(t.adapted_rand_error(b, a, alpha=1.0 - alpha), dtype=float),
                         [error, recall, precision], rtol=ROUNDING, atol=ROUNDING,
                         what=f"adapted_rand_error(b, a, alpha={1.0 - alpha}) vs (error, recall, precision) of "
                              f"(a, b, alpha={alpha})")


@prop(f"all_singletons[{_ARE}]",
      "labels_pred all singletons (no pair merged): precision 1.0 (0/0: no merge can be wrong), recall 0 where "
      "labels_true has a pair together, and with both sides singletons the error is 0", kind="undefined",
      needs=(_ARE,), strategy=with_edges(label_pairs(min_size=2), _partition_edges(min_size=2)))
def are_singletons(t, ex):
    a, _ = _pair(ex)
    singles = np.arange(len(a))
    together = len(set(a.tolist())) < len(a)
    expect_close(np.asarray(t.adapted_rand_error(a, singles), dtype=float),
                 [1.0 if together else 0.0, 1.0, 0.0 if together else 1.0], rtol=0, atol=1e-12,
                 what="adapted_rand_error(labels_true, every sample its own cluster)")


for _name in (_VI, _CE, _ARE):

    def _ignoring(t, ex, name=_name):
        a, b = _pair(ex)
        label = a[0]
        keep = a != label
        metric = functools.partial(getattr(t, name), **({} if name == _ARE else {"base": 2.0}))
        if not keep.any():
            expect_refusal(lambda: metric(a, b, ignore_labels=(label,)), "labels_true")
            return
        expect_close(np.asarray(metric(a, b, ignore_labels=[label]), dtype=float),
                     np.asarray(metric(a[keep], b[keep]), dtype=float), rtol=ROUNDING, atol=ROUNDING,
                     what=f"{name} ignoring true label {label!r} vs {name} of the other samples")

    register(f"ignore_labels_removes_samples[{_name}]",
             f"{_name} with ignore_labels=[L] equals {_name} of the samples whose true label is not L (and refuses "
             "when every sample is ignored)", kind="relation",
             needs=(_name, f"{_name}:ignore_labels", *(() if _name == _ARE else (f"{_name}:base",))),
             check=_ignoring, strategy=with_edges(label_pairs(), _partition_edges()))


# ------------------------------------------------------------------ clustered points


def _distances(X):
    return _cdist(X, X)


def _cdist(A, B):
    from scipy.spatial.distance import cdist  # here, not at import: every process that loads the spec pays for it

    return cdist(A, B)


def _silhouette_definition(X, labels):
    D = _distances(X)
    s = np.zeros(len(labels))
    for i, own in enumerate(labels):
        same = (labels == own)
        if same.sum() == 1:
            continue  # a singleton's silhouette is 0 (Rousseeuw)
        a = D[i, same].sum() / (same.sum() - 1)
        b = min(D[i, labels == other].mean() for other in set(labels.tolist()) if other != own)
        # a = b = 0 (its cluster and the nearest one all at its location): 0 (the catalog's and scikit-learn's
        # value of 0 / 0); a = 0 < b (its cluster all at its location): 1
        s[i] = 0.0 if max(a, b) == 0 else (b - a) / max(a, b)
    return s


def _ch_definition(X, labels):
    center = X.mean(axis=0)
    ks = sorted(set(labels.tolist()))
    between = sum((labels == k).sum() * np.sum((X[labels == k].mean(axis=0) - center) ** 2) for k in ks)
    within = sum(np.sum((X[labels == k] - X[labels == k].mean(axis=0)) ** 2) for k in ks)
    n, k = len(labels), len(ks)
    return 1.0 if within == 0 else between * (n - k) / (within * (k - 1))


def _db_definition(X, labels):
    ks = sorted(set(labels.tolist()))
    centers = np.array([X[labels == k].mean(axis=0) for k in ks])
    spread = np.array([np.linalg.norm(X[labels == k] - c, axis=1).mean() for k, c in zip(ks, centers)])
    sep = _cdist(centers, centers)
    ratios = [max((spread[i] + spread[j]) / sep[i, j] for j in range(len(ks)) if j != i and sep[i, j] > 0)
              if (sep[i][np.arange(len(ks)) != i] > 0).any() else 0.0 for i in range(len(ks))]
    return float(np.mean(ratios))


def _dbcv_definition(X, labels):
    """Moulavi et al. 2014 with the authors' code's conventions (brute force: Kruskal with union-find): noise
    (-1) and single-point clusters count in |O| only; all-points core distances skip zero distances; the MST is Kruskal's on edges ordered by
    (mr, denser end's core distance, dist, lower index, upper index); a 2-point cluster's nodes are both
    internal; sparseness = max internal edge, else max edge. None if fewer than two clusters of >= 2 points."""
    d = X.shape[1]
    D = _cdist(X, X)
    clusters = [k for k in sorted(set(labels.tolist())) if k != -1 and (labels == k).sum() >= 2]
    if len(clusters) < 2:
        return None  # refused
    core = np.zeros(len(labels))
    for k in clusters:
        members = np.flatnonzero(labels == k)
        for i in members:
            others = [D[i, j] for j in members if j != i and D[i, j] > 0]
            core[i] = (sum((1.0 / x) ** d for x in others) / (len(members) - 1)) ** (-1.0 / d) if others else 0.0
    reach = np.maximum(D, np.maximum(core[:, None], core[None, :]))
    internal, sparseness = {}, {}
    for k in clusters:
        m = np.flatnonzero(labels == k).tolist()
        edges = sorted((reach[i, j], min(core[i], core[j]), D[i, j], a, b)
                       for a, i in enumerate(m) for b, j in enumerate(m) if a < b)
        root = list(range(len(m)))

        def find(a):
            while root[a] != a:
                a = root[a]
            return a

        tree = []
        for w, _, _, a, b in edges:
            if find(a) != find(b):
                root[find(a)] = find(b)
                tree.append((a, b, w))
        degree = np.zeros(len(m), dtype=int)
        for a, b, _ in tree:
            degree[a] += 1
            degree[b] += 1
        inside = degree > 1 if (degree > 1).any() else np.ones(len(m), dtype=bool)
        kept = [w for a, b, w in tree if inside[a] and inside[b]]
        internal[k] = np.array(m)[inside]
        sparseness[k] = max(kept) if kept else max(w for _, _, w in tree)
    total = 0.0
    for k in clusters:
        separation = min(reach[np.ix_(internal[k], internal[j])].min() for j in clusters if j != k)
        top = max(separation, sparseness[k])
        total += (labels == k).sum() / len(labels) * ((separation - sparseness[k]) / top if top > 0 else 0.0)
    return float(total)


_POINT_DEFINITIONS = {
    "silhouette_samples": _silhouette_definition,
    "silhouette_score": lambda X, labels: float(np.mean(_silhouette_definition(X, labels))),
    "calinski_harabasz": _ch_definition,
    "davies_bouldin": _db_definition,
}
for _name, _define in _POINT_DEFINITIONS.items():

    def _point_definition(t, ex, name=_name, define=_define):
        expect_close(getattr(t, name)(ex.X, ex.labels), define(ex.X, ex.labels), rtol=DISTANCES, atol=DISTANCES_ABS,
                     what=f"{name} vs its definition")

    register(f"definition[{_name}]", f"{_name} equals its textbook definition computed from all pairwise distances, "
             "on distinct points, on points with copies and on clusters of coincident points", kind="relation",
             needs=(_name,), check=_point_definition, strategy=clustered_points(duplicates=True), defines=_name)


@prop("definition[dbcv]", "DBCV equals Moulavi et al.'s definition (all-points core distance, mutual reachability "
      "MST per cluster, internal edges, sparseness and separation), ties among MST edges broken towards the denser "
      "point so that the value does not depend on the order of the points; duplicate points as the authors' code "
      "(zero distances left out of the core distance)", kind="relation", needs=("dbcv",),
      strategy=clustered_points(singletons=False, duplicates=True), defines="dbcv")
def dbcv_definition(t, ex):
    expect_close(t.dbcv(ex.X, ex.labels), _dbcv_definition(ex.X, ex.labels), rtol=DISTANCES, atol=DISTANCES_ABS,
                 what="DBCV vs its definition")


def _rotation(d, quarter_turns):
    R = np.eye(d)
    if d >= 2:
        c, s = [(1, 0), (0, 1), (-1, 0), (0, -1)][quarter_turns % 4]
        R[:2, :2] = [[c, -s], [s, c]]
    return R


def _moves(name):
    return st.tuples(clustered_points(singletons=name != "dbcv", duplicates=True), st.integers(-500, 500),
                     st.integers(0, 3), st.integers(-4, 4))



POINT_METRICS = ("silhouette_score", "silhouette_samples", "calinski_harabasz", "davies_bouldin", "dbcv")

for _name in POINT_METRICS:

    def _geometry(t, ex, name=_name):
        points, shift, turns, power = ex
        moved = (points.X @ _rotation(points.X.shape[1], turns).T + shift) * 2.0**power
        expect_close(getattr(t, name)(moved, points.labels), getattr(t, name)(points.X, points.labels),
                     rtol=DISTANCES, atol=DISTANCES_ABS,
                     what=f"{name} after rotating by {turns} quarter turns, shifting by {shift}, scaling by 2**{power}")

    register(f"rigid_motion_and_scale_invariance[{_name}]",
             f"{_name} does not change when the points are rotated, translated or uniformly scaled", kind="invariance",
             needs=(_name,), check=_geometry, strategy=_moves(_name))


#: each metric's value on clusters of coincident points (every within-cluster distance 0, every between-cluster
#: distance positive), and why: the limit of the definition, or the catalog's documented convention where the
#: definition is 0 / 0 or infinite
COINCIDENT_VALUES = {
    "silhouette_samples": (1.0, "every sample 1: a = 0 < b, so (b - a) / max(a, b) = 1"),
    "silhouette_score": (1.0, "1: the mean of samples that are all 1 (a = 0 < b)"),
    "calinski_harabasz": (1.0, "1.0: the within-cluster dispersion W is 0, so B (n - k) / (W (k - 1)) is "
                               "infinite; the catalog returns 1.0 there, scikit-learn's documented convention"),
    "davies_bouldin": (0.0, "0: every cluster's spread is 0 and the centroids are apart, so every ratio "
                            "(s_i + s_j) / |m_i - m_j| is 0"),
    "dbcv": (1.0, "1: core distances and density sparseness are 0 (zero distances left out of the core distance, "
                  "the authors' code), separation positive, so every cluster's validity is 1"),
}

for _name, (_value, _why) in COINCIDENT_VALUES.items():

    def _coincident(t, ex, name=_name, value=_value, why=_why):
        expected = np.full(ex.n, value) if name == "silhouette_samples" else value
        expect_close(getattr(t, name)(ex.X, ex.labels), expected, rtol=DISTANCES, atol=DISTANCES_ABS,
                     what=f"{name} on clusters of coincident points (expected {why})")

    register(f"coincident_clusters[{_name}]",
             f"{_name} on clusters whose points coincide, the clusters apart (duplicate points): {_why}",
             kind="undefined", needs=(_name,), check=_coincident, strategy=coincident_points())


@prop("singleton_cluster_is_noise[dbcv]",
      "a cluster of one point counts as noise: relabelling it -1 leaves DBCV unchanged (Moulavi et al.'s code)",
      kind="undefined", needs=("dbcv",), strategy=clustered_points(singletons=False))
def dbcv_singleton(t, ex):
    lone = ex.labels.copy()
    lone[-1] = lone.max() + 1
    if np.count_nonzero(np.unique(lone, return_counts=True)[1] >= 2) < 2:
        return  # the point was needed for a second cluster of two
    noise = lone.copy()
    noise[-1] = -1
    expect_close(t.dbcv(ex.X, lone), t.dbcv(ex.X, noise), rtol=DISTANCES, atol=DISTANCES_ABS,
                 what="DBCV with the last point alone in its cluster vs the same point labelled noise (-1)")


@prop("samples_follow_their_points[silhouette_samples]",
      "permuting the points permutes their silhouettes, and their mean is silhouette_score", kind="invariance",
      needs=("silhouette_samples", "silhouette_score"),
      strategy=clustered_points(duplicates=True).flatmap(lambda e: st.tuples(st.just(e),
                                                                             st.permutations(range(e.n)))))
def silhouette_follow(t, ex):
    points, order = ex
    order = np.array(order, dtype=np.intp)
    values = np.asarray(t.silhouette_samples(points.X, points.labels), dtype=float)
    moved = np.asarray(t.silhouette_samples(points.X[order], points.labels[order]), dtype=float)
    expect_close(moved, values[order], rtol=DISTANCES, atol=DISTANCES_ABS, what="silhouette_samples of the permuted points")
    expect_close(t.silhouette_score(points.X, points.labels), values.mean(), rtol=DISTANCES, atol=DISTANCES_ABS,
                 what="silhouette_score vs the mean of silhouette_samples")


@prop("precomputed_agrees[silhouette_score]",
      "silhouette_score on the Euclidean distance matrix with metric='precomputed' equals it on the points",
      kind="relation", needs=("silhouette_score", "silhouette_score:metric"),
      strategy=clustered_points(duplicates=True))
def silhouette_precomputed(t, ex):
    expect_close(t.silhouette_score(_distances(ex.X), ex.labels, metric="precomputed"),
                 t.silhouette_score(ex.X, ex.labels, metric="euclidean"), rtol=DISTANCES, atol=DISTANCES_ABS,
                 what="silhouette on precomputed distances vs on points")


for _name in ("silhouette_score", "calinski_harabasz", "davies_bouldin"):

    def _single_cluster(t, ex, name=_name):
        expect_refusal(lambda: getattr(t, name)(ex.X, np.zeros(ex.n, dtype=np.int64)), "labels")

    register(f"refuses_one_cluster[{_name}]", f"{_name} refuses a labeling with a single cluster, naming labels",
             kind="undefined", needs=(_name,), check=_single_cluster, strategy=clustered_points())


@prop("refuses_all_singletons[silhouette_score]",
      "silhouette_score refuses n clusters for n points (defined only for 2 <= n_labels <= n - 1)", kind="undefined",
      needs=("silhouette_score",), strategy=clustered_points())
def silhouette_singletons(t, ex):
    expect_refusal(lambda: t.silhouette_score(ex.X, np.arange(ex.n)), "labels")


for _name in ("silhouette_score", "calinski_harabasz", "davies_bouldin"):

    def _sklearn_agrees(t, ex, name=_name):
        expect_close(getattr(t, name)(ex.X, ex.labels), getattr(reference("sklearn"), name)(ex.X, ex.labels),
                     rtol=DISTANCES, atol=DISTANCES_ABS, what=f"{name} vs scikit-learn")

    # scikit-learn's distances are Gram expansions (|x|^2 + |y|^2 - 2 x.y), off by 1e-5 and more at an offset of
    # 1e6: agreement is checked where they are exact, the offsets are checked against the definitions
    _agreement_points = clustered_points(duplicates=True)
    register(f"agrees_with_sklearn[{_name}]", f"{_name} equals scikit-learn's on the same points (distinct, with "
             "copies, or clusters of coincident points)", kind="agreement", needs=(_name,), check=_sklearn_agrees,
             strategy=_agreement_points, reference="sklearn",
             edges=[(n, ex) for n, ex in _agreement_points.edges if not n.startswith("offset_")])


# ------------------------------------------------------------------ the seed's claims

SEED_004 = "seed 004, section Evaluation Metrics for Clustering"


def _claim(name, statement, quote, needs, **options):
    return prop(f"claim.seed004.{name}", statement, kind="claim", source=SEED_004, quote=quote, needs=needs,
                **options)


@_claim("silhouette_sample_formula",
        "a sample's silhouette is (b - a) / max(a, b), a its mean distance to its own cluster, b to the nearest "
        "other cluster", "The Silhouette Coefficient for a sample is (b a) / max(a, b).", ("silhouette_samples",),
        strategy=clustered_points())
def seed_silhouette_formula(t, ex):
    expect_close(t.silhouette_samples(ex.X, ex.labels), _silhouette_definition(ex.X, ex.labels), rtol=DISTANCES,
                 atol=DISTANCES_ABS, what="silhouette_samples vs (b - a) / max(a, b)")


@_claim("silhouette_defined_range",
        "the silhouette is defined (finite) for every labeling with 2 <= n_labels <= n_samples - 1, and refused "
        "outside", "Note that Silhouette Coefficient is only defined if number of labels is 2 <= n_labels",
        ("silhouette_score",), strategy=clustered_points())
def seed_silhouette_range(t, ex):
    expect(np.isfinite(float(t.silhouette_score(ex.X, ex.labels))), "silhouette not finite inside the range")
    expect_refusal(lambda: t.silhouette_score(ex.X, np.zeros(ex.n, dtype=np.int64)), "labels")
    expect_refusal(lambda: t.silhouette_score(ex.X, np.arange(ex.n)), "labels")


def _two_moons(n=60, noise=0.0):
    """Two interleaved half circles (points in order along each arc), and the straight split x < 0.5."""
    angle = np.linspace(0, math.pi, n)
    upper = np.column_stack([np.cos(angle), np.sin(angle)])
    lower = np.column_stack([1 - np.cos(angle), 0.5 - np.sin(angle)])
    X = np.vstack([upper, lower])
    moons = np.repeat([0, 1], n)
    split = (X[:, 0] > 0.5).astype(np.int64)
    return X, moons, split


@_claim("silhouette_prefers_convex_split",
        "on two interleaved moons, the silhouette scores a straight (k-means-like) split above the two moons",
        "While the clustering output of KMeans is worse, its Silhouette score is still higher.",
        ("silhouette_score",))
def seed_silhouette_moons(t, ex):
    X, moons, split = _two_moons()
    s_moons, s_split = float(t.silhouette_score(X, moons)), float(t.silhouette_score(X, split))
    expect(s_split > s_moons, f"silhouette: split {s_split:.3f}, moons {s_moons:.3f}")


@_claim("dbcv_prefers_moons",
        "on two interleaved moons, DBCV scores the two moons above a straight (k-means-like) split",
        "DBCV produces the expected results.", ("dbcv",))
def seed_dbcv_moons(t, ex):
    X, moons, split = _two_moons()
    d_moons, d_split = float(t.dbcv(X, moons)), float(t.dbcv(X, split))
    expect(d_moons > d_split, f"DBCV: moons {d_moons:.3f}, split {d_split:.3f}")

