import { stopTelemetry } from './instrument';
import { serviceMain } from '@vnmarket/shared';
import { createMessagingService } from './app';
import { MESSAGING_SCHEMA, messagingConfigSchema } from './config';

serviceMain({ name: 'messaging', schema: MESSAGING_SCHEMA, configSchema: messagingConfigSchema, stopTelemetry, create: createMessagingService });
