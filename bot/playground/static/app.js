// The playground page: one channel as one person sees it, kept live by server-sent events.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const state = {
  world: null,
  user: (params.get("as") || "alice").toLowerCase(),
  channel: params.get("channel") || "table",
  rendered: new Map(), // message id -> {json, element}
  dismissed: new Set(JSON.parse(sessionStorage.getItem("dismissed") || "[]")),
  replyTo: null,
  events: null,
  suggestions: [],
  active: -1,
  locale: null, // the language of the person playing: the page's own texts follow it
  stuck: true, // the channel shows its bottom, and keeps showing it as messages come and grow (as on Discord)
};
// Only this page may act: the server wrote this start's token into it (a restarted server has a new one).
const TOKEN = document.querySelector('meta[name="playground-token"]').content;
const AVATAR_COLOURS = ["#5865f2", "#757e8a", "#3ba55c", "#faa61a", "#ed4245", "#eb459f"];

// -- the page's own texts, in the language of the person playing (from the bot's catalogs) --------------------------
function tr(key, values = {}) {
  const texts = state.world?.texts || {};
  const template = (texts[state.locale] || {})[key] ?? (texts["en-US"] || {})[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function applyTexts() {
  document.documentElement.lang = (state.locale || "en").split("-")[0];
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = tr(node.dataset.text);
  for (const node of document.querySelectorAll("[data-text-label]")) node.setAttribute("aria-label", tr(node.dataset.textLabel));
  const [before, after] = tr("other_tab").split("{example}");
  $("other-tab").replaceChildren(before, el("code", {}, "?as=bob"), after ?? "");
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "html") node.innerHTML = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// -- markdown (Discord's subset), on escaped text -----------------------------------------------------------------
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// A custom emoji (`<:name:id>`, `<a:name:id>`, escaped by now) as its picture, from the local Discord's CDN.
const CUSTOM_EMOJI = /&lt;(a?):(\w+):(\d+)&gt;/g;

function emojiImage(name, id, animated) {
  return `<img class="emoji" src="/emojis/${id}.${animated ? "gif" : "png"}" alt=":${name}:" title=":${name}:" draggable="false">`;
}

function inline(text) {
  // The emojis wait aside while the markdown is read (their names hold underscores).
  const emojis = [];
  text = text.replace(CUSTOM_EMOJI, (_, animated, name, id) => {
    emojis.push(emojiImage(name, id, animated));
    return `\u0001${emojis.length - 1}\u0001`;
  });
  return withMarkdown(text).replace(/\u0001(\d+)\u0001/g, (_, i) => emojis[Number(i)]);
}

function withMarkdown(text) {
  return text
    .replace(/\*\*\*(.+?)\*\*\*/gs, "<strong><em>$1</em></strong>")
    .replace(/\*\*(.+?)\*\*/gs, "<strong>$1</strong>")
    .replace(/__(.+?)__/gs, "<u>$1</u>")
    .replace(/(^|[^*\w])\*(?!\s)(.+?)\*(?!\w)/gs, "$1<em>$2</em>")
    .replace(/(^|\W)_(?!\s)(.+?)_(?!\w)/gs, "$1<em>$2</em>")
    .replace(/~~(.+?)~~/gs, "<s>$1</s>")
    .replace(/\|\|(.+?)\|\|/gs, `<span class="spoiler" tabindex="0" role="button" aria-label="${escapeHtml(tr("spoiler"))}">$1</span>`)
    .replace(/\[([^\]]+)\]\((#[\w-]+ › 💬)\)/gu, '<span class="mention" title="$2">$1</span>')  // a link to a message
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2" target="_blank" rel="noopener">$1</a>')
    .replace(/(^|[\s(])(https?:\/\/[^\s<]+)/g, '$1<a href="$2" target="_blank" rel="noopener">$2</a>')
    .replace(/&lt;\/([\p{L}\p{N}_ -]+)&gt;/gu, '<button type="button" class="mention command">/$1</button>')  // "/règles" too
    .replace(/&lt;t:(\d+)(?::([tTdDfFR]))?&gt;/g, (_, seconds, style) => timestamp(Number(seconds), style))
    .replace(/(^|\s)(@[\w\u00C0-\u024F-]+|#[\w-]+)/g, '$1<span class="mention">$2</span>');
}

// A message's time as Discord writes it: "7:30 PM" where the clock has 12 hours, "07:30" where it has 24.
const TWELVE_HOURS = new Intl.DateTimeFormat([], { hour: "numeric" }).resolvedOptions().hour12;
function messageTime(when) {
  return when.toLocaleTimeString([], { hour: TWELVE_HOURS ? "numeric" : "2-digit", minute: "2-digit" });
}

// A Discord timestamp as the person's Discord app shows it: in their language (a French reader: "27/11/2026 09:02").
const TIMESTAMP_STYLES = {
  t: { timeStyle: "short" },
  T: { timeStyle: "medium" },
  d: { dateStyle: "short" },
  D: { dateStyle: "long" },
  f: { dateStyle: "long", timeStyle: "short" },
  F: { dateStyle: "full", timeStyle: "short" },
};

// "in 27 seconds", "3 minutes ago", "in 2 hours": the largest unit that fits, as Discord's app counts (never "this
// minute", which Discord does not say).
const RELATIVE_UNITS = [["year", 365 * 86400], ["month", 30 * 86400], ["day", 86400], ["hour", 3600], ["minute", 60]];
function relativeTime(milliseconds, language) {
  const seconds = Math.round(milliseconds / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always" });
  for (const [unit, length] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= length) return format.format(Math.round(seconds / length), unit);
  }
  return format.format(seconds, "second");
}

function timestamp(seconds, style) {
  const date = new Date(seconds * 1000);
  const language = state.locale || undefined;
  if (style === "R") return relativeTime(date - Date.now(), language);
  return new Intl.DateTimeFormat(language, TIMESTAMP_STYLES[style] || TIMESTAMP_STYLES.f).format(date);
}

function markdown(source) {
  const blocks = [];
  let text = escapeHtml(source || "").replace(/```(?:\w*\n)?([\s\S]*?)```/g, (_, code) => {
    blocks.push(`<pre><code>${code.replace(/\n$/, "")}</code></pre>`);
    return `\u0000${blocks.length - 1}\u0000`;
  });
  text = text.replace(/`([^`\n]+)`/g, (_, code) => {
    blocks.push(`<code>${code}</code>`);
    return `\u0000${blocks.length - 1}\u0000`;
  });
  // A backslash before a markdown character shows that character as written (Discord's escape: a name like
  // "\[l\](https\://…)" reads as text, without the backslashes).
  text = text.replace(/\\(&lt;|&gt;|&amp;|&quot;|&#39;|[!-\/:-@[-`{-~])/g, (_, character) => {
    blocks.push(character);
    return `\u0000${blocks.length - 1}\u0000`;
  });
  const lines = text.split("\n").map((line) => {
    let match;
    if ((match = line.match(/^(#{1,3}) (.*)$/))) return `<span class="h${match[1].length}">${inline(match[2])}</span>`;
    if ((match = line.match(/^-# (.*)$/))) return `<span class="subtext">${inline(match[1])}</span>`;
    if ((match = line.match(/^&gt; ?(.*)$/))) return `<blockquote>${inline(match[1])}</blockquote>`;
    if ((match = line.match(/^\s*[-*] (.*)$/))) return `• ${inline(match[1])}`;
    return inline(line);
  });
  return lines.join("<br>").replace(/<\/blockquote><br>/g, "</blockquote>").replace(/\u0000(\d+)\u0000/g, (_, i) => blocks[Number(i)]);
}

// -- talking to the server ----------------------------------------------------------------------------------------
async function post(action, body) {
  let response;
  try {
    response = await fetch(`/playground/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Playground-Token": TOKEN },
      body: JSON.stringify({ user: state.user, channel: state.channel, ...body }),
    });
  } catch {
    waitForServer();
    return { error: tr("reconnecting") };
  }
  if (response.status === 403) waitForServer();
  let data = {};
  try { data = await response.json(); } catch { data = { error: tr("server_answered", { status: response.status }) }; }
  return data;
}

function connect() {
  if (state.events) state.events.close();
  const query = new URLSearchParams({ user: state.user, channel: state.channel, token: TOKEN });
  state.events = new EventSource(`/playground/events?${query}`);
  state.events.addEventListener("channel", (event) => render(JSON.parse(event.data)));
  state.events.onopen = () => { $("status").textContent = ""; };
  state.events.onerror = () => {
    $("status").textContent = tr("reconnecting");
    // The browser retries by itself while the server is away; a server that refuses the stream has restarted
    // (a new world, a new token): then this page loads again from it, at the same address.
    if (state.events.readyState === EventSource.CLOSED) waitForServer();
  };
}

let waiting = false;
async function waitForServer() {
  if (waiting) return;
  waiting = true;
  $("status").textContent = tr("reconnecting");
  for (;;) {
    try {
      const response = await fetch("/playground/world", { cache: "no-store" });
      if (response.ok) { location.reload(); return; }
    } catch { /* not back yet */ }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// -- rendering ----------------------------------------------------------------------------------------------------
function avatar(person) {
  const colour = person.bot ? "#5865f2" : AVATAR_COLOURS[Number(BigInt(person.id) % 6n)];
  return el("div", { class: "avatar", style: `background:${colour}`, "aria-hidden": "true" }, person.display[0].toUpperCase());
}

function emoji(component) {
  const value = component.emoji;
  if (!value) return null;
  if (value.id) {
    return el("img", { class: "emoji", src: `/emojis/${value.id}.${value.animated ? "gif" : "png"}`, alt: `:${value.name}:`, draggable: "false" });
  }
  return el("span", { "aria-hidden": "true" }, value.name);
}

// Discord shows a message of emojis alone (at most 30) in large.
function onlyEmojis(text) {
  const custom = (text || "").match(/<a?:\w+:\d+>/g) || [];
  return custom.length > 0 && custom.length <= 30 && !text.replace(/<a?:\w+:\d+>/g, "").trim();
}

function colour(value) {
  return value === null || value === undefined ? "#1e1f22" : `#${value.toString(16).padStart(6, "0")}`;
}

function image(source, cls) {
  if (!source) return null;
  // Its size is known before it loads (width and height give its box its shape), so nothing below it moves.
  return el("div", { class: cls }, el("img", {
    src: source.url, alt: source.alt || "", loading: "lazy", width: source.width, height: source.height,
  }));
}

function embed(data) {
  return el("article", { class: "embed", style: `border-left-color:${colour(data.color)}` },
    image(data.thumbnail, "embed-thumbnail"),
    data.author && el("div", { class: "embed-author" }, data.author),
    data.title && el("div", { class: "embed-title md", html: inline(escapeHtml(data.title)) }),
    data.description && el("div", { class: "embed-description md", html: markdown(data.description) }),
    data.fields.length > 0 && el("div", { class: "embed-fields" }, data.fields.map((field) =>
      el("div", { class: field.inline ? "field inline" : "field" },
        el("div", { class: "field-name md", html: inline(escapeHtml(field.name)) }),
        el("div", { class: "field-value md", html: markdown(field.value) })))),
    image(data.image, "embed-image"),
    data.footer && el("div", { class: "embed-footer" }, data.footer));
}

function attachment(data) {
  if (data.image) return image({ url: data.url, alt: data.description, width: data.width, height: data.height }, "attachment");
  return el("div", { class: "attachment file" }, "📄 ", el("a", { href: data.url, download: data.filename }, data.filename));
}

function failure(messageNode, text) {
  messageNode.querySelectorAll(".failed").forEach((n) => n.remove());
  if (text) messageNode.querySelector(".body").append(el("p", { class: "failed", role: "alert" }, text));
}

async function interact(messageNode, control, action, body) {
  control.classList.add("pending");
  control.setAttribute("aria-busy", "true");
  const result = await post(action, body);
  control.classList.remove("pending");
  control.removeAttribute("aria-busy");
  failure(messageNode, result.error);
}

function button(message, component, node) {
  const label = [emoji(component), component.label];
  if (component.style === 5 || component.url) {
    return el("a", { class: "btn style-5", href: component.url, target: "_blank", rel: "noopener" }, label, " ↗");
  }
  return el("button", {
    type: "button",
    class: `btn style-${component.style || 2}`,
    "data-custom-id": component.custom_id,
    disabled: Boolean(component.disabled),
    onclick: (event) => interact(node(), event.currentTarget, "click", { message: message.id, custom_id: component.custom_id }),
  }, label);
}

function select(message, component, node) {
  const multiple = (component.max_values || 1) > 1;
  const wrapper = el("div", { class: "select", "data-custom-id": component.custom_id });
  const menu = el("ul", { class: "select-menu", role: "listbox", "aria-multiselectable": multiple ? "true" : null, hidden: true });
  const toggle = el("button", {
    type: "button",
    class: "select-toggle",
    "aria-haspopup": "listbox",
    "aria-expanded": "false",
    disabled: Boolean(component.disabled) || component.type !== 3,
    onclick: () => {
      const open = menu.hidden;
      menu.hidden = !open;
      toggle.setAttribute("aria-expanded", String(open));
      if (open) {
        menu.querySelector("button, input")?.focus({ preventScroll: true });
        menu.scrollIntoView({ block: "nearest" }); // a list opened low on a phone comes into sight
      }
    },
  }, component.type === 3 ? (component.placeholder || tr("make_selection")) : tr("menu_unsupported"));
  const send = (values) => {
    menu.hidden = true;
    toggle.setAttribute("aria-expanded", "false");
    interact(node(), toggle, "select", { message: message.id, custom_id: component.custom_id, values });
  };
  for (const option of component.options || []) {
    const text = [emoji(option), el("span", {}, option.label, option.description && el("small", {}, option.description))];
    if (multiple) {
      menu.append(el("li", { role: "option" }, el("label", { class: "select-option" },
        el("input", { type: "checkbox", value: option.value, checked: Boolean(option.default) }), text)));
    } else {
      menu.append(el("li", { role: "option" },
        el("button", { type: "button", class: "select-option", onclick: () => send([option.value]) }, text)));
    }
  }
  if (multiple) {
    const min = component.min_values ?? 1;
    const max = component.max_values;
    const asking = () => (min === max ? tr("choose_button_exactly", { count: min }) : tr("choose_button"));
    const howMany = min === max ? tr("choose_exactly", { count: min }) : tr("choose_between", { min, max });
    // Once as many are ticked as the menu asks, the button sends them (it no longer asks to choose), and the red
    // "Choose 3." of a press too early goes (a reviewer saw it stay with three ticked).
    const update = () => {
      const ticked = menu.querySelectorAll("input:checked").length;
      const enough = ticked >= min && ticked <= max;
      done.textContent = enough ? tr("send") : asking();
      if (enough) node()?.querySelectorAll(".failed").forEach((n) => n.textContent === howMany && n.remove());
    };
    menu.addEventListener("change", update);
    const done = el("button", {
      type: "button",
      class: "btn style-1 select-done",
      onclick: () => {
        const values = [...menu.querySelectorAll("input:checked")].map((input) => input.value);
        if (values.length < min || values.length > max) {
          failure(node(), howMany);
          return;
        }
        send(values);
      },
    });
    menu.append(el("li", {}, done));
    update();
  }
  wrapper.append(toggle, menu);
  return wrapper;
}

function components(message, node) {
  return (message.components || []).map((row) => {
    const children = row.type === 1 ? row.components : [row];
    return el("div", { class: "row" }, children.map((component) => {
      if (component.type === 2) return button(message, component, node);
      if ([3, 5, 6, 7, 8].includes(component.type)) return select(message, component, node);
      if (component.type === 10) return el("div", { class: "md", html: markdown(component.content) });
      return null;
    }));
  });
}

function messageNode(message) {
  let node;
  const self = () => node;
  const when = new Date(message.timestamp);
  const context = [];
  if (message.reply) {
    context.push(el("div", { class: "context" }, "↱ ", el("strong", {}, message.reply.author.display), " ", message.reply.text));
  }
  if (message.command) {
    context.push(el("div", { class: "context" }, "↱ ", el("strong", {}, message.command.user.display), ` ${tr("used")} `,
      el("button", { type: "button", class: "mention command" }, `/${message.command.name}`)));
  }
  const content = message.loading
    ? el("div", { class: "thinking" }, tr("thinking", { name: message.author.display }))
    : message.content && el("div", { class: onlyEmojis(message.content) ? "content md jumbo" : "content md", html: markdown(message.content) },
      message.edited ? el("span", { class: "edited" }, ` ${tr("edited")}`) : null);
  const reactions = message.reactions.length > 0 && el("div", { class: "reactions" }, message.reactions.map((reaction) =>
    el("button", {
      type: "button",
      class: "reaction",
      "aria-pressed": String(reaction.me),
      "aria-label": `${reaction.emoji} ${reaction.count}, ${tr(reaction.me ? "unreact" : "react")}`,
      onclick: () => post("react", { message: message.id, emoji: reaction.emoji }),
    }, `${reaction.emoji} ${reaction.count}`)));
  const ephemeral = message.ephemeral && el("div", { class: "ephemeral-note" }, `👁 ${tr("only_you")} · `,
    el("button", { type: "button", onclick: () => dismiss(message.id) }, tr("dismiss")));
  const actions = !message.ephemeral && el("div", { class: "message-actions" },
    el("button", { type: "button", onclick: () => startReply(message) }, tr("reply")));
  node = el("li", {
    class: ["message", message.ephemeral && "ephemeral", message.mentions_me && "mentions-me"].filter(Boolean).join(" "),
    id: `m-${message.id}`,
    "data-author": message.author.name,
  },
  context,
  avatar(message.author),
  el("div", { class: "body" },
    el("div", { class: "head" },
      el("span", { class: "author" }, message.author.display),
      message.author.bot && el("span", { class: "badge" }, "APP"),
      el("time", { datetime: message.timestamp }, messageTime(when))),
    content,
    message.embeds.map(embed),
    message.attachments.map(attachment),
    components(message, self),
    reactions,
    ephemeral),
  actions);
  return node;
}

function render(snapshot) {
  const list = $("messages");
  if (state.world && snapshot.locale && snapshot.locale !== state.locale) {
    // The person's language changed (here or in another tab): the page's texts and its messages follow.
    state.locale = snapshot.locale;
    const person = state.world.people.find((p) => p.name === state.user);
    if (person) person.locale = snapshot.locale;
    showTexts();
    state.rendered.clear();
    list.replaceChildren();
  }
  const seen = new Set();
  let previous = null;
  for (const message of snapshot.messages) {
    if (state.dismissed.has(message.id)) continue;
    seen.add(message.id);
    const json = JSON.stringify(message);
    let entry = state.rendered.get(message.id);
    if (!entry || entry.json !== json) {
      const fresh = messageNode(message);
      if (entry) {
        keepPicturesWhileLoading(entry.element, fresh);
        growth.unobserve(entry.element);
        entry.element.replaceWith(fresh);
      }
      growth.observe(fresh);
      entry = { json, element: fresh };
      state.rendered.set(message.id, entry);
    }
    const expected = previous ? previous.nextSibling : list.firstChild;
    if (entry.element !== expected) list.insertBefore(entry.element, expected);
    previous = entry.element;
  }
  for (const [id, entry] of state.rendered) {
    if (!seen.has(id)) { growth.unobserve(entry.element); entry.element.remove(); state.rendered.delete(id); }
  }
  $("empty").hidden = seen.size > 0;
  stickToBottom();
  const me = state.world && state.world.people.find((p) => p.name === state.user);
  if (me) activityLaunches(snapshot.activity, post, me);
  if (state.world && snapshot.locale) $("language").value = snapshot.locale;
}

// -- staying at the bottom ------------------------------------------------------------------------------------------
// Discord keeps a channel scrolled to its bottom while you are there: when a message comes, and when one above grows
// (a picture loads, a hand or the board is edited, the window or the on-screen keyboard changes the list's height).
// Scrolling up leaves the bottom; scrolling back down sticks to it again.
const STICK_DISTANCE = 40; // px from the bottom that still count as being there
const growth = new ResizeObserver(() => stickToBottom());

function stickToBottom() {
  const list = $("messages");
  if (state.stuck) list.scrollTop = list.scrollHeight;
}

function noteScroll() {
  const list = $("messages");
  state.stuck = list.scrollHeight - list.scrollTop - list.clientHeight < STICK_DISTANCE;
}

// A picture replaced by a newer one (the board after a move) shows the older one until the newer one has loaded,
// in the same box: no blank frame, no jump.
function keepPicturesWhileLoading(before, after) {
  const older = [...before.querySelectorAll("img")];
  after.querySelectorAll("img").forEach((img, index) => {
    const previous = older[index];
    if (!previous || !previous.complete || !previous.currentSrc || previous.currentSrc === img.src) return;
    img.style.backgroundImage = `url("${previous.currentSrc}")`;
    img.classList.add("replacing");
    const done = () => { img.style.backgroundImage = ""; img.classList.remove("replacing"); };
    img.addEventListener("load", done, { once: true });
    img.addEventListener("error", done, { once: true });
  });
}

// -- an empty channel says how to start, and who you are ----------------------------------------------------------
function showEmptyChannel() {
  const person = state.world.people.find((p) => p.name === state.user) || state.world.people[0];
  const command = (state.world.start_command || {})[state.locale] || "game new";
  const [before, after] = tr("empty_channel", { name: person.display }).split("{command}");
  $("empty").replaceChildren(before, el("button", { type: "button", class: "mention command" }, `/${command}`), after ?? "");
}

// A command's mention ("/game new" in /help, or under "Alice used") puts the command in the message box, as on
// Discord; its options are suggested from there.
function useCommand(event) {
  const mention = event.target.closest?.(".mention.command");
  if (!mention) return;
  const box = $("box");
  box.value = `${mention.textContent.trim()} `;
  fitBox();
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  requestSuggestions();
}

function dismiss(id) {
  state.dismissed.add(id);
  sessionStorage.setItem("dismissed", JSON.stringify([...state.dismissed]));
  state.rendered.get(id)?.element.remove();
  state.rendered.delete(id);
}

function startReply(message) {
  state.replyTo = message.id;
  $("replying-text").textContent = tr("replying_to", { name: message.author.display });
  $("replying").hidden = false;
  $("box").focus();
}

function cancelReply() {
  state.replyTo = null;
  $("replying").hidden = true;
}

// -- the message box: chat, slash commands and their suggestions -------------------------------------------------
let suggestTimer = null;
let suggestRound = 0;

function showSuggestions(list) {
  state.suggestions = list;
  state.active = list.length > 0 ? 0 : -1;
  const box = $("suggestions");
  box.replaceChildren(...list.map((item, index) => el("li", {
    role: "option",
    id: `suggestion-${index}`,
    "aria-selected": String(index === state.active),
    onmousedown: (event) => { event.preventDefault(); pick(index); },
  }, el("span", {}, item.label), item.description && el("small", {}, item.description))));
  box.hidden = list.length === 0;
  $("box").setAttribute("aria-expanded", String(list.length > 0));
  $("box").setAttribute("aria-activedescendant", state.active >= 0 ? `suggestion-${state.active}` : "");
}

function moveActive(step) {
  if (state.suggestions.length === 0) return;
  state.active = (state.active + step + state.suggestions.length) % state.suggestions.length;
  [...$("suggestions").children].forEach((item, index) => item.setAttribute("aria-selected", String(index === state.active)));
  $("suggestions").children[state.active].scrollIntoView({ block: "nearest" });
  $("box").setAttribute("aria-activedescendant", `suggestion-${state.active}`);
}

function pick(index) {
  const item = state.suggestions[index];
  if (!item) return;
  $("box").value = item.text;
  fitBox();
  showSuggestions([]);
  $("box").focus();
  requestSuggestions();
}

function requestSuggestions() {
  clearTimeout(suggestTimer);
  const text = $("box").value;
  if (!text.startsWith("/") || text.includes("\n")) { showSuggestions([]); return; }
  suggestTimer = setTimeout(async () => {
    const round = ++suggestRound;
    const result = await post("suggest", { text });
    if (round === suggestRound && $("box").value === text) showSuggestions(result.suggestions || []);
  }, 120);
}

async function submit(event) {
  event?.preventDefault();
  const box = $("box");
  const text = box.value.trim();
  if (!text) return;
  $("composer-error").textContent = "";
  showSuggestions([]);
  box.value = "";
  fitBox();
  const result = text.startsWith("/")
    ? await post("command", { text })
    : await post("send", { content: text, message: state.replyTo });
  if (result.error) {
    $("composer-error").textContent = result.error;
    if (!box.value) { box.value = text; fitBox(); }
  } else {
    cancelReply();
  }
}

// The message box grows with what is typed, and is one line again once it is sent (or emptied).
function fitBox() {
  const box = $("box");
  box.style.height = "auto";
  box.style.height = `${box.scrollHeight}px`;
}

function onKey(event) {
  const open = !$("suggestions").hidden && state.suggestions.length > 0;
  if (open && event.key === "ArrowDown") { event.preventDefault(); moveActive(1); }
  else if (open && event.key === "ArrowUp") { event.preventDefault(); moveActive(-1); }
  else if (open && (event.key === "Tab" || (event.key === "Enter" && !event.shiftKey && !suggestionComplete()))) {
    event.preventDefault();
    pick(state.active);
  } else if (event.key === "Escape") { showSuggestions([]); cancelReply(); }
  else if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); submit(); }
}

// Enter sends the command, as in Discord, when the active suggestion would not change the line (it is already
// complete) or only offers an optional option; Tab still picks it.
function suggestionComplete() {
  const item = state.suggestions[state.active];
  return !item || item.optional || item.text.trim() === $("box").value.trim();
}

// The message box's hint on one line: the long one ("..., or type / for commands") where it fits, else the short
// one, as on Discord ("Message #table").
function fitPlaceholder() {
  const box = $("box");
  const channel = channelByKey(state.channel).name;
  const person = state.world.people.find((p) => p.name === state.user) || state.world.people[0];
  const long = tr("box_placeholder", { channel, name: person.display });
  const style = getComputedStyle(box);
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const pen = (fitPlaceholder.canvas ||= document.createElement("canvas")).getContext("2d");
  pen.font = style.font;
  box.placeholder = room > 0 && pen.measureText(long).width > room ? tr("box_placeholder_short", { channel }) : long;
}

// -- who and where ------------------------------------------------------------------------------------------------
function channelByKey(key) {
  return state.world.channels.find((c) => c.name === key || c.id === key) || state.world.channels[0];
}

function updateLocation() {
  const query = new URLSearchParams({ as: state.user, channel: channelByKey(state.channel).name });
  history.replaceState(null, "", `?${query}`);
}

// The page's own texts for the person playing and the channel shown (again when their language changes).
function showTexts() {
  const channel = channelByKey(state.channel);
  const person = state.world.people.find((p) => p.name === state.user) || state.world.people[0];
  applyTexts();
  fitPlaceholder();
  showEmptyChannel();
  $("playing-as").textContent = tr("playing_as", { name: person.display });
  document.title = tr("page_title", { channel: channel.name, name: person.display });
}

function show() {
  const channel = channelByKey(state.channel);
  const person = state.world.people.find((p) => p.name === state.user) || state.world.people[0];
  state.user = person.name;
  state.channel = channel.name;
  $("channel-name").textContent = channel.name;
  state.locale = person.locale;
  showTexts();
  $("user").value = person.name;
  $("language").value = person.locale;
  for (const item of $("channels").querySelectorAll("button")) {
    item.setAttribute("aria-current", String(item.dataset.name === channel.name));
  }
  state.rendered.clear();
  $("messages").replaceChildren();
  state.stuck = true;
  cancelReply();
  updateLocation();
  connect();
}

async function start() {
  state.world = await (await fetch("/playground/world")).json();
  $("server-name").textContent = state.world.server;
  $("channels").replaceChildren(...state.world.channels.map((channel) => el("li", {},
    el("button", { type: "button", "data-name": channel.name, onclick: () => { state.channel = channel.name; closeMenu(); show(); } }, channel.name))));
  $("user").replaceChildren(...state.world.people.map((p) => el("option", { value: p.name }, p.display)));
  $("language").replaceChildren(...state.world.languages.map((l) => el("option", { value: l.locale }, l.name)));
  $("user").addEventListener("change", () => { state.user = $("user").value; show(); });
  $("language").addEventListener("change", async () => {
    await post("language", { locale: $("language").value });
    state.world = await (await fetch("/playground/world")).json();
  });
  showServerLanguages();
  $("composer").addEventListener("submit", submit);
  $("box").addEventListener("input", () => {
    requestSuggestions();
    fitBox();
  });
  $("box").addEventListener("keydown", onKey);
  $("box").addEventListener("blur", () => setTimeout(() => showSuggestions([]), 150));
  $("cancel-reply").addEventListener("click", cancelReply);
  $("menu").addEventListener("click", () => (menuOpen() ? closeMenu() : openMenu()));
  $("backdrop").addEventListener("click", closeMenu);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menuOpen()) { closeMenu(); $("menu").focus(); }
  });
  $("messages").addEventListener("click", (event) => {
    if (event.target.classList?.contains("spoiler")) event.target.classList.add("shown");
    useCommand(event);
  });
  document.addEventListener("click", closeMessageActions);
  $("messages").addEventListener("contextmenu", openMessageActions);
  $("messages").addEventListener("scroll", noteScroll);
  $("empty").addEventListener("click", useCommand);
  growth.observe($("messages"));
  window.addEventListener("resize", fitPlaceholder);
  show();
}

// The server's language, where the bot's /settings has it: the choice is sent as /settings by the server's owner.
function showServerLanguages() {
  const choices = state.world.server_languages || [];
  const select = $("server-language");
  select.hidden = $("server-language-label").hidden = choices.length === 0;
  if (choices.length === 0) return;
  select.replaceChildren(...choices.map((choice) => el("option", { value: choice.value }, choice.name)));
  select.value = state.world.server_language || (choices.find((c) => c.value === "en") || choices[0]).value;
  select.addEventListener("change", async () => {
    const result = await post("server_language", { value: select.value });
    $("composer-error").textContent = result.error || "";
  });
}

// -- the side bar (behind ☰ on a phone) -----------------------------------------------------------------------------
function menuOpen() {
  return $("app").classList.contains("menu-open");
}

function openMenu() {
  $("app").classList.add("menu-open");
  $("menu").setAttribute("aria-expanded", "true");
}

function closeMenu() {
  $("app").classList.remove("menu-open");
  $("menu").setAttribute("aria-expanded", "false");
}

// -- a message's own actions (Reply) --------------------------------------------------------------------------------
// With a mouse they show on hover; a touch screen has no hover, so a long press (or a right click) shows them, and a
// tap elsewhere hides them again.
function openMessageActions(event) {
  const message = event.target.closest?.(".message");
  if (!message || event.target.closest("button, a, input, .select")) return;
  event.preventDefault();
  for (const other of document.querySelectorAll(".message.actions-open")) other.classList.remove("actions-open");
  message.classList.add("actions-open");
}

function closeMessageActions(event) {
  for (const open of document.querySelectorAll(".message.actions-open")) {
    if (!open.contains(event.target) || event.target.closest(".message-actions")) open.classList.remove("actions-open");
  }
}

start();
