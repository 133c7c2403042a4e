"""python manage.py import_cards mlp-octgn <directory> | neopets <file.csv|file.json>"""
from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from decks.importers import import_mlp_octgn, import_neopets
from decks.sources.octgn_xml import CardDataError


class Command(BaseCommand):
    help = "Import card data: 'mlp-octgn DIR' (OCTGN set XML files) or 'neopets FILE' (CSV/JSON)."

    def add_arguments(self, parser):
        parser.add_argument("source", choices=["mlp-octgn", "neopets"])
        parser.add_argument("path")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument("--set-code", default="NDEMO")
        parser.add_argument("--set-name", default="Battledome Demo Set")
        parser.add_argument("--not-demo", action="store_true", help="neopets: the file is real data, not demo")

    def handle(self, *args, source: str, path: str, **opts):
        try:
            if source == "mlp-octgn":
                report = import_mlp_octgn(path)
            else:
                report = import_neopets(path, set_code=opts["set_code"], set_name=opts["set_name"], demo=not opts["not_demo"])
        except (CardDataError, FileNotFoundError) as exc:
            raise CommandError(f"import failed, nothing was imported: {exc}") from None
        self.stdout.write(json.dumps(report.as_dict(), indent=2) if opts["json"] else report.render())
