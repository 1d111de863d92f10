// What a storage driver offers (local files in storage.ts, S3 in s3-storage.ts), apart from storage.ts,
// which picks the driver, so that a driver need not import its chooser (no import circle).

export type StoredObject = { bytes: Buffer; mime: string };

export interface AttachmentStorage {
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
}
