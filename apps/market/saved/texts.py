"""The saved-search alert email in English, Vietnamese and Simplified Chinese (by Django
language code; anything else gets English)."""

# ruff: noqa: RUF001

from __future__ import annotations

SUBJECT = {
    "en": "{count} new shipments for “{name}”",
    "vi": "{count} lô hàng mới cho “{name}”",
    "zh": "“{name}”有 {count} 批新货运",
}
INTRO = {
    "en": "The latest trade data brought {count} new shipments matching your saved search "
    "“{name}” ({summary}), dated {first} to {last}.",
    "vi": "Dữ liệu thương mại mới nhất có {count} lô hàng mới khớp với tìm kiếm đã lưu "
    "“{name}” ({summary}), từ ngày {first} đến ngày {last}.",
    "zh": "最新贸易数据中有 {count} 批新货运符合您保存的搜索“{name}”（{summary}），"
    "日期从 {first} 到 {last}。",
}
TOP = {
    "en": "Largest new shipments:",
    "vi": "Các lô hàng mới lớn nhất:",
    "zh": "金额最大的新货运：",
}
BUYERS = {
    "en": "New buyers (importers not seen in this search before):",
    "vi": "Người mua mới (nhà nhập khẩu chưa từng xuất hiện trong tìm kiếm này):",
    "zh": "新买家（此前未在该搜索中出现的进口商）：",
}
NO_BUYERS = {
    "en": "No new buyers: every importer has shipped in this search before.",
    "vi": "Không có người mua mới: mọi nhà nhập khẩu đều đã có trong tìm kiếm này.",
    "zh": "没有新买家：所有进口商此前均在该搜索中出现过。",
}
ROW = {
    "en": "{date}  {product}  {exporter} ({exporter_country}) → {importer} ({importer_country})"
    "  {value} USD",
    "vi": "{date}  {product}  {exporter} ({exporter_country}) → {importer} ({importer_country})"
    "  {value} USD",
    "zh": "{date}  {product}  {exporter}（{exporter_country}）→ {importer}"
    "（{importer_country}）  {value} 美元",
}
BUYER = {
    "en": "{importer} ({country}): {shipments} shipments, {value} USD",
    "vi": "{importer} ({country}): {shipments} lô hàng, {value} USD",
    "zh": "{importer}（{country}）：{shipments} 批，{value} 美元",
}
LINK = {
    "en": "Open the new shipments in market insights:\n{url}",
    "vi": "Xem các lô hàng mới trong Phân tích thị trường:\n{url}",
    "zh": "在市场洞察中查看新货运：\n{url}",
}
FOOTER = {
    "en": "You receive this because alerts are on for this saved search. "
    "Stop them on your profile: {profile}",
    "vi": "Bạn nhận được email này vì tìm kiếm đã lưu đang bật cảnh báo. "
    "Tắt cảnh báo trong hồ sơ của bạn: {profile}",
    "zh": "您收到此邮件是因为该保存的搜索已开启提醒。可在个人资料中停止：{profile}",
}
