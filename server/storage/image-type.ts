// Images are recognised by their first bytes, not by the name or the Content-Type the browser claims.

export type ImageKind = { ext: "jpg" | "png" | "gif" | "webp"; mime: string };

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return { ext: "jpg", mime: "image/jpeg" };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: "png", mime: "image/png" };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { ext: "gif", mime: "image/gif" };
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === "WEBP") return { ext: "webp", mime: "image/webp" };
  return null;
}

export const MIME_BY_EXT: Record<ImageKind["ext"], string> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp" };
