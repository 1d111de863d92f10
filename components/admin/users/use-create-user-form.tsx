"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { Button, buttonClasses } from "@/components/ui/button";
import { formFailure, zodFieldErrors, type FieldErrors } from "@/lib/admin/form-errors";
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
 * Please try again.', and back to the users list after a success.
 */
export function useCreateUserForm<V extends Record<string, string>>(initial: V, options: { listPath: string; toInput: (values: V) => unknown; toBody?: (parsed: CreateUserBody) => unknown }) {
  const router = useRouter();
  const refresh = useRefreshUsers();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (key: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = ZCreateUserForm.safeParse(options.toInput(values));
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setPending(true);
    try {
      const res = await api<Answer<typeof CreateUser>>("/api/users", { method: "POST", body: options.toBody ? options.toBody(parsed.data) : parsed.data });
      toast.success(res?.message ?? "User created successfully");
      await refresh();
      router.push(options.listPath);
    } catch (error) {
      const failure = formFailure(error, CREATE_FAILED);
      setErrors(failure.fields);
      setMessage(failure.message || null);
      setPending(false);
    }
  }

  return { values, errors, message, pending, set, submit };
}

/** Cancel (back to the list) and Create User ('Creating User...' while pending). */
export function CreateUserActions({ listPath, pending }: { listPath: string; pending: boolean }) {
  return (
    <>
      <Link href={listPath} className={buttonClasses({ variant: "secondary" })}>
        Cancel
      </Link>
      <Button type="submit" pending={pending} pendingText="Creating User...">
        Create User
      </Button>
    </>
  );
}
