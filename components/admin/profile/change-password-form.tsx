"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { FormCard } from "@/components/admin/common/form-card";
import { useFormFields } from "@/components/admin/common/form-fields";
import { TextField } from "@/components/admin/common/text-field";
import { api } from "@/lib/api/client";
import { ZChangePassword } from "@/lib/schemas/users";
import type { POST as ChangePassword } from "@/app/api/auth/change-password/route";
import type { Answer } from "@/lib/contract/http";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
const CHANGE_FAILED = "Failed to change password, please try again";

/** Set or change one's own password (sign-in is by e-mail code; a first password needs no current one). */
export function ChangePasswordForm() {
  const { values, setValues, setErrors, field, message, validate, fail } = useFormFields(EMPTY);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = validate(ZChangePassword, values);
    if (!body) return;
    setPending(true);
    try {
      const res = await api<Answer<typeof ChangePassword>>("/api/auth/change-password", { method: "POST", body });
      toast.success(res?.message ?? "Password changed successfully");
      setValues(EMPTY);
      setErrors({});
    } catch (error) {
      fail(error, CHANGE_FAILED);
    } finally {
      setPending(false);
    }
  }

  return (
    <FormCard
      title="Change Password"
      description="Leave the current password blank if you have never set one."
      onSubmit={submit}
      alert={message}
      submitLabel="Change Password"
      pendingText="Saving..."
      pending={pending}
    >
      <TextField id="currentPassword" label="Current password" type="password" autoComplete="current-password" {...field("currentPassword")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="newPassword" label="New password" type="password" autoComplete="new-password" {...field("newPassword")} />
        <TextField id="confirmNewPassword" label="Confirm new password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
      </div>
    </FormCard>
  );
}
