/**
 * One test kit for every service's tests, the gateway's and the end-to-end ones: the services started in
 * this process, startStack (only the services a test needs, behind the real gateway), and the fixtures
 * tests of several services share. Generic pieces (TestClient, eventually, test environments, the TCP
 * fault proxy) stay in @vnmarket/shared/testing; helpers one service's tests use stay in its test folder.
 */
export * from './services';
export * from './stack';
export * from './fixtures';
export * from './socket';
export * from './events';
export * from './moderators';
export * from './push-endpoint';
