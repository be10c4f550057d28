export { launchBrowser } from '../../scripts/lib/browser.mjs';
