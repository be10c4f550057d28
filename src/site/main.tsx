import { startSite } from './start.tsx';

// The site's entry. Its code runs in three tasks with a turn of the browser between them: the site's
// own modules (this file's imports), then React DOM, then the start of hydration. As one module graph
// it ran in one task of 100-120 ms on a phone's CPU (4x slower), which a tap during it waited on; a
// graph is evaluated whole, so React DOM is an import of its own. Its chunk is in the page's own
// preloads (vite.config.ts `startPreloaded`), fetched with this file: nothing waits for a second
// round trip.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void nextTask()
  .then(() => import('react-dom/client'))
  .then(async (client) => {
    await nextTask();
    startSite(client);
  });
