"""Market tests need the HS nomenclature that a data migration loads. A transactional test
elsewhere may have emptied the table, so database tests get it back when it is missing."""

import pytest


@pytest.fixture(autouse=True)
def hs_nomenclature(request: pytest.FixtureRequest) -> None:
    marker = request.node.get_closest_marker("django_db")
    if marker is None and "db" not in request.fixturenames:
        return
    transactional = bool(
        marker and (marker.kwargs.get("transaction") or marker.args[:1] == (True,))
    )
    request.getfixturevalue("transactional_db" if transactional else "db")
    from apps.market.hs import ensure_default_nomenclature

    ensure_default_nomenclature()
