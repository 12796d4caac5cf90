"""``python -m properties.engine.cli``: the ``metric-assay`` command from a checkout."""

import sys

from properties.engine.cli.main import main

sys.exit(main())
