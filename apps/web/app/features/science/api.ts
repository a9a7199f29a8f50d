import { type IsotopesResponse, type PeriodicTableResponse, SCIENCE_MSG } from '@vaggen/contract';
import { ApiError, getJson } from '../../lib/api';

/** Thrown when the response is not the periodic-table shape (spec 001 §8: 'Invalid Data Format'). */
export class InvalidDataError extends Error {
  constructor() {
    super(SCIENCE_MSG.invalidDataFormat);
  }
}

/** Where the periodic table's data is (spec 001: GET /periodic-table-data). */
export const PERIODIC_TABLE_DATA_URL = '/api/periodic-table-data';

let tableRequest: Promise<PeriodicTableResponse> | null = null;

/**
 * `GET /api/periodic-table-data`, shared by everything on the page (the table, the atom ads). A response
 * without metadata is 'Invalid Data Format'; a failed request is retried on the next call.
 */
export function fetchPeriodicTable(): Promise<PeriodicTableResponse> {
  tableRequest ??= getJson<PeriodicTableResponse>(PERIODIC_TABLE_DATA_URL).then((data) => {
    if (!data || !Array.isArray(data.elements) || !data.metadata || !Array.isArray(data.metadata.categories)) {
      throw new InvalidDataError();
    }
    return data;
  });
  tableRequest.catch(() => {
    tableRequest = null;
  });
  return tableRequest;
}

/** `GET /api/elements/:n/isotopes`. */
export function fetchIsotopes(atomicNumber: number): Promise<IsotopesResponse> {
  return getJson<IsotopesResponse>(`/api/elements/${atomicNumber}/isotopes`).then((data) => {
    if (!data?.element || !Array.isArray(data.isotopes)) throw new InvalidDataError();
    return data;
  });
}

export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;
