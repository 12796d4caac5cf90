"""Speed of METEOR and CIDEr-D against NLTK and pycocoevalcap, in one run.

    .venv/bin/python -m benchmarks.bench_text_caption [--quick]

Corpus: :func:`benchmarks.bench_text.synthetic_pairs` (Zipf vocabulary, so frequent words repeat
within a sentence; references of 5-30 tokens, ~20% edits). METEOR: 2,000 sentences, each against
its reference and a second reference (the next sentence's), called once per sentence as NLTK's
``meteor_score`` is (WordNet stub without synsets: the data cannot be downloaded here). CIDEr-D:
10,000 segments with the same two references each, one corpus call; pycocoevalcap gets its
``gts``/``res`` dicts of space-joined strings prepared outside the timed call. The values are checked
first: CIDEr-D agrees with pycocoevalcap to 1e-9; METEOR is never below NLTK's (the catalog scores
the alignment with the fewest chunks, NLTK a greedy one: same matches, at least as many chunks).
Target: each metric at least as fast as the fastest peer.
"""

from __future__ import annotations

import numpy as np

import metrics
from benchmarks.bench_text import quick_run, row, synthetic_pairs
from benchmarks.timing import best_time, print_table


class _NoSynsets:
    def synsets(self, word):
        return []


def main(argv=None) -> None:
    quick, repeat = quick_run(__doc__, "a fifth of the sentences", argv)
    scale = 5 if quick else 1

    import nltk
    from importlib.metadata import version
    from nltk.translate.meteor_score import meteor_score
    from pycocoevalcap.cider.cider import Cider

    refs, hyps = synthetic_pairs(10_000 // scale)
    two_refs = [[r, refs[(i + 1) % len(refs)]] for i, r in enumerate(refs)]
    rows = []

    # METEOR
    n_m = 2_000 // scale
    stub = _NoSynsets()

    def ours_meteor():
        return [metrics.meteor(r, h) for r, h in zip(two_refs[:n_m], hyps[:n_m])]

    def nltk_meteor():
        return [meteor_score(r, h, wordnet=stub) for r, h in zip(two_refs[:n_m], hyps[:n_m])]

    gap = np.asarray(ours_meteor()) - np.asarray(nltk_meteor())
    assert (gap >= -1e-12).all(), gap.min()
    out = row("METEOR (sentence calls)", best_time(ours_meteor, repeat=repeat),
              {"nltk": best_time(nltk_meteor, repeat=repeat)}, n=f"{n_m:,}")
    print(out, f"(ours above NLTK on {int((gap > 1e-12).sum())} sentences: fewer chunks)", flush=True)
    rows.append(out)

    # CIDEr-D
    gts = {i: [" ".join(r) for r in rr] for i, rr in enumerate(two_refs)}
    res = {i: [" ".join(h)] for i, h in enumerate(hyps)}
    ours = metrics.cider_d(two_refs, hyps)
    theirs = Cider().compute_score(gts, res)
    assert abs(ours.score - theirs[0]) < 1e-9 and np.allclose(ours.scores, theirs[1], rtol=1e-9, atol=1e-12)
    out = row("CIDEr-D (corpus)", best_time(lambda: metrics.cider_d(two_refs, hyps), repeat=repeat),
              {"pycocoevalcap": best_time(lambda: Cider().compute_score(gts, res), repeat=repeat)},
              n=f"{len(hyps):,}")
    print(out, flush=True)
    rows.append(out)

    columns = ["metric", "n", "ours", "nltk", "ours/nltk", "pycocoevalcap", "ours/pycocoevalcap"]
    print_table("METEOR and CIDEr-D on synthetic sentence pairs (two references each)", rows, columns)
    print(f"\nversions: nltk {nltk.__version__}, pycocoevalcap {version('pycocoevalcap')}, numpy {np.__version__}")


if __name__ == "__main__":
    main()
