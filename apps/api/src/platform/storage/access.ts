import type { StoredFileRow } from '../../db/schema/index.js';
import type { AuthUser } from '../auth/auth-user.js';

/**
 * Who may download a stored file is decided by the feature that owns its `purpose`.
 * Features register a policy; files of an unknown purpose are served to their owner (the person, or
 * the owner and admins of the account that owns it) and the company's admins only.
 */
export type FileAccessPolicy = (file: StoredFileRow, user: AuthUser | null) => Promise<boolean> | boolean;

export class FileAccessPolicies {
  private readonly policies = new Map<string, FileAccessPolicy>();

  register(purpose: string, policy: FileAccessPolicy): void {
    if (this.policies.has(purpose)) throw new Error(`File access policy for "${purpose}" registered twice`);
    this.policies.set(purpose, policy);
  }

  async canRead(file: StoredFileRow, user: AuthUser | null): Promise<boolean> {
    const policy = this.policies.get(file.purpose);
    if (policy) return policy(file, user);
    if (user === null) return false;
    if (user.role === 'admin' || user.id === file.ownerId) return true;
    // A file the account owns (decision 033): its owner and admins may read it.
    const account = user.account;
    return account?.id === file.ownerId && (account.role === 'owner' || account.role === 'admin');
  }
}
