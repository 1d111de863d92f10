import { z } from "zod";
import { hasTrait, ROLES, type Role } from "@/lib/access/roles";
import { ZEmail } from "@/lib/schemas/auth";
import { requiredText } from "@/lib/schemas/form-text";

// User administration rules and texts (PRODUCT §5 Create company admin / Create user by company / Update
// e-mail, §6 creation rules), shared by the admin forms and the /api/users and /api/auth handlers.

export const USERS_PER_PAGE = 10;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 6;
/** scrypt is slow on purpose; an upper bound stops a megabyte "password" from pinning a CPU. */
export const PASSWORD_MAX_LENGTH = 200;
export const COMPANY_NAME_MAX_LENGTH = 100;

export const NAME_REQUIRED = "Name is required";
export const NAME_TOO_SHORT = "Name must be at least 2 characters";
export const NAME_TOO_LONG = "Name must be at most 100 characters";
export const ROLE_REQUIRED = "Please select a role";
export const PASSWORD_REQUIRED = "Password is required";
export const PASSWORD_TOO_SHORT = "Password must be at least 6 characters";
export const PASSWORD_TOO_LONG = "Password must be at most 200 characters";
export const CONFIRM_PASSWORD_REQUIRED = "Please confirm the password";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const COMPANY_NAME_REQUIRED = "Company name is required";
export const COMPANY_NAME_TOO_LONG = "Company name must be at most 100 characters";
// PRODUCT §5 notes the original alert says 'Please enter a new password' here; that is a slip, not a rule.
export const NEW_EMAIL_REQUIRED = "Please enter a new email address";
export const USER_ID_REQUIRED = "User id is required";
export const IS_ACTIVE_REQUIRED = "isActive must be true or false";
export const DUPLICATE_EMAIL = "A user with this email already exists";

export const USER_BANNED = "User banned successfully";
export const USER_UNBANNED = "User unbanned successfully";
export const USER_SIGNED_OUT = "User signed out on every device";

export const ZPersonName = requiredText(NAME_REQUIRED).min(NAME_MIN_LENGTH, NAME_TOO_SHORT).max(NAME_MAX_LENGTH, NAME_TOO_LONG);

/** Passwords are not trimmed: a space is a character the user typed. */
export const ZPassword = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

const optionalText = (max: number, tooLong: string) => z.string().max(max, tooLong).optional().transform((v) => v || undefined);

/**
 * POST /api/users (and /api/auth/signup), with PRODUCT §7's body (name, email, password, role, companyName): a
 * company admin (role company_admin) needs a password and a company name; admins and staff sign in by e-mail
 * code, so a password is optional for them but checked the same way when given. `confirmPassword` is the
 * form's business (ZCreateUserForm): a client written against PRODUCT §7 does not send it, and when it is sent
 * it must match. Whether the creator may create that role is the server's rule (CREATABLE_ROLES).
 */
export const ZCreateUser = z
  .object({
    name: ZPersonName,
    email: ZEmail,
    role: z.enum(ROLES, { error: ROLE_REQUIRED }),
    password: optionalText(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
    confirmPassword: optionalText(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
    companyName: z.string().trim().max(COMPANY_NAME_MAX_LENGTH, COMPANY_NAME_TOO_LONG).optional().transform((v) => v || undefined),
  })
  .superRefine((value, ctx) => {
    const companyAdmin = hasTrait(value.role, "opensCompany");
    if (companyAdmin && !value.companyName) ctx.addIssue({ code: "custom", path: ["companyName"], message: COMPANY_NAME_REQUIRED });
    if (!companyAdmin && !value.password && !value.confirmPassword) return;
    if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_REQUIRED });
    else if (value.password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_TOO_SHORT });
    if (value.confirmPassword && value.password && value.confirmPassword !== value.password) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH });
  });
export type TCreateUser = z.infer<typeof ZCreateUser>;

/** The create forms: as the API, plus PRODUCT §5's "Confirm required" whenever a password is typed. */
export const ZCreateUserForm = ZCreateUser.superRefine((value, ctx) => {
  if ((value.password || hasTrait(value.role, "opensCompany")) && !value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: CONFIRM_PASSWORD_REQUIRED });
  }
});

/** PUT /api/users/email: the user is found by their current address. */
export const ZUpdateEmail = z.object({
  email: ZEmail,
  newEmail: requiredText(NEW_EMAIL_REQUIRED).pipe(ZEmail),
});
export type TUpdateEmail = z.infer<typeof ZUpdateEmail>;

const ZUserId = requiredText(USER_ID_REQUIRED).max(100);

/** POST /api/auth/ban-user: isActive false bans, true unbans. */
export const ZBanUser = z.object({ id: ZUserId, isActive: z.boolean({ error: IS_ACTIVE_REQUIRED }) });
export type TBanUser = z.infer<typeof ZBanUser>;

/** POST /api/auth/change-password: the current password is needed only once one has been set. */
export const ZChangePassword = z
  .object({
    currentPassword: optionalText(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
    newPassword: ZPassword,
    confirmPassword: z.string({ error: CONFIRM_PASSWORD_REQUIRED }).min(1, CONFIRM_PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH });
export type TChangePassword = z.infer<typeof ZChangePassword>;

export const ZUsersQuery = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be at least 1").max(1_000_000).default(1),
});

export const ZUserIdParam = z.object({ id: z.string().max(100) });
export const ZUserIdRouteParam = z.object({ userId: z.string().max(100) });

/** A user as the admin API returns it (PRODUCT §3 User). */
export type ApiUser = {
  _id: string;
  name: string;
  email: string;
  role: Role;
  is_active: boolean;
  created_at: string;
  company: { _id: string; name: string } | null;
};

export type UsersListResponse = { users: ApiUser[]; page: number; per_page: number; total: number; total_pages: number };
