"""``python -m tournaments.pairing`` - see cli.py and README.md."""

from __future__ import annotations

from .cli import main

raise SystemExit(main())
