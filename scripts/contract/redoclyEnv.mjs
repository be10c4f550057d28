// The environment every Redocly CLI call runs with: no telemetry, no update check
// (both would reach the network), and no Node 20 deprecation banner on our output.

/** `process.env` plus the switches that keep Redocly CLI offline and quiet. */
export function redoclyEnv() {
  return { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
}
