"""Deliberately wrong text metrics: each is a bug seen in the wild or one keystroke away.

BLEU mutants come from :func:`_bleu_pair`, a small ``Counter``-based BLEU with
switches for the classic mistakes (unclipped or sum-clipped counts, the wrong
closest reference, a brevity penalty that rewards long output, skipped zero
precisions, mean of sentence scores as corpus BLEU, ...).
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
from rapidfuzz.distance import Indel, LCSseq, Levenshtein

import metrics
from tests.mutants import Mutant

_OK = metrics  # the correct implementations, wrapped by some mutants


# ---------------------------------------------------------------- edit distance / WER / CER


def _indel_distance(reference, hypothesis):
    # forgets substitutions: a substitution costs a deletion plus an insertion
    return int(Indel.distance(list(reference), list(hypothesis)))


def _length_difference(reference, hypothesis):
    return abs(len(reference) - len(hypothesis))


def _deletions_cost_two(reference, hypothesis):
    return int(Levenshtein.distance(list(reference), list(hypothesis), weights=(1, 2, 1)))


def _squared_distance(reference, hypothesis):
    return _OK.edit_distance(reference, hypothesis) ** 2


def _word_accuracy(reference, hypothesis):
    return 1.0 - _OK.wer(reference, hypothesis)


def _wer_over_hypothesis(reference, hypothesis):
    if len(reference) == 0:
        raise metrics.MetricInputError("reference", "is empty")
    return _OK.edit_distance(reference, hypothesis) / max(len(reference), len(hypothesis))


def _wer_clipped(reference, hypothesis):
    return min(1.0, _OK.wer(reference, hypothesis))


def _wer_empty_reference_insertions(reference, hypothesis):
    if len(reference) == 0:
        return float(len(hypothesis))
    return _OK.wer(reference, hypothesis)


def _wer_accepts_anything(reference, hypothesis):
    ref = str(reference).split() if not isinstance(reference, list) else reference
    hyp = str(hypothesis).split() if not isinstance(hypothesis, list) else hypothesis
    return _OK.edit_distance(ref, hyp) / max(len(ref), 1)


def _corpus_wer_mean(references, hypotheses, *, average="pooled"):
    return sum(_OK.wer(r, h) for r, h in zip(references, hypotheses)) / len(references)


def _corpus_wer_always_pooled(references, hypotheses, *, average="pooled"):
    return _OK.corpus_wer(references, hypotheses)


def _corpus_wer_first_length(references, hypotheses, *, average="pooled"):
    # normalises by the first reference's length times the sentence count
    return sum(_OK.edit_distance(r, h) for r, h in zip(references, hypotheses)) / (len(references[0]) * len(references))


def _corpus_wer_zips(references, hypotheses, *, average="pooled"):
    n = min(len(references), len(hypotheses))
    return _OK.corpus_wer(list(references)[:n], list(hypotheses)[:n], average=average)


def _cer_over_hypothesis(reference, hypothesis):
    if not reference:
        raise metrics.MetricInputError("reference", "is empty")
    return Levenshtein.distance(reference, hypothesis) / max(len(reference), len(hypothesis))


def _cer_strips(reference, hypothesis):
    # jiwer's default CER transform strips leading and trailing whitespace
    return _OK.cer(reference.strip() or reference, hypothesis.strip())


def _cer_empty_reference(reference, hypothesis):
    return float(len(hypothesis)) if reference == "" else _OK.cer(reference, hypothesis)


def _corpus_cer_mean(references, hypotheses, *, average="pooled"):
    return sum(_OK.cer(r, h) for r, h in zip(references, hypotheses)) / len(references)


def _cer_over_words(reference, hypothesis):
    # WER called on the raw strings: edits between whitespace-split words, per reference word
    if not reference:
        raise metrics.MetricInputError("reference", "is empty")
    words = reference.split()
    return _OK.edit_distance(words, hypothesis.split()) / max(len(words), 1)


def _corpus_cer_over_words(references, hypotheses, *, average="pooled"):
    return _OK.corpus_wer([r.split() for r in references], [h.split() for h in hypotheses], average=average)


# ---------------------------------------------------------------- BLEU


def _ngrams(seq, n, drop_last=False):
    stop = len(seq) - n + 1 - (1 if drop_last else 0)
    return Counter(tuple(seq[i : i + n]) for i in range(max(stop, 0)))


def _reference_counts(refs, n, clip, drop_last):
    counts = [_ngrams(r, n, drop_last) for r in refs]
    if clip == "sum":
        return sum(counts, Counter())
    if clip == "min":
        out = counts[0]
        for c in counts[1:]:
            out &= c
        return out
    if clip == "first":
        return counts[0]
    out: Counter = Counter()
    for c in counts:
        out |= c
    return out


def _closest(refs, c, tie):
    lengths = [len(r) for r in refs]
    if tie == "shortest":
        return min(lengths)
    if tie == "first":  # the first reference at the smallest distance: the order of the references decides
        return min(lengths, key=lambda r: abs(r - c))
    sign = -1 if tie == "longer" else 1
    return min(lengths, key=lambda r: (abs(r - c), sign * r))


def _statistics(refs, hyp, max_n, *, clip, tie, drop_last):
    matches, totals = [], []
    for n in range(1, max_n + 1):
        h = _ngrams(hyp, n, drop_last)
        best = _reference_counts(refs, n, clip, drop_last)
        if clip == "none":
            matches.append(sum(c for g, c in h.items() if best[g]))
        else:
            matches.append(sum(min(c, best[g]) for g, c in h.items()))
        totals.append(max(len(hyp) - n + 1 - (1 if drop_last else 0), 0))
    return matches, totals, len(hyp), _closest(refs, len(hyp), tie)


def _score(matches, totals, c, r, weights, smoothing, *, brevity, zeros, exp_start, end_token, mean):
    if matches[0] == 0:
        return 0.0
    precisions = []
    k = exp_start
    for i, (m, t) in enumerate(zip(matches, totals)):
        den = max(t, 1)
        if smoothing in ("add-k", "method2") and i > 0:
            m, den = m + 1, den + 1
        if m == 0 and smoothing in ("floor", "method1"):
            precisions.append(0.1 / den)
        elif m == 0 and smoothing in ("exp", "method3"):
            k += 1
            precisions.append(1.0 / (2**k * den))
        else:
            precisions.append(m / den)
    used = [(w, p) for w, p in zip(weights, precisions) if w > 0]
    if zeros == "skip":
        used = [(w, p) for w, p in used if p > 0]
    elif any(p == 0 for _, p in used):
        return 0.0
    if end_token:
        r += 1
    if c == 0:
        bp = 0.0
    elif brevity == "inverted":  # r and c swapped in the exponent
        bp = 1.0 if c > r else math.exp(1 - c / r)
    else:
        bp = 1.0 if c > r else math.exp(1 - r / c)
    if mean == "arithmetic":  # sum_n w_n p_n instead of exp(sum_n w_n log p_n)
        return bp * sum(w * p for w, p in used)
    return bp * math.exp(sum(w * math.log(p) for w, p in used))


def _bleu_pair(
    *,
    clip="max",
    tie="shorter",
    drop_last=False,
    brevity="standard",
    zeros="zero",
    exp_start=0,
    end_token=False,
    corpus_mode="pooled",
    effective_order=False,
    mean="geometric",
):
    options = dict(brevity=brevity, zeros=zeros, exp_start=exp_start, end_token=end_token, mean=mean)

    def weights_for(max_n, weights):
        return tuple(weights) if weights is not None else (1.0 / max_n,) * max_n

    def sentence_bleu(references, hypothesis, *, max_n=4, weights=None, smoothing="none", smooth_value=None):
        if effective_order and 0 < len(hypothesis) < max_n:
            max_n, weights = len(hypothesis), None
        w = weights_for(max_n, weights)
        m, t, c, r = _statistics(references, hypothesis, max_n, clip=clip, tie=tie, drop_last=drop_last)
        return _score(m, t, c, r, w, smoothing, **options)

    def corpus_bleu(list_of_references, hypotheses, *, max_n=4, weights=None, smoothing="none", smooth_value=None):
        w = weights_for(max_n, weights)
        if corpus_mode == "mean":
            scores = [sentence_bleu(r, h, max_n=max_n, weights=weights, smoothing=smoothing)
                      for r, h in zip(list_of_references, hypotheses)]
            return sum(scores) / len(scores)
        matches, totals = [0] * max_n, [0] * max_n
        c = r = 0
        for refs, hyp in zip(list_of_references, hypotheses):
            m, t, ci, ri = _statistics(refs, hyp, max_n, clip=clip, tie=tie, drop_last=drop_last)
            matches = [a + b for a, b in zip(matches, m)]
            totals = [a + b for a, b in zip(totals, t)]
            if corpus_mode == "last_sentence_brevity":
                c, r = ci, ri
            else:
                c, r = c + ci, r + ri
        return _score(matches, totals, c, r, w, smoothing, **options)

    return {"sentence_bleu": sentence_bleu, "corpus_bleu": corpus_bleu}


def _corpus_bleu_zips(list_of_references, hypotheses, **kwargs):
    n = min(len(list_of_references), len(hypotheses))
    return _OK.corpus_bleu(list(list_of_references)[:n], list(hypotheses)[:n], **kwargs)


def _as_reference_lists(references):
    # the nesting mistake goes through: a bare token is taken as a one-token reference
    return [r if isinstance(r, (list, tuple)) else [r] for r in references]


def _sentence_bleu_unchecked_nesting(references, hypothesis, **kwargs):
    return _OK.sentence_bleu(_as_reference_lists(references), hypothesis, **kwargs)


def _corpus_bleu_unchecked_nesting(list_of_references, hypotheses, **kwargs):
    return _OK.corpus_bleu([_as_reference_lists(refs) for refs in list_of_references], hypotheses, **kwargs)


def _sentence_bleu_unchecked_options(references, hypothesis, *, max_n=4, weights=None, smoothing="none",
                                     smooth_value=None):
    if max_n < 1:
        return 0.0
    if weights is not None and (len(weights) != max_n or min(weights) < 0):
        weights = None  # silently falls back to uniform weights
    return _OK.sentence_bleu(references, hypothesis, max_n=max_n, weights=weights, smoothing=smoothing)


# ---------------------------------------------------------------- ROUGE

RougeScore = metrics.text.RougeScore


def _f1(p, r, beta=1.0):
    return 0.0 if p == r == 0 else (1 + beta**2) * p * r / (r + beta**2 * p)


def _rouge_n_variant(*, unclipped=False, swapped=False, drop_last=False, f_mean=False, policy=None):
    def rouge_n(references, hypothesis, *, n=1, multi_reference="max"):
        scores = []
        for ref in references:
            h, r = _ngrams(hypothesis, n, drop_last), _ngrams(ref, n, drop_last)
            overlap = sum(c for g, c in h.items() if r[g]) if unclipped else sum((h & r).values())
            ht, rt = sum(h.values()), sum(r.values())
            p = overlap / ht if ht else 0.0
            rec = overlap / rt if rt else 0.0
            if swapped:
                p, rec = rec, p
            scores.append(RougeScore(p, rec, (p + rec) / 2 if f_mean else _f1(p, rec)))
        return _pick(scores, policy or multi_reference)

    return rouge_n


def _pick(scores, policy):
    if policy == "last":
        return scores[-1]
    if policy == "recall":  # the best reference by recall, the first of those tied: 0.67 or 1.0 by their order
        return max(scores, key=lambda s: s.recall)
    if policy == "mean":
        return RougeScore(*(sum(s[i] for s in scores) / len(scores) for i in range(3)))
    return max(scores, key=lambda s: s.fmeasure)


def _greedy_lcs(ref, hyp):
    # scans the reference once, matching hypothesis tokens in order: not the LCS, and not symmetric
    j = count = 0
    for tok in ref:
        if j < len(hyp) and tok == hyp[j]:
            count += 1
            j += 1
        elif tok in hyp[j:]:
            j = hyp.index(tok, j) + 1
            count += 1
    return count


def _common_substring(ref, hyp):
    best = 0
    for i in range(len(ref)):
        for j in range(len(hyp)):
            k = 0
            while i + k < len(ref) and j + k < len(hyp) and ref[i + k] == hyp[j + k]:
                k += 1
            best = max(best, k)
    return best


def _lcs(ref, hyp):
    return LCSseq.similarity(list(ref), list(hyp))


def _rouge_l_variant(*, lcs=_lcs, precision_over_reference=False, beta_on_precision=False, f_sum=False,
                     policy=None):
    def rouge_l(references, hypothesis, *, beta=1.0, multi_reference="max"):
        scores = []
        for ref in references:
            common = lcs(ref, hypothesis)
            p = common / (len(ref) if precision_over_reference else len(hypothesis)) if hypothesis and ref else 0.0
            r = common / len(ref) if ref else 0.0
            if f_sum:
                f = p + r
            elif beta_on_precision:
                f = 0.0 if p == r == 0 else (1 + beta**2) * p * r / (p + beta**2 * r)
            else:
                f = _f1(p, r, beta)
            scores.append(RougeScore(p, r, f))
        return _pick(scores, policy or multi_reference)

    return rouge_l


def _rouge_unchecked_nesting(fn):
    def call(references, hypothesis, **kwargs):
        return fn(_as_reference_lists(references), hypothesis, **kwargs)

    return call


def _rouge_ignores_policy(fn):
    def call(references, hypothesis, *, multi_reference="max", **kwargs):
        return fn(references, hypothesis, **kwargs)

    return call


# ---------------------------------------------------------------- NaN on empty hypotheses


def _is_empty(value):
    return len(value) == 0


def _nan_on_empty_hypothesis(name):
    correct = getattr(_OK, name)
    corpus = name.startswith("corpus_")

    def call(*args, **kwargs):
        hyps = args[1] if corpus else [args[1]]
        if any(_is_empty(h) for h in hyps):
            return float("nan")
        return correct(*args, **kwargs)

    return call


# ---------------------------------------------------------------- zero weights, integer token ids


def _bleu_zero_weight_nan(name):
    """BLEU as ``BP * exp(sum_n w_n log p_n)`` evaluated literally: an order of weight 0 without a match
    gives ``0 * log 0 = 0 * -inf = NaN`` (the catalog skips orders of weight 0)."""
    from metrics import text as real

    correct = getattr(_OK, name)

    def call(references, hypotheses, *, max_n=4, weights=None, smoothing="none", smooth_value=None):
        value = correct(references, hypotheses, max_n=max_n, weights=weights, smoothing=smoothing,
                        smooth_value=smooth_value)  # the checks and the value where no weight is 0
        if weights is None or smoothing not in ("none", "method0") or value == 0.0:
            return value
        if name == "corpus_bleu":
            matches, _, _, _ = real._bleu_statistics(references, hypotheses, max_n)
        else:
            matches, _, _, _ = real._sentence_statistics(references, hypotheses, max_n)
        with np.errstate(all="ignore"):
            terms = np.asarray(weights, dtype=float) * np.log(np.asarray(matches, dtype=float))
        return float("nan") if np.isnan(terms).any() else value

    return call


def _hashed_integer_tokens(name, table=2**16):
    """Integer tokens taken as pre-hashed ids into a table of ``table`` slots (``hash(t) % table``), as a
    library that keys its counts by a token's hash would: -1 and -2 (both hash to -2), t and
    t + 2**61 - 1, t and t + 2**16 share a slot. String tokens are left alone."""
    correct = getattr(_OK, name)

    def key(t):
        return hash(t) % table if isinstance(t, int) and not isinstance(t, bool) else t

    def keyed(seq):
        if isinstance(seq, str):
            return seq
        if seq and all(isinstance(x, (list, tuple)) for x in seq):
            return [keyed(x) for x in seq]
        return [key(t) for t in seq]

    def call(references, hypothesis, **kwargs):
        return correct(keyed(references), keyed(hypothesis), **kwargs)

    return call


# ---------------------------------------------------------------- the mutants

T = "text."

MUTANTS = [
    Mutant("edit_distance_length_difference", {"edit_distance": _length_difference},
           (T + "identity[edit_distance]",)),
    Mutant("edit_distance_deletions_cost_two", {"edit_distance": _deletions_cost_two},
           (T + "symmetry[edit_distance]",)),
    Mutant("edit_distance_squared", {"edit_distance": _squared_distance},
           (T + "triangle[edit_distance]", T + "definition[edit_distance]")),
    Mutant("edit_distance_without_substitutions", {"edit_distance": _indel_distance},
           (T + "bounds[edit_distance]", T + "agreement[edit_distance:nltk]", T + "definition[edit_distance]")),
    Mutant("wer_is_word_accuracy", {"wer": _word_accuracy},
           (T + "perfect[wer]", T + "claim.seed003.wer.example_1", T + "claim.seed003.wer.example_2")),
    Mutant("wer_divides_by_longer_sequence", {"wer": _wer_over_hypothesis},
           (T + "definition[wer]", T + "agreement[wer:jiwer]", T + "claim.seed000.wer.unbounded_above")),
    Mutant("wer_clipped_at_one", {"wer": _wer_clipped}, (T + "claim.seed000.wer.unbounded_above",)),
    Mutant("wer_empty_reference_counts_insertions", {"wer": _wer_empty_reference_insertions},
           (T + "undefined[wer:empty_reference]",)),
    Mutant("wer_accepts_anything", {"wer": _wer_accepts_anything}, (T + "refuses_bad_input[wer]",)),
    Mutant("corpus_wer_mean_of_sentences", {"corpus_wer": _corpus_wer_mean},
           (T + "relation[corpus_wer:pooled]", T + "claim.seed000.corpus_wer.pooled")),
    Mutant("corpus_wer_ignores_average", {"corpus_wer": _corpus_wer_always_pooled},
           (T + "relation[corpus_wer:mean]",)),
    Mutant("corpus_wer_normalised_by_first_reference", {"corpus_wer": _corpus_wer_first_length},
           (T + "permutation_invariance[corpus_wer]",)),
    Mutant("corpus_wer_zips_silently", {"corpus_wer": _corpus_wer_zips},
           (T + "refuses_bad_input[corpus_wer]",)),
    Mutant("cer_divides_by_longer_string", {"cer": _cer_over_hypothesis},
           (T + "relation[cer:wer_over_characters]",)),
    Mutant("cer_strips_whitespace", {"cer": _cer_strips},
           (T + "relation[cer:spaces_count]", T + "agreement[cer:jiwer]")),
    Mutant("cer_empty_reference_counts_insertions", {"cer": _cer_empty_reference},
           (T + "undefined[cer:empty_reference]",)),
    Mutant("corpus_cer_mean_of_sentences", {"corpus_cer": _corpus_cer_mean},
           (T + "relation[corpus_cer:corpus_wer_over_characters]",)),
    Mutant("cer_over_words", {"cer": _cer_over_words},
           (T + "relation[cer:wer_over_characters]", T + "relation[cer:spaces_count]")),
    Mutant("corpus_cer_over_words", {"corpus_cer": _corpus_cer_over_words},
           (T + "relation[corpus_cer:corpus_wer_over_characters]",)),
    # BLEU
    Mutant("bleu_brevity_with_r_and_c_swapped", _bleu_pair(brevity="inverted"),
           (T + "bounds[sentence_bleu]", T + "bounds[corpus_bleu]", T + "claim.seed000.bleu.bounds",
            T + "definition[sentence_bleu]", T + "definition[corpus_bleu]")),
    Mutant("bleu_arithmetic_mean_of_precisions", _bleu_pair(mean="arithmetic"),
           (T + "definition[sentence_bleu]", T + "definition[corpus_bleu]",
            T + "relation[sentence_bleu:brevity_penalty]", T + "relation[corpus_bleu:pooled_statistics]")),
    Mutant("bleu_ngrams_off_by_one", _bleu_pair(drop_last=True),
           (T + "perfect[sentence_bleu]", T + "claim.seed004.bleu.example_p_n")),
    Mutant("bleu_clip_by_sum_over_references", _bleu_pair(clip="sum"),
           (T + "invariance[sentence_bleu:references]",)),
    Mutant("bleu_clip_by_first_reference", _bleu_pair(clip="first"),
           (T + "invariance[sentence_bleu:references]",)),
    Mutant("bleu_clip_by_min_over_references", _bleu_pair(clip="min"),
           (T + "direction[sentence_bleu:more_references]",)),
    Mutant("bleu_unclipped_counts", _bleu_pair(clip="none"),
           (T + "relation[sentence_bleu:brevity_penalty]", T + "agreement[bleu:nltk]", T + "agreement[bleu:sacrebleu]",
            T + "definition[sentence_bleu]", T + "definition[corpus_bleu]")),
    Mutant("bleu_skips_zero_precisions", _bleu_pair(zeros="skip"),
           (T + "undefined[sentence_bleu:zero_precision]",)),
    Mutant("bleu_brevity_uses_shortest_reference", _bleu_pair(tie="shortest"),
           (T + "relation[sentence_bleu:brevity_penalty]",)),
    Mutant("bleu_closest_tie_by_reference_order", _bleu_pair(tie="first"),
           (T + "invariance[sentence_bleu:references]",)),
    Mutant("bleu_closest_tie_goes_to_longer", _bleu_pair(tie="longer"),
           (T + "relation[sentence_bleu:closest_reference_tie]",)),
    Mutant("bleu_reference_length_counts_end_token", _bleu_pair(end_token=True),
           (T + "claim.seed004.bleu.no_penalty_at_equal_length", T + "claim.seed004.bleu.example_brevity_penalty")),
    Mutant("corpus_bleu_brevity_of_last_sentence", _bleu_pair(corpus_mode="last_sentence_brevity"),
           (T + "permutation_invariance[corpus_bleu]",)),
    Mutant("corpus_bleu_mean_of_sentence_bleu", _bleu_pair(corpus_mode="mean"),
           (T + "relation[corpus_bleu:pooled_statistics]", T + "claim.seed000.corpus_bleu.micro_averaged",
            T + "definition[corpus_bleu]")),
    Mutant("sentence_bleu_effective_order", _bleu_pair(effective_order=True),
           (T + "relation[sentence_bleu:corpus_bleu_of_one_sentence]",)),
    Mutant("bleu_exp_smoothing_starts_at_one", _bleu_pair(exp_start=-1),
           (T + "agreement[bleu:nltk]", T + "definition[sentence_bleu]", T + "definition[corpus_bleu]")),
    Mutant("sentence_bleu_zero_weight_is_nan", {"sentence_bleu": _bleu_zero_weight_nan("sentence_bleu")},
           (T + "zero_weights[sentence_bleu]", T + "direction[sentence_bleu:more_references]")),
    Mutant("corpus_bleu_zero_weight_is_nan", {"corpus_bleu": _bleu_zero_weight_nan("corpus_bleu")},
           (T + "zero_weights[corpus_bleu]",)),
    Mutant("corpus_bleu_zips_silently", {"corpus_bleu": _corpus_bleu_zips},
           (T + "refuses_bad_input[corpus_bleu]",)),
    Mutant("sentence_bleu_unchecked_nesting", {"sentence_bleu": _sentence_bleu_unchecked_nesting},
           (T + "refuses_bad_input[sentence_bleu]",)),
    Mutant("corpus_bleu_unchecked_nesting", {"corpus_bleu": _corpus_bleu_unchecked_nesting},
           (T + "refuses_bad_input[corpus_bleu]",)),
    Mutant("sentence_bleu_unchecked_options", {"sentence_bleu": _sentence_bleu_unchecked_options},
           (T + "refusal[sentence_bleu:options]",)),
    # ROUGE
    Mutant("rouge_n_unclipped_overlap", {"rouge_n": _rouge_n_variant(unclipped=True)},
           (T + "bounds[rouge_n]", T + "relation[rouge_n:recall]", T + "agreement[rouge:rouge_score]",
            T + "claim.seed004.rouge.bounds", T + "definition[rouge_n]")),
    Mutant("rouge_n_f_is_mean_of_precision_and_recall", {"rouge_n": _rouge_n_variant(f_mean=True)},
           (T + "definition[rouge_n]",)),
    Mutant("rouge_n_precision_recall_swapped", {"rouge_n": _rouge_n_variant(swapped=True)},
           (T + "relation[rouge_n:recall]", T + "claim.seed004.rouge_n.recall_definition", T + "claim.seed004.rouge_n.example")),
    Mutant("rouge_n_ngrams_off_by_one", {"rouge_n": _rouge_n_variant(drop_last=True)},
           (T + "perfect[rouge_n]",)),
    Mutant("rouge_l_f_is_sum", {"rouge_l": _rouge_l_variant(f_sum=True)}, (T + "bounds[rouge_l]",)),
    Mutant("rouge_l_greedy_matching", {"rouge_l": _rouge_l_variant(lcs=_greedy_lcs)},
           (T + "symmetry[rouge:swap]", T + "definition[rouge_l]")),
    Mutant("rouge_l_precision_over_reference", {"rouge_l": _rouge_l_variant(precision_over_reference=True)},
           (T + "bounds[rouge_l:lcs]",)),
    Mutant("rouge_l_longest_common_substring", {"rouge_l": _rouge_l_variant(lcs=_common_substring)},
           (T + "claim.seed004.rouge_l.example", T + "definition[rouge_l]")),
    Mutant("rouge_l_beta_weighs_precision", {"rouge_l": _rouge_l_variant(beta_on_precision=True)},
           (T + "relation[rouge_l:beta]",)),
    Mutant("rouge_l_last_reference_wins", {"rouge_l": _rouge_l_variant(policy="last")},
           (T + "invariance[rouge:reference_order]",)),
    # issue 45: a library that keeps the reference of best recall, the first among equal recalls (1.0 or 0.67
    # by the order of the references): caught by the edge case references_of_equal_recall, no draw needed
    Mutant("rouge_best_reference_by_recall",
           {"rouge_l": _rouge_l_variant(policy="recall"), "rouge_n": _rouge_n_variant(policy="recall")},
           (T + "invariance[rouge:reference_order]", T + "agreement[rouge:rouge_score]")),
    Mutant("rouge_ignores_multi_reference_policy",
           {"rouge_l": _rouge_ignores_policy(_OK.rouge_l), "rouge_n": _rouge_ignores_policy(_OK.rouge_n)},
           (T + "relation[rouge:mean_policy]",)),
    Mutant("rouge_unchecked_nesting",
           {"rouge_n": _rouge_unchecked_nesting(_OK.rouge_n), "rouge_l": _rouge_unchecked_nesting(_OK.rouge_l)},
           (T + "refuses_bad_input[rouge_n]", T + "refuses_bad_input[rouge_l]")),
] + [
    Mutant(f"{name}_nan_on_empty_hypothesis", {name: _nan_on_empty_hypothesis(name)}, (T + f"bounds[{name}]",))
    for name in ("edit_distance", "wer", "corpus_wer", "cer", "corpus_cer", "sentence_bleu", "corpus_bleu",
                 "rouge_n", "rouge_l")
] + [
    Mutant(f"{name}_hashes_integer_tokens", {name: _hashed_integer_tokens(name)}, (T + f"integer_token_ids[{name}]",))
    for name in ("edit_distance", "wer", "corpus_wer", "sentence_bleu", "corpus_bleu", "rouge_n", "rouge_l")
]


# ---------------------------------------------------------------- caught only by edge cases (issue 31)


def cer_over_utf8_bytes(reference, hypothesis):
    """CER over the UTF-8 bytes of the strings instead of their characters: exact on ASCII text (every
    drawn string is ``"ab c"``), wrong on the edge case unicode_text ("café 猫" against "cafe 🙂"), where a
    character is two to four bytes."""
    _OK.cer(reference, hypothesis)  # the refusals
    ref, hyp = reference.encode("utf-8"), hypothesis.encode("utf-8")
    return Levenshtein.distance(list(ref), list(hyp)) / len(ref)


MUTANTS += [
    Mutant("cer_over_utf8_bytes", {"cer": cer_over_utf8_bytes}, (T + "relation[cer:spaces_count]",)),
]


# ---------------------------------------------------------------- MER, WIL, WIP, chrF, TER, SQuAD (issue 33)

from metrics import text as _text  # noqa: E402 - the catalog's internals, for mutants that change one step


def _pooled_counts(references, hypotheses):
    """(hits, edits, reference words, hypothesis words) as the catalog pools them (validation included)."""
    return _text._information_counts(references, hypotheses, corpus_level=True)


def _clipped_wer(corpus_level: bool):
    """MER taken as WER clipped at 1: the two agree while the hypothesis is no longer than the reference."""
    def call(reference, hypothesis):
        refs, hyps = (reference, hypothesis) if corpus_level else ([reference], [hypothesis])
        hits, edits, n_ref, _ = _pooled_counts(refs, hyps)
        return min(1.0, edits / n_ref) if n_ref else 1.0
    return call


def _mer_over_hits(corpus_level: bool):
    """MER with the edits left out of its denominator: edits / hits."""
    def call(reference, hypothesis):
        refs, hyps = (reference, hypothesis) if corpus_level else ([reference], [hypothesis])
        hits, edits, _, _ = _pooled_counts(refs, hyps)
        return min(edits / max(hits, 1), 1e9)
    return call


def _mer_over_reference_plus_edits(reference, hypothesis):
    """MER as edits / (N + edits) = WER / (1 + WER): the reference length where H + edits belongs."""
    hits, edits, n_ref, _ = _pooled_counts([reference], [hypothesis])
    return edits / (n_ref + edits)


def _wip_hit_rate(corpus_level: bool):
    """WIP as the hit rate of the reference alone, H / N (forgets the hypothesis length)."""
    def call(reference, hypothesis):
        refs, hyps = (reference, hypothesis) if corpus_level else ([reference], [hypothesis])
        hits, _, n_ref, _ = _pooled_counts(refs, hyps)
        return hits / n_ref if n_ref else 0.0
    return call


def _wil_over_reference_squared(corpus_level: bool):
    """WIL = 1 - H^2 / N^2: both factors of WIP over the reference length."""
    def call(reference, hypothesis):
        refs, hyps = (reference, hypothesis) if corpus_level else ([reference], [hypothesis])
        hits, _, n_ref, _ = _pooled_counts(refs, hyps)
        return 1.0 - (hits / n_ref) ** 2 if n_ref else 1.0
    return call


def _fewest_hits(name: str, corpus_level: bool):
    """H = max(N, M) - edits: the minimum-edit alignment with the fewest hits (torchmetrics' count)."""
    def call(reference, hypothesis):
        pairs = list(zip(reference, hypothesis)) if corpus_level else [(reference, hypothesis)]
        _pooled_counts([r for r, _ in pairs], [h for _, h in pairs])
        edits = sum(_OK.edit_distance(r, h) for r, h in pairs)
        hits = sum(max(len(r), len(h)) for r, h in pairs) - edits
        n_ref, n_hyp = sum(len(r) for r, _ in pairs), sum(len(h) for _, h in pairs)
        if name == "mer":
            return edits / (edits + hits)
        preserved = 0.0 if hits == 0 else hits * hits / (n_ref * n_hyp)
        return preserved if name == "wip" else 1.0 - preserved
    return call


def _chrf_variant(*, keep_spaces=False, eps_smoothing=False, corpus_mean=False, unchecked=False):
    """chrF with one switch: whitespace counted in character n-grams whatever ``whitespace`` says, the mean of
    per-order F-scores over every order (Popović's chrF++.py, sacrebleu's eps_smoothing) instead of the
    F-score of the effective-order means, corpus chrF as the mean of sentence chrF, or options never checked."""
    def score(stats, beta):
        if not eps_smoothing:
            return _text._chrf_from_statistics(stats, beta)
        total = 0.0
        for k in range(0, len(stats), 3):
            total += _text._chrf_from_statistics(stats[k:k + 3], beta)
        return total / (len(stats) // 3)

    def sentence(refs, hyp, char_order, word_order, beta, whitespace):
        whitespace = whitespace or keep_spaces
        grams = _text._chrf_ngrams(hyp, char_order, word_order, whitespace)
        best, best_score = None, -1.0
        for ref in refs:
            stats = _text._chrf_statistics(grams, _text._chrf_ngrams(ref, char_order, word_order, whitespace))
            if score(stats, beta) > best_score:
                best, best_score = stats, score(stats, beta)
        return best

    def options(char_order, word_order, beta, whitespace):
        if unchecked:
            return max(char_order, 0), max(word_order, 0), beta, whitespace
        return _text._chrf_options(char_order, word_order, beta, whitespace)

    def sentence_chrf(references, hypothesis, *, char_order=6, word_order=0, beta=2.0, whitespace=False):
        o = options(char_order, word_order, beta, whitespace)
        refs = _text._reference_texts(references, "references")
        stats = sentence(refs, _text._text_of(hypothesis, "hypothesis"), *o)
        return score(stats, o[2]) if o[2] > 0 else 0.0

    def corpus_chrf(list_of_references, hypotheses, *, char_order=6, word_order=0, beta=2.0, whitespace=False):
        _OK.corpus_chrf(list_of_references, hypotheses)  # the refusals
        o = options(char_order, word_order, beta, whitespace)
        per_sentence = [sentence(list(r), h, *o) for r, h in zip(list_of_references, hypotheses)]
        if corpus_mean:
            return sum(score(s, o[2]) for s in per_sentence) / len(per_sentence)
        return score(np.sum(per_sentence, axis=0).tolist(), o[2])

    return {"sentence_chrf": sentence_chrf, "corpus_chrf": corpus_chrf}


def _ter_variant(*, length="mean", shifts=True, shift_cost=None, empty_scores_one=False):
    """TER with one switch: divided by the longest reference's length, no shifts (edit distance only), a shift
    costing the length of its block, or sacrebleu's 1 (0 for an empty hypothesis) where every reference is empty."""
    def statistics(references, hypothesis):
        refs = _text._reference_list(references, "references")
        hyp = list(_text._tokens(hypothesis, "hypothesis"))
        if shifts and shift_cost is None:
            edits = min(_OK.sentence_ter([r], hyp) * len(r) if r else len(hyp) for r in refs)
        elif shifts:  # a shift of a block of k words costs k: A + B -> B + A costs min(|A|, |B|)
            edits = min(_blocked_edits(list(r), hyp) for r in refs)
        else:
            edits = min(_OK.edit_distance(r, hyp) for r in refs)
        n = max(map(len, refs)) if length == "longest" else sum(map(len, refs)) / len(refs)
        return round(edits), n, len(hyp)

    def rate(edits, n, n_hyp, name):
        if n == 0:
            if empty_scores_one:
                return 1.0 if n_hyp else 0.0
            raise metrics.MetricInputError(name, "are all empty")
        return edits / n

    def sentence_ter(references, hypothesis):
        return rate(*statistics(references, hypothesis), "references")

    def corpus_ter(list_of_references, hypotheses):
        _text._corpus(list_of_references, "list_of_references")
        _text._same_count("list_of_references", list_of_references, "hypotheses", hypotheses)
        stats = [statistics(r, h) for r, h in zip(list_of_references, hypotheses)]
        return rate(sum(s[0] for s in stats), sum(s[1] for s in stats), sum(s[2] for s in stats),
                    "list_of_references")

    return {"sentence_ter": sentence_ter, "corpus_ter": corpus_ter}


def _blocked_edits(ref, hyp):
    """TER edits with every shift charged its block length (one per word moved)."""
    best = _OK.edit_distance(ref, hyp)
    n = len(hyp)
    for start in range(n):
        for end in range(start + 1, n + 1):
            for target in range(n - (end - start) + 1):
                rest = hyp[:start] + hyp[end:]
                moved = rest[:target] + hyp[start:end] + rest[target:]
                if moved != hyp:
                    best = min(best, (end - start) + _OK.edit_distance(ref, moved))
    return best


def _corpus_ter_mean(list_of_references, hypotheses):
    _OK.corpus_ter(list_of_references, hypotheses)
    return sum(_OK.sentence_ter(r, h) for r, h in zip(list_of_references, hypotheses)) / len(hypotheses)


def _squad_variant(*, normalize=None, f1_normalize=None, v2_empty=False, first_gold=False):
    """SQuAD EM and F1 with one switch: another normalisation (raw text, or articles kept; for F1 alone with
    ``f1_normalize``), SQuAD v2.0's empty-answer rule (F1 = 1 when both normalise to nothing), or only the first
    gold answer scored."""
    def norm(text):
        return _text.squad_normalize(text) if normalize is None else normalize(text)

    def f1(gold, hyp):
        f1_norm = f1_normalize or norm
        g, h = f1_norm(gold).split(), f1_norm(hyp).split()
        if v2_empty and not g and not h:
            return 1.0
        common = sum((Counter(g) & Counter(h)).values())
        return 0.0 if common == 0 else 2 * common / (len(g) + len(h))

    def exact_match(references, hypothesis):
        _OK.exact_match(references, hypothesis)
        return float(any(norm(hypothesis) == norm(r) for r in references))

    def squad_f1(references, hypothesis):
        _OK.squad_f1(references, hypothesis)
        golds = list(references)[:1] if first_gold else references
        return max(f1(g, hypothesis) for g in golds)

    return {"exact_match": exact_match, "squad_f1": squad_f1}


def _squad_keeping_articles(text):
    return " ".join("".join(ch for ch in text.lower() if ch not in _text._SQUAD_PUNCTUATION).split())


MUTANTS += [
    Mutant("mer_is_clipped_wer", {"mer": _clipped_wer(False), "corpus_mer": _clipped_wer(True)},
           (T + "definition[mer]", T + "definition[corpus_mer]", T + "agreement[mer:jiwer]")),
    Mutant("mer_over_hits", {"mer": _mer_over_hits(False), "corpus_mer": _mer_over_hits(True)},
           (T + "relation[mer:wer_bounds]",)),
    Mutant("information_from_fewest_hits",
           {**{n: _fewest_hits(n, False) for n in ("mer", "wil", "wip")},
            **{f"corpus_{n}": _fewest_hits(n, True) for n in ("mer", "wil", "wip")}},
           tuple(T + f"definition[{p}{n}]" for n in ("mer", "wil", "wip") for p in ("", "corpus_"))),
    Mutant("wip_is_hit_rate", {"wip": _wip_hit_rate(False), "corpus_wip": _wip_hit_rate(True)},
           (T + "definition[wip]", T + "definition[corpus_wip]", T + "agreement[wip:jiwer]",
            T + "relation[wip:one_minus_wil]", T + "symmetry[wip]")),
    Mutant("wil_over_reference_squared", {"wil": _wil_over_reference_squared(False),
                                          "corpus_wil": _wil_over_reference_squared(True)},
           (T + "definition[wil]", T + "definition[corpus_wil]", T + "agreement[wil:jiwer]",
            T + "relation[wip:one_minus_wil]", T + "symmetry[wil]")),
    Mutant("mer_over_reference_length_plus_edits", {"mer": _mer_over_reference_plus_edits},
           (T + "symmetry[mer]", T + "definition[mer]")),
    Mutant("chrf_counts_spaces", _chrf_variant(keep_spaces=True),
           (T + "definition[sentence_chrf]", T + "definition[corpus_chrf]", T + "invariance[sentence_chrf:spacing]",
            T + "agreement[chrf:sacrebleu]")),
    Mutant("chrf_mean_of_order_f_scores", _chrf_variant(eps_smoothing=True),
           (T + "definition[sentence_chrf]", T + "definition[corpus_chrf]")),
    Mutant("corpus_chrf_mean_of_sentences", _chrf_variant(corpus_mean=True), (T + "definition[corpus_chrf]",)),
    Mutant("chrf_options_unchecked", _chrf_variant(unchecked=True), (T + "refusal[sentence_chrf:options]",)),
    Mutant("ter_over_longest_reference_length", _ter_variant(length="longest"),
           (T + "definition[sentence_ter]",)),
    Mutant("ter_without_shifts", _ter_variant(shifts=False),
           (T + "relation[sentence_ter:block_swap]", T + "agreement[ter:sacrebleu]")),
    Mutant("ter_shift_costs_block_length", _ter_variant(shift_cost="length"),
           (T + "relation[sentence_ter:block_swap]",)),
    Mutant("corpus_ter_mean_of_sentences", {"corpus_ter": _corpus_ter_mean}, (T + "relation[corpus_ter:pooled]",)),
    Mutant("ter_empty_references_score_one", _ter_variant(empty_scores_one=True),
           (T + "undefined[sentence_ter:empty_references]", T + "undefined[corpus_ter:empty_references]")),
    Mutant("squad_without_normalisation", _squad_variant(normalize=lambda text: text),
           (T + "definition[exact_match]", T + "definition[squad_f1]")),
    Mutant("squad_f1_on_raw_tokens", _squad_variant(f1_normalize=lambda text: text),
           (T + "relation[squad_f1:at_least_exact_match]", T + "definition[squad_f1]")),
    Mutant("squad_keeps_articles", _squad_variant(normalize=_squad_keeping_articles),
           (T + "definition[exact_match]",)),
    Mutant("squad_f1_v2_empty_answers", _squad_variant(v2_empty=True),
           (T + "undefined[squad_f1:empty_answers]", T + "definition[squad_f1]")),
    Mutant("squad_f1_first_gold_only", _squad_variant(first_gold=True), (T + "definition[squad_f1]",)),
]


# ---------------------------------------------------------------- METEOR

from metrics import _meteor  # noqa: E402 - the alignment, for mutants that change one step
from nltk.translate import meteor_score as _nltk_meteor  # noqa: E402


class _NoSynsets:
    def synsets(self, word):
        return []


def _meteor_variant(*, align="fewest", fmean="standard", penalty="standard", combine="max", empty=0.0,
                    checked=True, token=None):
    """METEOR with one switch: NLTK's greedy alignment or no stem stage, P and R swapped in Fmean, a penalty with
    the first chunk free or chunks over the hypothesis length, the mean (or the first) of the references, NaN for
    an empty pair, options never checked, or tokens compared by their hash."""
    def counts(hyp, ref, synonyms):
        if align == "greedy":
            matches, _, _ = _nltk_meteor._enum_align_words(list(enumerate(hyp)), list(enumerate(ref)),
                                                           wordnet=_NoSynsets())
            return len(matches), _nltk_meteor._count_chunks(matches) if matches else 0
        if align == "exact_only":  # tokens wrapped in tuples have no stem
            return _meteor.align([(w,) for w in hyp], [(w,) for w in ref], None)
        return _meteor.align(hyp, ref, synonyms)

    def score(hyp, ref, alpha, beta, gamma, synonyms):
        if not hyp or not ref:
            return empty
        m, ch = counts(hyp, ref, synonyms)
        if m == 0:
            return 0.0
        p, r = m / len(hyp), m / len(ref)
        if fmean == "swapped":
            p, r = r, p
        f = p * r / (alpha * p + (1 - alpha) * r)
        frag = {"standard": ch / m, "first_chunk_free": (ch - 1) / m, "over_hypothesis": ch / len(hyp)}[penalty]
        return f * (1 - gamma * frag ** beta)

    def meteor(references, hypothesis, *, alpha=0.9, beta=3.0, gamma=0.5, synonyms=None):
        if checked:
            _OK.meteor(references, hypothesis, alpha=alpha, beta=beta, gamma=gamma, synonyms=synonyms)
        refs = [list(r) for r in references]
        hyp = list(hypothesis)
        if token is not None:
            refs, hyp = [[token(w) for w in r] for r in refs], [token(w) for w in hyp]
        values = [score(hyp, r, alpha, beta, gamma, synonyms) for r in refs]
        return {"max": max, "mean": lambda v: sum(v) / len(v)}[combine](values)

    return {"meteor": meteor}


MUTANTS += [
    Mutant("meteor_greedy_alignment", _meteor_variant(align="greedy"), (T + "definition[meteor]",)),
    Mutant("meteor_without_stems", _meteor_variant(align="exact_only"),
           (T + "definition[meteor]", T + "agreement[meteor:nltk]")),
    Mutant("meteor_fmean_weights_recall", _meteor_variant(fmean="swapped"),
           (T + "definition[meteor]", T + "agreement[meteor:nltk]")),
    Mutant("meteor_first_chunk_free", _meteor_variant(penalty="first_chunk_free"),
           (T + "identity[meteor:self]", T + "definition[meteor]")),
    Mutant("meteor_fragmentation_over_hypothesis", _meteor_variant(penalty="over_hypothesis"),
           (T + "symmetry[meteor:alpha_half]", T + "definition[meteor]")),
    Mutant("meteor_mean_over_references", _meteor_variant(combine="mean"), (T + "direction[meteor:more_references]",)),
    Mutant("meteor_empty_is_nan", _meteor_variant(empty=math.nan), (T + "undefined[meteor:no_match]",)),
    Mutant("meteor_options_unchecked", _meteor_variant(checked=False),
           (T + "refusal[meteor:options]", T + "refuses_bad_input[meteor]")),
    Mutant("meteor_tokens_by_hash", _meteor_variant(token=hash), (T + "integer_token_ids[meteor]",)),
]


# ---------------------------------------------------------------- CIDEr, CIDEr-D


def _cider_variant(name: str, *, clip=True, per_reference="mean", df_over="segments", idf="log_max1", orders=None,
                   sigma_form="gaussian", scores_sorted=False, first_weighted=False, checked=True, token=None,
                   one_segment_idf=None, no_reference_token=None, tuples_empty=False, scale=None):
    """CIDEr (``name="cider"``) or CIDEr-D with one switch, from tf-idf Counters: see each Mutant's name."""
    def grams(tokens, max_n):
        return [Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)) for n in range(1, max_n + 1)]

    def call(list_of_references, hypotheses, *, max_n=4, sigma=6.0):
        if checked:
            getattr(_OK, name)(list_of_references, hypotheses, max_n=max_n, **({"sigma": sigma} if name == "cider_d"
                                                                                else {}))
        elif max_n < 1:
            return metrics.text.CiderScore(0.0, np.zeros(len(hypotheses)))
        sigma = abs(sigma)
        cases = [([list(r) for r in refs], list(h)) for refs, h in zip(list_of_references, hypotheses)]
        if tuples_empty:
            cases = [([r if isinstance(r0, list) else [] for r, r0 in zip(refs, refs0)], h)
                     for (refs, h), refs0 in zip(cases, list_of_references)]
        if token is not None:
            cases = [([[token(w) for w in r] for r in refs], [token(w) for w in h]) for refs, h in cases]
        if no_reference_token == "nan" and not any(r for refs, _ in cases for r in refs):
            return metrics.text.CiderScore(math.nan, np.full(len(cases), math.nan))
        docs = ([{g for r in refs for o in grams(r, max_n) for g in o} for refs, _ in cases] if df_over == "segments"
                else [{g for o in grams(r, max_n) for g in o} for refs, _ in cases for r in refs])
        df = Counter(g for d in docs for g in d)
        n_docs = len(cases)

        def weight(g):
            if n_docs == 1 and one_segment_idf is not None:
                return one_segment_idf
            if idf == "smoothed":
                return math.log((n_docs + 1) / (df[g] + 1))
            return math.log(n_docs) - math.log(max(1, df[g]))

        def vec(tokens):
            return [{g: c * weight(g) for g, c in o.items()} for o in grams(tokens, max_n)]

        scores = []
        for refs, hyp in cases:
            vh = vec(hyp)
            terms = []
            for ref in refs:
                vr = vec(ref)
                d = len(hyp) - len(ref)
                pen = 1.0 if name == "cider" else (math.exp(-d * d / (2 * sigma * sigma)) if sigma_form == "gaussian"
                                                   else math.exp(-d * d * sigma * sigma / 72.0))
                total = 0.0
                for a, b in zip(vh, vr):
                    na, nb = math.sqrt(sum(x * x for x in a.values())), math.sqrt(sum(x * x for x in b.values()))
                    dot = sum((min(x, b.get(g, 0.0)) if clip and name == "cider_d" else x) * b.get(g, 0.0)
                              for g, x in a.items())
                    total += pen * dot / (na * nb) if na and nb else 0.0
                present = sum(1 for a in vh if any(a.values()))
                terms.append(total / (max(present, 1) if orders == "present" else orders or max_n))
            s = sum(terms) if per_reference == "sum" else sum(terms) / len(terms)
            scores.append(s * (scale if scale is not None else (10.0 if name == "cider_d" else 1.0)))
        scores = np.asarray(sorted(scores) if scores_sorted else scores)
        weights = np.ones(len(scores))
        if first_weighted:
            weights[0] = 2.0
        return metrics.text.CiderScore(float(np.average(scores, weights=weights)), scores)

    if name == "cider":
        return {"cider": lambda list_of_references, hypotheses, *, max_n=4: call(list_of_references, hypotheses,
                                                                                max_n=max_n)}
    return {"cider_d": call}


def _both_cider(**switches):
    return {**_cider_variant("cider", **switches), **_cider_variant("cider_d", **switches)}


def _per_metric(law: str, *metric_names: str) -> tuple[str, ...]:
    return tuple(T + f"{law}[{m}]" for m in metric_names)


_CIDERS = ("cider", "cider_d")

MUTANTS += [
    Mutant("cider_d_without_clipping", _cider_variant("cider_d", clip=False),
           (T + "definition[cider_d]", T + "agreement[cider_d:pycocoevalcap]")),
    Mutant("cider_df_per_reference_sentence", _both_cider(df_over="sentences"),
           _per_metric("definition", *_CIDERS)),
    Mutant("cider_sum_over_references", _both_cider(per_reference="sum"),
           _per_metric("bounds", "cider_d:segments")),
    Mutant("cider_d_percent", _cider_variant("cider_d", scale=100.0), _per_metric("bounds", "cider_d", "cider_d:segments")),
    Mutant("cider_d_mean_over_present_orders", _cider_variant("cider_d", orders="present"),
           (T + "identity[cider_d:identical_segments]", T + "definition[cider_d]")),
    Mutant("cider_d_penalty_shrinks_with_sigma", _cider_variant("cider_d", sigma_form="inverted"),
           (T + "direction[cider_d:sigma]", T + "definition[cider_d]")),
    Mutant("cider_scores_sorted", _both_cider(scores_sorted=True),
           _per_metric("invariance", "cider:segment_order", "cider_d:segment_order")),
    Mutant("cider_first_segment_weighs_double", _both_cider(first_weighted=True),
           _per_metric("permutation_invariance", *_CIDERS)),
    Mutant("cider_one_segment_idf_one", _both_cider(one_segment_idf=1.0),
           _per_metric("undefined", "cider:one_segment", "cider_d:one_segment")),
    Mutant("cider_no_reference_token_nan", _both_cider(no_reference_token="nan"),
           _per_metric("undefined", "cider:no_reference_token", "cider_d:no_reference_token")),
    Mutant("cider_smoothed_idf", _both_cider(idf="smoothed"), _per_metric("definition", *_CIDERS)),
    Mutant("cider_orders_off_by_one", _cider_variant("cider", orders=5), (T + "relation[cider_d:at_most_ten_cider]",)),
    Mutant("cider_tokens_by_hash", _both_cider(token=hash), _per_metric("integer_token_ids", *_CIDERS)),
    Mutant("cider_drops_articles", _both_cider(token=lambda w: "a" if w in ("a", "the") else w),
           _per_metric("invariance", "cider:token_renaming", "cider_d:token_renaming")),
    Mutant("cider_tuple_references_empty", _both_cider(tuples_empty=True), _per_metric("dtype_invariance", *_CIDERS)),
    Mutant("cider_d_options_unchecked", _cider_variant("cider_d", checked=False),
           (T + "refusal[cider_d:options]", T + "refuses_bad_input[cider_d]")),
    Mutant("cider_unchecked", _cider_variant("cider", checked=False), (T + "refuses_bad_input[cider]",)),
    Mutant("cider_scaled_by_ten", _cider_variant("cider", scale=10.0),
           (T + "definition[cider]", *_per_metric("bounds", "cider", "cider:segments"))),
]


# ------------------------------------------------------------------ issue 48: ROUGE-W, ROUGE-S, ROUGE-SU

from metrics import text as _text  # noqa: E402


def _rouge_w(variant):
    def metric(references, hypothesis, *, weight=1.2, beta=1.0, multi_reference="max"):
        real = metrics.rouge_w(references, hypothesis, weight=weight, beta=beta, multi_reference=multi_reference)
        if variant == "weight_fixed":  # the default weight whatever is asked
            return metrics.rouge_w(references, hypothesis, weight=1.2, beta=beta, multi_reference=multi_reference)
        if variant == "above_rouge_l":  # the LCS scores with a bonus for the runs, above ROUGE-L
            lcs = metrics.rouge_l(references, hypothesis, beta=beta, multi_reference=multi_reference)
            p, r = (min(1.0, v * 1.05) for v in (lcs.precision, lcs.recall))
            return _text.RougeScore(p, r, _text._f_beta(p, r, beta))
        if variant == "ignores_weight":  # ROUGE-L under ROUGE-W's name
            return metrics.rouge_l(references, hypothesis, beta=beta, multi_reference=multi_reference)
        ref, hyp = list(references[0]), list(hypothesis)
        if variant == "no_inverse":  # WLCS / f(len) without f^-1
            score = _text._wlcs(_ids(ref, hyp)[0], _ids(ref, hyp)[1], weight)
            p = score / len(hyp) ** weight if hyp else 0.0
            r = score / len(ref) ** weight if ref else 0.0
            return _text.RougeScore(p, r, _text._f_beta(p, r, beta))
        if variant == "run_not_reset":  # the run length carried over non-matching cells
            score = _wlcs_runs_kept(*_ids(ref, hyp), weight)
            p = (score / len(hyp) ** weight) ** (1 / weight) if hyp else 0.0
            r = (score / len(ref) ** weight) ** (1 / weight) if ref else 0.0
            return _text.RougeScore(min(p, 1.0), min(r, 1.0), _text._f_beta(min(p, 1.0), min(r, 1.0), beta))
        raise AssertionError(variant)

    return metric


def _ids(ref, hyp):
    vocab: dict = {}
    return [vocab.setdefault(t, len(vocab)) for t in ref], [vocab.setdefault(t, len(vocab)) for t in hyp]


def _wlcs_runs_kept(x, y, weight):
    c = [[0.0] * (len(y) + 1) for _ in range(len(x) + 1)]
    w = [[0] * (len(y) + 1) for _ in range(len(x) + 1)]
    for i in range(1, len(x) + 1):
        for j in range(1, len(y) + 1):
            if x[i - 1] == y[j - 1]:
                k = w[i - 1][j - 1]
                c[i][j], w[i][j] = c[i - 1][j - 1] + (k + 1) ** weight - k ** weight, k + 1
            else:
                c[i][j], w[i][j] = max(c[i - 1][j], c[i][j - 1]), max(w[i - 1][j], w[i][j - 1])
    return c[-1][-1]


def _rouge_skip(name, variant):
    unigrams = name == "rouge_su"

    def metric(references, hypothesis, *, max_skip=None, beta=1.0, multi_reference="max"):
        real = getattr(metrics, name)(references, hypothesis, max_skip=max_skip, beta=beta,
                                      multi_reference=multi_reference)  # the real checks
        ref, hyp = list(references[0]), list(hypothesis)

        def grams(seq):
            n = len(seq)
            if variant == "skip_off_by_one":  # j - i <= max_skip: one pair distance short
                pairs = [(seq[i], seq[j]) for i in range(n) for j in range(i + 1, n)
                         if max_skip is None or j - i <= max_skip]
            else:
                pairs = [(seq[i], seq[j]) for i in range(n) for j in range(i + 1, n)
                         if max_skip is None or j - i <= max_skip + 1]
            if variant == "unordered":  # a pair matches in either order
                pairs = [tuple(sorted(pair, key=repr)) for pair in pairs]
            units = Counter(pairs)
            if unigrams and variant != "without_unigrams":
                kept = seq[:-1] if variant == "unigrams_but_the_last" else seq  # ROUGE-1.5.5's -U loop
                units += Counter((t,) for t in kept)
            if variant == "distinct":
                units = Counter(set(units))
            return units

        if variant == "recall_over_hypothesis":
            h = grams(hyp)
            overlap = sum((grams(ref) & h).values())
            p = r = overlap / sum(h.values()) if h else 0.0
            return _text.RougeScore(p, r, _text._f_beta(p, r, beta))
        if variant == "all_pairs_denominators" and max_skip is not None:
            r_g, h_g = grams(ref), grams(hyp)
            overlap = sum((r_g & h_g).values())
            hp, rp = len(hyp) * (len(hyp) - 1) // 2, len(ref) * (len(ref) - 1) // 2
            p = overlap / hp if hp else 0.0
            r = overlap / rp if rp else 0.0
            return _text.RougeScore(p, r, _text._f_beta(p, r, beta))
        if variant == "all_pairs_denominators":
            return real
        r_g, h_g = grams(ref), grams(hyp)
        overlap = sum((r_g & h_g).values())
        p = overlap / sum(h_g.values()) if h_g else 0.0
        r = overlap / sum(r_g.values()) if r_g else 0.0
        return _text.RougeScore(p, r, _text._f_beta(p, r, beta))

    return metric


MUTANTS += [
    Mutant("rouge_w_ignores_weight", {"rouge_w": _rouge_w("ignores_weight")},
           (T + "definition[rouge_w]", T + "relation.lin2004_consecutive_matches[rouge_w]")),
    Mutant("rouge_w_without_the_inverse", {"rouge_w": _rouge_w("no_inverse")},
           (T + "definition[rouge_w]", T + "relation.lin2004_consecutive_matches[rouge_w]")),
    Mutant("rouge_w_run_not_reset", {"rouge_w": _rouge_w("run_not_reset")},
           (T + "definition[rouge_w]",)),
    Mutant("rouge_w_weight_fixed_at_1_2", {"rouge_w": _rouge_w("weight_fixed")},
           (T + "definition[rouge_w]", T + "relation.weight_one_is_rouge_l[rouge_w]")),
    Mutant("rouge_w_above_rouge_l", {"rouge_w": _rouge_w("above_rouge_l")},
           (T + "definition[rouge_w]", T + "relation.at_most_rouge_l[rouge_w]")),
    Mutant("rouge_s_skip_distance_off_by_one", {"rouge_s": _rouge_skip("rouge_s", "skip_off_by_one")},
           (T + "definition[rouge_s]", T + "relation.skip_zero_is_rouge_2[rouge_s]")),
    Mutant("rouge_s_unordered_pairs", {"rouge_s": _rouge_skip("rouge_s", "unordered")},
           (T + "definition[rouge_s]", T + "golden.lin2004_example[rouge_s]")),
    Mutant("rouge_s_distinct_pairs", {"rouge_s": _rouge_skip("rouge_s", "distinct")},
           (T + "definition[rouge_s]",)),
    Mutant("rouge_s_all_pairs_denominators", {"rouge_s": _rouge_skip("rouge_s", "all_pairs_denominators")},
           (T + "definition[rouge_s]",)),
    Mutant("rouge_s_recall_over_the_hypothesis", {"rouge_s": _rouge_skip("rouge_s", "recall_over_hypothesis")},
           (T + "definition[rouge_s]", T + "symmetry.swap[rouge_s]")),
    Mutant("rouge_su_unigrams_but_the_last", {"rouge_su": _rouge_skip("rouge_su", "unigrams_but_the_last")},
           (T + "definition[rouge_su]", T + "relation.su_pools_s_and_1[rouge_su]")),
    Mutant("rouge_su_without_unigrams", {"rouge_su": _rouge_skip("rouge_su", "without_unigrams")},
           (T + "definition[rouge_su]", T + "relation.su_pools_s_and_1[rouge_su]")),
    Mutant("rouge_su_recall_over_the_hypothesis", {"rouge_su": _rouge_skip("rouge_su", "recall_over_hypothesis")},
           (T + "symmetry.swap[rouge_su]",)),
    Mutant("rouge_w_recall_over_the_hypothesis",
           {"rouge_w": lambda references, hypothesis, *, weight=1.2, beta=1.0, multi_reference="max": (
               lambda s: _text.RougeScore(s.precision, s.precision, s.precision))(
               metrics.rouge_w(references, hypothesis, weight=weight, beta=beta, multi_reference=multi_reference))},
           (T + "symmetry.swap[rouge_w]",)),
]
