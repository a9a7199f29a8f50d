import fs from 'node:fs';
import path from 'node:path';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Issue 44: the VAPID key pair Web Push signs with, as the app secret (lib/secret.ts): from the
 * environment (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required for several processes unless they
 * share DATA_DIR), otherwise made at first start and kept in DATA_DIR/vapid.json. Browsers'
 * subscriptions are bound to the public key: a new pair orphans them.
 */
export function loadVapidKeys(
  env: { publicKey?: string; privateKey?: string },
  dataDir: string,
  generate: () => VapidKeys,
): VapidKeys {
  if (env.publicKey && env.privateKey) return { publicKey: env.publicKey, privateKey: env.privateKey };
  const file = path.join(dataDir, 'vapid.json');
  const read = (): VapidKeys => JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  try {
    return read();
  } catch {
    const keys = generate();
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return keys;
    } catch {
      return read(); // another process won
    }
  }
}
