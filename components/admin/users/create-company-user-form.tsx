"use client";

import { useAuth } from "@/components/auth/auth-provider";
import { FormCard } from "@/components/admin/common/form-card";
import { Select } from "@/components/admin/common/select";
import { TextField } from "@/components/admin/common/text-field";
import { describedBy, Field } from "@/components/ui/field";
import { roleTitle } from "@/lib/admin/labels";
import { CREATABLE_ROLES, type Role } from "@/lib/access/roles";
import { useCreateUserForm } from "@/components/admin/users/use-create-user-form";

/**
 * /company/create-user (PRODUCT §5 Create user by company): full name, e-mail and a role from those the
 * creator may create (§6). An admin may only create staff, so the dropdown is fixed for them.
 */
export function CreateCompanyUserForm() {
  const { user: me } = useAuth();
  const options: readonly Role[] = me ? CREATABLE_ROLES[me.role] : [];
  const fixed = options.length === 1;
  const { values, errors, set, field, card } = useCreateUserForm(
    { name: "", email: "", role: fixed ? (options[0] as string) : "" },
    {
      listPath: "/company/users",
      toInput: (v) => ({ name: v.name, email: v.email, role: v.role || undefined }),
      toBody: ({ name, email, role }) => ({ name, email, role }),
    },
  );

  return (
    <FormCard title="New team member" description="They sign in with a one-time code sent to this address." {...card}>
      <TextField id="name" label="Full name" autoComplete="name" {...field("name")} />
      <TextField id="email" label="Email address" type="email" autoComplete="email" {...field("email")} />
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
