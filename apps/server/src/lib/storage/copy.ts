import { buffer } from 'node:stream/consumers';
import type { MediaStorage } from './index.js';

/** Copies every object of `from` that `to` lacks (idempotent: run it again after a failure). */
export async function copyMedia(
  from: MediaStorage,
  to: MediaStorage,
  progress: (done: number, copied: number) => void = () => {},
): Promise<{ seen: number; copied: number }> {
  let seen = 0;
  let copied = 0;
  for await (const name of from.list()) {
    seen++;
    if (!(await to.exists(name))) {
      const obj = await from.get(name);
      if (obj) {
        await to.putOnce(name, await buffer(obj.body), obj.contentType ?? 'application/octet-stream');
        copied++;
      }
    }
    if (seen % 100 === 0) progress(seen, copied);
  }
  progress(seen, copied);
  return { seen, copied };
}
