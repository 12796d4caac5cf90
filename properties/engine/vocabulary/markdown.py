"""Text made safe for Markdown: escaped prose and code spans.
"""

from __future__ import annotations





def md_text(text: str) -> str:
    """Text from the target, made inert in Markdown (no markup, no table breaks, no HTML)."""
    text = str(text).replace("\r", " ").replace("\n", " ")
    out = []
    for ch in text:
        if ch in "\\`*_[]<>|":
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def md_code(text: str) -> str:
    """Text from the target as an inline code span that no backtick in it can close."""
    text = str(text).replace("\r", " ").replace("\n", " ")
    ticks = "`" * (_longest_backtick_run(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _longest_backtick_run(text: str) -> int:
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    return longest
