"""The claims ledger in docs/ matches the verdicts the suite computes now.

Verdicts are never typed in: ``metric-assay claims --write docs`` computes
them. This test recomputes each one and fails if the committed ledger says
otherwise, so a change in our metrics or in a claim's formalisation that flips
a verdict cannot land without regenerating (and reviewing) the ledger.
"""

import pytest

from properties.engine.vocabulary import registry
from properties.engine.verdict.claims import judge, LEDGER_JSON, recorded_verdicts

CLAIMS = registry.claims()
RECORDED = recorded_verdicts()


def test_every_claim_quotes_its_source():
    for claim in CLAIMS:
        assert claim.source and claim.quote.strip(), claim.id


# the claims judged on the bundled libraries (their own verdict function) share one agreement table (tens of
# seconds to compute, cached per process): one test judges them all, so that one worker computes it (xdist's
# loadgroup does not keep marked tests together under pytest 9: measured, each worker computed the table)
ON_LIBRARIES = [c for c in CLAIMS if c.verdict is not None]
IN_THE_SUITE = [c for c in CLAIMS if c.verdict is None]


def _assert_recorded(claim):
    verdict = judge(claim)
    assert verdict.verdict in ("holds", "refuted"), f"{claim.id} crashed: {verdict.detail}"
    assert claim.id in RECORDED, f"{claim.id} is not in {LEDGER_JSON}; run `metric-assay claims --write docs`"
    assert RECORDED[claim.id] == verdict.verdict, (
        f"{claim.id}: ledger says {RECORDED[claim.id]!r}, the suite now computes {verdict.verdict!r}. "
        f"{verdict.detail} -- review, then run `metric-assay claims --write docs`"
    )


@pytest.mark.parametrize("claim", IN_THE_SUITE, ids=[c.id for c in IN_THE_SUITE])
def test_recorded_verdict_is_the_computed_one(claim):
    _assert_recorded(claim)


def test_recorded_verdicts_of_the_claims_judged_on_the_libraries_are_the_computed_ones():
    assert ON_LIBRARIES, "no claim is judged on the bundled libraries"
    for claim in ON_LIBRARIES:
        _assert_recorded(claim)


def test_ledger_lists_no_claim_that_no_longer_exists():
    stale = sorted(set(RECORDED) - {c.id for c in CLAIMS})
    assert not stale, f"ledger entries for claims that are gone: {stale}"
