"""The catalog with one wrong function in each family whose failures have a picture (``tests/test_plots.py``,
``tests/test_html_report.py``).

Each wrong function is a mutant from ``tests/mutants/``. The declared convention and
deviation reason carry markup, as a hostile library's could: the HTML page must show
them as text.
"""

from __future__ import annotations

import metrics
from tests.mutants import correlation, curves, detection, ranking, regression

TARGET_NAME = "wrong_pictures"
VERSION = "test"
CONVENTIONS = {"roc_curve": "<script>window.assayInjected = true</script> the origin is left out"}
DEVIATIONS = {"curves.sklearn[roc_curve]": "<img src=x onerror=\"window.assayInjected = true\"> known"}

for _name in metrics.CATALOG:
    globals()[_name] = getattr(metrics, _name)

roc_curve = curves._roc_without_origin
mean_squared_error = regression.mse_sample_denominator
pearson = correlation.pearson_absolute
box_iou = detection._iou_mutant(plus_one=1.0)
ndcg_at_k = ranking._ndcg_mutant(ideal="worst")
