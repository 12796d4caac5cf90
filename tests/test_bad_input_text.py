"""Our text metrics refuse bad input with a MetricInputError that names the argument."""

import numpy as np
import pytest

import metrics
from metrics import MetricInputError

REF = ["the", "cat", "sat"]
HYP = ["the", "cat", "sits"]

CASES = [
    # (call, argument the message must name)
    ("corpus_bleu: more hypotheses than reference lists",
     lambda: metrics.corpus_bleu([[REF]], [HYP, HYP]), "hypotheses"),
    ("corpus_wer: more hypotheses than references",
     lambda: metrics.corpus_wer([REF], [HYP, HYP]), "hypotheses"),
    ("corpus_cer: fewer hypotheses than references",
     lambda: metrics.corpus_cer(["ab", "cd"], ["ab"]), "hypotheses"),
    ("sentence_bleu: a hypothesis-shaped token list instead of a list of references",
     lambda: metrics.sentence_bleu(REF, HYP), "references"),
    ("corpus_bleu: one reference per sentence without the list-of-references level",
     lambda: metrics.corpus_bleu([REF], [HYP]), "list_of_references"),
    ("rouge_n: a token list instead of a list of references",
     lambda: metrics.rouge_n(REF, HYP), "references"),
    ("rouge_l: a token list instead of a list of references",
     lambda: metrics.rouge_l(REF, HYP), "references"),
    ("sentence_bleu: a sentence without any reference",
     lambda: metrics.sentence_bleu([], HYP), "references"),
    ("wer: a number instead of tokens", lambda: metrics.wer(REF, 5), "hypothesis"),
    ("wer: a raw string instead of tokens", lambda: metrics.wer("the cat sat", HYP), "reference"),
    ("edit_distance: None", lambda: metrics.edit_distance(None, HYP), "reference"),
    ("sentence_bleu: a number as hypothesis", lambda: metrics.sentence_bleu([REF], 3.0), "hypothesis"),
    ("corpus_bleu: a string as the corpus of hypotheses",
     lambda: metrics.corpus_bleu([[REF]], "the cat"), "hypotheses"),
    ("edit_distance: unhashable tokens", lambda: metrics.edit_distance([[1], [2]], [[1]]), "reference"),
    ("wer: a 2-D array of tokens", lambda: metrics.wer(np.zeros((2, 2)), HYP), "reference"),
    ("sentence_bleu: max_n = 0", lambda: metrics.sentence_bleu([REF], HYP, max_n=0), "max_n"),
    ("corpus_bleu: max_n = -1", lambda: metrics.corpus_bleu([[REF]], [HYP], max_n=-1), "max_n"),
    ("sentence_bleu: max_n not an integer", lambda: metrics.sentence_bleu([REF], HYP, max_n=2.5), "max_n"),
    ("sentence_bleu: weights do not match max_n",
     lambda: metrics.sentence_bleu([REF], HYP, max_n=4, weights=(0.5, 0.5)), "weights"),
    ("corpus_bleu: negative weights",
     lambda: metrics.corpus_bleu([[REF]], [HYP], max_n=2, weights=(-0.5, 1.5)), "weights"),
    ("sentence_bleu: NaN weight", lambda: metrics.sentence_bleu([REF], HYP, max_n=1, weights=(float("nan"),)), "weights"),
    ("sentence_bleu: all-zero weights", lambda: metrics.sentence_bleu([REF], HYP, max_n=2, weights=(0, 0)), "weights"),
    ("sentence_bleu: unknown smoothing", lambda: metrics.sentence_bleu([REF], HYP, smoothing="method9"), "smoothing"),
    ("sentence_bleu: non-positive smooth_value",
     lambda: metrics.sentence_bleu([REF], HYP, smoothing="floor", smooth_value=0), "smooth_value"),
    ("corpus_bleu: empty corpus", lambda: metrics.corpus_bleu([], []), "list_of_references"),
    ("corpus_wer: unknown average", lambda: metrics.corpus_wer([REF], [HYP], average="macro"), "average"),
    ("wer: empty reference (undefined 0/0)", lambda: metrics.wer([], HYP), "reference"),
    ("cer: empty reference (undefined 0/0)", lambda: metrics.cer("", "a"), "reference"),
    ("cer: token list instead of a string", lambda: metrics.cer(REF, "the cat"), "reference"),
    ("corpus_wer: every reference empty", lambda: metrics.corpus_wer([[], []], [HYP, []]), "references"),
    ("corpus_wer mean: one empty reference", lambda: metrics.corpus_wer([[], REF], [HYP, HYP], average="mean"),
     "references"),
    ("rouge_n: n = 0", lambda: metrics.rouge_n([REF], HYP, n=0), "n"),
    ("rouge_l: beta = 0", lambda: metrics.rouge_l([REF], HYP, beta=0), "beta"),
    ("rouge_l: unknown multi_reference policy", lambda: metrics.rouge_l([REF], HYP, multi_reference="min"),
     "multi_reference"),
    ("rouge_w: weight 0.5 (f(k) = k^0.5 is subadditive)", lambda: metrics.rouge_w([REF], HYP, weight=0.5), "weight"),
    ("rouge_w: weight NaN", lambda: metrics.rouge_w([REF], HYP, weight=float("nan")), "weight"),
    ("rouge_w: weight True", lambda: metrics.rouge_w([REF], HYP, weight=True), "weight"),
    ("rouge_s: max_skip = -1", lambda: metrics.rouge_s([REF], HYP, max_skip=-1), "max_skip"),
    ("rouge_su: max_skip = 1.5", lambda: metrics.rouge_su([REF], HYP, max_skip=1.5), "max_skip"),
    ("rouge_s: a token list instead of a list of references", lambda: metrics.rouge_s(REF, HYP), "references"),
    ("rouge_su: unknown multi_reference policy", lambda: metrics.rouge_su([REF], HYP, multi_reference="min"),
     "multi_reference"),
    # MER, WIL, WIP
    ("mer: both sides empty (0/0)", lambda: metrics.mer([], []), "reference"),
    ("corpus_wip: every pair empty", lambda: metrics.corpus_wip([[], []], [[], []]), "references"),
    ("corpus_wil: fewer hypotheses than references", lambda: metrics.corpus_wil([REF, REF], [HYP]), "hypotheses"),
    ("wil: a raw string instead of tokens", lambda: metrics.wil("the cat", HYP), "reference"),
    # chrF
    ("sentence_chrf: a string instead of a list of references", lambda: metrics.sentence_chrf("a b", "a b"),
     "references"),
    ("sentence_chrf: tokens instead of a hypothesis string", lambda: metrics.sentence_chrf(["a b"], HYP),
     "hypothesis"),
    ("sentence_chrf: char_order = 0", lambda: metrics.sentence_chrf(["a b"], "a b", char_order=0), "char_order"),
    ("sentence_chrf: negative word_order", lambda: metrics.sentence_chrf(["a b"], "a b", word_order=-1),
     "word_order"),
    ("corpus_chrf: beta = 0", lambda: metrics.corpus_chrf([["a b"]], ["a b"], beta=0), "beta"),
    ("corpus_chrf: whitespace not a bool", lambda: metrics.corpus_chrf([["a b"]], ["a b"], whitespace="no"),
     "whitespace"),
    ("corpus_chrf: more hypotheses than reference lists", lambda: metrics.corpus_chrf([["a"]], ["a", "b"]),
     "hypotheses"),
    # TER
    ("sentence_ter: every reference empty (0/0)", lambda: metrics.sentence_ter([[], []], HYP), "references"),
    ("corpus_ter: every reference empty", lambda: metrics.corpus_ter([[[]], [[]]], [HYP, []]), "list_of_references"),
    ("sentence_ter: a token list instead of a list of references", lambda: metrics.sentence_ter(REF, HYP),
     "references"),
    ("corpus_ter: empty corpus", lambda: metrics.corpus_ter([], []), "list_of_references"),
    # SQuAD
    ("exact_match: no gold answer", lambda: metrics.exact_match([], "cat"), "references"),
    ("squad_f1: a bare string as the gold answers", lambda: metrics.squad_f1("the cat", "cat"), "references"),
    ("squad_f1: tokens instead of an answer string", lambda: metrics.squad_f1(["cat"], ["cat"]), "hypothesis"),
]


@pytest.mark.parametrize(("case", "call", "argument"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_metric_input_error_naming_the_argument(case, call, argument):
    with pytest.raises(MetricInputError) as info:
        call()
    assert info.value.argument == argument, f"{case}: names {info.value.argument!r}, expected {argument!r}"
    assert str(info.value).startswith(f"{argument}: ")
