/** Starts the topology before the test and stops it after (Playwright's global setup). */
import { startTopology } from './topology.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const topology = await startTopology();
  console.log(
    `topology: proxy ${topology.info.proxy}, instances ${Object.values(topology.info.instances).join(', ')}`,
  );
  return () => topology.stop();
}
