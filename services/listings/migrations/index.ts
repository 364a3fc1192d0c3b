import { migrationsInOrder } from '@vnmarket/shared';
import * as all from './all';

/** Listed (in all.ts) rather than read from the folder, so they run the same under tsx, jest and the bundled build. */
export const migrations = migrationsInOrder(all);
