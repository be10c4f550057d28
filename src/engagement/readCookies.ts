/** Every cookie in `document.cookie` now, as `[name, value]` pairs in document order. */
export function readCookies(): [name: string, value: string][] {
  return document.cookie
    .split('; ')
    .filter((pair) => pair.indexOf('=') > 0)
    .map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    });
}
