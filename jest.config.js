/**
 * Three runs: the main suite in parallel; then the image builds on their own (npm ci and a bundle per
 * deployable, minutes of both cores: beside the main suite they starved its timing-sensitive tests); then
 * the tests that stop and start shared servers, one at a time.
 */
const IMAGES = 'deploy/test/images\\.test\\.ts$';
const transform = {
  '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } }],
};
const roots = [
  '<rootDir>/test',
  '<rootDir>/proto',
  '<rootDir>/services',
  '<rootDir>/gateway',
  '<rootDir>/deploy',
  '<rootDir>/bench',
  '<rootDir>/web',
  '<rootDir>/tools',
];

module.exports = {
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  maxWorkers: 2,
  // Starting real services (migrations, broker topology) on 2 busy cores can pass jest's 5 s default.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'main',
      roots,
      transform,
      testEnvironment: 'node',
      testMatch: ['**/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.disruptive\\.test\\.ts$', IMAGES],
    },
    {
      displayName: 'images',
      roots: ['<rootDir>/deploy'],
      transform,
      testEnvironment: 'node',
      testRegex: IMAGES,
    },
    {
      displayName: 'disruptive',
      roots,
      transform,
      testEnvironment: 'node',
      testMatch: ['**/test/**/*.disruptive.test.ts'],
    },
  ],
};
