"""The interop matrix's discord.py 2.x bot (gateway delivery).

Written as discord.py's guide and examples/app_commands write a bot: a Client with an
app_commands.CommandTree, commands registered with decorators, a View for the button and
a Modal for the form. Only the base URL and the token differ from a production bot.
The contract it follows is test/interop/matrix/README.md.
"""

import io
import json
import os
import sys
import traceback
from typing import List, Optional

import discord
import yarl
from discord import app_commands

SLASHBENCH_URL = os.environ['SLASHBENCH_URL']

# Pointing discord.py at Slashbench: REST through Route.BASE; the gateway through
# DEFAULT_GATEWAY, since a discord.py 2.2 Client connects there without asking GET /gateway
# (and goes back there after an INVALID_SESSION), so it must not stay gateway.discord.gg.
discord.http.Route.BASE = f'{SLASHBENCH_URL}/api/v10'
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(SLASHBENCH_URL.replace('http', 'ws', 1) + '/gateway')

GUILD = discord.Object(id=int(os.environ['GUILD_ID']))
FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry']


def report(error: BaseException) -> None:
    """One HANDLER-ERROR line on stderr, the contract's signal of a failed handler."""
    summary = ''.join(traceback.format_exception(error)).replace('\n', ' | ')
    print(f'HANDLER-ERROR {summary}', file=sys.stderr, flush=True)


class MatrixTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        report(error)


class MatrixClient(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = MatrixTree(self)
        self.registered: Optional[dict] = None
        self.announced = False

    async def setup_hook(self) -> None:
        # Global commands: one bulk overwrite. The guild command: one single create.
        await self.tree.sync()
        ping = self.tree.get_command('ping', guild=GUILD)
        await self.http.upsert_guild_command(self.application_id, GUILD.id, ping.to_dict())
        global_commands = await self.tree.fetch_commands()
        guild_commands = await self.tree.fetch_commands(guild=GUILD)
        self.registered = {
            'global': sorted(command.name for command in global_commands),
            'guild': sorted(command.name for command in guild_commands),
        }

    async def on_ready(self) -> None:
        # Commands are read back in setup_hook; READY waits for the gateway too, so the
        # first interaction the test sends finds the session that will receive it.
        if self.announced:
            return
        self.announced = True
        print(f'READY {json.dumps(self.registered, separators=(",", ":"))}', flush=True)

    async def on_error(self, event_method: str, /, *args, **kwargs) -> None:
        report(sys.exc_info()[1] or RuntimeError(event_method))


client = MatrixClient()


@client.tree.command(description='Says it back')
@app_commands.describe(text='What to say', times='How many times', fruit='A fruit')
async def echo(
    interaction: discord.Interaction,
    text: str,
    times: app_commands.Range[int, 1, 3] = 1,
    fruit: Optional[str] = None,
) -> None:
    await interaction.response.send_message(f'You said: {" ".join([text] * times)}')


@echo.autocomplete('fruit')
async def fruit_autocomplete(interaction: discord.Interaction, current: str) -> List[app_commands.Choice[str]]:
    return [app_commands.Choice(name=fruit, value=fruit) for fruit in FRUITS if fruit.startswith(current)]


@client.tree.command(description='Thinks before it answers')
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer()
    await interaction.edit_original_response(content='Done thinking.')
    await interaction.followup.send('And one more thing.')


@client.tree.command(name='report', description='Sends a report')
async def report_command(interaction: discord.Interaction) -> None:
    report_file = discord.File(io.BytesIO(b'Report: all good\n'), filename='report.txt')
    await interaction.response.send_message('Here is the report', file=report_file)


class HelloView(discord.ui.View):
    @discord.ui.button(label='Hello', style=discord.ButtonStyle.primary, custom_id='hello')
    async def hello(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f'Hello, {interaction.user.name}!')

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item) -> None:
        report(error)


@client.tree.command(description='Shows a button')
async def buttons(interaction: discord.Interaction) -> None:
    await interaction.response.send_message('Press the button', view=HelloView())


class Feedback(discord.ui.Modal, title='Feedback'):
    reason = discord.ui.TextInput(label='Reason', custom_id='reason', style=discord.TextStyle.short, required=True)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f'Thanks for the feedback: {self.reason.value}')

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        report(error)


@client.tree.command(description='Asks for feedback')
async def ask(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Feedback(custom_id='feedback'))


@client.tree.context_menu(name='Wave')
async def wave(interaction: discord.Interaction, member: discord.Member) -> None:
    await interaction.response.send_message(f'{interaction.user.name} waves at {member.name}')


@client.tree.context_menu(name='Quote')
async def quote(interaction: discord.Interaction, message: discord.Message) -> None:
    await interaction.response.send_message(f'Quoted: {message.content}')


@client.tree.command(description='Checks the bot', guild=GUILD)
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message('Pong!')


client.run(os.environ['BOT_TOKEN'])
