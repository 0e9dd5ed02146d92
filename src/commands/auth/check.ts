// A live check of a key: the cheapest authenticated request there is.
import type { Api } from '../../api/routes.js';

/** Asks the server for one habit; resolves when the key is accepted, rejects with the ApiError otherwise. */
export async function checkKey(api: Api): Promise<void> {
  await api.request('GET /habits', { query: { limit: 1 } });
}
