import { z } from 'zod';

/** Every error answer, from every service. `errors` maps field names to messages on 400s. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
