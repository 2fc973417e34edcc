// The Activity in the playground, as the Discord client shows it: a launch (Open the table, or the entry point
// command) opens the Activity's page in a frame over the channel, and this page plays Discord's side of the
// Embedded App SDK's messages (postMessage): the handshake, READY, and AUTHORIZE answered with an OAuth2 code
// the local Discord issues for the person playing in this tab.
"use strict";

const FRAME = 1;
const CLOSE = 2;
const HANDSHAKE = 0;

const activity = {
  opened: new Set(JSON.parse(sessionStorage.getItem("activity-opened") || "[]")),
  frame: null,
  launch: null,
};

function activityMarkOpened(number) {
  activity.opened.add(number);
  sessionStorage.setItem("activity-opened", JSON.stringify([...activity.opened]));
}

// Called with each snapshot of the channel: the launches of the person in this tab.
function activityLaunches(launches, post, person) {
  for (const launch of launches || []) {
    if (activity.opened.has(launch.number)) continue;
    activityMarkOpened(launch.number);
    activityOpen(launch, post, person);
  }
}

function activityOpen(launch, post, person) {
  activityClose(post, false);
  const query = new URLSearchParams(launch.query);
  const overlay = document.createElement("div");
  overlay.className = "activity-overlay";
  overlay.setAttribute("role", "dialog");
  overlay.setAttribute("aria-label", launch.title);
  const bar = document.createElement("div");
  bar.className = "activity-bar";
  const title = document.createElement("span");
  title.textContent = launch.title;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "icon-button activity-close";
  close.textContent = "×";
  close.setAttribute("aria-label", launch.close);
  close.addEventListener("click", () => activityClose(post, true));
  bar.append(title, close);
  const frame = document.createElement("iframe");
  frame.className = "activity-frame";
  frame.title = launch.title;
  frame.src = `/activity/?${query}`;
  overlay.append(bar, frame);
  document.body.append(overlay);
  activity.frame = frame;
  activity.launch = launch;
  activity.person = person;
  activity.post = post;
}

function activityClose(post, tell) {
  const overlay = document.querySelector(".activity-overlay");
  if (overlay) overlay.remove();
  if (tell && activity.launch) post("activity_close", { instance_id: activity.launch.query.instance_id });
  activity.frame = null;
  activity.launch = null;
}

function activityReply(payload) {
  activity.frame?.contentWindow?.postMessage([FRAME, payload], location.origin);
}

window.addEventListener("message", async (event) => {
  if (!activity.frame || event.source !== activity.frame.contentWindow || event.origin !== location.origin) return;
  const [opcode, data] = Array.isArray(event.data) ? event.data : [];
  if (opcode === HANDSHAKE) {
    activityReply({
      cmd: "DISPATCH",
      evt: "READY",
      nonce: null,
      data: {
        v: 1,
        config: { api_endpoint: "/api", environment: "playground", cdn_host: location.host },
        user: { id: activity.person.id, username: activity.person.name, discriminator: "0" },
      },
    });
  } else if (opcode === FRAME && data && data.nonce) {
    if (data.cmd === "AUTHORIZE") {
      const answer = await activity.post("activity_authorize", {
        client_id: data.args?.client_id,
        scope: data.args?.scope || [],
      });
      if (answer.code) activityReply({ cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: { code: answer.code } });
      else activityReply({ cmd: "AUTHORIZE", evt: "ERROR", nonce: data.nonce, data: { code: 5000, message: answer.error || "refused" } });
    } else {
      activityReply({ cmd: data.cmd, evt: null, nonce: data.nonce, data: null });
    }
  } else if (opcode === CLOSE) {
    activityClose(activity.post, true);
  }
});
