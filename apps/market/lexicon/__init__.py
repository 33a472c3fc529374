"""The product lexicon shared by the AI box and the search form: the whole HS nomenclature in
English, Vietnamese and Chinese, with the trade names exporters use.

- `match_products(text, language)`: the products a text names, each with its HS code at the
  most specific level the words support, its span in the text and its qualifiers;
- `hs_suggestions(query, language, limit)`: codes with their names for a text being typed;
- `names_for_code(code)` / `product_names(text)`: a product's names in all three languages;
- `code_name(code, language)`: a code's name in a language;
- `reset_lexicon()`: forget the loaded lexicon after an import of HS codes;
- `prepare()`: load it, and the Chinese word list, before the first search needs them."""

from apps.market.lexicon.index import reset_lexicon
from apps.market.lexicon.match import ProductMatch, match_products
from apps.market.lexicon.search import prepare
from apps.market.lexicon.suggest import (
    HSSuggestion,
    code_name,
    hs_suggestions,
    names_for_code,
    product_names,
)

__all__ = [
    "HSSuggestion",
    "ProductMatch",
    "code_name",
    "hs_suggestions",
    "match_products",
    "names_for_code",
    "prepare",
    "product_names",
    "reset_lexicon",
]
