"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { FormCard } from "@/components/admin/common/form-card";
import { TextField } from "@/components/admin/common/text-field";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formFailure, zodFieldErrors, type FieldErrors } from "@/lib/admin/form-errors";
import { api } from "@/lib/api/client";
import { ZChangePassword } from "@/lib/schemas/users";
import type { POST as ChangePassword } from "@/app/api/auth/change-password/route";
import type { Answer } from "@/lib/contract/http";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
const CHANGE_FAILED = "Failed to change password, please try again";

/** Set or change one's own password (sign-in is by e-mail code; a first password needs no current one). */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (key: keyof typeof EMPTY) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = ZChangePassword.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setPending(true);
    try {
      const res = await api<Answer<typeof ChangePassword>>("/api/auth/change-password", { method: "POST", body: parsed.data });
      toast.success(res?.message ?? "Password changed successfully");
      setValues(EMPTY);
      setErrors({});
    } catch (error) {
      const failure = formFailure(error, CHANGE_FAILED);
      setErrors(failure.fields);
      setMessage(failure.message);
    } finally {
      setPending(false);
    }
  }

  return (
    <FormCard
      title="Change Password"
      description="Leave the current password blank if you have never set one."
      onSubmit={submit}
      footer={
        <Button type="submit" pending={pending} pendingText="Saving...">
          Change Password
        </Button>
      }
    >
      {message && <ErrorAlert>{message}</ErrorAlert>}
      <TextField
        id="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onValue={set("currentPassword")}
        error={errors.currentPassword}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="newPassword" label="New password" type="password" autoComplete="new-password" value={values.newPassword} onValue={set("newPassword")} error={errors.newPassword} />
        <TextField
          id="confirmNewPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onValue={set("confirmPassword")}
          error={errors.confirmPassword}
        />
      </div>
    </FormCard>
  );
}
