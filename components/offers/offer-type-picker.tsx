"use client";

import type { ComponentType } from "react";
import { cn } from "@/lib/cn";
import type { OfferType } from "@/lib/offers/types";
import { TextIcon } from "@/components/offers/offer-icons";
import { ImageIcon } from "@/components/ui/icons";

const OPTIONS: { value: OfferType; label: string; hint: string; Icon: ComponentType<{ className?: string }> }[] = [
  { value: "text", label: "Text Only", hint: "Words, emoji and approved links", Icon: TextIcon },
  { value: "image", label: "Image Only", hint: "One picture, no text", Icon: ImageIcon },
];

/** PRODUCT §4: the type selection, Text Only or Image Only, as a radio group of two cards. */
export function OfferTypePicker({ value, onChange, disabled }: { value: OfferType | null; onChange: (type: OfferType) => void; disabled?: boolean }) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">Offer type</legend>
      <div className="mt-1.5 grid gap-3 sm:grid-cols-2">
        {OPTIONS.map(({ value: option, label, hint, Icon }) => {
          const checked = value === option;
          return (
            <label
              key={option}
              className={cn(
                "relative flex min-w-0 cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600",
                checked ? "border-indigo-500 bg-indigo-50/70 ring-1 ring-indigo-500" : "border-slate-300 bg-white hover:border-slate-400",
              )}
            >
              <input type="radio" name="offer-type" value={option} checked={checked} onChange={() => onChange(option)} className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0" />
              <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg", checked ? "bg-indigo-600 text-white" : "bg-slate-100 text-slate-600")}>
                <Icon className="size-4" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{label}</span>
                <span className="block text-xs text-slate-500">{hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
