import type { FormEvent, ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** A form in a card: an optional heading, the fields, and a footer row of buttons. */
export function FormCard({
  title,
  description,
  onSubmit,
  footer,
  children,
  label,
}: {
  title?: string;
  description?: ReactNode;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  footer: ReactNode;
  children: ReactNode;
  label?: string;
}) {
  return (
    <Card>
      <form noValidate onSubmit={onSubmit} aria-label={label ?? title}>
        {title && (
          <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
            <h2 className="text-base font-semibold text-slate-900">{title}</h2>
            {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
          </div>
        )}
        <div className="space-y-5 px-5 py-5 sm:px-6">{children}</div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-slate-50/60 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">{footer}</div>
      </form>
    </Card>
  );
}
