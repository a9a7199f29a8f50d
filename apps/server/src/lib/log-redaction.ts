import { isIP } from 'node:net';

/**
 * Issue 40 (finding 10): what the request log may keep. Full URLs with password-reset and
 * unsubscribe tokens were written to it, and every line carried the client's address.
 *
 * - Query parameters that carry a secret (`token`, any `*token*`, `key`, `api_key`, `secret`, `password`)
 *   are written as `[redacted]`.
 * - A client address is written truncated, as Matomo and Plausible do: IPv4 to its /24
 *   (`203.0.113.0`), IPv6 to its /48 (`2001:db8:1::`). Enough to see a flood from one network,
 *   not to name a reader.
 *
 * How long the log is kept is the operator's (the process writes to stdout): docs/security.md says
 * what we recommend (14 days).
 */

const SECRET_PARAM = /^(?:[a-z_]*token[a-z_]*|key|api_key|secret|password)$/i;

/** Whether an address (path and query) carries a secret in its query (such a page is kept by no cache). */
export function hasSecretQuery(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return false;
  for (const part of url.slice(q + 1).split('&')) {
    const name = part.split('=')[0] ?? '';
    if (SECRET_PARAM.test(safeDecode(name))) return true;
  }
  return false;
}

/** The address with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    return eq >= 0 && SECRET_PARAM.test(safeDecode(name)) ? `${name}=[redacted]` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** IPv4 to its /24, IPv6 to its /48 (IPv4-mapped IPv6 as IPv4); anything else as `unknown`. */
export function truncateIp(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const addr = mapped ? mapped[1] : ip;
  const kind = isIP(addr);
  if (kind === 4) return addr.replace(/\.\d+$/, '.0');
  if (kind === 6) {
    const groups = expandIpv6(addr);
    return `${groups
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::`;
  }
  return 'unknown';
}

/** The eight groups of an IPv6 address (`::` expanded; a trailing dotted IPv4 part as two groups). */
function expandIpv6(addr: string): string[] {
  let a = addr.replace(/%.*$/, '');
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, v4.index)}${((b1 << 8) | b2).toString(16)}:${((b3 << 8) | b4).toString(16)}`;
  }
  const [head, tail] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t];
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The logger's `req` serializer: method, the address with secrets redacted, the host, the client
 * address truncated. (Fastify's default also logs the remote port: a finer trace of the client.)
 */
export function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}): Record<string, string | undefined> {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host ?? req.hostname,
    remoteAddress: truncateIp(req.ip ?? req.socket?.remoteAddress),
  };
}
