"""`python -m bot`: load .env, set up logging, build the bot and run it (`bot/process.py`: start, clean stop on
SIGTERM, and an exit status from `bot/exit_codes.py` that says why it stopped).

Without DISCORD_TOKEN (or with `--playground`) the bot runs in the playground instead: a local Discord with a web
page, on a database of its own. `--discord` insists on Discord (and explains how to get a token when missing).
"""

from __future__ import annotations

import logging
import sys

from dotenv import load_dotenv

from bot.app import create_bot
from bot.config import Settings, SettingsError
from bot.discord_api import use_discord_api
from bot.event_loop import use_fast_event_loop
from bot.exit_codes import ExitCode
from bot.logs import setup_logging
from bot.playground.run import run_playground
from bot.process import run

MISSING_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot connect to Discord.

1. Open https://discord.com/developers/applications and create an application (New Application).
2. In Bot: press Reset Token, copy it, and put it in the file .env beside the Makefile:
       DISCORD_TOKEN=your-token-here
   (copy .env.example to .env first; .env is git-ignored, never commit it).
3. Still in Bot, under Privileged Gateway Intents, turn on MESSAGE CONTENT INTENT
   (the bot reads chat messages to flag numbers). No other privileged intent is needed.
4. In OAuth2 -> URL Generator, tick the scopes "bot" and "applications.commands", and the bot permissions
   View Channels, Send Messages, Send Messages in Threads, Embed Links, Attach Files, Add Reactions,
   Read Message History and Manage Messages; open the generated URL to invite the bot to your server.
5. Run `make run` again.
"""


USAGE = "usage: python -m bot [--playground | --discord]"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not set(args) <= {"--playground", "--discord"} or len(args) > 1:
        print(USAGE, file=sys.stderr)
        return ExitCode.CONFIGURATION
    load_dotenv()
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return ExitCode.CONFIGURATION
    if "--playground" in args:
        return run_playground(settings)
    if not settings.token:
        if "--discord" in args:
            print(MISSING_TOKEN, file=sys.stderr)
            return ExitCode.CONFIGURATION
        return run_playground(settings, reason="No DISCORD_TOKEN, so the bot plays on a local Discord")
    setup_logging(getattr(logging, settings.log_level), secrets=[settings.token])
    if settings.discord_api_url is not None:
        use_discord_api(settings.discord_api_url)
    logging.getLogger(__name__).info("Event loop: %s", use_fast_event_loop())
    bot = create_bot(settings, tune_memory=True)
    return run(bot, settings.token, say)


def say(line: str) -> None:
    """One line on stderr: why the process stops (its exit status says it too, bot/exit_codes.py)."""
    print(line, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
