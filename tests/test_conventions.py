"""Conventions declared once: CONVENTIONS' declarations, DOMAINS and TIES change what the properties expect.

Each toy target is a small module written to a temporary folder and loaded as a user's adapter would be
(``load_target``), so the declarations go through the same reading and checking. Every behaviour is shown
both ways: the library without its declaration fails (or is n/a), with it passes and the result lists the
declaration it applied, and a library that declares one thing and does another still fails.
"""

from __future__ import annotations

import textwrap

import pytest

from properties.engine.vocabulary import registry
from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import load_target
from properties.engine.verdict.check import check_property

FRESH_PROPERTIES = ("classification.stream_undefined[accuracy]", "classification.stream_reset[accuracy]",
                    "classification.stream_empty_batches[accuracy]")

#: an accuracy stream that computes FRESH (instead of refusing) before it has seen a sample
FRESH_STREAM = """
    def accuracy(y_true, y_pred, **kw):
        return metrics.accuracy(y_true, y_pred, **kw)

    class _Accuracy:
        def __init__(self, **options):
            self.inner = metrics.stream("accuracy", **options)
        def update(self, *batch):
            self.inner.update(*batch)
        def compute(self):
            try:
                return self.inner.compute()
            except ValueError:
                return FRESH
        def reset(self):
            self.inner.reset()
        def merge(self, other):
            self.inner.merge(other.inner)

    STREAMING = {"accuracy": _Accuracy}
"""

#: sentence_bleu refusing hypotheses shorter than SHORTEST tokens (the catalog scores them)
SHORT_REFUSING_BLEU = """
    def sentence_bleu(references, hypothesis, *, max_n=4, weights=None, smoothing="none", smooth_value=None):
        if isinstance(hypothesis, (list, tuple)) and len(hypothesis) < SHORTEST:
            raise ValueError(f"hypothesis: at least {SHORTEST} tokens are needed")
        return metrics.sentence_bleu(references, hypothesis, max_n=max_n, weights=weights, smoothing=smoothing,
                                     smooth_value=smooth_value)
"""

#: ndcg_at_k without a ties keyword, breaking ties by the catalog's rule RULE
NDCG_WITHOUT_TIES = """
    def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear", no_relevant="zero"):
        return metrics.ndcg_at_k(y_true, y_score, k=k, gain=gain, no_relevant=no_relevant, ties=RULE)
"""


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """``toy(name, body, **constants)``: the module ``name`` written with ``body`` and the constants, loaded."""
    monkeypatch.syspath_prepend(str(tmp_path))
    made = []

    def make(name: str, body: str, tail: str = "", **constants):
        made.append(name)
        name = f"{name}_{len(made)}_{tmp_path.name}"  # a module name of its own: imported modules are cached
        header = "import numpy as np\nimport metrics\n" + "".join(f"{k} = {v}\n" for k, v in constants.items())
        (tmp_path / f"{name}.py").write_text(header + textwrap.dedent(body) + tail)
        return load_target(name)

    return make


def _run(pid: str, target, **options):
    return check_property(registry.get(pid), target, **options)


# ------------------------------------------------------------------ (a) a fresh stream computes 0.0


def test_a_fresh_stream_value_fails_the_stream_properties_until_it_is_declared(toy):
    undeclared = toy("fresh_undeclared", FRESH_STREAM, FRESH=0.0)
    for pid in FRESH_PROPERTIES:
        result = _run(pid, undeclared)
        assert result.status == "fail", (pid, result.status, result.detail)
        assert "expected a refusal, got a result: 0.0" in result.detail, (pid, result.detail)
        assert result.conventions == (), result.conventions

    declared = toy("fresh_declared", FRESH_STREAM, FRESH=0.0, CONVENTIONS={"fresh_stream": 0.0})
    for pid in FRESH_PROPERTIES:
        result = _run(pid, declared)
        assert result.status == "pass", (pid, result.status, result.detail)
        assert result.conventions == ("convention:fresh_stream=0.0",), (pid, result.conventions)


def test_a_declared_fresh_stream_value_is_checked(toy):
    """Declaring 0.0 does not excuse a stream that computes 1.0, nor one that still refuses."""
    lying = toy("fresh_lying", FRESH_STREAM, FRESH=1.0, CONVENTIONS={"fresh_stream": 0.0})
    for pid in FRESH_PROPERTIES:
        result = _run(pid, lying)
        assert result.status == "fail", (pid, result.status, result.detail)
        assert "CONVENTIONS['fresh_stream'] = 0.0" in result.detail, result.detail
        assert "convention:fresh_stream=0.0" in result.conventions

    refusing = toy("fresh_refusing", FRESH_STREAM.replace("return FRESH", "raise"),
                   CONVENTIONS={"fresh_stream": 0.0})
    result = _run(FRESH_PROPERTIES[0], refusing)
    assert result.status == "fail" and "but the call raised MetricInputError" in result.detail, result.detail


def test_a_convention_scoped_to_another_metric_does_not_apply(toy):
    other = toy("fresh_other", FRESH_STREAM + "\n    def f1(y_true, y_pred, **kw):\n        return 0.0\n",
                FRESH=0.0, CONVENTIONS={"fresh_stream": {"f1": 0.0}})
    assert _run(FRESH_PROPERTIES[0], other).status == "fail"
    scoped = toy("fresh_scoped", FRESH_STREAM, FRESH=0.0, CONVENTIONS={"fresh_stream": {"accuracy": 0.0, "*": 1.0}})
    result = _run(FRESH_PROPERTIES[0], scoped)
    assert result.status == "pass" and result.conventions == ("convention:fresh_stream=0.0",), result


def test_the_applied_conventions_survive_the_worker_process(toy):
    declared = toy("fresh_isolated", FRESH_STREAM, FRESH=0.0, CONVENTIONS={"fresh_stream": 0.0})
    result = _run(FRESH_PROPERTIES[0], declared, isolate=True)
    assert result.status == "pass", result.detail
    assert result.conventions == ("convention:fresh_stream=0.0",)
    assert result.to_dict()["conventions"] == ["convention:fresh_stream=0.0"]
    assert type(result).from_dict(result.to_dict()).conventions == result.conventions


def test_an_empty_input_convention_replaces_the_refusal_of_empty_input(toy):
    body = """
        def accuracy(y_true, y_pred, **kw):
            if len(np.asarray(y_true)) == 0 and len(np.asarray(y_pred)) == 0:
                return EMPTY
            return metrics.accuracy(y_true, y_pred, **kw)
    """
    pid = "classification.refuses_bad_input[accuracy]"
    undeclared = _run(pid, toy("empty_undeclared", body, EMPTY=0.0))
    assert undeclared.status == "fail" and undeclared.finding_class.startswith("empty"), undeclared
    declared = _run(pid, toy("empty_declared", body, EMPTY=0.0, CONVENTIONS={"empty": 0.0}))
    assert declared.status == "pass", declared.detail
    assert declared.conventions == ("convention:empty=0.0",)
    lying = _run(pid, toy("empty_lying", body, EMPTY=0.5, CONVENTIONS={"empty": 0.0}))
    assert lying.status == "fail" and lying.finding_class.startswith("empty"), lying


def test_an_undefined_convention_stands_for_a_missing_zero_division(toy):
    """precision without zero_division, giving Z where its denominator is 0."""
    body = """
        def precision(y_true, y_pred, *, average="binary", labels=None, pos_label=1):
            return metrics.precision(y_true, y_pred, average=average, labels=labels, pos_label=pos_label,
                                     zero_division=Z)
    """
    pid = "classification.undefined[precision]"
    undeclared = _run(pid, toy("undefined_undeclared", body, Z=1.0))
    assert undeclared.status == "n/a", undeclared  # every example asks for zero_division
    declared = _run(pid, toy("undefined_declared", body, Z=1.0, CONVENTIONS={"undefined": {"precision": 1.0}}))
    assert declared.status == "pass", declared.detail
    assert declared.conventions == ("convention:undefined=1.0",)
    lying = _run(pid, toy("undefined_lying", body, Z=0.0, CONVENTIONS={"undefined": {"precision": 1.0}}))
    assert lying.status == "fail", lying


# ------------------------------------------------------------------ (b) a declared domain


def test_a_declared_domain_turns_errors_into_skips(toy):
    pid = "text.bounds[sentence_bleu]"
    undeclared = _run(pid, toy("bleu_undeclared", SHORT_REFUSING_BLEU, SHORTEST=4))
    assert undeclared.status == "error", (undeclared.status, undeclared.detail)

    declared = _run(pid, toy("bleu_declared", SHORT_REFUSING_BLEU, SHORTEST=4,
                             DOMAINS={"sentence_bleu": {"min_tokens": ("hypothesis", 4)}}))
    assert declared.status == "pass", declared.detail
    reason = "sentence_bleu: outside declared domain min_tokens(hypothesis, 4)"
    assert declared.skipped == (reason,), declared.skipped
    assert declared.skipped_examples > 0 and declared.examples > 0, declared
    assert declared.conventions == ("domain:sentence_bleu:min_tokens",)
    assert reason in declared.detail

    # a domain narrower than what the library refuses does not hide the refusals of valid input outside it
    narrower = _run(pid, toy("bleu_narrower", SHORT_REFUSING_BLEU, SHORTEST=4,
                             DOMAINS={"sentence_bleu": {"min_tokens": ("hypothesis", 2)}}))
    assert narrower.status == "error", narrower


def test_a_property_whose_every_example_is_outside_the_domain_is_not_applicable(toy):
    result = _run("text.bounds[sentence_bleu]", toy(
        "bleu_everything_outside", SHORT_REFUSING_BLEU, "\nDOMAINS = {'sentence_bleu': {'where': lambda args, kwargs: "
        "False}}\n", SHORTEST=10_000))
    assert result.status == "n/a", result
    assert "outside declared domain where(<lambda>)" in result.detail, result.detail
    assert result.conventions == ("domain:sentence_bleu:where",)


def test_binary_and_range_domains(toy):
    body = """
        def matthews_corrcoef(y_true, y_pred):
            if len(set(np.asarray(y_true).tolist()) | set(np.asarray(y_pred).tolist())) > 2:
                raise ValueError("y_true: binary labels only")
            return metrics.matthews_corrcoef(y_true, y_pred)
    """
    pid = "classification.permutation_invariance[matthews_corrcoef]"
    assert _run(pid, toy("mcc_undeclared", body)).status == "error"
    declared = _run(pid, toy("mcc_declared", body, DOMAINS={"matthews_corrcoef": {"binary": True}}))
    assert declared.status == "pass" and declared.conventions == ("domain:matthews_corrcoef:binary",), declared

    body = """
        def roc_auc(y_true, y_score, **kw):
            if np.any(np.asarray(y_score, dtype=float) > 1) or np.any(np.asarray(y_score, dtype=float) < 0):
                raise ValueError("y_score: probabilities only")
            return metrics.roc_auc(y_true, y_score, **kw)
    """
    pid = "curves.permutation_invariance[roc_auc]"
    assert _run(pid, toy("auc_undeclared", body)).status == "error"
    declared = _run(pid, toy("auc_declared", body, DOMAINS={"roc_auc": {"range": ("y_score", 0.0, 1.0)}}))
    assert declared.status in ("pass", "n/a") and declared.conventions == ("domain:roc_auc:range",), declared


# ------------------------------------------------------------------ (c) a declared tie rule


def test_a_declared_tie_rule_is_checked_instead_of_the_ties_keyword(toy):
    pid = "ranking.tie_rule[ndcg_at_k]"
    undeclared = _run(pid, toy("ties_undeclared", NDCG_WITHOUT_TIES, RULE="'first'"))
    assert undeclared.status == "n/a", undeclared

    declared = _run(pid, toy("ties_declared", NDCG_WITHOUT_TIES, RULE="'first'", TIES={"ndcg_at_k": "input_order"}))
    assert declared.status == "pass", declared.detail
    assert declared.conventions == ("ties:ndcg_at_k=input_order",)

    for other in ("'average'", "'optimistic'"):
        wrong = _run(pid, toy(f"ties_wrong_{other.strip(chr(39))}", NDCG_WITHOUT_TIES, RULE=other,
                              TIES={"ndcg_at_k": "input_order"}))
        assert wrong.status == "fail", (other, wrong.status, wrong.detail)

    # the property asking for another rule than the declared one skips those examples (n/a here)
    renaming = _run("ranking.renaming_invariance_with_ties[ndcg_at_k]", toy(
        "ties_renaming", NDCG_WITHOUT_TIES, RULE="'first'", TIES={"ndcg_at_k": "input_order"}))
    assert renaming.status == "n/a" and "declared tie rule: input_order" in renaming.detail, renaming


def test_a_declared_average_rule_is_compared_with_the_catalog(toy):
    pid = "ranking.tie_rule[ndcg_at_k]"
    right = _run(pid, toy("ties_average", NDCG_WITHOUT_TIES, RULE="'average'", TIES={"ndcg_at_k": "average"}))
    assert right.status == "pass" and right.conventions == ("ties:ndcg_at_k=average",), right
    wrong = _run(pid, toy("ties_average_wrong", NDCG_WITHOUT_TIES, RULE="'pessimistic'",
                          TIES={"ndcg_at_k": "average"}))
    assert wrong.status == "fail", wrong


# ------------------------------------------------------------------ reading and checking the declarations


@pytest.mark.parametrize(("constants", "message"), [
    ({"CONVENTIONS": {"empty": [0.0]}}, "must be a number"),
    ({"CONVENTIONS": {"fresh_stream": {"accuracy": "zero"}}}, "is not a number"),
    ({"CONVENTIONS": {"undefined": {"no_such_metric": 0.0}}}, "names 'no_such_metric', which the target does not provide"),
    ({"DOMAINS": {"sentence_bleu": {"min_chars": ("hypothesis", 4)}}}, "unknown rule 'min_chars'"),
    ({"DOMAINS": {"sentence_bleu": {"min_tokens": ("hypotheses", 4)}}}, "does not take"),
    ({"DOMAINS": {"sentence_bleu": {"min_tokens": ("hypothesis", 0)}}}, "expected (argument, n)"),
    ({"DOMAINS": {"corpus_bleu": {"min_tokens": ("hypotheses", 4)}}}, "does not provide 'corpus_bleu'"),
    ({"DOMAINS": {"sentence_bleu": ("hypothesis", 4)}}, "DOMAINS must map"),
    ({"TIES": {"ndcg_at_k": "random"}}, "is not one of"),
    ({"TIES": {"sentence_bleu": "first", "ndcg_at_k": "first"}, "RULE": "'first'"}, None),
])
def test_a_wrong_declaration_is_a_clear_error(toy, constants, message):
    body = SHORT_REFUSING_BLEU + NDCG_WITHOUT_TIES
    constants = {"SHORTEST": 1, "RULE": "'first'", **constants}
    if message is None:  # TIES for a metric with no tie to break is allowed: nothing calls it with ties=
        load = toy("declared_ok", body, **constants)
        assert load.ties == {"sentence_bleu": "first", "ndcg_at_k": "first"}
        return
    with pytest.raises(TargetUnavailable, match=message.replace("(", r"\(").replace(")", r"\)")):
        toy("declared_wrong", body, **constants)


def test_ties_for_a_metric_with_the_keyword_is_refused(toy):
    with pytest.raises(TargetUnavailable, match="takes ties="):
        toy("ties_keyword", "ndcg_at_k = metrics.ndcg_at_k\n", TIES={"ndcg_at_k": "average"})


def test_descriptions_stay_descriptions_and_declarations_are_listed(toy):
    target = toy("listed", SHORT_REFUSING_BLEU + NDCG_WITHOUT_TIES + FRESH_STREAM, SHORTEST=4, RULE="'first'",
                 FRESH=0.0,
                 CONVENTIONS={"undefined": "-1 where nothing is defined", "fresh_stream": {"accuracy": 0.0},
                              "empty": 0.0},
                 DOMAINS={"sentence_bleu": {"min_tokens": ("hypothesis", 4)}}, TIES={"ndcg_at_k": "input_order"})
    assert target.convention("undefined", "accuracy") is None  # a string is a description, as before
    assert target.conventions["undefined"] == "-1 where nothing is defined"
    assert target.convention("empty", "sentence_bleu") == 0.0
    lines = target.declared_conventions()
    assert [line.split(": ", 1)[0] for line in lines] == [
        "convention:empty=0.0", "convention:fresh_stream=0.0", "domain:sentence_bleu:min_tokens",
        "ties:ndcg_at_k=input_order"], lines
    assert "(accuracy)" in lines[1] and "(every metric)" in lines[0], lines
    assert "hypothesis with at least 4 tokens" in lines[2], lines
