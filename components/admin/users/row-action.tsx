import Link from "next/link";
import type { ComponentType, ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { TrashIcon, type IconProps } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

// Row actions: icon and text on the phone cards; from md up, where a table row has to fit four of them,
// the icon alone with the text as its tooltip (`label`, when given, stays the accessible name).

function classes(compact: boolean, danger = false) {
  return buttonClasses({
    variant: danger ? "ghost-danger" : "ghost",
    size: "sm",
    className: cn("h-8 gap-1.5 px-2 text-sm", compact && "md:w-8 md:px-0"),
  });
}

function Text({ compact, children }: { compact: boolean; children: ReactNode }) {
  return <span className={compact ? "md:sr-only" : undefined}>{children}</span>;
}

/** A row action that navigates. */
export function RowLink({
  href,
  icon: Icon,
  children,
  label,
  compact = true,
}: {
  href: string;
  icon: ComponentType<IconProps>;
  children: string;
  label?: string;
  compact?: boolean;
}) {
  return (
    <Link href={href} aria-label={label} title={compact ? children : undefined} className={classes(compact)}>
      <Icon className="size-4" />
      <Text compact={compact}>{children}</Text>
    </Link>
  );
}

/** A row action that acts in place (opens a dialog). */
export function RowButton({
  onClick,
  icon: Icon,
  children,
  label,
  danger = false,
  disabled = false,
  compact = true,
}: {
  onClick(): void;
  icon: ComponentType<IconProps>;
  children: string;
  label?: string;
  danger?: boolean;
  disabled?: boolean;
  compact?: boolean;
}) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={compact ? children : undefined} disabled={disabled} className={classes(compact, danger)}>
      <Icon className="size-4" />
      <Text compact={compact}>{children}</Text>
    </button>
  );
}

/** The red 'Delete' row action (users, pages, whitelist): its accessible name says what goes, `Delete {name}`. */
export function DeleteRowButton({ name, onClick, disabled = false }: { name: string; onClick(): void; disabled?: boolean }) {
  return (
    <RowButton danger icon={TrashIcon} label={`Delete ${name}`} onClick={onClick} disabled={disabled}>
      Delete
    </RowButton>
  );
}
