import { randomBytes, randomInt } from "node:crypto";

// Identifiers in the shapes Meta uses, so the app's validation and storage see realistic values.

/** A numeric id of `length` digits that never starts with 0 (PSIDs are 16 digits). */
export function numericId(length = 16): string {
  let id = String(randomInt(1, 10));
  while (id.length < length) id += String(randomInt(0, 10));
  return id;
}

/** Message ids look like "m_" followed by URL-safe base64. */
export function messageId(): string {
  return `m_${randomBytes(33).toString("base64url")}`;
}

/** Meta puts an opaque trace id on every error so support can find the request. */
export function fbtraceId(): string {
  return `A${randomBytes(16).toString("base64url")}`;
}
