"use client";

import { useRef, type ReactNode } from "react";
import { FileTextIcon } from "@/components/ui/icons";

type PickerProps = { label: string; title: string; accept: string; testId: string; icon: ReactNode; onFiles: (files: File[]) => void; disabled: boolean; className: string };

/**
 * A composer tool that opens the file chooser: a button for the user, a hidden input for the browser. The
 * input is emptied after each choice so that choosing the same file again still reports it.
 */
export function FilePickerButton({ label, title, accept, testId, icon, onFiles, disabled, className }: PickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" aria-label={label} title={title} disabled={disabled} onClick={() => input.current?.click()} className={className}>
        {icon}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple
        hidden
        data-testid={testId}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = "";
        }}
      />
    </>
  );
}

/** Attach a voice note, a video or a document (PDF, ZIP): sent at once, one Send API attachment each. */
export function SendFileButton({ onFiles, disabled, className }: { onFiles: (files: File[]) => void; disabled: boolean; className: string }) {
  return (
    <FilePickerButton
      label="Send a file"
      title="Send a file, voice note or video"
      accept="audio/*,video/*,application/pdf,application/zip"
      testId="file-input"
      icon={<FileTextIcon strokeWidth={1.8} className="size-5" />}
      onFiles={onFiles}
      disabled={disabled}
      className={className}
    />
  );
}
