"""METEOR's unigram alignment: staged matches, then the fewest chunks.

Banerjee & Lavie (2005) align hypothesis and reference words in stages (exact
words, then Porter stems, then synonyms), each stage matching as many of the
words the earlier stages left as it can; among the alignments that do so, the
one with the fewest *chunks* (runs of matches adjacent in both sentences) is
scored. Which alignment has the fewest chunks is a combinatorial question (with
repeated words it contains minimum common string partition), so it is solved
exactly here by a dynamic programme over hypothesis positions whose state is
(position, reference position of the previous match, set of reference positions
used) -- memoised, so its cost grows only with the number of interchangeable
(repeated or multiply related) words, not with the sentence length. That number
can make the exact search exponential (20 copies of one word on both sides:
2^20 states), so it is bounded: past :data:`STATE_BUDGET` states the alignment
is the best one a beam of :data:`BEAM_WIDTH` states per hypothesis position
finds (Meteor 1.5 itself searches with a beam): its chunks may then exceed the
fewest (tests/test_meteor_alignment.py checks on random inputs that it loses no
match and never reports fewer chunks than the exact search).

Every alignment is scored by one integer, ``((exact * B + stem) * B + synonym) * B
+ adjacent``, with ``B`` larger than any count: maximising it maximises the exact
matches first (a maximum matching of equal words), then the stem matches among
the words left, then the synonym matches, then the number of adjacent pairs
``(i, j), (i + 1, j + 1)``; chunks = matches - adjacent pairs. The score depends
only on (matches, chunks), so the alignment chosen among equal ones is immaterial.
"""

from __future__ import annotations

import sys
from collections import Counter
from functools import lru_cache


@lru_cache(maxsize=1)
def porter_stemmer():
    """NLTK's Porter stemmer, made once."""
    # imported on first use: importing nltk costs seconds (it imports scipy.stats and more), paid by every
    # start of the CLI if done at module level
    from nltk.stem.porter import PorterStemmer

    return PorterStemmer()  # NLTK_EXTENSIONS mode, NLTK's default (meteor_score uses the same)


@lru_cache(maxsize=1 << 16)
def porter_stem(word: str) -> str:
    """The Porter stem of ``word``, case kept (NLTK's ``PorterStemmer().stem(word, to_lowercase=False)``)."""
    return porter_stemmer().stem(word, to_lowercase=False)


def _stem(token):
    """A string token's stem; other tokens (integer ids, tuples) have none and match only exactly."""
    return porter_stem(token) if isinstance(token, str) else None


_EXACT, _STEM, _SYNONYM = 0, 1, 2
_INFEASIBLE = -(1 << 62)
#: memoised states of the exact search before it gives way to the beam (about a tenth of a second)
STATE_BUDGET = 50_000
#: states kept per hypothesis position by the beam search past the budget
BEAM_WIDTH = 64


class _OverBudget(Exception):
    pass


def _candidates(hyp: list, ref: list, synonyms) -> tuple[list[list[tuple[int, int]]], list[bool]]:
    """For each hypothesis position, the (reference position, stage) pairs it may be matched to, and whether it
    may stay unmatched.

    A word that occurs at most as often in the hypothesis as in the reference is matched exactly in every
    alignment with the most exact matches (and likewise a reference word on the other side), so such words get
    only their exact candidates: the pruning that keeps the search small.
    """
    h_count, r_count = Counter(hyp), Counter(ref)
    positions: dict = {}
    for j, w in enumerate(ref):
        positions.setdefault(w, []).append(j)
    # the reference positions a non-exact match may take, by stem: words the hypothesis has fewer of
    open_by_stem: dict = {}
    for j, w in enumerate(ref):
        if r_count[w] > h_count[w]:
            stem = _stem(w)
            if stem is not None:
                open_by_stem.setdefault(stem, []).append(j)
    cands, may_skip = [], []
    for w in hyp:
        exact = [(j, _EXACT) for j in positions.get(w, ())]
        if h_count[w] <= r_count[w]:
            cands.append(exact)
            may_skip.append(False)
            continue
        options = exact
        stem = _stem(w)
        if stem is not None:
            options = options + [(j, _STEM) for j in open_by_stem.get(stem, ()) if ref[j] != w]
        if synonyms is not None:
            related = synonyms(w)
            taken = {j for j, _ in options}
            options = options + [(j, _SYNONYM) for j, r in enumerate(ref)
                                 if r_count[r] > h_count[r] and j not in taken and r != w and r in related]
        cands.append(options)
        may_skip.append(True)
    return cands, may_skip


def align(hyp: list, ref: list, synonyms=None) -> tuple[int, int]:
    """(matches, chunks) of the staged alignment with the fewest chunks (module docstring)."""
    if not hyp or not ref:
        return 0, 0
    cands, may_skip = _candidates(hyp, ref, synonyms)
    n = len(hyp)
    if all(len(c) <= 1 for c in cands):
        taken = [c[0][0] for c in cands if c]
        if len(set(taken)) == len(taken):  # no word competes for a position: every candidate is matched
            partner = [c[0][0] if c else -2 for c in cands]
            adjacent = sum(1 for i in range(1, n) if partner[i] >= 0 and partner[i] == partner[i - 1] + 1)
            return len(taken), len(taken) - adjacent
    base = n + 1
    weights = (base ** 3, base ** 2, base)
    # for each position, the reference positions its candidates use: the previous match matters only if it
    # can extend into one of them
    starts = [frozenset(j for j, _ in c) for c in cands]
    # the reference positions some later word may still take: the rest of `used` no longer matters
    future = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        future[i] = future[i + 1]
        for j in starts[i]:
            future[i] |= 1 << j
    memo: dict = {}

    def best(i: int, prev: int, used: int) -> int:
        if i == n:
            return 0
        used &= future[i]
        key = (i, prev, used)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) >= STATE_BUDGET:
            raise _OverBudget
        value = best(i + 1, -1, used) if may_skip[i] else _INFEASIBLE
        for j, stage in cands[i]:
            bit = 1 << j
            if used & bit:
                continue
            nxt = j if i + 1 < n and j + 1 in starts[i + 1] else -1
            v = weights[stage] + (prev == j - 1 and prev >= 0) + best(i + 1, nxt, used | bit)
            if v > value:
                value = v
        memo[key] = value
        return value

    limit = sys.getrecursionlimit()
    if n + 100 > limit:
        sys.setrecursionlimit(n + 100)
    try:
        total = best(0, -1, 0)
    except _OverBudget:
        total = _beam(cands, may_skip, weights)
    finally:
        sys.setrecursionlimit(limit)
    adjacent = total % base
    matches = sum((total // w) % base for w in weights)
    return matches, matches - adjacent


def _beam(cands, may_skip, weights) -> int:
    """The exact search's score of the best alignment a beam of :data:`BEAM_WIDTH` states finds: states
    (previous reference position, used positions) ranked by their score so far, the best kept at each position."""
    states = {(-2, 0): 0}
    for i, options in enumerate(cands):
        grown: dict = {}
        for (prev, used), value in states.items():
            if may_skip[i] and grown.get((-2, used), _INFEASIBLE) < value:
                grown[(-2, used)] = value
            for j, stage in options:
                bit = 1 << j
                if used & bit:
                    continue
                v = value + weights[stage] + (prev == j - 1)
                key = (j, used | bit)
                if grown.get(key, _INFEASIBLE) < v:
                    grown[key] = v
        if not grown:
            return 0
        states = dict(sorted(grown.items(), key=lambda kv: -kv[1])[:BEAM_WIDTH])
    return max(states.values())


def meteor_from_counts(matches: int, chunks: int, n_hyp: int, n_ref: int, alpha: float, beta: float,
                       gamma: float) -> float:
    """``Fmean (1 - gamma (chunks / matches)^beta)``, 0 without a match."""
    if matches == 0:
        return 0.0
    precision, recall = matches / n_hyp, matches / n_ref
    fmean = precision * recall / (alpha * precision + (1 - alpha) * recall)
    return fmean * (1.0 - gamma * (chunks / matches) ** beta)
