"""Speed of the issue-33 text metrics against sacrebleu, jiwer and torchmetrics, in one run.

    .venv/bin/python -m benchmarks.bench_text_breadth [--quick]

Corpus: :func:`benchmarks.bench_text.synthetic_pairs` (Zipf vocabulary, references of 5-30
tokens, ~20% edits). Sizes are chosen so that the slowest peer runs in a few seconds: TER on
200 pairs (sacrebleu's pure-Python shift search is the slow one), chrF/chrF++ on 2,000, MER,
WIL and WIP on 10,000, SQuAD EM/F1 on 10,000 questions (the hypothesis and its reference as
the answer and one gold answer). Peers get their native input prepared outside the timed
call (space-joined strings; torchmetrics' SQuAD dicts). The numbers are checked to agree
first (MER/WIL/WIP: the catalog takes the most hits among minimum-edit alignments, jiwer
and torchmetrics other ones, so ours must be the lower MER and WIL and the higher WIP).
Target: each metric at least as fast as the fastest peer.
"""

from __future__ import annotations

import numpy as np

import metrics
from benchmarks.bench_text import quick_run, row, synthetic_pairs
from benchmarks.timing import best_time, print_table


def _row(name, n, ours, peers: dict):
    out = row(name, ours, peers, n=f"{n:,}")
    print(out, flush=True)  # each row as it is measured: the slow peers take minutes
    return out


def main(argv=None) -> None:
    quick, repeat = quick_run(__doc__, "a fifth of the pairs", argv)
    scale = 5 if quick else 1

    import jiwer
    import sacrebleu
    import torchmetrics
    from sacrebleu.metrics import CHRF, TER
    from torchmetrics.functional import text as tm

    refs, hyps = synthetic_pairs(10_000 // scale)
    ref_text = [" ".join(r) for r in refs]
    hyp_text = [" ".join(h) for h in hyps]
    rows = []

    # TER
    n_ter = 200 // scale
    ter = TER(case_sensitive=True)
    ter_refs, ter_hyps = [[r] for r in refs[:n_ter]], hyps[:n_ter]
    assert abs(metrics.corpus_ter(ter_refs, ter_hyps)
               - ter.corpus_score(hyp_text[:n_ter], [ref_text[:n_ter]]).score / 100) < 1e-12
    rows.append(_row("corpus TER", n_ter, best_time(lambda: metrics.corpus_ter(ter_refs, ter_hyps), repeat=repeat),
                     {"sacrebleu": best_time(lambda: ter.corpus_score(hyp_text[:n_ter], [ref_text[:n_ter]]),
                                             repeat=1),
                      "torchmetrics": best_time(lambda: tm.translation_edit_rate(
                          hyp_text[:n_ter], [[r] for r in ref_text[:n_ter]], lowercase=False), repeat=1)}))

    # chrF, chrF++
    n_chrf = 2_000 // scale
    chrf_refs, chrf_hyps = [[r] for r in ref_text[:n_chrf]], hyp_text[:n_chrf]
    for word_order, name in ((0, "corpus chrF"), (2, "corpus chrF++")):
        sacre = CHRF(word_order=word_order)
        assert abs(metrics.corpus_chrf(chrf_refs, chrf_hyps, word_order=word_order)
                   - sacre.corpus_score(chrf_hyps, [ref_text[:n_chrf]]).score / 100) < 1e-12
        rows.append(_row(name, n_chrf,
                         best_time(lambda: metrics.corpus_chrf(chrf_refs, chrf_hyps, word_order=word_order),
                                   repeat=repeat),
                         {"sacrebleu": best_time(lambda: sacre.corpus_score(chrf_hyps, [ref_text[:n_chrf]]),
                                                 repeat=repeat),
                          "torchmetrics": best_time(lambda: tm.chrf_score(chrf_hyps, chrf_refs,
                                                                          n_word_order=word_order), repeat=1)}))

    # MER, WIL, WIP
    n = len(refs)
    for name, ours, theirs, torch_fn in (("corpus MER", metrics.corpus_mer, jiwer.mer, tm.match_error_rate),
                                         ("corpus WIL", metrics.corpus_wil, jiwer.wil, tm.word_information_lost),
                                         ("corpus WIP", metrics.corpus_wip, jiwer.wip,
                                          tm.word_information_preserved)):
        # the catalog counts the most hits of a minimum-edit alignment, jiwer and torchmetrics other ones
        # (a documented deviation): ours can only preserve more information and make fewer match errors
        better = ours(refs, hyps) - theirs(ref_text, hyp_text)
        assert (better >= -1e-12) if name == "corpus WIP" else (better <= 1e-12), (name, better)
        rows.append(_row(name, n, best_time(lambda: ours(refs, hyps), repeat=repeat),
                         {"jiwer": best_time(lambda: theirs(ref_text, hyp_text), repeat=repeat),
                          "torchmetrics": best_time(lambda: torch_fn(hyp_text, ref_text), repeat=1)}))

    # SQuAD
    preds = [{"prediction_text": h, "id": str(i)} for i, h in enumerate(hyp_text)]
    target = [{"answers": {"answer_start": [0], "text": [r]}, "id": str(i)} for i, r in enumerate(ref_text)]
    golds = [[r] for r in ref_text]

    def ours_squad():
        em = sum(metrics.exact_match(g, h) for g, h in zip(golds, hyp_text))
        f1 = sum(metrics.squad_f1(g, h) for g, h in zip(golds, hyp_text))
        return em / n, f1 / n

    em, f1 = ours_squad()
    result = tm.squad(preds, target)
    # torchmetrics sums 10,000 float32 scores: it agrees to the rounding of that sum (1.3e-5 seen)
    assert abs(f1 - float(result["f1"]) / 100) < 1e-4 and abs(em - float(result["exact_match"]) / 100) < 1e-6, (
        f1, em, result)
    rows.append(_row("SQuAD EM + F1", n, best_time(ours_squad, repeat=repeat),
                     {"torchmetrics": best_time(lambda: tm.squad(preds, target), repeat=1)}))

    columns = ["metric", "n", "ours", "sacrebleu", "ours/sacrebleu", "jiwer", "ours/jiwer", "torchmetrics",
               "ours/torchmetrics"]
    print_table("issue-33 text metrics on synthetic sentence pairs", rows, columns)
    print(f"\nversions: sacrebleu {sacrebleu.__version__}, jiwer {__import__('importlib.metadata').metadata.version('jiwer')}, "
          f"torchmetrics {torchmetrics.__version__}, numpy {np.__version__}")


if __name__ == "__main__":
    main()
