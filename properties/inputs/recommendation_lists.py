"""Top-k recommendation lists of a few users over a small catalog, with what the beyond-accuracy metrics read.

An example is a :class:`RecommendationLists`: ``recommendations`` (n_users x n_slots int64 item ids, best
first, distinct within a row), the catalog size ``n_items``, the users' training ``interactions`` (n_users x
n_items, 0/1; row u is the user of list u), a symmetric ``item_similarity`` (n_items x n_items, entries in
{0, 1/4, 1/2, 1}, diagonal 1) and the cutoff ``k`` (None: every slot). Every example has at least one
interaction per item (popularity > 0, where novelty's self-information is defined); a user with no
interaction at all is drawn on purpose (a cold-start user, counted among the users).

The samples of the generic properties are the **users**: a permutation or a repetition moves a user's list
and interaction row together; item ids, the catalog and the similarities stay. Users draw rows (a list and
an interaction row each), so the shrinker deletes a user whole. Lists are independent, or copies of one list
(every user the same items), so that both ends of personalization are reached.

Edge cases: one user, one item, every user the same list (also in another order), pairwise disjoint lists,
k = 1, a user without interactions, every item seen by every user, every pair of items similar.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st

from . import ROUNDED, InputShape, Recast, float_recasts, integer_recasts, list_recast, literal, mapped_edges, \
    with_edges

MAX_USERS = 5
MAX_ITEMS = 7
MAX_SLOTS = 4
#: the similarities drawn: exact in binary, so sums of them are exact up to a few terms
SIMILARITIES = (0.0, 0.25, 0.5, 1.0)


@dataclasses.dataclass(frozen=True, repr=False)
class RecommendationLists:
    recommendations: np.ndarray
    n_items: int
    interactions: np.ndarray
    item_similarity: np.ndarray
    k: int | None = None

    def __repr__(self) -> str:
        return (f"RecommendationLists(recommendations={literal(self.recommendations)}, n_items={self.n_items}, "
                f"interactions={literal(self.interactions)}, item_similarity={literal(self.item_similarity)}, "
                f"k={self.k!r})")

    @property
    def n_users(self) -> int:
        return int(np.shape(self.recommendations)[0])

    def top(self) -> np.ndarray:
        """The first k ids of each list (k clipped to the slots), as the catalog reads them."""
        ids = np.asarray(self.recommendations, dtype=np.int64)
        return ids if self.k is None else ids[:, : self.k]


def _similarity(upper, n_items: int) -> np.ndarray:
    s = np.eye(n_items)
    s[np.triu_indices(n_items, 1)] = upper
    return np.maximum(s, s.T)


def _seen_somewhere(interactions: np.ndarray) -> np.ndarray:
    """``interactions`` with a 1 for user j mod n_users in every column nobody interacted with."""
    out = interactions.copy()
    for item in np.flatnonzero(~out.any(axis=0)):
        out[item % out.shape[0], item] = 1
    return out


def lists(ids, n_items: int, interactions=None, similarity=None, k=None) -> RecommendationLists:
    """A :class:`RecommendationLists` from plain values; every item nobody interacted with gets a user
    (:func:`_seen_somewhere`); the similarity of items i != j defaults to one of :data:`SIMILARITIES` picked by
    (i + j) (so that lists differ in diversity)."""
    ids = np.array(ids, dtype=np.int64)
    if interactions is None:
        interactions = np.zeros((ids.shape[0], n_items), dtype=np.int64)
    inter = _seen_somewhere(np.array(interactions, dtype=np.int64))
    if similarity is None:
        i, j = np.triu_indices(n_items, 1)
        similarity = _similarity(np.array(SIMILARITIES)[(i + j) % len(SIMILARITIES)], n_items)
    sim = np.array(similarity, dtype=np.float64)
    return RecommendationLists(ids, n_items, inter, sim, k)


@st.composite
def recommendation_lists(draw, *, min_users: int = 1, max_users: int = MAX_USERS, min_slots: int = 1,
                         max_items: int = MAX_ITEMS, pairs: bool = False):
    """A :class:`RecommendationLists`; ``pairs=True``: k and the slots at least 2 (every list holds a pair)."""
    min_slots = max(min_slots, 2 if pairs else 1)
    n_items = draw(st.integers(min_slots, max_items))
    n_slots = draw(st.integers(min_slots, min(n_items, MAX_SLOTS)))
    listed = st.permutations(range(n_items)).map(lambda p: p[:n_slots])
    density = draw(st.sampled_from([[0], [0, 0, 0, 1], [0, 1], [1]]))
    row = st.lists(st.sampled_from(density), min_size=n_items, max_size=n_items)
    rows = draw(st.lists(st.tuples(listed, row), min_size=min_users, max_size=max_users))
    if draw(st.booleans()):  # every user the same items, each in an order of its own
        rows = [(sorted(rows[0][0], key=lambda item: (item * (u + 1)) % (n_items + 1)), seen)
                for u, (_, seen) in enumerate(rows)]
    upper = draw(st.lists(st.sampled_from(SIMILARITIES), min_size=n_items * (n_items - 1) // 2,
                          max_size=n_items * (n_items - 1) // 2))
    k = draw(st.none() | st.integers(2 if pairs else 1, n_slots + 1))
    ids = np.array([r for r, _ in rows], dtype=np.int64).reshape(len(rows), n_slots)
    inter = np.array([seen for _, seen in rows], dtype=np.int64).reshape(len(rows), n_items)
    return RecommendationLists(ids, n_items, _seen_somewhere(inter), _similarity(upper, n_items), k)


def list_edges() -> tuple:
    """Recommendation lists that break beyond-accuracy metrics: one user (no pair of users), one item in the
    catalog (k = 1 everywhere), every user the same list (personalization 0) and the same items in other
    orders (a set, not a sequence), pairwise disjoint lists covering the catalog (personalization and
    coverage 1), k = 1 on longer lists, a cold-start user with no interaction, every item seen by every user
    (self-information 0, nothing unseen), and every pair of items similar (diversity 0)."""
    return (
        ("one_user", lists([[2, 0, 3]], 5, [[1, 0, 0, 1, 0]])),
        ("one_item", lists([[0], [0], [0]], 1, [[1], [0], [1]])),
        ("same_list", lists([[1, 4, 2]] * 3, 6, [[0, 1, 0, 0, 0, 1], [1, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0]])),
        ("same_items_reordered", lists([[1, 4, 2], [4, 2, 1], [2, 1, 4]], 5, [[0, 1, 0, 0, 1]] * 3)),
        ("disjoint_lists", lists([[0, 5], [3, 1], [4, 2]], 6, [[1, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 1],
                                                              [0, 1, 0, 0, 1, 0]])),
        ("k_is_one", lists([[3, 0, 2], [3, 1, 0], [2, 3, 1]], 4, [[1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 0, 1]], k=1)),
        ("user_without_interactions", lists([[0, 1], [2, 1], [1, 3]], 4, [[1, 1, 0, 0], [0, 0, 0, 0],
                                                                          [0, 1, 1, 1]])),
        ("every_item_seen_by_everyone", lists([[0, 2], [1, 0]], 3, np.ones((2, 3)))),
        ("every_pair_similar", lists([[0, 1, 2], [3, 2, 1]], 4, [[1, 0, 1, 0], [0, 1, 0, 1]],
                                     similarity=np.ones((4, 4)))),
    )


def _fits(ex: RecommendationLists, *, min_users: int, pairs: bool) -> bool:
    return ex.n_users >= min_users and (not pairs or ex.top().shape[1] >= 2)


def examples(*, min_users: int = 1, pairs: bool = False):
    """:func:`recommendation_lists` with the edge cases of :func:`list_edges` that fit."""
    return with_edges(recommendation_lists(min_users=min_users, pairs=pairs),
                      tuple((n, ex) for n, ex in list_edges() if _fits(ex, min_users=min_users, pairs=pairs)))


# ------------------------------------------------------------------ perfect inputs


def _relabelled(ex: RecommendationLists, order: np.ndarray) -> RecommendationLists:
    """``ex`` with item i renamed ``order[i]`` everywhere: in the lists, the interaction columns, the
    similarity rows and columns."""
    inverse = np.argsort(order)
    return dataclasses.replace(ex, recommendations=order[np.asarray(ex.recommendations, dtype=np.int64)],
                               interactions=np.asarray(ex.interactions)[:, inverse],
                               item_similarity=np.asarray(ex.item_similarity)[np.ix_(inverse, inverse)])


def relabelled(ex: RecommendationLists, order) -> RecommendationLists:
    """``ex`` with every item id i replaced by ``order[i]`` (a permutation of the catalog)."""
    return _relabelled(ex, np.asarray(order, dtype=np.int64))


def _disjoint(ex: RecommendationLists) -> RecommendationLists:
    """Each user a list of items of its own (n_users x n_slots distinct ids, in an order taken from the drawn
    lists), the catalog exactly those items, every pair of items dissimilar (similarity 0), k = None: coverage 1
    and personalization 1 (and ILD 1)."""
    n_users, n_slots = np.shape(ex.recommendations)
    n_items = n_users * n_slots
    ids = np.argsort(ex.recommendations.ravel(), kind="stable").reshape(n_users, n_slots)  # a permutation of the ids
    return lists(ids, n_items, np.zeros((n_users, n_items)), similarity=np.eye(n_items))


def perfect_examples(metric: str):
    """Lists at the best value of every metric that has one (:func:`_disjoint`), two users at least."""
    return with_edges(examples(min_users=2).map(_disjoint),
                      mapped_edges(tuple((n, ex) for n, ex in list_edges() if ex.n_users >= 2), _disjoint, "_perfect"))


# ------------------------------------------------------------------ bad input

#: metric -> its second argument (the field of the example it reads), None for personalization
SECOND = {"novelty_at_k": "interactions", "intra_list_diversity": "item_similarity", "catalog_coverage": "n_items",
          "personalization": None}


@st.composite
def bad_lists(draw, metric: str):
    """(example, argument at fault, defect): lists that are empty, 1-D or ragged, hold a negative, NaN,
    fractional or out-of-catalog id or an item twice; and the metric's second argument spoiled: interactions
    with a user fewer, a negative or NaN entry; a similarity matrix that is not square or holds NaN or inf;
    a catalog of no item."""
    ex = draw(recommendation_lists(max_users=3, min_slots=2))
    ids = ex.recommendations
    second = SECOND[metric]
    # personalization has no catalog: any non-negative id is in it
    of_lists = ["empty", "one_dimensional", "ragged", "negative", "nan", "fractional", "repeated_item"]
    of_lists += [] if second is None else ["out_of_catalog"]
    of_second = {"interactions": ["shape_mismatch", "negative", "nan"],
                 "item_similarity": ["shape_mismatch", "nan", "inf"], "n_items": ["zero"], None: []}[second]
    on_second, defect = draw(st.sampled_from([(False, d) for d in of_lists] + [(True, d) for d in of_second]))
    u, j = draw(st.integers(0, ids.shape[0] - 1)), draw(st.integers(0, ids.shape[1] - 1))
    if on_second:
        if second == "n_items":
            return dataclasses.replace(ex, n_items=0), "n_items", defect
        if second == "interactions":
            inter = ex.interactions.astype(np.float64)
            if defect == "shape_mismatch":
                inter = inter[:-1] if ex.n_users > 1 else np.vstack([inter, inter])
            else:
                inter[u, draw(st.integers(0, ex.n_items - 1))] = -1.0 if defect == "negative" else np.nan
            return dataclasses.replace(ex, interactions=inter), "interactions", defect
        sim = ex.item_similarity.copy()
        if defect == "shape_mismatch":
            sim = sim[:, :-1]
        else:
            a, b = draw(st.integers(0, ex.n_items - 1)), draw(st.integers(0, ex.n_items - 1))
            sim[a, b] = sim[b, a] = np.nan if defect == "nan" else np.inf
        return dataclasses.replace(ex, item_similarity=sim), "item_similarity", defect
    if defect == "empty":
        bad = ids[:0]
    elif defect == "one_dimensional":
        bad = ids[0].copy()
    elif defect == "ragged":
        bad = [row.tolist() for row in ids[:-1]] + [ids[-1, :-1].tolist()] if ids.shape[0] > 1 else \
            [ids[0].tolist(), ids[0, :-1].tolist()]
    elif defect in ("negative", "out_of_catalog", "repeated_item"):
        bad = ids.copy()
        bad[u, j] = {"negative": -1, "out_of_catalog": ex.n_items, "repeated_item": bad[u, j - 1]}[defect]
    else:  # nan, fractional: float ids
        bad = ids.astype(np.float64)
        bad[u, j] = np.nan if defect == "nan" else bad[u, j] + 0.5
    return dataclasses.replace(ex, recommendations=bad), "recommendations", defect


# ------------------------------------------------------------------ the shape


def call(t, name: str, ex: RecommendationLists, **kw):
    """``t.<name>`` on the example: the lists, the metric's second argument (if any), ``k``."""
    second = SECOND[name]
    args = (ex.recommendations,) if second is None else (ex.recommendations, getattr(ex, second))
    return getattr(t, name)(*args, k=ex.k, **kw)


def _take(ex: RecommendationLists, idx: np.ndarray) -> RecommendationLists:
    return dataclasses.replace(ex, recommendations=ex.recommendations[idx], interactions=ex.interactions[idx])


def _recast(ex: RecommendationLists) -> list[Recast]:
    """The item ids as int8 to uint64 (as float64 too: integral values), the 0/1 interactions as narrower
    integers and bool, the similarities rounded to float32 and float16 (exact: 0, 1/4, 1/2, 1), and all of
    them as nested Python lists."""
    ids, inter, sim = ex.recommendations, ex.interactions, ex.item_similarity
    return [
        *integer_recasts("recommendations", [ids], lambda a, dtype: dataclasses.replace(ex, recommendations=a[0])),
        Recast("recommendations as float64", dataclasses.replace(ex, recommendations=ids.astype(np.float64)),
               versus="int64"),
        *integer_recasts("interactions", [inter], lambda a, dtype: dataclasses.replace(ex, interactions=a[0]),
                         dtypes=(np.int8, np.uint8), boolean=True),
        *float_recasts("item_similarity", [sim], lambda a: dataclasses.replace(ex, item_similarity=a[0]),
                       ops=ex.n_users * ids.shape[1] ** 2, float16_bound=1.0),
        list_recast("recommendations, interactions, item_similarity", [ids, inter, sim],
                    lambda a: dataclasses.replace(ex, recommendations=a[0], interactions=a[1], item_similarity=a[2]),
                    versus="int64, int64, float64"),
    ]


def _examples(metric: str):
    return examples(min_users=2 if metric == "personalization" else 1, pairs=metric == "intra_list_diversity")


RECOMMENDATION_LISTS = InputShape(
    name="top-k recommendation lists of users (item ids), with interactions and item similarities",
    examples=_examples,
    size=lambda ex: ex.n_users,
    take=_take,
    call=call,
    call_keywords=("k",),
    set_keyword=lambda ex, keyword, value: dataclasses.replace(ex, **{keyword: value}),
    perfect=perfect_examples,
    bad=lambda metric: bad_lists(metric),
    recast=_recast,
    dtypes=f"item ids as int8 to uint64 and float64; 0/1 interactions as int8, uint8 and bool; similarities in "
           f"float32 and float16, {ROUNDED}; nested Python lists",
    # the same terms summed in another order
    rtol=1e-12,
    atol=1e-15,
)
