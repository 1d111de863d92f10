import { toAsciiHost, parseWebAddress } from "@/lib/whitelist/host";
import { ALPHA_TLD, HOST, REST, trimTail, web, type Detector } from "@/lib/whitelist/link";
import { FILE_EXTENSION_TLDS, KNOWN_TLDS, NEVER_SENTENCE_TLDS } from "@/lib/whitelist/tlds";

// Scheme-less domains are where links and prose overlap ("done.Next", "report.pdf", "v2.5"), so this
// detector runs last and asks for more evidence than the others: a real TLD, or "www.".

/** "evil.com", "www.evil.com/x", "pаypal.com" (IDN), "evil.com:8080". */
export const bareDomain: Detector = {
  name: "bare-domain",
  pattern: new RegExp(String.raw`(?<![\p{L}\p{N}\p{M}])${HOST}(?::\d{1,5}(?![\p{L}\p{N}\p{M}]))?(?:[/?#]${REST}*)?`, "giu"),
  read: (candidate) => {
    const text = trimTail(candidate);
    const hostText = /^[^:/?#]+/.exec(text)?.[0] ?? "";
    // A rejected host is skipped whole (its tail has the same TLD, so it is no domain either) — this keeps
    // "a.a.a.a…" linear — but not its path: "report.pdf/evil.com" still yields evil.com.
    const notALink = { link: null, length: hostText.length };
    const host = toAsciiHost(hostText);
    const tld = host?.split(".").at(-1) ?? "";
    if (!host || !ALPHA_TLD.test(tld)) return notALink; // "v2.5", "10.30", "$3.50", "e.g."
    const labels = hostText.split(".");
    const rawTld = labels.at(-1) ?? "";
    const hasMore = text.length > hostText.length; // a port or a path
    if (!host.startsWith("www.")) {
      if (!KNOWN_TLDS.has(tld)) return notALink; // "report.pdf", "photo.jpg", "done.Next"
      if (FILE_EXTENSION_TLDS.has(tld) && !hasMore) return notALink; // "photo.zip", "README.md"
      // "done.It", "fine.Today": a missing space after a full stop, not a domain.
      const sentenceBreak = labels.length === 2 && /^\p{Ll}+$/u.test(labels[0]!) && /^\p{Lu}\p{Ll}+$/u.test(rawTld);
      if (sentenceBreak && !hasMore && !NEVER_SENTENCE_TLDS.has(tld)) return notALink;
    }
    const address = parseWebAddress(text);
    return { link: address ? web(address, null) : null, length: address ? text.length : hostText.length };
  },
};
