import { stopTelemetry } from './instrument';
import { serviceMain } from '@vnmarket/shared';
import { createAuthService } from './app';
import { AUTH_SCHEMA, authConfigSchema } from './config';

serviceMain({ name: 'auth', schema: AUTH_SCHEMA, configSchema: authConfigSchema, stopTelemetry, create: createAuthService });
