/**
 * The visitor's chat identity (docs/product-contract.md §States: the email is stored once init answers
 * ok), plus the session token init returned. Separate keys from the account session, which signing out
 * clears.
 */
const EMAIL_KEY = 'chat_email';
const TOKEN_KEY = 'chat_token';

export interface VisitorIdentity {
  email: string;
  token: string;
}

export function readVisitor(): VisitorIdentity | null {
  try {
    const email = localStorage.getItem(EMAIL_KEY);
    const token = localStorage.getItem(TOKEN_KEY);
    return email && token ? { email, token } : null;
  } catch {
    return null;
  }
}

export function storeVisitor(identity: VisitorIdentity): void {
  localStorage.setItem(EMAIL_KEY, identity.email);
  localStorage.setItem(TOKEN_KEY, identity.token);
}

export function forgetVisitor(): void {
  try {
    localStorage.removeItem(EMAIL_KEY);
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing to forget.
  }
}
