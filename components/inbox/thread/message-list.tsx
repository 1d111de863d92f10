"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { groupMessages } from "@/lib/inbox/group-messages";
import type { UiMessage } from "@/lib/inbox/ui-message";
import { SpinnerIcon } from "@/components/ui/spinner";
import { MessageGroup } from "@/components/inbox/thread/message-group";

type Props = {
  messages: UiMessage[];
  isLoading: boolean;
  error: Error | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: () => void;
  customerAvatar: string | null;
};

const NEAR_TOP_PX = 80;
const NEAR_BOTTOM_PX = 120;

/**
 * The scrollable thread (PRODUCT §2): date separators, sender groups, older pages when scrolled to the top
 * (keeping the reading position), and new messages followed while the agent is at the bottom.
 */
export function MessageList({ messages, isLoading, error, hasOlder, loadingOlder, onLoadOlder, onRetry, customerAvatar }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => groupMessages(messages), [messages]);
  const atBottom = useRef(true);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const first = messages[0];
  const last = messages.at(-1);
  const firstKey = first ? (first.clientId ?? first.id) : null;
  const lastKey = last ? (last.clientId ?? last.id) : null;

  const toBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // Older messages were prepended: keep what the agent was reading in place.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const saved = restore.current;
    if (!el || !saved) return;
    el.scrollTop = el.scrollHeight - saved.height + saved.top;
    restore.current = null;
  }, [firstKey]);

  // A failed or empty older page must not block the next attempt.
  useEffect(() => {
    if (!loadingOlder) restore.current = null;
  }, [loadingOlder]);

  // New messages at the bottom: follow them when the agent is at the bottom or wrote them.
  useLayoutEffect(() => {
    if (!lastKey) return;
    if (atBottom.current || last?.sender === "me") toBottom();
  }, [lastKey, last?.sender, toBottom]);

  function onScroll() {
    const el = scrollRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < NEAR_TOP_PX && hasOlder && !loadingOlder && !restore.current) {
      restore.current = { height: el.scrollHeight, top: el.scrollTop };
      onLoadOlder();
    }
  }

  // Images load after layout and the composer grows (staged images, suggestions): stay at the bottom when
  // that is where the agent is.
  const onMediaLoad = useCallback(() => {
    if (atBottom.current) toBottom();
  }, [toBottom]);
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && !restore.current) toBottom();
    });
    observer.observe(el);
    observer.observe(content);
    return () => observer.disconnect();
  }, [toBottom]);

  return (
    <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5" data-testid="message-scroller">
      {loadingOlder && (
        <p className="flex items-center justify-center gap-2 pb-3 text-xs text-slate-500">
          <SpinnerIcon className="size-3.5" /> Loading older messages...
        </p>
      )}
      {!messages.length && isLoading && (
        <p className="flex h-full items-center justify-center gap-2 text-sm text-slate-500">
          <SpinnerIcon /> Loading conversation...
        </p>
      )}
      {!messages.length && !isLoading && error && (
        <div role="alert" className="flex h-full flex-col items-center justify-center gap-2 text-sm text-slate-600">
          Failed to load messages
          <button type="button" onClick={onRetry} className="font-medium text-indigo-600 hover:underline">
            Try again
          </button>
        </div>
      )}
      {!messages.length && !isLoading && !error && <p className="flex h-full items-center justify-center text-sm text-slate-500">No messages yet</p>}
      <div ref={contentRef} className="space-y-4">
        {groups.map((day) => (
          <section key={day.key} aria-label={day.date} className="space-y-3">
            <div className="flex items-center gap-3 py-1" role="separator" aria-label={day.date}>
              <span className="h-px flex-1 bg-slate-200" />
              <span className="rounded-full bg-slate-200/70 px-3 py-0.5 text-[11px] font-medium text-slate-600">{day.date}</span>
              <span className="h-px flex-1 bg-slate-200" />
            </div>
            {day.senderGroups.map((group) => (
              <MessageGroup key={group.key} group={group} customerAvatar={customerAvatar} onMediaLoad={onMediaLoad} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
