/** What a protected page's loader throws (401) for a signed-out visitor: ~/http/auth.server. */
export type SignInRequired = { signInRequired: true; redirectTo: string };

export function isSignInRequired(data: unknown): data is SignInRequired {
  return (
    typeof data === "object" &&
    data !== null &&
    "signInRequired" in data &&
    data.signInRequired === true &&
    "redirectTo" in data &&
    typeof data.redirectTo === "string"
  );
}
