import type { ReactNode } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/admin/common/back-link";

const WIDTH = { "2xl": "mx-auto max-w-2xl", "3xl": "mx-auto max-w-3xl" } as const;

/**
 * A screen that is one form (the two 'Create User' screens): centred at a readable width, a way back to the
 * list above the heading, then the form. The super admin's and the company's differ only in these props.
 */
export function FormPage(props: { width: keyof typeof WIDTH; back: string; backLabel: string; title: string; subtitle: string; form: ReactNode }) {
  return (
    <div className={WIDTH[props.width]}>
      <BackLink href={props.back}>{props.backLabel}</BackLink>
      <PageHeader title={props.title} subtitle={props.subtitle} />
      {props.form}
    </div>
  );
}
