"""The no-numbers rule of The Game: find the numbers a chat message states (English, French and German).

Pure Python, no Discord import. See docs/chat-rule.md for what is flagged and what is not.
"""

from bot.games.thegame.chat.detector import NumberFinding, chat_language, contains_number, find_numbers

__all__ = ["NumberFinding", "chat_language", "contains_number", "find_numbers"]
