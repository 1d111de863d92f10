/** Only files whose type starts with image/ are staged (PRODUCT §5). */
export function imageFilesOnly(files: Iterable<File> | ArrayLike<File>): File[] {
  return Array.from(files).filter((file) => typeof file.type === "string" && file.type.startsWith("image/"));
}
