// Browser code, part 1: talking to /sim and drawing the page. Plain ES2017 in a string (no build step);
// every text from the server goes through textContent, never innerHTML.

export const UI_SCRIPT_VIEW = String.raw`
var ui = { pageId: "", psid: "", customers: [], as: "customer", threadKey: "", pinned: true };
var $ = function (id) { return document.getElementById(id); };

function api(method, path, body) {
  return fetch(path, { method: method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined })
    .then(function (res) {
      return res.json().then(function (data) {
        if (!res.ok) throw new Error((data && data.error && data.error.message) || res.statusText);
        return data;
      });
    });
}

function el(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

var toastTimer;
function toast(message, bad) {
  var node = $("toast");
  node.textContent = message;
  node.className = "show" + (bad ? " bad" : "");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(function () { node.className = ""; }, 3500);
}

function safeUrl(url) { return /^(https?:\/\/|\/)/i.test(url || "") ? url : ""; }
function time(ms) { return new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" }); }
function fullName(c) { return (c.firstName + " " + c.lastName).trim(); }
function current() { return ui.customers.filter(function (c) { return c.psid === ui.psid; })[0]; }

function renderCustomers() {
  var list = $("customers");
  list.textContent = "";
  $("no-customers").hidden = ui.customers.length > 0 || !ui.pageId;
  ui.customers.forEach(function (c) {
    var item = el("li", c.psid === ui.psid ? "active" : "");
    var img = el("img", "avatar"); img.src = c.profilePic; img.alt = "";
    var text = el("div");
    text.appendChild(el("div", "name", fullName(c)));
    text.appendChild(el("div", "sub", "PSID " + c.psid + (c.profileError ? " · profile fails" : "")));
    item.appendChild(img); item.appendChild(text);
    item.onclick = function () { selectCustomer(c.psid); };
    list.appendChild(item);
  });
}

function renderWindow(c) {
  var badge = $("window");
  badge.hidden = !c;
  if (!c) return;
  var age = c.lastMessageAt ? Date.now() - c.lastMessageAt : Infinity;
  var hours = function (ms) { return Math.max(1, Math.round(ms / 36e5)) + " h"; };
  if (age < 864e5) { badge.className = "badge open"; badge.textContent = "Reply window open · " + hours(864e5 - age) + " left"; }
  else if (age < 6048e5) { badge.className = "badge tag"; badge.textContent = "HUMAN_AGENT tag only · " + hours(6048e5 - age) + " left"; }
  else { badge.className = "badge closed"; badge.textContent = c.lastMessageAt ? "Reply window closed" : "Has not written yet"; }
}

function renderHead() {
  var c = current();
  $("head-avatar").hidden = !c;
  if (c) $("head-avatar").src = c.profilePic;
  $("head-name").textContent = c ? fullName(c) : "No customer selected";
  $("head-sub").textContent = c ? "PSID " + c.psid : "";
  renderWindow(c);
}

function webhookNote(w) {
  if (!w) return "";
  if (w.pending) return " · delivering…";
  return w.delivered ? " · webhook " + w.status : " · webhook failed (" + (w.status || "no answer") + ")";
}

function renderMessage(m) {
  var box = el("div", "msg " + m.from + (m.via === "page_inbox" ? " inbox" : ""));
  if (m.text) box.appendChild(el("div", "bubble", m.text));
  (m.attachments || []).forEach(function (a) {
    if (a.type !== "image" && a.type !== "sticker") {
      // Voice notes, videos, files, locations, links: a label is enough on the customer's side.
      var label = { audio: "🎤 Voice note", video: "🎬 Video", file: "📄 File", location: "📍 Location", fallback: "🔗 " + (a.title || "Link") }[a.type] || a.type;
      box.appendChild(el("div", "bubble", label));
      return;
    }
    var bubble = el("div", "bubble media");
    var img = el("img"); img.src = safeUrl(a.url); img.alt = a.type;
    // Images grow the thread after it was scrolled; stay at the bottom if we were there.
    img.onload = function () { if (ui.pinned) $("thread").scrollTop = $("thread").scrollHeight; };
    bubble.appendChild(img); box.appendChild(bubble);
  });
  var meta = time(m.time);
  if (m.from === "customer") meta += webhookNote(m.webhook);
  else if (m.privateReplyTo) meta += " · private reply to comment " + m.privateReplyTo;
  else meta += m.via === "page_inbox" ? " · Page inbox" : " · Send API " + m.messagingType + (m.tag ? " / " + m.tag : "");
  box.appendChild(el("div", "meta" + (m.webhook && !m.webhook.delivered && !m.webhook.pending ? " bad" : ""), meta));
  return box;
}

function renderThread(items) {
  var thread = $("thread");
  var top = thread.scrollTop;
  thread.textContent = "";
  if (!items.length) thread.appendChild(el("p", "empty", ui.psid ? "No messages yet. Say hello to the page!" : "Pick or create a customer, then write to the page."));
  items.forEach(function (m) { thread.appendChild(renderMessage(m)); });
  thread.scrollTop = ui.pinned ? thread.scrollHeight : top;
}
`;
