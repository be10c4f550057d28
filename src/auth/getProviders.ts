import type { AuthClient } from './createAuthClient.ts';
import { defaultAuthClient } from './defaultAuthClient.ts';

/** GET `{basePath}/providers`: the providers keyed by id, or `null` when the fetch failed. */
export const getProviders: AuthClient['getProviders'] = () => defaultAuthClient.getProviders();
