// Browser code, part 4: someone @mentions the page's Instagram account on a photo of their own — in its
// caption, or in a comment on it (POST /sim/pages/{id}/mentions). Meta sends only the `mentions` webhook;
// the photo then shows in the feed above, marked as theirs, with the account's answers under it.

export const UI_SCRIPT_FEED_MENTIONS = String.raw`
ui.mentionKey = "";

// The list is rebuilt only when the Instagram customers change, so an open list is not closed under the reader.
function renderMentionForm() {
  var people = ui.customers.filter(function (c) { return c.channel === "instagram"; });
  var key = JSON.stringify(people.map(function (c) { return c.psid; }));
  if (key === ui.mentionKey) return;
  ui.mentionKey = key;
  var asSelect = $("mention-as");
  var as = asSelect.value;
  asSelect.textContent = "";
  people.forEach(function (c) { var o = el("option", "", "by @" + (c.username || c.psid)); o.value = c.psid; asSelect.appendChild(o); });
  var someone = el("option", "", "by someone who never wrote…"); someone.value = ""; asSelect.appendChild(someone);
  asSelect.value = people.some(function (c) { return c.psid === as; }) ? as : asSelect.options[0].value;
  $("mention-name").hidden = asSelect.value !== "";
}

$("mention-as").onchange = function () { $("mention-name").hidden = $("mention-as").value !== ""; };
$("mention-form").onsubmit = function (event) {
  event.preventDefault();
  var text = $("mention-text").value.trim();
  if (!ui.pageId || !text) { toast(ui.pageId ? "Write the mention first" : "Register a page first", true); return; }
  var body = { in: $("mention-in").value, message: text };
  var as = $("mention-as").value;
  var who = $("mention-name").value.trim().replace(/^@/, "");
  if (as) body.psid = as;
  else if (!who) { toast("Give their Instagram username", true); return; }
  else body.username = who;
  api("POST", "/sim/pages/" + ui.pageId + "/mentions", body)
    .then(function (result) { $("mention-text").value = ""; return feedDone(result); })
    .catch(function (error) { toast(error.message, true); });
};
renderMentionForm();
setInterval(renderMentionForm, 2000);
`;
