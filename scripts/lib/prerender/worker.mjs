// @ts-check
// One render thread of the build's pool (pool.mjs): imports the server bundle once, then renders the
// pages the pool sends, reading the layout service through the build's fetch policy. A page whose
// layout answer hashes as the caller already has it is not rendered again (the incremental build).
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { resilientFetch } from './resilientFetch.mjs';

/** @import { RenderTask } from './pool.mjs' */

const { serverEntry, contentHost, fetchPolicy } = workerData;
const server = await import(serverEntry);
const prerenderer = server.createPrerenderer({ contentHost, fetch: resilientFetch(fetchPolicy) });
/** Each language's dictionary, read once per version the pool names (a publish names a new one). */
const dictionaries = new Map();

/**
 * @param {string} language
 * @param {string | undefined} version
 */
function dictionaryOf(language, version) {
  const cached = dictionaries.get(language);
  if (cached && version !== undefined && cached.version === version) return cached.dictionary;
  const dictionary = prerenderer.getDictionary(language).then((/** @type {unknown} */ found) => found ?? null);
  dictionaries.set(language, { version, dictionary });
  return dictionary;
}

/** @param {RenderTask & { id: number }} task */
async function renderTask({ id, path, language, knownLayoutHash, dictionaryVersion }) {
  try {
    const layout = await prerenderer.getLayout(path);
    const layoutHash = createHash('sha256').update(JSON.stringify(layout)).digest('hex').slice(0, 32);
    if (knownLayoutHash === layoutHash) return { id, layoutHash, unchanged: true };
    const page = await prerenderer.render(path, {
      layout,
      dictionary: await dictionaryOf(language, dictionaryVersion),
    });
    return { id, layoutHash, page };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (task) => {
  void renderTask(task).then((result) => parentPort?.postMessage(result));
});
parentPort?.postMessage({ ready: true });
