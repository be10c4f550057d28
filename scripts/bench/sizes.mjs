// Minified + gzipped size of each public entry point (everything it exports).
import { existsSync } from 'node:fs';
import { REACT_EXTERNAL, bundleSize, join, root, sizeRow } from './_size.mjs';

const ENTRIES = [
  'src/core/index.ts',
  'src/oneconnect/index.ts',
  'src/oneconnect/react.tsx',
  'src/commerce/index.ts',
  'src/commerce/react.tsx',
  'src/engagement/index.ts',
  'src/engagement/react.tsx',
  'src/search/index.ts',
  'src/search/react.tsx',
  'src/auth/index.ts',
  'src/auth/react.tsx',
];

export async function run() {
  const rows = [];
  for (const entry of ENTRIES.filter((e) => existsSync(join(root, e)))) {
    const size = await bundleSize(`export * from './${entry}';`, { external: REACT_EXTERNAL });
    rows.push(sizeRow(`entry ${entry}`, size, undefined, 'React and React Query external'));
  }
  return rows;
}
