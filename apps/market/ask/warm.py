"""Loading what the AI box reads with before the first question needs it: dateparser's data
for the three languages and the dictionary of the parties the data holds (the product lexicon
is loaded before the server serves, `lexicon.prepare`). The web server calls
`warm_up_in_background` once it has loaded the application."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import date

logger = logging.getLogger(__name__)

_SAMPLES = (
    "cashew exports to Germany from 01/03/2025 to 30/06/2025",
    "xuất khẩu cà phê sang Đức từ ngày 15 tháng 3 năm 2025 đến nay",
    "2025年3月1日到2025年6月30日越南出口到美国的胡椒",
)


def warm_up() -> None:
    from django.db import connection

    from apps.market import selectors
    from apps.market.ask.parse import AskContext, parse_question

    try:
        try:
            context = selectors.ask_context()
        except Exception:  # no database or index yet: the words alone
            logger.info("The AI box warms up without the data's parties", exc_info=True)
            context = AskContext()
        for question in _SAMPLES:
            parse_question(question, today=date.today(), context=context)
    except Exception:  # the first question will load what is missing
        logger.warning("Warming the AI box up failed", exc_info=True)
    finally:
        connection.close()


def warm_up_in_background(then: Callable[[], object] = lambda: None) -> None:
    """`warm_up` on a thread of its own, then `then`."""

    def run() -> None:
        warm_up()
        then()

    threading.Thread(target=run, name="ask-warm-up", daemon=True).start()
