"""``python -m sudokux.distributed``: a count on a Dask cluster (see ``main``)."""

import sys

from . import main

sys.exit(main())
