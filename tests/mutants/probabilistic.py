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


# ---------------------------------------------------------------- calibration (issue 32)


def _binned(variant):
    """The expected calibration error / reliability curve with one binning or weighting rule bent."""

    def bins(c, outcome, n_bins, strategy):
        if strategy == "uniform":
            edges = np.linspace(0.0, 1.0, n_bins + 1)
        else:
            edges = np.percentile(c, np.linspace(0.0, 1.0, n_bins + 1) * 100)
        side = "right" if variant == "edges_in_upper_bin" else "left"
        ids = np.searchsorted(edges[1:-1], c, side=side)
        count = np.bincount(ids, minlength=n_bins).astype(float)
        hits = np.bincount(ids, weights=outcome, minlength=n_bins)
        conf = np.bincount(ids, weights=c, minlength=n_bins)
        if variant == "midpoint_confidence":
            conf = count * (edges[:-1] + edges[1:]) / 2
        if variant == "keeps_empty_bins":
            with np.errstate(invalid="ignore"):
                return count, np.nan_to_num(hits / count), np.nan_to_num(conf / count)
        kept = count > 0
        return count[kept], hits[kept] / count[kept], conf[kept] / count[kept]

    def error(c, outcome, n_bins, strategy, norm):
        count, acc, conf = bins(c, outcome, n_bins, strategy)
        gap = np.abs(acc - conf)
        share = count / c.shape[0]
        if variant == "unweighted_bins" and norm == "l1":
            return float(gap.mean())
        if norm == "max":
            return float(gap.max())
        if norm == "l1":
            return float(share @ gap)
        squared = float(share @ (gap * gap))
        return squared if variant == "l2_without_root" else math.sqrt(squared)

    def ece(y_true, y_proba, *, n_bins=15, strategy="uniform", norm="l1", mode="top_label", pos_label=None,
            labels=None):
        if variant == "lenient_options":
            n_bins = max(1, int(n_bins)) if isinstance(n_bins, (int, float)) else 15
            strategy = strategy if strategy in ("uniform", "quantile") else "uniform"
            norm = norm if norm in ("l1", "l2", "max") else "l1"
            mode = mode if mode in ("top_label", "classwise") else "top_label"
            return ok.expected_calibration_error(y_true, y_proba, n_bins=n_bins, strategy=strategy, norm=norm,
                                                 mode=mode, pos_label=pos_label, labels=labels)
        t, p = np.asarray(y_true), np.asarray(y_proba, dtype=float)
        ok.expected_calibration_error(y_true, y_proba, n_bins=n_bins, strategy=strategy, norm=norm, mode=mode,
                                      pos_label=pos_label, labels=labels)  # the real checks
        if p.ndim == 1:
            from metrics.classification import binary_positive
            return error(p, (t == binary_positive(t, pos_label, labels)).astype(float), n_bins, strategy, norm)
        classes = np.sort(np.asarray(labels)) if labels is not None else np.unique(t)
        codes = np.searchsorted(classes, t)
        if mode == "top_label":
            top = p.argmax(axis=1)
            return error(p.max(axis=1), (top == codes).astype(float), n_bins, strategy, norm)
        return float(np.mean([error(p[:, j], (codes == j).astype(float), n_bins, strategy, norm)
                              for j in range(p.shape[1])]))

    def curve(y_true, y_proba, *, pos_label=None, n_bins=5, strategy="uniform", return_counts=False):
        if variant == "lenient_options":
            n_bins = max(1, int(n_bins))
            strategy = strategy if strategy in ("uniform", "quantile") else "uniform"
            y_proba = np.clip(np.asarray(y_proba, dtype=float), 0.0, 1.0)
            return ok.calibration_curve(y_true, y_proba, pos_label=pos_label, n_bins=n_bins, strategy=strategy,
                                        return_counts=return_counts)
        ok.calibration_curve(y_true, y_proba, pos_label=pos_label, n_bins=n_bins, strategy=strategy)  # the checks
        from metrics.classification import binary_positive
        t, p = np.asarray(y_true), np.asarray(y_proba, dtype=float)
        count, prob_true, prob_pred = bins(p, (t == binary_positive(t, pos_label)).astype(float), n_bins, strategy)
        if variant == "bins_reversed":
            count, prob_true, prob_pred = count[::-1], prob_true[::-1], prob_pred[::-1]
        return (prob_true, prob_pred, count) if return_counts else (prob_true, prob_pred)

    return {"expected_calibration_error": ece, "calibration_curve": curve}


def _ece_only(variant):
    return {"expected_calibration_error": _binned(variant)["expected_calibration_error"]}


def _curve_only(variant):
    return {"calibration_curve": _binned(variant)["calibration_curve"]}


def _p(*names):
    return tuple(f"probabilistic.{n}" for n in names)


MUTANTS += [
    Mutant("ece_unweighted_mean_of_bin_gaps", _ece_only("unweighted_bins"),
           catches=_p("definition[expected_calibration_error]", "ece_is_weighted_gap_of_reliability_curve",
                      "agrees_with_torchmetrics[expected_calibration_error]")),
    Mutant("ece_l2_without_square_root", _ece_only("l2_without_root"),
           catches=_p("ece_norms_ordered", "definition[expected_calibration_error]")),
    Mutant("ece_edges_in_upper_bin", _ece_only("edges_in_upper_bin"),
           catches=_p("golden.edge_in_lower_bin[expected_calibration_error]",
                      "definition[expected_calibration_error]", "ece_is_weighted_gap_of_reliability_curve")),
    Mutant("ece_bin_midpoint_as_confidence", _ece_only("midpoint_confidence"),
           catches=_p("calibrated_by_construction_is_zero", "definition[expected_calibration_error]")),
    Mutant("ece_accepts_bad_options", _ece_only("lenient_options"),
           catches=_p("refuses_bad_options[expected_calibration_error]")),
    Mutant("calibration_curve_keeps_empty_bins", _curve_only("keeps_empty_bins"),
           catches=_p("reliability_curve_counts_sum", "definition[calibration_curve]",
                      "agrees_with_sklearn[calibration_curve]", "reliability_curve_bins_increasing")),
    Mutant("calibration_curve_bins_reversed", _curve_only("bins_reversed"),
           catches=_p("reliability_curve_bins_increasing")),
    Mutant("calibration_curve_accepts_bad_options", _curve_only("lenient_options"),
           catches=_p("refuses_bad_options[calibration_curve]")),
]


# ---------------------------------------------------------------- Jensen-Shannon divergence (issue 32)

_JSD = "jensen_shannon_divergence"


def jsd_distance(p, q, *, base=None):
    """The Jensen-Shannon distance (SciPy's jensenshannon, the square root) in place of the divergence."""
    return math.sqrt(ok.jensen_shannon_divergence(p, q, base=base))


def jsd_kl_to_q(p, q, *, base=None):
    """KL(p || m) alone: not symmetric, wrong value."""
    ok.jensen_shannon_divergence(p, q, base=base)
    p_, q_ = np.asarray(p, float), np.asarray(q, float)
    return ok.kl_divergence(p_ / p_.sum(), (p_ / p_.sum() + q_ / q_.sum()) / 2, base=base)


def jsd_base_ignored(p, q, *, base=None):
    return ok.jensen_shannon_divergence(p, q)


def jsd_without_half(p, q, *, base=None):
    """KL(p || m) + KL(q || m): twice the divergence, up to 2 log 2."""
    return 2.0 * ok.jensen_shannon_divergence(p, q, base=base)


MUTANTS += [
    Mutant("jsd-is-distance", {_JSD: jsd_distance},
           catches=(f"probabilistic.definition[{_JSD}]", f"probabilistic.agreement[{_JSD}]",
                    "probabilistic.relation.jsd_is_mean_kl_to_mixture")),
    Mutant("jsd-one-sided", {_JSD: jsd_kl_to_q}, catches=(f"probabilistic.definition[{_JSD}]",)),
    Mutant("jsd-base-ignored", {_JSD: jsd_base_ignored},
           catches=(f"probabilistic.bound.zero_iff_equal_log2_iff_disjoint[{_JSD}]",)),
    Mutant("jsd-without-half", {_JSD: jsd_without_half},
           catches=(f"probabilistic.relation.jsd_is_mean_kl_to_mixture",)),
]


# ---------------------------------------------------------------- issue 45: a confidence of exactly 1.0


def _ece_one_in_extra_bin(y_true, y_proba, *, n_bins=15, strategy="uniform", norm="l1", mode="top_label",
                          pos_label=None, labels=None):
    """Uniform bins as the catalog has them (every edge in the bin below), but a confidence
    of exactly 1.0 in a bin of its own past the last (torchmetrics 1.9.0's binning: see ``_off_edges``)."""
    ok.expected_calibration_error(y_true, y_proba, n_bins=n_bins, strategy=strategy, norm=norm, mode=mode,
                                  pos_label=pos_label, labels=labels)  # the real checks
    if strategy != "uniform":
        return ok.expected_calibration_error(y_true, y_proba, n_bins=n_bins, strategy=strategy, norm=norm,
                                             mode=mode, pos_label=pos_label, labels=labels)

    def error(c, outcome):
        ids = np.searchsorted(np.linspace(0.0, 1.0, n_bins + 1)[1:-1], c, side="left")
        ids[c >= 1.0] = n_bins
        count = np.bincount(ids, minlength=n_bins + 1).astype(float)
        kept = count > 0
        gap = np.abs(np.bincount(ids, weights=outcome, minlength=n_bins + 1)[kept]
                     - np.bincount(ids, weights=c, minlength=n_bins + 1)[kept]) / count[kept]
        share = count[kept] / c.shape[0]
        return float(gap.max()) if norm == "max" else float(share @ gap) if norm == "l1" else math.sqrt(share @ gap**2)

    t, p = np.asarray(y_true), np.asarray(y_proba, dtype=float)
    if p.ndim == 1:
        from metrics.classification import binary_positive
        return error(p, (t == binary_positive(t, pos_label, labels)).astype(float))
    classes = np.sort(np.asarray(labels)) if labels is not None else np.unique(t)
    codes = np.searchsorted(classes, t)
    if mode == "top_label":
        return error(p.max(axis=1), (p.argmax(axis=1) == codes).astype(float))
    return float(np.mean([error(p[:, j], (codes == j).astype(float)) for j in range(p.shape[1])]))


#: the mutants that only an edge case reaches (issue 45): tests/test_edge_mutants.py runs them without any draw
EDGE_MUTANTS = [
    Mutant("ece_confidence_one_in_a_bin_of_its_own", {"expected_calibration_error": _ece_one_in_extra_bin},
           catches=_p("definition[expected_calibration_error]", "ece_is_weighted_gap_of_reliability_curve")),
]
MUTANTS += EDGE_MUTANTS
