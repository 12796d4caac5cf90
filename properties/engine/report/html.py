"""One self-contained HTML page from any set of conformance reports.

The page holds a heatmap of targets x metrics (each cell coloured by the worst
status among that metric's properties for that target, the counts in its
tooltip), a drill-down per cell (click it) listing the properties with each
failure's minimal and worst counterexample, reproduction and picture
(:mod:`properties.engine.report.plots`), each target's declared conventions and known
deviations with their reasons, and optionally the diff of two reports.

The page is sized to what the targets provide. A cell of a metric the target does not provide (every
property of it n/a for that reason) has no drill-down: its tooltip and the target's section count those
properties, per family, and name the metrics. The drill-downs of the provided metrics are embedded per
target, gzip-compressed and base64-encoded in a data block, and unpacked in the browser
(``DecompressionStream``) when a cell of that target is first opened: the page of every bundled target is
a few megabytes, not tens, and opens from a ``file://`` URL as well as from a server.
:func:`embedded_details` reads them back in Python.

Nothing is fetched at view time: CSS, the few lines of JavaScript and the SVG
pictures are inline. Every string that comes from a report is escaped: a report
holds what a target returned and raised, which may be markup.
"""

from __future__ import annotations

import base64
import gzip
import re
from collections import Counter
from html import escape

import metrics

from properties.engine.vocabulary.results import fingerprint, STATUS_LABEL, truncate, truncate_reproduction, VIOLATIONS
from properties.engine.verdict import causes as causes_mod
from properties.engine.report.audit_report import diff, new_violations, Report, SHOWN_TEXT_LIMIT, worker_output_shown
from properties.engine.report.plots import plot_failure

#: statuses from worst to best: a cell takes the colour of the worst one among its properties
WORST_FIRST = ("crash", "hang", "memory", "error", "mutation", "nondeterministic", "fail", "spec-error", "timeout",
               "deviation", "fixed", "pass", "n/a")
_RANK = {s: i for i, s in enumerate(WORST_FIRST)}

#: what a drill-down shows in full: the violations and the known deviations
_EXPLAINED = (*VIOLATIONS, "deviation")

_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:1em 2em;color:#222}
h1{font-size:1.5em}h2{font-size:1.25em;margin-top:1.6em}h3{font-size:1.05em}
.legend span{display:inline-block;padding:1px 6px;margin:0 4px 4px 0;border-radius:3px}
.matrix-wrap{overflow:auto;max-height:80vh;border:1px solid #ccc}
table.matrix{border-collapse:collapse}
table.matrix th.metric{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:normal;font-size:11px;
  padding:4px 1px;white-space:nowrap;position:sticky;top:0;background:#fff}
table.matrix th.target{text-align:left;white-space:nowrap;position:sticky;left:0;background:#fff;padding:2px 8px;
  z-index:1}
td.cell{width:18px;height:20px;min-width:18px;border:1px solid #fff;text-align:center;font-size:10px;
  cursor:pointer}
td.cell.selected{outline:2px solid #000}
td.st-absent{background:#fafafa;cursor:default}
td.st-not-provided{background:#ececec;cursor:default}
.panel.loading::after{content:"unpacking the drill-downs of this target ...";color:#666}
.st-pass{background:#4caf50;color:#fff}.st-n-a{background:#d0d0d0}
.st-deviation{background:#f5c542}.st-fixed{background:#64b5f6}
.st-fail,.st-error,.st-crash,.st-hang,.st-memory,.st-mutation,.st-nondeterministic{background:#d32f2f;color:#fff}
.st-timeout,.st-spec-error{background:#8e24aa;color:#fff}
.panel{border:1px solid #aaa;padding:0.5em 1em;margin:1em 0;background:#fcfcfc}
table.props{border-collapse:collapse;max-width:100%}table.props td,table.props th{border-bottom:1px solid #ddd;
  padding:2px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
table.props code{word-break:break-all}
.panel,.target{max-width:100%;overflow-x:auto;box-sizing:border-box}
pre{background:#f3f3f3;padding:6px;overflow:auto;max-height:24em;white-space:pre-wrap;word-break:break-all}
.failure{border-left:4px solid #d32f2f;padding-left:10px;margin:1em 0}
.failure.deviation{border-left-color:#f5c542}
.diff-new{color:#d32f2f;font-weight:bold}.diff-fixed{color:#2e7d32;font-weight:bold}
"""

_SCRIPT = """
(function () {
  var unpacked = {};
  var current = null;
  function inflate(text) {
    if (typeof DecompressionStream === 'undefined') {
      return Promise.reject(new Error('this browser has no DecompressionStream'));
    }
    var bytes = Uint8Array.from(atob(text.trim()), function (c) { return c.charCodeAt(0); });
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  }
  function unpack(target) {
    if (!unpacked[target]) {
      var block = document.getElementById('detail-t' + target);
      unpacked[target] = (block ? inflate(block.textContent) : Promise.resolve('')).then(function (html) {
        var template = document.createElement('template');
        template.innerHTML = html;
        var sections = template.content.querySelectorAll('section.panel');
        for (var i = 0; i < sections.length; i++) {
          var placeholder = document.getElementById(sections[i].id);
          if (placeholder) {
            placeholder.replaceChildren.apply(placeholder, Array.prototype.slice.call(sections[i].childNodes));
            placeholder.classList.remove('loading');
          }
        }
      });
    }
    return unpacked[target];
  }
  function reveal(id) {
    var panels = document.querySelectorAll('.panel');
    for (var i = 0; i < panels.length; i++) { panels[i].hidden = panels[i].id !== id; }
    var panel = document.getElementById(id);
    if (panel) { panel.scrollIntoView({block: 'nearest'}); }
  }
  function show(id) {
    var placeholder = document.getElementById(id);
    if (!placeholder) { return; }
    current = id;
    var cells = document.querySelectorAll('td.cell.selected');
    for (var j = 0; j < cells.length; j++) { cells[j].classList.remove('selected'); }
    var cell = document.querySelector('td.cell[data-panel="' + id + '"]');
    if (cell) { cell.classList.add('selected'); }
    var target = placeholder.getAttribute('data-target');
    if (target === null) { reveal(id); return; }
    if (!placeholder.hasChildNodes()) { placeholder.classList.add('loading'); }
    reveal(id);
    unpack(target).then(function () {
      placeholder.classList.remove('loading');
      if (current === id) { reveal(id); }
    }, function (error) {
      placeholder.classList.remove('loading');
      placeholder.textContent = 'The drill-downs of this target could not be unpacked (' + error.message +
        '); the Markdown and JSON reports of the target have every property.';
    });
  }
  document.addEventListener('click', function (event) {
    var cell = event.target.closest('td.cell[data-panel]');
    if (cell) { show(cell.getAttribute('data-panel')); }
  });
  document.addEventListener('keydown', function (event) {
    var cell = event.target.closest && event.target.closest('td.cell[data-panel]');
    if (cell && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      show(cell.getAttribute('data-panel'));
    }
  });
  if (location.hash.length > 1 && document.getElementById(location.hash.slice(1))) {
    show(location.hash.slice(1));
  }
})();
"""


def status_class(status: str) -> str:
    return "st-" + status.replace("/", "-").replace(" ", "-")


def worst_status(statuses) -> str:
    return min(statuses, key=lambda s: _RANK.get(s, len(_RANK)))


def render_page(reports: list[Report], *, diff_pair: tuple[Report, Report] | None = None,
                title: str = "metric-assay conformance") -> str:
    """The page: the matrix of ``reports`` (one row each), its drill-downs and target sections, and the diff of
    ``diff_pair`` (before, after) when given."""
    columns = _metric_columns(reports)
    plots: dict[int, str | None] = {}
    labels = target_labels(reports)
    counted = [{id(r) for r in report.not_provided()} for report in reports]
    body = [f"<h1>{escape(title)}</h1>"]
    if reports:
        body.append(_causes_section(reports, labels))
        body.append(_legend())
        body.append(_matrix(reports, columns, labels, counted))
        body.append('<div id="panels">')
        for row, report in enumerate(reports):
            cells = _cells(report)
            panels = []
            for col, metric in enumerate(columns):
                if metric in cells and not _not_provided(cells[metric], counted[row]):
                    body.append(f'<section class="panel" id="p{row}-{col}" data-target="{row}" hidden></section>')
                    panels.append(_panel(row, col, report, metric, cells[metric], plots))
            if panels:
                body.append(_data_block(row, "\n".join(panels)))
        body.append("</div>")
        body.append("<h2>Targets</h2>")
        body += [_target_section(row, report, labels[row]) for row, report in enumerate(reports)]
    if diff_pair is not None:
        body.append(_diff_section(*diff_pair, plots))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>\n"
            + "\n".join(body)
            + f"\n<script>{_SCRIPT}</script>\n</body></html>\n")


# ---------------------------------------------------------------- the matrix


def _metric_columns(reports: list[Report]) -> list[str]:
    """Every metric any report has a property for, grouped by family (the catalog's), then by name."""
    seen = {m for report in reports for r in report.results for m in r.metrics}
    return sorted(seen, key=lambda m: (metrics.CATALOG.get(m, "~"), m))


def _not_provided(results, counted: set[int]) -> bool:
    """Whether a cell's every property is n/a because the target does not provide the metrics it needs."""
    return all(id(r) in counted for r in results)


def _data_block(row: int, html: str) -> str:
    """A target's drill-downs, gzip-compressed (reproducibly: no time stamp) and base64-encoded: no markup."""
    packed = base64.b64encode(gzip.compress(html.encode("utf-8"), compresslevel=9, mtime=0)).decode("ascii")
    return f'<script type="application/gzip" data-encoding="base64" id="detail-t{row}">{packed}</script>'


def embedded_details(page: str) -> dict[int, str]:
    """The drill-downs a page embeds, unpacked: target row -> the HTML of its panels."""
    blocks = re.findall(r'<script type="application/gzip" data-encoding="base64" id="detail-t(\d+)">([^<]*)</script>',
                        page)
    return {int(row): gzip.decompress(base64.b64decode(packed)).decode("utf-8") for row, packed in blocks}


def _cells(report: Report) -> dict[str, list]:
    cells: dict[str, list] = {}
    for r in report.results:
        for m in r.metrics:
            cells.setdefault(m, []).append(r)
    return cells


def _target_label(report: Report) -> str:
    sig = report.signature
    tier = "" if sig.tier == "standard" else f" ({sig.tier} tier)"
    return f"{sig.target} {sig.target_version}{tier}" + (" (incomplete)" if report.incomplete else "")


def target_labels(reports: list[Report]) -> list[str]:
    """A label per report, distinct whenever the reports are: two reports of one target (before and after,
    two profiles) are told apart by what differs between them: profile, then file, then date."""
    labels = [_target_label(r) for r in reports]
    for extra in (lambda r: f"profile {r.signature.profile}", lambda r: r.source.rsplit("/", 1)[-1],
                  lambda r: r.signature.created):
        counts = Counter(labels)
        if all(n == 1 for n in counts.values()):
            break
        labels = [label + (f" · {extra(r)}" if counts[label] > 1 and extra(r) else "")
                  for label, r in zip(labels, reports)]
    counts = Counter(labels)
    seen: Counter = Counter()
    out = []
    for label in labels:  # still equal (one file read twice): number them
        seen[label] += 1
        out.append(label + (f" #{seen[label]}" if counts[label] > 1 else ""))
    return out


def _causes_section(reports: list[Report], labels: list[str]) -> str:
    """Every target's findings grouped by cause, worst first: the new ones open, the listed folded."""
    out = ["<h2>Causes, worst first</h2>",
           "<p>Findings grouped by what most likely produced them; the matrix and the drill-downs below have "
           "every property.</p>"]
    any_cause = False
    for row, report in enumerate(reports):
        found = report.causes()
        if not found:
            continue
        any_cause = True
        new = [c for c in found if c.state == "new"]
        summary = causes_mod.summary_text(found, baseline=report.baseline is not None)
        out.append(f'<h3><a href="#t{row}">{escape(labels[row])}</a>: {escape(summary)}</h3>')
        if new:
            out.append(_causes_table(new, open_=True))
        for state, words in (("baseline", "in the baseline"), ("listed", "listed as deviations")):
            folded = [c for c in found if c.state == state]
            if folded:
                out.append(f"<details><summary>{escape(causes_mod.tally(folded))} {words}</summary>"
                           + _causes_table(folded, open_=False) + "</details>")
    if not any_cause:
        out.append("<p>No findings in any report.</p>")
    return "\n".join(out)


def _causes_table(found, *, open_: bool) -> str:
    rows = ['<table class="props causes"><tr><th>severity</th><th>cause</th><th>findings</th>'
            "<th>properties</th></tr>"]
    for c in found:
        rep = c.representative
        props = ", ".join(f"<code>{escape(p)}</code>" for p in c.properties[:6])
        if len(c.properties) > 6:
            props += f" and {len(c.properties) - 6} more"
        repro = ""
        if open_ and rep.reproduction:
            repro = (f"<details><summary>e.g. <code>{escape(fingerprint(rep.property_id, rep.finding_class))}"
                     f"</code>{escape(causes_mod.member_label(c, rep))}</summary><pre>{escape(truncate(rep.detail.strip(), SHOWN_TEXT_LIMIT))}</pre>"
                     f'<pre class="reproduction">{escape(truncate_reproduction(rep.reproduction, SHOWN_TEXT_LIMIT))}</pre>'
                     "</details>")
        rows.append(f"<tr><td>{escape(c.severity or 'other')}</td><td>{escape(c.title())}{repro}</td>"
                    f"<td>{len(c.members)}</td><td>{props}</td></tr>")
    rows.append("</table>")
    return "".join(rows)


def _legend() -> str:
    items = "".join(f'<span class="{status_class(s)}">{escape(STATUS_LABEL[s])}</span>' for s in WORST_FIRST)
    items += '<span class="st-not-provided">not provided (every property n/a)</span>'
    return f'<p class="legend">Cell colour: the worst result among the metric\'s properties. {items}</p>'


def _counts_text(results) -> str:
    c = Counter(r.status for r in results)
    return ", ".join(f"{c[s]} {STATUS_LABEL[s]}" for s in WORST_FIRST if c[s])


def _matrix(reports: list[Report], columns: list[str], labels: list[str], counted: list[set[int]]) -> str:
    head = ['<tr><th class="target">target</th>']
    for metric in columns:
        family = metrics.CATALOG.get(metric, "not in the catalog")
        head.append(f'<th class="metric" title="{escape(family)}">{escape(metric)}</th>')
    head.append("</tr>")
    rows = []
    for row, report in enumerate(reports):
        cells = _cells(report)
        out = [f'<tr class="target-row"><th class="target"><a href="#t{row}">{escape(labels[row])}</a></th>']
        for col, metric in enumerate(columns):
            results = cells.get(metric)
            if not results:
                out.append(f'<td class="cell st-absent" title="{escape(report.signature.target)} · '
                           f'{escape(metric)}: no property"></td>')
                continue
            if _not_provided(results, counted[row]):
                out.append(f'<td class="cell st-not-provided" data-status="not provided" title="'
                           f'{escape(report.signature.target)} · {escape(metric)}: not provided by the target, '
                           f'{len(results)} n/a"></td>')
                continue
            worst = worst_status([r.status for r in results])
            bad = sum(r.status in VIOLATIONS for r in results)
            tip = f"{report.signature.target} · {metric}: {_counts_text(results)}"
            out.append(f'<td class="cell {status_class(worst)}" data-status="{escape(worst)}" '
                       f'data-panel="p{row}-{col}" tabindex="0" title="{escape(tip)}">{bad or ""}</td>')
        out.append("</tr>")
        rows.append("".join(out))
    return ('<h2>Targets x metrics</h2><p>Click a cell for its properties (a grey cell is a metric the target '
            'does not provide: its section below counts those properties).</p><div class="matrix-wrap">'
            f'<table class="matrix"><thead>{"".join(head)}</thead><tbody>{"".join(rows)}</tbody></table></div>')


# ---------------------------------------------------------------- drill-down


def _panel(row: int, col: int, report: Report, metric: str, results, plots: dict) -> str:
    ordered = sorted(results, key=lambda r: (_RANK.get(r.status, len(_RANK)), r.property_id))
    lines = [f'<section class="panel" id="p{row}-{col}" hidden>',
             f"<h3>{escape(report.signature.target)} · {escape(metric)}</h3>",
             f'<p>{escape(_counts_text(results))}. Conventions and deviations: <a href="#t{row}">'
             f"{escape(report.signature.target)}</a>.</p>",
             '<table class="props"><tr><th>property</th><th>result</th><th>statement</th></tr>']
    for r in ordered:
        lines.append(f'<tr><td><code>{escape(r.property_id)}</code></td>'
                     f'<td class="{status_class(r.status)}">{escape(STATUS_LABEL.get(r.status, r.status))}</td>'
                     f"<td>{escape(r.statement)}</td></tr>")
    lines.append("</table>")
    lines += [_failure(r, plots) for r in ordered if r.status in _EXPLAINED]
    lines.append("</section>")
    return "\n".join(lines)


def _failure(r, plots: dict) -> str:
    """One violation or known deviation in full: detail, counterexamples, reproduction, picture."""
    severity = f" ({r.severity})" if r.severity else ""
    kind = "failure deviation" if r.status == "deviation" else "failure"
    parts = [f'<div class="{kind}">',
             f"<h4><code>{escape(r.property_id)}</code> — {escape(STATUS_LABEL.get(r.status, r.status))}"
             f"{escape(severity)}</h4>", f"<p>{escape(r.statement)}</p>"]
    if r.finding_class:
        parts.append(f'<p class="finding">finding <code>{escape(fingerprint(r.property_id, r.finding_class))}</code>'
                     "</p>")
    parts.append(_pre("what broke", r.detail))
    others = [f for f in r.findings if f.get("finding_class") != r.finding_class]
    if others:
        parts.append(f"<p><b>{len(others)} more finding{'s' if len(others) > 1 else ''} of this property</b></p><ul>")
        for f in others:
            state = causes_mod.STATE_LABEL[causes_mod.finding_state(f.get("known", False), f.get("in_baseline", False))]
            first = (f.get("detail") or "").strip().splitlines()[:1]
            parts.append(f"<li><code>{{{escape(f['finding_class'])}}}</code> {state}: {escape(' '.join(first)[:300])}"
                         "</li>")
        parts.append("</ul>")
    if r.counterexample:
        parts.append(_pre("minimal counterexample", r.counterexample))
    if r.worst:
        parts.append(_pre("worst counterexample found (largest violation)", r.worst))
    if r.reproduction:
        parts.append(_pre("reproduction", r.reproduction, css="reproduction"))
    if r.skipped:
        parts.append(f"<p>Examples skipped, the target lacks: {escape(', '.join(r.skipped))}</p>")
    if r.traceback and worker_output_shown(r):
        parts.append(_pre("last output of the worker", r.traceback[-SHOWN_TEXT_LIMIT:]))
    key = id(r)
    if key not in plots:
        plots[key] = plot_failure(r)
    if plots[key]:
        parts.append(f'<figure class="plot">{plots[key]}</figure>')  # built by plots.py, its text escaped there
    parts.append("</div>")
    return "\n".join(parts)


def _pre(label: str, text: str, *, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<p><b>{escape(label)}</b></p><pre{cls}>{escape(truncate(text, SHOWN_TEXT_LIMIT))}</pre>"


# ---------------------------------------------------------------- targets


def _target_section(row: int, report: Report, label: str) -> str:
    sig = report.signature
    made = " · ".join(x for x in (f"report {report.source}" if report.source else "",
                                  f"written {sig.created}" if sig.created else "") if x)
    out = [f'<section class="target" id="t{row}">', f"<h3>{escape(label)}</h3>",
           f"<p>{escape(sig.one_line())}</p>" + (f"<p>{escape(made)}</p>" if made else ""),
           f"<p>{escape(report.precision_line())}</p>",
           f"<p><b>Summary:</b> {escape(report.summary_line())}</p>"]
    if report.coverage().low():
        out.append(f"<p><b>{escape(report.coverage().low_text())}</b></p>")
    if report.coverage().skipped_text():
        out.append(f"<p>{escape(report.coverage().skipped_text())}</p>")
    missing = report.not_provided_by_family()
    if missing:
        out.append(f"<details><summary>{escape(report.not_provided_line())}</summary><table class=\"props\">"
                   "<tr><th>family</th><th>n/a properties</th><th>metrics not provided</th></tr>")
        out += [f"<tr><td>{escape(family)}</td><td>{n}</td><td>"
                + ", ".join(f"<code>{escape(m)}</code>" for m in names) + "</td></tr>" for family, n, names in missing]
        out.append("</table></details>")
    if report.incomplete:
        out.append(f"<p><b>INCOMPLETE:</b> the audit was interrupted; {len(report.not_run)} properties did not "
                   "run.</p>")
    if sig.conventions:
        out.append(f"<details><summary>Declared conventions ({len(sig.conventions)})</summary><table class=\"props\">")
        out += [f"<tr><td><code>{escape(str(k))}</code></td><td>{escape(str(v))}</td></tr>"
                for k, v in sorted(sig.conventions.items(), key=lambda kv: str(kv[0]))]
        out.append("</table></details>")
    else:
        out.append("<p>No conventions declared.</p>")
    deviations = _deviation_reasons(report)
    if deviations:
        status = {r.property_id: r.status for r in report.results}
        out.append(f"<details><summary>Known deviations ({len(deviations)})</summary><table class=\"props\">"
                   "<tr><th>property</th><th>this audit</th><th>reason</th></tr>")
        for pid, reason in sorted(deviations.items()):
            now = STATUS_LABEL.get(status.get(pid, ""), "not run")
            out.append(f"<tr><td><code>{escape(pid)}</code></td><td>{escape(now)}</td><td>{escape(reason)}</td></tr>")
        out.append("</table></details>")
    if report.unmatched_deviations:
        out.append("<p>Deviations that match no property: "
                   + ", ".join(f"<code>{escape(p)}</code>" for p in report.unmatched_deviations) + "</p>")
    out.append("</section>")
    return "\n".join(out)


def _deviation_reasons(report: Report) -> dict[str, str]:
    """The target's deviations with their reasons; reports written before the signature held them give the
    reasons their deviation results quote."""
    if report.signature.deviations:
        return dict(report.signature.deviations)
    found = {}
    prefix = "known deviation: "
    for r in report.results:
        if r.status == "deviation" and r.detail.startswith(prefix):
            found[r.property_id] = r.detail[len(prefix):].split("\n", 1)[0]
    return found


# ---------------------------------------------------------------- diff


def change_kind(before: str, after: str, new_findings=()) -> str:
    """``new`` (a violation the earlier report did not have, or a new finding class in one it had),
    ``fixed`` (a violation or deviation that now passes) or ``changed``."""
    bad = (*VIOLATIONS, "deviation")
    if after in VIOLATIONS and (before not in bad or new_findings):
        return "new"
    if before in bad and after in ("pass", "fixed"):
        return "fixed"
    return "changed"


def _diff_section(before: Report, after: Report, plots: dict) -> str:
    changes = diff(before, after)
    kinds = Counter(change_kind(c.before, c.after, c.new_findings) for c in changes)
    out = ['<section id="diff"><h2>Diff of two reports</h2>',
           f"<p>before: {escape(before.signature.one_line())}</p>",
           f"<p>after: {escape(after.signature.one_line())}</p>"]
    if before.signature.target != after.signature.target:
        out.append(f"<p><b>Different targets</b> ({escape(before.signature.target)} and "
                   f"{escape(after.signature.target)}): the diff compares two libraries, not two versions.</p>")
    out.append(f'<p class="diff-summary">{kinds["new"]} new, {kinds["fixed"]} fixed, {kinds["changed"]} changed '
               f"({len(changes)} properties differ).</p>")
    if changes:
        out.append('<table class="props diff"><tr><th>change</th><th>property</th><th>before</th><th>after</th></tr>')
        for c in sorted(changes, key=lambda c: (("new", "fixed", "changed").index(change_kind(c.before, c.after, c.new_findings)),
                                                c.property_id)):
            kind = change_kind(c.before, c.after, c.new_findings)
            out.append(f'<tr class="diff-row {kind}"><td class="diff-{kind}">{kind}</td>'
                       f"<td><code>{escape(c.property_id)}</code>"
                       + "".join(f" <code>{{{escape(n)}}}</code>" for n in c.new_findings) + "</td>"
                       f"<td>{escape(STATUS_LABEL.get(c.before, c.before))}</td>"
                       f"<td>{escape(STATUS_LABEL.get(c.after, c.after))}</td></tr>")
        out.append("</table>")
    new = new_violations(after, before)
    if new:
        out.append("<h3>New violations in full</h3>")
        out += [_failure(r, plots) for r in new]
    out.append("</section>")
    return "\n".join(out)
