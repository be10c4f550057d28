/**
 * An anonymous visitor id in the reference SDK's form `{key}-{random}-{epoch s}-{hex}`
 * (e.g. `2222222-k3m9x1q2-1732239000-8f3c2a1b9d`), from the platform's CSPRNG.
 */
export function generateUuid(key: string, now: number = Date.now()): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  const base36 = Array.from(bytes.subarray(0, 5), (b) => (b % 36).toString(36)).join('');
  const more = Array.from(bytes.subarray(5), (b) => (b % 36).toString(36)).join('');
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').slice(0, 10);
  return `${key}-${base36}${more.slice(0, 3)}-${Math.floor(now / 1000)}-${hex}`;
}
