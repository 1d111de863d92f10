// A readable page for a Facebook Login that cannot finish (replayed or foreign state, cancelled, Graph
// down): the browser is on our callback URL, so it gets HTML with a way back, never a stack trace.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function loginErrorPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Switchboard</title></head>
<body style="font-family:system-ui,sans-serif;background:#f8fafc;margin:0;padding:24px"><main style="max-width:480px;margin:48px auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1><p style="color:#475569;line-height:1.5">${escapeHtml(message)}</p>
<p><a href="/company/fb-pages" style="color:#2563eb">Back to FB Pages</a> · <a href="/users" style="color:#2563eb">Back to Users</a></p></main></body></html>`;
}
