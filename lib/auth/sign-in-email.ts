// The e-mail of the sign-in in progress, kept in sessionStorage so a reload of /?mode=otp still knows it.

const KEY = "switchboard.signin-email";

export function readSignInEmail(): string {
  if (typeof window === "undefined") return "";
  try {
    return window.sessionStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

export function writeSignInEmail(email: string): void {
  try {
    window.sessionStorage.setItem(KEY, email);
  } catch {
    // Storage can be unavailable (private mode quotas); the in-memory state still works.
  }
}

export function clearSignInEmail(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // See writeSignInEmail.
  }
}
