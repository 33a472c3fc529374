"""Trade names of goods in English, Vietnamese and Chinese, at the most specific HS 2022 code
that covers them, written for this product.

The nomenclature gives English and Vietnamese texts for every code but Chinese only for the
chapters, the agricultural headings and a few subheadings (`apps.market.hs_names`); these
names let a Chinese description or question reach the subheading, and give each language the
name exporters use where the legal text says something else ('RCN', 'khoai mì', '腰果仁')."""

TRADE_NAMES: tuple[tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    # Fruit
    # Bananas include the plantains (the heading); the others are the dessert bananas.
    ("0803", ("banana",), ("chuối",), ("香蕉",)),
    ("080390", ("cavendish banana",), ("chuối cavendish", "chuối tiêu"), ("香芽蕉",)),
    ("080310", ("plantain",), ("chuối lá",), ("大蕉", "芭蕉")),
    (
        "080450",
        ("mango", "guava", "mangosteen"),
        ("xoài", "ổi", "măng cụt"),
        ("芒果", "番石榴", "山竹"),
    ),
    ("080440", ("avocado",), ("bơ quả", "quả bơ", "trái bơ"), ("牛油果", "鳄梨")),
    ("080430", ("pineapple",), ("dứa", "thơm", "khóm"), ("菠萝", "凤梨")),
    ("080410", ("dates",), ("chà là",), ("椰枣",)),
    ("081060", ("durian",), ("sầu riêng",), ("榴莲", "榴梿")),
    ("081090", ("dragon fruit", "pitaya"), ("thanh long",), ("火龙果",)),
    ("081090", ("longan",), ("nhãn",), ("龙眼",)),
    ("081090", ("lychee", "litchi"), ("vải thiều", "vải"), ("荔枝",)),
    ("081090", ("rambutan",), ("chôm chôm",), ("红毛丹",)),
    ("081090", ("jackfruit",), ("mít",), ("菠萝蜜",)),
    ("081090", ("passion fruit",), ("chanh leo", "chanh dây"), ("百香果",)),
    ("081090", ("star apple", "milk fruit"), ("vú sữa",), ("牛奶果",)),
    ("081090", ("sapodilla",), ("hồng xiêm",), ("人心果",)),
    ("081050", ("kiwi", "kiwifruit"), ("kiwi",), ("猕猴桃", "奇异果")),
    ("081010", ("strawberry",), ("dâu tây",), ("草莓",)),
    ("081040", ("blueberry", "cranberry"), ("việt quất",), ("蓝莓", "蔓越莓")),
    ("080711", ("watermelon",), ("dưa hấu",), ("西瓜",)),
    ("080719", ("melon", "cantaloupe"), ("dưa lưới", "dưa vàng"), ("甜瓜", "哈密瓜")),
    ("080720", ("papaya",), ("đu đủ",), ("木瓜",)),
    ("080610", ("fresh grapes", "table grapes"), ("nho tươi",), ("鲜葡萄",)),
    ("080620", ("raisins", "dried grapes"), ("nho khô",), ("葡萄干",)),
    ("080810", ("apple",), ("táo",), ("苹果",)),
    ("080830", ("pear",), ("lê",), ("梨",)),
    ("080510", ("orange",), ("cam",), ("橙", "橙子")),
    ("080540", ("grapefruit", "pomelo"), ("bưởi",), ("柚子", "西柚")),
    ("080550", ("lemon", "lime"), ("chanh",), ("柠檬", "青柠")),
    ("080521", ("mandarin", "tangerine"), ("quýt",), ("柑橘", "橘子")),
    ("080929", ("cherry",), ("anh đào",), ("樱桃", "车厘子")),
    ("081340", ("dried longan", "dried fruit"), ("long nhãn", "nhãn sấy"), ("龙眼干", "桂圆干")),
    ("080111", ("desiccated coconut",), ("cơm dừa sấy",), ("椰蓉", "干椰丝", "椰子干")),
    ("080119", ("coconut", "fresh coconut"), ("dừa", "dừa tươi"), ("椰子", "鲜椰子")),
    (
        "080131",
        ("raw cashew nuts", "rcn", "cashew in shell"),
        ("điều thô", "hạt điều thô"),
        ("带壳腰果", "生腰果", "腰果"),
    ),
    (
        "080132",
        ("cashew kernels", "cashew nuts"),
        ("nhân điều", "điều nhân", "hạt điều nhân"),
        ("腰果仁", "腰果"),
    ),
    ("080212", ("almonds",), ("hạnh nhân",), ("杏仁", "巴旦木")),
    ("080232", ("walnuts",), ("óc chó",), ("核桃仁", "核桃")),
    ("080252", ("pistachios",), ("hồ trăn", "hạt dẻ cười"), ("开心果",)),
    ("080262", ("macadamia",), ("mắc ca", "macca"), ("夏威夷果", "澳洲坚果")),
    ("080242", ("chestnuts",), ("hạt dẻ",), ("板栗", "栗子")),
    # Vegetables
    ("070310", ("onion", "shallot"), ("hành tây", "hành tím"), ("洋葱", "青葱")),
    ("070320", ("garlic",), ("tỏi",), ("大蒜", "蒜头")),
    ("070190", ("potato",), ("khoai tây",), ("马铃薯", "土豆")),
    ("070200", ("tomato",), ("cà chua",), ("番茄", "西红柿")),
    ("070700", ("cucumber", "gherkin"), ("dưa chuột", "dưa leo"), ("黄瓜",)),
    ("070610", ("carrot",), ("cà rốt",), ("胡萝卜",)),
    ("070490", ("cabbage",), ("bắp cải",), ("卷心菜", "包菜")),
    ("070960", ("chilli", "chili"), ("ớt",), ("辣椒",)),
    ("070951", ("mushroom",), ("nấm",), ("蘑菇",)),
    ("071231", ("dried mushroom", "dried wood ear"), ("nấm mèo", "mộc nhĩ"), ("木耳", "干蘑菇")),
    ("071029", ("frozen okra", "frozen beans"), ("đậu bắp đông lạnh",), ("冷冻秋葵",)),
    ("071420", ("sweet potato",), ("khoai lang",), ("红薯", "甘薯", "地瓜")),
    (
        "071410",
        ("cassava chips", "dried cassava"),
        ("sắn lát", "khoai mì lát"),
        ("木薯干", "木薯片"),
    ),
    ("071440", ("taro",), ("khoai môn",), ("芋头",)),
    ("071331", ("mung beans",), ("đậu xanh",), ("绿豆",)),
    ("071332", ("red beans", "adzuki beans"), ("đậu đỏ",), ("红豆", "赤豆")),
    ("071340", ("lentils",), ("đậu lăng",), ("扁豆", "小扁豆")),
    ("071320", ("chickpeas",), ("đậu gà",), ("鹰嘴豆",)),
    # Coffee, tea, spices
    (
        "090111",
        ("green coffee", "coffee beans"),
        ("cà phê nhân", "cà phê nhân xô"),
        ("生咖啡豆", "咖啡生豆"),
    ),
    ("090111", ("robusta",), ("cà phê robusta", "cà phê vối"), ("罗布斯塔",)),
    ("090111", ("arabica",), ("cà phê arabica", "cà phê chè"), ("阿拉比卡",)),
    (
        "090121",
        ("roasted coffee",),
        ("cà phê rang", "cà phê rang xay"),
        ("烘焙咖啡", "焙炒咖啡", "咖啡粉"),
    ),
    ("210111", ("instant coffee", "soluble coffee"), ("cà phê hòa tan",), ("速溶咖啡",)),
    # A name that says nothing of the packing is both the packed and the bulk subheading.
    ("090210", ("green tea",), ("chè xanh", "trà xanh"), ("绿茶",)),
    ("090220", ("green tea",), ("chè xanh", "trà xanh"), ("绿茶",)),
    ("090230", ("black tea",), ("chè đen", "trà đen"), ("红茶",)),
    ("090240", ("black tea",), ("chè đen", "trà đen"), ("红茶",)),
    ("090230", ("oolong tea",), ("trà ô long", "chè ô long"), ("乌龙茶",)),
    ("090240", ("oolong tea",), ("trà ô long", "chè ô long"), ("乌龙茶",)),
    ("090230", ("tea bags",), ("trà túi lọc", "chè túi lọc"), ("袋泡茶",)),
    # Black and white pepper come whole and ground: without a word of grinding, both.
    ("090411", ("black pepper", "white pepper"), ("tiêu đen", "tiêu trắng"), ("黑胡椒", "白胡椒")),
    ("090412", ("black pepper", "white pepper"), ("tiêu đen", "tiêu trắng"), ("黑胡椒", "白胡椒")),
    # 'Hạt tiêu' is pepper, whole or ground ('hạt tiêu xay'); 'tiêu hạt' is the whole one.
    ("090411", ("peppercorns",), ("tiêu hạt",), ("胡椒粒",)),
    (
        "090412",
        ("ground pepper", "pepper powder"),
        ("tiêu xay", "bột tiêu"),
        ("胡椒粉", "黑胡椒粉", "白胡椒粉"),
    ),
    ("090421", ("dried chilli",), ("ớt khô",), ("干辣椒",)),
    ("090422", ("chilli powder",), ("ớt bột",), ("辣椒粉",)),
    # Cinnamon and cassia: whole (two subheadings) and ground; the heading.
    ("0906", ("cassia", "cinnamon"), ("quế",), ("肉桂", "桂皮")),
    ("090619", ("cassia",), ("quế chẻ", "quế ống"), ("桂皮",)),
    ("090961", ("star anise",), ("hồi", "hoa hồi", "đại hồi"), ("八角", "大茴香")),
    ("090962", ("star anise",), ("hồi", "hoa hồi", "đại hồi"), ("八角", "大茴香")),
    ("091011", ("ginger", "fresh ginger"), ("gừng", "gừng tươi"), ("生姜", "姜", "鲜姜")),
    ("091030", ("turmeric",), ("nghệ",), ("姜黄",)),
    ("090831", ("cardamom",), ("thảo quả", "bạch đậu khấu"), ("豆蔻", "草果")),
    ("090811", ("nutmeg",), ("nhục đậu khấu",), ("肉豆蔻",)),
    ("090710", ("cloves",), ("đinh hương",), ("丁香",)),
    ("090510", ("vanilla",), ("vani",), ("香草", "香草荚")),
    # Cereals, seeds, starch
    (
        "100630",
        ("white rice", "jasmine rice", "milled rice"),
        ("gạo trắng", "gạo thơm", "gạo tẻ"),
        ("白米", "香米", "茉莉香米"),
    ),
    ("100640", ("broken rice",), ("tấm", "gạo tấm"), ("碎米",)),
    ("100620", ("brown rice", "husked rice"), ("gạo lứt",), ("糙米",)),
    ("100610", ("paddy", "rice in the husk"), ("thóc", "lúa"), ("稻谷",)),
    # Goods whose name covers the heading.
    ("1006", ("rice",), ("gạo",), ("大米", "稻米")),
    ("0901", ("coffee",), ("cà phê",), ("咖啡",)),
    ("4001", ("natural rubber",), ("cao su thiên nhiên",), ("天然橡胶",)),
    # Grains and beans for sowing and the others: the heading.
    ("1005", ("maize", "corn"), ("ngô", "bắp"), ("玉米",)),
    ("1201", ("soybeans", "soya beans"), ("đậu tương", "đậu nành"), ("大豆", "黄豆")),
    ("1001", ("wheat",), ("lúa mì",), ("小麦",)),
    # One good in three languages (their numbers of names differ).
    (
        "120242",
        ("peanuts", "groundnuts", "peanut kernels"),
        ("lạc nhân", "đậu phộng"),
        ("花生", "花生仁"),
    ),
    ("120740", ("sesame seeds",), ("vừng", "mè"), ("芝麻",)),
    (
        "110814",
        ("tapioca starch", "cassava starch"),
        ("tinh bột sắn", "tinh bột khoai mì"),
        ("木薯淀粉",),
    ),
    ("110100", ("wheat flour",), ("bột mì",), ("小麦粉", "面粉")),
    ("110290", ("rice flour",), ("bột gạo",), ("米粉",)),
    (
        "190230",
        ("instant noodles", "rice noodles", "rice vermicelli"),
        ("mì ăn liền", "bún khô", "phở khô"),
        ("方便面", "米线", "河粉"),
    ),
    ("190590", ("rice paper",), ("bánh tráng", "bánh đa nem"), ("米纸", "春卷皮")),
    ("180100", ("cocoa beans",), ("hạt ca cao",), ("可可豆",)),
    ("1701", ("cane sugar",), ("đường mía",), ("蔗糖",)),
    ("170114", ("raw sugar",), ("đường thô",), ("原糖",)),
    ("040900", ("honey", "natural honey"), ("mật ong",), ("蜂蜜",)),
    ("041090", ("bird's nest", "edible bird's nest"), ("yến sào", "tổ yến"), ("燕窝",)),
    # Seafood and meat
    # Frozen shrimp of any water: cold-water and the others; the warm-water kinds.
    # Shrimps and prawns in every state: frozen, live or fresh, and the others (dried, salted).
    *(
        (code, ("shrimp", "prawn"), ("tôm",), ("虾", "对虾"))
        for code in ("030616", "030617", "030635", "030636", "030695")
    ),
    ("030616", ("frozen shrimp",), ("tôm đông lạnh",), ("冻虾", "冷冻虾")),
    ("030617", ("frozen shrimp",), ("tôm đông lạnh",), ("冻虾", "冷冻虾")),
    (
        "030617",
        ("vannamei", "black tiger shrimp"),
        ("tôm thẻ", "tôm sú"),
        ("虾仁", "白虾", "黑虎虾"),
    ),
    # Lobsters: rock, true and Norway lobsters, frozen, live or fresh, and the others.
    *(
        (code, ("lobster",), ("tôm hùm",), ("龙虾",))
        for code in ("030611", "030612", "030615", "030631", "030632", "030634", "030691")
    ),
    *((code, ("lobster",), ("tôm hùm",), ("龙虾",)) for code in ("030692", "030694")),
    # Pangasius (tra and basa catfish) as traded: fillets, fresh or chilled and frozen.
    *(
        (code, ("pangasius", "basa", "tra fish"), ("cá tra", "cá basa"), ("巴沙鱼", "鲶鱼"))
        for code in ("030432", "030462")
    ),
    (
        "030462",
        ("pangasius fillets", "basa fillets", "catfish fillets"),
        ("cá tra phi lê", "phi lê cá tra"),
        ("巴沙鱼片", "冻鲶鱼片"),
    ),
    # Squid and cuttlefish in every state: fresh, frozen, dried; and prepared.
    *(
        (code, ("squid", "cuttlefish"), ("mực", "mực ống", "mực nang"), ("鱿鱼", "墨鱼"))
        for code in ("030742", "030743", "030749")
    ),
    ("030742", ("fresh squid", "chilled squid"), ("mực tươi",), ("鲜鱿鱼", "冰鲜鱿鱼")),
    ("030743", ("frozen squid",), ("mực đông lạnh",), ("冻鱿鱼", "冷冻鱿鱼")),
    ("030749", ("dried squid",), ("mực khô", "mực một nắng"), ("鱿鱼干", "干鱿鱼")),
    (
        "160554",
        ("canned squid", "prepared squid"),
        ("mực chế biến", "mực đóng hộp"),
        ("鱿鱼罐头", "鱿鱼丝"),
    ),
    (
        "030487",
        ("tuna loins", "frozen tuna fillets"),
        ("cá ngừ phi lê", "thăn cá ngừ"),
        ("金枪鱼片", "金枪鱼柳"),
    ),
    ("160414", ("canned tuna",), ("cá ngừ đóng hộp",), ("金枪鱼罐头",)),
    ("030614", ("frozen crab",), ("cua đông lạnh", "ghẹ đông lạnh"), ("冻蟹", "螃蟹")),
    ("030772", ("clams", "frozen clams"), ("nghêu", "ngao"), ("蛤蜊", "花蛤")),
    (
        "160521",
        ("breaded shrimp", "cooked shrimp"),
        ("tôm chế biến", "tôm tẩm bột"),
        ("面包虾", "熟虾"),
    ),
    ("030389", ("frozen fish",), ("cá đông lạnh",), ("冻鱼",)),
    (
        "020714",
        ("frozen chicken", "chicken parts"),
        ("thịt gà đông lạnh",),
        ("冻鸡肉", "鸡爪", "鸡翅"),
    ),
    ("020329", ("frozen pork",), ("thịt lợn đông lạnh", "thịt heo đông lạnh"), ("冻猪肉",)),
    ("020230", ("frozen boneless beef",), ("thịt bò đông lạnh",), ("冻牛肉",)),
    # Oils and processed food
    ("151319", ("coconut oil",), ("dầu dừa",), ("椰子油",)),
    ("1511", ("palm oil",), ("dầu cọ",), ("棕榈油",)),
    ("210390", ("fish sauce", "chilli sauce"), ("nước mắm", "tương ớt"), ("鱼露", "辣椒酱")),
    ("210310", ("soy sauce",), ("nước tương", "xì dầu"), ("酱油",)),
    ("200989", ("coconut water",), ("nước dừa",), ("椰子水",)),
    (
        "200819",
        ("roasted cashew", "salted cashew"),
        ("hạt điều rang muối",),
        ("盐焗腰果", "烤腰果"),
    ),
    ("200899", ("dried jackfruit chips",), ("mít sấy",), ("菠萝蜜干",)),
    # Rubber, wood, fibres
    (
        "400122",
        ("svr 3l", "svr 10", "svr", "tsnr"),
        ("cao su svr", "cao su định chuẩn kỹ thuật"),
        ("标准胶", "越南标准胶"),
    ),
    ("400110", ("latex", "centrifuged latex"), ("mủ cao su", "mủ ly tâm"), ("天然胶乳", "乳胶")),
    ("400121", ("rubber smoked sheets", "rss"), ("cao su tờ xông khói",), ("烟胶片",)),
    ("440131", ("wood pellets",), ("viên nén gỗ", "viên gỗ nén"), ("木颗粒", "木屑颗粒")),
    ("440122", ("wood chips", "acacia chips"), ("dăm gỗ", "gỗ dăm"), ("木片", "木屑片")),
    ("441299", ("plywood",), ("ván ép", "gỗ dán"), ("胶合板",)),
    ("440290", ("charcoal",), ("than củi",), ("木炭",)),
    # One good (the languages list different numbers of names): the wooden furniture that is
    # not a seat.
    (
        "940360",
        ("wooden furniture", "wooden tables", "wooden cabinets", "wooden wardrobes", "wooden beds"),
        ("đồ gỗ", "nội thất gỗ", "bàn gỗ", "tủ gỗ", "giường gỗ", "tủ quần áo gỗ"),
        ("木制家具", "木家具", "木桌", "木柜", "木床"),
    ),
    (
        "9401",
        ("chairs", "seats", "sofas"),
        ("ghế", "ghế ngồi", "ghế sofa"),
        ("椅子", "座椅", "沙发"),
    ),
    (
        "460212",
        ("rattan baskets", "rattan furniture"),
        ("hàng mây tre", "đồ mây"),
        ("藤编", "藤制品"),
    ),
    ("520100", ("raw cotton",), ("bông thô",), ("原棉", "棉花")),
    ("520512", ("cotton yarn",), ("sợi bông",), ("棉纱",)),
    ("240110", ("tobacco leaves",), ("lá thuốc lá",), ("烟叶",)),
    ("4407", ("sawn wood", "sawn timber", "lumber"), ("gỗ xẻ",), ("锯材", "板材")),
    ("4001", ("rubber",), ("cao su",), ("橡胶",)),
    # Pepper of the genus Piper, whole and ground (the capsicums are chillies).
    ("090411", (), ("hồ tiêu", "hạt tiêu", "tiêu"), ("胡椒",)),
    ("090412", (), ("hồ tiêu", "hạt tiêu", "tiêu"), ("胡椒",)),
    # Processed food and feed
    (
        "200820",
        ("canned pineapple", "pineapple in syrup"),
        ("dứa đóng hộp", "thơm đóng hộp"),
        ("菠萝罐头", "罐装菠萝"),
    ),
    ("230120", ("fishmeal", "fish meal"), ("bột cá",), ("鱼粉",)),
    # Minerals, fertilisers
    (
        "2701",
        ("coal", "steam coal", "thermal coal", "coking coal"),
        ("than đá",),
        ("煤炭", "动力煤", "焦煤"),
    ),
    ("310210", ("urea",), ("phân urê", "urê", "phân ure"), ("尿素",)),
    # Textiles, machines and electronics
    ("610910", ("t-shirt", "t-shirts", "tee shirts"), ("áo thun", "áo phông"), ("T恤", "T恤衫")),
    (
        "854143",
        ("solar panels", "solar modules", "photovoltaic modules"),
        ("tấm pin mặt trời", "pin năng lượng mặt trời"),
        ("太阳能电池板", "光伏组件", "太阳能板"),
    ),
    ("851713", ("smartphones", "smartphone"), ("điện thoại thông minh",), ("智能手机",)),
    ("847130", ("laptop", "laptops", "notebook computer"), ("máy tính xách tay",), ("笔记本电脑",)),
)
