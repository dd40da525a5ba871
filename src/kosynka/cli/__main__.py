"""``python -m kosynka.cli``: the same as the ``kosynka`` command."""

import sys

from kosynka.cli import main

sys.exit(main())
