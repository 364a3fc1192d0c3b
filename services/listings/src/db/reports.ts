import type { Knex } from '@vnmarket/shared';

export const OPEN_REPORT_CONSTRAINT = 'reports_one_open_per_reporter';

export interface Report {
  id: string;
  listingId: string;
  reporterId: string;
  reason: string;
  description: string | null;
  status: string;
  createdAt: string;
}

export async function insertReport(
  db: Knex,
  report: { listing_id: string; reporter_id: string; reason: string; description: string | null; case_id?: string },
): Promise<Report> {
  const [row] = await db('reports').insert(report).returning('*');
  return {
    id: row.id,
    listingId: row.listing_id,
    reporterId: row.reporter_id,
    reason: row.reason,
    description: row.description,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

export async function deleteReportsBy(trx: Knex.Transaction, reporterId: string): Promise<void> {
  await trx('reports').where({ reporter_id: reporterId }).delete();
}
