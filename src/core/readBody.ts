const BOM = '\uFEFF';

/**
 * Parses an answer's body: JSON when it parses, otherwise its text, and `null`
 * when it is empty. A leading byte-order mark is stripped first, since some
 * services send JSON that starts with one.
 */
export async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  const text = raw.startsWith(BOM) ? raw.slice(1) : raw;
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
