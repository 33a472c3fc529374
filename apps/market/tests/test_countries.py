from apps.market.countries import ISO_COUNTRIES, country_name, country_names, is_country


def test_the_iso_list_has_every_country_and_no_regions():
    assert len(ISO_COUNTRIES) == 249
    assert {"VN", "CN", "US", "DE", "NL"} <= ISO_COUNTRIES
    assert not {"EU", "UN", "XK", "ZZ"} & ISO_COUNTRIES
    assert is_country("VN")
    assert not is_country("vn")


def test_names_in_three_languages():
    assert country_names("VN") == {"en": "Vietnam", "vi": "Việt Nam", "zh": "越南"}
    assert country_name("nl", "vi") == "Hà Lan"
    assert country_name("CN", "zh-Hans") == "中国"


def test_unknown_codes_and_languages():
    assert country_name("XX", "vi") == "XX"
    assert country_name("DE", "fr") == "Germany"
