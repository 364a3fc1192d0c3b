import { Router } from 'express';
import { savedSearchBody } from '@vnmarket/proto';
import { badRequest, conflict, notFound, ownList, parseInput, pathId } from '@vnmarket/shared';
import { deleteSavedSearch, saveSearch, savedSearchesOf } from '../db/saved-searches';
import { parseSearch } from '../search';
import type { ListingsContext } from '../service-context';

const NOT_FOUND = 'Saved search not found';

/** Saved searches: a member names a set of listing filters and hears when a new listing matches it. */
export function savedSearchRoutes(ctx: ListingsContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.get('/api/saved-searches', requireAuth, ownList(ctx.db, savedSearchesOf));

  router.post('/api/saved-searches', requireAuth, async (req, res) => {
    const body = parseInput(savedSearchBody, req.body);
    // Only punctuation finds nothing in the catalogue, and would never match a new listing either.
    if (body.filters.search && !parseSearch(body.filters.search)) throw badRequest('Search must have a word or number in it');
    const outcome = await saveSearch(ctx.db, req.session!.userId, body.name, body.filters);
    if ('saved' in outcome) {
      res.status(201).json(outcome.saved);
      return;
    }
    if (outcome.refused === 'too_many') {
      // MAX_SAVED_SEARCHES_PER_MEMBER, spelled out: the web translates the words.
      throw conflict('You can keep at most 50 saved searches. Delete one to save another.', 'too_many_saved_searches');
    }
    throw conflict('You have already saved this search', 'saved_search_exists');
  });

  router.delete('/api/saved-searches/:id', requireAuth, async (req, res) => {
    const id = pathId(req.params.id, NOT_FOUND);
    // Another member's search answers as an absent one: its id says nothing.
    if (!(await deleteSavedSearch(ctx.db, req.session!.userId, id))) throw notFound(NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
