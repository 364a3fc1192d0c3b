import { stopTelemetry } from './instrument';
import { serviceMain } from '@vnmarket/shared';
import { createVerificationService } from './app';
import { VERIFICATION_SCHEMA, verificationConfigSchema } from './config';

serviceMain({ name: 'verification', schema: VERIFICATION_SCHEMA, configSchema: verificationConfigSchema, stopTelemetry, create: createVerificationService });
