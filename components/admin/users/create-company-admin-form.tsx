"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { FormCard } from "@/components/admin/common/form-card";
import { TextField } from "@/components/admin/common/text-field";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formFailure, zodFieldErrors, type FieldErrors } from "@/lib/admin/form-errors";
import { api } from "@/lib/api/client";
import { useRefreshUsers } from "@/lib/hooks/use-admin-users";
import { roleLabel } from "@/lib/roles";
import { ZCreateUser } from "@/lib/schemas/users";

const CREATE_FAILED = "Failed to create user. Please try again.";
const EMPTY = { name: "", email: "", password: "", confirmPassword: "", companyName: "" };
type Values = typeof EMPTY;

/**
 * /create-user (SPEC §5 Create company admin): name, e-mail (lowercased on send), password and its
 * confirmation, the fixed company_admin role, and the new company's name.
 */
export function CreateCompanyAdminForm() {
  const router = useRouter();
  const refresh = useRefreshUsers();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = ZCreateUser.safeParse({ ...values, role: "company_admin" });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setPending(true);
    try {
      const res = await api<{ message?: string }>("/api/users", { method: "POST", body: parsed.data });
      toast.success(res?.message ?? "User created successfully");
      await refresh();
      router.push("/users");
    } catch (error) {
      const failure = formFailure(error, CREATE_FAILED);
      setErrors(failure.fields);
      setMessage(failure.message);
      setPending(false);
    }
  }

  return (
    <FormCard
      title="Company admin"
      description="They get a new company of their own and can then add their team and pages."
      onSubmit={submit}
      footer={
        <>
          <Link href="/users" className={buttonClasses({ variant: "secondary" })}>
            Cancel
          </Link>
          <Button type="submit" pending={pending} pendingText="Creating User...">
            Create User
          </Button>
        </>
      }
    >
      {message && <ErrorAlert>{message}</ErrorAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="name" label="Full name" autoComplete="name" value={values.name} onValue={set("name")} error={errors.name} />
        <TextField id="email" label="Email address" type="email" autoComplete="email" value={values.email} onValue={set("email")} error={errors.email} />
        <TextField id="password" label="Password" type="password" autoComplete="new-password" value={values.password} onValue={set("password")} error={errors.password} />
        <TextField
          id="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onValue={set("confirmPassword")}
          error={errors.confirmPassword}
        />
        <Field id="role" label="Role" hint="A super admin creates company admins.">
          <Input id="role" value={roleLabel("company_admin")} readOnly disabled className="capitalize" />
        </Field>
        <TextField id="companyName" label="Company name" autoComplete="organization" value={values.companyName} onValue={set("companyName")} error={errors.companyName} />
      </div>
    </FormCard>
  );
}
