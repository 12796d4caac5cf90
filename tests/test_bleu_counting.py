"""Corpus BLEU's vectorised counting equals per-sentence ``Counter`` counting.

``corpus_bleu`` counts clipped n-gram matches of the whole corpus at once (one
radix sort of token ids, then pairs of equal tokens extended order by order;
see ``metrics.text._clipped_matches``); ``sentence_bleu`` counts one sentence
with ``Counter``. Pooled statistics are sums of sentence statistics, so the
``Counter`` path summed over sentences is an independent oracle. The spec's
``relation[corpus_bleu:pooled statistics]`` checks the same on Hypothesis
corpora of at most four short sentences; this module adds what those never
reach: many repeats of one token in a sentence (groups larger than one-to-one),
several references, a vocabulary above 2**16 ids (the second radix pass) and
sentences heavy enough to be handed to ``Counter``.
"""

import numpy as np
import pytest

from metrics import text


def _pooled_by_sentence(list_of_references, hypotheses, max_n):
    matches, totals, hyp_len, ref_len = [0] * max_n, [0] * max_n, 0, 0
    for refs, hyp in zip(list_of_references, hypotheses):
        m, t, c, r = text._sentence_statistics(refs, hyp, max_n)
        matches = [a + b for a, b in zip(matches, m)]
        totals = [a + b for a, b in zip(totals, t)]
        hyp_len, ref_len = hyp_len + c, ref_len + r
    return matches, totals, hyp_len, ref_len


def _random_corpora(count, seed):
    rng = np.random.default_rng(seed)
    for i in range(count):
        vocab = int(rng.integers(1, 7))  # tiny vocabularies: repeated tokens and n-grams
        length = int(rng.integers(0, 25))
        n_refs = 1 if i % 2 else int(rng.integers(1, 4))
        hyps, refs = [], []
        for _ in range(int(rng.integers(1, 6))):
            hyps.append(rng.integers(0, vocab, rng.integers(0, length + 1)).tolist())
            refs.append([rng.integers(0, vocab, rng.integers(0, length + 1)).tolist() for _ in range(n_refs)])
        yield refs, hyps, int(rng.integers(1, 6))


@pytest.mark.parametrize("budget", [text._PAIR_BUDGET, 0], ids=["pairs", "most sentences to Counter"])
def test_corpus_counts_equal_sentence_counts(monkeypatch, budget):
    monkeypatch.setattr(text, "_PAIR_BUDGET", budget)
    for refs, hyps, max_n in _random_corpora(1500, seed=20261123 + budget):
        assert text._bleu_statistics(refs, hyps, max_n) == _pooled_by_sentence(refs, hyps, max_n), (refs, hyps, max_n)


def test_vocabulary_beyond_16_bit_ids():
    words = [f"w{i}" for i in range(70_000)]
    hyps = [words[i:i + 20] for i in range(0, 69_980, 20)]
    refs = [[words[i + 5:i + 25], words[i:i + 3] * 2] for i in range(0, 69_980, 20)]
    hyps[7] = hyps[7] + words[65_540:65_545] * 2  # matches among ids above 2**16
    refs[7][0] = refs[7][0] + words[65_540:65_545]
    assert text._bleu_statistics(refs, hyps, 4) == _pooled_by_sentence(refs, hyps, 4)


def test_long_repeats_go_to_counter(monkeypatch):
    calls = []
    sentence_statistics = text._sentence_statistics

    def counted(refs, hyp, max_n):
        calls.append(len(hyp))
        return sentence_statistics(refs, hyp, max_n)

    hyps = [["a"] * 3000 + ["b"], ["x", "y", "z", "a"], ["a", "a", "b", "a"]]
    refs = [[["a"] * 2500 + ["b", "a"]], [["x", "y", "z"]], [["a", "b", "a", "a"], ["b"]]]
    expected = _pooled_by_sentence(refs, hyps, 4)
    monkeypatch.setattr(text, "_sentence_statistics", counted)
    assert text._bleu_statistics(refs, hyps, 4) == expected
    assert calls == [len(hyps[0])]  # only the repeated sentence: its pair form would hold ~11 million pairs
