"""The provider's words, in English, Vietnamese and Simplified Chinese.

Every key carries all three languages (en, vi, zh); `text()` takes a language in either spelling
(Django's zh-hans or zh) and falls back to English for an unknown one.
Values may hold `{placeholders}` that `text()` fills in. Chinese texts use full-width punctuation.
"""

# ruff: noqa: RUF001

from __future__ import annotations

from django.utils import translation

from apps.core.languages import in_language

# Django's code of the default language (requests, stored choices).
DEFAULT_LANGUAGE = "en"

TEXTS: dict[str, dict[str, str]] = {
    "login.title": {
        "en": "Sign in to Tradewise",
        "vi": "Đăng nhập Tradewise",
        "zh": "登录 Tradewise",
    },
    "login.intro": {
        "en": "Use the email and password of your Tradewise account.",
        "vi": "Dùng email và mật khẩu tài khoản Tradewise của bạn.",
        "zh": "请使用您的 Tradewise 账户邮箱和密码。",
    },
    "login.submit": {"en": "Sign in", "vi": "Đăng nhập", "zh": "登录"},
    "login.forgot": {
        "en": "Forgot your password?",
        "vi": "Quên mật khẩu?",
        "zh": "忘记密码？",
    },
    "field.email": {"en": "Email", "vi": "Email", "zh": "电子邮箱"},
    "field.password": {"en": "Password", "vi": "Mật khẩu", "zh": "密码"},
    "field.new_password": {"en": "New password", "vi": "Mật khẩu mới", "zh": "新密码"},
    "field.confirm_password": {
        "en": "Confirm password",
        "vi": "Xác nhận mật khẩu",
        "zh": "确认密码",
    },
    "error.invalid_credentials": {
        "en": "Incorrect email or password.",
        "vi": "Email hoặc mật khẩu không đúng.",
        "zh": "电子邮箱或密码不正确。",
    },
    "error.unverified": {
        "en": "Your email address is not verified yet. We can send you a new link to verify it.",
        "vi": "Địa chỉ email của bạn chưa được xác minh. Chúng tôi có thể gửi cho bạn liên kết "
        "mới để xác minh.",
        "zh": "您的电子邮箱尚未验证。我们可以向您发送新的验证链接。",
    },
    "error.locked": {
        "en": "Too many sign-in attempts. Please wait {minutes} min before trying again.",
        "vi": "Bạn đã thử đăng nhập quá nhiều lần. Vui lòng đợi {minutes} phút rồi thử lại.",
        "zh": "登录尝试次数过多。请等待 {minutes} 分钟后再试。",
    },
    "error.too_many_mails": {
        "en": "We have already sent several emails to this address. Please wait {minutes} min "
        "before asking again.",
        "vi": "Chúng tôi đã gửi nhiều email đến địa chỉ này. Vui lòng đợi {minutes} phút rồi "
        "yêu cầu lại.",
        "zh": "我们已向该地址发送了多封邮件。请等待 {minutes} 分钟后再申请。",
    },
    "error.email_required": {
        "en": "Please enter an email",
        "vi": "Vui lòng nhập email",
        "zh": "请输入电子邮箱",
    },
    "error.email_invalid": {
        "en": "Please enter a valid email address (e.g: name@example.com).",
        "vi": "Vui lòng nhập địa chỉ email hợp lệ (ví dụ: name@example.com).",
        "zh": "请输入有效的电子邮箱地址（例如：name@example.com）。",
    },
    "error.password_required": {
        "en": "Please enter your password",
        "vi": "Vui lòng nhập mật khẩu",
        "zh": "请输入密码",
    },
    "error.password_mismatch": {
        "en": "The two passwords do not match.",
        "vi": "Hai mật khẩu không khớp.",
        "zh": "两次输入的密码不一致。",
    },
    "error.title": {
        "en": "Something went wrong",
        "vi": "Đã xảy ra lỗi",
        "zh": "出现错误",
    },
    "reset.title": {"en": "Reset your password", "vi": "Đặt lại mật khẩu", "zh": "重置密码"},
    "reset.intro": {
        "en": "Enter your email and we will send you a link to set a new password.",
        "vi": "Nhập email của bạn, chúng tôi sẽ gửi liên kết để đặt mật khẩu mới.",
        "zh": "输入您的电子邮箱，我们将向您发送设置新密码的链接。",
    },
    "reset.submit": {"en": "Send link", "vi": "Gửi liên kết", "zh": "发送链接"},
    "reset.sent_title": {
        "en": "Check your inbox",
        "vi": "Kiểm tra hộp thư",
        "zh": "请查收邮件",
    },
    "reset.sent_body": {
        "en": "If an account exists for {email}, we have sent it a link to set a new password.",
        "vi": "Nếu có tài khoản với {email}, chúng tôi đã gửi liên kết để đặt mật khẩu mới.",
        "zh": "如果 {email} 存在账户，我们已向其发送设置新密码的链接。",
    },
    "reset.set_title": {
        "en": "Set a new password",
        "vi": "Đặt mật khẩu mới",
        "zh": "设置新密码",
    },
    "reset.set_submit": {"en": "Save password", "vi": "Lưu mật khẩu", "zh": "保存密码"},
    "reset.done_title": {
        "en": "Your password has been changed",
        "vi": "Mật khẩu của bạn đã được thay đổi",
        "zh": "您的密码已更改",
    },
    "reset.done_body": {
        "en": "You can now sign in to Tradewise with your new password.",
        "vi": "Bây giờ bạn có thể đăng nhập Tradewise bằng mật khẩu mới.",
        "zh": "您现在可以使用新密码登录 Tradewise。",
    },
    "verify.title": {
        "en": "Verify your email and set a password",
        "vi": "Xác minh email và đặt mật khẩu",
        "zh": "验证邮箱并设置密码",
    },
    "verify.intro": {
        "en": "Choose a password for {email}.",
        "vi": "Chọn mật khẩu cho {email}.",
        "zh": "为 {email} 设置密码。",
    },
    "verify.submit": {
        "en": "Verify and save",
        "vi": "Xác minh và lưu",
        "zh": "验证并保存",
    },
    "verify.resend": {
        "en": "Send a new verification link",
        "vi": "Gửi liên kết xác minh mới",
        "zh": "发送新的验证链接",
    },
    "verify.sent_body": {
        "en": "We have sent a new link to {email}. Open it to verify your address.",
        "vi": "Chúng tôi đã gửi liên kết mới đến {email}. Hãy mở liên kết để xác minh địa chỉ.",
        "zh": "我们已向 {email} 发送新链接。请打开链接验证您的邮箱。",
    },
    "verify.done_title": {
        "en": "Your email is verified",
        "vi": "Email của bạn đã được xác minh",
        "zh": "您的邮箱已验证",
    },
    "verify.done_body": {
        "en": "Your password is set. You can now sign in to Tradewise.",
        "vi": "Mật khẩu đã được đặt. Bây giờ bạn có thể đăng nhập Tradewise.",
        "zh": "密码已设置。您现在可以登录 Tradewise。",
    },
    "link.invalid_title": {
        "en": "This link is no longer valid",
        "vi": "Liên kết này không còn hiệu lực",
        "zh": "此链接已失效",
    },
    "link.invalid_body": {
        "en": "The link has expired or was already used. Request a new one to set your password.",
        "vi": "Liên kết đã hết hạn hoặc đã được sử dụng. Hãy yêu cầu liên kết mới để đặt mật khẩu.",
        "zh": "该链接已过期或已被使用。请重新申请链接以设置密码。",
    },
    "link.request_new": {
        "en": "Request a new link",
        "vi": "Yêu cầu liên kết mới",
        "zh": "重新申请链接",
    },
    "home.title": {"en": "You are signed in", "vi": "Bạn đã đăng nhập", "zh": "您已登录"},
    "home.body": {
        "en": "Signed in as {email}.",
        "vi": "Đã đăng nhập với {email}.",
        "zh": "当前登录账户：{email}。",
    },
    "continue": {
        "en": "Continue to Tradewise",
        "vi": "Tiếp tục đến Tradewise",
        "zh": "继续前往 Tradewise",
    },
    "back_to_sign_in": {
        "en": "Back to sign in",
        "vi": "Quay lại đăng nhập",
        "zh": "返回登录",
    },
    "language": {"en": "Language", "vi": "Ngôn ngữ", "zh": "语言"},
    "cancel": {"en": "Cancel", "vi": "Hủy", "zh": "取消"},
    "consent.title": {
        "en": "Allow {application} to use your Tradewise account?",
        "vi": "Cho phép {application} sử dụng tài khoản Tradewise của bạn?",
        "zh": "允许 {application} 使用您的 Tradewise 账户？",
    },
    "consent.allow": {"en": "Allow", "vi": "Cho phép", "zh": "允许"},
    "logout.title": {
        "en": "Sign out of Tradewise?",
        "vi": "Đăng xuất khỏi Tradewise?",
        "zh": "退出 Tradewise？",
    },
    "logout.submit": {"en": "Sign out", "vi": "Đăng xuất", "zh": "退出登录"},
    "mail.verify.subject": {
        "en": "Verify your email for Tradewise",
        "vi": "Xác minh email của bạn cho Tradewise",
        "zh": "验证您的 Tradewise 邮箱",
    },
    "mail.verify.body": {
        "en": "Hello {name},\n\nWelcome to Tradewise. Open this link to verify your email "
        "address and set your password:\n\n{link}\n\nThe link is valid for 3 days. If you did "
        "not sign up for Tradewise, you can ignore this email.\n\nThe Tradewise team\n",
        "vi": "Xin chào {name},\n\nChào mừng bạn đến với Tradewise. Mở liên kết sau để xác minh "
        "địa chỉ email và đặt mật khẩu:\n\n{link}\n\nLiên kết có hiệu lực trong 3 ngày. Nếu bạn "
        "không đăng ký Tradewise, hãy bỏ qua email này.\n\nĐội ngũ Tradewise\n",
        "zh": "{name}，您好：\n\n欢迎使用 Tradewise。请打开以下链接验证您的邮箱并设置密码："
        "\n\n{link}\n\n该链接 3 天内有效。如果您没有注册 Tradewise，请忽略此邮件。"
        "\n\nTradewise 团队\n",
    },
    "mail.reset.subject": {
        "en": "Reset your Tradewise password",
        "vi": "Đặt lại mật khẩu Tradewise",
        "zh": "重置您的 Tradewise 密码",
    },
    "mail.reset.body": {
        "en": "Hello {name},\n\nOpen this link to set a new password for your Tradewise "
        "account:\n\n{link}\n\nThe link is valid for 3 days. If you did not ask for this, you "
        "can ignore this email.\n\nThe Tradewise team\n",
        "vi": "Xin chào {name},\n\nMở liên kết sau để đặt mật khẩu mới cho tài khoản Tradewise "
        "của bạn:\n\n{link}\n\nLiên kết có hiệu lực trong 3 ngày. Nếu bạn không yêu cầu, hãy "
        "bỏ qua email này.\n\nĐội ngũ Tradewise\n",
        "zh": "{name}，您好：\n\n请打开以下链接为您的 Tradewise 账户设置新密码：\n\n{link}"
        "\n\n该链接 3 天内有效。如果这不是您本人的操作，请忽略此邮件。\n\nTradewise 团队\n",
    },
}


def text(key: str, language: str | None = None, /, **values: object) -> str:
    """The text for `key` in `language` (default: the active one), with values filled in."""
    template = in_language(TEXTS[key], language or translation.get_language())
    return template.format(**values) if values else template
