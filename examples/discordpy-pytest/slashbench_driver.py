"""A small client of Slashbench's test driver (`/_slashbench/driver/*`, docs/testing.md),
with the standard library only: a person's token acts, a run is waited on, and a wait that
is not met raises an AssertionError whose message says what was expected and what happened.
Copy it into your own tests; it has no dependency on this repository.
"""

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, List, Optional


class DriverError(Exception):
    """The registry refused a driver request (an unknown command, a disabled button)."""


class WaitError(AssertionError):
    """A wait that was not met: `run` is the run as it stood, `timed_out` whether time ran out."""

    def __init__(self, message: str, run: Dict[str, Any], timed_out: bool) -> None:
        super().__init__(message)
        self.run = run
        self.timed_out = timed_out


def _request(url: str, token: str, method: str, path: str, body: Optional[dict] = None) -> tuple:
    data = None if body is None else json.dumps(body).encode('utf-8')
    headers = {'Authorization': token}
    if data is not None:
        headers['Content-Type'] = 'application/json'
    request = urllib.request.Request(url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read() or b'null')
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b'null')


def _refusal(body: Any) -> str:
    """The service's error body in one line: each field error as `path: message`."""
    lines = []

    def walk(tree: Any, path: str) -> None:
        if not isinstance(tree, dict):
            return
        for error in tree.get('_errors', []):
            lines.append(f'{path}: {error["message"]}' if path else error['message'])
        for key, branch in tree.items():
            if key != '_errors':
                walk(branch, f'{path}.{key}' if path else key)

    walk((body or {}).get('errors'), '')
    return '; '.join(lines) or str((body or {}).get('message'))


class Bench:
    """A Slashbench registry at `url`; `token` is any person's token (the clock, waiting for the bot)."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url
        self.token = token

    def call(self, token: str, method: str, path: str, body: Optional[dict] = None) -> Any:
        status, answer = _request(self.url, token, method, path, body)
        if status >= 400:
            raise DriverError(f'{method} {path}: {_refusal(answer)}')
        return answer

    def person(self, token: str) -> 'Person':
        return Person(self, token)

    def advance_clock(self, ms: int) -> None:
        """Moves the registry's clock (a registry started with --test-clock): deadlines and token lifetimes pass at once."""
        self.call(self.token, 'POST', '/_slashbench/driver/clock', {'advance_ms': ms})

    def wait_for_bot(self, application: str, commands: List[str], timeout_ms: int = 30000) -> None:
        """Returns once the app's bot is connected (or has an endpoint) and has registered `commands`."""
        query = urllib.parse.urlencode({'application': application, 'commands': ','.join(commands), 'timeout_ms': timeout_ms})
        status, answer = _request(self.url, self.token, 'GET', f'/_slashbench/driver/ready?{query}')
        if status != 200:
            raise AssertionError(answer.get('message') if isinstance(answer, dict) else answer)


class Person:
    """A person of the world, acting with their own session token."""

    def __init__(self, bench: Bench, token: str) -> None:
        self.bench = bench
        self.token = token

    def in_channel(self, guild: str, channel: str) -> 'Chat':
        return Chat(self, {'guild': guild, 'channel': channel})

    def act(self, action: dict) -> 'Run':
        return Run(self, self.bench.call(self.token, 'POST', '/_slashbench/driver/runs', action))


class Chat:
    """A person in a channel: what they send from there."""

    def __init__(self, person: Person, place: dict) -> None:
        self.person = person
        self.place = place

    def command(self, text: Optional[str] = None, name: Optional[str] = None, **options: Any) -> 'Run':
        """`command('/echo text:hello')` as typed, or `command(name='echo', text='hello')`."""
        if text is not None:
            return self.person.act({'action': 'command', **self.place, 'command': text})
        return self.person.act({'action': 'command', **self.place, 'name': name, 'options': options})

    def autocomplete(self, text: str) -> List[dict]:
        """The choices for the option written last: `autocomplete('/fruit name:ap')`."""
        return self.person.act({'action': 'autocomplete', **self.place, 'command': text}).choices()

    def user_command(self, name: str, target: str) -> 'Run':
        return self.person.act({'action': 'user_command', **self.place, 'name': name, 'target': target})

    def message_command(self, name: str, message: dict) -> 'Run':
        return self.person.act({'action': 'message_command', **self.place, 'name': name, 'message_id': message['id']})


class Run:
    """One interaction and what became of it; each wait returns when it is met."""

    def __init__(self, person: Person, state: dict) -> None:
        self.person = person
        self.state = state

    def _wait(self, wait: str, timeout_ms: int, count: int = 1) -> dict:
        query = urllib.parse.urlencode({'wait': wait, 'timeout_ms': timeout_ms, 'count': count})
        status, answer = _request(self.person.bench.url, self.person.token, 'GET', f'/_slashbench/driver/runs/{self.state["id"]}?{query}')
        if status in (408, 409):
            raise WaitError(answer['message'], answer['run'], status == 408)
        if status != 200:
            raise DriverError(_refusal(answer))
        self.state = answer
        return answer

    def reply(self, timeout_ms: int = 5000) -> 'Reply':
        return Reply(self.person, self._wait('reply', timeout_ms)['reply'])

    def follow_ups(self, count: int, timeout_ms: int = 5000) -> List['Reply']:
        return [Reply(self.person, message) for message in self._wait('follow_ups', timeout_ms, count)['follow_ups'][:count]]

    def failure(self, timeout_ms: int = 5000) -> dict:
        return self._wait('failure', timeout_ms)['failure']

    def modal(self, timeout_ms: int = 5000) -> dict:
        return self._wait('modal', timeout_ms)['modal']

    def submit(self, **fields: Any) -> 'Run':
        """Submits the modal this run was answered with, its fields by custom_id."""
        return self.person.act({'action': 'submit', 'run': self.state['id'], 'fields': fields})

    def choices(self, timeout_ms: int = 5000) -> List[dict]:
        return self._wait('choices', timeout_ms)['choices']


class Reply(dict):
    """A message as a bot reads it (a dict of its fields), with what a person can do to it."""

    def __init__(self, person: Person, message: dict) -> None:
        super().__init__(message)
        self.person = person

    def click(self, label_or_custom_id: str) -> Run:
        return self.person.act({'action': 'click', 'channel': self['channel_id'], 'message_id': self['id'], 'component': label_or_custom_id})

    def select(self, custom_id: str, values: List[str]) -> Run:
        return self.person.act({'action': 'select', 'channel': self['channel_id'], 'message_id': self['id'], 'custom_id': custom_id, 'values': values})
