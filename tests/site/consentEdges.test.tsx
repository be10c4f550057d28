import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { EngageSdk } from '../../src/engagement/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsentStore, parseActiveGroups, useConsent } from '../../src/site/consent.ts';
import { absolute, siteConfig } from '../../src/site/siteConfig.ts';
import { SiteClientsProvider } from '../../src/site/siteClients.tsx';
import {
  AnalyticsProvider,
  SiteTracking,
  classifyLink,
  engagementSettings,
  trackLinkClicks,
  useAnalytics,
} from '../../src/site/tracking.tsx';

// The consent store's and the link tracking's edges that mutation testing (npm run mutate -- consent,
// docs/testing.md) showed no test held: each test here fails on a defect the other files let through.

type ConsentGlobals = { OnetrustActiveGroups?: unknown; OptanonWrapper?: () => void };
const w = window as Window & ConsentGlobals;

afterEach(() => {
  cleanup();
  delete w.OnetrustActiveGroups;
  delete w.OptanonWrapper;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const publish = (groups: string) => {
  w.OnetrustActiveGroups = groups;
  w.OptanonWrapper?.();
};

describe('the consent store', () => {
  it('reads groups with spaces around them as the groups themselves', () => {
    expect([...parseActiveGroups(', C0001 , C0002 ,')]).toEqual(['C0001', 'C0002']);
    const store = createConsentStore();
    publish(' C0001 , C0002 ');
    expect([...store.getGroups()]).toEqual(['C0001', 'C0002']);
    expect(store.getAnalyticsConsent()).toBe('granted');
    store.dispose();
  });

  it('tells listeners when the platform first publishes no groups (unknown → denied), and when one group replaces another', () => {
    const store = createConsentStore();
    const heard = vi.fn(() => store.getAnalyticsConsent());
    store.subscribe(heard);
    publish(',');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveLastReturnedWith('denied');
    publish(',C0001,');
    publish(',C0002,');
    expect(heard).toHaveBeenCalledTimes(3);
    expect(heard).toHaveLastReturnedWith('granted');
    // As many groups as before, one of them new: a change too.
    publish(',C0002,C0003,');
    publish(',C0002,C0004,');
    expect(heard).toHaveBeenCalledTimes(5);
    store.dispose();
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = createConsentStore();
    const heard = vi.fn();
    const off = store.subscribe(heard);
    off();
    publish(',C0002,');
    expect(heard).not.toHaveBeenCalled();
    store.dispose();
  });

  it('once disposed hears nothing, from the wrapper it chained or from the event', () => {
    const store = createConsentStore();
    const ours = w.OptanonWrapper!;
    store.dispose();
    w.OnetrustActiveGroups = ',C0002,';
    ours();
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
    expect(store.getAnalyticsConsent()).toBe('unknown');
    expect([...store.getGroups()]).toEqual([]);
  });

  it('on dispose leaves a wrapper another script chained after its own', () => {
    const store = createConsentStore();
    const ours = w.OptanonWrapper!;
    const theirs = () => ours();
    w.OptanonWrapper = theirs;
    store.dispose();
    expect(w.OptanonWrapper).toBe(theirs);
  });
});

function ConsentProbe(props: { load: boolean; domainScript?: string }) {
  return <p>{useConsent({ src: 'https://cdn.consent.example/stub.js', ...props })}</p>;
}

describe('useConsent', () => {
  it('is unknown as the server renders it', () => {
    expect(renderToString(<ConsentProbe load={false} />)).toBe('<p>unknown</p>');
  });

  it('loads the platform only when told to, with its URL and domain script, and unhooks the window when unmounted', () => {
    const view = render(<ConsentProbe load={false} />);
    expect(document.querySelector('script[data-consent-script]')).toBeNull();
    expect(typeof w.OptanonWrapper).toBe('function');
    view.rerender(<ConsentProbe load domainScript="abc-123" />);
    const script = document.querySelector<HTMLScriptElement>('script[data-consent-script]')!;
    expect(script.src).toBe('https://cdn.consent.example/stub.js');
    expect(script.dataset.domainScript).toBe('abc-123');
    view.unmount();
    expect(w.OptanonWrapper).toBeUndefined();
  });

  it('follows the platform after mounting', async () => {
    const view = render(<ConsentProbe load={false} />);
    await act(async () => publish(',C0001,C0002,'));
    expect(view.container.textContent).toBe('granted');
  });
});

function AnalyticsProbe() {
  return <p>{useAnalytics() ? 'tracking' : 'not tracking'}</p>;
}

describe('the analytics provider', () => {
  it('tracks nobody outside it, no editor in preview, and loads no consent platform in edit mode', async () => {
    expect(renderToString(<AnalyticsProbe />)).toBe('<p>not tracking</p>');
    w.OnetrustActiveGroups = ',C0001,C0002,';
    const preview = render(
      <SiteClientsProvider>
        <AnalyticsProvider mode="preview">
          <AnalyticsProbe />
        </AnalyticsProvider>
      </SiteClientsProvider>,
    );
    await act(async () => publish(',C0001,C0002,'));
    expect(preview.container.textContent).toBe('not tracking');
    preview.unmount();
    document.head.innerHTML = '';
    render(
      <SiteClientsProvider>
        <AnalyticsProvider mode="edit">
          <AnalyticsProbe />
        </AnalyticsProvider>
      </SiteClientsProvider>,
    );
    expect(document.querySelector('script[data-consent-script]')).toBeNull();
  });

  it('gives the events SDK the configured web personalization host', () => {
    expect(engagementSettings().webPersonalization).toEqual({
      baseURLOverride: absolute(siteConfig.webPersonalizationUrl),
    });
  });
});

describe('link tracking', () => {
  const anchor = (html: string) => {
    document.body.innerHTML = html;
    return document.querySelector('a')!;
  };

  it('counts as careers only a path that starts with /careers or a host that starts with careers.', () => {
    const base = 'https://www.aero.example/careers/jobs';
    expect(classifyLink(anchor('<a>no destination</a>'), base)).toBeNull();
    expect(classifyLink(anchor('<a href="/about/careers">About</a>'), base)).toBeNull();
    expect(classifyLink(anchor('<a href="https://mycareers.example.com/">Elsewhere</a>'), base)).toBeNull();
    expect(classifyLink(anchor('<a href="https://careers.aero.example/">Jobs</a>'), base)).toBe('careers');
  });

  it('ignores clicks outside links and on the document itself, and reports a link text without its outer spaces', () => {
    const onClick = vi.fn();
    // A listener that throws does not throw at the dispatcher: the page reports it as an error event.
    const pageErrors = vi.fn((event: ErrorEvent) => event.preventDefault());
    window.addEventListener('error', pageErrors);
    const stop = trackLinkClicks(onClick);
    document.body.innerHTML =
      '<p>text</p><a class="cta" href="/contact">  Contact us  </a><a class="cta" href="/x"></a>';
    document.querySelector('p')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    window.removeEventListener('error', pageErrors);
    expect(pageErrors).not.toHaveBeenCalled();
    for (const a of document.querySelectorAll('a')) a.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick.mock.calls.map(([click]) => click)).toEqual([
      { kind: 'cta', text: 'Contact us', href: `${location.origin}/contact` },
      // No text and no label: an empty text, never a made-up one.
      { kind: 'cta', text: '', href: `${location.origin}/x` },
    ]);
    stop();
  });
});

describe('SiteTracking', () => {
  it("sends a page view per page and an event per tracked click, in the page's language, and survives an SDK that throws", () => {
    const sdk = { pageView: vi.fn(), event: vi.fn() };
    const view = render(<SiteTracking sdk={sdk as unknown as EngageSdk} page="/" language="de-DE" />);
    view.rerender(<SiteTracking sdk={sdk as unknown as EngageSdk} page="/careers" language="de-DE" />);
    expect(sdk.pageView.mock.calls).toEqual([
      [{ channel: 'WEB', currency: 'GBP', language: 'DE' }],
      [{ channel: 'WEB', currency: 'GBP', language: 'DE' }],
    ]);
    document.body.innerHTML =
      '<a href="/careers/jobs" aria-label="Open roles"></a><a class="cta" href="/contact">Contact</a>';
    const [careers, cta] = document.querySelectorAll('a');
    careers!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    cta!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(sdk.event.mock.calls).toEqual([
      [
        'CAREERS_CLICK',
        { channel: 'WEB', currency: 'GBP', language: 'DE' },
        { linkText: 'Open roles', linkUrl: `${location.origin}/careers/jobs` },
      ],
      [
        'CTA_CLICK',
        { channel: 'WEB', currency: 'GBP', language: 'DE' },
        { linkText: 'Contact', linkUrl: `${location.origin}/contact` },
      ],
    ]);
    view.unmount();
    cta!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(sdk.event).toHaveBeenCalledTimes(2);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = {
      pageView: vi.fn(() => {
        throw new Error('no page view');
      }),
      event: vi.fn(() => {
        throw new Error('no event');
      }),
    };
    render(<SiteTracking sdk={broken as unknown as EngageSdk} page="/" />);
    cta!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(broken.pageView).toHaveBeenCalledWith({ channel: 'WEB', currency: 'GBP' });
    expect(logged.mock.calls.map(([error]) => (error as Error).message)).toEqual(['no page view', 'no event']);
    logged.mockRestore();
  });
});
