"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { useFormAction } from "@/components/admin/common/form-action";
import { FormCard } from "@/components/admin/common/form-card";
import { TextField } from "@/components/admin/common/text-field";
import { zodFieldErrors } from "@/lib/admin/form-errors";
import { api, ApiError } from "@/lib/api/client";
import { ZUpdateEmail, type ApiUser } from "@/lib/schemas/users";
import type { PUT as UpdateEmail } from "@/app/api/users/email/route";
import type { Answer } from "@/lib/contract/http";

const UPDATE_FAILED = "Failed to update email, please try again";
// PRODUCT §5 Update e-mail: the blank-field alert says this, oddly; the spec keeps the text, so do we.
const BLANK_NEW_EMAIL = "Please enter a new password";

/** PRODUCT §2 'Update Email': a new address for the user, who is named by their current one. */
export function UpdateEmailForm({ user, onUpdated }: { user: ApiUser; onUpdated(user: ApiUser): void }) {
  const [newEmail, setNewEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // A taken address is said under the field as well as in the toast.
  const { pending, run } = useFormAction(UPDATE_FAILED, (err) => {
    const field = err instanceof ApiError ? err.fields.newEmail : undefined;
    if (field) setError(field);
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setAlert(null);
    if (!newEmail.trim()) return setAlert(BLANK_NEW_EMAIL);
    const parsed = ZUpdateEmail.safeParse({ email: user.email, newEmail });
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).newEmail ?? UPDATE_FAILED);
    await run(async () => {
      const res = await api<Answer<typeof UpdateEmail>>("/api/users/email", { method: "PUT", body: parsed.data });
      toast.success(res?.message ?? "Email updated successfully");
      setNewEmail("");
      onUpdated(res?.user ?? { ...user, email: parsed.data.newEmail });
    });
  }

  return (
    <FormCard
      title="Update Email"
      description={
        <>
          Current address: <span className="font-medium break-all text-slate-700">{user.email}</span>
        </>
      }
      onSubmit={submit}
      alert={alert}
      submitLabel="Update Email"
      pendingText="Updating..."
      pending={pending}
    >
      <TextField
        id="newEmail"
        label="New email address"
        type="email"
        autoComplete="off"
        placeholder="name@company.com"
        value={newEmail}
        onValue={(value) => {
          setNewEmail(value);
          setError(null);
          setAlert(null);
        }}
        error={error}
      />
    </FormCard>
  );
}
