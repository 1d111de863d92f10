import { linkifyText } from "@/lib/inbox/linkify";

/** Message text as text nodes, with http(s) links as safe anchors (docs/SECURITY.md). */
export function MessageText({ text, tone }: { text: string; tone: "me" | "other" | "violation" }) {
  return (
    <>
      {linkifyText(text).map((part, i) =>
        part.kind === "link" ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className={tone === "me" ? "underline decoration-white/60 underline-offset-2" : "text-indigo-600 underline underline-offset-2"}>
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
