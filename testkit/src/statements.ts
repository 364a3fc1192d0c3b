/** A database client that reports each statement it sends (knex does, with its "query" event). */
interface QueryEmitter {
  on(event: 'query', listener: (query: { sql: string }) => void): unknown;
  removeListener(event: 'query', listener: (query: { sql: string }) => void): unknown;
}

/** Runs `run` with the SQL of every statement `db` sends meanwhile, in order, recorded in the array it is given. */
export async function withRecordedStatements<T>(db: QueryEmitter, run: (statements: string[]) => Promise<T>): Promise<T> {
  const statements: string[] = [];
  const record = (query: { sql: string }) => void statements.push(query.sql);
  db.on('query', record);
  try {
    return await run(statements);
  } finally {
    db.removeListener('query', record);
  }
}
