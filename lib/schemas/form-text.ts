import { z } from "zod";

/**
 * A required text field as the forms and their endpoints read it (PRODUCT §5): trimmed, and one message for
 * both a missing value and a blank one, so that "   " reads as the field left empty.
 */
export const requiredText = (required: string) => z.string({ error: required }).trim().min(1, required);
