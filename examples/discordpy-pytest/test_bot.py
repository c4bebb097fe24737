"""The discord.py bot's tests, over Slashbench's HTTP test driver: alice uses its commands
in #general of the example world. Run with `python3 -m pytest` in this folder."""

import pytest

from slashbench_driver import WaitError


def test_hello_greets_by_name(alice):
    assert alice.command('/hello name:pytest').reply()['content'] == 'Hello, pytest!'
    assert alice.command(name='hello').reply()['content'] == 'Hello, alice!'


def test_a_vote_updates_the_poll(alice):
    poll = alice.command('/poll question:Tea or coffee?').reply()
    assert [button['label'] for button in poll['components'][0]['components']] == ['Yes', 'No']
    voted = poll.click('No').reply()
    assert voted['id'] == poll['id']
    assert voted['content'] == 'Tea or coffee? alice said No.'


def test_feedback_is_thanked_privately(alice):
    form = alice.command('/feedback')
    assert form.modal()['title'] == 'Feedback'
    thanks = form.submit(text='Nice bot').reply()
    assert thanks['content'] == 'Thanks, alice: "Nice bot"'
    assert thanks['flags'] & 64


def test_a_command_that_never_answers_fails_at_the_deadline(bench, alice):
    run = alice.command('/ponder')
    bench.advance_clock(3000)
    assert run.failure() == {'reason': 'deadline', 'detail': 'The app did not respond within 3 s.'}
    with pytest.raises(WaitError, match=r'Expected a reply to /ponder, but the interaction failed \(deadline\)'):
        run.reply()
