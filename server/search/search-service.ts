import type { Database } from "../db/client.ts";
import { type SearchIndexFigures, searchIndexOf } from "./index-sync.ts";
import type { IndexAnswer, IndexSearch } from "./search-index.ts";

// What the shop asks of search: an answer (and, when it finds nothing, a "Did you mean"), and the
// index's figures. Answered by the index in this thread (tests, scripts) or in a worker thread of
// its own (the server: server/search/search-worker.ts), so that searching never holds up the
// pages the main thread renders.

export interface SearchAnswer extends IndexAnswer {
  didYouMean: string | null;
}

export interface SearchService {
  /** null while the index is first built (PostgreSQL answers meanwhile). */
  find(search: IndexSearch): Promise<SearchAnswer | null>;
  figures(): Promise<SearchIndexFigures>;
  stop(): Promise<void>;
}

/** The answer of an index, with its "Did you mean" for text that finds nothing. */
export function answerOf(
  index: { search(search: IndexSearch): IndexAnswer; didYouMean(text: string, filters: IndexSearch): string | null },
  search: IndexSearch,
): SearchAnswer {
  const answer = index.search(search);
  const didYouMean = answer.total === 0 && search.text?.trim() ? index.didYouMean(search.text, search) : null;
  return { ...answer, didYouMean };
}

// The launcher (run from source) and the app (its bundle) each load their own copy of this module:
// the services are kept on globalThis so that both reach the one the server started.
const REGISTRY = Symbol.for("marketplace.search-services");
const global = globalThis as { [REGISTRY]?: WeakMap<Database, SearchService> };
global[REGISTRY] ??= new WeakMap<Database, SearchService>();
const services = global[REGISTRY];

/** Makes `service` the one that answers this database's searches (the server's worker). */
export function useSearchService(db: Database, service: SearchService) {
  services.set(db, service);
}

/** The search of this database: the server's worker, or else an index in this thread. */
export function searchServiceOf(db: Database): SearchService {
  let service = services.get(db);
  if (!service) {
    const sync = searchIndexOf(db);
    service = {
      async find(search) {
        const index = await sync.current();
        return index && answerOf(index, search);
      },
      figures: async () => sync.figures,
      stop: () => sync.stop(),
    };
    services.set(db, service);
  }
  return service;
}
