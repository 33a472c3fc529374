"""The AI question box: questions in English, Vietnamese and Chinese become search filters, and
the search's figures become an answer in the question's language.

By stage: `text` (folding, language), `hscodes` (codes written in the question), `directory`
and `parties` (company names: the parties the data holds, then role words and quotes),
`ranking` (ranking words), `intent` (a forecast, a price, a trend, how many names),
`products` and `entities` (products, countries and their side of the trade), `compare`
(countries or years side by side), `dates` (the period), `parse` (the filters, offline or by
the language model of `apps.market.providers.llm`), `wording` (figures, countries and periods
in the question's language), `figures` (price, trend and side-by-side sentences) and `answer`
(the reply and how the question was read, from the figures only)."""

from apps.market.ask.answer import (
    beyond_the_data,
    compose_answer,
    coverage_note,
    did_you_mean,
    goods_not_in_data,
    reading,
    understood_so_far,
)
from apps.market.ask.compare import variant
from apps.market.ask.parse import (
    AskContext,
    ParsedQuestion,
    parse_question,
    parse_with_model,
)
from apps.market.ask.text import detect_language

__all__ = [
    "AskContext",
    "ParsedQuestion",
    "beyond_the_data",
    "compose_answer",
    "coverage_note",
    "detect_language",
    "did_you_mean",
    "goods_not_in_data",
    "parse_question",
    "parse_with_model",
    "reading",
    "understood_so_far",
    "variant",
]
