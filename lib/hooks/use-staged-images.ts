"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { imageFilesOnly } from "@/lib/inbox/files";

// Images staged in the composer (PRODUCT §4 Staged images): a list with previews; removing the last one or
// Clear All empties it. Preview URLs are revoked when an image leaves the list.

export type StagedImage = { id: string; file: File; previewUrl: string };

let counter = 0;

export function useStagedImages() {
  const [images, setImages] = useState<StagedImage[]>([]);
  const live = useRef(images);
  useEffect(() => {
    live.current = images;
  });
  useEffect(() => () => live.current.forEach((img) => URL.revokeObjectURL(img.previewUrl)), []);

  /** Adds the image files among `files`; answers how many were images. */
  const add = useCallback((files: Iterable<File> | ArrayLike<File>) => {
    const accepted = imageFilesOnly(files);
    if (accepted.length) {
      setImages((list) => [...list, ...accepted.map((file) => ({ id: `img-${++counter}`, file, previewUrl: URL.createObjectURL(file) }))]);
    }
    return accepted.length;
  }, []);

  const remove = useCallback((id: string) => {
    setImages((list) => {
      const gone = list.find((img) => img.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((img) => img.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    setImages((list) => {
      list.forEach((img) => URL.revokeObjectURL(img.previewUrl));
      return [];
    });
  }, []);

  /** Hands the files over (for sending) and empties the list without revoking what the sender still shows. */
  const take = useCallback((): File[] => {
    const files = live.current.map((img) => img.file);
    const previews = live.current.map((img) => img.previewUrl);
    setImages([]);
    window.setTimeout(() => previews.forEach((url) => URL.revokeObjectURL(url)), 1_000);
    return files;
  }, []);

  return { images, add, remove, clear, take };
}
