"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { mutate as mutateGlobal } from "swr";
import { PageHeader } from "@/components/layout/page-header";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, Field } from "@/components/ui/field";
import { SendIcon } from "@/components/ui/icons";
import { Textarea } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { OfferUploadError, scheduleOffer } from "@/lib/hooks/use-offers";
import { usePages } from "@/lib/hooks/use-pages";
import { fitsInstagram } from "@/lib/inbox/channels";
import { canSchedule, EMPTY_DRAFT, OFFER_MESSAGE_MAX, offerDraftError, switchOfferPage, switchOfferType, type OfferDraft } from "@/lib/offers/draft";
import { OFFER_TEXTS } from "@/lib/offers/texts";
import type { OfferType } from "@/lib/offers/types";
import { AudiencePreview, AudienceSummary } from "@/components/offers/audience-preview";
import { OfferImagePicker } from "@/components/offers/offer-image-picker";
import { OfferLabelPicker } from "@/components/offers/offer-label-picker";
import { OfferTypePicker } from "@/components/offers/offer-type-picker";

const SELECT =
  "block h-11 w-full min-w-0 appearance-none rounded-lg border border-slate-300 bg-white bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat pr-10 pl-3.5 text-base text-slate-900 shadow-xs focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/15 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm";
const CHEVRON = `url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2364748b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3e%3cpath d='m6 9 6 6 6-6'/%3e%3c/svg%3e")`;

type Failure = { message: string; urls: string[] };

/** /company/send-offer — 'Send Offer to Users (Bulk)' (PRODUCT §2–§5, §8). */
export function SendOfferForm() {
  const router = useRouter();
  const ids = { page: useId(), message: useId() };
  const { data: pagesData, error: pagesError, isLoading: pagesLoading, mutate: reloadPages } = usePages();
  const pages = pagesData?.pages ?? [];

  const [draft, setDraft] = useState<OfferDraft>(EMPTY_DRAFT);
  const [imageError, setImageError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  // The preview's object URL is released when replaced, dropped or when the screen goes away.
  const previewRef = useRef<string | null>(null);
  useEffect(() => {
    const previous = previewRef.current;
    const current = draft.image?.previewUrl ?? null;
    if (previous && previous !== current) URL.revokeObjectURL(previous);
    previewRef.current = current;
  }, [draft.image]);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  function update(next: OfferDraft) {
    setDraft(next);
    setFailure(null);
  }

  function chooseType(type: OfferType) {
    update(switchOfferType(draft, type).draft);
    setImageError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problem = offerDraftError(draft);
    if (problem) {
      setFailure({ message: problem, urls: [] });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      await scheduleOffer(draft, draft.image?.file ?? null);
      toast.success(OFFER_TEXTS.scheduled);
      void mutateGlobal((key) => Array.isArray(key) && key[0] === "/api/offers");
      router.push("/company/scheduled-offers");
    } catch (error) {
      const message = error instanceof OfferUploadError ? error.message : errorMessage(error, OFFER_TEXTS.scheduleFailed);
      const urls = error instanceof ApiError && Array.isArray(error.body.urls) ? error.body.urls.filter((u): u is string => typeof u === "string") : [];
      setFailure({ message, urls });
      toast.error(message);
      setSubmitting(false);
    }
  }

  const ready = canSchedule(draft);
  const hint = offerDraftError(draft);
  const messageLength = draft.message.length;
  const pageHint = pagesError ? undefined : pagesLoading ? "Loading pages..." : !pages.length ? "No pages are assigned to you yet." : undefined;

  return (
    <>
      <PageHeader title="Send Offer to Users (Bulk)" subtitle="Send one offer to many customers of a page. It goes out in the background." />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <Card className="p-5 sm:p-6">
          <form onSubmit={submit} noValidate className="space-y-6" aria-describedby={failure ? "offer-failure" : undefined}>
            <Field id={ids.page} label="Page" hint={pageHint}>
              <select
                id={ids.page}
                value={draft.pageId}
                disabled={submitting || pagesLoading}
                onChange={(e) => update(switchOfferPage(draft, e.target.value))}
                aria-describedby={describedBy(ids.page, null, pageHint)}
                className={SELECT}
                style={{ backgroundImage: CHEVRON }}
              >
                <option value="">Select a page</option>
                {pages.map((page) => (
                  <option key={page.id} value={page.id}>
                    {page.name}
                  </option>
                ))}
              </select>
              {pagesError && (
                <div className="flex flex-wrap items-center gap-2 text-sm text-red-600">
                  Failed to load pages
                  <Button size="sm" variant="secondary" onClick={() => void reloadPages()}>
                    Retry
                  </Button>
                </div>
              )}
            </Field>

            <OfferTypePicker value={draft.type} onChange={chooseType} disabled={submitting} />

            {draft.type === "text" ? (
              <Field
                id={ids.message}
                label="Message"
                hint={
                  <span className="flex justify-between gap-3">
                    <span>
                      Links must be on your approved list.
                      {/* Instagram takes 1000 bytes: its customers are skipped for a longer text (workers/offers/prepare.ts). */}
                      {!fitsInstagram(draft.message) && " Over 1000 bytes: Instagram customers will not get it."}
                    </span>
                    <span className={cn("shrink-0 whitespace-nowrap tabular-nums", messageLength > OFFER_MESSAGE_MAX && "font-medium text-red-600")}>
                      {messageLength} / {OFFER_MESSAGE_MAX}
                    </span>
                  </span>
                }
              >
                <Textarea
                  id={ids.message}
                  rows={6}
                  value={draft.message}
                  disabled={submitting}
                  placeholder="Write your offer..."
                  invalid={messageLength > OFFER_MESSAGE_MAX}
                  aria-describedby={`${ids.message}-hint`}
                  onChange={(e) => update({ ...draft, message: e.target.value })}
                  className="resize-y"
                />
              </Field>
            ) : draft.type === "image" ? (
              <OfferImagePicker
                image={draft.image}
                error={imageError}
                disabled={submitting}
                onPick={(file) => {
                  setImageError(null);
                  update({ ...draft, image: { file, previewUrl: URL.createObjectURL(file) } });
                }}
                onError={(message) => {
                  setImageError(message);
                  toast.error(message);
                }}
                onRemove={() => update({ ...draft, image: null })}
              />
            ) : (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">
                Choose an offer type to write the message or pick the image.
              </p>
            )}

            <OfferLabelPicker
              pageId={draft.pageId}
              tags={draft.tags}
              exclude={draft.exclude}
              disabled={submitting}
              onTagsChange={(tags) => update({ ...draft, tags })}
              onExcludeChange={(exclude) => update({ ...draft, exclude })}
            />

            <label className="flex items-start gap-2.5 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={draft.includeSpam}
                disabled={submitting}
                onChange={(event) => update({ ...draft, includeSpam: event.target.checked })}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span>
                <span className="font-medium text-slate-900">Include conversations marked as spam</span>
                <span className="block text-xs text-slate-500">Off: people in the Spam folder are skipped.</span>
              </span>
            </label>

            {failure && (
              <div id="offer-failure">
                <ErrorAlert>
                  <p>{failure.message}</p>
                  {failure.urls.length > 0 && (
                    <ul className="mt-1.5 flex flex-wrap gap-1.5">
                      {failure.urls.map((url) => (
                        <li key={url} className="max-w-full rounded-md bg-red-100 px-2 py-0.5 font-mono text-xs break-all">
                          {url}
                        </li>
                      ))}
                    </ul>
                  )}
                </ErrorAlert>
              </div>
            )}

            <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="text-sm text-slate-500" aria-live="polite">
                  {!submitting && hint ? hint : ""}
                </p>
                <div className="lg:hidden">
                  <AudienceSummary draft={draft} />
                </div>
              </div>
              <Button type="submit" size="lg" disabled={!ready} pending={submitting} pendingText="Scheduling..." className="w-full sm:w-auto">
                <SendIcon className="size-4" />
                Schedule Offer
              </Button>
            </div>
          </form>
        </Card>

        <div className="lg:sticky lg:top-24">
          <AudiencePreview draft={draft} />
        </div>
      </div>
    </>
  );
}
