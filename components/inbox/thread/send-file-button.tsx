"use client";

import { useRef } from "react";
import { FileTextIcon } from "@/components/ui/icons";

/** Attach a voice note, a video or a document (PDF, ZIP): sent at once, one Send API attachment each. */
export function SendFileButton({ onFiles, disabled, className }: { onFiles: (files: File[]) => void; disabled: boolean; className: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" aria-label="Send a file" title="Send a file, voice note or video" disabled={disabled} onClick={() => input.current?.click()} className={className}>
        <FileTextIcon strokeWidth={1.8} className="size-5" />
      </button>
      <input
        ref={input}
        type="file"
        accept="audio/*,video/*,application/pdf,application/zip"
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = "";
        }}
      />
    </>
  );
}
