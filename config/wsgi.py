import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# The sanctions index is built before the first request (apps.verification.sanctions.screening).
from apps.verification.sanctions.screening import warm_up as warm_up_sanctions  # noqa: E402

warm_up_sanctions()

# A product search reads the lexicon: loaded before this process serves (about 1.5 s), so the
# first search after a start is as quick as the next.
from apps.market.lexicon import prepare as prepare_product_search  # noqa: E402

prepare_product_search()

# The AI box's date parser and party dictionary load while the server starts. What the process
# has loaded by then lives as long as it does, so the collector's full passes skip it from then
# on: one such pass over it took 260 ms, stalling whichever request it fell in (10,000,000
# shipments).
import gc  # noqa: E402

from apps.market.ask.warm import warm_up_in_background  # noqa: E402

warm_up_in_background(then=gc.freeze)
