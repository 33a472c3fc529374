"""A verification's four checks: the states `Verification.mark` accepts and refuses, what it
keeps of a result, and when a run counts as finished (no database: the rules hold on the
row before it is saved)."""

from __future__ import annotations

import pytest

from apps.verification.models import CHECKS, CheckState, Verification


@pytest.mark.parametrize("state", ["error ", "verifying", "SUCCESS", "failed", ""])
def test_a_state_other_than_the_four_is_refused_and_nothing_changes(state: str) -> None:
    run = Verification()

    with pytest.raises(ValueError, match="is not a valid CheckState"):
        run.mark("sanctions", state, {"match": True})

    assert (run.state("sanctions"), run.result("sanctions")) == ("pending", {})


@pytest.mark.parametrize("check", ["credit", "Sanctions", "website_state", ""])
def test_a_check_other_than_the_four_cannot_be_read(check: str) -> None:
    run = Verification()

    with pytest.raises(ValueError, match="Unknown check"):
        run.state(check)
    with pytest.raises(ValueError, match="Unknown check"):
        run.result(check)


@pytest.mark.parametrize("state", list(CheckState))
def test_each_of_the_four_states_is_set_on_its_check_only(state: CheckState) -> None:
    run = Verification()

    run.mark("trade_data", state.value)

    assert run.states() == {**dict.fromkeys(CHECKS, "pending"), "trade_data": state.value}


def test_a_mark_without_a_result_keeps_the_stored_one() -> None:
    run = Verification()
    run.mark("website", CheckState.SUCCESS, {"domain": "nordkern.example"})

    run.mark("website", CheckState.IN_PROGRESS)

    assert run.result("website") == {"domain": "nordkern.example"}


def test_a_result_read_is_a_copy_the_reader_cannot_change_the_run_through() -> None:
    run = Verification()
    run.mark("website", CheckState.SUCCESS, {"domain": "nordkern.example"})

    run.result("website")["domain"] = "other.example"

    assert run.result("website") == {"domain": "nordkern.example"}


@pytest.mark.parametrize(
    ("states", "finished"),
    [
        (("success", "success", "success", "in_progress"), False),
        (("success", "error", "pending", "error"), False),
        (("success", "error", "error", "success"), True),
        (("error",) * 4, True),
    ],
)
def test_a_run_is_finished_when_every_check_ended_in_success_or_error(
    states: tuple[str, ...], finished: bool
) -> None:
    run = Verification()
    for check, state in zip(CHECKS, states, strict=True):
        run.mark(check, state)

    assert run.finished is finished
