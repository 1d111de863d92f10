"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import type { UiMessage } from "@/lib/inbox/ui-message";
import { loadToasts, toast } from "@/lib/toast";
import { api } from "@/lib/api/client";
import { activityLabel } from "@/lib/inbox/activity";
import { TEXTS } from "@/lib/inbox/constants";
import { describeWindow, lastInboundFromWindow } from "@/lib/contract/messaging-window";
import { lastCustomerMessageAt } from "@/lib/inbox/thread-merge";
import type { ConversationListItem } from "@/lib/inbox/types";
import type { ThreadSink } from "@/lib/hooks/use-inbox-realtime";
import { useFileDrop } from "@/lib/hooks/use-file-drop";
import { useNow } from "@/lib/hooks/use-now";
import { useSendMessage } from "@/lib/hooks/use-send-message";
import { useResendMessage } from "@/lib/hooks/use-resend-message";
import { useSendFile } from "@/lib/hooks/use-send-file";
import { useTypingSignal } from "@/lib/hooks/use-typing-signal";
import { SendFileButton } from "@/components/inbox/thread/send-file-button";
import { useStagedImages } from "@/lib/hooks/use-staged-images";
import { useThread } from "@/lib/hooks/use-thread";
import { Composer } from "@/components/inbox/thread/composer";
import { DropOverlay } from "@/components/inbox/thread/drop-overlay";
import { MessageList } from "@/components/inbox/thread/message-list";
import { ThreadHeader } from "@/components/inbox/thread/thread-header";
import { ViolationDialog } from "@/components/inbox/thread/violation-dialog";
import { WindowNotice } from "@/components/inbox/thread/window-notice";
import { ControlNotice, ThreadControlBar } from "@/components/inbox/thread/thread-control";
import { PolicyNotice } from "@/components/inbox/thread/policy-notice";
import { useThreadControl } from "@/lib/hooks/use-thread-control";
import { usePages } from "@/lib/hooks/use-pages";
import { AssignMenu } from "@/components/inbox/thread/assign-menu";
import { StatusControls } from "@/components/inbox/thread/status-controls";
import { TypingLine, ViewersBadge } from "@/components/inbox/thread/presence-bar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { UsersIcon } from "@/components/ui/icons";
import { replyByOther } from "@/lib/inbox/collision";
import type { Viewer } from "@/lib/hooks/use-conversation-presence";

/** Where the screen's socket handlers deliver events for the open conversation. */

type Props = {
  conversation: ConversationListItem;
  senderName: string;
  sinkRef: RefObject<ThreadSink | null>;
  /** The conversation changed (fresh from the thread, or a flag toggled). */
  onConversation: (item: ConversationListItem, refetchList: boolean) => void;
  onBack: () => void;
  onOpenDetails: (() => void) | null;
  /** Other agents with this conversation open, and whether they type (collision detection). */
  others?: Viewer[];
  /** Tells the others whether this agent is typing a reply. */
  onTyping?: (typing: boolean) => void;
};

type FlagResponse = { success: boolean; is_important: boolean; is_spam: boolean; conversation: ConversationListItem };

/** The centre pane for one open conversation; mount it keyed by the conversation id. */
export function ThreadPane({ conversation, senderName, sinkRef, onConversation, onBack, onOpenDetails, others = [], onTyping }: Props) {
  const thread = useThread(conversation.id, conversation.page_id);
  const staged = useStagedImages();
  const stageFiles = staged.add;
  const [text, setText] = useState("");
  const [violation, setViolation] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<"important" | "spam" | null>(null);
  const now = useNow(30_000);
  // When this agent started the reply being written: another agent's reply since then is a collision.
  const [typingSince, setTypingSince] = useState<number | null>(null);
  const [collision, setCollision] = useState<string | null>(null);

  // Sending, assigning and the flags report failures with toasts: have them ready before the network can go.
  useEffect(() => {
    loadToasts().catch(() => {});
  }, []);

  const { receive, revise, receipt, addOptimistic, settle, refresh } = thread;
  useEffect(() => {
    sinkRef.current = { conversationId: conversation.id, receive, revise, receipt, refresh: () => void refresh() };
    return () => {
      if (sinkRef.current?.conversationId === conversation.id) sinkRef.current = null;
    };
  }, [sinkRef, conversation.id, receive, revise, receipt, refresh]);

  // The thread's copy of the conversation is the freshest when it arrives (only then: later changes come
  // from toggles and socket events, and must not be overwritten by this older copy).
  const fresh = thread.conversation;
  const report = useRef(onConversation);
  useEffect(() => {
    report.current = onConversation;
  });
  useEffect(() => {
    if (fresh) report.current(fresh, false);
  }, [fresh]);

  const notice = describeWindow(conversation.window, now);
  // Replies are closed by the messaging window, by another app holding the thread (handover protocol), or
  // by Meta blocking the page (policy enforcement); the notice above the composer says which.
  const control = useThreadControl(conversation.id, conversation.page_id);
  const inboxPage = usePages().data?.pages.find((p) => p.id === conversation.page_id);
  const policy = inboxPage?.policy ?? null;
  const blocked = policy?.state === "blocked";
  const heldElsewhere = control.data ? !control.data.canReply : false;
  const closed = notice?.state === "closed" || heldElsewhere || blocked;
  const lastSeen = lastCustomerMessageAt(thread.messages) ?? lastInboundFromWindow(conversation.window);
  const activity = thread.isLoading && !thread.messages.length ? null : activityLabel(lastSeen, now);

  const onRestore = useCallback(
    (restored: string, images: File[]) => {
      setText((current) => (current.trim() ? current : restored));
      if (images.length) stageFiles(images);
    },
    [stageFiles],
  );
  const sink = useMemo(() => ({ addOptimistic, settle }), [addOptimistic, settle]);
  const send = useSendMessage({ conversation, senderName, sink, onViolation: setViolation, onRestore });
  const sendFiles = useSendFile({ conversation, senderName, sink });
  const resend = useResendMessage(conversation, revise);
  // Stable, so the memoised message rows do not re-render on every keystroke.
  const onResend = useCallback((message: UiMessage) => void resend(message), [resend]);
  const typing = useTypingSignal({ conversationId: conversation.id, pageId: conversation.page_id });
  function onText(next: string) {
    setText(next);
    typing.typed(next);
    if (next.trim() && typingSince === null) setTypingSince(Date.now());
    if (!next.trim()) setTypingSince(null);
    onTyping?.(Boolean(next.trim()));
  }

  function sendNow(confirmed = false) {
    if (closed) return;
    if (!text.trim() && !staged.images.length) return;
    const other = confirmed ? null : replyByOther(thread.messages, senderName, typingSince, Date.now());
    if (other) return setCollision(other.senderName);
    setCollision(null);
    const body = text;
    const images = staged.take();
    setText("");
    setTypingSince(null);
    onTyping?.(false);
    typing.stop();
    void send(body, images);
  }

  const addFiles = useCallback(
    (files: File[], fromDrop = false) => {
      if (!files.length) return;
      if (!stageFiles(files) && fromDrop) toast.error(TEXTS.dropImagesOnly);
    },
    [stageFiles],
  );
  const drop = useFileDrop((files) => addFiles(files, true), !closed);

  async function toggle(flag: "important" | "spam") {
    setBusy(flag);
    try {
      const result = await api<FlagResponse>(`/api/conversations/${flag === "important" ? "mark-important" : "mark-spam"}`, {
        method: "POST",
        body: { senderId: conversation.from_id, pageId: conversation.page_id, conversationId: conversation.id },
      });
      toast.success(TEXTS.success);
      onConversation(result.conversation ?? { ...conversation, is_important: result.is_important, is_spam: result.is_spam }, true);
    } catch {
      // PRODUCT §8: no error handler for the toggles; a 401/403 is handled by the client.
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-label={`Conversation with ${conversation.from_name}`} className="relative flex h-full min-h-0 flex-col bg-slate-50" {...drop.handlers}>
      <ThreadHeader
        conversation={conversation}
        activity={activity}
        busy={busy}
        onToggleImportant={() => void toggle("important")}
        onToggleSpam={() => void toggle("spam")}
        onBack={onBack}
        onOpenDetails={onOpenDetails}
        extra={
          <>
            <ViewersBadge viewers={others} />
            <ThreadControlBar control={control.data} mutate={control.mutate} />
            <AssignMenu conversation={conversation} onChange={(item) => onConversation(item, false)} />
            <StatusControls conversation={conversation} onChange={(item) => onConversation(item, false)} />
          </>
        }
      />
      <MessageList
        messages={thread.messages}
        isLoading={thread.isLoading}
        error={thread.error}
        hasOlder={thread.hasOlder}
        loadingOlder={thread.loadingOlder}
        onLoadOlder={thread.loadOlder}
        onRetry={() => void thread.refresh()}
        onResend={onResend}
        customerAvatar={conversation.avatar}
      />
      <TypingLine viewers={others} />
      <Composer
        pageId={conversation.page_id}
        replyContext={{ customerName: conversation.from_name, agentName: senderName, pageName: inboxPage?.name }}
        text={text}
        onText={onText}
        images={staged.images}
        onAddFiles={addFiles}
        onRemoveImage={staged.remove}
        onClearImages={staged.clear}
        onSend={() => sendNow()}
        onThumbsUp={() => void send("👍", [])}
        disabled={closed}
        notice={
          <>
            {blocked ? <PolicyNotice reason={policy?.reason ?? null} /> : <ControlNotice control={control.data} mutate={control.mutate} />}
            <WindowNotice notice={notice} />
          </>
        }
        closedText={blocked ? "Sending is paused while Meta blocks this page" : heldElsewhere ? "Another app controls this conversation" : undefined}
        tools={(className) => <SendFileButton onFiles={(files) => void sendFiles(files)} disabled={closed} className={className} />}
      />
      {drop.dragging && <DropOverlay />}
      <ViolationDialog urls={violation} onClose={() => setViolation(null)} />
      <ConfirmDialog
        open={collision !== null}
        onOpenChange={(open) => !open && setCollision(null)}
        icon={<UsersIcon className="size-5" />}
        title="Someone else just replied"
        cancelLabel="Cancel"
        confirmLabel="Send anyway"
        pendingText="Sending..."
        busy={false}
        onConfirm={() => sendNow(true)}
      >
        {collision} replied to this customer while you were typing. Read their reply before sending yours.
      </ConfirmDialog>
    </section>
  );
}
