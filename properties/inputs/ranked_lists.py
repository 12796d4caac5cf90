"""Shared Hypothesis strategies for ranked lists: batches of queries of scored, graded documents.

An example is ``(grades, scores, k)``: ``grades`` holds n_queries x n_docs
relevance grades, ``scores`` the predicted scores of the same documents (or
None: the grades are a ranked list, already in rank order), ``k`` the cutoff
(None: every document). Batches are tiny (<= 4 queries x 7 documents, grades
0..4) and reach the edges on purpose: one query, nothing relevant, everything
relevant, all scores tied, tiny and huge score magnitudes, float32 scores.

What a *sample* is, for the generic properties (``properties/generic.py``):

* the per-query metrics (P@k, R@k, AP@k, RR, DCG, NDCG: one value per query)
  see each **document** as a sample (:data:`DOCUMENTS`): documents are permuted
  together with their scores, by the same permutation in every query. The
  examples are always scored: in a ranked list the order of the documents *is*
  the ranking. Repeating documents changes which of them fill the top k, so
  these metrics are not duplication-invariant;
* the mean metrics (MAP, MRR, hit rate: one value per batch) see each
  **query** as a sample (:data:`QUERIES`): queries are permuted, repeated and
  weighted (``sample_weight`` is one weight per query).
"""

from __future__ import annotations

import functools

import numpy as np
from hypothesis import strategies as st

from . import ROUNDED, InputShape, Recast, edges_of, float_recasts, integer_recasts, list_recast, upcast, with_edges
from .labels import sample_weights

#: mostly irrelevant documents: where each one lands (hit or miss) matters
SPARSE_GRADES = st.sampled_from([0, 0, 0, 1, 2])


@st.composite
def batches(
    draw,
    *,
    min_docs=2,
    max_docs=6,
    max_queries=3,
    min_queries=1,
    grades=st.integers(0, 3),
    scored=True,
    ties=True,
):
    """(grades, scores or None, k): a batch of queries with the same number of documents.

    At least two documents by default: one-document queries have their own
    properties (``single_document_query[...]``), as scikit-learn refuses them.
    Scores are small integers (so ties are frequent) mapped through one drawn
    positive scale (tiny to huge magnitudes) and optionally cast to float32:
    few draws per example keeps shrinking fast.
    """
    n_queries = draw(st.integers(min_queries, max_queries))
    n_docs = draw(st.integers(min_docs, max_docs))
    shape = (n_queries, n_docs)
    size = n_queries * n_docs
    y = np.array(draw(st.lists(grades, min_size=size, max_size=size)), dtype=float).reshape(shape)
    scores = None
    if scored:
        if ties:
            levels = draw(st.lists(st.integers(0, 4), min_size=size, max_size=size))
        else:
            levels = draw(st.permutations(range(size)))
        scale = draw(st.sampled_from([1.0, 0.25, 1e-30, 1e30]))
        scores = (np.array(levels, dtype=float) * scale).reshape(shape)
        if draw(st.booleans()):
            scores = scores.astype(np.float32)
    k = draw(st.none() | st.integers(1, n_docs + 1))
    return y, scores, k


@st.composite
def leave_one_out_batches(draw, **options):
    """:func:`batches` in which every query has exactly one relevant document (grade 1 to 3, at a drawn place):
    the leave-one-out protocol of recommender evaluation (one held-out item per user), on which ARHR@k is MRR@k
    and on which libraries computing only reciprocal rank are audited for ARHR. ``options`` go to batches."""
    y, s, k = draw(batches(grades=st.just(0), **options))
    n_queries, n_docs = y.shape
    held_out = draw(st.lists(st.tuples(st.integers(0, n_docs - 1), st.integers(1, 3)), min_size=n_queries,
                             max_size=n_queries))
    y = y.copy()
    for query, (place, grade) in enumerate(held_out):
        y[query, place] = grade
    return y, s, k


def positional(ex) -> tuple:
    """A ranking metric's positional arguments for an example: the grades, and the scores unless a ranked list."""
    y, s = ex[0], ex[1]
    return (y, s) if s is not None else (y,)


#: the cutoffs that keep a perfect ranking at the metric's best value, where not every k does:
#: P@k needs only relevant documents in the top k, recall and AP every relevant document in it
PERFECT_TOP_K = {
    "precision_at_k": "relevant_only",
    "recall_at_k": "every_relevant",
    "average_precision_at_k": "every_relevant",
    "mean_average_precision": "every_relevant",
    "average_recall_at_k": "every_relevant",
    "mean_average_recall": "every_relevant",
    # fall-out (lower is better) is 0 only while no non-relevant document is in the top k
    "fall_out_at_k": "relevant_only",
}


@st.composite
def perfect_batches(draw, top_k: str = "any"):
    """A perfect ranking, at least one relevant document per query: the grades sorted descending
    as a ranked list, or scores equal to the grades (documents in the drawn order).

    ``top_k``: "any" (every k: the first document is relevant, the order ideal),
    "relevant_only" (k at most the fewest relevant documents of a query),
    "every_relevant" (k at least the most).
    """
    y, _, k = draw(batches(scored=False, grades=st.integers(0, 4)))
    y = np.hstack([y, np.ones((y.shape[0], 1))])
    n = y.shape[1]
    relevant = (y > 0).sum(axis=1)
    if top_k == "relevant_only":
        fewest = int(relevant.min())
        k = draw((st.none() if fewest == n else st.nothing()) | st.integers(1, fewest))
    elif top_k == "every_relevant":
        k = draw(st.none() | st.integers(int(relevant.max()), n + 1))
    if draw(st.booleans()):
        return y, y.copy(), k
    return -np.sort(-y, axis=1), None, k


@st.composite
def bad_batches(draw):
    """(example, argument at fault, defect): queries without documents (``empty``), ragged queries
    (``ragged``), a NaN score (``nan``), or scores whose shape does not match the grades, a document
    fewer or a query more (``shape_mismatch``)."""
    y, s, k = draw(batches())
    defect = draw(st.sampled_from(["empty", "ragged", "nan", "shape_mismatch"]))
    if defect == "empty":
        return (y[:, :0], None, None), "y_true", defect
    if defect == "ragged":
        return ([[*y[0], 1.0], list(y[0])], None, k), "y_true", defect
    if defect == "nan":
        s = s.astype(float)
        s[draw(st.integers(0, s.shape[0] - 1)), draw(st.integers(0, s.shape[1] - 1))] = np.nan
        return (y, s, k), "y_score", defect
    return (y, s[:, :-1] if draw(st.booleans()) else np.vstack([s, s[:1]]), k), "y_score", defect


#: bad batches every profile reaches: a NaN grade, and one score per query against four documents (which NumPy
#: would broadcast: every document tied)
BAD_BATCH_EDGES = (
    ("nan_grade", ((np.array([[1.0, np.nan, 0.0, 2.0]]), np.array([[0.5, 2.0, 1.0, 3.0]]), None), "y_true", "nan")),
    ("broadcast_y_score", ((np.array([[1.0, 0.0, 2.0, 0.0]]), np.array([[0.5]]), None), "y_score", "broadcast")),
)


def _call(t, name: str, ex, **kw):
    return getattr(t, name)(*positional(ex), k=ex[2], **kw)


def _call_whole_list(t, name: str, ex, **kw):
    """A metric without a cutoff (R-precision, bpref): the drawn k is not passed."""
    return getattr(t, name)(*positional(ex), **kw)


def _take(ex, idx: np.ndarray, axis: int):
    y, s, k = ex
    return y.take(idx, axis=axis), (None if s is None else s.take(idx, axis=axis)), k


#: the integer dtypes relevance grades are offered in: grades are small non-negative integers
GRADE_DTYPES = (np.int64, np.int8, np.uint8)


def _recast_batch(ex) -> list[Recast]:
    """The grades (integer values drawn as floats) as int64, int8 and uint8, and as bool when every grade
    is 0 or 1 (binary relevance); the scores rounded to float32; both as Python lists. Float16 scores
    are not offered: the drawn magnitudes (1e-30, 1e30) are outside its range."""
    y, s, k = ex
    canonical = (y, upcast(s), k)
    out = [*integer_recasts("y_true", [y], lambda a, dtype: (a[0], s, k), dtypes=GRADE_DTYPES, boolean=True,
                            versus="float64")]
    if s is not None:
        out += float_recasts("y_score", [s], lambda a: (y, a[0], k), ops=s.shape[1])
    arrays = [y] if s is None else [y, s]
    out.append(list_recast("y_true" if s is None else "y_true, y_score", arrays,
                           lambda a: (a[0], a[1] if s is not None else None, k), versus="float64",
                           baseline=canonical if canonical[1] is not s else None))
    return out


def _shape(name: str, examples, axis: int, *, cutoff: bool = True, **extra) -> InputShape:
    """The shape whose samples lie along ``axis`` of the grades and scores (0: queries, 1: documents);
    ``cutoff=False``: for metrics without a k, which are called without it."""
    return InputShape(
        name=name,
        examples=lambda metric: examples,
        size=lambda ex: int(ex[0].shape[axis]),
        take=functools.partial(_take, axis=axis),
        call=_call if cutoff else _call_whole_list,
        call_keywords=("k",) if cutoff else (),
        set_keyword=(lambda ex, keyword, value: (ex[0], ex[1], value)) if cutoff else None,
        perfect=lambda metric: with_edges(perfect_batches(PERFECT_TOP_K.get(metric, "any")),
                                          perfect_batch_edges(PERFECT_TOP_K.get(metric, "any"))),
        bad=lambda metric: with_edges(bad_batches(), BAD_BATCH_EDGES),
        recast=_recast_batch,
        dtypes=f"grades as int64, int8, uint8 and bool (0/1 grades); scores in float32, {ROUNDED}; Python lists",
        # documents tie within a query; reordering whole queries moves no document within its query
        tie_keys=(lambda ex: ex[1]) if axis == 1 else None,
        **extra,
    )


# ------------------------------------------------------------------ edge cases


def _batch(grades, scores, k, dtype=np.float64):
    return np.array(grades, dtype=np.float64), np.array(scores, dtype=dtype), k


def batch_edges() -> tuple:
    """Scored batches that break ranking metrics: every score tied, no relevant document in a query (0/0
    for recall and NDCG), every document relevant, a cutoff k far beyond the list (k = 50 for 4
    documents), graded relevance with scores tied across grades (the tie rule decides the gain), integer
    scores (int64: a score is not a class label), a two-document query, and the only relevant document ranked
    last; one query, and several. (Negative grades, which some of the metrics refuse, are the edge cases of
    ``ranking.negative_grades``.)"""
    return (
        ("all_scores_tied", _batch([[1, 0, 2, 0]], [[1.0, 1.0, 1.0, 1.0]], None)),
        ("no_relevant_document", _batch([[0, 0, 0], [1, 0, 2]], [[3.0, 2.0, 1.0], [1.0, 2.0, 3.0]], 2)),
        ("every_document_relevant", _batch([[2, 1, 3, 1]], [[0.5, 2.0, 1.0, 3.0]], 2)),
        ("k_beyond_the_list", _batch([[0, 1, 0, 2]], [[1.0, 3.0, 2.0, 0.0]], 50)),
        ("ties_across_grades", _batch([[3, 0, 1, 2, 0]], [[2.0, 2.0, 1.0, 2.0, 1.0]], 3)),
        ("integer_scores", _batch([[2, 0, 1, 0], [0, 1, 0, 3]], [[1, 4, 2, 3], [4, 3, 2, 1]], 2, dtype=np.int64)),
        ("two_documents", _batch([[1, 0]], [[0.0, 1.0]], 1)),
        # the only relevant document ranked last, below the cutoff (k = 2) and inside it (no cutoff)
        ("one_relevant_at_the_bottom", _batch([[0, 0, 0, 1], [0, 2, 0, 0]], [[4.0, 3.0, 2.0, 1.0],
                                                                             [0.5, 0.0, 1.5, 1.0]], 2)),
    )


def perfect_batch_edges(top_k: str = "any") -> tuple:
    """Perfect rankings (see :func:`perfect_batches`): every document relevant, scored by its grade with
    ties between equal grades (as floats, and as int64 scores); and, where k may pass the relevant documents (``top_k`` other than
    "relevant_only"), a ranked list of grades in descending order ending in irrelevant documents, with
    k beyond the list."""
    y = np.array([[2.0, 1.0, 3.0, 1.0]])
    edges = [("every_document_relevant_perfect", (y, y.copy(), None)),
             ("integer_scores_perfect", (y, y.astype(np.int64), None))]
    if top_k != "relevant_only":
        edges.append(("ranked_list_k_beyond_perfect", (np.array([[3.0, 2.0, 2.0, 1.0, 0.0, 0.0]]), None, 50)))
    return tuple(edges)


#: scored batches with ties (the bounds' inputs), and tie-free ones with few relevant documents
DOCUMENT_EXAMPLES = with_edges(st.one_of(batches(), batches(ties=False, grades=SPARSE_GRADES)), batch_edges())

#: batches, and three or more queries, often without a hit: reordering them must matter to a wrong mean
QUERY_EXAMPLES = with_edges(st.one_of(batches(), batches(min_queries=3, max_queries=4, grades=SPARSE_GRADES)),
                            batch_edges())

#: the per-query metrics' samples: documents, permuted with their scores in every query alike
DOCUMENTS = _shape("queries of scored documents", DOCUMENT_EXAMPLES, axis=1)

#: the same, for the per-query metrics without a cutoff (R-precision, bpref)
WHOLE_LISTS = _shape("queries of scored documents, no cutoff", DOCUMENT_EXAMPLES, axis=1, cutoff=False)

def _query_shape(name: str, examples) -> InputShape:
    """The shape of a mean metric: whole queries are the samples, with one sample_weight each."""
    return _shape(
        name, examples, axis=0,
        weighted=lambda metric: with_edges(examples.flatmap(
            lambda ex: st.tuples(st.just(ex), sample_weights(ex[0].shape[0], kind="int"))),
            [(f"{edge}_weighted", (ex, np.arange(1, ex[0].shape[0] + 1, dtype=np.float64)))
             for edge, ex in edges_of(examples) if ex[0].shape[0] > 1]),
    )


#: the mean metrics' samples: whole queries, with one sample_weight each
QUERIES = _query_shape("batches of queries", QUERY_EXAMPLES)

#: the same with a third of the draws in the leave-one-out protocol (exactly one relevant document per query), and
#: a tied one among the edges: ARHR's shape, so that a library audited for ARHR on that domain alone (through its
#: reciprocal rank) meets enough examples inside it
LEAVE_ONE_OUT_EXAMPLES = with_edges(
    st.one_of(batches(), batches(min_queries=3, max_queries=4, grades=SPARSE_GRADES),
              leave_one_out_batches(max_queries=4)),
    (*batch_edges(), ("one_relevant_per_query_tied", _batch([[0, 0, 1, 0], [2, 0, 0, 0]],
                                                            [[1.0, 1.0, 1.0, 1.0], [3.0, 2.0, 2.0, 1.0]], 2))))
LEAVE_ONE_OUT_QUERIES = _query_shape("batches of queries, a third with one relevant document per query",
                                     LEAVE_ONE_OUT_EXAMPLES)
