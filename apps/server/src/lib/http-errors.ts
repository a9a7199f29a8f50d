import { MSG } from '@vaggen/contract';
import type { MESSAGE_AS_IS } from '@vaggen/contract/schemas';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const httpError = (status: number, msg: string) => new HttpError(status, msg);

/**
 * PostgreSQL refuses text it cannot store — a NUL byte (`\u0000`, `%00`) or an invalid byte
 * sequence — with SQLSTATE 22021 / 22P05. That is the client's input, not our fault: 400.
 * (SQLite stores such text; the answer then depends on the route's own rules.)
 */
const BAD_TEXT_CODES = new Set(['22021', '22P05']);
const sqlState = (err: unknown) => (err as { code?: unknown })?.code as string;
const isBadTextError = (err: unknown) => BAD_TEXT_CODES.has(sqlState(err));
/** SQLSTATE 22003: a number too large for its column, e.g. an id of 9 999 999 999. */
const isOutOfRangeError = (err: unknown) => sqlState(err) === '22003';

/** Every error leaves as `{ msg }` with its status; only genuine server faults are 500 (and logged). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      // A schema may give the whole answer (its issue carries MESSAGE_AS_IS from the contract).
      const asIs = (issue?.params as { params?: typeof MESSAGE_AS_IS } | undefined)?.params?.messageAsIs;
      if (asIs && issue?.message) return reply.code(400).send({ msg: issue.message });
      const where = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || '';
      const field = where ? `${where}: ` : '';
      return reply.code(400).send({ msg: `${MSG.invalidRequest}: ${field}${issue?.message ?? 'invalid value'}` });
    }
    if (isBadTextError(err)) return reply.code(400).send({ msg: MSG.invalidText });
    if (isOutOfRangeError(err)) return reply.code(400).send({ msg: MSG.numberOutOfRange });
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).send({ msg: MSG.internalError });
    }
    return reply.code(status).send({ msg: err.message || MSG.invalidRequest });
  });
}
