import { describe, expect, it } from "vitest";
import { AppError } from "@/server/http/errors";
import { readMultipart, type MultipartLimits } from "@/server/http/read-multipart";

// The streaming multipart reader behind uploads (server/http/read-multipart.ts): it must read what fetch's
// own FormData encoder writes, whatever the chunking, and refuse at the byte that crosses a cap.

const LIMITS: MultipartLimits = {
  maxBytes: 1024 * 1024,
  tooLarge: "Upload is too large",
  malformed: "not multipart",
  files: {
    images: { maxBytes: 1000, maxCount: 3, tooLarge: (name) => `${name || "An image"} is too big`, tooMany: "At most 3 images" },
  },
};

/** The bytes and content type fetch writes for a FormData. */
async function encode(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
  const response = new Response(form);
  return { bytes: new Uint8Array(await response.arrayBuffer()), type: response.headers.get("content-type")! };
}

/** A request whose body arrives in chunks of `size` bytes; `pulled` counts what the reader took. */
function chunked(bytes: Uint8Array, type: string, size: number) {
  const state = { pulled: 0 };
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const chunk = bytes.slice(offset, offset + size);
      offset += size;
      state.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const request = new Request("http://localhost/api/uploads", { method: "POST", body, headers: { "content-type": type }, duplex: "half" } as RequestInit);
  return { request, state };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
}

const bytesOf = async (value: FormDataEntryValue | null) => new Uint8Array(await (value as File).arrayBuffer());

describe("readMultipart", () => {
  it("reads files and fields byte for byte at every chunk size, a boundary split anywhere", async () => {
    const first = new Uint8Array(700).map((_, i) => (i * 7) % 256);
    // Bytes that look like the start of a boundary inside a file must stay data.
    const second = new TextEncoder().encode("\r\n--\r\n-- not the boundary \r\n");
    const form = new FormData();
    form.append("images", new File([first], "a.png", { type: "image/png" }));
    form.append("images", new File([second], "b \"quoted\".gif"));
    form.append("caption", "héllo\r\nworld");
    const { bytes, type } = await encode(form);
    for (const size of [1, 2, 3, 5, 17, 64, 1000, bytes.length]) {
      const parsed = await readMultipart(chunked(bytes, type, size).request, LIMITS);
      const images = parsed.getAll("images") as File[];
      expect(images.map((f) => f.name), `chunk ${size}`).toEqual(["a.png", expect.stringContaining("quoted")]);
      expect(await bytesOf(images[0]!), `chunk ${size}`).toEqual(first);
      expect(await bytesOf(images[1]!), `chunk ${size}`).toEqual(second);
      expect(images[0]!.type).toBe("image/png");
      expect(parsed.get("caption"), `chunk ${size}`).toBe("héllo\r\nworld");
    }
  });

  it("skips files of fields it was not asked for, and reads a preamble and an epilogue past", async () => {
    const boundary = "XyZ";
    const text = [
      "preamble text\r\n",
      `--${boundary}\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\n\r\nignored bytes`,
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="images"; filename*=UTF-8''%C3%A9.png\r\n\r\nIMG`,
      `\r\n--${boundary}--\r\nepilogue`,
    ].join("");
    const parsed = await readMultipart(chunked(new TextEncoder().encode(text), `multipart/form-data; boundary="${boundary}"`, 4).request, LIMITS);
    expect(parsed.has("other")).toBe(false);
    const image = parsed.get("images") as File;
    expect([image.name, new TextDecoder().decode(await bytesOf(image))]).toEqual(["é.png", "IMG"]);
  });

  it("refuses a file at the byte that crosses its cap, without reading the rest", async () => {
    const form = new FormData();
    form.append("images", new File([new Uint8Array(50_000)], "huge.png"));
    const { bytes, type } = await encode(form);
    const { request, state } = chunked(bytes, type, 100);
    expect(await refusal(readMultipart(request, LIMITS))).toEqual({ code: "payload_too_large", message: "huge.png is too big" });
    expect(state.pulled).toBeLessThan(1000 + 500);
  });

  it("refuses one file too many when it starts, and a body over the total cap", async () => {
    const form = new FormData();
    for (let i = 0; i < 4; i++) form.append("images", new File([new Uint8Array(10)], `${i}.png`));
    const { bytes, type } = await encode(form);
    expect(await refusal(readMultipart(chunked(bytes, type, 64).request, LIMITS))).toEqual({ code: "bad_request", message: "At most 3 images" });
    const big = new FormData();
    big.append("notes", "x".repeat(2000));
    const encoded = await encode(big);
    expect(await refusal(readMultipart(chunked(encoded.bytes, encoded.type, 64).request, { ...LIMITS, maxBytes: 1500 }))).toEqual({ code: "payload_too_large", message: "Upload is too large" });
  });

  it("refuses what is not multipart, has no boundary, or ends before its closing boundary", async () => {
    const form = new FormData();
    form.append("images", new File([new Uint8Array(10)], "a.png"));
    const { bytes, type } = await encode(form);
    expect(await refusal(readMultipart(chunked(bytes, "application/json", 64).request, LIMITS))).toMatchObject({ code: "bad_request", message: "not multipart" });
    expect(await refusal(readMultipart(chunked(bytes, "multipart/form-data", 64).request, LIMITS))).toMatchObject({ code: "bad_request" });
    expect(await refusal(readMultipart(chunked(bytes.slice(0, bytes.length - 10), type, 64).request, LIMITS))).toMatchObject({ code: "bad_request" });
  });
});
