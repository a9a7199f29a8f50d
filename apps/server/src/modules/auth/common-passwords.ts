import { loadPasswordDictionary } from '../../lib/lazy.js';

/**
 * The common-password list of zxcvbn-ts (about 49 000 passwords from public breach corpora, most
 * common first). Issue 17: new passwords on the list are refused, whatever their length.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((loadPasswordDictionary().dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}
