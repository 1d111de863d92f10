import { DETECTORS } from "@/lib/whitelist/detectors";
import type { Link } from "@/lib/whitelist/link";
import { buildScanText, originalSpan } from "@/lib/whitelist/scan-text";

export type { Link } from "@/lib/whitelist/link";

/**
 * Every URL, bare domain, IP address and e-mail address in an outgoing message, in order of appearance.
 *
 * 1. The message is cleaned into a scan text (invisible characters dropped, full-width dots folded,
 *    "hxxp", "[.]", "(dot)", " . " undone) that remembers where each character came from.
 * 2. Detectors run from the most explicit to the least (script URIs, scheme URLs, "//host", e-mails,
 *    IPv4, bare domains). Each found span is blanked out so a later detector cannot read it again:
 *    "good.com@evil.com" inside "https://good.com@evil.com" is one link to evil.com, not three.
 */
export function extractLinks(text: string): Link[] {
  const scan = buildScanText(text);
  let masked = scan.text;
  const found: { start: number; link: Link }[] = [];

  for (const detector of DETECTORS) {
    const pattern = new RegExp(detector.pattern.source, detector.pattern.flags);
    const spans: [number, number][] = [];
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(masked)) !== null) {
      const result = detector.read(match[0]);
      const end = match.index + Math.max(result?.length ?? 0, 1);
      if (!result?.link) {
        pattern.lastIndex = end; // no link here; what follows may still hold one
        continue;
      }
      spans.push([match.index, end]);
      found.push({ start: match.index, link: { raw: originalSpan(text, scan, match.index, end), ...result.link } });
      pattern.lastIndex = end;
    }
    masked = maskSpans(masked, spans);
  }

  return found.sort((a, b) => a.start - b.start).map((entry) => entry.link);
}

function maskSpans(text: string, spans: [number, number][]): string {
  if (!spans.length) return text;
  const chars = text.split("");
  for (const [start, end] of spans) chars.fill(" ", start, end);
  return chars.join("");
}
