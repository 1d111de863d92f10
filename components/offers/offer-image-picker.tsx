"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { imageFileError, type OfferImage } from "@/lib/offers/draft";
import { UploadIcon } from "@/components/ui/icons";

/**
 * The image of an Image Only offer (PRODUCT §5): image files only ('Please select a valid image file'), with a
 * preview. Picking or dropping a file hands it up; the parent owns the object URL.
 */
export function OfferImagePicker({
  image,
  error,
  disabled,
  onPick,
  onError,
  onRemove,
}: {
  image: OfferImage | null;
  error: string | null;
  disabled?: boolean;
  onPick: (file: File) => void;
  onError: (message: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function take(file: File | undefined) {
    const problem = imageFileError(file);
    if (problem || !file) onError(problem ?? "Please select a valid image file");
    else onPick(file);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Image
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="sr-only"
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = ""; // picking the same file again still fires
        }}
      />
      {image ? (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center">
          <img src={image.previewUrl} alt="Offer image preview" className="max-h-56 w-full rounded-lg bg-white object-contain sm:h-28 sm:w-40" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{image.file.name}</p>
            <p className="text-xs text-slate-500">{(image.file.size / 1024).toFixed(image.file.size < 10_240 ? 1 : 0)} KB</p>
            <div className="mt-2 flex gap-2">
              <Button size="sm" variant="secondary" disabled={disabled} onClick={() => inputRef.current?.click()}>
                Replace
              </Button>
              <Button size="sm" variant="ghost-danger" disabled={disabled} onClick={onRemove}>
                Remove
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <button
          type="button"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
            dragging ? "border-indigo-500 bg-indigo-50" : error ? "border-red-300 bg-red-50/40" : "border-slate-300 bg-white hover:border-indigo-400 hover:bg-slate-50",
          )}
        >
          <span className="flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <UploadIcon className="size-5" />
          </span>
          <span className="text-sm font-semibold text-indigo-600">Choose an image</span>
          <span className="text-xs text-slate-500">or drop it here</span>
        </button>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          JPEG, PNG, GIF or WebP, up to 8 MB.
        </p>
      )}
    </div>
  );
}
