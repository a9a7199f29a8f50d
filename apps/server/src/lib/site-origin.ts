import type { FastifyRequest } from 'fastify';
import { type Config, LOCAL_HOSTS } from '../config.js';

/**
 * Issue 40, findings 1, 5 and 6: which origin a link or a cached page may name. A request's Host is
 * written by its sender: it may name a page's links only for that sender (an uncached render), and
 * never a link that leaves in a mail or a page kept for others, unless the operator listed it.
 */

/** The settings these rules read. */
export type OriginConfig = Pick<Config, 'publicUrl' | 'allowedHosts' | 'host' | 'port'>;

/** Longest Host header accepted: a DNS name (253) plus a port. */
const MAX_HOST_LENGTH = 260;
/** A DNS name or IPv4 address, or an IPv6 literal in brackets, then an optional port. */
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)(?::(\d{1,5}))?$/;

/**
 * Whether a Host header (or X-Forwarded-Host behind a trusted proxy) names a host at all: no
 * user part (`a@b`), no empty name (`:80`), no half IPv6 literal (`[::1`), no space or escape
 * (`a b`, `x%00y`), a port up to 65535. An empty one (HTTP/1.0) passes: the local name is used.
 */
export function isValidHost(host: string): boolean {
  if (host === '') return true;
  if (host.length > MAX_HOST_LENGTH) return false;
  const m = HOST_SYNTAX.exec(host);
  if (!m) return false;
  if (m[1] !== undefined && Number(m[1]) > 65_535) return false;
  try {
    return new URL(`http://${host}/`).host !== '';
  } catch {
    return false;
  }
}

/** A Host header split into its lower-case name (IPv6 in brackets) and its port. */
export function splitHost(host: string): { name: string; port: number | null } {
  const m = /^(.*?)(?::(\d+))?$/.exec(host.toLowerCase());
  const name = m?.[1] ?? '';
  return { name, port: m?.[2] === undefined ? null : Number(m[2]) };
}

/**
 * The site's own origin when no request names it (jobs, and mails whose request named another
 * host): PUBLIC_URL; else the address the server was started on, `http://localhost:PORT` when it
 * listens on every interface (the address the first start prints).
 */
export function siteOrigin(config: OriginConfig): string {
  if (config.publicUrl) return config.publicUrl;
  const bind = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${bind.includes(':') && !bind.startsWith('[') ? `[${bind}]` : bind}:${config.port}`;
}

/** A port a reader's browser may name for this server: none, the protocol's default, or PORT. */
const ownPort = (port: number | null, config: OriginConfig) =>
  port === null || port === 80 || port === 443 || port === config.port;

/**
 * Whether the request's host is one the operator named (ALLOWED_HOSTS or PUBLIC_URL's host, and
 * the local names outside production), on a port of this server: only such a host may name links
 * in mails, and only its pages are kept in the page cache.
 */
export function isListedHost(req: FastifyRequest, config: OriginConfig): boolean {
  const { name, port } = splitHost(req.host ?? '');
  if (!ownPort(port, config)) return false;
  if (config.allowedHosts) return config.allowedHosts.includes(name);
  // No list (neither PUBLIC_URL nor ALLOWED_HOSTS): the machine's own names and the bound address.
  const bound = config.host.toLowerCase();
  return name === '' || LOCAL_HOSTS.includes(name) || (!['0.0.0.0', '::', ''].includes(bound) && name === bound);
}

/**
 * The origin of links in a mail sent because of this request (password reset, verification,
 * newsletter confirmation): PUBLIC_URL; else the request's own origin only when its host is listed;
 * else the site's origin. Never a host the sender made up.
 */
export function mailOrigin(req: FastifyRequest, config: OriginConfig): string {
  if (config.publicUrl) return config.publicUrl;
  // Without a list every host passes the app's check: only the configured address is safe.
  if (config.allowedHosts && req.host && isListedHost(req, config)) return `${req.protocol}://${req.host}`;
  return siteOrigin(config);
}

/**
 * The origin a cached page or feed of this request is kept under, or null when it must not be kept
 * (finding 5: a made-up host renders, uncached, and leaves nothing in memory or in the store).
 * With PUBLIC_URL every page names it, so one key serves every (allowed) host.
 */
export function cacheOrigin(req: FastifyRequest, config: OriginConfig): string | null {
  if (config.publicUrl) return config.publicUrl;
  if (!isListedHost(req, config)) return null;
  return `${req.protocol}://${req.host || 'localhost'}`;
}
