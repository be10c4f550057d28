/** `text` parsed as JSON, or `undefined` when it is missing or not JSON. A leading byte-order mark is ignored, as some services send one. */
export function parseJson(text: string | null): unknown {
  try {
    return JSON.parse(text?.replace(/^\uFEFF/, '') ?? '');
  } catch {
    return undefined;
  }
}
