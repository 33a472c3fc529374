"""The AI question box: questions in English, Vietnamese and Chinese become search filters, and
the search's figures become an answer in the question's language.

By stage: `text` (folding, language), `entities` (products, countries and their side of the
trade), `parties` (company names), `dates` (the period), `parse` (the filters, offline or by
the language model of `apps.market.providers.llm`) and `answer` (the reply, from the figures
only)."""

from apps.market.ask.answer import compose_answer
from apps.market.ask.parse import FILTER_KEYS, ParsedQuestion, parse_question, parse_with_model
from apps.market.ask.text import detect_language

__all__ = [
    "FILTER_KEYS",
    "ParsedQuestion",
    "compose_answer",
    "detect_language",
    "parse_question",
    "parse_with_model",
]
