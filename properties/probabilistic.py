"""The probabilistic spec: entropy, cross-entropy, KL, perplexity; Gibbs, base invariance, seed claims."""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np
from hypothesis import strategies as st

from properties.capabilities import COUNT, Capability, declare_parameters
from properties.inputs import edges_of, mapped_edges, one_of_with_edges, options, tuples_with_edges, with_edges
from properties.inputs.distributions import (
    CORPORA,
    DISTRIBUTION,
    DISTRIBUTION_PAIRS,
    TOKEN_PROBABILITIES,
    corpora,
    distribution_pairs,
    distributions,
    equal_length_corpus_edges,
    token_probs,
)
from properties.checks import expect, expect_close, expect_le, expect_printed, expect_refusal
from properties.inputs.labels import (BINARY_PROBABILITIES, CALIBRATION_EDGES, CALIBRATION_ROW_EDGES,
                                      ONE_CLASS_PROBABILITY_EDGES, PROBABILITIES, binary_probability_examples,
                                      proba_examples)
from properties.engine.vocabulary import findings
from properties.engine.vocabulary.registry import prop, register
from properties.engine.target.references import reference
from properties.inputs.labels import ProbaExample

#: the probability shapes' edge cases (their own), for the composite strategies of the calibration properties
_PROBA_EDGES = edges_of(PROBABILITIES.examples("expected_calibration_error"))
_BINARY_PROBA_EDGES = edges_of(BINARY_PROBABILITIES.examples("calibration_curve"))


def _binary_probabilities():
    """Binary probability examples carrying the binary probability shape's edge cases."""
    return with_edges(binary_probability_examples(), _BINARY_PROBA_EDGES)


def _rows_or_binary(min_prob: float = 0.0):
    """Probability rows (every probability at least ``min_prob``) or binary probabilities, with both edge cases."""
    rows = tuple((name, ex) for name, ex in _PROBA_EDGES if np.min(ex.y_proba) >= min_prob)
    return one_of_with_edges(with_edges(proba_examples(min_prob=min_prob) if min_prob else proba_examples(), rows),
                             _binary_probabilities())


#: a number of bins, drawn from 1 to 12; its edge cases put the round probabilities of the binary edge cases
#: (0, 0.2, 0.5, 0.8, 1) on bin edges: one bin, two, five and ten
_N_BINS = (st.integers(1, 12), [(f"n_bins={n}", n) for n in (1, 2, 5, 10)])
_BINNINGS = options("uniform", "quantile", name="strategy")

CAPABILITIES = {
    "entropy": Capability((0.0, None), symmetric=False, input_domain="probability distribution",
                          undefined="none (0 log 0 = 0)", higher_is_better=None),
    "cross_entropy": Capability((0.0, math.inf), symmetric=False, input_domain="two distributions",
                                undefined="q_i = 0 < p_i -> inf", higher_is_better=False),
    "kl_divergence": Capability((0.0, math.inf), symmetric=False, input_domain="two distributions",
                                undefined="q_i = 0 < p_i -> inf", higher_is_better=False),
    "jensen_shannon_divergence": Capability((0.0, math.log(2.0)), symmetric=True, input_domain="two distributions",
                                            undefined="none (finite everywhere; log 2 for disjoint supports)",
                                            higher_is_better=False),
    "perplexity": Capability((1.0, math.inf), symmetric=False, input_domain="token probabilities in [0, 1]",
                             undefined="a zero probability -> inf; empty refused", higher_is_better=False),
    "corpus_perplexity": Capability((1.0, math.inf), symmetric=False, input_domain="sequences of token probabilities",
                                    undefined="a zero probability -> inf; empty corpus/sequence refused",
                                    averaging=("tokens", "sequences"), higher_is_better=False),
    "expected_calibration_error": Capability((0.0, 1.0), symmetric=False,
                                             input_domain="labels + class probability rows (or 1-D binary)",
                                             undefined="none (empty input refused)", higher_is_better=False),
    "calibration_curve": Capability((0.0, 1.0), symmetric=False,
                                    input_domain="binary labels + probabilities of the positive class",
                                    undefined="none (empty input refused; empty bins dropped)",
                                    higher_is_better=None),
}

_GENERIC = {
    "entropy": dict(inputs=DISTRIBUTION, not_generic=("duplication_invariance",)),
    "cross_entropy": dict(inputs=DISTRIBUTION_PAIRS, not_generic=("duplication_invariance",)),
    "kl_divergence": dict(inputs=DISTRIBUTION_PAIRS, best=0.0, not_generic=("duplication_invariance",)),
    "jensen_shannon_divergence": dict(inputs=DISTRIBUTION_PAIRS, best=0.0, not_generic=("duplication_invariance",)),
    "perplexity": dict(inputs=TOKEN_PROBABILITIES, best=1.0),
    "corpus_perplexity": dict(inputs=CORPORA, best=1.0, forms=tuple({"average": a} for a in ("tokens", "sequences"))),
    # quantile bins are left out of the generic forms: duplicating every sample moves the interpolated
    # percentile edges (a different binning, not a bug); the definition property covers them
    "expected_calibration_error": dict(inputs=PROBABILITIES, best=0.0,
                                       forms=({}, {"norm": "l2"}, {"norm": "max", "n_bins": 4},
                                              {"mode": "classwise"})),
    "calibration_curve": dict(inputs=BINARY_PROBABILITIES, forms=({}, {"n_bins": 10})),
}
# duplicating the categories of a distribution breaks its normalisation: not an input of the metric
CAPABILITIES = {name: dataclasses.replace(cap, **_GENERIC[name]) for name, cap in CAPABILITIES.items()}
declare_parameters(CAPABILITIES, {"expected_calibration_error": {"n_bins": COUNT}, "calibration_curve": {"n_bins": COUNT}})

BASES = (2.0, math.e, 10.0, 1.5, 7.0)


def _in_bases(examples):
    """(example, log base) pairs; the edge cases of ``examples`` in base 2."""
    return with_edges(st.tuples(examples, st.sampled_from(BASES)), mapped_edges(edges_of(examples), lambda e: (e, 2.0)))


# ---------------------------------------------------------------- entropy, cross-entropy, KL


@prop("gibbs_inequality", "cross_entropy(p, q) >= entropy(p), with equality for q = p",
      kind="relation", needs=("cross_entropy", "entropy"), strategy=distribution_pairs())
def _gibbs(t, ex):
    p, q = ex
    h = t.entropy(p)
    expect_le(h, t.cross_entropy(p, q), what="entropy(p) <= cross_entropy(p, q)", tol=1e-12)
    expect_close(t.cross_entropy(p, p), h, rtol=1e-12, atol=1e-15, what="cross_entropy(p, p) vs entropy(p)")


def _equal_as_held(p, q) -> bool:
    """Whether two distributions distinct in float64 are one distribution as the target holds them (its
    precision): near-uniform rows 0.25 +- 1e-9 are 0.25 in float32, where a divergence of 0 is right."""
    from properties.engine.vocabulary import precision

    return bool(np.array_equal(precision.as_target(p), precision.as_target(q)))


@prop("kl_nonnegative_zero_iff_equal", "kl_divergence(p, q) >= 0, and = 0 iff p == q",
      kind="bound", needs=("kl_divergence",), strategy=distribution_pairs())
def _kl(t, ex):
    p, q = ex
    value = t.kl_divergence(p, q)
    expect(t.kl_divergence(p, p) == 0.0, "kl_divergence(p, p) must be 0")
    if np.array_equal(p, q):
        expect(value == 0.0, f"kl of equal distributions: {value!r}")
    elif not _equal_as_held(p, q):  # distinct in float64, one distribution at a float32 target's precision
        expect(value > 0.0, f"kl of different distributions must be > 0, got {value!r}")


@prop("cross_entropy_is_entropy_plus_kl", "cross_entropy(p, q) = entropy(p) + kl_divergence(p, q), in any base",
      kind="relation", needs=("cross_entropy:base", "entropy:base", "kl_divergence:base"),
      strategy=_in_bases(distribution_pairs()), defines=("cross_entropy",))
def _decomposition(t, ex):
    (p, q), b = ex
    expect_close(t.cross_entropy(p, q, base=b), t.entropy(p, base=b) + t.kl_divergence(p, q, base=b),
                 rtol=1e-9, atol=1e-12, what=f"H(p,q) vs H(p)+KL (base {b})")


@prop("log_base_scaling", "entropy, cross_entropy and kl_divergence in base b are the nats value / ln b",
      kind="relation", needs=("entropy:base", "cross_entropy:base", "kl_divergence:base"),
      strategy=_in_bases(distribution_pairs()))
def _base_scaling(t, ex):
    (p, q), b = ex
    expect_close(t.entropy(p, base=b), t.entropy(p) / math.log(b), rtol=1e-12, atol=1e-15, what="entropy")
    expect_close(t.kl_divergence(p, q, base=b), t.kl_divergence(p, q) / math.log(b), rtol=1e-12, atol=1e-15,
                 what="kl")
    expect_close(t.cross_entropy(p, q, base=b), t.cross_entropy(p, q) / math.log(b), rtol=1e-12, atol=1e-15,
                 what="cross_entropy")


def _log(v):
    return math.log(v) if v > 0 else -math.inf


def _p_times(p, logs, b):
    """sum_i p_i logs_i / ln b over p_i > 0 (0 log 0 = 0)."""
    terms = [pi * li for pi, li in zip(p.tolist(), logs) if pi > 0]
    return math.fsum(terms) / (1.0 if b is None else math.log(b))


def _p_log(p, values, b):
    """sum_i p_i log_b values_i over p_i > 0 (0 log 0 = 0), with log 0 = -inf."""
    return _p_times(p, [_log(v) for v in values], b)


# the definitions sum the same terms as the target in another order: rounding only
@prop("definition[entropy]", "entropy(p) = -sum_i p_i log_b p_i over p_i > 0, in nats (base None) and in base b",
      kind="relation", needs=("entropy", "entropy:base"), strategy=_in_bases(distributions()),
      defines=("entropy",))
def _entropy_definition(t, ex):
    p, b = ex
    for base in (None, b):
        with findings.form(view=t):
            expect_close(t.entropy(p, base=base), -_p_log(p, p.tolist(), base), rtol=1e-9, atol=1e-12,
                         what=f"entropy (base {base})")


def _two_distribution_definition(t, ex, name, terms, sign):
    (p, q), b = ex
    for base in (None, b):
        with findings.form(view=t):
            expected = sign * _p_times(p, terms(p.tolist(), q.tolist()), base)
            expect_close(getattr(t, name)(p, q, base=base), expected, rtol=1e-9, atol=1e-12, what=f"{name} (base {base})")


def _kl_terms(p, q):
    """log(p_i / q_i) as a difference of logs (p_i / q_i overflows for a subnormal q_i), inf where q_i = 0."""
    return [_log(pi) - _log(qi) if qi > 0 else math.inf for pi, qi in zip(p, q)]


for _m, _formula, _terms, _sign in (
    ("cross_entropy", "-sum_i p_i log_b q_i", lambda p, q: [_log(v) for v in q], -1.0),
    ("kl_divergence", "sum_i p_i log_b(p_i / q_i)", _kl_terms, 1.0),
):
    register(f"definition[{_m}]", f"{_m}(p, q) = {_formula} over p_i > 0, +inf where q_i = 0 < p_i, in nats and in base b",
             kind="relation", needs=(_m, f"{_m}:base"), family="probabilistic", defines=(_m,),
             strategy=_in_bases(distribution_pairs(q_zeros=True)),
             check=functools.partial(_two_distribution_definition, name=_m, terms=_terms, sign=_sign))


@prop("entropy_bounds", "0 <= entropy(p) <= log(len(p)), the maximum reached by the uniform distribution",
      kind="bound", needs=("entropy",), strategy=distributions())
def _entropy_bounds(t, ex):
    n = len(ex)
    expect_le(0.0, t.entropy(ex), what="entropy >= 0")
    expect_le(t.entropy(ex), math.log(n), what="entropy <= log n", tol=1e-12)
    expect_close(t.entropy(np.full(n, 1.0 / n)), math.log(n), rtol=1e-12, atol=1e-15, what="uniform entropy")


@prop("zero_q_gives_inf", "kl_divergence and cross_entropy are +inf (documented result) when q_i = 0 < p_i",
      kind="undefined", needs=("kl_divergence", "cross_entropy"), strategy=distributions(zeros=False))
def _zero_q(t, ex):
    p = ex
    q = np.zeros(len(p) + 1)
    q[-1] = 1.0
    p = np.append(p, 0.0)
    expect(t.kl_divergence(p, q) == math.inf, "kl_divergence with q_i = 0 < p_i must be inf")
    expect(t.cross_entropy(p, q) == math.inf, "cross_entropy with q_i = 0 < p_i must be inf")


for _m in ("entropy", "kl_divergence"):
    register(
        f"agreement[{_m}]",
        f"{_m} agrees with scipy.stats.entropy (nats and base 2)",
        kind="agreement", reference="scipy", needs=(f"{_m}:base",), family="probabilistic",
        strategy=distribution_pairs(q_zeros=True),
        # same sum of p log p terms; only summation order differs
        check=lambda t, ex, m=_m: [
            expect_close(getattr(t, m)(*((ex[0],) if m == "entropy" else ex), base=b),
                         getattr(reference("scipy"), m)(*((ex[0],) if m == "entropy" else ex), base=b),
                         rtol=1e-9, atol=1e-12, what=f"{m} base {b} vs scipy")
            for b in (None, 2.0)
        ],
    )


# ---------------------------------------------------------------- perplexity


@prop("perplexity_at_least_one", "perplexity >= 1, = 1 when every token has probability 1, > 1 otherwise",
      kind="bound", needs=("perplexity",), strategy=token_probs)
def _pp_bound(t, ex):
    value = t.perplexity(ex)
    expect_le(1.0, value, what="perplexity >= 1")
    if (ex == 1.0).all():
        expect(value == 1.0, f"perplexity {value!r} must be 1 when every probability is 1")
    if (ex < 0.999).any():  # far enough from 1 that exp(mean NLL) cannot round to 1
        expect(value > 1.0, f"perplexity {value!r} must be > 1 when some probability is < 1")


@prop("perplexity_base_invariance",
      "perplexity is the same whatever the log base, for probabilities and for log-probabilities in that base",
      kind="invariance", needs=("perplexity:base", "perplexity:from_log"),
      strategy=_in_bases(token_probs))
def _pp_base(t, ex):
    p, b = ex
    nats = t.perplexity(p)
    expect_close(t.perplexity(p, base=b), nats, rtol=1e-9, what=f"perplexity in base {b}")
    expect_close(t.perplexity(np.log(p) / math.log(b), base=b, from_log=True), nats, rtol=1e-9,
                 what=f"perplexity from base-{b} log-probabilities")


@prop("perplexity_is_exp_mean_nll", "perplexity = exp(mean negative log-likelihood in nats)",
      kind="relation", needs=("perplexity",), strategy=token_probs, defines=("perplexity",))
def _pp_exp(t, ex):
    expect_close(t.perplexity(ex), math.exp(-np.mean(np.log(ex))), rtol=1e-12, what="perplexity")


@prop("uniform_model_perplexity", "a uniform model over V outcomes has perplexity V",
      kind="identity", needs=("perplexity",), strategy=st.tuples(st.integers(1, 50000), st.integers(1, 20)))
def _pp_uniform(t, ex):
    v, n = ex
    expect_close(t.perplexity(np.full(n, 1.0 / v)), float(v), rtol=1e-12, what=f"uniform over {v}")


@prop("perplexity_decreases_with_probability",
      "raising a token's probability never raises the perplexity (minimising perplexity = maximising probability)",
      kind="direction", needs=("perplexity",), strategy=st.tuples(token_probs, st.integers(0, 19), st.floats(0, 1)))
def _pp_direction(t, ex):
    p, i, frac = ex
    i %= len(p)
    better = p.copy()
    better[i] = p[i] + frac * (1.0 - p[i])
    expect_le(t.perplexity(better), t.perplexity(p), what="perplexity after raising a probability",
              tol=1e-12 * t.perplexity(p))


@prop("zero_probability_gives_inf", "a token of probability 0 (log-probability -inf) gives perplexity inf",
      kind="undefined", needs=("perplexity", "perplexity:from_log", "corpus_perplexity"), strategy=token_probs)
def _pp_zero(t, ex):
    p = np.append(ex, 0.0)
    expect(t.perplexity(p) == math.inf, "perplexity with a zero probability must be inf")
    with np.errstate(divide="ignore"):
        expect(t.perplexity(np.log(p), from_log=True) == math.inf, "perplexity with log-probability -inf")
    expect(t.corpus_perplexity([ex, p]) == math.inf, "corpus perplexity with a zero probability must be inf")


@st.composite
def _bad_tokens(draw):
    p = draw(token_probs)
    defect = draw(st.sampled_from(["negative", "above-one", "nan", "empty", "2-D", "positive-log"]))
    if defect == "negative":
        return np.append(p, -0.5), False
    if defect == "above-one":
        return np.append(p, 1.5), False
    if defect == "nan":
        return np.append(p, np.nan), draw(st.booleans())
    if defect == "empty":
        return p[:0], draw(st.booleans())
    if defect == "2-D":
        return np.stack([p, p]), False
    return np.append(np.log(p), 0.5), True


@prop("perplexity_refuses_bad_input",
      "perplexity refuses probabilities outside [0, 1] (log-probabilities > 0), NaN, empty and 2-D input",
      kind="refusal", needs=("perplexity", "perplexity:from_log"), strategy=_bad_tokens())
def _pp_refusal(t, ex):
    p, from_log = ex
    expect_refusal(lambda: t.perplexity(p, from_log=from_log), "token_probs")


@prop("corpus_perplexity_refuses_bad_input",
      "corpus_perplexity refuses an empty corpus, an empty sequence, bad probabilities, unknown average",
      kind="refusal", needs=("corpus_perplexity", "corpus_perplexity:average"),
      strategy=st.tuples(corpora, st.sampled_from(["no-sequences", "empty-sequence", "bad-prob", "average"])))
def _corpus_refusal(t, ex):
    corpus, case = ex
    if case == "no-sequences":
        expect_refusal(lambda: t.corpus_perplexity([]), "sequences")
    elif case == "empty-sequence":
        expect_refusal(lambda: t.corpus_perplexity(corpus + [np.array([])]), "sequences")
    elif case == "bad-prob":
        expect_refusal(lambda: t.corpus_perplexity(corpus + [np.array([0.5, 1.5])]), "sequences")
    else:
        expect_refusal(lambda: t.corpus_perplexity(corpus, average="mean"), "average")


@prop("corpus_perplexity_conventions",
      "pooled corpus perplexity = perplexity of the concatenation; per-sequence = geometric mean of perplexities",
      kind="relation", needs=("corpus_perplexity:average", "perplexity"), strategy=corpora,
      defines=("corpus_perplexity",))
def _corpus_conventions(t, ex):
    pooled = t.corpus_perplexity(ex, average="tokens")
    expect_close(pooled, t.perplexity(np.concatenate(ex)), rtol=1e-12, what="pooled vs concatenated")
    per_seq = np.array([t.perplexity(s) for s in ex])
    expect_close(t.corpus_perplexity(ex, average="sequences"), math.exp(np.mean(np.log(per_seq))), rtol=1e-9,
                 what="per-sequence vs geometric mean")


@prop("definition[corpus_perplexity]",
      "corpus perplexity is exp(total NLL / total tokens) for average='tokens' and exp(mean over sequences of "
      "their mean NLL) for average='sequences', from probabilities and from base-b log-probabilities",
      kind="relation", needs=("corpus_perplexity", "corpus_perplexity:average", "corpus_perplexity:base",
                              "corpus_perplexity:from_log"),
      strategy=_in_bases(corpora), defines=("corpus_perplexity",))
def _corpus_definition(t, ex):
    corpus, b = ex
    nll = [-np.log(s) for s in corpus]
    expected = {"tokens": math.exp(np.sum(np.concatenate(nll)) / sum(len(s) for s in corpus)),
                "sequences": math.exp(np.mean([np.mean(s) for s in nll]))}
    logs = [np.log(s) / math.log(b) for s in corpus]
    for average, value in expected.items():
        with findings.form(view=t):
            expect_close(t.corpus_perplexity(corpus, average=average), value, rtol=1e-9, what=f"average={average!r}")
        with findings.form(view=t):
            expect_close(t.corpus_perplexity(logs, average=average, base=b, from_log=True), value, rtol=1e-9,
                         what=f"average={average!r} from base-{b} log-probabilities")


@prop("geometric_mean_le_arithmetic_mean",
      "the geometric mean of per-sequence perplexities never exceeds their arithmetic mean",
      kind="relation", needs=("corpus_perplexity:average", "perplexity"), strategy=corpora)
def _gm_le_am(t, ex):
    per_seq = [t.perplexity(s) for s in ex]
    expect_le(t.corpus_perplexity(ex, average="sequences"), float(np.mean(per_seq)), what="GM <= AM",
              tol=1e-12 * max(per_seq))


@prop("equal_lengths_make_conventions_agree",
      "when all sequences have the same length, pooled and per-sequence corpus perplexity agree",
      kind="relation", needs=("corpus_perplexity:average",),
      strategy=with_edges(st.tuples(st.integers(1, 6), st.integers(1, 4)).flatmap(
          lambda nm: st.lists(st.lists(st.floats(1e-6, 1.0), min_size=nm[0], max_size=nm[0]).map(np.array),
                              min_size=nm[1], max_size=nm[1])), equal_length_corpus_edges()))
def _equal_lengths(t, ex):
    expect_close(t.corpus_perplexity(ex, average="tokens"), t.corpus_perplexity(ex, average="sequences"),
                 rtol=1e-9, what="pooled vs per-sequence on equal lengths")


# ---------------------------------------------------------------- claims from the seeds

_S000 = "seed 000, section \"Perplexity\""
_S002 = "seed 002, section \"Perplexity\""
_BASE_QUOTE = ("Using any base $n$ both in defining $H$ and as the base in $\\textbf{perplexity}$ "
               "will lead to identical results.")
_TOKEN_QUOTE = ("$$\\textbf{token-perplexity}(P, x) = \\exp\\left(\\frac{\\log\\textbf{perplexity}(P, x)}"
                "{\\textbf{length}(x)}\\right)$$")
_MEAN_QUOTE = ("$$\\textbf{mean-perplexity}(P, X) = \\exp\\left(\\frac{1}{m}\\sum_{x\\in X}"
               "\\log(\\textbf{token-perplexity}(P, x))\\right)$$")


def _seed_perplexity(p, b):
    """The seeds' perplexity(P, x) = b ** H, H = -(1/m) log_b P(x), m = length of x."""
    return b ** (-np.sum(np.log(p) / math.log(b)) / len(p))


def _claim_base(t, ex):
    p, b = ex
    expect_close(_seed_perplexity(p, b), t.perplexity(p), rtol=1e-9, what=f"seed perplexity in base {b}")


def _claim_token(t, ex):
    p = ex
    seed_token = math.exp(math.log(t.perplexity(p)) / len(p))  # divides by the length a second time
    expect_close(seed_token, t.perplexity(p), rtol=1e-9, what="seed token-perplexity vs per-token perplexity")


def _claim_mean(t, ex):
    per_seq = [t.perplexity(s) for s in ex]
    expect_close(math.exp(np.mean(np.log(per_seq))), t.corpus_perplexity(ex, average="sequences"), rtol=1e-9,
                 what="seed mean-perplexity vs corpus_perplexity(average='sequences')")


for _seed, _source in (("000", _S000), ("002", _S002)):
    register(f"claim.seed{_seed}.base_invariance",
             f"perplexity = n^H with H in base n gives the same value for every base (seed {_seed})",
             kind="claim", needs=("perplexity",), source=_source, quote=_BASE_QUOTE, family="probabilistic",
             strategy=_in_bases(token_probs), check=_claim_base)
    register(f"claim.seed{_seed}.token_perplexity_formula",
             f"token-perplexity = exp(log perplexity(P, x) / length(x)) is the per-token perplexity (seed {_seed}; "
             "perplexity(P, x) as the seed defines it, already averaged over the length)",
             kind="claim", needs=("perplexity",), source=_source, quote=_TOKEN_QUOTE, family="probabilistic",
             strategy=token_probs, check=_claim_token)
    register(f"claim.seed{_seed}.mean_perplexity_formula",
             f"mean-perplexity = geometric mean of per-sequence perplexities (seed {_seed})",
             kind="claim", needs=("perplexity", "corpus_perplexity:average"), source=_source, quote=_MEAN_QUOTE,
             family="probabilistic", strategy=corpora, check=_claim_mean)
    register(f"claim.seed{_seed}.minimising_perplexity_maximises_probability",
             f"for sequences of equal length, lower perplexity iff higher probability (seed {_seed})",
             kind="claim", needs=("perplexity",), source=_source,
             quote="Minimizing perplexity is equivalent to maximizing probability.", family="probabilistic",
             strategy=st.integers(1, 8).flatmap(lambda n: st.tuples(
                 *[st.lists(st.floats(1e-3, 1.0), min_size=n, max_size=n).map(np.array)] * 2)),
             check=lambda t, ex: expect(
                 (t.perplexity(ex[0]) < t.perplexity(ex[1])) == (np.sum(np.log(ex[0])) > np.sum(np.log(ex[1])))
                 or math.isclose(np.sum(np.log(ex[0])), np.sum(np.log(ex[1])), rel_tol=1e-9, abs_tol=1e-12),
                 "perplexity order must be the reverse of probability order"))
    register(f"claim.seed{_seed}.perplexity_bounds", f"perplexity lies in [1, inf] (seed {_seed})",
             kind="claim", needs=("perplexity",), source=_source, quote="[1, $\\infty$], where 1 is best.",
             family="probabilistic", strategy=token_probs,
             check=lambda t, ex: expect_le(1.0, t.perplexity(ex), what="perplexity >= 1"))


@prop("claim.seed003.pp_product_formula", "PP(p, x) = prod_i (1 / p(x_i))^(1/n) (seed 003)", kind="claim",
      needs=("perplexity",), source="seed 003, section \"Perplexity\"",
      quote="\\textbf{PP}(p, \\textbf{x}) = \\prod_{i=1}^{n}\\left(\\frac{1}{p(x_{i})}\\right)^{\\frac{1}{n}}",
      strategy=token_probs)
def _claim_003_pp(t, ex):
    # each factor (1 / p)^(1/n) taken as p^(-1/n): 1 / p overflows for a subnormal p (the edge case
    # subnormal_probability), its n-th root does not
    expect_close(t.perplexity(ex), float(np.prod(ex ** (-1.0 / len(ex)))), rtol=1e-9, what="PP")


@prop("claim.seed003.mean_pp_formula", "mean-PP = exp((1/m) sum_x log PP(p, x)) (seed 003)", kind="claim",
      needs=("perplexity", "corpus_perplexity:average"), source="seed 003, section \"Perplexity\"",
      quote="\\exp\\left(\\frac{1}{m}\\sum_{x\\in X}\\log \\textbf{PP}(p, \\textbf{x})\\right)", strategy=corpora)
def _claim_003_mean(t, ex):
    _claim_mean(t, ex)


@prop("claim.seed004.perplexity_is_exp_mean_nll",
      "perplexity = exp(average negative log-likelihood of the sequence) (seed 004)", kind="claim",
      needs=("perplexity",), source="seed 004, section \"Perplexity\"",
      quote="perplexity is the exponentiated average negative log-likelihood of a sequence, calculated with exponent base e",
      strategy=token_probs)
def _claim_004_exp(t, ex):
    expect_close(t.perplexity(ex), math.exp(-np.mean(np.log(ex))), rtol=1e-12, what="perplexity")


@prop("claim.seed004.three_bits_is_perplexity_8",
      "a model with an entropy of three bits (uniform over 8 outcomes) has perplexity 8 (seed 004)", kind="claim",
      needs=("perplexity", "entropy:base"), source="seed 004, section \"Perplexity\"",
      quote="Consider a language model with an entropy of three bits, in which each bit encodes two possible "
            "outcomes of equal probability.")
def _claim_004_eight(t, ex):
    uniform = np.full(8, 1.0 / 8)
    expect_printed(t.entropy(uniform, base=2), "3", what="entropy of the uniform 8-outcome model in bits")
    expect_printed(t.perplexity(uniform), "8", what="perplexity of the uniform 8-outcome model")


@prop("claim.seed000.kl_one_hot_is_negative_log", "KL(y || p) for a one-hot y at k equals -log p_k (seed 000)",
      kind="claim", needs=("kl_divergence",), source="seed 000, section \"Accuracy\"",
      quote="Where $y$ is a \"one-hot vector\" (a classification label) with $1$ at position $k$, this reduces to "
            "$$ \\log\\left(\\frac{1}{p_{k}}\\right) = -\\log(p_{k}) $$",
      strategy=st.tuples(distributions(zeros=False), st.integers(0, 11)))
def _claim_kl_one_hot(t, ex):
    q, k = ex
    k %= len(q)
    y = np.zeros(len(q))
    y[k] = 1.0
    expect_close(t.kl_divergence(y, q), -math.log(q[k]), rtol=1e-12, atol=1e-15, what="KL(one-hot || q)")


# ---------------------------------------------------------------- calibration (issue 32)
# Bins: edges belong to the bin below ([0, e1], (e1, e2], ...), empty bins dropped (metrics.probabilistic).


def bin_members(c: np.ndarray, n_bins: int, strategy: str) -> list[np.ndarray]:
    """The samples of each non-empty bin, in bin order, written with explicit interval tests."""
    if strategy == "uniform":
        edges = [i / n_bins for i in range(n_bins + 1)]
    else:
        edges = list(np.percentile(c, np.linspace(0.0, 1.0, n_bins + 1) * 100))  # scikit-learn's expression
    out = []
    for b in range(n_bins):
        lo, hi = edges[b], edges[b + 1]
        inside = (c <= hi) if b == 0 else (c > lo) & (c <= hi)
        if b == n_bins - 1:
            inside = c > lo if b > 0 else np.ones(len(c), dtype=bool)
        out.append(np.flatnonzero(inside))
    return [m for m in out if m.size]


def calibration_gaps(c, outcome, n_bins, strategy):
    """(n_b, mean outcome, mean confidence) per non-empty bin."""
    return [(len(m), float(np.mean(outcome[m])), float(np.mean(c[m]))) for m in bin_members(c, n_bins, strategy)]


def ece_from_bins(c, outcome, n_bins, strategy, norm) -> float:
    bins = calibration_gaps(c, outcome, n_bins, strategy)
    n = len(c)
    if norm == "max":
        return max(abs(a - b) for _, a, b in bins)
    if norm == "l1":
        return sum(k / n * abs(a - b) for k, a, b in bins)
    return math.sqrt(sum(k / n * (a - b) ** 2 for k, a, b in bins))


def expected_ece(ex, norm, mode, n_bins, strategy) -> float:
    """The spec's ECE of a 2-D (top-label or classwise) or 1-D (positive class) example."""
    p = ex.y_proba
    labels = list(ex.labels)
    codes = np.array([labels.index(v) for v in ex.y_true.tolist()])
    if p.ndim == 1:
        return ece_from_bins(p, (codes == 1).astype(float), n_bins, strategy, norm)
    if mode == "top_label":
        top = np.array([row.index(max(row)) for row in p.tolist()])  # the first maximum
        return ece_from_bins(p.max(axis=1), (top == codes).astype(float), n_bins, strategy, norm)
    return float(np.mean([ece_from_bins(p[:, j], (codes == j).astype(float), n_bins, strategy, norm)
                          for j in range(p.shape[1])]))


_ECE_FORMS = [dict(norm=n, mode=m, n_bins=b, strategy=s) for n in ("l1", "l2", "max")
              for m, b, s in (("top_label", 15, "uniform"), ("classwise", 5, "uniform"), ("top_label", 4, "quantile"))]


@prop("definition[expected_calibration_error]",
      "the calibration error is, over the non-empty confidence bins ((lo, hi], the first [0, e1]), sum n_b/N |acc_b - "
      "conf_b| (l1), its root-mean-square (l2) or max |acc_b - conf_b| (max); confidence and outcome: max row "
      "probability and argmax (first) = truth (top_label), each column against its class, averaged (classwise), "
      "P(positive) and y = positive (1-D); uniform and quantile (np.percentile) bins",
      kind="relation", needs=("expected_calibration_error", "expected_calibration_error:labels",
                              "expected_calibration_error:norm", "expected_calibration_error:mode",
                              "expected_calibration_error:n_bins", "expected_calibration_error:strategy",
                              "expected_calibration_error:pos_label"),
      strategy=_rows_or_binary(), defines=("expected_calibration_error",))
def _ece_definition(t, ex):
    one_d = ex.y_proba.ndim == 1
    for form in _ECE_FORMS:
        if one_d and form["mode"] == "classwise":
            continue
        extra = {"pos_label": ex.labels[1]} if one_d else {"labels": list(ex.labels)}
        with findings.form(view=t):
            expect_close(t.expected_calibration_error(ex.y_true, ex.y_proba, **form, **extra),
                         expected_ece(ex, form["norm"], form["mode"], form["n_bins"], form["strategy"]),
                         rtol=1e-9, atol=1e-12, what=f"expected_calibration_error({ex.y_proba.ndim}-D, {form})")


@st.composite
def calibrated_examples(draw):
    """Binary labels and probabilities calibrated by construction: every sample of a uniform bin gets the
    probability m / n of that bin's group, of whose n samples exactly m are positive."""
    n_bins = draw(st.integers(1, 12))
    y, p = [], []
    for b in draw(st.lists(st.integers(0, n_bins - 1), min_size=1, max_size=4, unique=True)):
        n = draw(st.integers(1, 8))
        # a fraction m / n inside the bin (b / n_bins, (b + 1) / n_bins], if n samples allow one
        fractions = [m for m in range(n + 1) if (b == 0 or m / n > b / n_bins) and m / n <= (b + 1) / n_bins]
        if not fractions:
            continue
        m = draw(st.sampled_from(fractions))
        y += [1] * m + [0] * (n - m)
        p += [m / n] * n
    if not y:
        y, p = [1], [1.0]
    return ProbaExample(np.array(y), np.array(p), (0, 1)), n_bins


@prop("calibrated_by_construction_is_zero",
      "a binary predictor whose probability in each uniform bin equals the frequency of positives there has "
      "calibration error 0 in every norm", kind="identity",
      needs=("expected_calibration_error", "expected_calibration_error:norm", "expected_calibration_error:n_bins",
             "expected_calibration_error:pos_label"), strategy=calibrated_examples())
def _ece_calibrated(t, ex):
    e, n_bins = ex
    for norm in ("l1", "l2", "max"):
        with findings.form(view=t):
            v = t.expected_calibration_error(e.y_true, e.y_proba, n_bins=n_bins, norm=norm, pos_label=1)
            expect_close(v, 0.0, rtol=0, atol=1e-12, what=f"expected_calibration_error(norm={norm!r}, n_bins={n_bins})")


@prop("ece_norms_ordered", "l1 <= l2 <= max calibration error (weighted power means of the bin gaps), "
      "top-label and classwise", kind="relation",
      needs=("expected_calibration_error", "expected_calibration_error:labels", "expected_calibration_error:norm",
             "expected_calibration_error:mode"), strategy=with_edges(proba_examples(), CALIBRATION_ROW_EDGES))
def _ece_norms(t, ex):
    for mode in ("top_label", "classwise"):
        v = [t.expected_calibration_error(ex.y_true, ex.y_proba, labels=list(ex.labels), norm=n, mode=mode)
             for n in ("l1", "l2", "max")]
        with findings.form(view=t):
            expect_le(v[0], v[1], what=f"l1 {v[0]} <= l2 {v[1]} ({mode})", tol=1e-12)
            expect_le(v[1], v[2], what=f"l2 {v[1]} <= max {v[2]} ({mode})", tol=1e-12)


@prop("ece_is_weighted_gap_of_reliability_curve",
      "binary ECE (l1) = sum over the reliability curve's bins of counts/N x |prob_true - prob_pred|, same bins "
      "(uniform and quantile)", kind="relation",
      needs=("expected_calibration_error", "expected_calibration_error:n_bins", "expected_calibration_error:strategy",
             "expected_calibration_error:pos_label", "calibration_curve", "calibration_curve:n_bins",
             "calibration_curve:strategy", "calibration_curve:pos_label", "calibration_curve:return_counts"),
      strategy=tuples_with_edges(_binary_probabilities(), _N_BINS, _BINNINGS))
def _ece_vs_curve(t, ex):
    e, n_bins, strategy = ex
    prob_true, prob_pred, counts = t.calibration_curve(e.y_true, e.y_proba, pos_label=e.labels[1], n_bins=n_bins,
                                                       strategy=strategy, return_counts=True)
    expected = float(np.sum(np.asarray(counts) / len(e.y_true) * np.abs(np.asarray(prob_true) - np.asarray(prob_pred))))
    expect_close(t.expected_calibration_error(e.y_true, e.y_proba, n_bins=n_bins, strategy=strategy,
                                              pos_label=e.labels[1]), expected, rtol=1e-9, atol=1e-12,
                 what=f"ECE(n_bins={n_bins}, {strategy}) vs the reliability curve's weighted gaps")


@prop("definition[calibration_curve]",
      "prob_true / prob_pred are the fraction of positives / the mean probability of each non-empty bin in "
      "increasing order, bins (lo, hi] (the first [0, e1]), uniform or quantile (np.percentile) edges",
      kind="relation", needs=("calibration_curve", "calibration_curve:pos_label", "calibration_curve:n_bins",
                              "calibration_curve:strategy"),
      strategy=tuples_with_edges(_binary_probabilities(), _N_BINS), defines=("calibration_curve",))
def _curve_definition(t, ex):
    e, n_bins = ex
    outcome = (e.y_true == e.labels[1]).astype(float)
    for strategy in ("uniform", "quantile"):
        bins = calibration_gaps(e.y_proba, outcome, n_bins, strategy)
        prob_true, prob_pred = t.calibration_curve(e.y_true, e.y_proba, pos_label=e.labels[1], n_bins=n_bins,
                                                   strategy=strategy)[:2]
        with findings.form(view=t):
            expect_close(np.asarray(prob_true, dtype=float), [a for _, a, _ in bins], rtol=1e-12, atol=1e-12,
                         what=f"prob_true (n_bins={n_bins}, {strategy})")
            expect_close(np.asarray(prob_pred, dtype=float), [c for _, _, c in bins], rtol=1e-12, atol=1e-12,
                         what=f"prob_pred (n_bins={n_bins}, {strategy})")


@prop("reliability_curve_bins_increasing",
      "the reliability curve's mean probabilities strictly increase from bin to bin (disjoint ordered bins), "
      "at most n_bins of them, each in [0, 1]", kind="relation",
      needs=("calibration_curve", "calibration_curve:pos_label", "calibration_curve:n_bins",
             "calibration_curve:strategy"),
      strategy=tuples_with_edges(_binary_probabilities(), _N_BINS, _BINNINGS))
def _curve_increasing(t, ex):
    e, n_bins, strategy = ex
    prob_true, prob_pred = t.calibration_curve(e.y_true, e.y_proba, pos_label=e.labels[1], n_bins=n_bins,
                                               strategy=strategy)[:2]
    pred = np.asarray(prob_pred, dtype=float)
    expect(len(pred) == len(prob_true) and 1 <= len(pred) <= n_bins,
           f"{len(pred)} bins (prob_true: {len(prob_true)}), but should be 1 .. n_bins = {n_bins}")
    expect(bool(np.all(np.diff(pred) > 0)), f"prob_pred = {pred.tolist()} is not strictly increasing")


@prop("reliability_curve_counts_sum",
      "the reliability curve's bin counts are positive (empty bins dropped) and sum to the number of samples; "
      "count x prob_true sums to the number of positives", kind="relation",
      needs=("calibration_curve", "calibration_curve:pos_label", "calibration_curve:n_bins",
             "calibration_curve:strategy", "calibration_curve:return_counts"),
      strategy=tuples_with_edges(_binary_probabilities(), _N_BINS, _BINNINGS))
def _curve_counts(t, ex):
    e, n_bins, strategy = ex
    prob_true, _, counts = t.calibration_curve(e.y_true, e.y_proba, pos_label=e.labels[1], n_bins=n_bins,
                                               strategy=strategy, return_counts=True)
    counts = np.asarray(counts, dtype=float)
    expect(bool(np.all(counts > 0)), f"counts = {counts.tolist()}: an empty bin was kept")
    expect_close(counts.sum(), float(len(e.y_true)), rtol=0, atol=0, what="the sum of the bin counts")
    expect_close(float(counts @ np.asarray(prob_true, dtype=float)), float(np.sum(e.y_true == e.labels[1])),
                 rtol=1e-12, atol=1e-9, what="sum of counts x prob_true vs the number of positives")


def _off_edges(c: np.ndarray, n_bins: int) -> bool:
    """No confidence within 1e-6 of an inner uniform edge, where scikit-learn's (lo, hi] and torchmetrics'
    [lo, hi) bins differ, and float32 rounding could move a value across; nor of the top edge 1, which
    torchmetrics 1.9.0 bins on its own (``binary_calibration_error(tensor([1.0, 0.875]), tensor([0, 0]), n_bins=7,
    norm='l2')`` -> 0.9396, two bins, where 0.99 in place of 1.0 shares the last bin: 0.9325)."""
    inner = np.arange(1, n_bins + 1) / n_bins
    return not np.any(np.abs(c[:, None] - inner[None, :]) < 1e-6) if inner.size else True


@prop("agrees_with_torchmetrics[expected_calibration_error]",
      "the calibration error agrees with torchmetrics (uniform bins, l1 / l2 / max, 1-D binary and top-label) where "
      "no confidence lies within 1e-6 of a bin edge (its bins are [lo, hi): see the edge convention), at float32's "
      "precision", kind="agreement", reference="torchmetrics",
      needs=("expected_calibration_error", "expected_calibration_error:labels", "expected_calibration_error:norm",
             "expected_calibration_error:n_bins"),
      strategy=tuples_with_edges(_rows_or_binary(min_prob=1e-3), options(7, 11, 15, name="n_bins")), max_examples=30)
def _ece_vs_torchmetrics(t, ex):
    e, n_bins = ex
    conf = e.y_proba if e.y_proba.ndim == 1 else e.y_proba.max(axis=1)
    rows = e.y_proba if e.y_proba.ndim == 1 else np.sort(e.y_proba, axis=1)
    tied_top = e.y_proba.ndim == 2 and bool(np.any(rows[:, -1] - rows[:, -2] < 1e-6))
    if not _off_edges(conf, n_bins) or tied_top:
        return  # an edge or a tied top label: float32 rounding decides the bin or the argmax
    ref = reference("torchmetrics")
    for norm in ("l1", "l2", "max"):
        with findings.form(view=t):
            expect_close(t.expected_calibration_error(e.y_true, e.y_proba, labels=list(e.labels), norm=norm,
                                                      n_bins=n_bins),
                         float(ref.expected_calibration_error(e.y_true, e.y_proba, labels=list(e.labels), norm=norm,
                                                              n_bins=n_bins)),
                         rtol=1e-5, atol=1e-6, what=f"ECE({e.y_proba.ndim}-D, norm={norm!r}, n_bins={n_bins}) vs "
                                                    "torchmetrics (float32)")


@prop("golden.edge_in_lower_bin[expected_calibration_error]",
      "a confidence exactly on an inner bin edge belongs to the bin below: y = (1, 0), p = (0.5, 0.75), n_bins = 2 "
      "puts 0.5 in [0, 0.5] (gap 0.5) and 0.75 in (0.5, 1] (gap 0.75): ECE = 0.625 (with [lo, hi) bins: one bin, "
      "ECE |0.5 - 0.625| = 0.125)", kind="golden",
      needs=("expected_calibration_error", "expected_calibration_error:n_bins", "expected_calibration_error:labels"))
def _ece_edge(t, ex):
    # worked by hand from the definition in the statement: (1/2)|1 - 0.5| + (1/2)|0 - 0.75| = 0.625
    v = t.expected_calibration_error(np.array([1, 0]), np.array([0.5, 0.75]), n_bins=2, labels=[0, 1])
    expect_close(v, 0.625, rtol=1e-12, what="ECE with 0.5 on the edge between two bins")


@prop("agrees_with_sklearn[calibration_curve]",
      "the reliability curve agrees with scikit-learn's calibration_curve, uniform and quantile bins, bin edges and "
      "repeated probabilities included", kind="agreement", reference="sklearn",
      needs=("calibration_curve", "calibration_curve:pos_label", "calibration_curve:n_bins",
             "calibration_curve:strategy"),
      strategy=tuples_with_edges(_binary_probabilities(), _N_BINS), max_examples=30)
def _curve_vs_sklearn(t, ex):
    e, n_bins = ex
    ref = reference("sklearn")
    for strategy in ("uniform", "quantile"):
        kw = dict(pos_label=e.labels[1], n_bins=n_bins, strategy=strategy)
        ours, theirs = t.calibration_curve(e.y_true, e.y_proba, **kw)[:2], ref.calibration_curve(e.y_true, e.y_proba, **kw)
        for name, a, b in zip(("prob_true", "prob_pred"), ours, theirs):
            with findings.form(view=t):
                expect_close(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=1e-12, atol=1e-12,
                             what=f"{name}({strategy}, n_bins={n_bins}) vs sklearn")


@prop("refuses_bad_options[expected_calibration_error]",
      "expected_calibration_error refuses n_bins < 1 or not an integer, and unknown norm / strategy / mode, naming "
      "the argument", kind="refusal",
      needs=("expected_calibration_error", "expected_calibration_error:labels", "expected_calibration_error:n_bins",
             "expected_calibration_error:norm", "expected_calibration_error:strategy",
             "expected_calibration_error:mode"),
      strategy=st.tuples(proba_examples(max_size=6), st.sampled_from(
          [("n_bins", 0), ("n_bins", -3), ("n_bins", 2.5), ("norm", "l3"), ("norm", "L1"), ("strategy", "equal"),
           ("mode", "top-label")])), max_examples=15)
def _ece_bad_options(t, ex):
    e, (name, value) = ex
    expect_refusal(lambda: t.expected_calibration_error(e.y_true, e.y_proba, labels=list(e.labels), **{name: value}),
                   name)


@prop("refuses_bad_options[calibration_curve]",
      "calibration_curve refuses n_bins < 1 or not an integer, an unknown strategy, and probabilities outside "
      "[0, 1], naming the argument", kind="refusal",
      needs=("calibration_curve", "calibration_curve:pos_label", "calibration_curve:n_bins",
             "calibration_curve:strategy"),
      strategy=st.tuples(binary_probability_examples(max_size=6), st.sampled_from(
          [("n_bins", 0), ("n_bins", 1.5), ("strategy", "kmeans"), ("y_proba", 1.5), ("y_proba", -0.1)])),
      max_examples=15)
def _curve_bad_options(t, ex):
    e, (name, value) = ex
    if name == "y_proba":
        p = e.y_proba.copy()
        p[0] = value
        expect_refusal(lambda: t.calibration_curve(e.y_true, p, pos_label=e.labels[1]), "y_proba")
        return
    expect_refusal(lambda: t.calibration_curve(e.y_true, e.y_proba, pos_label=e.labels[1], **{name: value}), name)


# ---------------------------------------------------------------- Jensen-Shannon divergence (issue 32)

JSD = "jensen_shannon_divergence"


def _jsd_by_definition(p, q, base):
    """KL(p || m) / 2 + KL(q || m) / 2 over the positive terms, m = (p + q) / 2, in plain Python logs."""
    m = [(a + b) / 2 for a, b in zip(p, q)]
    half = lambda x: sum(xi * (_log(xi) - _log(mi)) for xi, mi in zip(x, m) if xi > 0)  # noqa: E731
    return (half(p) + half(q)) / 2 / (1.0 if base is None else math.log(base))


@prop(f"definition[{JSD}]", f"{JSD}(p, q) = KL(p || m) / 2 + KL(q || m) / 2, m = (p + q) / 2, in nats and in base b",
      kind="relation", needs=(JSD, f"{JSD}:base"), strategy=_in_bases(distribution_pairs(q_zeros=True)), defines=(JSD,))
def _jsd_definition(t, ex):
    (p, q), b = ex
    p, q = p / p.sum(), q / q.sum()
    for base in (None, b):
        with findings.form(view=t):
            expect_close(t.jensen_shannon_divergence(p, q, base=base), _jsd_by_definition(p.tolist(), q.tolist(), base),
                         rtol=1e-9, atol=1e-12, what=f"{JSD} (base {base}) vs its definition")


@prop("relation.jsd_is_mean_kl_to_mixture", f"{JSD}(p, q) = (kl_divergence(p, m) + kl_divergence(q, m)) / 2",
      kind="relation", needs=(JSD, "kl_divergence"), strategy=distribution_pairs(q_zeros=True))
def _jsd_kl(t, ex):
    p, q = ex
    p, q = p / p.sum(), q / q.sum()
    m = (p + q) / 2
    expect_close(t.jensen_shannon_divergence(p, q), (t.kl_divergence(p, m) + t.kl_divergence(q, m)) / 2,
                 rtol=1e-9, atol=1e-12, what=f"{JSD} vs the mean KL to the mixture")


@prop(f"bound.zero_iff_equal_log2_iff_disjoint[{JSD}]",
      f"{JSD}(p, p) = 0, {JSD}(p, q) > 0 for p != q, and = log 2 (1 bit) exactly when the supports are disjoint",
      kind="bound", needs=(JSD, f"{JSD}:base"), strategy=distribution_pairs(q_zeros=True))
def _jsd_extremes(t, ex):
    p, q = ex
    expect(t.jensen_shannon_divergence(p, p) == 0.0, f"{JSD}(p, p) = {t.jensen_shannon_divergence(p, p)!r}, "
                                                     "but should be 0")
    if not np.array_equal(p / p.sum(), q / q.sum()) and not _equal_as_held(p / p.sum(), q / q.sum()):
        value = t.jensen_shannon_divergence(p, q)
        expect(value > 0.0, f"{JSD}(p, q) = {value!r} for p != q, but should be > 0")
    disjoint_p, disjoint_q = np.append(p, np.zeros(len(q))), np.append(np.zeros(len(p)), q)
    expect_close(t.jensen_shannon_divergence(disjoint_p, disjoint_q, base=2), 1.0, rtol=1e-12, atol=0.0,
                 what=f"{JSD} in bits of distributions with disjoint supports")


register(f"agreement[{JSD}]", f"{JSD} = scipy.spatial.distance.jensenshannon^2 (nats and base 2)", kind="agreement",
         reference="scipy", needs=(f"{JSD}:base",), family="probabilistic", strategy=distribution_pairs(q_zeros=True),
         # SciPy takes the square root of the same sum of relative-entropy terms: rounding of one sqrt
         check=lambda t, ex: [expect_close(t.jensen_shannon_divergence(*ex, base=b),
                                           reference("scipy").jensen_shannon_divergence(*ex, base=b),
                                           rtol=1e-9, atol=1e-12, what=f"{JSD} (base {b}) vs scipy")
                              for b in (None, 2.0)])
