"""A discord.py 2.x bot written as discord.py's guide writes one: a Client with an
app_commands.CommandTree, a View for the buttons and a Modal for the form. Only the base
URL differs from a production bot. Run it with

    SLASHBENCH_URL=http://127.0.0.1:8484 BOT_TOKEN=<the app's bot token> python3 bot.py

and test it with `python3 -m pytest` in this folder (test_bot.py, conftest.py).
"""

import os

import discord
import yarl
from discord import app_commands

SLASHBENCH_URL = os.environ.get('SLASHBENCH_URL', 'http://127.0.0.1:8484')

# REST through Route.BASE; the gateway through DEFAULT_GATEWAY (discord.py 2.2 connects there
# without asking GET /gateway), both set before the client is made.
discord.http.Route.BASE = f'{SLASHBENCH_URL}/api/v10'
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(SLASHBENCH_URL.replace('http', 'ws', 1) + '/gateway')


class Bot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_ready(self) -> None:
        print('ready', flush=True)


bot = Bot()


@bot.tree.command(description='Says hello')
@app_commands.describe(name='Who to greet')
async def hello(interaction: discord.Interaction, name: str = '') -> None:
    await interaction.response.send_message(f'Hello, {name or interaction.user.name}!')


class Vote(discord.ui.View):
    @discord.ui.button(label='Yes', style=discord.ButtonStyle.success, custom_id='vote:yes')
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f'{interaction.message.content} {interaction.user.name} said Yes.', view=None)

    @discord.ui.button(label='No', style=discord.ButtonStyle.danger, custom_id='vote:no')
    async def no(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f'{interaction.message.content} {interaction.user.name} said No.', view=None)


@bot.tree.command(description='Asks a yes or no question')
async def poll(interaction: discord.Interaction, question: str) -> None:
    await interaction.response.send_message(question, view=Vote())


class Feedback(discord.ui.Modal, title='Feedback'):
    text = discord.ui.TextInput(label='What do you think?', custom_id='text', style=discord.TextStyle.paragraph)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f'Thanks, {interaction.user.name}: "{self.text.value}"', ephemeral=True)


@bot.tree.command(description='Opens a feedback form')
async def feedback(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Feedback(custom_id='feedback'))


@bot.tree.command(description='Thinks for a while: longer than the 3 seconds an answer may take')
async def ponder(interaction: discord.Interaction) -> None:
    pass  # A bug: it never answers.


bot.run(os.environ['BOT_TOKEN'])
