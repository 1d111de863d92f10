"use client";

import { useRef } from "react";

/** Attach a voice note, a video or a document (PDF, ZIP): sent at once, one Send API attachment each. */
export function SendFileButton({ onFiles, disabled, className }: { onFiles: (files: File[]) => void; disabled: boolean; className: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" aria-label="Send a file" title="Send a file, voice note or video" disabled={disabled} onClick={() => input.current?.click()} className={className}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5" aria-hidden>
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5M9 13h6M9 17h6" />
        </svg>
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
