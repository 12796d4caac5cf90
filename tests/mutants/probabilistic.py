"""Deliberately wrong information-theoretic metrics and perplexities (see tests/mutants/__init__.py)."""

from __future__ import annotations

import math

import numpy as np

from metrics import probabilistic as ok
from tests.mutants import Mutant


def _a(v):
    return np.asarray(v, dtype=float)


def entropy_log2(p, *, base=None):
    """Bits where nats are documented: wrong default log base."""
    return ok.entropy(p, base=2 if base is None else base)


def entropy_no_checks(p, *, base=None):
    p = _a(p)
    with np.errstate(all="ignore"):
        nz = p[p > 0]
        return float(-np.sum(nz * np.log(nz)) / (1.0 if base is None else math.log(base)))


def entropy_ignores_base(p, *, base=None):
    return ok.entropy(p)


def kl_reversed(p, q, *, base=None):
    return ok.kl_divergence(q, p, base=base)


def kl_zero_terms_nan(p, q, *, base=None):
    """p log(p / q) evaluated on every term: 0 log 0 -> nan."""
    p, q = _a(p), _a(q)
    with np.errstate(all="ignore"):
        return float(np.sum(p * np.log(p / q)) / (1.0 if base is None else math.log(base)))


def kl_ignores_base(p, q, *, base=None):
    return ok.kl_divergence(p, q)


def cross_entropy_clips_q(p, q, *, base=None):
    """Clips q to 1e-15 like log-loss implementations do: finite where inf is documented."""
    p, q = _a(p), np.clip(_a(q), 1e-15, 1.0)
    return float(-np.dot(p, np.log(q)) / (1.0 if base is None else math.log(base)))


def cross_entropy_of_q(p, q, *, base=None):
    """Uses H(q) + KL: the entropy of the wrong argument."""
    kl = ok.kl_divergence(p, q, base=base)
    return kl + ok.entropy(q, base=base)


def cross_entropy_no_checks(p, q, *, base=None):
    p, q = _a(p), _a(q)
    with np.errstate(all="ignore"):
        return float(-np.sum(p * np.log(q)) / (1.0 if base is None else math.log(base)))


def kl_no_checks(p, q, *, base=None):
    p, q = _a(p), _a(q)
    with np.errstate(all="ignore"):
        s = p > 0
        return float(np.sum(p[s] * np.log(p[s] / q[s])) / (1.0 if base is None else math.log(base)))


def perplexity_mixed_bases(token_probs, *, base=math.e, from_log=False):
    """2 ** (mean NLL in nats): the base of the log and of the power disagree."""
    lp = _a(token_probs) if from_log else np.log(_a(token_probs))
    return float(2.0 ** (-np.mean(lp)))


def perplexity_arithmetic(token_probs, *, base=math.e, from_log=False):
    """1 / mean(p): arithmetic instead of geometric averaging."""
    p = np.power(base, _a(token_probs)) if from_log else _a(token_probs)
    with np.errstate(divide="ignore"):
        return float(1.0 / np.mean(p))


def perplexity_sum_not_mean(token_probs, *, base=math.e, from_log=False):
    """exp(total NLL): forgets to divide by the length."""
    lp = _a(token_probs) * (math.log(base) if from_log else 1.0) if from_log else np.log(_a(token_probs))
    with np.errstate(over="ignore"):
        return float(np.exp(-np.sum(lp)))


def perplexity_log_base_ignored(token_probs, *, base=math.e, from_log=False):
    """Treats log-probabilities as natural logs whatever their base."""
    lp = _a(token_probs) if from_log else np.log(_a(token_probs))
    return float(np.exp(-np.mean(lp)))


def perplexity_clips(token_probs, *, base=math.e, from_log=False):
    lp = _a(token_probs) * math.log(base) if from_log else np.log(np.clip(_a(token_probs), 1e-10, 1.0))
    return float(np.exp(-np.mean(np.maximum(lp, math.log(1e-10)))))


def perplexity_no_checks(token_probs, *, base=math.e, from_log=False):
    lp = _a(token_probs) * math.log(base) if from_log else np.log(np.abs(_a(token_probs)) + 0.0)
    with np.errstate(all="ignore"):
        return float(np.exp(-np.mean(lp)))


def _per_sequence(sequences):
    return [ok.perplexity(s) for s in sequences]


def corpus_arithmetic_mean(sequences, *, average="tokens", base=math.e, from_log=False):
    if average == "tokens":
        return ok.corpus_perplexity(sequences, base=base, from_log=from_log)
    return float(np.mean(_per_sequence(sequences)))


def corpus_ignores_average(sequences, *, average="tokens", base=math.e, from_log=False):
    return ok.corpus_perplexity(sequences, average="sequences", base=base, from_log=from_log)


def corpus_sequence_totals(sequences, *, average="tokens", base=math.e, from_log=False):
    """Per-sequence average of *total* NLL (forgets each sequence's length)."""
    if average == "tokens":
        return ok.corpus_perplexity(sequences, base=base, from_log=from_log)
    with np.errstate(divide="ignore", over="ignore"):
        return float(np.exp(np.mean([-np.sum(np.log(_a(s))) for s in sequences])))


def corpus_clips(sequences, *, average="tokens", base=math.e, from_log=False):
    return ok.corpus_perplexity([np.clip(_a(s), 1e-10, 1.0) for s in sequences], average=average)


def corpus_no_checks(sequences, *, average="tokens", base=math.e, from_log=False):
    nll = [-np.log(np.abs(_a(s)) + 0.0) for s in sequences] or [np.array([0.0])]
    with np.errstate(all="ignore"):
        if average == "sequences":
            return float(np.exp(np.mean([a.mean() for a in nll])))
        return float(np.exp(np.concatenate(nll).mean()))


def perplexity_sign_flipped(token_probs, *, base=math.e, from_log=False):
    """exp(mean log p): the minus sign of the negative log-likelihood lost."""
    lp = _a(token_probs) * math.log(base) if from_log else np.log(_a(token_probs))
    return float(np.exp(np.mean(lp)))


MUTANTS = [
    Mutant(
        "entropy-log2-default",
        {"entropy": entropy_log2},
        catches=(
            "probabilistic.agreement[entropy]",
            "probabilistic.entropy-bounds",
            "probabilistic.gibbs-inequality",
            "probabilistic.log-base-scaling",
        ),
    ),
    Mutant(
        "entropy-no-checks",
        {"entropy": entropy_no_checks},
        catches=(
            "probabilistic.refuses-bad-distributions[entropy]",
        ),
    ),
    Mutant(
        "entropy-ignores-base",
        {"entropy": entropy_ignores_base},
        catches=(
            "probabilistic.agreement[entropy]",
            "probabilistic.claim-004-three-bits-is-perplexity-8",
            "probabilistic.cross-entropy-is-entropy-plus-kl",
            "probabilistic.log-base-scaling",
        ),
    ),
    Mutant(
        "kl-arguments-reversed",
        {"kl_divergence": kl_reversed},
        catches=(
            "probabilistic.agreement[kl_divergence]",
            "probabilistic.claim-000-kl-one-hot-is-negative-log",
            "probabilistic.cross-entropy-is-entropy-plus-kl",
            "probabilistic.refuses-bad-distributions[kl_divergence]",
        ),
    ),
    Mutant(
        "kl-zero-terms-nan",
        {"kl_divergence": kl_zero_terms_nan},
        catches=(
            "probabilistic.agreement[kl_divergence]",
            "probabilistic.claim-000-kl-one-hot-is-negative-log",
            "probabilistic.cross-entropy-is-entropy-plus-kl",
            "probabilistic.kl-nonnegative-zero-iff-equal",
            "probabilistic.refuses-bad-distributions[kl_divergence]",
            "probabilistic.zero-q-gives-inf",
        ),
    ),
    Mutant(
        "kl-ignores-base",
        {"kl_divergence": kl_ignores_base},
        catches=(
            "probabilistic.agreement[kl_divergence]",
            "probabilistic.cross-entropy-is-entropy-plus-kl",
            "probabilistic.log-base-scaling",
        ),
    ),
    Mutant(
        "kl-no-checks",
        {"kl_divergence": kl_no_checks},
        catches=(
            "probabilistic.refuses-bad-distributions[kl_divergence]",
        ),
    ),
    Mutant(
        "cross-entropy-clips-q",
        {"cross_entropy": cross_entropy_clips_q},
        catches=(
            "probabilistic.refuses-bad-distributions[cross_entropy]",
            "probabilistic.zero-q-gives-inf",
        ),
    ),
    Mutant(
        "cross-entropy-of-q",
        {"cross_entropy": cross_entropy_of_q},
        catches=(
            "probabilistic.cross-entropy-is-entropy-plus-kl",
            "probabilistic.gibbs-inequality",
        ),
    ),
    Mutant(
        "cross-entropy-no-checks",
        {"cross_entropy": cross_entropy_no_checks},
        catches=(
            "probabilistic.gibbs-inequality",
            "probabilistic.refuses-bad-distributions[cross_entropy]",
        ),
    ),
    Mutant(
        "perplexity-mixed-bases",
        {"perplexity": perplexity_mixed_bases},
        catches=(
            "probabilistic.claim-000-base-invariance",
            "probabilistic.claim-000-mean-perplexity-formula",
            "probabilistic.claim-002-base-invariance",
            "probabilistic.claim-002-mean-perplexity-formula",
            "probabilistic.claim-003-mean-pp-formula",
            "probabilistic.claim-003-pp-product-formula",
            "probabilistic.claim-004-perplexity-is-exp-mean-nll",
            "probabilistic.claim-004-three-bits-is-perplexity-8",
            "probabilistic.corpus-perplexity-conventions",
            "probabilistic.geometric-mean-le-arithmetic-mean",
            "probabilistic.perplexity-base-invariance",
            "probabilistic.perplexity-is-exp-mean-nll",
            "probabilistic.perplexity-refuses-bad-input",
            "probabilistic.uniform-model-perplexity",
        ),
    ),
    Mutant(
        "perplexity-arithmetic-mean",
        {"perplexity": perplexity_arithmetic},
        catches=(
            "probabilistic.claim-000-base-invariance",
            "probabilistic.claim-000-mean-perplexity-formula",
            "probabilistic.claim-000-minimising-perplexity-maximises-probability",
            "probabilistic.claim-002-base-invariance",
            "probabilistic.claim-002-mean-perplexity-formula",
            "probabilistic.claim-002-minimising-perplexity-maximises-probability",
            "probabilistic.claim-003-mean-pp-formula",
            "probabilistic.claim-003-pp-product-formula",
            "probabilistic.claim-004-perplexity-is-exp-mean-nll",
            "probabilistic.corpus-perplexity-conventions",
            "probabilistic.geometric-mean-le-arithmetic-mean",
            "probabilistic.perplexity-is-exp-mean-nll",
            "probabilistic.perplexity-refuses-bad-input",
            "probabilistic.zero-probability-gives-inf",
        ),
    ),
    Mutant(
        "perplexity-sum-not-mean",
        {"perplexity": perplexity_sum_not_mean},
        catches=(
            "probabilistic.claim-000-base-invariance",
            "probabilistic.claim-000-mean-perplexity-formula",
            "probabilistic.claim-002-base-invariance",
            "probabilistic.claim-002-mean-perplexity-formula",
            "probabilistic.claim-003-mean-pp-formula",
            "probabilistic.claim-003-pp-product-formula",
            "probabilistic.claim-004-perplexity-is-exp-mean-nll",
            "probabilistic.claim-004-three-bits-is-perplexity-8",
            "probabilistic.corpus-perplexity-conventions",
            "probabilistic.perplexity-is-exp-mean-nll",
            "probabilistic.perplexity-refuses-bad-input",
            "probabilistic.uniform-model-perplexity",
        ),
    ),
    Mutant(
        "perplexity-log-base-ignored",
        {"perplexity": perplexity_log_base_ignored},
        catches=(
            "probabilistic.perplexity-base-invariance",
            "probabilistic.perplexity-refuses-bad-input",
        ),
    ),
    Mutant(
        "perplexity-clips",
        {"perplexity": perplexity_clips, "corpus_perplexity": corpus_clips},
        catches=(
            "probabilistic.claim-000-base-invariance",
            "probabilistic.claim-002-base-invariance",
            "probabilistic.claim-003-pp-product-formula",
            "probabilistic.claim-004-perplexity-is-exp-mean-nll",
            "probabilistic.corpus-perplexity-refuses-bad-input",
            "probabilistic.perplexity-is-exp-mean-nll",
            "probabilistic.perplexity-refuses-bad-input",
            "probabilistic.zero-probability-gives-inf",
        ),
    ),
    Mutant(
        "perplexity-no-checks",
        {"perplexity": perplexity_no_checks, "corpus_perplexity": corpus_no_checks},
        catches=(
            "probabilistic.corpus-perplexity-refuses-bad-input",
            "probabilistic.perplexity-refuses-bad-input",
        ),
    ),
    Mutant(
        "corpus-arithmetic-mean",
        {"corpus_perplexity": corpus_arithmetic_mean},
        catches=(
            "probabilistic.claim-000-mean-perplexity-formula",
            "probabilistic.claim-002-mean-perplexity-formula",
            "probabilistic.claim-003-mean-pp-formula",
            "probabilistic.corpus-perplexity-conventions",
            "probabilistic.corpus-perplexity-refuses-bad-input",
            "probabilistic.equal-lengths-make-conventions-agree",
        ),
    ),
    Mutant(
        "corpus-ignores-average",
        {"corpus_perplexity": corpus_ignores_average},
        catches=(
            "probabilistic.corpus-perplexity-conventions",
            "probabilistic.corpus-perplexity-refuses-bad-input",
        ),
    ),
    Mutant(
        "corpus-sequence-totals",
        {"corpus_perplexity": corpus_sequence_totals},
        catches=(
            "probabilistic.claim-000-mean-perplexity-formula",
            "probabilistic.claim-002-mean-perplexity-formula",
            "probabilistic.claim-003-mean-pp-formula",
            "probabilistic.corpus-perplexity-conventions",
            "probabilistic.corpus-perplexity-refuses-bad-input",
            "probabilistic.equal-lengths-make-conventions-agree",
            "probabilistic.geometric-mean-le-arithmetic-mean",
        ),
    ),
    Mutant(
        "perplexity-sign-flipped",
        {"perplexity": perplexity_sign_flipped},
        catches=(
            "probabilistic.claim-000-base-invariance",
            "probabilistic.claim-000-mean-perplexity-formula",
            "probabilistic.claim-000-minimising-perplexity-maximises-probability",
            "probabilistic.claim-000-perplexity-bounds",
            "probabilistic.claim-002-base-invariance",
            "probabilistic.claim-002-mean-perplexity-formula",
            "probabilistic.claim-002-minimising-perplexity-maximises-probability",
            "probabilistic.claim-002-perplexity-bounds",
            "probabilistic.claim-003-mean-pp-formula",
            "probabilistic.claim-003-pp-product-formula",
            "probabilistic.claim-004-perplexity-is-exp-mean-nll",
            "probabilistic.claim-004-three-bits-is-perplexity-8",
            "probabilistic.corpus-perplexity-conventions",
            "probabilistic.geometric-mean-le-arithmetic-mean",
            "probabilistic.perplexity-at-least-one",
            "probabilistic.perplexity-decreases-with-probability",
            "probabilistic.perplexity-is-exp-mean-nll",
            "probabilistic.perplexity-refuses-bad-input",
            "probabilistic.uniform-model-perplexity",
            "probabilistic.zero-probability-gives-inf",
        ),
    ),
]
