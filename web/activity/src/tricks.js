// Hearts and Barbu: the table seen from above, you at the bottom and the others around it in the order they play
// (clockwise: the next player sits on your left), each trick card right by the plate of the player who played it,
// the card that led and the card winning the trick marked beside it (a "1" and a ★ in round marks, as on the board's
// picture; their legend under the table: "① Alice led · ★ Chloé"), whose turn it is, the points and penalty cards of
// each seat, the last trick, and between two hands the hand's result. Below it, your hand: drag a card you may play
// onto the table (or tap it, then the table); the others are greyed, and a tap on one says why it may not be played
// (the bot's own answer, had it been played). Hearts' pass: tap three cards, then confirm; its moon: two buttons.
import { el, rich, tr } from "./text.js";
import { cardFace, preloadDeck } from "./cards.js";
import { makeDraggable, makeTarget } from "./drag.js";
import { toast } from "./view.js";

const TABLE = "table";
const INDEX_WIDTH = 0.56; // the part of a card left showing in a fanned hand: its rank and suit ("10♥"), in widths
// Between two rows of a hand, in pixels: rows never overlap (a card playable in the first row stays whole under its
// neighbour's edge), and a card lifted (playable, chosen) stays clear of the row above.
const ROW_GAP = 18;
let passChoice = { hand: null, chosen: [] }; // positions in the hand chosen for the pass, kept from state to state

// The table's width over its height, a plate's width and a trick card's width (of the table's), by the number of
// seats.
const SHAPES = {
  few: { ratio: 1.05, plate: 0.3, card: 0.14 },
  some: { ratio: 0.9, plate: 0.24, card: 0.12 },
  many: { ratio: 0.8, plate: 0.23, card: 0.11 },
};
const MAX_WIDTH = 560;
const CARD_RATIO = 1.4; // a card's height over its width
const CARD_GAP = 10; // between two trick cards (their marks included), at the least
const PLATE_GAP = 4; // between a trick card and its player's plate
const MARK = 18; // a card's round mark (the lead's "1", the winner's ★), beside the card: style.css's .mark
const MARK_GAP = 3; // between a card and its marks
// A seat this far from the middle row, or more (the sine of its angle), has its card above or below its plate (the
// picture's top and bottom rows); nearer, beside it, towards the middle (its middle row).
const ROW_SINE = 0.45;
const MIN_TRICK_CARD = 0.55; // a trick card may shrink to this part of its shape's size to keep clear of the others

function shapeOf(count) {
  return count > 6 ? "many" : count > 4 ? "some" : "few";
}

// Seat `index` seen from seat `me` (at the bottom): the next seats clockwise, as they sit around a real table.
function angleOf(index, me, count) {
  const offset = (((index - me) % count) + count) % count;
  return ((90 + (offset * 360) / count) * Math.PI) / 180;
}

// How far from its centre a box of half-sizes (w, h) reaches in the direction (dx, dy) (a unit vector).
function reach(w, h, dx, dy) {
  return Math.min(Math.abs(dx) > 1e-6 ? w / Math.abs(dx) : Infinity, Math.abs(dy) > 1e-6 ? h / Math.abs(dy) : Infinity);
}

function place(node, x, y) {
  node.style.left = `${x.toFixed(1)}px`;
  node.style.top = `${y.toFixed(1)}px`;
}

// Once drawn (the plates' heights known): the plates on an ellipse inside the table, and each trick card right by
// its seat's plate, on its side towards the middle: under a plate of the top row, over one of the bottom row, beside
// one of the middle row (as on the board's picture), its marks beside it on the side away from the plate. The cards
// are as large as the table's shape allows, and smaller when the plates leave too little room: no two seats' cards
// (with their marks) ever overlap, nor a card and another plate (a narrow phone, plates grown with the penalty cards
// taken).
function arrange(node, count, me) {
  const width = node.clientWidth;
  const height = node.clientHeight;
  const plates = [...node.querySelectorAll(".plate")];
  const plateWidth = Math.max(...plates.map((plate) => plate.offsetWidth));
  const plateHeight = Math.max(...plates.map((plate) => plate.offsetHeight));
  const rx = width / 2 - plateWidth / 2 - 4;
  const ry = height / 2 - plateHeight / 2 - 4;
  const seats = plates.map((plate, index) => {
    const angle = angleOf(index, me, count);
    const seat = { plate, angle, x: width / 2 + Math.cos(angle) * rx, y: height / 2 + Math.sin(angle) * ry };
    place(plate, seat.x, seat.y);
    return seat;
  });
  const largest = width * SHAPES[shapeOf(count)].card;
  let cardWidth = largest;
  let spots = seats.map((seat) => cardSpot(seat, cardWidth));
  while (cardWidth > largest * MIN_TRICK_CARD && crowded(spots, cardWidth)) {
    cardWidth *= 0.95;
    spots = seats.map((seat) => cardSpot(seat, cardWidth));
  }
  node.style.setProperty("--trick-w", `${cardWidth.toFixed(1)}px`);
  // "Play here" where your card will land, not over the cards already played.
  node.style.setProperty("--prompt-x", `${spots[me].x.toFixed(1)}px`);
  node.style.setProperty("--prompt-y", `${spots[me].y.toFixed(1)}px`);
  for (const card of node.querySelectorAll(".trick-card")) {
    const spot = spots[Number(card.dataset.seat)];
    if (!spot) continue;
    place(card, spot.x, spot.y);
    card.classList.toggle("marks-left", spot.marksLeft);
  }

  // Where a seat's card goes: its centre, and whether its marks go on its left (a card on the left of its plate).
  function cardSpot({ plate, angle, x, y }, cardWidth) {
    const cardHeight = cardWidth * CARD_RATIO;
    if (Math.abs(Math.sin(angle)) >= ROW_SINE) {
      const down = Math.sin(angle) < 0 ? 1 : -1; // under a plate of the top half, over one of the bottom half
      return { x, y: y + down * ((plate.offsetHeight + cardHeight) / 2 + PLATE_GAP), marksLeft: false };
    }
    const right = Math.cos(angle) < 0 ? 1 : -1; // on the right of a plate on the left, and the other way round
    return { x: x + right * ((plate.offsetWidth + cardWidth) / 2 + PLATE_GAP), y, marksLeft: right < 0 };
  }

  // A card's box with room for its marks on both sides (pixels: left, top, right, bottom).
  function cardBox(spot, cardWidth) {
    const half = { x: cardWidth / 2 + MARK_GAP + MARK, y: (cardWidth * CARD_RATIO) / 2 };
    return [spot.x - half.x, spot.y - half.y, spot.x + half.x, spot.y + half.y];
  }

  // Whether two seats' cards would meet (with their marks), or a card another seat's plate.
  function crowded(spots, cardWidth) {
    const apart = (a, b, gap) => a[2] + gap <= b[0] || b[2] + gap <= a[0] || a[3] + gap <= b[1] || b[3] + gap <= a[1];
    const boxes = spots.map((spot) => cardBox(spot, cardWidth));
    const plateBoxes = seats.map(({ plate, x, y }) => [x - plate.offsetWidth / 2, y - plate.offsetHeight / 2, x + plate.offsetWidth / 2, y + plate.offsetHeight / 2]);
    return boxes.some(
      (box, index) =>
        boxes.some((other, next) => next > index && !apart(box, other, CARD_GAP)) ||
        plateBoxes.some((plate, seat) => seat !== index && !apart(box, plate, 2)),
    );
  }
}

// "0 Pkt. · gesamt 0": a narrow plate wraps the line between its parts, never inside one ("gesamt" above its "0").
function keptWhole(line) {
  return line.split(" · ").flatMap((part, index) => [index > 0 ? " · " : "", el("span", { class: "whole" }, part)]);
}

function plate(seat, index, table) {
  const you = table.seats[index]?.you;
  return el(
    "div",
    { class: `plate ${seat.to_act ? "to-act" : ""} ${you ? "you" : ""}`, dataset: { seat: String(index) } },
    el("div", { class: "name" }, seat.to_act ? "▶ " : "", seat.ai ? "🤖 " : "", seat.name),
    el("div", { class: "score" }, keptWhole(seat.score_line)),
    el(
      "div",
      { class: "detail" },
      el("span", {}, seat.detail_line),
      seat.taken.map((chip) => el("span", { class: `chip ${chip.red ? "red" : ""}` }, chip.index, chip.times && el("small", {}, chip.times))),
      seat.status && el("span", { class: "seat-status" }, seat.status),
    ),
  );
}

// A card on the table, its marks beside it: "1" for the card that led, ★ for the card winning the trick.
function trickCard(play, state) {
  const classes = ["trick-card"];
  const leads = play.seat === state.leader;
  const wins = play.seat === state.winning;
  if (wins) classes.push("winning");
  return el(
    "div",
    { class: classes.join(" "), dataset: { seat: String(play.seat), card: play.card } },
    cardFace(play.card),
    (leads || wins) &&
      el(
        "span",
        { class: "marks" },
        leads && el("span", { class: "mark lead", title: state.lead_label, "aria-label": state.lead_label }, "1"),
        wins && el("span", { class: "mark star", "aria-hidden": "true" }, "★"),
      ),
  );
}

function felt(table, state, me, playable) {
  const count = state.seats.length;
  const shape = SHAPES[shapeOf(count)];
  const width = Math.min(document.getElementById("app").clientWidth, MAX_WIDTH);
  const node = el(
    "div",
    { class: `felt seats-${shapeOf(count)}`, role: "group", "aria-label": state.description },
    state.seats.map((seat, index) => plate(seat, index, table)),
    state.trick.map((play) => trickCard(play, state)),
    state.trick.length === 0 && state.centre.length > 0 && el("div", { class: "centre" }, state.centre.map((line) => el("div", {}, line))),
  );
  node.style.width = `${width}px`;
  node.style.height = `${(width / shape.ratio).toFixed(1)}px`;
  node.style.setProperty("--plate-w", `${(width * shape.plate).toFixed(1)}px`);
  node.style.setProperty("--trick-w", `${(width * shape.card).toFixed(1)}px`);
  node.dataset.afterDraw = "";
  node.afterDraw = () => arrange(node, count, me);
  if (playable) {
    node.dataset.prompt = tr("activity.tricks.play_here");
    makeTarget(node, TABLE);
  }
  return node;
}

// A trick taken, in small cards with the name of who played each, the card that took it outlined.
function takenTrick(caption, plays, winner, seats) {
  return el(
    "div",
    { class: "last-trick" },
    el("div", { class: "caption" }, caption),
    el(
      "div",
      { class: "small-cards" },
      plays.map((play) => el("figure", { class: play.seat === winner ? "winning" : "" }, cardFace(play.card), el("figcaption", {}, seats[play.seat].name))),
    ),
  );
}

// Under the table while a trick is on it: what the middle of the picture says ("Trick 6 · ① Blaise led · ★ Chloé"),
// the legend of the cards' marks (the middle of the page's table is the trick's).
function legend(state) {
  return state.trick.length > 0 && state.centre.length > 0 && el("p", { class: "legend" }, state.centre.join(" · "));
}

function lastTrick(state) {
  if (state.last_trick.length === 0) return state.footer ? el("p", { class: "footer" }, state.footer) : null;
  return takenTrick(state.footer, state.last_trick, state.last_winner, state.seats);
}

// The hand just finished, apart from the table (which shows the next hand, dealt already): its last trick, each
// seat's points and total, what comes next.
function result(state) {
  const hand = state.result;
  return el(
    "section",
    { class: "result" },
    el("h2", {}, hand.title),
    hand.last_trick.length > 0 && takenTrick(hand.last_caption, hand.last_trick, hand.last_winner, state.seats),
    hand.notes.map((note) => el("p", {}, rich(note))),
    el(
      "table",
      {},
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, tr("activity.tricks.this_hand")), el("th", {}, tr("activity.tricks.total")))),
      el("tbody", {}, hand.rows.map((row) => el("tr", {}, el("th", {}, row.name), el("td", {}, String(row.points)), el("td", {}, String(row.total))))),
    ),
    hand.next && el("p", { class: "help" }, rich(hand.next)),
  );
}

function smallCards(caption, codes) {
  return el("div", { class: "small-row" }, el("span", { class: "caption" }, caption), el("span", { class: "small-cards" }, codes.map((code) => cardFace(code))));
}

// The cards side by side, overlapping as much as the width needs (two rows when one would hide their corners): each
// card's left part, its index (rank and suit) and a finger's width, shows from top to bottom, never under another.
function fan(nodes) {
  const width = Math.min(document.getElementById("app").clientWidth, 720) - 24;
  const cardWidth = Math.round(Math.max(58, Math.min(84, width / 5.5)));
  const fits = (count) => count < 2 || (width - cardWidth) / (count - 1) >= cardWidth * INDEX_WIDTH;
  let rows = 1;
  while (!fits(Math.ceil(nodes.length / rows))) rows += 1;
  const perRow = Math.ceil(nodes.length / rows);
  const lines = [];
  for (let start = 0; start < nodes.length; start += perRow) {
    const line = nodes.slice(start, start + perRow);
    const step = line.length > 1 ? Math.min(cardWidth + 6, (width - cardWidth) / (line.length - 1)) : 0;
    line.forEach((node, index) => {
      node.style.width = `${cardWidth}px`;
      if (index > 0) node.style.marginLeft = `${(step - cardWidth).toFixed(1)}px`;
    });
    const row = el("div", { class: "fan-row" }, line);
    if (start > 0) row.style.marginTop = `${ROW_GAP}px`;
    lines.push(row);
  }
  return el("div", { class: "fan" }, lines);
}

function handView(table, state, connection) {
  const hand = state.hand;
  const legal = new Set(hand.legal);
  const send = (action) => connection.send(action, { quiet: true });
  if (hand.step !== "pass" || passChoice.hand !== state.hand_number) passChoice = { hand: state.hand_number, chosen: [] };
  const received = new Set(hand.received ? hand.received.cards : []);
  const nodes = hand.cards.map((code, index) => {
    const classes = ["hand-card"];
    if (hand.step === "play" && legal.size < hand.cards.length) classes.push(legal.has(code) ? "legal" : "dim");
    if (received.has(code)) classes.push("received");
    if (passChoice.chosen.includes(index)) classes.push("chosen");
    const pressed = hand.step === "pass" ? String(passChoice.chosen.includes(index)) : null;
    const node = el("div", { class: classes.join(" "), role: "button", tabindex: "0", "aria-pressed": pressed, dataset: { card: code, index: String(index) } }, cardFace(code));
    const refusal = hand.refused?.[code];
    if (hand.step === "play" && refusal) {
      // A greyed card: a tap (or Enter) says why, in the bot's own words; it is never sent.
      const explain = () => toast(refusal, true);
      node.addEventListener("click", explain);
      node.addEventListener("keydown", (event) => (event.key === "Enter" || event.key === " ") && explain());
    } else if (hand.step === "play") {
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") send({ kind: "play", card: code, hand: state.hand_number });
      });
      makeDraggable(node, code, {
        key: `hand:${index}:${code}`,
        targetsFor: () => (legal.has(code) ? { [TABLE]: { kind: "legal" } } : {}),
        drop: (card) => send({ kind: "play", card, hand: state.hand_number }),
      });
    } else if (hand.step === "pass") {
      const toggle = () => {
        const chosen = passChoice.chosen;
        if (chosen.includes(index)) chosen.splice(chosen.indexOf(index), 1);
        else {
          chosen.push(index);
          if (chosen.length > hand.pass.count) chosen.shift();
        }
        connection.redraw();
      };
      node.addEventListener("click", toggle);
      node.addEventListener("keydown", (event) => (event.key === "Enter" || event.key === " ") && toggle());
    }
    return node;
  });
  const buttons = [];
  if (hand.step === "pass") {
    const chosen = passChoice.chosen.map((index) => hand.cards[index]);
    buttons.push(
      el(
        "button",
        { class: "primary pass", disabled: chosen.length !== hand.pass.count, onclick: () => send({ kind: "pass", cards: chosen, hand: state.hand_number }) },
        `${hand.pass.button} · ${chosen.length}/${hand.pass.count}`,
      ),
    );
  }
  for (const choice of hand.moon ?? []) {
    buttons.push(el("button", { class: choice.choice === "minus_self" ? "success" : "danger", onclick: () => send({ kind: "moon", choice: choice.choice, hand: state.hand_number }) }, choice.label));
  }
  if (hand.step !== "wait") buttons.push(el("button", { class: "hint", onclick: () => connection.send({ kind: "hint" }) }, "💡 ", tr("button.hint")));
  return el(
    "section",
    { class: `hand tricks-hand ${hand.step !== "wait" ? "my-turn" : ""}`, "aria-label": tr("activity.your_hand") },
    el("h2", {}, tr("activity.your_hand")),
    hand.why.map((line) => el("p", { class: "help small" }, rich(line))),
    hand.pass?.chosen && smallCards(hand.pass.chosen_caption, hand.pass.chosen),
    hand.received && smallCards(hand.received.caption, hand.received.cards),
    fan(nodes),
    buttons.length > 0 && el("div", { class: "buttons" }, buttons),
  );
}

export function renderTricks(table, connection) {
  preloadDeck();
  const state = table.play;
  const seated = table.seat !== null && state.hand;
  const me = seated ? table.seat : 0;
  const parts = [
    el("p", { class: "header" }, state.header),
    state.lines.length > 0 && el("p", { class: "help small lines" }, state.lines.flatMap((line, index) => (index > 0 ? [" · ", rich(line)] : [rich(line)]))),
    state.status_line && el("p", { class: "status" }, rich(state.status_line)),
    felt(table, state, me, seated && state.hand.step === "play"),
    legend(state),
    lastTrick(state),
    state.result && result(state),
  ];
  if (seated) parts.push(handView(table, state, connection));
  else if (table.status === "playing") parts.push(el("p", { class: "help" }, tr("activity.spectator")));
  return parts.filter(Boolean);
}
