import { SearchError, searchMessages } from './errors.ts';

/** Returns the signed-in commerce user's identity token, `null`/`undefined`/`''` when nobody is signed in. */
export type IdentityTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

/**
 * Reads the commerce user's identity token for the connector's bearer header.
 * Throws `Could not import OrderCloud SDK.` when no getter was wired (or it
 * failed), and `Could not found an OrderCloud logged user.` when nobody is signed in.
 */
export async function readIdentityToken(getIdentityToken: IdentityTokenGetter | undefined): Promise<string> {
  if (!getIdentityToken) throw new SearchError('NO_COMMERCE_SDK', searchMessages.noCommerceSdk);
  let token: unknown;
  try {
    token = await getIdentityToken();
  } catch (cause) {
    throw new SearchError('NO_COMMERCE_SDK', searchMessages.noCommerceSdk, { cause });
  }
  if (typeof token !== 'string' || token.trim() === '') throw new SearchError('NO_LOGGED_USER', searchMessages.noLoggedUser);
  return token;
}
