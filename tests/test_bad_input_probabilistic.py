"""Our entropy/KL/perplexity metrics refuse bad input with a MetricInputError naming the argument."""

import math

import pytest

import metrics
from metrics import MetricInputError

P = [0.25, 0.25, 0.5]

DISTRIBUTION_CASES = [
    ("negative entry", [-0.25, 0.75, 0.5], P, "p"),
    ("entry above one", P, [1.5, -0.25, -0.25], "q"),
    ("does not sum to one", [0.2, 0.2, 0.2], P, "p"),
    ("q does not sum to one", P, [0.5, 0.5, 0.5], "q"),
    ("NaN", [math.nan, 0.5, 0.5], P, "p"),
    ("inf", P, [math.inf, 0.0, 0.0], "q"),
    ("empty", [], [], "p"),
    ("2-D", [[0.5, 0.5], [0.5, 0.5]], P, "p"),
    ("mismatched lengths", P, [0.5, 0.5], "q"),
]


@pytest.mark.parametrize("name", ["cross_entropy", "kl_divergence"])
@pytest.mark.parametrize("case, p, q, argument", DISTRIBUTION_CASES, ids=[c[0] for c in DISTRIBUTION_CASES])
def test_two_distribution_metrics_refuse(name, case, p, q, argument):
    with pytest.raises(MetricInputError, match=argument):
        getattr(metrics, name)(p, q)


@pytest.mark.parametrize(
    "case, p", [(c[0], c[1]) for c in DISTRIBUTION_CASES if c[3] == "p"], ids=[c[0] for c in DISTRIBUTION_CASES if c[3] == "p"]
)
def test_entropy_refuses(case, p):
    with pytest.raises(MetricInputError, match="p"):
        metrics.entropy(p)


@pytest.mark.parametrize("base", [0, -2, 1, 0.5, math.nan, "2"])
@pytest.mark.parametrize("name", ["entropy", "kl_divergence", "perplexity"])
def test_refuses_bad_base(name, base):
    args = (P,) if name != "kl_divergence" else (P, P)
    with pytest.raises(MetricInputError, match="base"):
        getattr(metrics, name)(*args, base=base)


TOKEN_CASES = [
    ("empty", [], False),
    ("negative probability", [0.5, -0.1], False),
    ("probability above one", [0.5, 1.5], False),
    ("NaN", [0.5, math.nan], False),
    ("2-D", [[0.5, 0.5]], False),
    ("positive log-probability", [-1.0, 0.5], True),
    ("NaN log-probability", [-1.0, math.nan], True),
]


@pytest.mark.parametrize("case, probs, from_log", TOKEN_CASES, ids=[c[0] for c in TOKEN_CASES])
def test_perplexity_refuses(case, probs, from_log):
    with pytest.raises(MetricInputError, match="token_probs"):
        metrics.perplexity(probs, from_log=from_log)


@pytest.mark.parametrize(
    "sequences, kwargs, argument",
    [
        ([], {}, "sequences"),
        ([[0.5], []], {}, "sequences"),
        ([[0.5], [1.5]], {}, "sequences"),
        ([[0.5], [math.nan]], {}, "sequences"),
        ("abc", {}, "sequences"),
        ([[0.5]], {"average": "mean"}, "average"),
    ],
)
def test_corpus_perplexity_refuses(sequences, kwargs, argument):
    with pytest.raises(MetricInputError, match=argument):
        metrics.corpus_perplexity(sequences, **kwargs)


def test_zero_probability_is_the_documented_inf():
    assert metrics.perplexity([0.5, 0.0]) == math.inf
    assert metrics.perplexity([-1.0, -math.inf], from_log=True) == math.inf
    assert metrics.kl_divergence([0.5, 0.5], [1.0, 0.0]) == math.inf
    assert metrics.cross_entropy([0.5, 0.5], [1.0, 0.0]) == math.inf
