"""No private card in any message someone may not see: every version of every message the bot writes, every game.

A private card is one a viewer may not know: a card in another player's hand (Hearts, Barbu, The Game), a card face
down or still in a stock (Klondike, Crapette, The Game's draw pile). A message shows cards in its text, its
embeds, its buttons' labels, its menus' options, its pictures' descriptions (alt text) and its text displays.

The emulator calls :meth:`MessageDigests.watch` with each message the bot creates or edits; only the cards each
version names are kept (a digest, not the message), with the time and who may see it (everyone, or the one player
of an ephemeral message). The soak reads the stored games every few seconds (:class:`SecretsOverTime`); a version
written at time t leaks card c if c was private for its viewer in both stored reads around t, within one deal (a
card's privacy only ends within a deal: played, turned up), and t is later than a moment after that deal began
(a late edit may still show the previous deal's last trick).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.emulator.world import Message
from bot.ui.card_emojis import plain_text

# "Q♠", "10♥️" (the suit with or without the emoji variation selector)
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])(♠️|♥️|♦️|♣️|♠|♥|♦|♣)")
# "♠️ 4 10 **K** A": a hand by suit (one suit, then its ranks)
SUIT_LINE = re.compile(r"(♠️|♥️|♦️|♣️|♠|♥|♦|♣)((?:[ \t]+\**(?:10|[2-9JQKA])\**(?![0-9A-Za-z♠♥♦♣]))+)")
RANK = re.compile(r"10|[2-9JQKA]")
SUIT_OF = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# The Game's cards: `37` in text, "37" or "37 ↩" as a button's label or a menu option
NUMBER_CARD = re.compile(r"`(\d{1,2})`")
NUMBER_LABEL = re.compile(r"^(\d{1,2})( ↩)?$")
# A hand's own components: a card to play, The Game's card and play buttons, Hearts' moon choice and pass menu.
HAND_COMPONENT = re.compile(r"^tg:(card|play):|^tg:g:\d+:(p|m)\.|^tg:gs:\d+:pass\.")
# A finished game's summary: its Play again buttons name its table.
PLAY_AGAIN = re.compile(r"^tg:again:(\d+):")


def _rule_phrases() -> tuple[str, ...]:
    """The catalogs' phrases that name a card as a rule ("no heart or Q♠ while you have another card"): a card
    there says nothing about where it lies, so they are left out before a text is read. Each phrase is the literal
    part of a catalog text (between its {placeholders}) that names a card, in every language."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "bot"
    phrases = set()
    for path in [*root.glob("ui/locales/*.json"), *root.glob("games/*/locales/*.json")]:
        stack: list[object] = [json.loads(path.read_text(encoding="utf-8"))]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                stack += list(node.values())
            elif isinstance(node, str):
                phrases |= {
                    _without_selectors(part)
                    for part in re.split(r"\{[^}]*\}", node)
                    if CARD_TOKEN.search(part)
                }
    return tuple(sorted(phrases, key=len, reverse=True))


def _without_selectors(text: str) -> str:
    """`text` without the emoji and text variation selectors a suit may carry (`♠︎`, `♥️`)."""
    return text.replace("\ufe0e", "").replace("\ufe0f", "")


RULE_PHRASES = _rule_phrases()


# The catalog keys of a text that tells a hand that is over: a hand's result message (`<game>.result_title`), and
# the trick games' board between two hands ("Hand 1 is over: the picture shows its last trick...", which names the
# cards its players took, dealt again in the next hand).
FINISHED_HAND_KEYS = (".result_title", "tricks.board_hand_over")


def _result_titles() -> re.Pattern[str]:
    """The texts that tell a finished hand (`FINISHED_HAND_KEYS`), in every language: such a message tells a hand
    that is over, whose cards the next deal deals again."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "bot"
    patterns = set()
    for path in (*root.glob("games/*/locales/*.json"), *root.glob("ui/locales/*.json")):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            if key.endswith(FINISHED_HAND_KEYS) and isinstance(text, str):
                parts = re.split(r"\{[^}]*\}", text)
                patterns.add(".+?".join(re.escape(part) for part in parts))
    return re.compile("|".join(sorted(patterns)) or "(?!)")


RESULT_TITLES = _result_titles()


def cards_in_text(text: str) -> set[str]:
    """The standard-deck cards a text names, as codes ("QS", "10H") (rule sentences of the catalogs left out): in
    text, or as the bot's card and suit emojis (read as the text they stand for)."""
    text = _without_selectors(plain_text(text))
    for phrase in RULE_PHRASES:
        if phrase in text:
            text = text.replace(phrase, " ")
    found = {f"{rank}{SUIT_OF[suit[0]]}" for rank, suit in CARD_TOKEN.findall(text)}
    for suit, ranks in SUIT_LINE.findall(text):
        found |= {f"{rank}{SUIT_OF[suit[0]]}" for rank in RANK.findall(ranks)}
    return found


def numbers_in_text(text: str) -> set[str]:
    return set(NUMBER_CARD.findall(text))


def message_texts(message: Message) -> tuple[list[str], list[str]]:
    """What a message shows as text: (its text, embeds, alt texts and text displays; its components' labels and
    options)."""
    texts = [message.content]
    for embed in message.embeds:
        texts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        texts += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in embed.get("fields") or []]
        texts.append(str((embed.get("footer") or {}).get("text") or ""))
        texts.append(str((embed.get("author") or {}).get("name") or ""))
    texts += [attachment.description or "" for attachment in message.attachments]
    labels: list[str] = []

    def walk(components: Iterable[Any]) -> None:
        for component in components:
            if not isinstance(component, dict):
                continue
            if component.get("type") == 10:
                texts.append(str(component.get("content") or ""))
            for key in ("label", "placeholder"):
                if component.get(key):
                    labels.append(str(component[key]))
            labels.append(_emoji_markup(component.get("emoji")))
            for option in component.get("options") or []:
                labels.extend((str(option.get("label") or ""), str(option.get("description") or "")))
                labels.append(_emoji_markup(option.get("emoji")))
            for key in ("components", "items"):
                walk(component.get(key) or [])
            for key in ("accessory", "component"):
                if isinstance(component.get(key), dict):
                    walk([component[key]])

    walk(message.components)
    return texts, labels


def _emoji_markup(emoji: Any) -> str:
    """A button's or an option's custom emoji as the markup a text would use (a card emoji shows a card)."""
    if isinstance(emoji, dict) and emoji.get("id") and emoji.get("name"):
        return f"<:{emoji['name']}:{emoji['id']}>"
    return ""


def cards_shown(texts: list[str], labels: list[str]) -> frozenset[str]:
    """Every card a message's texts and labels name (both decks' notation: "QS", and The Game's "#37")."""
    found: set[str] = set()
    for text in (*texts, *labels):
        found |= cards_in_text(text)
        found |= {f"#{number}" for number in numbers_in_text(text)}
    for label in labels:
        match = NUMBER_LABEL.match(label.strip())
        if match:
            found.add(f"#{match.group(1)}")
    return frozenset(found)


@dataclass(frozen=True)
class Version:
    """One version of a message: when, where, for whom (None: everyone), which cards it named, whether it held a
    hand's components."""

    at: float  # the emulator clock, seconds
    created: float  # when the message was first sent: it belongs to the table in play in its channel then
    message_id: int
    channel_id: int
    viewer: int | None
    cards: frozenset[str]
    hand_components: tuple[str, ...]
    text: str  # what it showed, for the report (kept only until the next check)
    # a hand's result message (posted late after a restart, or edited later)
    tells_a_finished_hand: bool = False
    summary_of: int | None = None  # the table whose summary this is (its Play again buttons say which)


@dataclass
class MessageDigests:
    """Every version of the bot's messages, reduced to the cards it names (see the module docstring)."""

    clock: Any
    bot_user_id: int
    versions: list[Version] = field(default_factory=list)
    count: int = 0

    def watch(self, message: Message) -> None:
        if message.author.id != self.bot_user_id:
            return
        self.count += 1
        texts, labels = message_texts(message)
        cards = cards_shown(texts, labels)
        hand_ids = tuple(cid for cid in message.custom_ids if HAND_COMPONENT.search(cid))
        if cards or hand_ids:
            channel_id = message.channel.id
            viewer = message.ephemeral_for
            text = " | ".join(part for part in (*texts, *labels) if part)
            at = self.clock.now().timestamp()
            created = message.timestamp.timestamp()
            result = any(RESULT_TITLES.search(part) for part in texts if part)
            summary_of = next(
                (int(match[1]) for cid in message.custom_ids if (match := PLAY_AGAIN.match(cid))), None
            )
            self.versions.append(
                Version(
                    at, created, message.id, channel_id, viewer, cards, hand_ids, text, result, summary_of
                )
            )

    def take(self, before: float) -> list[Version]:
        """The versions written before `before` (and forget them)."""
        taken = [version for version in self.versions if version.at < before]
        self.versions = [version for version in self.versions if version.at >= before]
        return taken


# -- what is private, per game ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Secrets:
    """A table's private cards at one stored read: `deal` says which deal they belong to; `hidden` are private
    for everyone; `own` maps a player to the private cards they may see (their hand, the cards they passed)."""

    deal: tuple[Any, ...]  # (table id, ...)
    created: float  # when the table was created (a message sent earlier belongs to an earlier table)
    hidden: frozenset[str]
    own: dict[int, frozenset[str]]
    players: frozenset[int]

    def private_for(self, viewer: int | None) -> frozenset[str]:
        return self.hidden - self.own.get(viewer, frozenset()) if viewer is not None else self.hidden


def _code(card: Any) -> str:
    code = str(card.code)
    return code[:-1].replace("T", "10") + code[-1]


_SECRETS: dict[tuple[Any, ...], Secrets | None] = {}


def secrets_of(data: dict[str, Any]) -> Secrets | None:
    """The private cards of a stored table in play (None for a lobby or a finished table); a table read again
    unchanged (the same log) is not loaded again."""
    session = data.get("session") or {}
    inner = session.get("game") or session.get("engine") or {}
    log = inner.get("log") or []
    key = (
        data.get("id"),
        data.get("status"),
        data.get("created_at"),
        len(log),
        repr(log[-1:]),
        repr(session.get("current")),
    )
    if key not in _SECRETS:
        if len(_SECRETS) > 2000:
            _SECRETS.clear()
        _SECRETS[key] = _secrets_of(data)
    return _SECRETS[key]


def _secrets_of(data: dict[str, Any]) -> Secrets | None:
    from bot.service.table import Table

    if data.get("status") != "playing" or not data.get("session"):
        return None
    table = Table.from_dict(data)
    session: Any = table.require_session()
    users = {index: seat.user_id for index, seat in enumerate(table.seats) if not seat.is_ai}
    players = frozenset(users.values())
    created = float(table.created_at)
    key = table.game_key
    if key in ("hearts", "barbu"):
        from bot.ui.lobby import render_table

        engine = session.engine
        hands = {seat: [_code(card) for card in engine.hand(seat)] for seat in range(len(table.seats))}
        public = {_code(play.card) for play in engine.last_trick}
        shown = session.shown_hand()  # the hand before, on the board until this hand's first card: public too
        if shown is not None:
            public |= {_code(play.card) for play in shown.last_trick}
            public |= {_code(card) for cards in shown.penalty_cards for card in cards}
        if key == "barbu":
            public |= cards_in_text(str(render_table(table)["embed"].title))  # a contract names its card
        own: dict[int, frozenset[str]] = {}
        for seat, user in users.items():
            passed = getattr(engine, "chosen_pass", lambda seat: None)(seat) or ()
            own[user] = own.get(user, frozenset()) | set(hands[seat]) | {_code(card) for card in passed}
        # With two decks (Hearts from five players) a card is private only while both copies are in hands.
        decks = int(getattr(getattr(engine, "options", None), "decks", 1))
        copies = Counter(code for cards in hands.values() for code in cards)
        hidden = frozenset(code for code, count in copies.items() if count >= decks) - public
        return Secrets((table.id, int(engine.hand_number)), created, hidden, own, players)
    if key == "thegame":
        game = session.game
        held = {seat: frozenset(f"#{card}" for card in game.hand(seat)) for seat in range(len(table.seats))}
        hidden = frozenset().union(*held.values()) | {f"#{card}" for card in game.draw_pile}
        own = {user: held[seat] for seat, user in users.items()}
        return Secrets((table.id,), created, hidden, own, players)
    if key == "klondike":
        return Secrets((table.id,), created, ever_face_down(table.id, session.engine), {}, players)
    if key == "crapette":
        return Secrets((table.id,), created, ever_face_down(table.id, session.engine), {}, players)
    return None


@dataclass
class Replay:
    """A solitaire or Crapette game played again from its deal, and every card seen face up so far."""

    engine: Any
    applied: int
    seen: set[Any]
    prefix: (
        str  # the log replayed so far (a log rewritten, e.g. by two processes saving one table, replays anew)
    )


_REPLAYS: dict[tuple[int, str], Replay] = {}  # (table id, its deal): each game replayed once, then extended


def ever_face_down(table_id: int, engine: Any) -> frozenset[str]:
    """The cards never seen face up in this game (Klondike: the stock and the face-down columns, less what was
    drawn and then undone or recycled; Crapette: the stocks and the crapettes under their top, less the cards
    turned up and recycled, or loaded onto a crapette face up). Two copies of a card (Crapette's two decks): it
    is private only while both are."""
    from bot.games.crapette.engine import Crapette
    from bot.games.crapette.moves import parse_action
    from bot.games.klondike.engine import Klondike

    saved = engine.to_dict()
    log = saved["log"]
    key = (table_id, repr(saved.get("seed")) + repr(saved.get("deck") or saved.get("decks")))
    replay = _REPLAYS.get(key)
    if replay is None or replay.applied > len(log) or replay.prefix != repr(log[: replay.applied]):
        fresh: Klondike | Crapette
        if isinstance(engine, Klondike):
            fresh = Klondike.from_dict({**saved, "log": []})
        else:
            fresh = Crapette.from_dict({**saved, "log": [], "state": None})
        replay = _REPLAYS[key] = Replay(fresh, 0, _face_up(fresh), repr([]))
    for entry in log[replay.applied :]:
        if isinstance(replay.engine, Klondike):
            replay.engine.apply_logged(entry)
        else:
            replay.engine.apply(entry[0], parse_action(entry[1]))
        replay.seen |= _face_up(replay.engine)
    replay.applied = len(log)
    replay.prefix = repr(log)
    if isinstance(engine, Klondike):
        return frozenset(_code(card) for card in engine.deck) - {_code(card) for card in replay.seen}
    from bot.games.crapette.layout import OWNED_CARDS

    hidden: dict[str, int] = {}
    for owned in OWNED_CARDS:
        if owned not in replay.seen:
            hidden[_code(owned.card)] = hidden.get(_code(owned.card), 0) + 1
    return frozenset(code for code, copies in hidden.items() if copies == 2)


def _face_up(engine: Any) -> set[Any]:
    """What a game shows face up now: Klondike's cards, Crapette's owned cards (a card and its deck)."""
    from bot.games.klondike.engine import Klondike

    if isinstance(engine, Klondike):
        shown = set(engine.waste_shown)
        for column in engine.columns:
            shown |= set(column.face_up)
        return shown
    shown = set()
    for seat in range(2):
        view = engine.player(seat)
        shown |= {card for card in (view.crapette_top, view.stock_turned) if card is not None}
        shown |= set(view.discard)
    for pile in (*engine.side_piles, *engine.foundations):
        shown |= set(pile)
    return shown


def _follows_a_deal(deal: tuple[Any, ...]) -> bool:
    """Whether a deal comes after another deal of its table (a trick game's later hand, numbered from 0): only its
    messages can tell a deal before it late."""
    return len(deal) > 1 and int(deal[1]) > 0


# -- over time ----------------------------------------------------------------------------------------------------
@dataclass
class Read:
    at: float
    by_channel: dict[int, Secrets]


@dataclass
class SecretsOverTime:
    """The stored reads, and when each deal was first seen (see the module docstring)."""

    # seconds after a deal is first seen before its messages are read: an answer that comes late (a loaded machine)
    # may still tell the previous deal ("You played Q♥." with the new hand, the Q♥ dealt again elsewhere)
    grace: float = 5.0
    reads: list[Read] = field(default_factory=list)
    deal_seen: dict[tuple[Any, ...], float] = field(default_factory=dict)
    # a table that follows another in its channel (a game stopped or over, a new one dealt): like a later deal, a
    # late update of the table before may still tell it in its first seconds
    follows_a_table: set[tuple[Any, ...]] = field(default_factory=set)
    table_in_channel: dict[int, Any] = field(default_factory=dict)

    def add(self, at: float, tables: Iterable[dict[str, Any]]) -> None:
        by_channel = {}
        for data in tables:
            try:
                secrets = secrets_of(data)
            except Exception:  # a stored game that does not replay: the soak's replay check reports it
                secrets = None
            if secrets is not None:
                by_channel[int(data["channel_id"])] = secrets
                channel = int(data["channel_id"])
                if secrets.deal not in self.deal_seen:
                    self.deal_seen[secrets.deal] = at
                    if self.table_in_channel.get(channel, secrets.deal[0]) != secrets.deal[0]:
                        self.follows_a_table.add(secrets.deal)
                self.table_in_channel[channel] = secrets.deal[0]
        self.reads.append(Read(at, by_channel))
        del self.reads[:-3]

    def problems(self, versions: Iterable[Version], channel_names: dict[int, str]) -> list[str]:
        """The versions that show a card private for their viewer (read between the last two stored reads)."""
        if len(self.reads) < 2:
            return []
        before, after = self.reads[-2], self.reads[-1]
        found = []
        for version in versions:
            where = f"#{channel_names.get(version.channel_id, version.channel_id)}"
            first = before.by_channel.get(version.channel_id)
            second = after.by_channel.get(version.channel_id)
            if version.hand_components and version.viewer is None:
                found.append(
                    f"a hand's buttons on a public message in {where}: {list(version.hand_components)[:3]}"
                )
            elif version.hand_components and first is not None and version.viewer not in first.players:
                found.append(f"a hand shown to someone who is not seated in {where}")
            if first is None or second is None or first.deal != second.deal:
                continue
            if version.created < first.created:
                # A message of an earlier table in this channel (a summary edited later, its Play again pressed
                # at once: written within a fraction of a second of the table that followed it). The bot and the
                # emulator read one wall clock; a message of this table is written after the table was made.
                continue
            if not before.at <= version.at <= after.at:
                continue
            if (
                _follows_a_deal(first.deal) or first.deal in self.follows_a_table
            ) and version.at < self.deal_seen.get(first.deal, before.at) + self.grace:
                continue  # the first seconds of a later deal: a late answer may still tell the deal before
            if version.summary_of is not None and version.summary_of != first.deal[0]:
                # An earlier table's summary, posted again through a newer interaction after the table that
                # followed it began (its Play again pressed at once): the cards of a game that is over.
                continue
            if version.tells_a_finished_hand and _follows_a_deal(first.deal):
                continue  # a hand's result, however late (a restart): the cards of a hand that is over
            leaked = version.cards & first.private_for(version.viewer) & second.private_for(version.viewer)
            if leaked:
                whom = (
                    "a public message"
                    if version.viewer is None
                    else f"a message shown to user {version.viewer}"
                )
                found.append(
                    f"{whom} in {where} (message {version.message_id}) names private cards: {sorted(leaked)} "
                    f"({version.text[:600]!r}) at {version.at:.1f}, private in the reads at {before.at:.1f} and {after.at:.1f}"
                )
        return found
