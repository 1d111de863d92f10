// Masks secrets that can appear inside free text (an error message quoting a URL or a header): bearer
// tokens, access tokens and proofs in query strings, and passwords in connection URLs. (The development-only
// sign-in code line of server/integrations/mail/mailer.ts is kept on purpose: without SMTP it is how a developer signs
// in, and production refuses to start without SMTP_URL, so that line cannot happen there.)
const PATTERNS: [RegExp, string][] = [
  [/(Bearer\s+)[\w.~+/=-]+/gi, "$1[redacted]"],
  [/((?:access_token|appsecret_proof|client_secret|code|token)=)[^&\s"']+/gi, "$1[redacted]"],
  [/(\w+:\/\/[^:/\s@]*:)[^@\s]+@/g, "$1[redacted]@"],
];

export function scrubSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
