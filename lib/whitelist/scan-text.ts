import { fold, type ScanText } from "@/lib/whitelist/fold";
import { KNOWN_TLDS, WORD_TLDS } from "@/lib/whitelist/tlds";

// The scanner reads a cleaned copy of the message in which tricks that hide a link from a naive regex but
// not from a human reader are undone. Each character of the copy remembers the span of the original it
// came from, so a found link is reported exactly as the user wrote it.

export type { ScanText } from "@/lib/whitelist/fold";

/** Replaces each match (when `replace` returns a string), keeping the map back to the original. */
function rewrite(source: ScanText, pattern: RegExp, replace: (match: RegExpExecArray) => string | null): ScanText {
  const text: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const copy = (start: number, end: number) => {
    text.push(source.text.slice(start, end));
    for (let i = start; i < end; i++) {
      from.push(source.from[i]!);
      to.push(source.to[i]!);
    }
  };
  let last = 0;
  for (const match of source.text.matchAll(pattern)) {
    const replacement = match[0] ? replace(match) : null;
    if (replacement === null) continue;
    copy(last, match.index);
    const start = source.from[match.index]!;
    const end = source.to[match.index + match[0].length - 1]!;
    for (let i = 0; i < replacement.length; i++) {
      from.push(start);
      to.push(end);
    }
    text.push(replacement);
    last = match.index + match[0].length;
  }
  copy(last, source.text.length);
  return { text: text.join(""), from, to };
}

// Defanged schemes (threat-intel style): "hxxp://", "hxxps://", "h**p://"; then "http[:]//".
const DEFANGED_SCHEME = /(?<![\p{L}\p{N}])h(?:xx|\*\*)p(s?)(?=\[?:)/giu;
const BRACKETED_COLON = /\[:\]|\(:\)|\{:\}/g;
// "evil[.]com", "evil(dot)com", "evil { . } com", "evil[dot]com": brackets leave no doubt it is a dot.
const BRACKETED_DOT = /(?<=[\p{L}\p{N}\p{M}])\s*[[({]\s*(?:\.|dot)\s*[\])}]\s*(?=[\p{L}\p{N}])/giu;
// "name (at) evil.com", "name[at]evil.com".
const BRACKETED_AT = /(?<=[\p{L}\p{N}\p{M}._%+-])\s*[[({]\s*at\s*[\])}]\s*(?=[\p{L}\p{N}])/giu;
// "evil . com", "evil dot com": ambiguous with prose, so only joined before a real TLD that is not also
// an English word ("it . it works", "polka dot in the middle" stay prose).
const SPACED_DOT = /(?<=[\p{L}\p{N}\p{M}])[ \t]+(?:\.|dot)[ \t]+(?=([\p{L}\p{N}][\p{L}\p{N}\p{M}-]*))/giu;

export function buildScanText(original: string): ScanText {
  let scan = fold(original);
  scan = rewrite(scan, DEFANGED_SCHEME, (m) => `http${m[1] ?? ""}`);
  scan = rewrite(scan, BRACKETED_COLON, () => ":");
  scan = rewrite(scan, BRACKETED_DOT, () => ".");
  scan = rewrite(scan, BRACKETED_AT, () => "@");
  scan = rewrite(scan, SPACED_DOT, (m) => {
    const next = (m[1] ?? "").toLowerCase();
    return KNOWN_TLDS.has(next) && !WORD_TLDS.has(next) ? "." : null;
  });
  return scan;
}

/** The original text behind [start, end) of the scan text. */
export function originalSpan(original: string, scan: ScanText, start: number, end: number): string {
  return original.slice(scan.from[start], scan.to[end - 1]);
}
