"""utilsforecast (Nixtla's forecasting losses over long DataFrames) under the catalog's regression names.

``utilsforecast.losses`` functions take a frame with ``unique_id``, ``ds``, ``y`` and one column per model
and return one row per series. The adapter builds a one-series pandas frame per call (the prediction as the
model column ``p``) and reads that row. Names provided: mean_absolute_error (``mae``), mean_squared_error
(``mse``), root_mean_squared_error (``rmse``), mean_absolute_percentage_error (``mape``),
symmetric_mean_absolute_percentage_error (``smape``, denominator="sum" only), mean_absolute_scaled_error
(``mase``, ``train_df`` = y_train) and mean_pinball_loss (``quantile_loss``, q = alpha).
"""

from __future__ import annotations

import functools
from importlib.metadata import version as _version

import numpy as np
import pandas as pd
from utilsforecast import losses

TARGET_NAME = "utilsforecast"
VERSION = _version("utilsforecast")
CONVENTIONS = {
    "frames": "one series per call (unique_id constant, ds = 0..n-1), pandas backend; 1-D inputs only (a frame "
    "column has no (n, 1) form: no multioutput)",
    "empty": "an empty frame has no series, so utilsforecast returns a result with no row (no value, no error); "
    "the adapter reports that as a ValueError naming y_true, never a number",
    "means": "each loss is the series' pandas mean of the per-row values, which skips NaN rows "
    "(skipna); no sample_weight, no multioutput",
    "mape": "a fraction (not x100); a row with y = 0 becomes NaN and the pandas mean leaves it out",
    "smape": "|y - p| / (|y| + |p|) (the catalog's denominator='sum', range [0, 1], not x100); 0/0 rows are 0; "
    "the catalog's default denominator='mean' is not computed (refused)",
    "mase": "mae / mean |y_train_t - y_train_{t-m}| over the T - m defined lags (shift + skipna mean), "
    "seasonality m passed as is; train_df is y_train as its own one-series frame",
    "pinball": "quantile_loss with q = alpha: mean of max(q (y - p), (q - 1)(y - p))",
}
# smape has no /2 form: a call leaving denominator out asks for the catalog's 'mean' and is n/a
SUPPORTS = {"symmetric_mean_absolute_percentage_error": {"denominator": ("sum",)}}


def _frame(y):
    y = np.asarray(y, dtype=float)
    if y.ndim != 1:
        raise ValueError(f"utilsforecast's adapter takes 1-D series, got shape {y.shape}")
    return pd.DataFrame({"unique_id": 0, "ds": np.arange(y.size), "y": y})


def _value(result):
    """The one series' value; an empty frame gives no row (utilsforecast scores no series there)."""
    if len(result) == 0:
        raise ValueError("y_true: empty series, utilsforecast's result has no row for it")
    return float(result["p"].iloc[0])


def _scored(y_true, y_pred):
    df = _frame(y_true)
    pred = np.asarray(y_pred, dtype=float)
    if pred.shape != df["y"].shape:
        raise ValueError(f"y_pred shape {pred.shape} differs from y_true's {df['y'].shape}")
    return df.assign(p=pred)


def _loss(loss, y_true, y_pred):
    """utilsforecast's ``loss`` of the one series (y_true, y_pred)."""
    return _value(loss(_scored(y_true, y_pred), models=["p"]))


mean_absolute_error = functools.partial(_loss, losses.mae)
mean_squared_error = functools.partial(_loss, losses.mse)
root_mean_squared_error = functools.partial(_loss, losses.rmse)
mean_absolute_percentage_error = functools.partial(_loss, losses.mape)


def symmetric_mean_absolute_percentage_error(y_true, y_pred, *, denominator="mean"):
    if denominator != "sum":
        raise ValueError(f"denominator: utilsforecast's smape divides by |y| + |p| (the catalog's 'sum') only, "
                         f"got {denominator!r}")
    return _loss(losses.smape, y_true, y_pred)


def mean_absolute_scaled_error(y_true, y_pred, *, y_train, seasonality=1):
    df = _scored(y_true, y_pred)
    return _value(losses.mase(df, models=["p"], seasonality=seasonality, train_df=_frame(y_train)))


def mean_pinball_loss(y_true, y_pred, *, alpha=0.5):
    result = losses.quantile_loss(_scored(y_true, y_pred), models={"p": "p"}, q=alpha)
    return _value(result)
