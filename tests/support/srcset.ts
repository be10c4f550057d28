// The browser's side of a `srcset`, for tests that check what a page's images would fetch.

/**
 * The candidates of a `srcset` as a browser reads them (the HTML standard's "parse a srcset
 * attribute", without validating descriptors): each one's URL and descriptors.
 */
export function srcsetCandidates(srcset: string): Array<{ url: string; descriptors: string[] }> {
  const whitespace = /[\t\n\f\r ]/;
  const candidates: Array<{ url: string; descriptors: string[] }> = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && (whitespace.test(srcset[at]!) || srcset[at] === ',')) at += 1;
    if (at >= srcset.length) break;
    const start = at;
    while (at < srcset.length && !whitespace.test(srcset[at]!)) at += 1;
    let url = srcset.slice(start, at);
    const descriptors: string[] = [];
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      let descriptor = '';
      let inParens = false;
      for (; at < srcset.length; at += 1) {
        const c = srcset[at]!;
        if (!inParens && c === ',') {
          at += 1;
          break;
        }
        if (!inParens && whitespace.test(c)) {
          if (descriptor) descriptors.push(descriptor);
          descriptor = '';
          continue;
        }
        if (c === '(') inParens = true;
        if (c === ')') inParens = false;
        descriptor += c;
      }
      if (descriptor) descriptors.push(descriptor);
    }
    candidates.push({ url, descriptors });
  }
  return candidates;
}
