import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_GATEWAY_PORT, DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { baseConfigSchema } from '@vnmarket/shared';
import { SERVICES, type ServiceName } from './routes';

/** Local ports when everything runs on one machine (make start). */
export const DEFAULT_PORTS = DEFAULT_SERVICE_PORTS;

/** One URL, or a comma-separated list of a service's replicas (balanced by the gateway). */
const replicaUrls = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('must be URLs, comma-separated')).min(1, 'needs at least one URL'));

const upstreamUrls = Object.fromEntries(
  SERVICES.map((service) => [`${service.toUpperCase()}_URL`, replicaUrls(`http://127.0.0.1:${DEFAULT_PORTS[service]}`)]),
) as Record<`${Uppercase<ServiceName>}_URL`, ReturnType<typeof replicaUrls>>;

export const gatewayConfigSchema = baseConfigSchema
  .pick({ NODE_ENV: true, LOG_LEVEL: true, HOST: true, SHUTDOWN_TIMEOUT_MS: true, METRICS_PORT: true })
  .extend({
    /**
     * The site's origins; the first is the one its pages name themselves by: the absolute URLs of link
     * previews (Open Graph), canonical links and the sitemap.
     */
    PUBLIC_ORIGINS: baseConfigSchema.shape.PUBLIC_ORIGINS.pipe(z.array(z.url('must be URLs, comma-separated')).min(1, 'needs at least one URL')),
    /**
     * How long a page's link-preview data (a listing, a member) and the sitemap are kept in memory: a
     * change shows in previews and the sitemap within it.
     */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
    GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_GATEWAY_PORT),
    /** 0 when browsers connect directly; 1 behind an ingress or load balancer. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    WEB_DIST: z.string().default(path.resolve(__dirname, '../../web/dist')),
    /**
     * Extra origins the web app may connect to besides its own (Content-Security-Policy connect-src),
     * space- or comma-separated: the S3 endpoint when photos upload straight to a presigned S3 URL.
     */
    CSP_CONNECT_SOURCES: z
      .string()
      .default('')
      .transform((value) => value.split(/[\s,]+/).filter(Boolean)),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
    UPSTREAM_MAX_SOCKETS: z.coerce.number().int().min(1).default(512),
    /** With several replicas of a service: how often each one's /readyz is polled. */
    UPSTREAM_HEALTH_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
    /**
     * Proxied requests in flight at once; beyond it, 503 with Retry-After at once. Overload then costs the
     * excess a fast refusal instead of slowing every request and growing memory without bound.
     */
    GATEWAY_MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(1024),
    /**
     * Proxied requests in flight at once from one client address (IPv6 by /64), as this gateway sees it
     * (TRUST_PROXY_HOPS); beyond it, 429. One address cannot then take the whole of GATEWAY_MAX_IN_FLIGHT.
     */
    GATEWAY_MAX_IN_FLIGHT_PER_CLIENT: z.coerce.number().int().min(1).default(64),
    /**
     * A request's head must arrive within this; its body may neither pause longer nor fall further behind
     * GATEWAY_BODY_MIN_BYTES_PER_SECOND: past either, 408 and the connection is closed.
     */
    GATEWAY_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** The slowest pace a request body may keep (a photo upload at phone speed is far above it). */
    GATEWAY_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(1024),
    /**
     * How long this replica may give again an answer a service marked Gateway-Cache-Control (browse
     * pages), without asking the service: a change made through another replica shows within it. 0 turns
     * the cache off.
     */
    GATEWAY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(10_000).default(500),
    /** Bounds the cache's memory per service, whatever the queries asked (the oldest answers go first). */
    GATEWAY_CACHE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(16 * 1024 * 1024),
    GATEWAY_CACHE_MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(256 * 1024),
    ...upstreamUrls,
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function upstreamsFrom(config: GatewayConfig): Record<ServiceName, string[]> {
  return Object.fromEntries(SERVICES.map((service) => [service, config[`${service.toUpperCase() as Uppercase<ServiceName>}_URL`]])) as Record<
    ServiceName,
    string[]
  >;
}
