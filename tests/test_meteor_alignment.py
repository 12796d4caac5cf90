"""METEOR's alignment search (metrics/_meteor.py): exact within its state budget, a beam past it.

The fewest-chunk alignment contains minimum common string partition, so the exact search is bounded; these tests
pin what the bound gives up (never a match, only possibly chunks) and that repeated words no longer make it
exponential."""

from __future__ import annotations

import random

import pytest

from metrics import _meteor


def _random_pair(rng: random.Random, n: int, vocabulary: str) -> tuple[list, list]:
    return [rng.choice(vocabulary) for _ in range(n)], [rng.choice(vocabulary) for _ in range(n)]


@pytest.mark.parametrize("seed", range(40))
def test_the_beam_keeps_every_match_and_never_finds_fewer_chunks_than_the_exact_search(seed, monkeypatch):
    rng = random.Random(seed)
    hyp, ref = _random_pair(rng, rng.randint(2, 9), "aab")
    exact_matches, exact_chunks = _meteor.align(hyp, ref)
    monkeypatch.setattr(_meteor, "STATE_BUDGET", 1)  # every search over one state goes to the beam
    matches, chunks = _meteor.align(hyp, ref)
    assert matches == exact_matches, (hyp, ref)
    assert chunks >= exact_chunks, (hyp, ref)


def test_many_copies_of_one_word_align_in_one_chunk():
    # 40 interchangeable words: 2^40 states for the exact search; the beam finds the identity alignment
    assert _meteor.align(["a"] * 40, ["a"] * 40) == (40, 1)
    assert _meteor.align(["a", "b"] * 20, ["a", "b"] * 20) == (40, 1)


def test_the_budget_is_reached_by_repeated_words_only():
    calls = []
    original = _meteor._beam
    try:
        _meteor._beam = lambda *a: calls.append(a) or original(*a)
        _meteor.align(list("the cat sat on the mat and the dog".split()), list("the dog sat on the mat".split()))
        assert not calls  # a sentence of ordinary length stays exact
        _meteor.align(["a"] * 30, ["a"] * 30)
        assert calls  # 30 copies of one word do not
    finally:
        _meteor._beam = original
