"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { useAuth } from "@/components/auth/auth-provider";
import { FormCard } from "@/components/admin/common/form-card";
import { Select } from "@/components/admin/common/select";
import { TextField } from "@/components/admin/common/text-field";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { formFailure, zodFieldErrors, type FieldErrors } from "@/lib/admin/form-errors";
import { api } from "@/lib/api/client";
import { useRefreshUsers } from "@/lib/hooks/use-admin-users";
import { roleTitle } from "@/lib/admin/labels";
import type { Role } from "@/lib/roles";
import { CREATABLE_ROLES, ZCreateUser } from "@/lib/schemas/users";

const CREATE_FAILED = "Failed to create user. Please try again.";

/**
 * /company/create-user (SPEC §5 Create user by company): full name, e-mail and a role from those the
 * creator may create (§6). An admin may only create staff, so the dropdown is fixed for them.
 */
export function CreateCompanyUserForm() {
  const router = useRouter();
  const refresh = useRefreshUsers();
  const { user: me } = useAuth();
  const options: readonly Role[] = me ? CREATABLE_ROLES[me.role] : [];
  const fixed = options.length === 1;
  const [values, setValues] = useState({ name: "", email: "", role: fixed ? options[0] : "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = ZCreateUser.safeParse({ name: values.name, email: values.email, role: values.role || undefined });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setPending(true);
    try {
      const { name, email, role } = parsed.data;
      const res = await api<{ message?: string }>("/api/users", { method: "POST", body: { name, email, role } });
      toast.success(res?.message ?? "User created successfully");
      await refresh();
      router.push("/company/users");
    } catch (error) {
      const failure = formFailure(error, CREATE_FAILED);
      setErrors(failure.fields);
      setMessage(failure.message);
      setPending(false);
    }
  }

  return (
    <FormCard
      title="New team member"
      description="They sign in with a one-time code sent to this address."
      onSubmit={submit}
      footer={
        <>
          <Link href="/company/users" className={buttonClasses({ variant: "secondary" })}>
            Cancel
          </Link>
          <Button type="submit" pending={pending} pendingText="Creating User...">
            Create User
          </Button>
        </>
      }
    >
      {message && <ErrorAlert>{message}</ErrorAlert>}
      <TextField id="name" label="Full name" autoComplete="name" value={values.name} onValue={set("name")} error={errors.name} />
      <TextField id="email" label="Email address" type="email" autoComplete="email" value={values.email} onValue={set("email")} error={errors.email} />
      <Field id="role" label="User role" error={errors.role} hint={fixed ? "Admins can add staff only." : undefined}>
        <Select
          id="role"
          value={values.role}
          disabled={fixed}
          invalid={!!errors.role}
          aria-describedby={describedBy("role", errors.role, fixed ? "hint" : undefined)}
          onChange={(e) => set("role")(e.target.value)}
        >
          {!fixed && (
            <option value="" disabled>
              Select a role
            </option>
          )}
          {options.map((role) => (
            <option key={role} value={role}>
              {roleTitle(role)}
            </option>
          ))}
        </Select>
      </Field>
    </FormCard>
  );
}
