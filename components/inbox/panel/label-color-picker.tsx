"use client";

import { labelColorClasses } from "@/components/inbox/panel/label-colors";
import { CheckIcon, ChevronDownIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { LABEL_PICKER_COLORS, type LabelColor } from "@/lib/schemas/labels";

/**
 * The label colour picker (PRODUCT §3/§4): a swatch that opens the first six colours; picking one closes it.
 * Its parts join the parent flex-wrap row (display: contents): the open swatches take a line of their own
 * after the row, pushing what follows down instead of covering it.
 */
export function LabelColorPicker({
  value,
  onChange,
  open,
  onOpenChange,
  disabled,
}: {
  value: LabelColor;
  onChange: (color: LabelColor) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="contents">
      <button
        type="button"
        disabled={disabled}
        aria-label={`Label colour: ${value}`}
        aria-expanded={open}
        aria-controls="label-color-options"
        onClick={() => onOpenChange(!open)}
        className="flex h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        <span className={cn("size-5 rounded-full", labelColorClasses(value).swatch)} />
        <ChevronDownIcon className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")} />
      </button>
      {open && (
        <div
          id="label-color-options"
          role="group"
          aria-label="Label colours"
          className="order-last flex basis-full flex-wrap gap-2 rounded-xl border border-slate-200 bg-slate-50 p-2"
        >
          {LABEL_PICKER_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              aria-label={color}
              aria-pressed={color === value}
              onClick={() => {
                onChange(color);
                onOpenChange(false);
              }}
              className={cn(
                "flex size-7 items-center justify-center rounded-full text-white ring-offset-2 hover:ring-2 hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                labelColorClasses(color).swatch,
              )}
            >
              {color === value && <CheckIcon className="size-4" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
