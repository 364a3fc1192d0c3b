import { createLogger, listen, loadConfig, type RunningServer } from '@vnmarket/shared';
import { createTestEnvironment, TestClient, type TestEnvironment } from '@vnmarket/shared/testing';
import { createGateway } from '../gateway/src/app';
import { gatewayConfigSchema } from '../gateway/src/config';
import { startAuth, type RunningAuth } from '../services/auth/test/support';
import { startListings, type RunningListings } from '../services/listings/test/support';
import { startMessaging, type RunningMessaging } from '../services/messaging/test/support';
import { startMedia, type RunningMedia } from '../services/media/test/support';
import { startVerification, type RunningVerification } from '../services/verification/test/support';

export interface Stack {
  environment: TestEnvironment;
  auth: RunningAuth;
  listings: RunningListings;
  messaging: RunningMessaging;
  media: RunningMedia;
  verification: RunningVerification;
  gatewayUrl: string;
  /** A browser-like client (cookie jar) talking to the gateway. */
  client(): TestClient;
  stop(): Promise<void>;
}

/** Every service that exists, plus the gateway in front, on one isolated environment. */
export async function startStack(
  label: string,
  overrides: { auth?: Record<string, string>; listings?: Record<string, string>; messaging?: Record<string, string>; media?: Record<string, string>; verification?: Record<string, string>; gateway?: Record<string, string> } = {},
): Promise<Stack> {
  const environment = await createTestEnvironment(label);
  const auth = await startAuth(label, overrides.auth, environment);
  const listings = await startListings(label, overrides.listings, environment);
  const messaging = await startMessaging(label, overrides.messaging, environment);
  const media = await startMedia(label, overrides.media, environment);
  const verification = await startVerification(label, overrides.verification, environment);
  const config = loadConfig(gatewayConfigSchema, {
    LOG_LEVEL: 'silent',
    AUTH_URL: auth.url,
    LISTINGS_URL: listings.url,
    MESSAGING_URL: messaging.url,
    MEDIA_URL: media.url,
    VERIFICATION_URL: verification.url,
    WEB_DIST: '/nonexistent',
    ...overrides.gateway,
  });
  const gateway = createGateway(config, createLogger('gateway', 'silent'));
  const server: RunningServer = await listen(gateway.app, 0, '127.0.0.1', (httpServer) => gateway.attach(httpServer));
  return {
    environment,
    auth,
    listings,
    messaging,
    media,
    verification,
    gatewayUrl: server.url,
    client: () => new TestClient(server.url),
    async stop() {
      await server.drain(1000);
      gateway.close();
      await verification.stop();
      await media.stop();
      await messaging.stop();
      await listings.stop();
      await auth.stop();
      await environment.cleanup();
    },
  };
}
