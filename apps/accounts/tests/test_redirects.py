import pytest

from apps.accounts.redirects import safe_redirect_target
from apps.core.redirects import is_safe_relative_redirect


@pytest.mark.parametrize(
    "url",
    ["/market-insights", "/find-global-company/42?my-leads=1", "/lead-verification#top", "/"],
)
def test_relative_paths_on_this_site_are_kept(url: str) -> None:
    assert is_safe_relative_redirect(url)
    assert safe_redirect_target(url) == url


@pytest.mark.parametrize(
    "url",
    [
        "//evil.com",
        "//evil.com/market-insights",
        "https://evil.com",
        "http://127.0.0.1:8000/market-insights",
        "/\\evil.com",
        "/\\/evil.com",
        "\\\\evil.com",
        "javascript:alert(1)",
        "JavaScript:alert(document.cookie)",
        "/\t/evil.com",
        "/\n/evil.com",
        "/market-insights\r\nSet-Cookie: sessionid=stolen",
        "market-insights",
        "data:text/html,<script>alert(1)</script>",
        "",
        None,
    ],
)
def test_anything_else_goes_to_the_default_landing_page(url: str | None) -> None:
    assert not is_safe_relative_redirect(url)
    assert safe_redirect_target(url) == "/market-insights"
