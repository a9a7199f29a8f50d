import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { USERS_MSG } from '@vaggen/contract';
import ipaddr from 'ipaddr.js';
import { httpError } from '../../lib/http-errors.js';

export const REMOTE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const REMOTE_IMAGE_TIMEOUT_MS = 8_000;
const MAX_REDIRECTS = 3;

/** A public unicast address: not loopback, private, link-local, CGNAT, multicast, reserved … */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  return addr.range() === 'unicast';
}

export interface FetchOptions {
  /** Tests only (AVATAR_FETCH_ALLOW_PRIVATE with NODE_ENV=test): local addresses allowed. */
  allowPrivate?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
}

/**
 * Fetches an image the user named by URL (issue 17, finding 5): http(s) only; every address the
 * name resolves to — at every redirect, checked in the socket's own lookup so DNS cannot change
 * between check and connect — must be public; size and time are bounded. Errors are 400 `{ msg }`.
 */
export async function fetchRemoteImage(rawUrl: string, opts: FetchOptions = {}): Promise<Buffer> {
  const maxBytes = opts.maxBytes ?? REMOTE_IMAGE_MAX_BYTES;
  const deadline = AbortSignal.timeout(opts.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(rawUrl.startsWith('//') ? `https:${rawUrl}` : rawUrl);
  } catch {
    throw httpError(400, USERS_MSG.pictureUrlInvalid);
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw httpError(400, USERS_MSG.pictureUrlInvalid);
    if (url.username || url.password) throw httpError(400, USERS_MSG.pictureUrlInvalid);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !opts.allowPrivate && !isPublicAddress(host))
      throw httpError(400, USERS_MSG.pictureNotPublic);
    const res = await request(url, deadline, opts.allowPrivate ?? false, maxBytes);
    if (res.redirect) {
      url = new URL(res.redirect, url);
      continue;
    }
    return res.body as Buffer;
  }
  throw httpError(400, USERS_MSG.pictureFetchFailed);
}

function request(
  url: URL,
  signal: AbortSignal,
  allowPrivate: boolean,
  maxBytes: number,
): Promise<{ redirect?: string; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    let refused = false;
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      dns
        .lookup(hostname, { all: true })
        .then((addrs) => {
          if (!allowPrivate && (addrs.length === 0 || addrs.some((a) => !isPublicAddress(a.address)))) {
            refused = true;
            throw new Error('address not public');
          }
          const a = addrs[0];
          if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, addrs);
          else callback(null, a.address, a.family);
        })
        .catch((err) => callback(err as NodeJS.ErrnoException, '', 0));
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      { lookup, signal, headers: { 'user-agent': 'Vaggen-avatar-fetch/1', accept: 'image/*' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(httpError(400, USERS_MSG.pictureFetchFailed));
        }
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
          res.destroy();
          return reject(httpError(400, USERS_MSG.pictureTooLarge));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            res.destroy();
            reject(httpError(400, USERS_MSG.pictureTooLarge));
          } else chunks.push(c);
        });
        res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        res.on('error', () => reject(httpError(400, USERS_MSG.pictureFetchFailed)));
      },
    );
    req.on('error', () => reject(httpError(400, refused ? USERS_MSG.pictureNotPublic : USERS_MSG.pictureFetchFailed)));
  });
}
