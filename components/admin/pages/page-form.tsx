"use client";

import { useState, type FormEvent } from "react";
import { FormCard } from "@/components/admin/common/form-card";
import { useFormFields } from "@/components/admin/common/form-fields";
import { TextField } from "@/components/admin/common/text-field";
import { Button } from "@/components/ui/button";
import { isAlreadyExists } from "@/lib/admin/form-errors";
import { PAGE_ALREADY_ADDED_UI, ZAddPage, ZCheckPageToken, ZUpdatePage } from "@/lib/schemas/pages";
import { api } from "@/lib/api/client";
import type { POST as VerifyPage } from "@/app/api/pages/verify/route";
import type { Answer } from "@/lib/contract/http";

export type PageFormValues = { name: string; page_id: string; page_access_token: string };
export type PageFormPayload = { name: string; page_id: string; user_id?: string; page_access_token?: string };

/**
 * The add and edit page form (PRODUCT §5): values trimmed; name ≥ 2, page id digits, token ≥ 20 — required
 * when adding, optional when editing (sent only if filled). Server field errors show per field with
 * 'Please fix the errors below'; a 400 'already exists' reads 'This Facebook page has already been added…'.
 */
export function PageForm({
  mode,
  userId,
  initial,
  cancelHref,
  onSubmit,
}: {
  mode: "add" | "edit";
  userId?: string;
  initial?: Partial<PageFormValues>;
  cancelHref: string;
  onSubmit(payload: PageFormPayload): Promise<void>;
}) {
  const { values, set, field, message, validate, fail } = useFormFields<PageFormValues>({ name: "", page_id: "", page_access_token: "", ...initial });
  const [pending, setPending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [graphName, setGraphName] = useState<string | null>(null);
  const adding = mode === "add";
  const fallback = adding ? "Failed to add page, please try again" : "Failed to update page, please try again";

  /** "Check with Facebook": Graph says whose token it is and offers the Page's name; nothing is saved. */
  async function check() {
    setGraphName(null);
    const body = validate(ZCheckPageToken, values);
    if (!body) return;
    setChecking(true);
    try {
      const res = await api<Answer<typeof VerifyPage>>("/api/pages/verify", { method: "POST", body });
      setGraphName(res.name);
      if (!values.name.trim()) set("name")(res.name);
    } catch (error) {
      fail(error, "Facebook could not check this token. Please try again.");
    } finally {
      setChecking(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(adding ? ZAddPage : ZUpdatePage, { ...values, user_id: userId });
    if (!parsed) return;
    setPending(true);
    try {
      const { name, page_id, page_access_token } = parsed;
      await onSubmit({ name, page_id, user_id: userId, ...(page_access_token ? { page_access_token } : {}) });
    } catch (error) {
      fail(error, fallback, (e) => (isAlreadyExists(e) ? PAGE_ALREADY_ADDED_UI : null));
      setPending(false);
    }
  }

  return (
    <FormCard
      title={adding ? "Page details" : "Edit page details"}
      description="Find the page ID under the page's About section on Facebook; the access token comes from your Meta app."
      onSubmit={submit}
      alert={message}
      cancelHref={cancelHref}
      submitLabel={adding ? "Add Page" : "Update Page"}
      pendingText={adding ? "Adding Page..." : "Updating Page..."}
      pending={pending}
    >
      <TextField id="page-name" label="Page name" placeholder="Acme Shoes" {...field("name")} />
      <TextField id="page-id" label="Page ID" inputMode="numeric" placeholder="100000000000001" {...field("page_id")} />
      <TextField
        id="page-token"
        label="Page access token"
        type="password"
        autoComplete="off"
        placeholder={adding ? "EAAB…" : "Leave blank to keep the current token"}
        hint={adding ? "Stored encrypted and never shown again." : "Only sent when filled; a new token clears a 'Needs new token' state."}
        {...field("page_access_token")}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" pending={checking} pendingText="Checking..." onClick={check}>
          Check with Facebook
        </Button>
        {graphName !== null && (
          <span className="text-sm text-emerald-700" role="status">
            Facebook confirms this token belongs to “{graphName}”.
            {values.name.trim() !== graphName && (
              <button type="button" className="ml-2 text-blue-700 underline" onClick={() => set("name")(graphName)}>
                Use this name
              </button>
            )}
          </span>
        )}
      </div>
    </FormCard>
  );
}
