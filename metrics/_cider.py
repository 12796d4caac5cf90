"""CIDEr's TF-IDF n-gram vectors, for a whole corpus at once.

Every sentence of the corpus (each hypothesis and each reference) is laid out in
one integer array of token ids, sentences separated by -1. The n-grams of order n
get dense ids order by order (an n-gram is its (n-1)-gram prefix id and its last
token id, made dense by one ``np.unique``), so that term frequencies, document
frequencies, norms and the hypothesis-reference products are ``np.unique``,
``np.bincount`` and ``np.searchsorted`` over flat arrays: no Python loop over
n-grams.
"""

from __future__ import annotations

from itertools import chain

import numpy as np


def _dense(keys: np.ndarray) -> tuple[np.ndarray, int]:
    """(dense id of each key in sorted key order, number of distinct keys): ``np.unique(keys,
    return_inverse=True)`` by one argsort (NumPy 2's hash-based unique is several times slower here)."""
    order = np.argsort(keys)
    ordered = keys[order]
    first = np.empty(keys.size, dtype=bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    ids = np.cumsum(first) - 1
    inverse = np.empty_like(ids)
    inverse[order] = ids
    return inverse, int(ids[-1]) + 1 if ids.size else 0


def _unique_counts(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(keys, return_counts=True)`` by one sort."""
    ordered = np.sort(keys)
    first = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1]))[:ordered.size])
    return ordered[first], np.diff(np.append(first, ordered.size))


def cider_scores(token_ids: list[list[int]], n_refs: list[int], max_n: int, *, sigma: float | None) -> np.ndarray:
    """Per-segment CIDEr (``sigma=None``: no clipping, no length penalty, no x10) or CIDEr-D.

    ``token_ids`` holds, segment by segment, the hypothesis and then its ``n_refs[s]`` references, as
    integer id lists (ids >= 0).
    """
    n_seg = len(n_refs)
    per_seg = np.asarray(n_refs, dtype=np.int64) + 1
    n_sent = len(token_ids)
    lengths = np.fromiter(map(len, token_ids), dtype=np.int64, count=n_sent)
    sent_seg = np.repeat(np.arange(n_seg), per_seg)
    first = np.cumsum(per_seg) - per_seg  # sentence index of each hypothesis
    is_hyp = np.zeros(n_sent, dtype=bool)
    is_hyp[first] = True
    hyp_of_sent = first[sent_seg]
    # flat tokens with a -1 after each sentence
    total = int(lengths.sum()) + n_sent
    flat = np.full(total, -1, dtype=np.int64)
    ends = np.cumsum(lengths + 1) - 1
    starts = ends - lengths
    mask = np.ones(total, dtype=bool)
    mask[ends] = False
    if total > n_sent:
        flat[mask] = np.fromiter(chain.from_iterable(token_ids), dtype=np.int64, count=total - n_sent)
    sent_of_pos = np.repeat(np.arange(n_sent), lengths + 1)
    log_n = np.log(float(n_seg))

    sims = np.zeros((max_n, n_sent))  # per order, each reference's (penalised) similarity to its hypothesis
    gram = flat.copy()  # order-1 gram ids (tokens), -1 at separators
    valid = flat >= 0
    n_tokens = n_ids = int(flat.max(initial=-1)) + 1
    for n in range(1, max_n + 1):
        if n > 1:
            # extend: an n-gram at position i is the (n-1)-gram at i and the token at i + n - 1
            nxt = np.full(total, -1, dtype=np.int64)
            nxt[: total - (n - 1)] = flat[n - 1:]
            valid = valid & (nxt >= 0)
            keys = np.where(valid, gram * n_tokens + nxt, -1)
            gram, n_ids = _dense(keys)  # the -1 of the separators becomes id 0: shifted back below
            gram, n_ids = np.where(valid, gram - 1, -1), n_ids - 1
        pos = np.flatnonzero(valid)
        if pos.size == 0:
            break
        # term frequencies: (sentence, gram) pairs
        pair, tf = _unique_counts(sent_of_pos[pos] * n_ids + gram[pos])
        p_sent, p_gram = pair // n_ids, pair % n_ids
        ref_pair = ~is_hyp[p_sent]
        # document frequency: the documents (segments) whose references hold the gram
        doc_pairs = _unique_counts(sent_seg[p_sent[ref_pair]] * n_ids + p_gram[ref_pair])[0]
        df = np.bincount(doc_pairs % n_ids, minlength=n_ids)
        idf = log_n - np.log(np.maximum(1.0, df))
        vec = tf * idf[p_gram]
        norm = np.sqrt(np.bincount(p_sent, weights=vec * vec, minlength=n_sent))
        # the hypothesis value of each reference's grams: look (hypothesis sentence, gram) up among the pairs
        want = hyp_of_sent[p_sent[ref_pair]] * n_ids + p_gram[ref_pair]
        at = np.minimum(np.searchsorted(pair, want), pair.size - 1)
        v_hyp = np.where(pair[at] == want, vec[at], 0.0)
        v_ref = vec[ref_pair]
        product = (np.minimum(v_hyp, v_ref) if sigma is not None else v_hyp) * v_ref
        dot = np.bincount(p_sent[ref_pair], weights=product, minlength=n_sent)
        denominator = norm[hyp_of_sent] * norm
        sims[n - 1] = np.divide(dot, denominator, out=np.zeros(n_sent), where=denominator != 0)
    sims[:, is_hyp] = 0.0
    if sigma is not None:
        delta = (lengths[hyp_of_sent] - lengths).astype(np.float64)
        sims *= np.exp(-(delta * delta) / (2.0 * sigma * sigma))
    per_sentence = sims.mean(axis=0)
    per_segment = np.bincount(sent_seg, weights=per_sentence, minlength=n_seg) / np.asarray(n_refs, dtype=np.float64)
    return per_segment * 10.0 if sigma is not None else per_segment
