// Session client: gzip size of what a page that signs in ships (React external).
import { REACT_EXTERNAL, bundleSize, sizeRow } from './_size.mjs';

/** The target; the reference client is 10,609 B (10.6 KB) measured the same way. */
const TARGET = 3000;

export async function run() {
  const core = await bundleSize(
    "export { SessionProvider, useSession } from './src/auth/react.tsx'; export { signIn } from './src/auth/index.ts';",
    { external: REACT_EXTERNAL },
  );
  const everything = await bundleSize("export * from './src/auth/react.tsx'; export * from './src/auth/index.ts';", {
    external: REACT_EXTERNAL,
  });
  const headless = await bundleSize("export { getSession, signIn, signOut } from './src/auth/index.ts';");
  return [
    sizeRow('SessionProvider + useSession + signIn', core, TARGET, 'React external; reference 10,609 B'),
    sizeRow('every export of src/auth (index + react)', everything, undefined, 'React external'),
    sizeRow('getSession + signIn + signOut, no React', headless, undefined, 'framework-free core'),
  ];
}
