/**
 * The process: read config, then open the database, migrate, seed, listen (serve.ts). The configuration
 * refuses what is unsafe in production (config.ts, productionProblems): the process ends with code 78
 * naming each variable, before the rest of the API is loaded.
 *
 * Node's compile cache (module.enableCompileCache) is on from here: the modules loaded after this point
 * are compiled once and kept in NODE_COMPILE_CACHE, or the OS temporary folder's node-compile-cache, so
 * the next start of the same code skips most of that work. A folder that cannot be written only leaves
 * the cache off (NODE_DISABLE_COMPILE_CACHE=1 turns it off).
 */
import module from 'node:module';

module.enableCompileCache();

const { ConfigError, loadConfig } = await import('./config.ts');

try {
  const config = loadConfig();
  const { serve } = await import('./serve.ts');
  await serve(config);
  // Written now rather than at exit: a process stopped by SIGKILL (or a container's) keeps it too.
  module.flushCompileCache();
} catch (error: unknown) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
}
