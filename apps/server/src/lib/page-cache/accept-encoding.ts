import negotiate from '@fastify/accept-negotiator';

/** The encodings the page cache keeps, most preferred first when the client weighs them alike. */
const ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof ENCODINGS)[number];

const memo = new Map<string, PageEncoding | undefined>();

/**
 * Issue 40 (finding 11): the encoding a client accepts, by its q-values (RFC 9110 §12.5.3), with
 * `@fastify/accept-negotiator` — the same negotiation as @fastify/compress and @fastify/static.
 * `br;q=0, gzip` is gzip, `gzip;q=0` is none; `*` is br; no header is none. The few header values
 * browsers send are remembered (at most 200).
 */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  if (!acceptEncoding) return undefined;
  if (memo.has(acceptEncoding)) return memo.get(acceptEncoding);
  const header = acceptEncoding.toLowerCase().replace(/x-gzip/g, 'gzip');
  const chosen = negotiate<PageEncoding>(header, [...ENCODINGS]) ?? undefined;
  if (memo.size < 200 && acceptEncoding.length < 200) memo.set(acceptEncoding, chosen);
  return chosen;
}
