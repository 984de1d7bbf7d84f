import type { Db } from './client.ts';

/** A database handle or an open transaction: SQL operations accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
