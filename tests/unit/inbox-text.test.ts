import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/client";
import { uploadFailure } from "@/lib/inbox/upload-failure";
import { splitHighlight } from "@/lib/inbox/highlight";
import { linkifyText, safeHref } from "@/lib/inbox/linkify";

describe("search highlight splitting", () => {
  it("marks every case-insensitive match and keeps the original casing", () => {
    expect(splitHighlight("Do you ship to Porto? PORTO!", "porto")).toEqual([
      { text: "Do you ship to ", match: false },
      { text: "Porto", match: true },
      { text: "? ", match: false },
      { text: "PORTO", match: true },
      { text: "!", match: false },
    ]);
  });

  it("gives the whole text unmarked for an empty or blank query", () => {
    expect(splitHighlight("Hello", "")).toEqual([{ text: "Hello", match: false }]);
    expect(splitHighlight("Hello", "   ")).toEqual([{ text: "Hello", match: false }]);
  });

  it("treats the query literally, not as a pattern", () => {
    expect(splitHighlight("a.b axb (c)", ".")).toEqual([
      { text: "a", match: false },
      { text: ".", match: true },
      { text: "b axb (c)", match: false },
    ]);
    expect(splitHighlight("price (c) [x]", "(c)")).toEqual([
      { text: "price ", match: false },
      { text: "(c)", match: true },
      { text: " [x]", match: false },
    ]);
  });

  it("marks a match at the start and the whole text, and finds nothing when absent", () => {
    expect(splitHighlight("ana", "ANA")).toEqual([{ text: "ana", match: true }]);
    expect(splitHighlight("Ana Lima", "zz")).toEqual([{ text: "Ana Lima", match: false }]);
    expect(splitHighlight("", "x")).toEqual([]);
  });

  it("keeps markup as plain text parts (rendered as text, never HTML)", () => {
    const parts = splitHighlight('<img src=x onerror="alert(1)">', "img");
    expect(parts.map((p) => p.text).join("")).toBe('<img src=x onerror="alert(1)">');
    expect(parts[1]).toEqual({ text: "img", match: true });
  });
});

describe("links in message text", () => {
  it("links only http(s) URLs and leaves trailing punctuation out", () => {
    expect(linkifyText("See https://acme.example/shoes, then reply.")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://acme.example/shoes", href: "https://acme.example/shoes" },
      { kind: "text", text: ", then reply." },
    ]);
    expect(linkifyText("javascript:alert(1) and data:text/html,x")).toEqual([{ kind: "text", text: "javascript:alert(1) and data:text/html,x" }]);
  });

  it("refuses unsafe hrefs", () => {
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("https://ok.example/")).toBe("https://ok.example/");
  });
});

describe("tag chip colours", () => {
  it("maps the 18 label colours and falls back to blue", async () => {
    const { tagChipClasses, tagSwatchClass } = await import("@/lib/inbox/tag-colors");
    expect(tagChipClasses("red")).toContain("bg-red-100");
    expect(tagChipClasses("Stone")).toContain("bg-stone-100");
    expect(tagChipClasses("chartreuse")).toContain("bg-blue-100");
    expect(tagChipClasses(null)).toContain("bg-blue-100");
    expect(tagSwatchClass("emerald")).toBe("bg-emerald-500");
  });
});

describe("upload failure texts (PRODUCT §8)", () => {
  it("a refused file shows the server's reason, else 'Failed to upload Image'; a broken upload 'Error uploading Image'", () => {
    expect(uploadFailure(new ApiError(400, "Only JPEG, PNG, GIF and WebP images are accepted"))).toEqual({ title: "Only JPEG, PNG, GIF and WebP images are accepted" });
    expect(uploadFailure(new ApiError(413, "Request failed (413)"))).toEqual({ title: "Failed to upload Image" });
    expect(uploadFailure(new TypeError("Failed to fetch"))).toEqual({ title: "Error uploading Image" });
    expect(uploadFailure(new ApiError(502, "Request failed (502)"))).toEqual({ title: "Error uploading Image" });
    expect(uploadFailure(new ApiError(500, "Something went wrong"))).toEqual({ title: "Error uploading Image", description: "Something went wrong" });
  });
});
