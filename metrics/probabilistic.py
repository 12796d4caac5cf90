"""Information-theoretic metrics of probability distributions, and perplexity.

Distributions are 1-D arrays of probabilities in [0, 1] summing to 1 (within
``SUM_TOLERANCE``; they are then renormalised so that the identities between
entropy, cross-entropy and KL hold to rounding). A zero probability where a
log is taken of it gives the documented result ``+inf``, never NaN; terms with
``p_i = 0`` contribute 0 (the limit of ``p log p``).

``base`` is the logarithm base (> 1): ``None`` or ``math.e`` for nats, 2 for bits.

Log-loss over labelled samples lives in ``metrics.classification``.
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import as_floats, check_choice, check_positive, check_same_length
from .errors import MetricInputError

__all__ = ["entropy", "cross_entropy", "kl_divergence", "perplexity", "corpus_perplexity"]

#: how far from 1 the sum of a distribution may be before it is refused
SUM_TOLERANCE = 1e-6


def _log_base(base) -> float:
    """natural log of the base (1.0 for nats)."""
    if base is None:
        return 1.0
    b = check_positive(base, "base")
    if b <= 1.0:  # base 1 is undefined; bases below 1 would make information negative
        raise MetricInputError("base", f"must be > 1, got {b!r}")
    return math.log(b)


def _distribution(values, name: str) -> np.ndarray:
    p = as_floats(values, name)
    if p.min() < 0.0 or p.max() > 1.0:
        raise MetricInputError(name, "probabilities must lie in [0, 1]")
    total = float(p.sum())
    if abs(total - 1.0) > SUM_TOLERANCE:
        raise MetricInputError(name, f"probabilities must sum to 1, got {total!r}")
    return p / total


def _distributions(p, q):
    pa = _distribution(p, "p")
    qa = _distribution(q, "q")
    check_same_length("p", pa, "q", qa)
    return pa, qa


def entropy(p, *, base=None) -> float:
    """Shannon entropy ``H(p) = -sum_i p_i log p_i`` (terms with ``p_i = 0`` are 0).

    Range [0, log(len(p))]: 0 for a point mass, ``log V`` for the uniform
    distribution over V outcomes. Undefined cases: none on a valid distribution.
    Source: Shannon (1948); scipy.stats.entropy(pk).
    """
    scale = _log_base(base)
    pa = _distribution(p, "p")
    nz = pa[pa > 0]
    return max(0.0, float(-np.dot(nz, np.log(nz))) / scale)


def cross_entropy(p, q, *, base=None) -> float:
    """Cross-entropy ``H(p, q) = -sum_i p_i log q_i`` (terms with ``p_i = 0`` are 0).

    Range [H(p), inf]: ``H(p, q) = H(p) + KL(p || q) >= H(p)`` (Gibbs), equal iff
    ``q == p``. Undefined case (log of 0): documented result ``+inf`` when some ``q_i = 0 < p_i``.
    Source: Cover & Thomas, Elements of Information Theory, 2.3; seed 000 ("cross-entropy loss").
    """
    scale = _log_base(base)
    pa, qa = _distributions(p, q)
    support = pa > 0
    qs = qa[support]
    if (qs == 0).any():
        return math.inf
    return float(-np.dot(pa[support], np.log(qs))) / scale


def kl_divergence(p, q, *, base=None) -> float:
    """Kullback-Leibler divergence ``KL(p || q) = sum_i p_i log(p_i / q_i)``.

    Range [0, inf], 0 iff ``p == q``. Not symmetric. Undefined case (log of 0), documented result:
    ``+inf`` when some ``q_i = 0 < p_i``; terms with ``p_i = 0`` are 0.
    Source: Kullback & Leibler (1951); seed 000 section "Accuracy" (KL with a one-hot y);
    scipy.stats.entropy(pk, qk).
    """
    scale = _log_base(base)
    pa, qa = _distributions(p, q)
    support = pa > 0
    ps, qs = pa[support], qa[support]
    if (qs == 0).any():
        return math.inf
    # log(p/q) as a difference of logs: p/q can overflow for tiny q
    value = float(np.dot(ps, np.log(ps) - np.log(qs)))
    return max(0.0, value) / scale  # Gibbs: negative values are rounding


def _token_nll(values, name: str, *, from_log: bool, log_b: float) -> np.ndarray:
    """Negative log-likelihood of each token in nats."""
    if from_log:
        lp = as_floats(values, name, allow_inf=True)
        if (lp > 0).any():
            raise MetricInputError(name, "log-probabilities must be <= 0 (probability <= 1)")
        if np.isposinf(lp).any():  # pragma: no cover - caught by the check above
            raise MetricInputError(name, "contains +inf")
        return -lp * log_b
    p = as_floats(values, name)
    if p.min() < 0.0 or p.max() > 1.0:
        raise MetricInputError(name, "probabilities must lie in [0, 1]")
    with np.errstate(divide="ignore"):
        return -np.log(p)


def _power(log_b: float, nll_nats: float) -> float:
    """``b ** (nll_nats / ln b)``: the perplexity, computed in base b."""
    with np.errstate(over="ignore"):
        return float(np.power(math.exp(log_b), nll_nats / log_b))


def perplexity(token_probs, *, base=math.e, from_log=False) -> float:
    """Perplexity of one sequence from the model's probability of each of its tokens.

    ``PP = b ** (-(1/n) sum_i log_b p_i)`` = ``exp(mean NLL in nats)`` =
    ``prod_i p_i ** (-1/n)``, the same for every base ``b`` (used consistently).
    With ``from_log=True`` the input holds log-probabilities in base ``base``
    (e.g. ``log2 p`` with ``base=2``).

    Range [1, inf]: 1 iff every token has probability 1; ``V`` for a uniform
    model over V outcomes. Undefined case (log of 0), documented result: ``+inf`` if some token has
    probability 0 (log-probability ``-inf``). Refused: empty sequence,
    probabilities outside [0, 1] (log-probabilities > 0), NaN, 2-D input,
    ``base`` <= 1.
    Source: seed 000/002 section "Perplexity", seed 003 ("PP"), seed 004 ("Perplexity").
    """
    log_b = _log_base(base)
    nll = _token_nll(token_probs, "token_probs", from_log=from_log, log_b=log_b)
    mean_nll = float(nll.mean())
    return max(1.0, _power(log_b, mean_nll))


def corpus_perplexity(sequences, *, average="tokens", base=math.e, from_log=False) -> float:
    """Perplexity of a corpus of sequences (each a 1-D array of token probabilities).

    Two conventions (both in the literature, both in the seeds):

    ``average="tokens"`` (pooled)
        ``exp(sum over all tokens of NLL / total number of tokens)``: every
        token weighs the same; this is the perplexity of the concatenated corpus.
    ``average="sequences"``
        the geometric mean of the per-sequence perplexities,
        ``exp((1/m) sum_x log PP(x))`` for m sequences (seeds 000/002/003
        "mean-perplexity"); every sequence weighs the same.

    The two agree when all sequences have equal length. Range [1, inf].
    Undefined case (log of 0): ``+inf`` if any token has probability 0. ``base``/``from_log`` as in
    :func:`perplexity`. Refused: no sequences, an empty sequence, bad
    probabilities (MetricInputError naming ``sequences``), unknown ``average``.
    Source: seed 000/002 "mean-perplexity", seed 003 "mean-PP".
    """
    check_choice(average, "average", ("tokens", "sequences"))
    log_b = _log_base(base)
    if isinstance(sequences, np.ndarray) and sequences.ndim == 2 and sequences.dtype.kind in "biuf":
        sequences = list(sequences)
    if isinstance(sequences, (str, bytes)) or not hasattr(sequences, "__len__"):
        raise MetricInputError("sequences", "expected a list of 1-D arrays of token probabilities")
    if len(sequences) == 0:
        raise MetricInputError("sequences", "is empty")
    arrays = [
        _token_nll(s, f"sequences[{i}]", from_log=from_log, log_b=log_b)
        for i, s in enumerate(sequences)
    ]
    lengths = np.fromiter((a.shape[0] for a in arrays), dtype=np.int64, count=len(arrays))
    nll = np.concatenate(arrays)
    if average == "tokens":
        mean_nll = float(nll.mean())
    else:
        starts = np.concatenate(([0], np.cumsum(lengths[:-1])))
        per_sequence = np.add.reduceat(nll, starts) / lengths
        mean_nll = float(per_sequence.mean())
    return max(1.0, _power(log_b, mean_nll))
