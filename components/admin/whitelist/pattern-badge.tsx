import { Badge } from "@/components/admin/common/badge";
import { PATTERN_BADGE_CLASS, patternType } from "@/lib/whitelist/patterns";

/** The derived type (PRODUCT §3): URL blue, Domain green, Email Domain purple, URL Wildcard orange. */
export function PatternBadge({ url }: { url: string }) {
  const type = patternType(url);
  return <Badge tone={null} className={`${PATTERN_BADGE_CLASS[type]} ring-black/5`}>{type}</Badge>;
}
