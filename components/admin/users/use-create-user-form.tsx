"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { useFormFields } from "@/components/admin/common/form-fields";
import { api } from "@/lib/api/client";
import { useRefreshUsers } from "@/lib/hooks/use-admin-users";
import { ZCreateUser, ZCreateUserForm } from "@/lib/schemas/users";
import type { POST as CreateUser } from "@/app/api/users/route";
import type { Answer } from "@/lib/contract/http";

const CREATE_FAILED = "Failed to create user. Please try again.";

type CreateUserBody = z.infer<typeof ZCreateUser>;

/**
 * What both create-user screens share (PRODUCT §5, §8): field values with per-field errors that clear while
 * typing, validation with ZCreateUserForm, POST /api/users, the server's message or 'Failed to create user.
 * Please try again.', and back to the users list after a success. `card` is the FormCard's part: the submit,
 * the alert, and Cancel / Create User ('Creating User...' while pending).
 */
export function useCreateUserForm<V extends Record<string, string>>(initial: V, options: { listPath: string; toInput: (values: V) => unknown; toBody?: (parsed: CreateUserBody) => unknown }) {
  const router = useRouter();
  const refresh = useRefreshUsers();
  const { values, errors, set, field, message, validate, fail } = useFormFields(initial);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(ZCreateUserForm, options.toInput(values));
    if (!parsed) return;
    setPending(true);
    try {
      const res = await api<Answer<typeof CreateUser>>("/api/users", { method: "POST", body: options.toBody ? options.toBody(parsed) : parsed });
      toast.success(res?.message ?? "User created successfully");
      await refresh();
      router.push(options.listPath);
    } catch (error) {
      fail(error, CREATE_FAILED);
      setPending(false);
    }
  }

  const card = { onSubmit: submit, alert: message, cancelHref: options.listPath, submitLabel: "Create User", pendingText: "Creating User...", pending };
  return { values, errors, set, field, card };
}
