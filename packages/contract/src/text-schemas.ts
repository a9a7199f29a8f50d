import { MESSAGE_AS_IS } from './errors.js';
import { isOneLine, TEXT_MSG } from './text.js';

/**
 * Issue 40 (finding 13): a name is one line without control characters. Add to a name's schema as
 * `.refine(oneLineName, ONE_LINE_NAME)`: the answer is `{ msg: TEXT_MSG.nameOneLine }`.
 */
export const oneLineName = (v: string | null | undefined): boolean => v == null || isOneLine(v);
export const ONE_LINE_NAME = { message: TEXT_MSG.nameOneLine, params: MESSAGE_AS_IS };
