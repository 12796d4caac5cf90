"""The token domain of the bundled text libraries that take text (strings), not token sequences.

sacrebleu, jiwer, rouge-score, rouge and torchmetrics score strings: their adapters join a token
list with spaces. The catalog's tokens are any hashables (``metrics/text.py``); integer token ids
(vocabulary ids) have no string form these libraries were made for, so their adapters declare
them outside the metric's domain (``DOMAINS[m] = {"where": tokens_are_strings}``): those examples
are skipped (``text.integer_token_ids[...]`` is n/a there), not reported as a refusal.
"""

from __future__ import annotations


def _integer_sequence(value) -> bool:
    """A non-empty token sequence of integer tokens, or a list of sequences one of which is."""
    if not isinstance(value, (list, tuple)) or not value:
        return False
    if all(isinstance(item, (list, tuple)) for item in value):
        return any(_integer_sequence(item) for item in value)
    return all(isinstance(tok, int) and not isinstance(tok, bool) for tok in value)


def tokens_are_strings(args, kwargs) -> bool:
    """False where an argument holds a sequence of integer token ids (a bad value, such as a number where a
    token list belongs, stays inside: the refusal properties still see it)."""
    return not any(_integer_sequence(a) for a in (*args, *kwargs.values()))


def string_token_domains(*metrics: str) -> dict:
    """``DOMAINS`` entries for the text metrics of a library that takes strings."""
    return {m: {"where": tokens_are_strings} for m in metrics}
