"""What the verification pages preload: the user's verifications on the listing page and the
result on a company's page, keyed and shaped as the API answers them, and nothing the API would
refuse."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest
from django.test import Client, RequestFactory
from django.urls import ResolverMatch

from apps.accounts.models import User
from apps.leads.models import Company
from apps.verification.preload import VERIFICATIONS_PATH, results_path, verification_pages
from apps.verification.tests.conftest import Sources
from apps.verification.tests.test_api import verify

pytestmark = pytest.mark.django_db


def page_request(user: User | AnonymousUser, company_id: int | None = None) -> HttpRequest:
    request = RequestFactory().get("/lead-verification")
    request.user = user
    if company_id is not None:
        request.resolver_match = ResolverMatch(lambda: None, (), {"company_id": company_id})
    return request


def test_the_results_path_is_the_apis() -> None:
    assert results_path(7) == "/fast-ai/v1/lead-verification/companies/7/results"
    assert VERIFICATIONS_PATH == "/fast-ai/v1/users/lead-verification"


def test_a_visitor_who_is_not_signed_in_gets_nothing() -> None:
    assert verification_pages(page_request(AnonymousUser()), "lead-verification") == {}


def test_a_user_without_verifications_gets_an_empty_listing(member: User) -> None:
    assert verification_pages(page_request(member), "lead-verification") == {VERIFICATIONS_PATH: []}


def test_a_company_not_verified_yet_preloads_no_result(member: User, buyer: Company) -> None:
    request = page_request(member, buyer.pk)

    assert verification_pages(request, "verification-detail") == {}


def test_a_page_of_another_app_gets_nothing_from_verification(member: User) -> None:
    assert verification_pages(page_request(member), "leads") == {}


def test_the_preloaded_listing_is_the_apis_answer(
    member: User, member_client: Client, buyer: Company, sources: Sources
) -> None:
    verify(member_client, buyer)

    preloaded = verification_pages(page_request(member), "lead-verification")

    sent = json.loads(json.dumps(preloaded[VERIFICATIONS_PATH], cls=DjangoJSONEncoder))
    assert sent == member_client.get(VERIFICATIONS_PATH).json()["data"]


def test_another_users_result_is_not_preloaded(
    member_client: Client, other_member: User, buyer: Company, sources: Sources
) -> None:
    verify(member_client, buyer)

    request = page_request(other_member, buyer.pk)

    assert verification_pages(request, "verification-detail") == {}
