import { createHmac } from "node:crypto";
import type { SimContext } from "../context";
import { samplePng } from "./images";

// Sample attachments served like Meta's CDN serves them: at URLs that expire (oe = expiry, oh = signature;
// after the expiry the CDN answers 403 "URL signature expired"). So dev and e2e exercise the app's copy.

/** How long a handed-out media URL works (Meta's last days; ours is short so the copy is what shows). */
export const MEDIA_URL_TTL_MS = 10 * 60_000;

/** One second of a 440 Hz tone, 8 kHz mono 8-bit PCM WAV: plays in every browser. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate);
  for (let i = 0; i < rate; i++) samples[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** A one-page PDF that says what it is. */
function samplePdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    "<< /Length 52 >>\nstream\nBT /F1 18 Tf 24 72 Td (Simulator invoice) Tj ET\nendstream",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** An MP4 header the app's sniffing recognises; not a playable video (browsers show the player frame). */
function sampleMp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.from([0, 0, 0, 0]), Buffer.from("mp42isom")]);
  return Buffer.concat([ftyp, Buffer.alloc(2048)]);
}

const SAMPLES: Record<string, { contentType: string; bytes: () => Buffer }> = {
  "voice-note.wav": { contentType: "audio/wav", bytes: toneWav },
  "clip.mp4": { contentType: "video/mp4", bytes: sampleMp4 },
  "invoice.pdf": { contentType: "application/pdf", bytes: samplePdf },
  "photo.png": { contentType: "image/png", bytes: () => samplePng("sunset")! },
};

/** The sample a media attachment without a url gets. */
export const SAMPLE_FOR_TYPE: Record<string, string> = { audio: "voice-note.wav", video: "clip.mp4", file: "invoice.pdf", image: "photo.png" };

function signature(sim: SimContext, file: string, expires: string): string {
  return createHmac("sha256", `media:${sim.appSecret}`).update(`${file}:${expires}`).digest("hex").slice(0, 32);
}

export function expiringMediaUrl(sim: SimContext, file: string): string {
  const expires = Math.floor((sim.now() + MEDIA_URL_TTL_MS) / 1000).toString(16);
  return `${sim.publicUrl()}/media/${file}?oe=${expires}&oh=${signature(sim, file, expires)}`;
}

export type MediaAnswer = { status: 200; contentType: string; bytes: Buffer } | { status: 403 | 404; message: string };

export function mediaFor(sim: SimContext, file: string, query: URLSearchParams): MediaAnswer {
  const sample = SAMPLES[file];
  if (!sample) return { status: 404, message: "Unknown media" };
  const expires = query.get("oe") ?? "";
  if (query.get("oh") !== signature(sim, file, expires)) return { status: 403, message: "Bad URL hash" };
  if (parseInt(expires, 16) * 1000 < sim.now()) return { status: 403, message: "URL signature expired" };
  return { status: 200, contentType: sample.contentType, bytes: sample.bytes() };
}
