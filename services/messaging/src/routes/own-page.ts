import type { Request, Response } from 'express';
import { pageQuery, type PageQuery } from '@vnmarket/proto';
import { parseInput, type Knex } from '@vnmarket/shared';

/** A GET handler answering one page (?limit, ?offset) of a list that belongs to the signed-in member (after requireAuth). */
export function ownPage(db: Knex, list: (db: Knex, userId: string, page: PageQuery) => Promise<unknown>) {
  return async (req: Request, res: Response) => {
    res.json(await list(db, req.session!.userId, parseInput(pageQuery(), req.query)));
  };
}
