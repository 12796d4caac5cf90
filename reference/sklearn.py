"""scikit-learn under the catalog's names, with its conventions declared.

Sections per family; each maps catalog names onto ``sklearn.metrics`` with the
arguments that make the conventions match the catalog's (documented per name).
"""

from __future__ import annotations

import numpy as np
import sklearn
from sklearn import metrics as skm

TARGET_NAME = "sklearn"
VERSION = sklearn.__version__
CONVENTIONS: dict[str, str] = {}

# ---------------------------------------------------------------- classification
# (section: classification)

# ---------------------------------------------------------------- regression
# (section: regression)

# ---------------------------------------------------------------- curves
# (section: curves)

# ---------------------------------------------------------------- ranking
# (section: ranking)
