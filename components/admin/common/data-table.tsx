import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

// The admin tables. From md up they are ordinary tables in a card; below md every row becomes a card and
// each cell shows its column name (data-label) beside the value, so nothing scrolls sideways on a phone.
// Roles are spelled out because changing a table's display can drop its semantics in some browsers.

export function DataTable({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  return (
    <div
      className={cn(
        "md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm",
        className,
      )}
    >
      <table role="table" className="w-full text-left text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead role="rowgroup" className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase max-md:hidden">
      <tr role="row" className="border-b border-slate-200">
        {children}
      </tr>
    </thead>
  );
}

export function TH({ className, children, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th role="columnheader" scope="col" className={cn("px-3 py-3 whitespace-nowrap first:pl-5 last:pr-5", className)} {...props}>
      {children}
    </th>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return (
    <tbody role="rowgroup" className="divide-slate-100 max-md:block max-md:space-y-3 md:divide-y">
      {children}
    </tbody>
  );
}

export function TR({ className, children, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      role="row"
      className={cn(
        "align-middle transition-colors md:hover:bg-slate-50/60",
        "max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:px-4 max-md:py-3 max-md:shadow-sm",
        className,
      )}
      {...props}
    >
      {children}
    </tr>
  );
}

type TDProps = TdHTMLAttributes<HTMLTableCellElement> & {
  /** The column name, shown beside the value on phones. Leave it out for action cells. */
  label?: string;
};

export function TD({ label, className, children, ...props }: TDProps) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        "px-3 py-3 text-slate-700 first:pl-5 last:pr-5",
        "max-md:flex max-md:min-w-0 max-md:items-start max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:text-right max-md:first:pl-0 max-md:last:pr-0",
        label &&
          "max-md:before:shrink-0 max-md:before:pt-0.5 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    >
      {children}
    </td>
  );
}

/** A cell for a row's buttons: right-aligned in the table, a full-width button row on the phone card. */
export function ActionsTD({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <td
      role="cell"
      className={cn("px-3 py-3 first:pl-5 last:pr-4 max-md:mt-2 max-md:block max-md:border-t max-md:border-slate-100 max-md:px-0 max-md:pt-2 max-md:pb-0 max-md:last:pr-0", className)}
    >
      <div className="flex flex-wrap items-center justify-end gap-1 max-md:-mx-1.5 max-md:justify-start md:flex-nowrap">
        {children}
      </div>
    </td>
  );
}

/** A row holding one message across all columns (empty, loading). */
export function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr role="row" className="max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white">
      <td role="cell" colSpan={colSpan} className="px-5 py-12 text-center text-sm text-slate-500 max-md:block">
        {children}
      </td>
    </tr>
  );
}
