import pytest
from django.db import IntegrityError

from apps.accounts.models import User

pytestmark = pytest.mark.django_db


def test_an_email_belongs_to_one_user_whatever_its_case() -> None:
    User.objects.create_user("Lan@Example.com")
    with pytest.raises(IntegrityError):
        User.objects.create_user("lan@example.com")


def test_a_subject_belongs_to_one_user_and_many_users_may_have_none() -> None:
    User.objects.create_user("a@example.com")
    User.objects.create_user("b@example.com", oidc_subject="s-1")
    User.objects.create_user("c@example.com")
    with pytest.raises(IntegrityError):
        User.objects.create_user("d@example.com", oidc_subject="s-1")


def test_the_full_name_is_the_name_from_the_provider() -> None:
    user = User.objects.create_user("lan@example.com", name="Lan Nguyen")
    assert user.get_full_name() == "Lan Nguyen"
    assert not user.has_usable_password()
