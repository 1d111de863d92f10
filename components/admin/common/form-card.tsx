import Link from "next/link";
import type { FormEvent, ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** A card's title row: what the card is for and, under it, a line on what it does. */
export function CardHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
    </div>
  );
}

/**
 * A form in a card, as every admin form is laid out: an optional heading; the form-level error (`alert`, a
 * failed submit's message) above the fields; a footer with Cancel (when the form has a page to go back to)
 * and the submit button, which reads `pendingText` while the submit runs.
 */
export function FormCard({
  title,
  description,
  label,
  onSubmit,
  alert,
  children,
  cancelHref,
  submitLabel,
  pendingText,
  pending,
}: {
  title?: string;
  description?: ReactNode;
  label?: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  alert?: string | null;
  children: ReactNode;
  cancelHref?: string;
  submitLabel: string;
  pendingText: string;
  pending: boolean;
}) {
  return (
    <Card>
      <form noValidate onSubmit={onSubmit} aria-label={label ?? title}>
        {title && <CardHeader title={title} description={description} />}
        <div className="space-y-5 px-5 py-5 sm:px-6">
          {alert && <ErrorAlert>{alert}</ErrorAlert>}
          {children}
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-slate-50/60 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
          {cancelHref && (
            <Link href={cancelHref} className={buttonClasses({ variant: "secondary" })}>
              Cancel
            </Link>
          )}
          <Button type="submit" pending={pending} pendingText={pendingText}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
