// Which product a product page shows: the id in its URL, and whether the site asks the commerce
// API for it at all.

/** The longest product id the site asks the commerce API for. */
export const MAX_PRODUCT_ID_LENGTH = 100;

// Path, query and fragment syntax, a backslash (a slash to some servers), the percent sign (an id
// holding one after decoding came from double encoding or a broken escape), a `..`, and control or
// invisible format characters: none of these is part of a real product id.
const NOT_IN_PRODUCT_ID = /[/\\?#%\p{Cc}\p{Cf}]|\.\./u;

/**
 * Whether `id` is a plausible product id, one the product page may send to the commerce API:
 * 1 to {@link MAX_PRODUCT_ID_LENGTH} characters; no `/`, `\`, `?`, `#` or `%`; no `..` and not
 * `.`; no control or invisible format character; no whitespace at either end. The commerce
 * contract declares no pattern for ids (its examples are like `TFK-6AL4V-100`), so this refuses
 * only what a URL would read as structure, never a character a real id could hold.
 */
export function isProductId(id: string): boolean {
  return (
    id.length > 0 && id.length <= MAX_PRODUCT_ID_LENGTH && id !== '.' && id.trim() === id && !NOT_IN_PRODUCT_ID.test(id)
  );
}

/**
 * The product id of a `/products/<id>` URL (its last path segment, decoded; a trailing slash is
 * ignored), or `undefined` when there is none (`/products/`) or it is not a plausible product id
 * ({@link isProductId}): `/products/..%2Fme` has no product.
 */
export function productIdOf(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  // The first segment is the product route's own (`products`), never an id.
  const segment = segments.length > 1 ? segments[segments.length - 1]! : '';
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    // A broken escape (`%E0%A4%A`) is not an id either.
    return undefined;
  }
  return isProductId(id) ? id : undefined;
}
