import { stopTelemetry } from './instrument';
import { serviceMain } from '@vnmarket/shared';
import { createMediaService } from './app';
import { MEDIA_SCHEMA, mediaConfigSchema } from './config';

serviceMain({ name: 'media', schema: MEDIA_SCHEMA, configSchema: mediaConfigSchema, stopTelemetry, create: createMediaService });
