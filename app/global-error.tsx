"use client";

// The last resort when the root layout itself fails to render. Ours rather than Next's built-in one, whose
// styles (3.7 KB of gzip JavaScript) every first load would preload (docs/PERFORMANCE.md). It replaces the
// root layout, so it brings its own <html> and plain inline styles.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, minHeight: "100dvh", display: "flex", alignItems: "center", justifyContent: "center", fontFamily: "system-ui, sans-serif", color: "#0f172a", background: "#f8fafc" }}>
        <main style={{ maxWidth: 420, padding: 24, textAlign: "center" }}>
          <h1 style={{ fontSize: 24, fontWeight: 600, margin: "0 0 8px" }}>Something went wrong</h1>
          <p style={{ margin: "0 0 24px", color: "#475569" }}>Switchboard could not show this page. Try again, or reload it.</p>
          <button type="button" onClick={reset} style={{ font: "inherit", fontWeight: 500, padding: "10px 18px", borderRadius: 8, border: 0, background: "#4f46e5", color: "#fff", cursor: "pointer" }}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
