import { db } from "@/server/db";
import { AppError } from "@/server/http/errors";
import { isUniqueViolation } from "@/server/db/unique";
import { DUPLICATE_EMAIL } from "@/lib/schemas/users";

type Address = {
  email: string;
  /** The form field that shows 'A user with this email already exists'. */
  field: "email" | "newEmail";
  /** The user whose own address it may already be (an update that keeps it). */
  self?: string;
};

/**
 * A write that gives a user an address, which no other user may have (PRODUCT §6): the look-up first answers
 * a taken address with the field's message; the unique index decides when two requests race past it.
 */
export async function withUniqueEmail<T>({ email, field, self }: Address, write: () => Promise<T>): Promise<T> {
  const taken = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (taken && taken.id !== self) throw emailTaken(field);
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(field);
    throw error;
  }
}

function emailTaken(field: string) {
  return new AppError("conflict", DUPLICATE_EMAIL, { fields: { [field]: DUPLICATE_EMAIL } });
}
