"""The imbalanced-learn adapter: its calls are the library's, and the calls its deviations file quotes give what
the reasons say (so that a release fixing one shows up here as well as in the audit)."""

import warnings

import numpy as np
import pytest

imblearn_metrics = pytest.importorskip("imblearn.metrics")

import reference.imblearn as adapter  # noqa: E402


def quiet(call, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call(*args, **kwargs)


def test_iba_is_imblearns_docstring_example():
    # make_index_balanced_accuracy's docstring: iba(alpha=0.1, squared=True)(geometric_mean_score), average=None
    got = adapter.index_balanced_accuracy([1, 0, 0, 1, 0, 1], [0, 0, 1, 1, 0, 1], average=None)
    np.testing.assert_allclose(got, [4 / 9, 4 / 9], rtol=1e-12)


def test_the_quoted_calls_of_the_deviation_reasons():
    im = imblearn_metrics
    # #1180: TN from the sample count minus weighted sums
    spe = quiet(im.specificity_score, [0, 1, 2, 0], [2, 2, 2, 2], sample_weight=[0, 1.5, 0.25, 3], labels=[2, 1, 0],
                average=None)
    np.testing.assert_allclose(spe, [-0.2, 1.0, 1.0], rtol=1e-12)
    # #1096: the macro G-mean is the root of the product of the averaged rates
    y_true, y_pred = [0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 1, 2]
    assert quiet(im.geometric_mean_score, y_true, y_pred, average="macro") == pytest.approx(0.7453559924999299)
    # #1094: a class only in y_pred raises
    with pytest.raises(ValueError, match="0 sample"):
        quiet(im.macro_averaged_mean_absolute_error, [0, 0], [0, 1])
    # the multiclass G-mean counts a class only predicted with recall 0
    assert quiet(im.geometric_mean_score, [1, 1, 1, 1], [1, 0, 1, 1]) == 0.0
    # an absent pos_label with one class present: (0, 0, 0)
    assert quiet(im.specificity_score, [0], [0], pos_label=1) == 0.0
    # alpha is not checked
    iba = im.make_index_balanced_accuracy(alpha=1.5)(im.geometric_mean_score)
    assert quiet(iba, [0, 1, 1], [0, 1, 0], average="binary") == pytest.approx(0.125)
