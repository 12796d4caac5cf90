"""Speed of the text metrics against NLTK, sacrebleu, jiwer and rouge-score, in one run.

    .venv/bin/python -m benchmarks.bench_text [--quick]

Corpus: synthetic sentence pairs (Zipf-distributed vocabulary of 2,000 words,
references of 5-30 tokens, hypotheses = references with ~20% random edits).
Peers get their native input prepared outside the timed call (space-joined
strings for sacrebleu, jiwer and rouge-score), so only the metric is timed.
"floor" is one pass that maps every token of the corpus to an integer id, a
lower bound for any exact token-level metric written in Python.
Targets (issue 5): >= 10x faster than NLTK; corpus BLEU at least as fast as
sacrebleu; WER and ROUGE-L at least as fast as jiwer and rouge-score.
"""

from __future__ import annotations

import argparse
import logging
import warnings

import numpy as np

import metrics
from benchmarks.timing import best_time, fmt_seconds, print_table


def synthetic_pairs(n_pairs: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    vocab = np.array([f"w{i}" for i in range(2000)])
    zipf = 1.0 / np.arange(1, vocab.size + 1)
    zipf /= zipf.sum()
    refs, hyps = [], []
    for _ in range(n_pairs):
        ref = list(rng.choice(vocab, size=int(rng.integers(5, 31)), p=zipf))
        hyp = []
        for tok in ref:
            roll = rng.random()
            if roll < 0.07:
                continue  # deletion
            hyp.append(str(rng.choice(vocab, p=zipf)) if roll < 0.14 else str(tok))  # substitution
            if rng.random() < 0.06:
                hyp.append(str(rng.choice(vocab, p=zipf)))  # insertion
        while len(hyp) < 4:  # NLTK's corpus BLEU pools short hypotheses differently (a known deviation)
            hyp.append(str(rng.choice(vocab, p=zipf)))
        refs.append([str(t) for t in ref])
        hyps.append(hyp)
    return refs, hyps


def floor(refs, hyps):
    vocab: dict = {}
    setdefault = vocab.setdefault
    for seq in refs:
        [setdefault(t, len(vocab)) for t in seq]
    for seq in hyps:
        [setdefault(t, len(vocab)) for t in seq]
    return len(vocab)


def row(name, ours, peers: dict, floor_time=None, **extra):
    """A table row: our time, its ratio to the floor (if given) and to each peer; ``extra`` columns first."""
    out = {"metric": name, **extra, "ours": fmt_seconds(ours).strip()}
    if floor_time is not None:
        out["ours/floor"] = f"{ours / floor_time:.1f}"
    for peer, t in peers.items():
        out[peer] = fmt_seconds(t).strip()
        out[f"ours/{peer}"] = f"{ours / t:.3f}"
    return out


def quick_run(doc: str, quick_help: str, argv=None) -> tuple[bool, int]:
    """(whether --quick was given, repeats per timing) of a text benchmark's command line; libraries' logging
    and warnings silenced."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=quick_help)
    quick = parser.parse_args(argv).quick
    logging.getLogger("sacrebleu").setLevel(logging.ERROR)
    warnings.simplefilter("ignore")
    return quick, 2 if quick else 3


def main(argv=None) -> None:
    quick, repeat = quick_run(__doc__, "1,000 pairs instead of 10,000", argv)
    n = 1_000 if quick else 10_000

    import jiwer
    import sacrebleu
    from nltk.metrics.distance import edit_distance as nltk_edit_distance
    from nltk.translate import bleu_score
    from rouge_score import rouge_scorer
    from sacrebleu.metrics import BLEU

    refs, hyps = synthetic_pairs(n)
    ref_text = [" ".join(r) for r in refs]
    hyp_text = [" ".join(h) for h in hyps]
    list_of_refs = [[r] for r in refs]
    sacre = BLEU(tokenize="none", effective_order=False)
    rouge = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)

    # same numbers first: a benchmark of different answers is meaningless
    ours_bleu = metrics.corpus_bleu(list_of_refs, hyps)
    assert abs(ours_bleu - bleu_score.corpus_bleu(list_of_refs, hyps)) < 1e-9
    assert abs(ours_bleu - sacre.corpus_score(hyp_text, [ref_text]).score / 100) < 1e-9
    assert abs(metrics.corpus_wer(refs, hyps) - jiwer.wer(ref_text, hyp_text)) < 1e-12
    assert abs(metrics.rouge_l([refs[0]], hyps[0]).fmeasure - rouge.score(ref_text[0], hyp_text[0])["rougeL"].fmeasure) < 1e-12

    def seeds_corpus_wer():  # seed 003's corpus_wer on NLTK's edit distance
        return sum(nltk_edit_distance(r, h) for r, h in zip(refs, hyps)) / sum(len(r) for r in refs)

    t_floor = best_time(lambda: floor(refs, hyps), repeat=repeat)
    rows = [
        row("corpus BLEU-4", best_time(lambda: metrics.corpus_bleu(list_of_refs, hyps), repeat=repeat),
            {"nltk": best_time(lambda: bleu_score.corpus_bleu(list_of_refs, hyps), repeat=repeat),
             "sacrebleu": best_time(lambda: sacre.corpus_score(hyp_text, [ref_text]), repeat=repeat)}, t_floor),
        row("corpus WER", best_time(lambda: metrics.corpus_wer(refs, hyps), repeat=repeat),
            {"nltk": best_time(seeds_corpus_wer, repeat=1),
             "jiwer": best_time(lambda: jiwer.wer(ref_text, hyp_text), repeat=repeat)}, t_floor),
        row("ROUGE-L (all pairs)",
            best_time(lambda: [metrics.rouge_l([r], h) for r, h in zip(refs, hyps)], repeat=repeat),
            {"rouge_score": best_time(lambda: [rouge.score(r, h) for r, h in zip(ref_text, hyp_text)],
                                      repeat=repeat)}, t_floor),
    ]
    columns = ["metric", "ours", "ours/floor", "nltk", "ours/nltk", "sacrebleu", "ours/sacrebleu", "jiwer",
               "ours/jiwer", "rouge_score", "ours/rouge_score"]
    print_table(f"{n:,} synthetic sentence pairs (floor = token-to-id pass: {fmt_seconds(t_floor).strip()})",
                rows, columns)

    r0, h0, rt0, ht0 = refs[0], hyps[0], ref_text[0], hyp_text[0]
    small = [
        row("sentence_bleu", best_time(lambda: metrics.sentence_bleu([r0], h0)),
            {"nltk": best_time(lambda: bleu_score.sentence_bleu([r0], h0)),
             "sacrebleu": best_time(lambda: sacre.sentence_score(ht0, [rt0]))}, best_time(lambda: floor([r0], [h0]))),
        row("wer", best_time(lambda: metrics.wer(r0, h0)),
            {"nltk": best_time(lambda: nltk_edit_distance(r0, h0) / len(r0)),
             "jiwer": best_time(lambda: jiwer.wer(rt0, ht0))}, best_time(lambda: floor([r0], [h0]))),
        row("rouge_l", best_time(lambda: metrics.rouge_l([r0], h0)),
            {"rouge_score": best_time(lambda: rouge.score(rt0, ht0))}, best_time(lambda: floor([r0], [h0]))),
    ]
    print_table(f"per-call overhead, one pair ({len(r0)} reference tokens)", small, columns)
    print(f"\nversions: nltk {__import__('nltk').__version__}, sacrebleu {sacrebleu.__version__}, "
          f"numpy {np.__version__}")


if __name__ == "__main__":
    main()
