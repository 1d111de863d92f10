import type { Metadata } from "next";
import { NotesDemo } from "@/components/demo/notes-demo";

export const metadata: Metadata = { title: "Notes demo" };

// /test — the public, local-only notes demo (PRODUCT §2).
export default function TestPage() {
  return <NotesDemo />;
}
