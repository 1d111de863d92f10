"use client";

import { FormCard } from "@/components/admin/common/form-card";
import { TextField } from "@/components/admin/common/text-field";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { COMPANY_OWNER_ROLE, roleLabel } from "@/lib/access/roles";
import { useCreateUserForm } from "@/components/admin/users/use-create-user-form";

const EMPTY = { name: "", email: "", password: "", confirmPassword: "", companyName: "" };

/**
 * /create-user (PRODUCT §5 Create company admin): name, e-mail (lowercased on send), password and its
 * confirmation, the fixed company_admin role, and the new company's name.
 */
export function CreateCompanyAdminForm() {
  const { field, card } = useCreateUserForm(EMPTY, { listPath: "/users", toInput: (v) => ({ ...v, role: COMPANY_OWNER_ROLE }) });

  return (
    <FormCard title="Company admin" description="They get a new company of their own and can then add their team and pages." {...card}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="name" label="Full name" autoComplete="name" {...field("name")} />
        <TextField id="email" label="Email address" type="email" autoComplete="email" {...field("email")} />
        <TextField id="password" label="Password" type="password" autoComplete="new-password" {...field("password")} />
        <TextField id="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
        <Field id="role" label="Role" hint="A super admin creates company admins.">
          <Input id="role" value={roleLabel(COMPANY_OWNER_ROLE)} readOnly disabled className="capitalize" />
        </Field>
        <TextField id="companyName" label="Company name" autoComplete="organization" {...field("companyName")} />
      </div>
    </FormCard>
  );
}
