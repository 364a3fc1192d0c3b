import { Cluster } from './cluster';
import { FULL, QUICK, SCENARIOS, table, type ScenarioResult } from './scenarios';

/**
 * The whole fault suite, as make test-faults runs it (about 90 s here, so CI runs all of it; set
 * FAULTS_QUICK=1 for the reduced sizes). In the disruptive pass: it stops and starts the local
 * RabbitMQ app and restarts the local PostgreSQL, so it runs alone.
 */
jest.setTimeout(600_000);

let cluster: Cluster;
const results: ScenarioResult[] = [];

beforeAll(async () => {
  cluster = await Cluster.start('faults-quick');
}, 120_000);
afterAll(async () => {
  await cluster?.shutdown();
  if (results.length > 0) process.stdout.write(`\n${table(results)}\n`);
});

it.each(Object.keys(SCENARIOS) as (keyof typeof SCENARIOS)[])('%s: nothing acknowledged is lost, and no unexpected 5xx', async (name) => {
  const outcome = await SCENARIOS[name](cluster, process.env.FAULTS_QUICK === '1' ? QUICK : FULL);
  results.push(outcome);
  expect({ scenario: outcome.scenario, ok: outcome.ok, lost: outcome.lost, notes: outcome.notes }).toEqual({
    scenario: outcome.scenario,
    ok: true,
    lost: 0,
    notes: outcome.notes,
  });
});
