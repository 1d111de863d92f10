import { UI_SCRIPT_ACTIONS } from "./script-actions";
import { UI_SCRIPT_FEED } from "./script-feed";
import { UI_SCRIPT_FEED_MENTIONS } from "./script-feed-mentions";
import { UI_SCRIPT_VIEW } from "./script-view";
import { UI_STYLES } from "./styles";

// GET / — one self-contained page (inline CSS and JS) to write to a Facebook Page as a customer and
// watch the page's replies arrive, and to comment on the page's posts. It only uses the simulator's own
// /sim endpoints.

// Inline SVG icons: emoji would depend on the fonts of the machine showing the page.
const ICON_IMAGE = `<svg viewBox="0 0 24 24"><path d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm0 16H5V5h14v14Zm-5.04-6.71-2.75 3.54-1.96-2.36L6.5 17h11l-3.54-4.71Z"/></svg>`;
const ICON_LIKE = `<svg viewBox="0 0 24 24"><path d="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.31l.95-4.57.03-.32a1.5 1.5 0 0 0-.44-1.06L13.17 1 6.59 7.59A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2Z"/></svg>`;

const BODY = `
<header>
  <div class="logo">m</div>
  <div><h1>Messenger simulator</h1><p>Write to your Facebook Pages as a customer; replies sent through the Graph API appear here.</p></div>
  <div class="webhook">Webhooks go to<br><code id="webhook-url">…</code></div>
</header>
<div class="layout">
  <aside>
    <div class="stack">
      <h2>Page</h2>
      <select id="page" aria-label="Page"></select>
      <details id="add-page">
        <summary class="hint">Register a page</summary>
        <form id="page-form" class="stack">
          <input type="text" name="pageId" placeholder="Page id (digits)" required>
          <input type="text" name="name" placeholder="Page name" required>
          <input type="text" name="accessToken" placeholder="Page access token" required>
          <button class="primary">Register page</button>
        </form>
      </details>
    </div>
    <div class="stack">
      <h2>Customers</h2>
      <ul id="customers" class="customers"></ul>
      <p id="no-customers" class="hint" hidden>No customers yet: create one below.</p>
    </div>
    <form id="customer-form" class="stack">
      <h2>New customer</h2>
      <div class="row"><input type="text" name="firstName" placeholder="First name" required><input type="text" name="lastName" placeholder="Last name"></div>
      <label class="hint"><input type="checkbox" name="profileError"> Profile lookup fails</label>
      <button class="primary">Create customer</button>
    </form>
  </aside>
  <section class="chat">
    <div class="chat-head">
      <img id="head-avatar" class="avatar" alt="" hidden>
      <div><div id="head-name" class="name">No customer selected</div><div id="head-sub" class="sub"></div></div>
      <span id="window" class="badge" hidden></span>
      <div class="actions">
        <button id="mark-read" type="button" title="Send a message_reads webhook">Mark as read</button>
        <button id="postback" type="button" title="Send a messaging_postbacks webhook">Tap “Get started”</button>
      </div>
    </div>
    <div id="thread" class="thread"><p class="empty">Pick or create a customer, then write to the page.</p></div>
    <form id="composer" class="composer">
      <div class="row">
        <div class="tabs" role="tablist">
          <button type="button" data-as="customer" class="on">Customer writes</button>
          <button type="button" data-as="inbox">Page inbox replies</button>
        </div>
        <label class="hint"><input type="checkbox" id="duplicate"> deliver twice</label>
      </div>
      <div class="row" id="image-row" hidden>
        <input type="text" id="image-url" placeholder="Image URL (https://… or /samples/…)">
        <div class="chips"><button type="button" data-sample="sunset">sunset</button><button type="button" data-sample="parcel">parcel</button><button type="button" data-sample="receipt">receipt</button></div>
      </div>
      <div class="row" id="more-row">
        <select id="kind" aria-label="More events" title="Every kind Meta sends: media at expiring URLs, and changes to the customer's last message">
          <option value="audio">🎤 Voice note</option>
          <option value="video">🎬 Video</option>
          <option value="file">📄 File (PDF)</option>
          <option value="location">📍 Location</option>
          <option value="fallback">🔗 Shared link</option>
          <option value="quick_reply">Quick reply “Yes” (text box = title)</option>
          <option value="react">❤️ React to the last message</option>
          <option value="unreact">Remove the reaction</option>
          <option value="edit">✏️ Edit the last message (text box = new text)</option>
          <option value="unsend">Unsend the last message</option>
          <option value="referral">Came from an ad (referral)</option>
          <option value="optin">An item the app does not know (optin)</option>
          <optgroup label="Handover protocol and Meta (docs/SIMULATOR.md)">
            <option value="bot_take">🤖 Helpdesk Bot takes the thread</option>
            <option value="inbox_take">Page Inbox takes the thread</option>
            <option value="pass_back">Pass the thread back to Switchboard</option>
            <option value="policy_block">⛔ Meta blocks the page (text box = reason)</option>
            <option value="policy_warning">⚠️ Meta warns the page (text box = reason)</option>
            <option value="policy_unblock">Meta lifts the block</option>
          </optgroup>
        </select>
        <button type="button" id="send-kind">Send event</button>
      </div>
      <div class="row">
        <button type="button" id="toggle-image" class="icon" title="Send an image" aria-label="Send an image">${ICON_IMAGE}</button>
        <button type="button" id="sticker" class="icon" title="Send a sticker" aria-label="Send a sticker">${ICON_LIKE}</button>
        <input type="text" id="text" placeholder="Aa" autocomplete="off">
        <button class="primary" id="send">Send</button>
      </div>
    </form>
  </section>
  <section class="feed">
    <h2>Posts &amp; comments</h2>
    <form id="post-form" class="stack">
      <input type="text" name="message" placeholder="Publish a post as the page" required>
      <div class="row">
        <select name="channel" aria-label="Where to publish"><option value="facebook">Facebook</option><option value="instagram">Instagram</option></select>
        <label class="hint"><input type="checkbox" name="picture" checked> photo</label>
        <button class="primary">Publish</button>
      </div>
    </form>
    <form id="comment-form" class="stack">
      <select id="comment-post" aria-label="Post to comment on"></select>
      <select id="comment-as" aria-label="Who comments"></select>
      <input type="text" id="comment-name" placeholder="Their name" hidden>
      <button type="button" id="reply-to" class="hint link" hidden></button>
      <div class="row"><input type="text" id="comment-text" placeholder="Write a comment" autocomplete="off"><button class="primary">Comment</button></div>
    </form>
    <form id="mention-form" class="stack" aria-label="Mention the Instagram account">
      <div class="row">
        <select id="mention-in" aria-label="Where the mention is"><option value="comment">in a comment on their photo</option><option value="caption">in their photo's caption</option></select>
        <select id="mention-as" aria-label="Who mentions"></select>
      </div>
      <input type="text" id="mention-name" placeholder="Their Instagram username" hidden>
      <div class="row"><input type="text" id="mention-text" placeholder="@mention the page's Instagram account" autocomplete="off"><button class="primary">Mention</button></div>
    </form>
    <div id="posts" class="posts"></div>
  </section>
</div>
<div id="toast" role="status"></div>
`;

export function renderUiPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Messenger simulator · Switchboard</title>
<style>${UI_STYLES}</style>
</head>
<body>${BODY}
<script>
(function () {
"use strict";
${UI_SCRIPT_VIEW}
${UI_SCRIPT_ACTIONS}
${UI_SCRIPT_FEED}
${UI_SCRIPT_FEED_MENTIONS}
})();
</script>
</body>
</html>`;
}
