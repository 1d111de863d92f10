// Styles of the "write as a customer" page: Messenger-like bubbles, system fonts, no external assets.

export const UI_STYLES = String.raw`
:root { --blue: #0a7cff; --ink: #1c1e21; --muted: #65676b; --line: #e4e6eb; --bg: #f0f2f5; --card: #fff; --danger: #d93025; --ok: #1e8e3e; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: var(--ink); background: var(--bg); height: 100vh; display: flex; flex-direction: column; }
header { display: flex; align-items: center; gap: 12px; padding: 10px 20px; background: var(--card); border-bottom: 1px solid var(--line); }
header .logo { width: 34px; height: 34px; border-radius: 50%; background: linear-gradient(135deg, #00b2ff, #a033ff 60%, #ff5c87); display: grid; place-items: center; color: #fff; font-weight: 700; }
header h1 { font-size: 17px; margin: 0; }
header p { margin: 0; color: var(--muted); font-size: 12px; }
header .webhook { margin-left: auto; font-size: 12px; color: var(--muted); text-align: right; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--bg); padding: 1px 5px; border-radius: 4px; }
.layout { flex: 1; display: grid; grid-template-columns: 300px 1fr 340px; min-height: 0; }
aside { background: var(--card); border-right: 1px solid var(--line); padding: 16px; overflow-y: auto; display: flex; flex-direction: column; gap: 14px; }
aside h2, .feed h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0; }
select, input[type=text] { width: 100%; padding: 8px 10px; border: 1px solid var(--line); border-radius: 8px; font: inherit; background: #fff; }
input[type=text]:focus, select:focus { outline: 2px solid #bcdcff; border-color: var(--blue); }
button { font: inherit; border: 0; border-radius: 8px; padding: 8px 12px; cursor: pointer; background: var(--bg); color: var(--ink); font-weight: 600; }
button:hover { filter: brightness(.95); }
button.primary { background: var(--blue); color: #fff; }
button:disabled { opacity: .5; cursor: default; }
form.stack { display: grid; gap: 8px; }
.row { display: flex; gap: 8px; align-items: center; }
.hint { color: var(--muted); font-size: 12px; }
ul.customers { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
ul.customers li { display: flex; gap: 10px; align-items: center; padding: 8px; border-radius: 8px; cursor: pointer; }
ul.customers li:hover { background: var(--bg); }
ul.customers li.active { background: #e7f3ff; }
.avatar { width: 36px; height: 36px; border-radius: 50%; flex: none; }
.name { font-weight: 600; }
.sub { color: var(--muted); font-size: 12px; }
.chat { display: flex; flex-direction: column; min-height: 0; background: var(--card); }
.chat-head { display: flex; align-items: center; gap: 10px; padding: 10px 16px; border-bottom: 1px solid var(--line); }
.chat-head .actions { margin-left: auto; display: flex; gap: 6px; }
.badge { font-size: 11px; padding: 2px 8px; border-radius: 999px; background: var(--bg); color: var(--muted); }
.badge.open { background: #e6f4ea; color: var(--ok); }
.badge.tag { background: #fef7e0; color: #b06000; }
.badge.closed { background: #fce8e6; color: var(--danger); }
.thread { flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 6px; }
.empty { margin: auto; color: var(--muted); text-align: center; max-width: 320px; }
.msg { max-width: 62%; display: flex; flex-direction: column; }
.msg.customer { align-self: flex-end; align-items: flex-end; }
.msg.page { align-self: flex-start; align-items: flex-start; }
.bubble { padding: 8px 12px; border-radius: 18px; white-space: pre-wrap; word-break: break-word; }
.customer .bubble { background: var(--blue); color: #fff; }
.page .bubble { background: #e9eaee; }
.page.inbox .bubble { background: #fff4d6; }
.bubble.media { padding: 0; background: none !important; }
.bubble img { display: block; max-width: 260px; max-height: 220px; border-radius: 14px; }
.meta { font-size: 11px; color: var(--muted); margin: 2px 8px 6px; }
.meta.bad { color: var(--danger); }
.composer { border-top: 1px solid var(--line); padding: 10px 16px; display: grid; gap: 8px; }
.composer .row input[type=text] { border-radius: 999px; background: var(--bg); border-color: transparent; }
.tabs { display: inline-flex; background: var(--bg); border-radius: 999px; padding: 3px; }
.tabs button { border-radius: 999px; padding: 4px 12px; font-size: 12px; background: none; color: var(--muted); }
.tabs button.on { background: #fff; color: var(--ink); box-shadow: 0 1px 2px rgba(0,0,0,.15); }
.icon { width: 38px; height: 38px; padding: 0; display: grid; place-items: center; color: var(--blue); background: none; }
.icon svg { width: 22px; height: 22px; fill: currentColor; }
.chips { display: flex; gap: 6px; flex: none; }
.chips button { padding: 3px 10px; font-size: 12px; border-radius: 999px; }
/* Posts & comments: the page's public side, next to the conversation. */
.feed { background: var(--card); border-left: 1px solid var(--line); padding: 16px; overflow-y: auto; display: flex; flex-direction: column; gap: 12px; }
.posts { display: grid; gap: 10px; }
.post { border: 1px solid var(--line); border-radius: 10px; padding: 10px; display: grid; gap: 6px; }
.post img { max-width: 100%; border-radius: 8px; }
ul.comments { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
ul.comments ul.comments { margin: 6px 0 0 16px; }
.comment > .text { background: var(--bg); border-radius: 12px; padding: 6px 10px; white-space: pre-wrap; word-break: break-word; }
.comment.page > .text { background: #e7f3ff; }
.comment.is-hidden > .text { opacity: .55; }
.comment.deleted > .text { opacity: .55; text-decoration: line-through; }
.comment > .meta { margin: 2px 10px 0; }
.comment-actions { display: flex; gap: 2px; margin-left: 4px; }
.comment-actions button, button.link { padding: 2px 6px; font-size: 12px; background: none; color: var(--muted); text-align: left; }
#toast { position: fixed; bottom: 20px; left: 50%; transform: translateX(-50%); background: #323232; color: #fff; padding: 10px 16px; border-radius: 8px; opacity: 0; transition: opacity .2s; pointer-events: none; max-width: 80vw; }
#toast.show { opacity: 1; }
#toast.bad { background: var(--danger); }
/* Phones: page and customers above the conversation, the whole page scrolls. */
@media (max-width: 720px) {
  body { height: auto; min-height: 100vh; }
  header { flex-wrap: wrap; padding: 10px 14px; }
  header .webhook { margin-left: 0; text-align: left; width: 100%; overflow-wrap: anywhere; }
  .layout { grid-template-columns: 1fr; }
  aside { border-right: 0; border-bottom: 1px solid var(--line); overflow: visible; }
  .feed { border-left: 0; border-top: 1px solid var(--line); overflow: visible; }
  .chat { min-height: 70vh; }
  .chat-head { flex-wrap: wrap; }
  .chat-head .actions { margin-left: 0; }
  .msg { max-width: 85%; }
}
`;
