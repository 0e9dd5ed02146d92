// The shapes the local service answers with, for the service tests: a test states what it expects
// to read (`call<Logged>(...)`) and tsc holds it to the API's types. The caller, the service
// fixture and the habit factory are the ones every test uses (test/helpers/service.ts).
import type { Pagination } from '../../src/api/types.js';

export { type Answer, type Call, client, createHabit, fakeClock, rejectionOf, type ServedHabit, useService } from '../helpers/service.js';

/** The service tests' clock: most of their dates are around 2026-03-10. */
export const SERVICE_START = '2026-03-10T12:00:00Z';

/** The `{data}` wrapper of most answers. */
export interface Data<T> {
  data: T;
}

/** A page of habits or notes: the local service always sends the pagination. */
export interface Listed<T> {
  data: T[];
  pagination: Pagination;
}

/** What a log write answers (`logId` is the local service's addition). */
export interface Logged {
  message: string;
  logId: string;
}

/** One problem of a 400. */
export interface Detail {
  field: string;
  message: string;
}

/** A 400: the local service always lists the details. */
export interface Invalid {
  error: string;
  message: string;
  details: Detail[];
}

/** Any other error answer (401, 404, 405, 409, 413, 429...). */
export interface Failure {
  error: string;
  message?: string;
}
