import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# The AI box's lexicon, date parser and party dictionary load while the server starts.
from apps.market.ask.warm import warm_up_in_background  # noqa: E402

warm_up_in_background()
