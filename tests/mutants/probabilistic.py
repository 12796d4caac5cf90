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


def _per_sequence(sequences, base=math.e, from_log=False):
    return [ok.perplexity(s, base=base, from_log=from_log) for s in sequences]


def corpus_arithmetic_mean(sequences, *, average="tokens", base=math.e, from_log=False):
    if average == "tokens":
        return ok.corpus_perplexity(sequences, base=base, from_log=from_log)
    return float(np.mean(_per_sequence(sequences, base, from_log)))


def corpus_pooled_from_sequence_perplexities(sequences, *, average="tokens", base=math.e, from_log=False):
    """Pooled perplexity as the token-weighted arithmetic mean of the sequence perplexities."""
    if average == "sequences":
        return ok.corpus_perplexity(sequences, average=average, base=base, from_log=from_log)
    per_sequence = _per_sequence(sequences, base, from_log)
    return float(np.average(per_sequence, weights=[len(s) for s in sequences]))


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
            "probabilistic.definition[entropy]",
            "probabilistic.entropy_bounds",
            "probabilistic.gibbs_inequality",
            "probabilistic.log_base_scaling",
        ),
    ),
    Mutant(
        "entropy-no-checks",
        {"entropy": entropy_no_checks},
        catches=(
            "probabilistic.refuses_bad_input[entropy]",
        ),
    ),
    Mutant(
        "entropy-ignores-base",
        {"entropy": entropy_ignores_base},
        catches=(
            "probabilistic.agreement[entropy]",
            "probabilistic.claim.seed004.three_bits_is_perplexity_8",
            "probabilistic.cross_entropy_is_entropy_plus_kl",
            "probabilistic.definition[entropy]",
            "probabilistic.log_base_scaling",
        ),
    ),
    Mutant(
        "kl-arguments-reversed",
        {"kl_divergence": kl_reversed},
        catches=(
            "probabilistic.agreement[kl_divergence]",
            "probabilistic.claim.seed000.kl_one_hot_is_negative_log",
            "probabilistic.cross_entropy_is_entropy_plus_kl",
            "probabilistic.definition[kl_divergence]",
            "probabilistic.refuses_bad_input[kl_divergence]",
        ),
    ),
    Mutant(
        "kl-zero-terms-nan",
        {"kl_divergence": kl_zero_terms_nan},
        catches=(
            "probabilistic.agreement[kl_divergence]",
            "probabilistic.claim.seed000.kl_one_hot_is_negative_log",
            "probabilistic.cross_entropy_is_entropy_plus_kl",
            "probabilistic.definition[kl_divergence]",
            "probabilistic.kl_nonnegative_zero_iff_equal",
            "probabilistic.refuses_bad_input[kl_divergence]",
            "probabilistic.zero_q_gives_inf",
        ),
    ),
    Mutant(
        "kl-ignores-base",
        {"kl_divergence": kl_ignores_base},
        catches=(
            "probabilistic.agreement[kl_divergence]",
            "probabilistic.cross_entropy_is_entropy_plus_kl",
            "probabilistic.definition[kl_divergence]",
            "probabilistic.log_base_scaling",
        ),
    ),
    Mutant(
        "kl-no-checks",
        {"kl_divergence": kl_no_checks},
        catches=(
            "probabilistic.refuses_bad_input[kl_divergence]",
        ),
    ),
    Mutant(
        "cross-entropy-clips-q",
        {"cross_entropy": cross_entropy_clips_q},
        catches=(
            "probabilistic.definition[cross_entropy]",
            "probabilistic.refuses_bad_input[cross_entropy]",
            "probabilistic.zero_q_gives_inf",
        ),
    ),
    Mutant(
        "cross-entropy-of-q",
        {"cross_entropy": cross_entropy_of_q},
        catches=(
            "probabilistic.cross_entropy_is_entropy_plus_kl",
            "probabilistic.definition[cross_entropy]",
            "probabilistic.gibbs_inequality",
        ),
    ),
    Mutant(
        "cross-entropy-no-checks",
        {"cross_entropy": cross_entropy_no_checks},
        catches=(
            "probabilistic.gibbs_inequality",
            "probabilistic.refuses_bad_input[cross_entropy]",
        ),
    ),
    Mutant(
        "perplexity-mixed-bases",
        {"perplexity": perplexity_mixed_bases},
        catches=(
            "probabilistic.claim.seed000.base_invariance",
            "probabilistic.claim.seed000.mean_perplexity_formula",
            "probabilistic.claim.seed002.base_invariance",
            "probabilistic.claim.seed002.mean_perplexity_formula",
            "probabilistic.claim.seed003.mean_pp_formula",
            "probabilistic.claim.seed003.pp_product_formula",
            "probabilistic.claim.seed004.perplexity_is_exp_mean_nll",
            "probabilistic.claim.seed004.three_bits_is_perplexity_8",
            "probabilistic.corpus_perplexity_conventions",
            "probabilistic.geometric_mean_le_arithmetic_mean",
            "probabilistic.perplexity_base_invariance",
            "probabilistic.perplexity_is_exp_mean_nll",
            "probabilistic.perplexity_refuses_bad_input",
            "probabilistic.uniform_model_perplexity",
        ),
    ),
    Mutant(
        "perplexity-arithmetic-mean",
        {"perplexity": perplexity_arithmetic},
        catches=(
            "probabilistic.claim.seed000.base_invariance",
            "probabilistic.claim.seed000.mean_perplexity_formula",
            "probabilistic.claim.seed000.minimising_perplexity_maximises_probability",
            "probabilistic.claim.seed002.base_invariance",
            "probabilistic.claim.seed002.mean_perplexity_formula",
            "probabilistic.claim.seed002.minimising_perplexity_maximises_probability",
            "probabilistic.claim.seed003.mean_pp_formula",
            "probabilistic.claim.seed003.pp_product_formula",
            "probabilistic.claim.seed004.perplexity_is_exp_mean_nll",
            "probabilistic.corpus_perplexity_conventions",
            "probabilistic.geometric_mean_le_arithmetic_mean",
            "probabilistic.perplexity_is_exp_mean_nll",
            "probabilistic.perplexity_refuses_bad_input",
            "probabilistic.zero_probability_gives_inf",
        ),
    ),
    Mutant(
        "perplexity-sum-not-mean",
        {"perplexity": perplexity_sum_not_mean},
        catches=(
            "probabilistic.claim.seed000.base_invariance",
            "probabilistic.claim.seed000.mean_perplexity_formula",
            "probabilistic.claim.seed002.base_invariance",
            "probabilistic.claim.seed002.mean_perplexity_formula",
            "probabilistic.claim.seed003.mean_pp_formula",
            "probabilistic.claim.seed003.pp_product_formula",
            "probabilistic.claim.seed004.perplexity_is_exp_mean_nll",
            "probabilistic.claim.seed004.three_bits_is_perplexity_8",
            "probabilistic.corpus_perplexity_conventions",
            "probabilistic.perplexity_is_exp_mean_nll",
            "probabilistic.perplexity_refuses_bad_input",
            "probabilistic.uniform_model_perplexity",
        ),
    ),
    Mutant(
        "perplexity-log-base-ignored",
        {"perplexity": perplexity_log_base_ignored},
        catches=(
            "probabilistic.perplexity_base_invariance",
            "probabilistic.perplexity_refuses_bad_input",
        ),
    ),
    Mutant(
        "perplexity-clips",
        {"perplexity": perplexity_clips, "corpus_perplexity": corpus_clips},
        catches=(
            "probabilistic.claim.seed000.base_invariance",
            "probabilistic.claim.seed002.base_invariance",
            "probabilistic.claim.seed003.pp_product_formula",
            "probabilistic.claim.seed004.perplexity_is_exp_mean_nll",
            "probabilistic.corpus_perplexity_refuses_bad_input",
            "probabilistic.definition[corpus_perplexity]",
            "probabilistic.perplexity_is_exp_mean_nll",
            "probabilistic.perplexity_refuses_bad_input",
            "probabilistic.zero_probability_gives_inf",
        ),
    ),
    Mutant(
        "perplexity-no-checks",
        {"perplexity": perplexity_no_checks, "corpus_perplexity": corpus_no_checks},
        catches=(
            "probabilistic.corpus_perplexity_refuses_bad_input",
            "probabilistic.perplexity_refuses_bad_input",
        ),
    ),
    Mutant(
        "corpus-arithmetic-mean",
        {"corpus_perplexity": corpus_arithmetic_mean},
        catches=(
            "probabilistic.claim.seed000.mean_perplexity_formula",
            "probabilistic.claim.seed002.mean_perplexity_formula",
            "probabilistic.claim.seed003.mean_pp_formula",
            "probabilistic.corpus_perplexity_conventions",
            "probabilistic.corpus_perplexity_refuses_bad_input",
            "probabilistic.definition[corpus_perplexity]",
            "probabilistic.equal_lengths_make_conventions_agree",
        ),
    ),
    Mutant(
        "corpus-pooled-from-sequence-perplexities",
        {"corpus_perplexity": corpus_pooled_from_sequence_perplexities},
        catches=(
            "probabilistic.corpus_perplexity_conventions",
            "probabilistic.definition[corpus_perplexity]",
        ),
    ),
    Mutant(
        "corpus-ignores-average",
        {"corpus_perplexity": corpus_ignores_average},
        catches=(
            "probabilistic.corpus_perplexity_conventions",
            "probabilistic.corpus_perplexity_refuses_bad_input",
            "probabilistic.definition[corpus_perplexity]",
        ),
    ),
    Mutant(
        "corpus-sequence-totals",
        {"corpus_perplexity": corpus_sequence_totals},
        catches=(
            "probabilistic.claim.seed000.mean_perplexity_formula",
            "probabilistic.claim.seed002.mean_perplexity_formula",
            "probabilistic.claim.seed003.mean_pp_formula",
            "probabilistic.corpus_perplexity_conventions",
            "probabilistic.corpus_perplexity_refuses_bad_input",
            "probabilistic.definition[corpus_perplexity]",
            "probabilistic.equal_lengths_make_conventions_agree",
            "probabilistic.geometric_mean_le_arithmetic_mean",
        ),
    ),
    Mutant(
        "perplexity-sign-flipped",
        {"perplexity": perplexity_sign_flipped},
        catches=(
            "probabilistic.claim.seed000.base_invariance",
            "probabilistic.claim.seed000.mean_perplexity_formula",
            "probabilistic.claim.seed000.minimising_perplexity_maximises_probability",
            "probabilistic.claim.seed000.perplexity_bounds",
            "probabilistic.claim.seed002.base_invariance",
            "probabilistic.claim.seed002.mean_perplexity_formula",
            "probabilistic.claim.seed002.minimising_perplexity_maximises_probability",
            "probabilistic.claim.seed002.perplexity_bounds",
            "probabilistic.claim.seed003.mean_pp_formula",
            "probabilistic.claim.seed003.pp_product_formula",
            "probabilistic.claim.seed004.perplexity_is_exp_mean_nll",
            "probabilistic.claim.seed004.three_bits_is_perplexity_8",
            "probabilistic.corpus_perplexity_conventions",
            "probabilistic.geometric_mean_le_arithmetic_mean",
            "probabilistic.perplexity_at_least_one",
            "probabilistic.perplexity_decreases_with_probability",
            "probabilistic.perplexity_is_exp_mean_nll",
            "probabilistic.perplexity_refuses_bad_input",
            "probabilistic.uniform_model_perplexity",
            "probabilistic.zero_probability_gives_inf",
        ),
    ),
]


# ---------------------------------------------------------------- caught only by edge cases (issue 31)


def kl_log_of_ratio(p, q, *, base=None):
    """KL as sum p log(p / q): the ratio overflows to inf for a subnormal q_i (the edge case subnormal_q,
    q = [5e-324, 1] under p = [1/2, 1/2]: KL is about 371 nats, not inf). Drawn q are counts over at most
    12 x 20, never below 1/240."""
    value = ok.kl_divergence(p, q, base=base)  # the refusals and the documented inf
    pa, qa = _a(p), _a(q)
    support = pa > 0
    with np.errstate(all="ignore"):
        nats = float(np.sum(pa[support] * np.log(pa[support] / qa[support])))
    return value if not math.isfinite(value) else nats / (1.0 if base is None else math.log(base))


def perplexity_as_product(token_probs, *, base=math.e, from_log=False):
    """Perplexity as prod(p) ** (-1/n): the product of twenty probabilities of 1e-20 (the edge case
    product_underflows) underflows to 0, and the perplexity comes back inf instead of 1e20. The drawn
    products stay above 1e-240."""
    value = ok.perplexity(token_probs, base=base, from_log=from_log)  # the refusals
    if from_log or not math.isfinite(value):
        return value
    p = _a(token_probs)
    with np.errstate(all="ignore"):
        return float(np.prod(p) ** (-1.0 / p.size))


MUTANTS += [
    Mutant("kl-log-of-ratio", {"kl_divergence": kl_log_of_ratio},
           catches=("probabilistic.cross_entropy_is_entropy_plus_kl",)),
    Mutant("perplexity-as-product", {"perplexity": perplexity_as_product},
           catches=("probabilistic.perplexity_is_exp_mean_nll",)),
]
