/**
 * Other notations of the same GUID, as a settings check must recognise them: its 32 hex digits
 * (lower case, no hyphens), its URN, and the `{0x…,0x…,0x…,{0x…,…}}` form of C and .NET code.
 */
export function guidNotations(guid: string): { hex: string; urn: string; braces: string } {
  const hex = guid.replace(/-/g, '').toLowerCase();
  const bytes = hex
    .slice(16)
    .match(/../g)!
    .map((b) => `0x${b}`)
    .join(',');
  return {
    hex,
    urn: `urn:uuid:${guid.toLowerCase()}`,
    braces: `{0x${hex.slice(0, 8)},0x${hex.slice(8, 12)},0x${hex.slice(12, 16)},{${bytes}}}`,
  };
}
