"""What goods descriptions are made of: origins and the English, Vietnamese and Chinese
sentence patterns."""

from __future__ import annotations

# Origins written in descriptions: (ASCII upper-case, Vietnamese or local spelling).
ORIGINS: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {
    ("coffee", "VN"): (
        ("DAK LAK", "Đắk Lắk"),
        ("LAM DONG", "Lâm Đồng"),
        ("GIA LAI", "Gia Lai"),
        ("DAK NONG", "Đắk Nông"),
        ("KON TUM", "Kon Tum"),
        ("SON LA", "Sơn La"),
    ),
    ("cashew", "VN"): (
        ("BINH PHUOC", "Bình Phước"),
        ("DONG NAI", "Đồng Nai"),
        ("BINH DUONG", "Bình Dương"),
        ("TAY NINH", "Tây Ninh"),
    ),
    ("pepper", "VN"): (
        ("DAK LAK", "Đắk Lắk"),
        ("GIA LAI", "Gia Lai"),
        ("DONG NAI", "Đồng Nai"),
        ("BA RIA - VUNG TAU", "Bà Rịa - Vũng Tàu"),
        ("BINH PHUOC", "Bình Phước"),
        ("PHU QUOC", "Phú Quốc"),
    ),
    ("rice", "VN"): (
        ("AN GIANG", "An Giang"),
        ("DONG THAP", "Đồng Tháp"),
        ("KIEN GIANG", "Kiên Giang"),
        ("CAN THO", "Cần Thơ"),
        ("SOC TRANG", "Sóc Trăng"),
        ("LONG AN", "Long An"),
    ),
    ("rubber", "VN"): (
        ("BINH DUONG", "Bình Dương"),
        ("BINH PHUOC", "Bình Phước"),
        ("TAY NINH", "Tây Ninh"),
        ("GIA LAI", "Gia Lai"),
    ),
    ("cassava", "VN"): (
        ("TAY NINH", "Tây Ninh"),
        ("GIA LAI", "Gia Lai"),
        ("QUANG NGAI", "Quảng Ngãi"),
        ("BINH DINH", "Bình Định"),
        ("KON TUM", "Kon Tum"),
    ),
    ("tea", "VN"): (
        ("THAI NGUYEN", "Thái Nguyên"),
        ("PHU THO", "Phú Thọ"),
        ("LAM DONG", "Lâm Đồng"),
        ("HA GIANG", "Hà Giang"),
        ("YEN BAI", "Yên Bái"),
    ),
    ("fruit", "VN"): (
        ("BINH THUAN", "Bình Thuận"),
        ("TIEN GIANG", "Tiền Giang"),
        ("DAK LAK", "Đắk Lắk"),
        ("LONG AN", "Long An"),
        ("BEN TRE", "Bến Tre"),
        ("DONG THAP", "Đồng Tháp"),
    ),
    ("vegetables", "VN"): (
        ("LAM DONG", "Lâm Đồng"),
        ("HAI DUONG", "Hải Dương"),
        ("TIEN GIANG", "Tiền Giang"),
        ("DA LAT", "Đà Lạt"),
    ),
    ("seafood", "VN"): (
        ("CA MAU", "Cà Mau"),
        ("SOC TRANG", "Sóc Trăng"),
        ("BAC LIEU", "Bạc Liêu"),
        ("AN GIANG", "An Giang"),
        ("DONG THAP", "Đồng Tháp"),
        ("KIEN GIANG", "Kiên Giang"),
    ),
    ("wood", "VN"): (
        ("BINH DINH", "Bình Định"),
        ("BINH DUONG", "Bình Dương"),
        ("QUANG TRI", "Quảng Trị"),
        ("YEN BAI", "Yên Bái"),
        ("DONG NAI", "Đồng Nai"),
    ),
    ("coffee", "BR"): (
        ("SUL DE MINAS", ""),
        ("CERRADO MINEIRO", ""),
        ("MOGIANA", ""),
        ("ESPIRITO SANTO", ""),
    ),
    ("coffee", "IN"): (("KARNATAKA", ""), ("KERALA", ""), ("CHIKMAGALUR", "")),
    ("coffee", "ID"): (("LAMPUNG", ""), ("SOUTH SUMATRA", ""), ("ACEH", "")),
    ("cashew", "IN"): (("KERALA", ""), ("GOA", ""), ("KOLLAM", "")),
    ("cashew", "CI"): (("BOUNDIALI", ""), ("KORHOGO", ""), ("BONDOUKOU", "")),
    ("pepper", "BR"): (("ESPIRITO SANTO", ""), ("PARA", "")),
    ("pepper", "ID"): (("LAMPUNG", ""), ("BANGKA", "")),
    ("pepper", "IN"): (("KERALA", ""), ("KARNATAKA", "")),
    ("rice", "IN"): (("PUNJAB", ""), ("ANDHRA PRADESH", ""), ("HARYANA", "")),
    ("rice", "TH"): (("SURIN", ""), ("ROI ET", ""), ("SUPHAN BURI", "")),
    ("rubber", "TH"): (("SURAT THANI", ""), ("SONGKHLA", "")),
    ("rubber", "ID"): (("SOUTH SUMATRA", ""), ("JAMBI", "")),
    ("cassava", "TH"): (("NAKHON RATCHASIMA", ""), ("KAMPHAENG PHET", "")),
    ("tea", "IN"): (("ASSAM", ""), ("DARJEELING", ""), ("NILGIRIS", "")),
    ("tea", "ID"): (("WEST JAVA", ""), ("NORTH SUMATRA", "")),
    ("seafood", "IN"): (("ANDHRA PRADESH", ""), ("GUJARAT", "")),
    ("seafood", "ID"): (("EAST JAVA", ""), ("LAMPUNG", "")),
}

EN_FORMATS = (
    "{name} {grade}, {pack}, ORIGIN {origin}",
    "{name}, {grade}, PACKED IN {pack}",
    "{name} - {grade} - {pack} - ORIGIN: {origin}, {country}",
    "{name} {grade} ({pack})",
    "{name}; QUALITY: {grade}; PACKING: {pack}; ORIGIN: {country}",
    "{title} {grade}, {pack}",
)
# Products whose descriptions carry no crop year.
NO_CROP = frozenset({"rubber", "seafood", "wood"})
VI_FORMATS = (
    "{vi_name} {vi_grade}, {vi_pack}, xuất xứ {vi_origin}",
    "{vi_name} ({name}) {vi_grade}, {vi_pack}",
    "{vi_name}, hàng mới 100%, {vi_grade}, {vi_pack}",
    "{vi_name} {vi_grade}. Hàng xuất khẩu, xuất xứ Việt Nam",
)
ZH_FORMATS = (
    "{zh_name} {grade}，{pack}，原产地越南",  # noqa: RUF001
    "{zh_name}（{name}）{grade}",  # noqa: RUF001
    "{zh_name}，规格 {grade}，产地 {origin}",  # noqa: RUF001
)
