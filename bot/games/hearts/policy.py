"""The rule-based Hearts player on small integers (`card_ints`): the baseline strategy and the strong strategy's
rollouts. Which cards it may play comes from the rules' own `legal_ints`; this module only chooses among them.

The policy (one seat, one card):
- leading: the lowest card it may lead, keeping the queen of spades' guards (no spade lead while holding the
  queen, no king or ace of spades lead while the queen is out elsewhere) when it can;
- following suit: the highest card that still loses to the trick's best card; when every card would win, the
  highest one if it plays last (the queen of spades only if nothing else), else the lowest one;
- void in the suit led: the queen of spades, else the ace or king of spades while a queen is out elsewhere, else
  the highest heart, else its highest card.
"""

from __future__ import annotations

from bot.games.hearts.card_ints import HEART_SUIT, QUEEN_OF_SPADES, SPADE_SUIT
from bot.games.hearts.rules import legal_ints


def choose_play(
    hand: list[int],
    trick: list[int],
    first_trick: bool,
    hearts_broken: bool,
    players_after: int,
    queens_unplayed: int,
    rules_version: int,
) -> int:
    """The rule-based choice for a seat holding `hand` (see the module docstring); always a legal card under
    `rules_version`.

    `players_after`: how many seats play to this trick after this one; `queens_unplayed`: queens of spades not yet
    played (held by anyone, set aside included).
    """
    options = legal_ints(hand, trick, first_trick, hearts_broken, rules_version)
    if len(options) == 1:
        return options[0]
    if trick:
        led = trick[0] >> 4
        if options[0] >> 4 == led:
            return _follow(options, trick, led, players_after)
        return _discard(hand, options, queens_unplayed)
    return _lead(hand, options, queens_unplayed)


def _follow(options: list[int], trick: list[int], led: int, players_after: int) -> int:
    high = trick[0]
    for card in trick:
        if card > high and card >> 4 == led:
            high = card
    below = -1
    for card in options:
        if below < card < high:
            below = card
    if below >= 0:
        return below
    winners = options[:]
    if QUEEN_OF_SPADES in winners:
        winners.remove(QUEEN_OF_SPADES)  # one copy: with two decks the other may still be played
    return max(winners) if players_after == 0 else min(winners)


def _lead(hand: list[int], options: list[int], queens_unplayed: int) -> int:
    holds_queen = QUEEN_OF_SPADES in hand
    queen_elsewhere = queens_unplayed > (hand.count(QUEEN_OF_SPADES) if holds_queen else 0)
    best = -1
    for card in options:
        if card >> 4 == SPADE_SUIT and (holds_queen or (card > QUEEN_OF_SPADES and queen_elsewhere)):
            continue
        if best < 0 or card & 15 < best & 15:
            best = card
    if best >= 0:
        return best
    best = options[0]
    for card in options:
        if card & 15 < best & 15:
            best = card
    return best


def _discard(hand: list[int], options: list[int], queens_unplayed: int) -> int:
    if QUEEN_OF_SPADES in options:
        return QUEEN_OF_SPADES
    top_heart = -1
    top_spade = -1
    best = options[0]
    for card in options:
        suit = card >> 4
        if suit == HEART_SUIT:
            if card > top_heart:
                top_heart = card
        elif suit == SPADE_SUIT and card > top_spade:
            top_spade = card
        if card & 15 > best & 15:
            best = card
    if top_spade > QUEEN_OF_SPADES and queens_unplayed > hand.count(QUEEN_OF_SPADES):
        return top_spade
    if top_heart >= 0:
        return top_heart
    return best
