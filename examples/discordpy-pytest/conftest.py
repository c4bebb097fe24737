"""The bench the tests run against: `slashbench serve` on a free port with this folder's
world (examples/world.json: alice, bob, the Example Bot), a temporary data directory and
a clock the tests may move, then the bot (bot.py) logged in to it as the Example Bot.
SLASHBENCH_COMMAND says how to run slashbench (`npx slashbench` by default, where the
package is installed).
"""

import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import pytest

from slashbench_driver import Bench

HERE = pathlib.Path(__file__).parent
WORLD_FILE = HERE.parent / 'world.json'
WORLD = json.loads(WORLD_FILE.read_text())
TOKENS = {user['username']: user['token'] for user in WORLD['users']}
BOT_TOKEN = next(app['bot_token'] for app in WORLD['applications'] if app['name'] == 'Example Bot')


def _listening_url(registry: subprocess.Popen) -> str:
    for line in registry.stdout:
        found = re.search(r'listening on (http://\S+)', line)
        if found:
            return found.group(1)
    raise RuntimeError(f'slashbench serve exited with {registry.wait()} before listening')


@pytest.fixture(scope='session')
def bench():
    data = tempfile.mkdtemp(prefix='slashbench-pytest-')
    command = shlex.split(os.environ.get('SLASHBENCH_COMMAND', 'npx slashbench'))
    registry = subprocess.Popen(
        [*command, 'serve', '--port', '0', '--data', data, '--world', str(WORLD_FILE), '--test-clock'],
        stdout=subprocess.PIPE, text=True,
    )
    bot = None
    try:
        url = _listening_url(registry)
        bot = subprocess.Popen([sys.executable, str(HERE / 'bot.py')], env={**os.environ, 'SLASHBENCH_URL': url, 'BOT_TOKEN': BOT_TOKEN})
        bench = Bench(url, TOKENS['alice'])
        bench.wait_for_bot('Example Bot', ['hello', 'poll', 'feedback', 'ponder'])
        yield bench
    finally:
        for process in (bot, registry):
            if process is not None:
                process.terminate()
                process.wait()
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def alice(bench):
    return bench.person(TOKENS['alice']).in_channel('Example Guild', 'general')
