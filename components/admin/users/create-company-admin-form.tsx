"use client";

import { FormCard } from "@/components/admin/common/form-card";
import { TextField } from "@/components/admin/common/text-field";
import { ErrorAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { COMPANY_OWNER_ROLE, roleLabel } from "@/lib/access/roles";
import { CreateUserActions, useCreateUserForm } from "@/components/admin/users/use-create-user-form";

const EMPTY = { name: "", email: "", password: "", confirmPassword: "", companyName: "" };

/**
 * /create-user (PRODUCT §5 Create company admin): name, e-mail (lowercased on send), password and its
 * confirmation, the fixed company_admin role, and the new company's name.
 */
export function CreateCompanyAdminForm() {
  const { values, errors, message, pending, set, submit } = useCreateUserForm(EMPTY, { listPath: "/users", toInput: (v) => ({ ...v, role: COMPANY_OWNER_ROLE }) });

  return (
    <FormCard
      title="Company admin"
      description="They get a new company of their own and can then add their team and pages."
      onSubmit={submit}
      footer={<CreateUserActions listPath="/users" pending={pending} />}
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
          <Input id="role" value={roleLabel(COMPANY_OWNER_ROLE)} readOnly disabled className="capitalize" />
        </Field>
        <TextField id="companyName" label="Company name" autoComplete="organization" value={values.companyName} onValue={set("companyName")} error={errors.companyName} />
      </div>
    </FormCard>
  );
}
