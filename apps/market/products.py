"""The products that search and the AI box know by name, in English, Vietnamese and Chinese:
their HS codes, display names and aliases, and what a product search means in every language."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Product:
    key: str
    search: str  # English goods-description words (product_details)
    hs_codes: tuple[str, ...]
    names: dict[str, str]  # display names by language
    aliases_en: tuple[str, ...]
    aliases_vi: tuple[str, ...]  # with accents; their unaccented forms are added
    aliases_zh: tuple[str, ...]
    category: bool = False  # a group of goods: the HS codes do the searching


PRODUCTS: tuple[Product, ...] = (
    Product(
        "cashew",
        "cashew",
        ("0801",),
        {"en": "cashew", "vi": "hạt điều", "zh": "腰果"},
        ("cashew", "cashews", "cashew nut", "cashew nuts", "cashew kernels"),
        ("hạt điều", "điều nhân", "nhân điều", "điều"),
        ("腰果", "腰果仁"),
    ),
    Product(
        "coffee",
        "coffee",
        ("0901",),
        {"en": "coffee", "vi": "cà phê", "zh": "咖啡"},
        ("coffee", "robusta", "arabica", "coffee beans"),
        ("cà phê", "cafe", "cà fê", "cafê"),
        ("咖啡", "咖啡豆"),
    ),
    Product(
        "pepper",
        "pepper",
        ("0904",),
        {"en": "pepper", "vi": "hồ tiêu", "zh": "胡椒"},
        ("pepper", "black pepper", "white pepper", "peppercorns"),
        ("hồ tiêu", "tiêu đen", "tiêu trắng", "tiêu"),
        ("胡椒", "黑胡椒", "白胡椒"),
    ),
    Product(
        "rice",
        "rice",
        ("1006",),
        {"en": "rice", "vi": "gạo", "zh": "大米"},
        ("rice", "jasmine rice"),
        ("gạo", "lúa gạo"),
        ("大米", "稻米", "米"),
    ),
    Product(
        "rubber",
        "rubber",
        ("4001",),
        {"en": "rubber", "vi": "cao su", "zh": "橡胶"},
        ("rubber", "natural rubber", "latex"),
        ("cao su", "mủ cao su"),
        ("橡胶", "天然橡胶"),
    ),
    Product(
        "tea",
        "tea",
        ("0902",),
        {"en": "tea", "vi": "chè", "zh": "茶叶"},
        ("tea", "green tea", "black tea"),
        ("chè", "trà"),
        ("茶叶", "茶"),
    ),
    Product(
        "cassava",
        "cassava",
        ("0714", "1108"),
        {"en": "cassava", "vi": "sắn", "zh": "木薯"},
        ("cassava", "tapioca", "manioc"),
        ("sắn", "khoai mì"),
        ("木薯",),
    ),
    Product(
        "durian",
        "durian",
        ("0810",),
        {"en": "durian", "vi": "sầu riêng", "zh": "榴莲"},
        ("durian", "durians"),
        ("sầu riêng",),
        ("榴莲", "榴梿"),
    ),
    Product(
        "dragon_fruit",
        "dragon fruit",
        ("0810",),
        {"en": "dragon fruit", "vi": "thanh long", "zh": "火龙果"},
        ("dragon fruit", "dragon fruits", "pitaya", "pitahaya"),
        ("thanh long",),
        ("火龙果",),
    ),
    Product(
        "shrimp",
        "shrimp",
        ("0306",),
        {"en": "shrimp", "vi": "tôm", "zh": "虾"},
        ("shrimp", "shrimps", "prawn", "prawns"),
        ("tôm", "tôm sú", "tôm thẻ"),
        ("虾", "对虾", "虾仁"),
    ),
    Product(
        "pangasius",
        "pangasius",
        ("0304",),
        {"en": "pangasius", "vi": "cá tra", "zh": "巴沙鱼"},
        ("pangasius", "basa", "basa fish", "tra fish", "catfish"),
        ("cá tra", "cá basa", "cá ba sa"),
        ("巴沙鱼", "鲶鱼", "鲇鱼"),
    ),
    Product(
        "wood",
        "wood",
        ("4407",),
        {"en": "wood", "vi": "gỗ", "zh": "木材"},
        ("wood", "timber", "lumber", "sawn wood"),
        ("gỗ", "gỗ xẻ"),
        ("木材", "锯材", "木头"),
    ),
    Product(
        "furniture",
        "furniture",
        ("9403",),
        {"en": "furniture", "vi": "đồ gỗ", "zh": "家具"},
        ("furniture", "wooden furniture"),
        ("đồ gỗ", "đồ nội thất", "nội thất"),
        ("家具", "木制家具", "木家具"),
    ),
    Product(
        "fruit",
        "",
        ("08",),
        {"en": "fruit", "vi": "trái cây", "zh": "水果"},
        ("fruit", "fruits", "fresh fruit"),
        ("trái cây", "hoa quả", "rau quả"),
        ("水果",),
        category=True,
    ),
    Product(
        "vegetables",
        "",
        ("07",),
        {"en": "vegetables", "vi": "rau củ", "zh": "蔬菜"},
        ("vegetables", "vegetable"),
        ("rau củ", "rau"),
        ("蔬菜",),
        category=True,
    ),
    Product(
        "seafood",
        "",
        ("03",),
        {"en": "seafood", "vi": "thủy sản", "zh": "水产品"},
        ("seafood", "seafoods", "fish and seafood"),
        ("thủy sản", "thuỷ sản", "hải sản"),
        ("水产品", "海鲜", "水产"),
        category=True,
    ),
)
PRODUCTS_BY_KEY = {product.key: product for product in PRODUCTS}
