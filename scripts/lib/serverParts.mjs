// @ts-check
// What the project's small Node servers share (the editing host, the publish server): a request
// problem with its status, a body read up to a limit, JSON in and out, and the shared secret
// compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';

/** @import { IncomingMessage, ServerResponse } from 'node:http' */

/** A problem of the request the server answers with `status` and the message (4xx). */
export class RequestProblem extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Whether `value` is a plain object (not null, not an array).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `value` quoted for an error message, at most 120 characters of it.
 * @param {unknown} value
 * @returns {string}
 */
export const quote = (value) => JSON.stringify(String(value).slice(0, 120));

/**
 * The request's body, or `undefined` when it is larger than `limit` bytes (the rest is discarded).
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<string | undefined>}
 */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > limit) return resolve(undefined);
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > limit) resolve(undefined);
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => req.complete || reject(new Error('The request was aborted')));
  });
}

/**
 * `text` parsed as JSON; a 400 {@link RequestProblem} naming `what` when it is not JSON.
 * @param {string} text
 * @param {string} what
 * @returns {unknown}
 */
export function parseJson(text, what) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RequestProblem(400, `${what} is not JSON: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * Answers `status` with `body` as JSON.
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @returns {void}
 */
export function sendJson(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/**
 * A check of a given secret against `secret`, in constant time: both are hashed first, so the
 * comparison's time says nothing of the secret's length either. A missing secret never matches.
 * @param {string} secret
 * @returns {(given: string | null | undefined) => boolean}
 */
export function secretMatcher(secret) {
  const digest = (/** @type {string} */ text) => createHash('sha256').update(text).digest();
  const expected = digest(secret);
  return (given) => typeof given === 'string' && timingSafeEqual(digest(given), expected);
}

/**
 * Starts `server` listening on 127.0.0.1:`port` (0 for a free one); returns its URL. Throws naming
 * `name` and the port when it cannot (the port is taken).
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} name
 * @returns {Promise<string>}
 */
export async function listenOnLoopback(server, port, name) {
  try {
    await /** @type {Promise<void>} */ (
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      })
    );
  } catch (error) {
    throw new Error(`${name}: cannot listen on 127.0.0.1:${port} (${/** @type {Error} */ (error).message})`, {
      cause: error,
    });
  }
  return `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
}

/**
 * Stops `server`: no new connections, the open ones (keep-alive included) closed now.
 * @param {import('node:http').Server} server
 * @returns {Promise<void>}
 */
export async function closeServer(server) {
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeAllConnections();
  await closed;
}
