import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# The sanctions index is built before the first request (apps.verification.sanctions.screening).
from apps.verification.sanctions.screening import warm_up as warm_up_sanctions  # noqa: E402

warm_up_sanctions()

# The AI box's lexicon, date parser and party dictionary load while the server starts.
from apps.market.ask.warm import warm_up_in_background  # noqa: E402

warm_up_in_background()
