// Browser code, part 2: loading data, handling the forms and polling the thread once a second.

export const UI_SCRIPT_ACTIONS = String.raw`
function loadPages() {
  return api("GET", "/sim/pages").then(function (pages) {
    var select = $("page");
    select.textContent = "";
    pages.forEach(function (p) { var o = el("option", "", p.name + " (" + p.pageId + ")"); o.value = p.pageId; select.appendChild(o); });
    $("add-page").open = pages.length === 0;
    if (!pages.some(function (p) { return p.pageId === ui.pageId; })) ui.pageId = pages.length ? pages[0].pageId : "";
    select.value = ui.pageId;
    return loadCustomers();
  });
}

function loadCustomers() {
  if (!ui.pageId) { ui.customers = []; renderCustomers(); renderHead(); return Promise.resolve(); }
  return api("GET", "/sim/customers?pageId=" + ui.pageId).then(function (customers) {
    ui.customers = customers;
    if (!current()) ui.psid = customers.length ? customers[0].psid : "";
    renderCustomers();
    renderHead();
  });
}

function selectCustomer(psid) {
  ui.psid = psid;
  ui.threadKey = "";
  ui.pinned = true;
  renderCustomers();
  renderHead();
  refreshThread();
}

function refreshThread() {
  if (!ui.pageId || !ui.psid) { renderThread([]); return Promise.resolve(); }
  return api("GET", "/sim/thread?pageId=" + ui.pageId + "&psid=" + ui.psid).then(function (items) {
    var key = JSON.stringify(items);
    var mine = items.filter(function (m) { return m.from === "customer"; });
    ui.lastCustomerMid = mine.length ? mine[mine.length - 1].mid : "";
    if (key !== ui.threadKey) { ui.threadKey = key; renderThread(items); }
  }).catch(function () {});
}

function afterSend(result) {
  if (result && result.delivered === false) toast("The app did not accept the webhook (" + (result.status || "no answer") + ")", true);
  $("thread").scrollTop = $("thread").scrollHeight;
  return loadCustomers().then(refreshThread);
}

function send(extra) {
  if (!ui.psid) { toast("Create or pick a customer first", true); return; }
  var text = $("text").value.trim();
  var imageUrl = $("image-row").hidden ? "" : $("image-url").value.trim();
  var target = { pageId: ui.pageId, psid: ui.psid };
  var body;
  if (ui.as === "inbox") {
    if (!text) return;
    body = Object.assign(target, { text: text });
  } else {
    body = Object.assign(target, extra || {});
    if (text) body.text = text;
    if (imageUrl) body.imageUrl = imageUrl;
    if ($("duplicate").checked) body.duplicate = true;
    if (!body.text && !body.imageUrl && !body.stickerId) return;
  }
  $("send").disabled = true;
  api("POST", ui.as === "inbox" ? "/sim/echo" : "/sim/messages", body)
    .then(function (result) { $("text").value = ""; $("image-url").value = ""; return afterSend(result); })
    .catch(function (error) { toast(error.message, true); })
    .then(function () { $("send").disabled = false; $("text").focus(); });
}

// Every other kind (docs/SIMULATOR.md "Every inbound kind"): media at expiring URLs, and changes to the
// customer's last message (its mid from the thread).
function sendKind() {
  if (!ui.psid) { toast("Create or pick a customer first", true); return; }
  var kind = $("kind").value;
  var target = { pageId: ui.pageId, psid: ui.psid };
  var text = $("text").value.trim();
  var last = ui.lastCustomerMid;
  var needsLast = ["react", "unreact", "edit", "unsend"].indexOf(kind) >= 0;
  if (needsLast && !last) { toast("The customer has no message to change yet", true); return; }
  var call;
  if (["audio", "video", "file", "location", "fallback"].indexOf(kind) >= 0) {
    var attachment = { type: kind };
    if (kind === "location") Object.assign(attachment, { lat: 52.5200, long: 13.4050, title: "Alexanderplatz" });
    if (kind === "fallback") Object.assign(attachment, { url: "https://example.com/spring-catalogue", title: "Spring catalogue" });
    call = api("POST", "/sim/messages", Object.assign(target, { attachments: [attachment] }, text ? { text: text } : {}));
  } else if (kind === "quick_reply") call = api("POST", "/sim/messages", Object.assign(target, { text: text || "Yes", quickReply: "QR_YES" }));
  else if (kind === "react" || kind === "unreact") call = api("POST", "/sim/reaction", Object.assign(target, { mid: last, action: kind, reaction: "love" }));
  else if (kind === "edit") call = api("POST", "/sim/edit", Object.assign(target, { mid: last, text: text || "(edited)" }));
  else if (kind === "unsend") call = api("POST", "/sim/unsend", Object.assign(target, { mid: last }));
  else if (kind === "referral") call = api("POST", "/sim/referral", Object.assign(target, { source: "ADS", ref: "spring-sale", adId: "6045246247433" }));
  else if (kind === "bot_take" || kind === "inbox_take") call = api("POST", "/sim/handover/take", Object.assign(target, { appId: kind === "bot_take" ? "bot" : "page_inbox" }));
  else if (kind === "pass_back") call = api("POST", "/sim/handover/pass", target);
  else if (kind.indexOf("policy_") === 0) call = api("POST", "/sim/policy", Object.assign({ pageId: ui.pageId, action: kind.slice(7) }, text && kind !== "policy_unblock" ? { reason: text } : {}));
  else call = api("POST", "/sim/raw", Object.assign(target, { item: { optin: { type: "notification_messages", payload: "DEMO" } } }));
  call.then(function (result) { $("text").value = ""; return afterSend(result); }).catch(function (error) { toast(error.message, true); });
}

function formValues(form) {
  var values = {};
  Array.prototype.forEach.call(form.elements, function (input) {
    if (!input.name) return;
    values[input.name] = input.type === "checkbox" ? input.checked : input.value.trim();
  });
  return values;
}

// Follow new messages only while the reader is at the bottom of the thread.
$("thread").onscroll = function () { var t = $("thread"); ui.pinned = t.scrollHeight - t.scrollTop - t.clientHeight < 80; };
$("composer").onsubmit = function (event) { event.preventDefault(); send(); };
$("send-kind").onclick = sendKind;
$("sticker").onclick = function () { if (ui.as === "customer") send({ stickerId: 369239263222822 }); };
$("toggle-image").onclick = function () { $("image-row").hidden = !$("image-row").hidden; };
Array.prototype.forEach.call(document.querySelectorAll("[data-sample]"), function (button) {
  button.onclick = function () { $("image-url").value = "/samples/" + button.getAttribute("data-sample") + ".png"; };
});
Array.prototype.forEach.call(document.querySelectorAll("[data-as]"), function (button) {
  button.onclick = function () {
    ui.as = button.getAttribute("data-as");
    Array.prototype.forEach.call(document.querySelectorAll("[data-as]"), function (b) { b.className = b === button ? "on" : ""; });
    $("text").placeholder = ui.as === "inbox" ? "Reply as the page, from Facebook's inbox" : "Aa";
  };
});
$("page").onchange = function () { ui.pageId = $("page").value; ui.psid = ""; loadCustomers().then(refreshThread); };
$("mark-read").onclick = function () {
  if (ui.psid) api("POST", "/sim/read", { pageId: ui.pageId, psid: ui.psid }).then(function () { toast("Read receipt sent"); }, function (e) { toast(e.message, true); });
};
$("postback").onclick = function () {
  if (ui.psid) api("POST", "/sim/postback", { pageId: ui.pageId, psid: ui.psid, title: "Get started", payload: "GET_STARTED" }).then(afterSend, function (e) { toast(e.message, true); });
};
$("customer-form").onsubmit = function (event) {
  event.preventDefault();
  var values = formValues(event.target);
  api("POST", "/sim/customers", Object.assign({ pageId: ui.pageId }, values))
    .then(function (customer) { event.target.reset(); ui.psid = customer.psid; return loadCustomers().then(refreshThread); })
    .catch(function (error) { toast(error.message, true); });
};
$("page-form").onsubmit = function (event) {
  event.preventDefault();
  var values = formValues(event.target);
  api("POST", "/sim/pages", values)
    .then(function (page) { event.target.reset(); ui.pageId = page.pageId; return loadPages(); })
    .catch(function (error) { toast(error.message, true); });
};

api("GET", "/sim/config").then(function (config) { $("webhook-url").textContent = config.webhookUrl || "(disabled)"; });
loadPages().then(refreshThread).then(refreshFeed);
setInterval(refreshThread, 1000);
setInterval(function () { loadCustomers(); }, 10000);
`;
