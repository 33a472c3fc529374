from __future__ import annotations

from django.template import Context, Template
from django.test import RequestFactory
from django.utils import translation


def _render(source: str, **context: object) -> str:
    return Template("{% load identity_texts %}" + source).render(Context(context))


def test_t_renders_the_active_language_and_escapes_values() -> None:
    with translation.override("vi"):
        assert _render('{% t "login.submit" %}') == "Đăng nhập"
    rendered = _render('{% t "home.body" email=email %}', email="<b>@example.com")
    assert rendered == "Signed in as &lt;b&gt;@example.com."


def test_language_url_points_at_the_same_page() -> None:
    request = RequestFactory().get("/password-reset/")
    assert _render("{% language_url request 'vi' %}", request=request) == "/password-reset/?lang=vi"
