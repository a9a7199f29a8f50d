import { MSG, UPLOAD_MAX_BYTES } from '@vaggen/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError, httpError } from './http-errors.js';

export const MULTIPART_MSG = {
  notMultipart: 'Skicka formuläret som multipart/form-data',
  noBoundary: 'Multipart-formuläret saknar gräns (boundary) i Content-Type',
  broken: 'Formuläret kom inte fram helt: multipart-datan är trasig eller avbruten',
} as const;

/** The boundary of a multipart/form-data request: 415 for other types, 400 without a usable one. */
export function multipartBoundary(req: FastifyRequest, notMultipartMsg: string = MULTIPART_MSG.notMultipart): string {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data\s*(;|$)/i.test(type)) throw httpError(415, notMultipartMsg);
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(type);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw httpError(400, MULTIPART_MSG.noBoundary);
  return boundary;
}

/**
 * Reads a multipart body with `read` (which uses `req.parts()` / `req.file()`) and insists that it
 * was complete: @fastify/multipart ends the parts quietly when the body stops early ("Unexpected end
 * of multipart data") and busboy throws plain errors for a missing boundary or cut-off parts. Here
 * every such body is a 400 `{ msg }`, so a route never acts on half a form (issue 17, finding 7).
 * `read` must consume every part (the parts iterator to its end).
 */
export async function readCompleteMultipart<T>(
  req: FastifyRequest,
  read: () => Promise<T>,
  notMultipartMsg?: string,
): Promise<T> {
  const boundary = multipartBoundary(req, notMultipartMsg);
  // Watch the raw body for the close delimiter "--boundary--" (across chunk edges). Attached in
  // the same tick as busboy's pipe, so both see every chunk.
  const needle = Buffer.from(`--${boundary}--`);
  let carry = Buffer.alloc(0);
  let closed = false;
  const onData = (chunk: Buffer) => {
    if (closed) return;
    const window = Buffer.concat([carry, chunk]);
    if (window.includes(needle)) closed = true;
    carry = window.subarray(Math.max(0, window.length - needle.length + 1));
  };
  req.raw.on('data', onData);
  let result: T;
  try {
    result = await read();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const status = (err as { statusCode?: number })?.statusCode;
    if (status && status >= 400 && status < 500) throw err;
    throw httpError(400, MULTIPART_MSG.broken);
  } finally {
    req.raw.off('data', onData);
  }
  if (!closed) throw httpError(400, MULTIPART_MSG.broken);
  return result;
}

/**
 * Reads the multipart field `file` into memory, 413 past the limit, 400 when missing; the whole body
 * must arrive intact (a truncated or malformed one is 400, see `readCompleteMultipart`).
 */
export async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  const file = await readCompleteMultipart(
    req,
    async () => {
      let found: Buffer | null = null;
      const parts = req.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 } });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || found) {
          part.file.resume();
          continue;
        }
        found = await part.toBuffer().catch((err) => {
          if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, MSG.uploadTooLarge);
          throw err;
        });
      }
      return found;
    },
    'Skicka bilden som multipart/form-data',
  ).catch((err) => {
    const code = (err as { code?: string })?.code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw httpError(413, 'Skicka en bild i fältet file');
    }
    throw err;
  });
  if (!file) throw httpError(400, MSG.uploadNoFile);
  return file;
}
