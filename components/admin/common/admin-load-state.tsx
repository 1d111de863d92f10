import type { ReactNode } from "react";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";

type LoadState = { loaded: boolean; error: unknown; onRetry(): void; retrying: boolean };

/** The error card's heading and text, and the loading block's label: each screen's own words. */
type LoadTexts = { title: string; message: string; loading: string };

/**
 * What a browser-filtered admin list (violations, whitelist) shows before it has rows: the error card with Retry
 * when the first load failed, else the loading block. Null once loaded, so the screen goes on to its empty
 * state or its table; a failed refresh keeps the rows already shown.
 */
export function beforeLoaded({ loaded, error, onRetry, retrying }: LoadState, texts: LoadTexts): ReactNode {
  if (error && !loaded) return <LoadError title={texts.title} message={texts.message} onRetry={onRetry} retrying={retrying} />;
  if (!loaded) return <LoadingBlock label={texts.loading} />;
  return null;
}
