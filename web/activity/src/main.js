// The Activity's page: Discord's SDK says who is here (an OAuth2 code the server exchanges), then one WebSocket
// brings the table of this channel, live; moves go back over it.
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { setTexts, tr } from "./text.js";
import { render, showAnswer, showNotice } from "./view.js";

const RECONNECT_DELAYS = [250, 500, 1000, 2000, 4000];

async function getJson(path, options) {
  const response = await fetch(path, options);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

async function signIn() {
  const config = await getJson("api/config");
  const sdk = new DiscordSDK(config.client_id, { disableConsoleLogOverride: true });
  await sdk.ready();
  showNotice(tr("activity.signing_in"));
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  return getJson("api/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
}

class Connection {
  constructor(ticket, renew) {
    this.ticket = ticket;
    this.renew = renew; // a new ticket from Discord (the bot restarted: tickets live in its memory)
    this.nextId = 0;
    this.attempt = 0;
    this.socket = null;
  }

  open() {
    const url = new URL("api/ws", window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      socket.send(JSON.stringify({ type: "hello", ticket: this.ticket }));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        this.renewed = false;
        render(message, this);
      }
      else if (message.type === "answer") showAnswer(message, this);
      else if (message.type === "unauthorized") this.ticket = null;
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      if (!this.ticket) return this.signInAgain();
      document.body.classList.add("offline");
      const delay = RECONNECT_DELAYS[Math.min(this.attempt, RECONNECT_DELAYS.length - 1)];
      this.attempt += 1;
      setTimeout(() => this.open(), delay);
    });
  }

  async signInAgain() {
    if (this.renewed) return showNotice(tr("activity.not_signed_in"));
    this.renewed = true;
    try {
      this.ticket = (await this.renew()).ticket;
      this.open();
    } catch {
      showNotice(tr("activity.not_signed_in"));
    }
  }

  send(action) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.nextId += 1;
    this.socket.send(JSON.stringify({ type: "act", id: this.nextId, action }));
    return true;
  }

  // A test drops the connection as a network would (window.activity.drop()).
  drop() {
    this.socket?.close();
  }
}

async function start() {
  setTexts(await getJson(`api/texts?locale=${encodeURIComponent(navigator.language || "en")}`));
  showNotice(tr("activity.connecting"));
  let session;
  try {
    session = await signIn();
  } catch (error) {
    showNotice(tr("activity.not_signed_in"));
    return;
  }
  setTexts(await getJson(`api/texts?locale=${encodeURIComponent(session.user.locale)}`));
  document.documentElement.lang = tr("language");
  const connection = new Connection(session.ticket, signIn);
  window.activity = connection;
  connection.open();
}

start();
