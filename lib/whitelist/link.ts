import type { WebAddress } from "@/lib/whitelist/host";

// What the extractor reports, and the pieces its detectors share.

export type LinkKind = "web" | "email" | "unsafe";

/** A link found in a message: `raw` as the user wrote it, the rest normalised for matching. */
export type Link = {
  raw: string;
  /** web: has a host; email: host is the domain after "@"; unsafe: never approvable (javascript: …). */
  kind: LinkKind;
  /** Lowercase scheme as written (hxxp → http); null for "evil.com", "//evil.com" and plain e-mails. */
  scheme: string | null;
  host: string;
  port: string;
  path: string;
  query: string;
  isIp: boolean;
};

/**
 * Each detector's regex finds candidates in the scan text; its reader decides whether a candidate is a
 * link and how long it really is: a link `length` characters long, or (link null) no link in the first
 * `length` characters, so scanning resumes after them; null: no link starts at this character.
 */
export type Reading = { link: Omit<Link, "raw"> | null; length: number };
export type Detector = { name: string; pattern: RegExp; read: (candidate: string) => Reading | null };

export const LABEL = String.raw`[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?`;
export const HOST = String.raw`(?:${LABEL}\.)+${LABEL}(?![\p{L}\p{N}\p{M}])`;
// A link runs to the next space or quote; `trimTail` then gives back closing punctuation. A second scheme
// inside a link starts a second link ("https://ok.com/,https://evil.com"): linkifiers and readers see two
// links, so the whitelist must too.
export const REST = String.raw`(?:(?!(?:https?|ftps?|wss?):[/\\])[^\s<>"'\x60])`;
const CLOSING: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
export const ALPHA_TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Drops sentence punctuation after a link, and closing brackets that have no partner inside it. */
export function trimTail(candidate: string): string {
  const count: Record<string, number> = {};
  for (const char of candidate) if ("()[]{}".includes(char)) count[char] = (count[char] ?? 0) + 1;
  let end = candidate.length;
  while (end > 0) {
    const char = candidate[end - 1]!;
    const open = CLOSING[char];
    if (/[.,;:!?*_~»”’]/.test(char)) end--;
    else if (open && (count[open] ?? 0) < (count[char] ?? 0)) {
      count[char]!--;
      end--;
    } else break;
  }
  return candidate.slice(0, end);
}

export const web = (address: WebAddress, scheme: string | null): Omit<Link, "raw"> => ({ kind: "web", scheme, ...address });
export const unsafe = (scheme: string): Omit<Link, "raw"> => ({ kind: "unsafe", scheme, host: "", port: "", path: "", query: "", isIp: false });
