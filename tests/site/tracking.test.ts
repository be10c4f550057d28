import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_KEY } from '../../src/engagement/index.ts';
import type { AnalyticsConsent } from '../../src/site/consent.ts';
import { createSiteSearchClient } from '../../src/site/searchWidgets.tsx';
import { classifyLink, trackLinkClicks, useForgetWithoutConsent } from '../../src/site/tracking.tsx';

afterEach(() => {
  document.body.innerHTML = '';
  for (const pair of document.cookie.split('; '))
    if (pair) document.cookie = `${pair.split('=')[0]}=; Max-Age=0; Path=/`;
  sessionStorage.clear();
  localStorage.clear();
  for (const script of [...document.scripts]) script.remove();
  delete window.Engage;
});

function anchor(html: string): HTMLAnchorElement {
  document.body.innerHTML = html;
  return document.body.querySelector('a')!;
}

describe('classifyLink', () => {
  it.each([
    ['<a href="/careers">Jobs</a>', 'careers'],
    ['<a href="/careers/engineering?x=1">Jobs</a>', 'careers'],
    ['<a href="https://careers.example.com/">Jobs</a>', 'careers'],
    ['<a href="/contact" data-track="careers">Talk to recruiting</a>', 'careers'],
    ['<a class="cta" href="/careers">See roles</a>', 'careers'],
    ['<a class="cta" href="/contact">Contact sales</a>', 'cta'],
    ['<a data-track="cta" href="/demo">Book a demo</a>', 'cta'],
    ['<a href="/careersfair">Fair</a>', null],
    ['<a href="/about">About</a>', null],
    ['<a>No href</a>', null],
  ])('%s → %s', (html, kind) => expect(classifyLink(anchor(html))).toBe(kind));
});

describe('trackLinkClicks', () => {
  it('reports CTA and careers clicks with text and absolute destination, including links added later', () => {
    const onClick = vi.fn();
    const stop = trackLinkClicks(onClick);
    document.body.innerHTML =
      '<a class="cta" href="/contact"><span>Contact   sales</span></a><a href="/about">About</a>';
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.querySelectorAll('a')[1]!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const late = document.createElement('a');
    late.href = '/careers/graduates';
    late.textContent = 'Graduate roles';
    document.body.appendChild(late);
    late.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick.mock.calls.map((c) => c[0])).toEqual([
      { kind: 'cta', text: 'Contact sales', href: `${location.origin}/contact` },
      { kind: 'careers', text: 'Graduate roles', href: `${location.origin}/careers/graduates` },
    ]);
    stop();
    late.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});

describe('useForgetWithoutConsent (consent withdrawal)', () => {
  const engagement = { clientKey: 'ck', webPersonalization: { baseURLOverride: 'https://cdn.example.com' } };
  const SCRIPT = 'https://cdn.example.com/web-flow-libs/ck/web-version.min.js';

  /** What a consented visit leaves: the events SDK's browser id, a queued event, web personalization. */
  function consentedVisit() {
    document.cookie = 'bid_ck=b-123; Max-Age=63072000; SameSite=None; Secure; Path=/';
    document.cookie = 'unrelated=kept; Path=/';
    sessionStorage.setItem(
      QUEUE_KEY,
      JSON.stringify([{ type: 'DOWNLOAD', eventData: {}, id: 'b-123', settings: { clientKey: 'ck' } }]),
    );
    const script = document.createElement('script');
    script.src = SCRIPT;
    document.head.append(script);
    window.Engage = { getBrowserId: () => 'b-123', version: '1.4.3' };
  }
  const traces = () => ({
    cookies: document.cookie
      .split('; ')
      .map((pair) => pair.split('=')[0])
      .sort(),
    queue: sessionStorage.getItem(QUEUE_KEY) !== null,
    scripts: [...document.scripts].map((s) => s.src),
    engage: window.Engage !== undefined,
  });

  it('deletes every tracking identifier once consent is denied, and none while it is unknown or granted', () => {
    consentedVisit();
    const search = createSiteSearchClient();
    search.setTrackingConsent(true);
    const withdrawnId = search.uuid;
    const clients = { search };
    const present = {
      cookies: ['__ruid', '__rutma', '__rutmb', 'bid_ck', 'unrelated'],
      queue: true,
      scripts: [SCRIPT],
      engage: true,
    };
    const { rerender } = renderHook(({ consent }) => useForgetWithoutConsent(consent, engagement, clients), {
      initialProps: { consent: 'unknown' as AnalyticsConsent },
    });
    expect(traces()).toEqual(present);
    rerender({ consent: 'granted' });
    expect(traces()).toEqual(present);

    rerender({ consent: 'denied' });
    expect(traces()).toEqual({ cookies: ['unrelated'], queue: false, scripts: [], engage: false });
    // The page's search client goes on without consent, under an id that is not the withdrawn one.
    expect(search.trackingConsent).toBe(false);
    expect(search.uuid).not.toBe(withdrawnId);
    expect(search.context.get().user?.uuid).toBe(search.uuid);
  });

  it('on a page without consent whose search layer never loaded, deletes what an earlier page stored', () => {
    consentedVisit();
    createSiteSearchClient().setTrackingConsent(true); // an earlier page's client
    renderHook(() => useForgetWithoutConsent('denied', engagement, {}));
    expect(traces()).toEqual({ cookies: ['unrelated'], queue: false, scripts: [], engage: false });
  });
});
