"""The views Hearts and Barbu share: a board with the picture of the table (the trick in progress, the scores, the
penalty cards taken, the last trick), a message in the channel when a hand ends, a private hand of card buttons (the
playable ones enabled), `/play` with the card written the players' way (`Q♠`, `10♥`, `qs`).

A game's UI subclasses `TrickGameUI` and adds what is its own (Hearts' pass and moon, Barbu's contract).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.games.cards import SUITS, Card, parse_card
from bot.games.errors import GameError
from bot.games.hand_recap import HandRecap
from bot.games.trick_log import HandBegins, HandEnds, LogEntry, LogNote, TrickTaken, TrickUnfinished
from bot.games.trick_session import PlayTrickCard, TrickSession
from bot.games.tricks import TrickPlay
from bot.service.table import Table, TableStatus
from bot.ui import components
from bot.ui.card_emojis import card_display, card_text, fallback_text, fit, plain_text, suit_text
from bot.ui.format import duration, escape_name
from bot.ui.game_ui import GameUI, ended_early_text, ui_for
from bot.ui.hand_result import hand_result_message
from bot.ui.i18n import t
from bot.ui.lobby import seat_name
from bot.ui.render import TakenChip
from bot.ui.trick_picture import IMAGE, board_image

CARDS_PER_ROW = 5
# A Full log page is an embed's description (Discord: 4,096 characters); a page too long with the card emojis is
# shown in text (`bot.ui.card_emojis.fit`).
LOG_PAGE_LIMIT = 4096
COLOUR_PLAYING = discord.Colour.dark_green()
COLOUR_WON = discord.Colour.gold()
COLOUR_OVER = discord.Colour.dark_grey()


def hand_pages(lines: list[str]) -> list[str]:
    """A hand of the Full log as one page: with its card emojis if it fits an embed, else in text; a hand too long
    even in text (eight players with long names) goes on as many pages as it needs, each under the hand's heading."""
    text = "\n".join(lines)
    if len(text) <= LOG_PAGE_LIMIT:
        return [text]
    plain = plain_text(text)
    if len(plain) <= LOG_PAGE_LIMIT:
        return [plain]
    heading, *rest = plain.split("\n")
    room = LOG_PAGE_LIMIT - len(heading) - 1
    pages, current = [], [heading]
    for line in rest:
        line = fit(line, room)
        if len(current) > 1 and sum(len(part) + 1 for part in current) + len(line) > LOG_PAGE_LIMIT:
            pages.append("\n".join(current))
            current = [heading]
        current.append(line)
    pages.append("\n".join(current))
    return pages


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_text(card) for card in cards) if cards else "—"


def hand_by_suit(cards: tuple[Card, ...]) -> str:
    """One line a suit, in the order of the card buttons (♣ ♦ ♥ ♠, low to high): `♠ 4 10 K A`, the suit as its
    emoji (`bot.ui.card_emojis`)."""
    lines = []
    for suit in SUITS:
        ranks = sorted((card for card in cards if card.suit == suit), key=lambda card: card.rank)
        if ranks:
            lines.append(f"{suit_text(suit)} " + " ".join(f"**{card.label}**" for card in ranks))
    return "\n".join(lines) or "—"


def names_text(table: Table, seats: Sequence[int]) -> str:
    """The names of these seats, for a sentence: "Ada, Bob"."""
    return ", ".join(escape_name(table.seats[seat].name) for seat in seats)


def session_of(table: Table) -> TrickSession:
    session = table.require_session()
    assert isinstance(session, TrickSession)
    return session


class TrickGameUI(GameUI):
    """Board, hand, turn line and summary for a trick-taking game; subclasses fill in the game's own lines."""

    def lobby_help(self, table: Table, locale: object) -> str:
        """What the game is, in a line, and which buttons to press (`<game>.lobby_help`)."""
        return t(locale, f"{self.key}.lobby_help")

    # -- what a subclass says ----------------------------------------------------------------------------------
    def board_title(self, table: Table) -> str:
        raise NotImplementedError

    def board_lines(self, table: Table) -> list[str]:
        """Lines under the title (the contract, the pass...)."""
        return []

    # -- the full log ------------------------------------------------------------------------------------------
    has_log = True
    records = "rating"

    def history(self, table: Table) -> list[LogEntry]:
        """The game told hand by hand (`bot.games.trick_log`), replayed from its engine's saved log."""
        raise NotImplementedError

    def log_heading(self, table: Table, about: Any, locale: str) -> str:
        """What a hand's heading says about it in the log (`HandBegins.about`: Hearts' pass, Barbu's contract)."""
        return ""

    def log_note(self, table: Table, note: LogNote, locale: str) -> str:
        """A `LogNote` written out (Hearts: the passes went round, the moon)."""
        return ""

    def log_pages(self, table: Table, locale: str) -> list[str]:
        """One page a hand: its heading, every trick (the cards in the order played, who took it, the points), the
        hand's points; the end of a game stopped early on its last page."""
        pages: list[list[str]] = []
        for entry in self.history(table):
            if isinstance(entry, HandBegins):
                about = self.log_heading(table, entry.about, locale)
                pages.append([t(locale, "tricks.log.hand", number=entry.number, about=about)])
                continue
            if not pages:
                continue
            if isinstance(entry, TrickTaken):
                plays, name = _plays_text(table, entry.plays), escape_name(table.seats[entry.winner].name)
                if entry.points:
                    line = t(
                        locale,
                        "tricks.log.trick_points",
                        number=entry.number,
                        plays=plays,
                        name=name,
                        count=entry.points,
                    )
                else:
                    line = t(locale, "tricks.log.trick", number=entry.number, plays=plays, name=name)
                pages[-1].append(line)
            elif isinstance(entry, TrickUnfinished):
                plays = _plays_text(table, entry.plays)
                pages[-1].append(t(locale, "tricks.log.unfinished", number=entry.number, plays=plays))
            elif isinstance(entry, HandEnds):
                points = " · ".join(
                    f"{escape_name(table.seats[seat].name)} {points}"
                    for seat, points in enumerate(entry.points)
                )
                pages[-1] += ["", t(locale, "tricks.log.hand_points", points=points)]
            elif text := self.log_note(table, entry, locale):
                pages[-1].append(text)
        if pages and table.status is TableStatus.ABANDONED:
            pages[-1] += ["", ended_early_text(table, locale)]
        return [part for page in pages for part in hand_pages(page)]

    def hand_lines(self, table: Table, seat: int, locale: str) -> list[str]:
        """The game's own lines in a private hand (why a card can't be played, the pass...)."""
        return []

    def hand_controls(self, table: Table, seat: int, locale: str, view: discord.ui.View) -> bool:
        """Add the game's own controls to a private hand; True when they replace the card buttons."""
        return False

    # -- the board ---------------------------------------------------------------------------------------------
    def board(self, table: Table) -> dict[str, Any]:
        """The title (the hand), the game's lines (the contract's rule, the dealer, whether hearts are broken), the
        picture of the table (`bot.ui.trick_picture`) and the deal code; **My hand**."""
        locale = table.locale
        session = session_of(table)
        embed = discord.Embed(title=self.board_title(table), colour=COLOUR_PLAYING)
        lines = self.board_lines(table)
        recap = session.shown_hand()
        if recap is not None:
            lines.append(t(locale, "tricks.board_hand_over", number=recap.number))
        embed.description = "\n".join(line for line in lines if line)
        embed.set_image(url=f"attachment://{IMAGE}")
        embed.set_footer(text=self.options_text(table, locale))
        view = discord.ui.View(timeout=None)
        view.add_item(components.HandButton(table.id, label=t(locale, "button.my_hand")))
        view.add_item(components.HowToPlayButton(table.game_key, label=t(locale, "button.how_to_play")))
        view.stop()
        return {"embed": embed, "view": view, "image": board_image(table, self)}

    # -- the picture's game-specific parts (`bot.ui.trick_picture.PictureHooks`) ------------------------------
    def picture_header(self, table: Table) -> str:
        """The board's title without its emoji (the picture draws text only)."""
        title = self.board_title(table)
        first, _, rest = title.partition(" ")
        return rest if rest and not any(character.isalnum() for character in first) else title

    def seat_status(self, table: Table, seat: int) -> str:
        return ""

    def taken_chips(self, table: Table, hand: int, cards: tuple[Card, ...]) -> tuple[TakenChip, ...]:
        return ()

    def centre_lines(self, table: Table) -> tuple[str, ...] | None:
        return None

    def recap_footer(self, table: Table, recap: HandRecap) -> str:
        notes = self.recap_notes(table, recap)
        return notes[0] if notes else self.next_hand_text(table, recap)

    # -- between two hands -------------------------------------------------------------------------------------
    def result_title(self, table: Table, recap: HandRecap) -> str:
        """The title of a finished hand's message."""
        raise NotImplementedError

    def recap_notes(self, table: Table, recap: HandRecap) -> list[str]:
        """What else the hand's end says (Hearts' moon, Barbu's early end)."""
        return []

    def next_hand_text(self, table: Table, recap: HandRecap) -> str:
        """What comes after the hand ("Next: hand 2, pass to the right."), or "" once the game is over."""
        return ""

    def announcements(self, table: Table, events: Sequence[Any]) -> list[dict[str, Any]]:
        """A message for each hand an action finished (the session adds a `HandRecap` event per hand)."""
        return [hand_result_message(table, self, event) for event in events if isinstance(event, HandRecap)]

    # -- the private hand --------------------------------------------------------------------------------------
    def hand(
        self, table: Table, seat: int, locale: str, *, notice: str | None, hints: bool, **options: Any
    ) -> dict[str, Any]:
        session = session_of(table)
        engine = session.engine
        cards = engine.hand(seat)
        my_turn = seat in engine.to_act() and table.status is TableStatus.PLAYING
        embed = discord.Embed(
            title=t(locale, "tricks.hand_title", game=self.name(locale)),
            colour=discord.Colour.green() if my_turn else discord.Colour.blurple(),
        )
        if table.status is TableStatus.PLAYING:
            lines = [hand_by_suit(cards), ""]
            if session.plays_cards_now():  # not during Hearts' pass or a moon's choice: no trick to speak of
                lines.append(t(locale, "tricks.trick_now", plays=self._trick_short(table)))
            lines += self.hand_lines(table, seat, locale)
        else:  # over, or stopped: the cards left, if any, and no trick or turn to wait for
            lines = [hand_by_suit(cards), ""] if cards else []
            lines.append(t(locale, "hand.game_over"))
        if notice:
            lines += ["", notice]
        embed.description = "\n".join(lines)
        view = discord.ui.View(timeout=None)
        owner = table.seats[seat].user_id  # named by the hand's buttons: nobody else's click acts on them
        if table.status is TableStatus.PLAYING and not self.hand_controls(table, seat, locale, view):
            legal = set(engine.legal_cards(seat)) if my_turn else set()
            distinct = sorted(set(cards), key=lambda card: (SUITS.index(card.suit), card.rank))
            for index, card in enumerate(distinct[: CARDS_PER_ROW * 4]):
                label, emoji = card_display(card, count=cards.count(card))
                view.add_item(
                    components.GameActionButton(
                        table.id,
                        f"p.{engine.hand_number}.{card.code}",
                        label=label,
                        emoji=emoji,
                        style=discord.ButtonStyle.primary if card in legal else discord.ButtonStyle.secondary,
                        disabled=card not in legal,
                        row=index // CARDS_PER_ROW,
                        owner=owner,
                    )
                )
        if table.status is TableStatus.PLAYING:
            if hints and my_turn:
                hint = components.HintButton(table.id, label=t(locale, "button.hint"), emoji="💡")
                hint.item.row = 4
                view.add_item(hint)
            refresh = components.RefreshButton(
                table.id, owner=owner, label=t(locale, "button.refresh"), emoji="🔄"
            )
            refresh.item.row = 4
            view.add_item(refresh)
        view.stop()
        return {"embed": embed, "view": view}

    def _trick_short(self, table: Table) -> str:
        return _plays_text(table, session_of(table).engine.current_trick) or "—"

    def waiting_line(self, table: Table, seat: int, locale: str) -> str:
        engine = session_of(table).engine
        acting = engine.to_act()
        if seat in acting:
            return t(locale, "tricks.your_turn")
        names = ", ".join(escape_name(table.seats[index].name) for index in acting)
        return t(locale, "tricks.waiting", names=names or "—")

    # -- actions -----------------------------------------------------------------------------------------------
    def action(self, table: Table, payload: str, values: list[str]) -> tuple[Any, str]:
        parts = payload.split(".")
        if len(parts) == 3 and parts[0] == "p" and parts[1].isdigit():
            return PlayTrickCard(_card(parts[2]), int(parts[1])), "hand"
        raise GameError("error.stale_button")

    def parse_play(self, table: Table, seat: int, card: str, pile: str | None) -> Any:
        parsed = parse_card(card)
        if parsed is None:
            raise GameError("tricks.unreadable_card", text=card[:12])
        return PlayTrickCard(parsed)

    def autocomplete(self, table: Table, seat: int, current: str) -> list[app_commands.Choice[str]]:
        engine = session_of(table).engine
        legal = set(engine.legal_cards(seat)) if seat in engine.to_act() else set()
        typed = current.strip().upper()
        choices = []
        for card in sorted(
            set(engine.hand(seat)), key=lambda card: (card not in legal, SUITS.index(card.suit), card.rank)
        ):
            name = fallback_text(card) + (" ✓" if card in legal else "")
            if typed and not (str(card).upper().startswith(typed) or card.code.startswith(typed)):
                continue
            choices.append(app_commands.Choice(name=name, value=card.code))
        return choices[:25]

    # -- turns and the end -------------------------------------------------------------------------------------
    def turn_text(self, table: Table) -> str | None:
        if table.status is not TableStatus.PLAYING:
            return None
        acting = session_of(table).engine.to_act()
        if len(acting) != 1:
            return None
        seat = table.seats[acting[0]]
        if seat.is_ai:
            return t(table.locale, "tricks.turn_ai", name=escape_name(seat.name))
        return t(table.locale, "tricks.turn_ping", mention=f"<@{seat.user_id}>")

    def winners_text(self, table: Table) -> str:
        engine = session_of(table).engine
        return names_text(table, engine.winners)

    def won_title(self, table: Table, winners: Sequence[int]) -> str:
        """ "🏆 Hearts — Ada wins", or "— Ada, Bob share the win" on a tie."""
        key = "tricks.won_title_shared" if len(winners) > 1 else "tricks.won_title"
        return t(table.locale, key, game=self.name(table.locale), names=names_text(table, winners))

    def end_line(self, table: Table, locale: str | None = None) -> str:
        engine = session_of(table).engine
        winners = engine.winners
        points = engine.scores[winners[0]] if winners else 0
        key = "tricks.end_line_shared" if len(winners) > 1 else "tricks.end_line"
        return t(locale or table.locale, key, names=self.winners_text(table), points=points)

    def summary_content(self, table: Table) -> dict[str, Any]:
        locale = table.locale
        session = session_of(table)
        engine = session.engine
        places = dict.fromkeys(engine.winners, 1) if engine.is_over else {}
        given_up = session.forfeit_outcome(table.forfeits) if table.forfeits else None
        if given_up is not None:  # the others ranked as they stood, the player who gave it up last
            places = {seat: result.place for seat, result in enumerate(given_up.seats)}
            first = [seat for seat, place in places.items() if place == 1]
            embed = discord.Embed(title=self.won_title(table, first), colour=COLOUR_WON)
            embed.description = ended_early_text(table, locale)
        elif table.status is TableStatus.ABANDONED:
            embed = discord.Embed(
                title=t(locale, "tricks.abandoned_title", game=self.name(locale)), colour=COLOUR_OVER
            )
            embed.description = ended_early_text(table, locale)
        else:
            embed = discord.Embed(title=self.won_title(table, engine.winners), colour=COLOUR_WON)
        order = sorted(
            range(len(table.seats)), key=lambda seat: (places.get(seat, 1), engine.scores[seat], seat)
        )
        marks = {seat: "🏆 " for seat, place in places.items() if place == 1} | dict.fromkeys(
            table.forfeits, "🏳️ "
        )
        rows = [
            f"{marks.get(seat, '')}**{seat_name(table, seat)}** — "
            + t(locale, "tricks.final_points", count=engine.scores[seat])
            for seat in order
        ]
        embed.add_field(name=t(locale, "tricks.final_scores"), value="\n".join(rows)[:1024], inline=False)
        embed.add_field(name=t(locale, "tricks.hands_played"), value=str(len(session.hands_played())))
        if table.started_at is not None and table.ended_at is not None:
            embed.add_field(
                name=t(locale, "summary.duration"), value=duration(table.ended_at - table.started_at, locale)
            )
        embed.set_footer(text=self.options_text(table, locale))
        return {"embed": embed}


def _plays_text(table: Table, plays: tuple[TrickPlay, ...]) -> str:
    return " · ".join(f"{escape_name(table.seats[play.seat].name)} {card_text(play.card)}" for play in plays)


def _card(code: str) -> Card:
    try:
        return Card.from_code(code)
    except ValueError:
        raise GameError("error.stale_button") from None


def trick_ui(table: Table) -> TrickGameUI:
    ui = ui_for(table)
    assert isinstance(ui, TrickGameUI)
    return ui
