import type { StagedImage } from "@/lib/hooks/use-staged-images";
import { XIcon } from "@/components/ui/icons";
import { SendIcon } from "@/components/ui/icons";

type Props = { images: StagedImage[]; onRemove: (id: string) => void; onClear: () => void; onSend: () => void; disabled?: boolean };

/** The image staging strip (PRODUCT §2): 'Ready to send!', thumbnails with remove, Clear All; hidden when empty. */
export function StagedImages({ images, onRemove, onClear, onSend, disabled }: Props) {
  if (!images.length) return null;
  return (
    <div className="rounded-xl border border-indigo-100 bg-indigo-50/60 p-2.5" aria-label="Images to send" role="region">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 text-xs text-slate-600">
          <span className="font-semibold text-indigo-700">Ready to send!</span> Adding a message is optional — press Enter to send.
        </p>
        <div className="flex shrink-0 items-center gap-1">
          <button type="button" onClick={onClear} className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-white hover:text-slate-900">
            Clear All
          </button>
          <button type="button" onClick={onSend} disabled={disabled} className="inline-flex items-center gap-1 rounded-md bg-indigo-600 px-2 py-1 text-xs font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
            <SendIcon className="size-3" /> Send {images.length === 1 ? "image" : `${images.length} images`}
          </button>
        </div>
      </div>
      <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
        {images.map((image) => (
          <li key={image.id} className="relative shrink-0">
            <img src={image.previewUrl} alt={image.file.name || "Image"} className="size-16 rounded-lg border border-white object-cover shadow-sm" />
            <button type="button" onClick={() => onRemove(image.id)} aria-label={`Remove ${image.file.name || "image"}`} className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-700">
              <XIcon className="size-3" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
