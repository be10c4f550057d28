import { describe, expect, it } from 'vitest';
import { safeHref } from '../../src/site/safeHref.ts';
import { sameOriginPath } from '../../src/site/sameOriginPath.ts';

describe('safeHref (links from service data)', () => {
  it.each([
    ['/events/airshow', '/events/airshow'],
    ['https://www.example.com/a?b=1', 'https://www.example.com/a?b=1'],
    ['javascript:alert(1)', '#'],
    [' JavaScript:alert(1)', '#'],
    ['data:text/html,<script>alert(1)</script>', '#'],
    ['//evil.example.com/x', '#'],
    ['not a url', '#'],
    ['', '#'],
    [undefined, '#'],
  ])('%j → %j', (href, expected) => expect(safeHref(href)).toBe(expected));
});

describe('sameOriginPath (redirect targets from the query string)', () => {
  const origin = 'https://www.aero.example';
  it.each([
    ['/account', '/account'],
    ['https://www.aero.example/account?tab=orders#top', '/account?tab=orders#top'],
    ['https://evil.example.com/phish', '/'],
    ['//evil.example.com/phish', '/'],
    ['javascript:alert(1)', '/'],
    [null, '/'],
  ])('%j → %j', (url, expected) => expect(sameOriginPath(url, '/', origin)).toBe(expected));
});
