import { UploadIcon } from "@/components/ui/icons";

/** The drag-over state of the thread (PRODUCT §2). */
export function DropOverlay() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-2 z-20 flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-indigo-400 bg-indigo-50/90 text-indigo-700">
      <UploadIcon className="size-8" />
      <p className="text-sm font-semibold">Drop images to send</p>
    </div>
  );
}
