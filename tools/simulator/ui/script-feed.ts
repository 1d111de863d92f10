// Browser code, part 3: the page's posts and the comments under them. The page publishes, a customer (or
// someone who never wrote) comments, edits and removes; what the page answers through the Graph API shows
// up here (public replies, hidden, liked) and in the customer's thread (private replies).

export const UI_SCRIPT_FEED = String.raw`
ui.posts = [];
ui.replyTo = null;
ui.feedKey = "";
ui.formKey = "";

function authorName(a) { return a.name || (a.username ? "@" + a.username : a.id); }
function selectedPost() { var id = $("comment-post").value; return ui.posts.filter(function (p) { return p.id === id; })[0]; }

function commentNote(c) {
  var notes = [time(c.createdTime)];
  if (c.hidden) notes.push("hidden by the page");
  if (c.likedByPage) notes.push("liked by the page");
  if (c.privateReply) notes.push("private reply sent");
  if (c.deleted) notes.push("removed");
  return notes.join(" · ");
}

function commentButton(label, onclick) { var b = el("button", "", label); b.type = "button"; b.onclick = onclick; return b; }

function renderComment(c, all) {
  var item = el("li", "comment" + (c.author.isPage ? " page" : "") + (c.hidden ? " is-hidden" : "") + (c.deleted ? " deleted" : ""));
  var text = el("div", "text");
  text.appendChild(el("span", "name", authorName(c.author) + " "));
  text.appendChild(document.createTextNode(c.message));
  item.appendChild(text);
  item.appendChild(el("div", "meta", commentNote(c)));
  if (!c.deleted) {
    var actions = el("div", "comment-actions");
    actions.appendChild(commentButton("Reply", function () { startReply(c); }));
    // Instagram has no edit; the page's own comments change through the Graph API only.
    if (!c.author.isPage && c.channel === "facebook") actions.appendChild(commentButton("Edit", function () { editComment(c); }));
    if (!c.author.isPage) actions.appendChild(commentButton("Remove", function () { removeComment(c); }));
    item.appendChild(actions);
  }
  var replies = all.filter(function (r) { return r.parentId === c.id; });
  if (replies.length) {
    var list = el("ul", "comments");
    replies.forEach(function (r) { list.appendChild(renderComment(r, all)); });
    item.appendChild(list);
  }
  return item;
}

function renderFeed(posts) {
  var box = $("posts");
  box.textContent = "";
  if (!posts.length) box.appendChild(el("p", "hint", ui.pageId ? "No posts yet: publish one above." : "Register a page first."));
  posts.forEach(function (p) {
    var card = el("article", "post");
    var where = p.owner ? "Instagram · @" + (p.owner.username || p.owner.id) + "'s photo" : p.channel === "instagram" ? "Instagram" : "Facebook";
    card.appendChild(el("div", "sub", where + " · " + time(p.createdTime) + " · " + p.id));
    card.appendChild(el("div", "", p.message));
    if (p.pictureUrl) { var img = el("img"); img.src = safeUrl(p.pictureUrl); img.alt = "post photo"; card.appendChild(img); }
    var list = el("ul", "comments");
    p.comments.filter(function (c) { return !c.parentId; }).forEach(function (c) { list.appendChild(renderComment(c, p.comments)); });
    card.appendChild(list);
    box.appendChild(card);
  });
}

// The form's lists are rebuilt only when their options change, so an open list is not closed under the reader.
function renderCommentForm() {
  var postSelect = $("comment-post");
  var chosen = postSelect.value;
  var post = ui.posts.filter(function (p) { return p.id === chosen; })[0] || ui.posts[0];
  var channel = post ? post.channel : "facebook";
  var people = ui.customers.filter(function (c) { return (c.channel === "instagram") === (channel === "instagram"); });
  var key = JSON.stringify([ui.posts.map(function (p) { return [p.id, p.message]; }), people.map(function (c) { return c.psid; }), post && post.id]);
  if (key === ui.formKey) return;
  ui.formKey = key;
  postSelect.textContent = "";
  ui.posts.forEach(function (p) { var o = el("option", "", (p.channel === "instagram" ? "IG · " : "FB · ") + p.message.slice(0, 40)); o.value = p.id; postSelect.appendChild(o); });
  if (post) postSelect.value = post.id;
  var asSelect = $("comment-as");
  var as = asSelect.value;
  asSelect.textContent = "";
  people.forEach(function (c) { var o = el("option", "", "as " + (c.username ? "@" + c.username : fullName(c))); o.value = c.psid; asSelect.appendChild(o); });
  var someone = el("option", "", "as someone who never wrote…"); someone.value = ""; asSelect.appendChild(someone);
  asSelect.value = people.some(function (c) { return c.psid === as; }) ? as : (people.some(function (c) { return c.psid === ui.psid; }) ? ui.psid : asSelect.options[0].value);
  showNameField();
}

function showNameField() {
  var post = selectedPost();
  $("comment-name").hidden = $("comment-as").value !== "";
  $("comment-name").placeholder = post && post.channel === "instagram" ? "Their Instagram username" : "Their name";
}

function refreshFeed() {
  if (!ui.pageId) { ui.posts = []; renderFeed([]); renderCommentForm(); return Promise.resolve(); }
  return api("GET", "/sim/pages/" + ui.pageId + "/posts").then(function (posts) {
    ui.posts = posts;
    var key = JSON.stringify(posts);
    if (key !== ui.feedKey) { ui.feedKey = key; renderFeed(posts); }
    renderCommentForm();
  }).catch(function () {});
}

function feedDone(result) {
  if (result && result.delivered === false) toast("The app did not accept the webhook (" + (result.status || "no answer") + ")", true);
  return refreshFeed();
}

function startReply(c) {
  ui.replyTo = c;
  $("comment-post").value = c.postId;
  ui.formKey = "";
  renderCommentForm();
  $("reply-to").hidden = false;
  $("reply-to").textContent = "Replying to " + authorName(c.author) + " (click to cancel)";
  $("comment-text").focus();
}

function editComment(c) {
  var text = window.prompt("New text of the comment", c.message);
  if (!text || !text.trim()) return;
  api("PATCH", "/sim/comments/" + c.id, { message: text.trim() }).then(feedDone).catch(function (error) { toast(error.message, true); });
}

function removeComment(c) {
  api("DELETE", "/sim/comments/" + c.id).then(feedDone).catch(function (error) { toast(error.message, true); });
}

$("reply-to").onclick = function () { ui.replyTo = null; $("reply-to").hidden = true; };
$("comment-post").onchange = function () { ui.formKey = ""; renderCommentForm(); };
$("comment-as").onchange = showNameField;
$("post-form").onsubmit = function (event) {
  event.preventDefault();
  api("POST", "/sim/pages/" + ui.pageId + "/posts", formValues(event.target))
    .then(function (post) { event.target.reset(); ui.formKey = ""; return refreshFeed().then(function () { $("comment-post").value = post.id; renderCommentForm(); }); })
    .catch(function (error) { toast(error.message, true); });
};
$("comment-form").onsubmit = function (event) {
  event.preventDefault();
  var post = selectedPost();
  var text = $("comment-text").value.trim();
  if (!post || !text) { toast(post ? "Write the comment first" : "Publish a post first", true); return; }
  var body = { postId: post.id, message: text };
  var as = $("comment-as").value;
  var who = $("comment-name").value.trim();
  if (as) body.psid = as;
  else if (!who) { toast("Name the person who comments", true); return; }
  else body[post.channel === "instagram" ? "username" : "name"] = who;
  if (ui.replyTo && ui.replyTo.postId === post.id) body.parentId = ui.replyTo.id;
  api("POST", "/sim/pages/" + ui.pageId + "/comments", body)
    .then(function (result) { $("comment-text").value = ""; $("comment-name").value = ""; ui.replyTo = null; $("reply-to").hidden = true; return feedDone(result); })
    .catch(function (error) { toast(error.message, true); });
};
$("page").addEventListener("change", function () { ui.replyTo = null; $("reply-to").hidden = true; ui.feedKey = ""; ui.formKey = ""; refreshFeed(); });
setInterval(refreshFeed, 2000);
`;
