import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every native addon npm built into node_modules loads in the Node that runs the project (the pinned one).
 * npm ci run on the machine's Node built them for that Node's ABI, with its headers, and the pinned Node
 * refused them ("compiled against a different Node.js version"): scripts/install.sh runs npm ci on the pinned
 * Node. (Prebuilt N-API addons, such as argon2's, load in any Node and are not what this checks.)
 */
const root = path.resolve(__dirname, '..');
const addons = globSync('node_modules/**/build/Release/*.node', { cwd: root }).map((file) => path.join(root, file));

it('finds the addons npm built (cpu-features, for ssh2, is one)', () => {
  expect(addons.map((file) => path.basename(file))).toContain('cpufeatures.node');
});

it('loads every addon npm built, in the Node that runs the project', () => {
  const refused = addons.flatMap((file) => {
    try {
      process.dlopen({ exports: {} }, file);
      return [];
    } catch (error) {
      return [`${path.relative(root, file)}: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`];
    }
  });
  expect(refused).toEqual([]);
  const pinned = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: { node: string } }).devDependencies.node;
  expect(process.version).toBe(`v${pinned}`);
});
