import { sniffImage } from "@/server/storage/image-type";

// The type we store and serve a copy as: from its first bytes where we recognise them, never from the name.
// Anything unrecognised is served as application/octet-stream (downloaded, never rendered).

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

export function sniffMediaType(bytes: Uint8Array): string {
  const image = sniffImage(bytes);
  if (image) return image.mime;
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (ascii(bytes, 0, 5) === "%PDF-") return "application/pdf";
  if (ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    return brand.startsWith("M4A") ? "audio/mp4" : brand.startsWith("qt") ? "video/quicktime" : "video/mp4";
  }
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return "video/webm";
  if (ascii(bytes, 0, 4) === "OggS") return "audio/ogg";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") return "audio/wav";
  if (ascii(bytes, 0, 3) === "ID3" || starts(0xff, 0xfb) || starts(0xff, 0xf3) || starts(0xff, 0xf2)) return "audio/mpeg";
  if (ascii(bytes, 0, 6) === "#!AMR\n") return "audio/amr";
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "application/zip";
  return "application/octet-stream";
}

/** Types the browser may show inline (img/audio/video/pdf viewer); everything else is a download. */
export function isInlineType(mime: string): boolean {
  return /^(image\/(jpeg|png|gif|webp)|audio\/|video\/)/.test(mime) || mime === "application/pdf";
}
