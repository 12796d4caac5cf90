"""Pictures of failures, as SVG text drawn from the counterexample stored in a report.

Where a picture explains a failure better than numbers:

- curves: the target's curve and the catalog's on the counterexample (two polylines);
  for a scalar (ROC AUC, AP, EER) the catalog's curve, with both values;
- ranking: each query's ranked list with the gains, in the order of the scores;
- detection: the ground-truth and the detected boxes;
- regression and correlation: a scatter of the counterexample.

Refusal properties get none: the invalid input the target accepted is the whole
story, and the reproduction shows it. Everything is drawn from
:attr:`Result.calls <properties.engine.vocabulary.results.Result.calls>`
(:mod:`properties.engine.vocabulary.example_data`), never by calling the target again; the
catalog's value is computed by :mod:`metrics` on the stored arguments. The SVG is
hand-written (no plotting library): small, deterministic, and every piece of text
escaped, since a report may hold anything a target returned.
"""

from __future__ import annotations

import math
import re
import warnings
from html import escape
from typing import Callable

import numpy as np

from properties.engine.vocabulary.example_data import as_floats, is_complete
from properties.engine.vocabulary.results import VIOLATIONS

WIDTH, HEIGHT = 420, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 44, 44

TARGET_COLOUR, CATALOG_COLOUR, TRUTH_COLOUR = "#d62728", "#1f77b4", "#2ca02c"

#: curve function -> (index of x, index of y, x label, y label) in its returned tuple
CURVES = {
    "roc_curve": (0, 1, "false positive rate", "true positive rate"),
    "det_curve": (0, 1, "false positive rate", "false negative rate"),
    "precision_recall_curve": (1, 0, "recall", "precision"),
}
#: scalar of a curve -> the curve it summarises
CURVE_OF = {"roc_auc": "roc_curve", "equal_error_rate": "det_curve", "average_precision": "precision_recall_curve"}
#: the options a curve function shares with its scalar
_CURVE_OPTIONS = ("pos_label", "sample_weight")

#: at most this many queries, and documents per query, in a ranked-list picture
MAX_QUERIES, MAX_DOCUMENTS = 8, 30


def plot_failure(result) -> str | None:
    """An SVG picture of ``result``'s counterexample, or None when its family has none or the data is missing."""
    if result.status not in (*VIOLATIONS, "deviation") or not result.calls:
        return None
    if result.kind == "refusal":  # the input accepted is the whole story, and the reproduction shows it
        return None
    draw = _DRAWERS.get(result.family)
    if draw is None:
        return None
    calls = [c for c in result.calls if c.get("receiver") == "target." and is_complete(c.get("args"))
             and is_complete(c.get("kwargs"))]
    # the call on which the target and the catalog disagree tells the story; the first drawable one otherwise
    drawable = []
    for call in calls:
        if draw.accepts(call):
            catalog = _catalog_value(call)
            drawable.append((not _agrees(call, catalog), call, catalog))
    if not drawable:
        return None
    drawable.sort(key=lambda item: not item[0])  # stable: disagreeing calls first, each group in call order
    _, call, catalog = drawable[0]
    try:
        return draw(call, catalog)
    except (ValueError, TypeError, IndexError, KeyError):  # data a picture cannot be drawn from: numbers only
        return None


def plot_file_name(property_id: str) -> str:
    """A file name for the picture of ``property_id`` (ids hold ``[``, ``:`` and ``]``)."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", property_id).strip("-") + ".svg"


# ---------------------------------------------------------------- reading the stored calls


def _decode(data):
    """Stored data back to what the catalog takes: numeric lists as arrays (``"nan"`` strings as NaN)."""
    if isinstance(data, dict):
        return {k: _decode(v) for k, v in data.items()}
    if isinstance(data, list):
        if _numeric(data):
            return as_floats(data) if _has_special(data) else np.asarray(data)
        return [_decode(v) for v in data]
    return data


def _flat(data):
    if isinstance(data, list):
        for v in data:
            yield from _flat(v)
    else:
        yield data


def _numeric(data: list) -> bool:
    try:
        np.asarray(data, dtype=float)
    except (ValueError, TypeError):
        return False
    return all(isinstance(v, (int, float)) or v in ("nan", "inf", "-inf") for v in _flat(data))


def _has_special(data: list) -> bool:
    return any(isinstance(v, str) for v in _flat(data))


def _catalog_value(call: dict):
    """The catalog's result on the call's arguments; None when it refuses them or has no such name."""
    import metrics

    fn = getattr(metrics, call.get("name", ""), None)
    if fn is None or call.get("name") not in metrics.CATALOG:
        return None
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return fn(*[_decode(a) for a in call["args"]], **{k: _decode(v) for k, v in call["kwargs"].items()})
    except Exception:  # noqa: BLE001 - the catalog refusing the input is an answer, not a plotting error
        return None


def _agrees(call: dict, catalog) -> bool:
    if catalog is None or call.get("value") is None:
        return False
    try:
        ours = _numbers(catalog)
        theirs = _numbers(_decode(call["value"]))
    except (ValueError, TypeError):
        return False
    return ours.shape == theirs.shape and bool(np.allclose(ours, theirs, rtol=1e-9, atol=1e-12, equal_nan=True))


def _numbers(value) -> np.ndarray:
    if isinstance(value, tuple) or (isinstance(value, list) and value and isinstance(value[0], np.ndarray)):
        return np.concatenate([np.ravel(np.asarray(v, dtype=float)) for v in value])
    if isinstance(value, dict):
        return np.concatenate([np.ravel(np.asarray(v, dtype=float)) for _, v in sorted(value.items())])
    return np.ravel(np.asarray(value, dtype=float))


def _fmt(value) -> str:
    try:
        x = float(value)
    except (TypeError, ValueError):
        return str(value)
    return f"{x:.6g}"


# ---------------------------------------------------------------- SVG


class _Canvas:
    """One SVG picture: a data frame with axes, and shapes placed in data coordinates."""

    def __init__(self, title: str, subtitle: str = ""):
        self.parts: list[str] = []
        self.title = title
        self.subtitle = subtitle
        self.x_range = self.y_range = (0.0, 1.0)
        self.invert_y = True

    def scale(self, xs, ys, *, pad: float = 0.05, invert_y: bool = True) -> None:
        xs = [x for x in xs if math.isfinite(x)] or [0.0, 1.0]
        ys = [y for y in ys if math.isfinite(y)] or [0.0, 1.0]
        self.x_range = _padded(min(xs), max(xs), pad)
        self.y_range = _padded(min(ys), max(ys), pad)
        self.invert_y = invert_y

    def px(self, x: float) -> float:
        lo, hi = self.x_range
        return LEFT + (x - lo) / (hi - lo) * (WIDTH - LEFT - RIGHT)

    def py(self, y: float) -> float:
        lo, hi = self.y_range
        frac = (y - lo) / (hi - lo)
        if self.invert_y:
            frac = 1 - frac
        return TOP + frac * (HEIGHT - TOP - BOTTOM)

    def axes(self, x_label: str, y_label: str) -> None:
        (x0, x1), (y0, y1) = self.x_range, self.y_range
        bottom = HEIGHT - BOTTOM
        self.add(f'<rect class="frame" x="{LEFT}" y="{TOP}" width="{WIDTH - LEFT - RIGHT}" '
                 f'height="{HEIGHT - TOP - BOTTOM}" fill="none" stroke="#888"/>')
        for value, anchor, x in ((x0, "start", LEFT), (x1, "end", WIDTH - RIGHT)):
            self.text(x, bottom + 14, _fmt(value), anchor=anchor, size=10)
        low, high = (y0, y1) if self.invert_y else (y1, y0)
        self.text(LEFT - 4, bottom, _fmt(low), anchor="end", size=10)
        self.text(LEFT - 4, TOP + 10, _fmt(high), anchor="end", size=10)
        self.text((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 8, x_label, anchor="middle", size=11)
        self.add(f'<text x="12" y="{(TOP + bottom) / 2:.1f}" font-size="11" text-anchor="middle" '
                 f'transform="rotate(-90 12 {(TOP + bottom) / 2:.1f})">{escape(y_label)}</text>')

    def polyline(self, xs, ys, *, css: str, colour: str, dashed: bool = False) -> int:
        points = [(x, y) for x, y in zip(xs, ys) if math.isfinite(x) and math.isfinite(y)]
        if not points:
            return 0
        coords = " ".join(f"{self.px(x):.2f},{self.py(y):.2f}" for x, y in points)
        dash = ' stroke-dasharray="6 3"' if dashed else ""
        self.add(f'<polyline class="{css}" points="{coords}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        # the vertices too: a one-point curve, or two curves on top of each other, must still show
        radius = 4 if dashed else 2.5
        self.add("".join(f'<circle class="vertex {css}" cx="{self.px(x):.2f}" cy="{self.py(y):.2f}" r="{radius}" '
                         f'fill="none" stroke="{colour}"/>' for x, y in points))
        return len(points)

    def text(self, x: float, y: float, text: str, *, anchor: str = "start", size: int = 11,
             colour: str = "#222", css: str = "") -> None:
        cls = f' class="{css}"' if css else ""
        self.add(f'<text{cls} x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
                 f'fill="{colour}">{escape(text)}</text>')

    def legend(self, entries: list[tuple[str, str]]) -> None:
        x = LEFT + 8
        for i, (label, colour) in enumerate(entries):
            y = TOP + 14 + 14 * i
            self.add(f'<line x1="{x}" y1="{y - 4}" x2="{x + 16}" y2="{y - 4}" stroke="{colour}" stroke-width="2"/>')
            self.text(x + 20, y, label, size=10)

    def add(self, part: str) -> None:
        self.parts.append(part)

    def svg(self) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="assay-plot" width="{WIDTH}" height="{HEIGHT}" '
                f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" font-family="sans-serif">'
                f"<title>{escape(self.title)}</title>"
                f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>')
        titles = (f'<text x="8" y="16" font-size="12" font-weight="bold">{escape(_cut(self.title, 64))}</text>'
                  f'<text x="8" y="32" font-size="10" fill="#444">{escape(_cut(self.subtitle, 80))}</text>')
        return head + titles + "".join(self.parts) + "</svg>\n"


def _padded(lo: float, hi: float, pad: float) -> tuple[float, float]:
    if hi - lo <= 0 or not math.isfinite(hi - lo):
        span = abs(lo) * 0.1 or 1.0
        return lo - span, hi + span
    return lo - pad * (hi - lo), hi + pad * (hi - lo)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _values_line(call: dict, catalog) -> str:
    return f"target: {call.get('outcome', '')} | catalog: {_value_text(catalog)}"


def _value_text(value) -> str:
    if value is None:
        return "refused"
    if isinstance(value, (tuple, dict)):
        return "(several arrays)"
    try:
        flat = np.ravel(np.asarray(value, dtype=float))
    except (TypeError, ValueError):
        return "(not numeric)"
    if np.ndim(value) == 0:
        return _fmt(flat[0])
    shown = ", ".join(_fmt(v) for v in flat[:6])
    return f"[{shown}{', ...' if flat.size > 6 else ''}]"


class _Drawer:
    """A picture for one family: ``accepts(call)`` says whether a stored call can be drawn."""

    def __init__(self, accepts: Callable[[dict], bool], draw: Callable[[dict, object], str | None]):
        self.accepts = accepts
        self._draw = draw

    def __call__(self, call: dict, catalog) -> str | None:
        return self._draw(call, catalog)


# ---------------------------------------------------------------- curves


def _one_dimensional(data) -> bool:
    return isinstance(data, list) and all(not isinstance(v, (list, dict)) for v in data)


def _accepts_curve(call: dict) -> bool:
    name, args = call.get("name"), call.get("args") or []
    if name == "auc":
        return len(args) >= 2 and _one_dimensional(args[0]) and _one_dimensional(args[1])
    return (name in CURVES or name in CURVE_OF) and len(args) >= 2 and _one_dimensional(args[1])


def _draw_curves(call: dict, catalog) -> str | None:
    name = call["name"]
    if name == "auc":
        return _draw_points_area(call, catalog)
    curve = name if name in CURVES else CURVE_OF[name]
    xi, yi, x_label, y_label = CURVES[curve]
    import metrics

    options = {k: _decode(v) for k, v in call["kwargs"].items() if k in _CURVE_OPTIONS}
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            reference = getattr(metrics, curve)(_decode(call["args"][0]), _decode(call["args"][1]), **options)
    except Exception:  # noqa: BLE001 - the catalog refuses the input: no reference curve to draw
        reference = None
    lines = []
    if reference is not None:
        lines.append(("catalog", CATALOG_COLOUR, np.asarray(reference[xi], float), np.asarray(reference[yi], float),
                      False))
    value = call.get("value")
    if name in CURVES and isinstance(value, list) and len(value) > max(xi, yi):
        lines.append(("target", TARGET_COLOUR, as_floats(value[xi]).ravel(), as_floats(value[yi]).ravel(), True))
    if not lines:
        return None
    canvas = _Canvas(f"{curve} on the counterexample" + ("" if name in CURVES else f" ({name})"),
                     _values_line(call, catalog) if name not in CURVES else f"target: {call.get('outcome', '')}")
    xs = [0.0, 1.0, *(x for line in lines for x in line[2])]
    ys = [0.0, 1.0, *(y for line in lines for y in line[3])]
    canvas.scale(xs, ys, pad=0.03)
    canvas.axes(x_label, y_label)
    legend = []
    for label, colour, x, y, dashed in lines:
        if canvas.polyline(x.tolist(), y.tolist(), css=label, colour=colour, dashed=dashed):
            legend.append((f"{label} ({len(x)} points)", colour))
    canvas.legend(legend)
    return canvas.svg()


def _draw_points_area(call: dict, catalog) -> str | None:
    x, y = as_floats(call["args"][0]).ravel(), as_floats(call["args"][1]).ravel()
    if x.size != y.size or not x.size:
        return None
    canvas = _Canvas("auc: the curve given", _values_line(call, catalog))
    canvas.scale(x.tolist(), y.tolist())
    canvas.axes("x", "y")
    canvas.polyline(x.tolist(), y.tolist(), css="catalog", colour=CATALOG_COLOUR)
    return canvas.svg()


# ---------------------------------------------------------------- ranking


def _accepts_ranking(call: dict) -> bool:
    args = call.get("args") or []
    return bool(args) and isinstance(args[0], list)


def _queries(grades, scores) -> list[tuple[list, list | None]]:
    """(grades, scores) per query: a flat list is one query, a list of lists is one per row."""
    if grades and all(isinstance(g, list) for g in grades):
        rows = scores if isinstance(scores, list) and len(scores) == len(grades) else [None] * len(grades)
        return [(g, s if isinstance(s, list) else None) for g, s in zip(grades, rows)]
    return [(grades, scores if isinstance(scores, list) else None)]


def _draw_ranked_lists(call: dict, catalog) -> str | None:
    args = call["args"]
    grades = args[0]
    scores = args[1] if len(args) > 1 else call["kwargs"].get("y_score")
    queries = _queries(grades, scores)[:MAX_QUERIES]
    k = call["kwargs"].get("k")
    canvas = _Canvas(f"{call['name']}: ranked lists (by score) with gains", _values_line(call, catalog))
    top = TOP + 4
    row_height = min(34, (HEIGHT - top - 20) / max(1, len(queries)))
    longest = max(len(g) for g, _ in queries) if queries else 0
    width = min(48.0, (WIDTH - LEFT - RIGHT) / max(1, min(longest, MAX_DOCUMENTS)))
    all_grades = [float(g) for g in _flat(grades) if isinstance(g, (int, float))]
    best = max([abs(g) for g in all_grades if math.isfinite(g)] or [1.0]) or 1.0
    drawn = 0
    for row, (g, s) in enumerate(queries):
        y = top + row * row_height
        canvas.text(LEFT - 4, y + row_height / 2 + 4, f"q{row + 1}", anchor="end", size=10)
        order = _ranking_order(g, s)
        for rank, doc in enumerate(order[:MAX_DOCUMENTS]):
            grade = g[doc]
            x = LEFT + rank * width
            shade = _gain_shade(grade, best)
            score = "" if s is None else f"; score {_fmt(s[doc])}"
            canvas.add(f'<rect class="doc" x="{x:.1f}" y="{y:.1f}" width="{width - 2:.1f}" '
                       f'height="{row_height - 6:.1f}" fill="{shade}" stroke="#555">'
                       f"<title>{escape(f'rank {rank + 1}: document {doc}, gain {_fmt(grade)}{score}')}</title></rect>")
            canvas.text(x + (width - 2) / 2, y + (row_height - 6) / 2 + 4, _fmt(grade), anchor="middle", size=9)
            drawn += 1
        if isinstance(k, int) and 0 < k < len(order):
            kx = LEFT + min(k, MAX_DOCUMENTS) * width - 1
            canvas.add(f'<line class="cutoff" x1="{kx:.1f}" y1="{y - 2:.1f}" x2="{kx:.1f}" '
                       f'y2="{y + row_height - 2:.1f}" stroke="{TARGET_COLOUR}" stroke-width="2"/>')
    if not drawn:
        return None
    canvas.text(LEFT, HEIGHT - 8, "rank 1 on the left; numbers are gains" + (f"; red line: k = {k}" if k else ""),
                size=10)
    return canvas.svg()


def _ranking_order(grades: list, scores: list | None) -> list[int]:
    if scores is None or len(scores) != len(grades):
        return list(range(len(grades)))
    keys = as_floats(scores)
    keys = np.where(np.isnan(keys), -np.inf, keys)  # an unscored (NaN) document is drawn last
    return np.argsort(-keys, kind="stable").tolist()


def _gain_shade(grade, best: float) -> str:
    try:
        g = float(grade)
    except (TypeError, ValueError):
        return "#eee"
    if not math.isfinite(g):
        return "#f4a6a6"
    level = max(0.0, min(1.0, abs(g) / best))
    base = (44, 160, 44) if g >= 0 else (214, 39, 40)
    r, gr, b = (int(255 - (255 - c) * level) for c in base)
    return f"#{r:02x}{gr:02x}{b:02x}"


# ---------------------------------------------------------------- detection


_BOX_SETS = {
    # name -> (argument index or keyword, role) for each set of boxes
    "box_iou": ((0, "boxes1"), (1, "boxes2")),
    "match_detections": ((2, "gt"), (0, "det")),
}


def _accepts_boxes(call: dict) -> bool:
    return call.get("name") in (*_BOX_SETS, "coco_map") and len(call.get("args") or []) >= 2


def _box_rows(data, box_format: str) -> list[list[float]]:
    boxes = as_floats(data if data else np.zeros((0, 4))).reshape(-1, 4)
    if box_format == "xywh":
        boxes = np.hstack([boxes[:, :2], boxes[:, :2] + boxes[:, 2:]])
    return boxes.tolist()


def _draw_boxes(call: dict, catalog) -> str | None:
    fmt = call["kwargs"].get("box_format") or "xyxy"
    sets: list[tuple[str, list, list | None]] = []
    if call["name"] == "coco_map":
        detections, truths = call["args"][0], call["args"][1]
        if not (isinstance(detections, list) and isinstance(truths, list)):
            return None  # a COCO dataset dict: not drawn
        image = next((i for i, t in enumerate(truths) if isinstance(t, dict) and t.get("boxes")), 0)
        if image >= len(truths) or image >= len(detections):
            return None
        sets.append(("gt", _box_rows(truths[image].get("boxes"), fmt), None))
        sets.append(("det", _box_rows(detections[image].get("boxes"), fmt), detections[image].get("scores")))
        title = f"coco_map: image {image + 1} of {len(truths)}"
    else:
        for index, role in _BOX_SETS[call["name"]]:
            scores = call["args"][1] if role == "det" and call["name"] == "match_detections" else None
            sets.append((role, _box_rows(call["args"][index], fmt), scores))
        title = f"{call['name']}: the boxes"
    finite = [b for _, boxes, _ in sets for b in boxes if all(math.isfinite(v) for v in b)]
    dropped = sum(len(boxes) for _, boxes, _ in sets) - len(finite)
    canvas = _Canvas(title, _values_line(call, catalog))
    # image coordinates: y grows downwards
    canvas.scale([v for b in finite for v in (b[0], b[2])], [v for b in finite for v in (b[1], b[3])],
                 invert_y=False)
    canvas.axes("x", "y (down)")
    colours = {"gt": TRUTH_COLOUR, "boxes1": TRUTH_COLOUR, "det": TARGET_COLOUR, "boxes2": TARGET_COLOUR}
    for role, boxes, scores in sets:
        for i, (x1, y1, x2, y2) in enumerate(boxes):
            if not all(math.isfinite(v) for v in (x1, y1, x2, y2)):
                continue
            left, right = sorted((canvas.px(x1), canvas.px(x2)))
            upper, lower = sorted((canvas.py(y1), canvas.py(y2)))
            dash = ' stroke-dasharray="5 3"' if role in ("det", "boxes2") else ""
            label = f"{role} {i}" + (f", score {_fmt(scores[i])}" if isinstance(scores, list) and i < len(scores)
                                     else "")
            canvas.add(f'<rect class="box {role}" x="{left:.1f}" y="{upper:.1f}" width="{right - left:.1f}" '
                       f'height="{lower - upper:.1f}" fill="none" stroke="{colours[role]}" stroke-width="2"{dash}>'
                       f"<title>{escape(label)}</title></rect>")
    canvas.legend([(role, colours[role]) for role, _, _ in sets])
    if dropped:
        canvas.text(WIDTH - RIGHT, TOP - 4, f"{dropped} box(es) with NaN/inf not drawn", anchor="end", size=10,
                    colour=TARGET_COLOUR)
    return canvas.svg()


# ---------------------------------------------------------------- regression and correlation


def _accepts_pairs(call: dict) -> bool:
    args = call.get("args") or []
    return len(args) >= 2 and isinstance(args[0], list) and isinstance(args[1], list)


def _draw_scatter(call: dict, catalog, *, identity: bool) -> str | None:
    x, y = as_floats(call["args"][0]).ravel(), as_floats(call["args"][1]).ravel()
    if x.size != y.size or not x.size:
        return None
    labels = ("y_true", "y_pred") if identity else ("x", "y")
    canvas = _Canvas(f"{call['name']}: the counterexample ({x.size} points)", _values_line(call, catalog))
    finite = np.isfinite(x) & np.isfinite(y)
    xs, ys = x[finite].tolist(), y[finite].tolist()
    canvas.scale(xs + (ys if identity else []), ys + (xs if identity else []))
    canvas.axes(*labels)
    if identity:
        lo = max(canvas.x_range[0], canvas.y_range[0])
        hi = min(canvas.x_range[1], canvas.y_range[1])
        if lo < hi:
            canvas.add(f'<line class="identity" x1="{canvas.px(lo):.2f}" y1="{canvas.py(lo):.2f}" '
                       f'x2="{canvas.px(hi):.2f}" y2="{canvas.py(hi):.2f}" stroke="#999" stroke-dasharray="4 3"/>')
    for i, (a, b) in enumerate(zip(xs, ys)):
        canvas.add(f'<circle class="point" cx="{canvas.px(a):.2f}" cy="{canvas.py(b):.2f}" r="3.5" '
                   f'fill="{TARGET_COLOUR}" fill-opacity="0.7"><title>{escape(f"({_fmt(a)}, {_fmt(b)})")}</title>'
                   "</circle>")
    if not finite.all():
        canvas.text(WIDTH - RIGHT, TOP - 4, f"{int((~finite).sum())} point(s) with NaN/inf not drawn", anchor="end",
                    size=10, colour=TARGET_COLOUR)
    return canvas.svg()


_DRAWERS = {
    "curves": _Drawer(_accepts_curve, _draw_curves),
    "ranking": _Drawer(_accepts_ranking, _draw_ranked_lists),
    "detection": _Drawer(_accepts_boxes, _draw_boxes),
    "regression": _Drawer(_accepts_pairs, lambda call, catalog: _draw_scatter(call, catalog, identity=True)),
    "correlation": _Drawer(_accepts_pairs, lambda call, catalog: _draw_scatter(call, catalog, identity=False)),
}
