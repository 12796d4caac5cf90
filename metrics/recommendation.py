"""Beyond-accuracy metrics of top-k recommendation lists: novelty, intra-list diversity, catalog coverage and
personalization (seed 004, Raza & Ding 2020's table of recommender metrics: "Novelty @ k", "Diversity").

Every metric takes ``recommendations``, an integer array of shape (n_users, n_slots): row u holds the ids of
the items recommended to user u, best first. Item ids are the integers 0..n_items-1 (the columns of
``interactions`` and the rows of ``item_similarity``); a list never repeats an item. Every user has a list of
the same length, so a mean over users and their items is also the mean of the per-user means.

Conventions, each a named option:

* ``k=None`` means every slot; a ``k`` above the number of slots is clipped to it; ``k < 1`` is refused;
* ``no_pairs``: what intra-list diversity (a one-item list) and personalization (one user) return when there
  is no pair to compare (0/0): ``"raise"`` (default, MetricInputError naming ``recommendations``), ``"zero"``
  or ``"nan"``;
* ``zero_popularity``: what novelty's self-information does with a recommended item no user interacted with
  (popularity 0, -log2 0 = inf): ``"raise"`` (default, MetricInputError naming ``interactions``) or
  ``"one_user"`` (counted as interacted with by one user: popularity 1/n_users, the highest self-information
  a seen item can have; rs_metrics' ``surprisal`` fills with the same value).
"""

from __future__ import annotations

import numbers
import sys

import numpy as np

from ._validation import as_floats, check_choice, check_int_at_least
from .errors import MetricInputError

__all__ = [
    "novelty_at_k",
    "intra_list_diversity",
    "catalog_coverage",
    "personalization",
]

NOVELTY_DEFINITIONS = ("self_information", "unseen_ratio")
ZERO_POPULARITY = ("raise", "one_user")
NO_PAIRS = ("raise", "zero", "nan")

#: item ids are int64 indexes
_MAX_ID = 2**62

#: the most gathered similarities held at once by intra_list_diversity (users x k x k per block)
_PAIRS_PER_BLOCK = 1 << 20


def _top_k(recommendations, k, n_items: int | None = None, items_of: str = "") -> np.ndarray:
    """The first k item ids of every user's list, as int64 (n_users, k), after checking the whole lists:
    2-D, not empty, integer ids in 0..n_items-1, no item twice in a list."""
    name = "recommendations"
    if recommendations is None or isinstance(recommendations, (str, bytes)) or np.isscalar(recommendations):
        raise MetricInputError(name, f"expected a 2-D array of item ids, got {recommendations!r}")
    if isinstance(recommendations, np.ma.MaskedArray) and np.ma.is_masked(recommendations):
        raise MetricInputError(name, "is a masked array with masked entries")
    try:
        ids = np.asarray(recommendations)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise MetricInputError(name, f"cannot be read as an array ({exc})") from None
    if ids.dtype.kind not in "iuf":
        raise MetricInputError(name, f"expected integer item ids, got dtype {ids.dtype}")
    if ids.ndim != 2:
        raise MetricInputError(name, f"expected a 2-D array (one row of item ids per user), got shape {ids.shape}")
    if ids.size == 0:
        raise MetricInputError(name, f"is empty (shape {ids.shape}): no user, or lists of no item")
    if ids.dtype.kind == "f":
        if not np.isfinite(ids).all():
            raise MetricInputError(name, "contains NaN or infinite item ids")
        if (ids != np.round(ids)).any():
            raise MetricInputError(name, "contains item ids that are not integers")
    if ids.min() < 0:
        raise MetricInputError(name, f"contains a negative item id ({ids.min()})")
    if ids.max() >= _MAX_ID:
        raise MetricInputError(name, f"contains item id {ids.max()}, beyond what an int64 index holds")
    if n_items is not None and ids.max() >= n_items:
        raise MetricInputError(name, f"contains item id {ids.max()}, but {items_of} has {n_items} items "
                                     f"(ids 0..{n_items - 1})")
    ids = ids.astype(np.int64)
    ordered = np.sort(ids, axis=1)
    repeated = ordered[:, 1:] == ordered[:, :-1]
    if repeated.any():
        user = int(np.flatnonzero(repeated.any(axis=1))[0])
        raise MetricInputError(name, f"the list of user {user} recommends an item twice: {ids[user].tolist()}")
    n_slots = ids.shape[1]
    k = n_slots if k is None else min(check_int_at_least(k, "k", 1), n_slots)
    return ids[:, :k]


def _no_pairs(policy: str, what: str) -> float:
    if policy == "raise":
        raise MetricInputError("recommendations", f"{what}: no pair to compare (no_pairs='raise'; "
                                                  "'zero' gives 0, 'nan' NaN)")
    return 0.0 if policy == "zero" else float("nan")


def novelty_at_k(recommendations, interactions, *, k=None, definition="self_information",
                 zero_popularity="raise"):
    """Novelty at k of the users' top-k lists, by one of two definitions.

    ``interactions`` (n_users x n_items, row u the training interactions of the user whose list is row u of
    ``recommendations``; a value > 0 is an interaction, e.g. a 0/1 matrix or counts; a NumPy array or a
    scipy.sparse matrix, whose entries not stored are 0) gives the popularity
    ``pop_i = |{u: interactions[u, i] > 0}| / n_users`` of each item and the items each user has seen.

    * ``"self_information"`` (default): the mean self-information of the recommended items, in bits,
      ``N@k = (1 / (n_users k)) sum_u sum_{i in L_u} -log2 pop_i`` (Zhou, Kuscsik, Liu, Medo, Wakeling &
      Zhang, "Solving the apparent diversity-accuracy dilemma of recommender systems", PNAS 2010: novelty
      as the mean of log2(u / k_i), u users, k_i the users who collected item i). Not normalised: range
      [0, log2(n_users)], 0 when every recommended item was seen by every user; divide by log2(n_users) for
      [0, 1]. An item no user interacted with has popularity 0: ``zero_popularity`` ("raise", or
      "one_user": popularity 1/n_users).
    * ``"unseen_ratio"``: seed 004's definition, "the ratio of unseen and recommended items over the
      recommended items": per user, the fraction of the top k the user has not interacted with
      (``interactions[u, i] <= 0``), averaged over users. "Unseen" is read as unseen by that user (the
      seed does not say by whom; an item no user has seen is unseen by each). Range [0, 1]; 1 when nothing
      recommended was seen before. ``zero_popularity`` plays no part.

    Undefined cases: a recommended item of popularity 0 under "self_information" (``zero_popularity``).
    Users without any interaction count in n_users (they saw nothing). Source: Zhou et al. 2010 (above);
    seed 004 (Raza & Ding, "A survey on news recommender systems", 2020: "Novelty @ k").
    """
    check_choice(definition, "definition", NOVELTY_DEFINITIONS)
    check_choice(zero_popularity, "zero_popularity", ZERO_POPULARITY)
    seen = _Interactions(interactions)
    top = _top_k(recommendations, k, seen.n_items, "interactions (its columns)")
    if top.shape[0] != seen.n_users:
        raise MetricInputError("interactions", f"has {seen.n_users} rows (users) but recommendations has "
                                               f"{top.shape[0]} lists; row u of each is the same user")
    if definition == "unseen_ratio":
        return float(1.0 - seen.seen(top).mean())
    users_of = seen.users_per_item()[top]
    if (users_of == 0).any():
        if zero_popularity == "raise":
            item = int(top[users_of == 0][0])
            raise MetricInputError("interactions", f"no user interacted with recommended item {item} (popularity "
                                                   "0, -log2 0 = inf); zero_popularity='one_user' counts it as "
                                                   "one user's")
        users_of = np.maximum(users_of, 1)
    return float(np.mean(np.log2(seen.n_users / users_of)))


class _Interactions:
    """The users' training interactions (value > 0), dense or scipy.sparse, after checking them: 2-D, not
    empty, no NaN, no infinity, nothing negative."""

    def __init__(self, interactions):
        name = "interactions"
        # a scipy.sparse matrix exists only once scipy.sparse is imported: no need to import it (0.15 s) to ask
        sparse = sys.modules.get("scipy.sparse")
        if sparse is not None and sparse.issparse(interactions):
            m = sparse.csr_array(interactions)
            if m.ndim != 2 or 0 in m.shape:
                raise MetricInputError(name, f"expected a non-empty users x items matrix, got shape {m.shape}")
            m.sum_duplicates()  # canonical: sorted column indices, one entry per cell
            values = as_floats(m.data, name, allow_empty=True)
            self.dense = None
        else:
            values = as_floats(interactions, name, ndim=2)
            m = None
            self.dense = values > 0
        if (values < 0).any():
            raise MetricInputError(name, "contains negative values (an interaction is a value > 0)")
        self.n_users, self.n_items = (m if m is not None else values).shape
        if m is not None:  # the cells with an interaction, as sorted keys user * n_items + item
            rows = np.repeat(np.arange(self.n_users, dtype=np.int64), np.diff(m.indptr))
            kept = values > 0
            self._items = m.indices[kept].astype(np.int64)
            self._keys = rows[kept] * self.n_items + self._items

    def users_per_item(self) -> np.ndarray:
        if self.dense is not None:
            return self.dense.sum(axis=0)
        return np.bincount(self._items, minlength=self.n_items)

    def seen(self, top: np.ndarray) -> np.ndarray:
        """Whether user u interacted with item top[u, j], for every slot."""
        if self.dense is not None:
            return np.take_along_axis(self.dense, top, axis=1)
        wanted = np.arange(top.shape[0], dtype=np.int64)[:, None] * self.n_items + top
        at = np.minimum(np.searchsorted(self._keys, wanted), max(self._keys.size - 1, 0))
        return self._keys[at] == wanted if self._keys.size else np.zeros(top.shape, dtype=bool)


def intra_list_diversity(recommendations, item_similarity, *, k=None, no_pairs="raise"):
    """Intra-list diversity at k: the mean over users of 1 - the mean similarity of the pairs in their top k.

    ``ILD@k = (1/n_users) sum_u (1 - (1 / (k (k - 1))) sum_{i != j} S[L_u[i], L_u[j]])``, the sum over the
    ordered pairs of distinct positions of the list: for a symmetric ``item_similarity`` S (n_items x
    n_items) that is the mean over its k (k - 1) / 2 unordered pairs; an asymmetric S counts each pair by
    the mean of its two entries. The diagonal is never read (a list has no item twice). Range [1 - s_max,
    1 - s_min] for similarities in [s_min, s_max]: [0, 1] for similarities in [0, 1]; 0 when every pair of a
    list has similarity 1. Undefined (no pair) for lists of one item (k = 1): ``no_pairs``. Source: Smyth &
    McClave, "Similarity vs. diversity", ICCBR 2001 (diversity as the mean pairwise dissimilarity
    1 - similarity of a list); Ziegler, McNee, Konstan & Lausen, "Improving recommendation lists through topic
    diversification", WWW 2005 (intra-list similarity); seed 004 ("Diversity: the degree of how much
    dissimilar recommended items are for a user").
    """
    check_choice(no_pairs, "no_pairs", NO_PAIRS)
    sim = as_floats(item_similarity, "item_similarity", ndim=2)
    if sim.shape[0] != sim.shape[1]:
        raise MetricInputError("item_similarity", f"must be square (n_items x n_items), got shape {sim.shape}")
    top = _top_k(recommendations, k, sim.shape[0], "item_similarity")
    n_users, k = top.shape
    if k == 1:
        return _no_pairs(no_pairs, "lists of one item (k = 1)")
    n_items = sim.shape[0]
    flat = np.ascontiguousarray(sim).ravel()  # one flat take: faster than 2-D fancy indexing
    pair_sum = np.empty(n_users)
    block = max(1, _PAIRS_PER_BLOCK // (k * k))
    for start in range(0, n_users, block):  # blocks of users bound the gathered k x k similarities
        rows = top[start:start + block] * n_items
        cells = rows[:, :, None] + top[start:start + block, None, :]
        pair_sum[start:start + block] = (flat.take(cells).sum(axis=(1, 2))
                                         - flat.take(rows + top[start:start + block]).sum(axis=1))
    return float(np.mean(1.0 - pair_sum / (k * (k - 1))))


def catalog_coverage(recommendations, n_items, *, k=None):
    """Catalog coverage at k: the fraction of the catalog that appears in some user's top k.

    ``coverage@k = |union_u L_u| / n_items``, L_u the top k of user u, items numbered 0..n_items-1.
    Range [0, 1] (at least k / n_items: one list alone holds k items); 1 when every item is recommended to
    someone. Undefined cases: none (n_items >= 1 is enforced). Source: Ge, Delgado-Battenfeld & Jannach,
    "Beyond accuracy: evaluating recommender systems by coverage and serendipity", RecSys 2010 (catalog
    coverage); Herlocker, Konstan, Terveen & Riedl, "Evaluating collaborative filtering recommender systems",
    ACM TOIS 2004, section 5.1 (coverage).
    """
    if isinstance(n_items, bool) or not isinstance(n_items, numbers.Integral):
        raise MetricInputError("n_items", f"expected the number of items in the catalog (an integer >= 1), "
                                          f"got {n_items!r}")
    if n_items < 1:
        raise MetricInputError("n_items", f"must be >= 1, got {n_items!r}")
    top = _top_k(recommendations, k, int(n_items), "n_items")
    recommended = np.zeros(int(n_items), dtype=bool)
    recommended[top.ravel()] = True
    return float(np.count_nonzero(recommended) / n_items)


def personalization(recommendations, *, k=None, no_pairs="raise"):
    """Personalization at k: 1 - the mean cosine similarity of the users' top-k lists, over pairs of users.

    Each list is a binary item vector; two lists of k distinct items have cosine |L_u & L_v| / k. So
    ``pers@k = 1 - (2 / (n (n - 1))) sum_{u < v} |L_u & L_v| / k`` over the n (n - 1) / 2 unordered pairs of
    distinct users, which is Zhou et al.'s mean inter-list Hamming distance 1 - q_uv / L. Computed without the
    pairs: ``sum_{u < v} |L_u & L_v| = sum_i c_i (c_i - 1) / 2``, c_i the users whose top k holds item i.
    Range [0, 1]: 0 when every user gets the same items, 1 when no two users share one. Undefined (no pair)
    for one user: ``no_pairs``. Source: Zhou et al., "Solving the apparent diversity-accuracy dilemma of
    recommender systems", PNAS 2010 (personalization as the mean Hamming distance between users' lists);
    recmetrics' ``personalization`` (1 - mean cosine similarity between users' recommendation vectors).
    """
    check_choice(no_pairs, "no_pairs", NO_PAIRS)
    top = _top_k(recommendations, k)
    n_users, k = top.shape
    if n_users == 1:
        return _no_pairs(no_pairs, "one user")
    ids = top.ravel()
    if ids.max() <= 4 * ids.size + 1024:  # a table of the ids is smaller than sorting them
        users_of = np.bincount(ids).astype(np.float64)
    else:
        users_of = np.unique(ids, return_counts=True)[1].astype(np.float64)
    shared = float(np.sum(users_of * (users_of - 1.0))) / 2.0
    return float(1.0 - shared / (k * n_users * (n_users - 1) / 2.0))
