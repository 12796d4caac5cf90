"""The large tier: a chosen set of properties on inputs of 1e5 to 1e7 samples.

The standard tier's inputs have a few dozen samples, so it cannot see a count
kept in 16 bits, a rank sum or ``n_pos * n_neg`` in 32 bits, a product of four
counts in int64 (Matthews' denominator), a float32 one-pass variance, or a
quadratic algorithm. This tier feeds each metric structured inputs
(``properties/inputs/large.py``) whose sizes cross those thresholds:

==============================  =====================================================
case                            crosses
==============================  =====================================================
binary_labels n=1e5, 50 pos.    int16 counts; extreme imbalance (0.05% positives)
binary_labels n=2e6 balanced    (n/2)**4 > 2**63: Matthews' denominator in int64
constant_labels n=5e6           millions of identical labels; a 5e6 count in int16/int32 sums of squares
multiclass_labels n=1e5..2e6    kappa/MCC sums of count products beyond 2**31 and 2**53
tied_scores n=1e5..5e6          n_pos * n_neg beyond 2**32 (2e5) and 2**42 (5e6); 20..1000 tied levels
tied_reals n=1e5..1e6           rank sums beyond 2**31 with ties (Spearman, Kendall)
offset_reals float32 offset 1e4 one-pass variance cancellation in float32 (1e5, 1e6)
offset_reals float64 offset 1e6 the same in float64, at 1e5 and 1e7 samples
offset_reals/tied_scores 1e4    magnitudes 1e-300 (squares underflow), 1e300 (overflow), 1e-310 (subnormal)
query_batch 1e5..2e6 documents  many queries (20,000 x 100)
corpus / document               n-gram counts beyond 2**16; a vocabulary beyond 2**16; long documents
detection_dataset 1e5, 1.5e5    5,000 images (COCO val2017's size); 300 detections per image (maxDets)
labels as clusterings 1e5..2e6  pair counts beyond 2**31 (65,536 samples) and ARI's count products beyond 2**63
bits 1e5..5e6, reals as samples bit counts beyond 2**16; burstiness's variance at offsets and on regime-changing gaps; 1-D W_1 of 1e7 values
offset_reals near 10, 1e5..1e7  the Tweedie deviance (power 1.5) over 1e7 positive samples
indicator_pairs 1e5..1e6 x 100  per-label counts beyond 2**16, 5e7 pooled cells (micro); multilabel streams of 1e6 rows
==============================  =====================================================

Three kinds of property, each per metric:

``large_agreement``
    the target's value equals the catalog's own value on the same input (the
    catalog's metrics are checked at these sizes against scikit-learn and SciPy
    in ``tests/test_large_tier.py``) and lies in the metric's declared range
``large_permutation``
    reordering the samples (queries, sentences) changes nothing: an exact
    invariant that needs no reference at all
``large_duplication``
    every sample twice gives the same value: doubles every count, so a counter
    that is exact at n overflows at 2n
``large_complement`` (ROC AUC)
    AUC(1 - y, s) = 1 - AUC(y, s)
``large_stream`` (every metric here with a streaming form)
    the target's stream fed the samples in up to :data:`STREAM_BATCHES`
    consecutive batches, and the merge of :data:`STREAM_SHARDS` shard streams
    fed the same batches, compute the target's one-call value: millions of
    samples in thousands of batches, where a per-batch rounding, a count kept
    per batch in a small integer or a merge that loses a shard shows

Tolerances. The values are compared with the target's precision model
(``properties/engine/vocabulary/precision.py``) over ``ceil(log2 n)`` rounded operations,
the depth of a pairwise sum, relative to the value's own magnitude (an MSE of
0.01 computed from float32 residuals is accurate to float32 relative to 0.01,
not to 1); float32 inputs are judged at float32 at best. For
float64, ``rtol = 1e-8``: two correct implementations that sum 1e7 terms in
different orders differ by up to about n * eps = 2e-9 relative (naive
left-to-right accumulation against pairwise), and r2 or Pearson combine several
such sums. Every failure this tier was built to find is larger than 1e-3.

Time. Each property has a time bound (:data:`TIME_BOUND` seconds; the
budget is checked between cases) and the cases are few: the whole tier takes
minutes per target on 2 cores. ``make test`` runs it reduced to the cases of at
most 1e5 samples (``properties.inputs.large.reduce``).
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

import metrics

from .capabilities import all_capabilities
from .checks import expect_close, expect_in_range
from properties.engine.vocabulary import precision
from properties.engine.vocabulary.guards import Unsupported
from properties.engine.vocabulary.declared import input_order_tie_rule, lacking, note_tie_rule
from properties.engine.vocabulary.registry import register
from .inputs import large
from .inputs.large import case

#: seconds each large-tier property may take over all its cases
TIME_BOUND = 180.0

#: float64 tolerance of values summed over up to 1e7 terms in another order (see the module docstring)
RTOL, ATOL = 1e-8, 1e-10

# --------------------------------------------------------------------------
# The cases, smallest first (a failure shrinks to the smallest failing case)

BINARY = [case("binary_labels", 100_000, positives=50), case("binary_labels", 2_000_000, positives=1_000_000),
          case("constant_labels", 5_000_000, errors=3)]
MULTICLASS = [case("multiclass_labels", 100_000, classes=5), case("multiclass_labels", 2_000_000, classes=10)]
SCORES = [case("tied_scores", 100_000, positives=50, levels=20),
          case("tied_scores", 200_000, positives=100_000, levels=100),
          case("tied_scores", 5_000_000, positives=2_500_000, levels=1000)]
TIED = [case("tied_reals", 100_000, levels=10), case("tied_reals", 200_000, levels=10),
        case("tied_reals", 1_000_000, levels=1000)]
OFFSET = [case("offset_reals", 100_000, offset=1e4, dtype="float32"), case("offset_reals", 100_000, offset=1e6),
          case("offset_reals", 1_000_000, offset=1e4, dtype="float32"),
          case("offset_reals", 10_000_000, offset=1e6)]
# Extreme magnitudes: squares underflow (1e-300), overflow (1e300), subnormal inputs (1e-310). Not large, but
# the same question (does the value survive inputs the small tier never draws?) and the same oracle.
EXTREME = [case("offset_reals", 10_000, offset=1.0, magnitude=m) for m in (1e-300, 1e300, 1e-310)]
EXTREME_SCORES = [case("tied_scores", 10_000, positives=5_000, levels=20, magnitude=m) for m in (1e-300, 1e300, 1e-310)]

# The squared log error of data near 1e4 or 1e6 is ill-conditioned in float32: log1p(1e6) is held to
# about 1e-6 while the log differences are about 1e-7, so a correct float32 library is far off. Near 10
# the log differences (1e-2) dwarf that rounding; the counts still reach 1e7.
NEAR_TEN = [case("offset_reals", 100_000, offset=10.0), case("offset_reals", 10_000_000, offset=10.0)]
INTER_EVENT = [case("inter_event_times", 100_000, bursts=10), case("inter_event_times", 1_000_000, bursts=100)]
PROBABILITIES = [case("class_probabilities", 100_000, classes=5), case("class_probabilities", 1_000_000, classes=10)]
DISTRIBUTIONS = [case("distribution", 100_000), case("distribution", 1_000_000)]
TOKENS = [case("token_probabilities", 100_000), case("token_probabilities", 10_000_000)]
QUERIES = [case("query_batch", 100_000, documents=50), case("query_batch", 2_000_000, documents=100)]
# the second: about 79,000 distinct tokens (a vocabulary of 1e6, 80% of the tokens uniform), beyond 2**16
CORPUS = [case("corpus", 100_000), case("corpus", 100_000, vocabulary=1_000_000, uniform=0.8), case("corpus", 400_000)]
DOCUMENT = [case("document", 20_000), case("document", 100_000)]
SHORT_DOCUMENT = [case("document", 2_000), case("document", 5_000)]  # quadratic metrics (LCS)
# 5,000 images of 20 detections (COCO val2017's size), then 500 images of 300 (maxDets=100 truncates)
DETECTIONS = [case("detection_dataset", 100_000, images=5_000), case("detection_dataset", 150_000, images=500)]


def _averaging_forms(data) -> list[dict]:
    """Binary cases: the positive class; multiclass cases: macro and micro averages."""
    if data.case.generator != "multiclass_labels":
        return [{"average": "binary"}]
    return [{"average": "macro"}, {"average": "micro"}]


# metric -> (family, cases, the case's fields passed positionally, forms(data) -> keyword sets, kinds)
SPEC: dict[str, tuple] = {}


#: metric -> the keywords its forms pass (declared needs of its properties)
KEYWORDS: dict[str, tuple[str, ...]] = {}


def _spec(metric, cases, fields, forms=None, kinds=("agreement", "permutation", "duplication"), keywords=()):
    family = metrics.CATALOG[metric]
    SPEC[metric] = (family, cases, fields, forms or (lambda data: [{}]), kinds)
    KEYWORDS[metric] = tuple(keywords)


for _m in ("accuracy", "balanced_accuracy", "confusion_matrix"):
    _spec(_m, BINARY + MULTICLASS, ("y_true", "y_pred"))
# one class in y_true leaves Matthews' coefficient 0/0 (an undefined case the standard tier covers)
_spec("matthews_corrcoef", BINARY[:2] + MULTICLASS, ("y_true", "y_pred"))
for _m in ("precision", "recall", "f1"):
    _spec(_m, BINARY + MULTICLASS, ("y_true", "y_pred"), _averaging_forms, keywords=("average",))
_spec("cohen_kappa", BINARY + MULTICLASS, ("y_true", "y_pred"),
      lambda data: [{}] if data.case.generator == "constant_labels" else [{}, {"weights": "quadratic"}],
      keywords=("weights",))
# the classes named up front: a stream's batches need not hold every class
_spec("log_loss", PROBABILITIES, ("y_true", "y_proba"),
      lambda data: [{"labels": list(range(data.y_proba.shape[1]))}], keywords=("labels",))
for _m in ("roc_auc", "average_precision"):
    _spec(_m, EXTREME_SCORES + SCORES, ("y_true", "y_score"))
for _m in ("pearson", "spearman"):
    _spec(_m, EXTREME + TIED + OFFSET[:1], {"tied_reals": ("x", "y"), "offset_reals": ("y_true", "y_pred")})
_spec("kendall_tau", TIED[:2], ("x", "y"), kinds=("agreement", "permutation"))
for _m in ("mean_squared_error", "root_mean_squared_error", "mean_absolute_error", "median_absolute_error",
           "r2", "explained_variance"):
    _spec(_m, EXTREME + OFFSET, ("y_true", "y_pred"))
_spec("mean_squared_log_error", NEAR_TEN, ("y_true", "y_pred"))
# a distribution twice over sums to 2: no duplication for distributions
_spec("entropy", DISTRIBUTIONS, ("p",), kinds=("agreement", "permutation"))
for _m in ("cross_entropy", "kl_divergence"):
    _spec(_m, DISTRIBUTIONS, ("p", "q"), kinds=("agreement", "permutation"))
_spec("perplexity", TOKENS, ("p",))
_spec("ndcg_at_k", QUERIES, ("y_true", "y_score"), lambda data: [{"k": 10}], keywords=("k",))
_spec("mean_average_precision", QUERIES, ("relevant", "y_score"))
_spec("mean_reciprocal_rank", QUERIES, ("relevant", "y_score"))
_spec("precision_at_k", QUERIES, ("relevant", "y_score"), lambda data: [{"k": 10}], keywords=("k",))
_spec("corpus_bleu", CORPUS, ("list_of_references", "hypotheses"))
_spec("corpus_wer", CORPUS, ("references", "hypotheses"))
# corpus chrF and TER: their streams only (about 3 s a case: a Python pass over the sentences per call), on the
# first corpus (5,000 sentences in 2,000 batches; summed character n-gram counts and reference lengths beyond
# 2**16); their one-shot values are held to sacrebleu by the standard tier
_spec("corpus_chrf", CORPUS[:1], ("list_of_reference_texts", "hypothesis_texts"), kinds=())
_spec("corpus_ter", CORPUS[:1], ("list_of_references", "hypotheses"), kinds=())
_spec("sentence_bleu", DOCUMENT, ("references", "hypothesis"), kinds=("agreement",))
_spec("wer", DOCUMENT, ("reference", "hypothesis"), kinds=("agreement",))
_spec("rouge_n", DOCUMENT, ("references", "hypothesis"), lambda data: [{"n": 1}, {"n": 2}], kinds=("agreement",),
      keywords=("n",))
_spec("rouge_l", SHORT_DOCUMENT, ("references", "hypothesis"), kinds=("agreement",))
_spec("coco_map", DETECTIONS, ("detections", "ground_truths"))
# pair counts: sum of n_ij (n_ij - 1) beyond 2**31 from 65,536 samples, (n/2)**2 * ... beyond 2**63 in ARI's products
_CLUSTER_PAIRS = ("y_true", "y_pred")
for _m in ("adjusted_rand_index", "rand_index", "fowlkes_mallows"):
    _spec(_m, BINARY[:2] + MULTICLASS, _CLUSTER_PAIRS, kinds=("agreement", "permutation"))
for _m in ("normalized_mutual_information", "homogeneity", "completeness", "v_measure"):
    _spec(_m, BINARY[:2] + MULTICLASS, _CLUSTER_PAIRS)
_spec("adjusted_mutual_information", MULTICLASS, _CLUSTER_PAIRS, kinds=("agreement", "permutation"))
# bit counts beyond 2**16 and 2**31 (5e6 bits, duplicated 1e7)
_spec("bit_error_rate", BINARY, ("y_true", "y_pred"))
# inter-event times near 1e4 (float32) and 1e6 with unit spread: a one-pass variance loses every digit;
# heavy-tailed gaps whose regime changes along the sequence: every sample counts
_spec("burstiness", OFFSET[:2] + INTER_EVENT, ("y_true",))
# two samples of 1e5..1e7 values, heavily tied or offset: the merged quantile functions at scale
_spec("wasserstein_distance", TIED + OFFSET[:2], {"tied_reals": ("x", "y"), "offset_reals": ("y_true", "y_pred")})

# issue 32. Percentage errors and Lin's concordance near 1e6 (float64, 1e5 and 1e7 samples) and 1e4 (float32,
# 1e6 samples) with unit spread: the concordance's co-moments, where a one-pass (sum of squares) form loses every
# digit (the float32 case of 1e5 samples left out: the reduced tier runs one case of each; the symmetric MAPE is a
# mean of per-sample values as MAPE is, and left out for the reduced tier's time). The deviances near 10
# (1e5 and 1e7 samples, all positive: their domain): near 1e6 a unit deviance is 1e-10 of its closed form's terms,
# so the value itself is ill-conditioned there (any two formulas differ by 1e-6), not a matter of input size.
# One power (1.5, the general closed form): the Poisson and gamma deviances are the same running mean of unit
# deviances, left out for the reduced tier's time (``make test``: each property here costs it about 1 s)
for _m in ("mean_absolute_percentage_error", "weighted_mean_absolute_percentage_error", "concordance_corrcoef"):
    _spec(_m, OFFSET[1:], ("y_true", "y_pred"))
_spec("mean_tweedie_deviance", NEAR_TEN, ("y_true", "y_pred"), lambda data: [{"power": 1.5}], keywords=("power",))
# Multilabel indicator matrices of 1e6 rows x 100 labels (100 MB each as bool; per-label counts beyond 2**16,
# 5e7 true cells pooled by "micro"); reduced (make test): 1e5 rows of 5 labels. One average per rate, each from
# another part of the state (per-label, per-row and pooled counts); recall and Jaccard share precision's state.
# Not here: the label-ranking metrics (LRAP, coverage, ranking loss), means over rows of per-row values with no
# count that grows with the rows, whose reference (scikit-learn) loops over the rows in Python
MULTILABEL = [case("indicator_pairs", 100_000, labels=5), case("indicator_pairs", 1_000_000, labels=100)]
for _m, _average in (("multilabel_precision", "macro"), ("multilabel_f1", "samples")):
    _spec(_m, MULTILABEL, ("y_true", "y_pred"), lambda data, a=_average: [{"average": a}], keywords=("average",))
_spec("multilabel_fbeta", MULTILABEL, ("y_true", "y_pred"), lambda data: [{"average": "micro", "beta": 2.0}],
      keywords=("average", "beta"))
# subset accuracy and the Hamming loss are running means over rows as the "samples" average is: left out for time
_spec("multilabel_confusion_matrix", MULTILABEL, ("y_true", "y_pred"))

#: metrics whose value is a count: every sample twice doubles it
COUNTS = ("confusion_matrix", "multilabel_confusion_matrix")

# sample-level kinds reorder or repeat the samples along this axis of every field (ranking: the queries)
_SAMPLE_AXIS_SIZE = {"query_batch": lambda data: data.y_true.shape[0], "corpus": lambda data: len(data.hypotheses),
                     "detection_dataset": lambda data: len(data.detections)}


# --------------------------------------------------------------------------
# Checks


def _as_held(value):
    """The input as the target holds it: a float32 library given float64 data near 1e6 holds it to 0.06, the
    noise's size; the catalog's value is computed on those same numbers. They are passed in the held dtype: the
    catalog computes in float64 whatever it is given, and a check scaled to its input's precision reads them at
    that precision (probability rows rounded to float32 sum to 1 within float32's tolerance, not float64's:
    log_loss refused them as float64)."""
    if isinstance(value, np.ndarray) and value.dtype.kind == "f":
        return precision.as_target(value, held_dtype=True)
    return value


def _numbers(value) -> np.ndarray:
    """A target's result as a float array (a ROUGE triple becomes its three numbers, a summary dict its
    values in the order of its sorted keys)."""
    if hasattr(value, "_fields"):
        value = tuple(value)
    if isinstance(value, dict):
        value = [value[k] for k in sorted(value)]
    return np.asarray(value, dtype=float)


def _ops(n: int) -> int:
    return max(1, math.ceil(math.log2(max(n, 2))))


def _arguments(data, fields) -> list:
    if isinstance(fields, dict):  # the fields depend on the case's generator
        fields = fields[data.case.generator]
    args = [getattr(data, f) for f in fields]
    for a in args:
        precision.observe(a)  # float32 inputs: judged at float32 at best, whatever the result's dtype
    return args


def _call_all(t, metric: str, args, forms) -> list[np.ndarray]:
    return [_numbers(getattr(t, metric)(*args, **form)) for form in forms]


def _agreement(t, c, *, metric):
    family, _, fields, forms, _ = SPEC[metric]
    data = c.build()
    args = _arguments(data, fields)
    lo, hi = all_capabilities()[metric].range
    own = getattr(metrics, metric)
    for form in forms(data):
        got = _numbers(getattr(t, metric)(*args, **form))
        want = _numbers(own(*[_as_held(a) for a in args], **form))
        shown = f"{metric}({', '.join(f'{k}={v!r}' for k, v in form.items())}) on {c!r}"
        if metric not in ("confusion_matrix", "rouge_n", "rouge_l"):  # out of range says more than "differs"
            expect_in_range(got, -np.inf if lo is None else lo, np.inf if hi is None else hi, what=shown)
        expect_close(got, want, rtol=RTOL, atol=ATOL, ops=_ops(c.n), relative=True,
                     what=f"{shown} vs the catalog's value")


def _take(value, index: np.ndarray):
    if isinstance(value, np.ndarray):
        return large.derive(value[index], value, f"[{large.name_of(index) or 'index'}]")
    taken = [value[i] for i in index.tolist()]
    base = large.name_of(value)
    return large.named(taken, f"[({base})[i] for i in {large.name_of(index)}]") if base else taken


def _sample_count(data) -> int:
    return _SAMPLE_AXIS_SIZE.get(data.case.generator, lambda d: d.n)(data)


def _reordered(t, c, *, metric, how: str):
    _, _, fields, forms, _ = SPEC[metric]
    data = c.build()
    args = _arguments(data, fields)
    n = _sample_count(data)
    rule = input_order_tie_rule(t, metric) if "y_score" in fields else None
    if rule is not None:  # scores tie samples: under input order, tied samples rank as they come
        note_tie_rule(t, metric, rule)
    if how == "permutation" and rule is not None:
        index = large.permutation_keeping_ties(n, data.y_score, seed=1)
        what, factor = f"after permuting the samples, tied ones kept in input order (declared tie rule {rule})", 1.0
    elif how == "permutation":
        index, what = large.permutation(n, seed=1), "after permuting the samples"
        factor = 1.0
    elif rule is not None:
        raise Unsupported(lacking(t, f"{metric}: repeated samples tie their copies, ranked by the declared tie rule "
                                     f"{rule}"))
    else:
        index = large.named(np.tile(np.arange(n), 2), f"np.tile(np.arange({n:_}), 2)")
        what = "after duplicating every sample"
        factor = 2.0 if metric in COUNTS else 1.0  # counts double, rates do not
    moved = [_take(a, index) for a in args]
    for form in forms(data):
        before = _call_all(t, metric, args, [form])[0]
        after = _call_all(t, metric, moved, [form])[0]
        if before.ndim and before.shape[0] == n and metric not in COUNTS:
            before = before[index]  # one value per query: the values move with their queries
        shown = f"{metric}({', '.join(f'{k}={v!r}' for k, v in form.items())}) on {c!r}"
        expect_close(after, factor * before, rtol=RTOL, atol=ATOL, ops=_ops(2 * c.n), relative=True,
                     what=f"{shown} {what}")


def _complement(t, c, *, metric):
    data = c.build()
    y, s = _arguments(data, ("y_true", "y_score"))
    flipped = large.derive(1 - y, y, " * -1 + 1")
    auc, auc_flipped = (float(_numbers(t.roc_auc(labels, s))) for labels in (y, flipped))
    expect_close(auc + auc_flipped, 1.0, rtol=RTOL, atol=ATOL, ops=_ops(c.n),
                 what=f"roc_auc(y, s) + roc_auc(1 - y, s) on {c!r} ({auc!r} + {auc_flipped!r})")


#: batches a large-tier stream is fed (fewer where there are fewer samples), and the shards they are merged from
STREAM_BATCHES, STREAM_SHARDS = 2_000, 8


def _batch(value, lo: int, hi: int):
    part = value[lo:hi]
    return large.derive(part, value, f"[{lo}:{hi}]") if isinstance(value, np.ndarray) else part


def _streamed(t, c, *, metric):
    _, _, fields, forms, _ = SPEC[metric]
    data = c.build()
    args = _arguments(data, fields)
    n = _sample_count(data)
    edges = np.linspace(0, n, min(STREAM_BATCHES, n) + 1).astype(int)
    batches = list(zip(edges[:-1].tolist(), edges[1:].tolist()))
    for form in forms(data):
        want = _call_all(t, metric, args, [form])[0]
        shown = f"{metric}({', '.join(f'{k}={v!r}' for k, v in form.items())}) on {c!r}"
        whole = t.stream(metric, **form)
        for lo, hi in batches:
            whole.update(*(_batch(a, lo, hi) for a in args))
        expect_close(_numbers(whole.compute()), want, rtol=RTOL, atol=ATOL, ops=_ops(c.n), relative=True,
                     what=f"a stream of {shown} fed {len(batches)} batches vs one call")
        shards = []
        for part in np.array_split(np.arange(len(batches)), STREAM_SHARDS):
            shard = t.stream(metric, **form)
            for i in part.tolist():
                shard.update(*(_batch(a, *batches[i]) for a in args))
            shards.append(shard)
        for shard in shards[1:]:
            shards[0].merge(shard)
        expect_close(_numbers(shards[0].compute()), want, rtol=RTOL, atol=ATOL, ops=_ops(c.n), relative=True,
                     what=f"{STREAM_SHARDS} merged shard streams of {shown} ({len(batches)} batches) vs one call")


@st.composite
def _one_case(draw, cases):
    # chosen at draw time: the reduced tier (``make test``) may cap the sizes after import
    return draw(st.sampled_from(large.active(cases)))


def _cases(cases):
    # one composite for all 200 properties: Hypothesis reads the source of every function it decorates, which cost
    # every process that loads the spec 0.3 s when each property defined its own
    return _one_case(tuple(cases))


def _case_list(cases) -> str:
    return ", ".join(repr(c).replace("large.", "") for c in cases)


def _register_all() -> None:
    for metric, (family, cases, fields, _forms, kinds) in SPEC.items():
        needs = (metric, *(f"{metric}:{k}" for k in KEYWORDS[metric]))
        where = f"on {_case_list(cases)}"
        if "agreement" in kinds:
            register(f"large_agreement[{metric}]",
                     f"{metric} agrees with the catalog's value and lies in its range {where}",
                     kind="agreement", family=family, needs=needs, tier="large", time_bound=TIME_BOUND,
                     check=_bind(_agreement, metric=metric), strategy=_cases(cases), max_examples=len(cases))
        if "permutation" in kinds:
            register(f"large_permutation[{metric}]", f"{metric} does not depend on the order of the samples {where}",
                     kind="invariance", family=family, needs=needs, tier="large", time_bound=TIME_BOUND,
                     check=_bind(_reordered, metric=metric, how="permutation"), strategy=_cases(cases),
                     max_examples=len(cases))
        if "duplication" in kinds:
            register(f"large_duplication[{metric}]",
                     f"every sample twice leaves {metric} unchanged (counts doubled) {where}",
                     kind="invariance", family=family, needs=needs, tier="large", time_bound=TIME_BOUND,
                     check=_bind(_reordered, metric=metric, how="duplication"), strategy=_cases(cases),
                     max_examples=len(cases))
        if metric in metrics.STREAMING:
            register(f"large_stream[{metric}]",
                     f"a stream of {metric} fed thousands of batches, and merged shard streams, compute the one-call "
                     f"value {where}",
                     kind="relation", family=family, needs=(*needs, f"stream:{metric}"), tier="large",
                     time_bound=TIME_BOUND, check=_bind(_streamed, metric=metric), strategy=_cases(cases),
                     max_examples=len(cases))
    register("large_complement[roc_auc]", f"roc_auc(1 - y, s) = 1 - roc_auc(y, s) on {_case_list(SCORES)}",
             kind="relation", family="curves", needs=("roc_auc",), tier="large", time_bound=TIME_BOUND,
             check=_bind(_complement, metric="roc_auc"), strategy=_cases(SCORES), max_examples=len(SCORES))


def _bind(check, **keywords):
    def bound(t, c):
        check(t, c, **keywords)

    bound.__module__ = __name__
    bound.__qualname__ = f"{check.__name__}[{keywords.get('metric')}]"
    return bound


_register_all()


# --------------------------------------------------------------------------
# Memory: metrics whose memory can grow faster than n
#
# A metric built on all pairs of samples (a distance matrix, a kernel matrix, a dynamic-programming
# table) needs 8 n**2 bytes if it holds them all: 7.2 GB at n = 30,000, beyond the default per-call
# memory limit (``--memory-limit``: the smaller of 4 GiB and half the machine's memory), so a call over
# it is status ``memory`` (``properties/engine/vocabulary/memory.py``), with the call and its input size. Each
# ``large_memory`` property calls its metric at such a size, where the catalog (which never holds all
# pairs, see each metric's docstring) passes. Per metric (the pairwise metrics of the catalog):
#
# ================================  =================================================================
# silhouette_score                  case below: the catalog reduces blocks of 2**16 distances (O(n))
# dbcv                              case below, 30 clusters of 1,000: the catalog holds one cluster's
#                                   n_i x n_i matrices (about 33 n_i**2 bytes) and blocks between
#                                   clusters; one cluster of 30,000 would exceed the limit in the
#                                   catalog too (its docstring states the limit): not a case
# kernel_inception_distance         case below with the default subsets (1,000 rows): the catalog
#                                   holds 1,000 x 1,000 kernels; ``subset_size=None`` holds the full
#                                   (m + n)**2 kernels in the catalog too (docstring): not a case
# rouge_l                           case below: rapidfuzz's bit-parallel LCS is O(n); a full LCS
#                                   table of a 30,000-token document is 7.2 GB
# wer, edit_distance                no new case: large_agreement[wer] at document(n=100_000) already
#                                   needs 80 GB as a full table (a two-row table is O(n) and fine)
# rand_index, ARI, ...              no new case: the pair-counting cases reach 2e6 samples (a pair
#                                   matrix would be 32 TB)
# mel_cepstral_distortion (dtw)     no case: the catalog's DTW holds the n x m cost and accumulated
#                                   cost matrices (16 n m bytes; its docstring states the limit)
# frechet_distance, others          memory O(d**2) or O(n): nothing to grow
# ================================  =================================================================
#
# The point clouds and feature sets are generated here (``large.point_clusters``, ``large.feature_sets``
# are added to the large-input generators when this module is imported; a reproduction imports it).

def _memory_rng(name: str, n: int, **options) -> np.random.Generator:
    import zlib

    return np.random.default_rng(zlib.crc32(repr((name, n, sorted(options.items()))).encode()))


def point_clusters(n: int, *, clusters: int, dimensions: int = 2) -> dict:
    """``n`` points in ``clusters`` Gaussian blobs of equal size (unit spread, centres uniform in
    [-50, 50]^d), in random order, and their blob labels."""
    rng = _memory_rng("point_clusters", n, clusters=clusters, dimensions=dimensions)
    centres = rng.uniform(-50.0, 50.0, size=(clusters, dimensions))
    labels = rng.permutation(np.repeat(np.arange(clusters), -(-n // clusters))[:n])
    return {"X": centres[labels] + rng.normal(size=(n, dimensions)), "labels": labels}


def feature_sets(n: int, *, dimensions: int, shift: float) -> dict:
    """Two sets of ``n`` standard normal feature vectors, the second shifted by ``shift`` in every feature."""
    rng = _memory_rng("feature_sets", n, dimensions=dimensions, shift=shift)
    return {"features_1": rng.normal(size=(n, dimensions)), "features_2": rng.normal(size=(n, dimensions)) + shift}


def _add_generator(generator) -> None:
    name = generator.__name__
    large.GENERATORS.setdefault(name, generator)

    def rebuild(n: int, **options):
        return large.case(name, n, **options).build()

    rebuild.__name__ = rebuild.__qualname__ = name
    rebuild.__doc__ = generator.__doc__
    if not hasattr(large, name):
        setattr(large, name, rebuild)


for _generator in (point_clusters, feature_sets):
    _add_generator(_generator)

#: n x n float64 at 30,000 samples: 7.2 GB, beyond the default limit of at most 4 GiB
PAIRWISE_N = 30_000
POINTS = [case("point_clusters", PAIRWISE_N, clusters=30)]
FEATURES = [case("feature_sets", PAIRWISE_N, dimensions=16, shift=0.5)]
LONG_DOCUMENT = [case("document", PAIRWISE_N)]

# metric -> (cases, fields, keywords, compare with the catalog's value); a metric on random subsets (KID) is
# compared with what its cases make certain instead: two sets half a unit apart in every feature. KID
# draws 10 subsets of 1,000 rows, not 100: the memory is the same and a loaded machine takes 40 s for 100
MEMORY_SPEC: dict[str, tuple] = {
    "silhouette_score": (POINTS, ("X", "labels"), {}, True),
    "dbcv": (POINTS, ("X", "labels"), {}, True),
    "rouge_l": (LONG_DOCUMENT, ("references", "hypothesis"), {}, True),
    "kernel_inception_distance": (FEATURES, ("features_1", "features_2"), {"subsets": 10}, False),
}


def _within_memory(t, c, *, metric):
    cases, fields, form, compare = MEMORY_SPEC[metric]
    data = c.build()
    args = _arguments(data, fields)
    got = _numbers(getattr(t, metric)(*args, **form))
    shown = f"{metric}({', '.join(f'{k}={v!r}' for k, v in form.items())}) on {c!r}"
    if compare:
        want = _numbers(getattr(metrics, metric)(*[_as_held(a) for a in args], **form))
        expect_close(got, want, rtol=RTOL, atol=ATOL, ops=_ops(c.n), relative=True,
                     what=f"{shown} vs the catalog's value")
        return
    mean = float(got.reshape(-1)[0])
    assert math.isfinite(mean) and mean > 0, (
        f"{shown} -> {got.tolist()!r}: the two sets differ by 0.5 in each of 16 features, MMD^2 must be > 0")


def _register_memory() -> None:
    for metric, (cases, _fields, form, compare) in MEMORY_SPEC.items():
        what = "agrees with the catalog's value" if compare else "sees two feature sets 0.5 apart (MMD^2 > 0)"
        register(f"large_memory[{metric}]",
                 f"{metric} runs within the per-call memory limit and {what} on {_case_list(cases)}, where "
                 f"all pairs of samples take {8 * PAIRWISE_N ** 2 / 1e9:.1f} GB",
                 kind="agreement" if compare else "relation", family=metrics.CATALOG[metric],
                 needs=(metric, *(f"{metric}:{k}" for k in form)),
                 tier="large", time_bound=TIME_BOUND, check=_bind(_within_memory, metric=metric),
                 strategy=_cases(cases), max_examples=len(cases))


_register_memory()
