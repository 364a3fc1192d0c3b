/**
 * make test-faults: runs the fault scenarios against the real system (processes, two replicas of
 * listings and messaging, the real PostgreSQL, Redis and RabbitMQ) and prints one table.
 *
 *   make test-faults                 # every scenario at full size
 *   make test-faults ARGS="--quick"  # the reduced sizes make test uses
 *   make test-faults ARGS="--only broker-restart,database"
 *
 * It stops and starts the local RabbitMQ app and restarts the local PostgreSQL: run it alone.
 */
import { Cluster } from './cluster';
import { FULL, QUICK, SCENARIOS, table, type ScenarioResult } from './scenarios';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const scale = args.includes('--quick') ? QUICK : FULL;
  const onlyIndex = args.indexOf('--only');
  const names = (onlyIndex >= 0 ? args[onlyIndex + 1]!.split(',') : Object.keys(SCENARIOS)) as (keyof typeof SCENARIOS)[];
  const results: ScenarioResult[] = [];
  const started = Date.now();
  const cluster = await Cluster.start('faults');
  try {
    for (const name of names) {
      const scenario = SCENARIOS[name];
      if (!scenario) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
      process.stdout.write(`faults: ${name}…\n`);
      const outcome = await scenario(cluster, scale);
      results.push(outcome);
      for (const note of outcome.notes) process.stdout.write(`  ${note}\n`);
    }
  } finally {
    await cluster.shutdown();
  }
  process.stdout.write(`\n${table(results)}\n\n${results.length} scenarios in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  const failed = results.filter((outcome) => !outcome.ok).length;
  process.stdout.write(`faults: ${results.length - failed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: Error) => {
  process.stderr.write(`faults: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
