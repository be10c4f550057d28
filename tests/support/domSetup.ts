// The setup file of the `dom` project: Testing Library's bounds (./domTimeouts.ts), then a fresh page.
import './domTimeouts.ts';

// The jsdom project runs its files one after another in each worker, in one window (vitest.config.ts:
// `isolate: false`, half the run's jsdom time). Each file starts as a page of its own would: at
// jsdom's default URL, with no storage, cookie, markup or head element left by the file before
// (the styles its modules added stay: a module is evaluated once per worker).
declare const jsdom: { reconfigure(options: { url: string }): void };
jsdom.reconfigure({ url: 'http://localhost:3000/' });
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.body.replaceChildren();
for (const element of document.head.querySelectorAll(':not(style, link[rel=stylesheet])')) element.remove();
document.title = '';
document.documentElement.lang = '';
