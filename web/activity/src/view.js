// Draws a table state (the lobby, a game, its end) and the answers to this person's moves.
import { el, rich, tr } from "./text.js";
import { renderTheGame } from "./thegame.js";
import { renderGeneric } from "./generic.js";

const app = () => document.getElementById("app");
let toastTimer = null;

export function showNotice(text) {
  app().replaceChildren(el("p", { class: "notice" }, rich(text)));
}

export function toast(text, refused = false) {
  const box = document.getElementById("toast");
  box.replaceChildren(rich(text));
  box.className = refused ? "refused" : "";
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), refused ? 6000 : 3500);
}

export function showAnswer(answer, connection) {
  if (answer.confirm) return confirmDialog(answer, connection);
  if (answer.text) toast(answer.text, answer.refused);
}

function confirmDialog(answer, connection) {
  const dialog = el(
    "div",
    { class: "dialog", role: "alertdialog", "aria-modal": "true" },
    el("p", {}, rich(answer.text)),
    el(
      "div",
      { class: "buttons" },
      el("button", { class: "danger", onclick: () => { dialog.remove(); connection.send(answer.confirm); } }, tr("activity.confirm")),
      el("button", { onclick: () => dialog.remove() }, tr("activity.cancel")),
    ),
  );
  document.body.append(dialog);
}

function lobby(table, connection) {
  const lobbyState = table.lobby;
  const act = (kind) => () => connection.send({ kind });
  return el(
    "section",
    { class: "lobby" },
    el("p", { class: "help" }, rich(lobbyState.help)),
    el("h2", {}, lobbyState.players),
    el("ul", { class: "seats" }, table.seats.map((seat) => el("li", { class: seat.you ? "you" : "" }, (seat.ai ? "🤖 " : "") + seat.name))),
    el(
      "div",
      { class: "buttons" },
      lobbyState.can_join && el("button", { class: "success", onclick: act("join") }, tr("button.join")),
      lobbyState.can_leave && el("button", { onclick: act("leave") }, tr("button.leave")),
      lobbyState.can_add_ai && el("button", { onclick: act("add_ai") }, tr("button.add_ai")),
      lobbyState.can_start && el("button", { class: "primary", onclick: act("start") }, tr("button.start")),
    ),
  );
}

export function render(message, connection) {
  document.body.classList.remove("offline");
  document.querySelectorAll(".dialog").forEach((dialog) => dialog.remove());
  const table = message.table;
  if (!table) return showNotice(tr("activity.no_table"));
  const parts = [el("header", {}, el("h1", {}, table.name))];
  if (table.status === "lobby") parts.push(lobby(table, connection));
  else if (table.play?.kind === "thegame") parts.push(...renderTheGame(table, connection));
  else if (table.play) parts.push(...renderGeneric(table, message, connection));
  if (table.end) parts.push(el("p", { class: "end" }, rich(table.end)));
  app().replaceChildren(...parts);
  app().dataset.status = table.status;
}
