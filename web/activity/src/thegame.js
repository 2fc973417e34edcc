// The Game: four piles (A and B go up from 1, C and D down from 100), the draw pile, whose turn, the last plays,
// and your hand: drag a card onto a pile (or tap the card, then the pile). While a card is held, the piles it may
// go on light up with the move's size and colour, as the hand on Discord shows them: green gives room back
// (exactly ten back, ↩), blue a small step, grey a big jump, red would end the game; a move against a teammate's
// marker says so (🚫 keep off: the last resort, it asks first; 🐢 too big a step for "small steps").
import { el, rich, tr } from "./text.js";
import { clearSelection, makeDraggable, makeTarget } from "./drag.js";
import { toast } from "./view.js";

const MARKER_ICON = { keep_off: "🚫", small_steps: "🐢" };

function numberCard(value, extra = {}) {
  return el("div", { class: "card number", ...extra }, el("span", { class: "value" }, String(value)));
}

// A pile: its name and, for a player, its ⚑ menu (a marker for the team) in the corner; its top card; the size of the
// move while a card is held (a line kept for it, so nothing moves when a card is chosen); its marker, on one line
// (kept too, the whole sentence on a tap). While a card is chosen the whole pile is where it goes: the ⚑ menu steps
// aside (style.css).
function pile(state, pileState, connection, hand) {
  const text = pileState.marker_text ?? "";
  const node = el(
    "div",
    { class: `pile ${pileState.up ? "up" : "down"}`, "aria-label": [`${pileState.name} ${pileState.top}`, text].filter(Boolean).join(" · ") },
    el("div", { class: "pile-head" }, el("span", { class: "pile-name" }, `${pileState.up ? "▲" : "▼"} ${pileState.name}`), hand && markMenu(pileState, connection)),
    numberCard(pileState.top, { class: "card number top" }),
    el(
      "div",
      { class: "marker", title: text || null, onclick: () => text && !document.querySelector(".selected") && toast(`${MARKER_ICON[pileState.marker]} ${text}`) },
      pileState.marker && `${MARKER_ICON[pileState.marker]} ${text}`,
    ),
  );
  if (hand) makeTarget(node, pileState.name, { drop: (card, target) => play(connection, card, target) });
  return node;
}

function markMenu(pileState, connection) {
  return el(
    "select",
    {
      class: "mark",
      "aria-label": `${tr("activity.thegame.mark")} ${pileState.name}`,
      onchange: (event) => {
        const value = event.target.value;
        connection.send({ kind: "marker", pile: pileState.name, marker: value === "clear" ? null : value });
      },
      onclick: (event) => event.stopPropagation(),
    },
    el("option", { value: "", selected: true, disabled: true }, "⚑"),
    el("option", { value: "keep_off" }, `🚫 ${tr("activity.thegame.mark_keep_off")}`),
    el("option", { value: "small_steps" }, `🐢 ${tr("activity.thegame.mark_small_steps")}`),
    pileState.marker && el("option", { value: "clear" }, `✖ ${tr("activity.thegame.mark_clear")}`),
  );
}

function play(connection, card, pile) {
  connection.send({ kind: "play", card, pile, confirmed: false });
}

// A move's size as the hand reads it: "+4", "↩", "+8 🚫" when it goes against a teammate's marker.
function sizeOf(move) {
  return move.against ? `${move.size} ${MARKER_ICON[move.against]}` : move.size;
}

function targetsFor(hand, card) {
  const targets = {};
  for (const move of hand.moves[String(card)] ?? []) targets[move.pile] = { ...move, size: sizeOf(move) };
  return targets;
}

function handView(table, state, connection) {
  const hand = state.hand;
  const cards = hand.cards.map((value) => {
    const moves = hand.moves[String(value)] ?? [];
    const best = moves[0];
    const node = numberCard(value, {
      class: `card number in-hand ${best ? best.kind : hand.my_turn ? "stuck" : ""} ${hand.drawn.includes(value) ? "drawn" : ""}`,
      role: "button",
      tabindex: "0",
      "aria-label": `${value}${best ? ` (${moves.map((m) => `${m.pile} ${sizeOf(m)}`).join(", ")})` : ""}`,
      dataset: { card: String(value) },
    });
    if (best) node.append(el("span", { class: "hint" }, moves.map((m) => `${m.pile}${m.size}${m.against ? MARKER_ICON[m.against] : ""}`).join(" ")));
    makeDraggable(node, value, { targetsFor: (card) => targetsFor(hand, card), drop: (card, pileName) => play(connection, card, pileName) });
    return node;
  });
  const buttons = el(
    "div",
    { class: "buttons" },
    hand.can_choose_first && el("button", { class: "primary", onclick: () => connection.send({ kind: "choose_first" }) }, tr("button.i_start")),
    hand.my_turn && el("button", { class: "success", disabled: !hand.can_end_turn, onclick: () => connection.send({ kind: "end_turn" }) }, tr("button.end_turn")),
  );
  return el(
    "section",
    { class: `hand ${hand.my_turn ? "my-turn" : ""}`, "aria-label": tr("activity.your_hand") },
    el("h2", {}, tr("activity.your_hand")),
    hand.start && el("p", { class: "help" }, rich(hand.start)),
    el("div", { class: "cards" }, cards),
    hand.my_turn && el("p", { class: "help small" }, tr("activity.drag_help")),
    buttons,
  );
}

export function renderTheGame(table, connection) {
  clearSelection();
  const state = table.play;
  const seated = table.seat !== null && state.hand;
  const parts = [
    el("p", { class: "status" }, rich(state.status_line)),
    el("div", { class: "piles" }, state.piles.map((p) => pile(state, p, connection, seated))),
    el("p", { class: "draw-pile" }, "🂠 ", state.draw_pile_text),
    el(
      "ul",
      { class: "seats inline", "aria-label": tr("activity.players") },
      table.seats.map((seat, index) =>
        el("li", { class: `${seat.you ? "you" : ""} ${state.current === index ? "current" : ""}` }, state.current === index ? "▶ " : "", (seat.ai ? "🤖 " : "") + seat.name, ` · ${state.cards_in_hands[index]}`),
      ),
    ),
  ];
  if (seated) parts.push(handView(table, state, connection));
  else if (table.status === "playing") parts.push(el("p", { class: "help" }, tr("activity.spectator")));
  if (state.recent.length) {
    parts.push(
      el(
        "section",
        { class: "recent" },
        el("h2", {}, tr("activity.recent")),
        el("ul", {}, state.recent.map((r) => el("li", {}, `${r.name}: ${r.card} → ${r.pile}${r.backwards ? " ↩" : ""}`))),
      ),
    );
  }
  return parts;
}
