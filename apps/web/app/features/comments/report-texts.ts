import { REPORT_REASON_LABELS, REPORT_REASONS } from '@vaggen/contract';
import { ApiError, tooManyRequestsText } from '../../lib/api';

/** The reasons of "Anmäl", in the contract's order, as radio options. */
export const REPORT_REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

/** A refused report: the server's message (a 429 says how long to wait), else `failMsg`. */
export function reportErrorText(err: unknown, failMsg: string): string {
  if (err instanceof ApiError && err.status === 429) return tooManyRequestsText(err);
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.serverMsg) return err.serverMsg;
  return failMsg;
}
