import { NO_POSITION, type TermPostings } from "./postings.ts";
import type { ProductSlots } from "./product-slots.ts";
import { matchesBySlot, type TextPlan } from "./query-plan.ts";
import { DESCRIPTION_WEIGHT, FIELD_WEIGHT, PHRASE_BONUS } from "./ranking.ts";
import { cutColumn, grownColumn, release } from "./typed-arrays.ts";
import type { Expansion } from "./word-expansion.ts";

// Which products a search's text matches (server/search/search-index.ts), with their relevance
// scores: every word must match, in any order, in any field (or, asked, some words), walked as its
// plan says (server/search/query-plan.ts). See docs/decisions/019-search-index-in-memory.md.

/** The living slots a text matches and their relevance scores, the first `count` of each array. */
export interface TextMatches {
  slots: Int32Array;
  scores: Float64Array;
  count: number;
  /** Whether the text has words; without, every living slot matches (and no array is filled). */
  hasText: boolean;
}

/** The products that match some words of a text (TextMatcher matchSomeWords). */
export interface SomeWordsMatches extends TextMatches {
  /** Per match: how many of the text's words it matches. */
  wordsMatched: Uint8Array;
  hasText: true;
}

/** Postings of one word to walk: its names' (with fields and positions), or its description's (weight DESCRIPTION_WEIGHT, no position). */
interface PostingRun {
  slots: Uint32Array;
  fields: Uint8Array | null;
  positions: Uint8Array | null;
  length: number;
  quality: number;
}

/**
 * The working arrays of a text match, kept from one search to the next (a search never awaits, so
 * one set serves them all) and grown when a search needs more: a common word's quarter of a million
 * matches would otherwise allocate megabytes per search for the garbage collector.
 */
class Scratch {
  candidateSlots = new Int32Array(0);
  best = new Float32Array(0);
  positions = new Uint8Array(0);
  hits = new Uint8Array(0);
  slots = new Int32Array(0);
  scores = new Float64Array(0);

  /** Room for `candidates` products (never more than `most`, the living products) of `words` words. */
  reserve(candidates: number, words: number, most: number): this {
    candidates = Math.min(candidates, most);
    if (this.candidateSlots.length < candidates) {
      const length = Math.min(Math.ceil(candidates * 1.25), most);
      for (const array of [this.candidateSlots, this.hits, this.slots, this.scores]) release(array);
      this.candidateSlots = new Int32Array(length);
      this.hits = new Uint8Array(length);
      this.slots = new Int32Array(length);
      this.scores = new Float64Array(length);
    }
    if (this.best.length < candidates * words) {
      const length = Math.min(Math.ceil(candidates * 1.25), most) * words;
      release(this.best);
      release(this.positions);
      this.best = new Float32Array(length);
      this.positions = new Uint8Array(length);
    }
    return this;
  }

  free() {
    for (const array of this.arrays()) release(array);
  }

  get bytes(): number {
    return this.arrays().reduce((sum, array) => sum + array.byteLength, 0);
  }

  private arrays() {
    return [this.candidateSlots, this.best, this.positions, this.hits, this.slots, this.scores];
  }
}

/** Scratch space beyond this is given back after the search that needed it (a query of many common words). */
const SCRATCH_KEPT_BYTES = 48 << 20;

export class TextMatcher {
  // Scratch space of a search, kept between searches (one search runs at a time: it never awaits).
  /** Per slot: its candidate's number in the scratch arrays during a match, -1 between matches. */
  private candidateOf = new Int32Array(1024).fill(-1);
  /** matchOneWordBySlot()'s score per slot, all 0 between searches. */
  private scoreBySlot = new Float32Array(0);
  private scratch = new Scratch();
  private readonly slots: ProductSlots;
  private readonly postings: TermPostings;

  constructor(slots: ProductSlots, postings: TermPostings) {
    this.slots = slots;
    this.postings = postings;
  }

  /** The memory the matcher keeps between searches besides its scratch arrays, in bytes. */
  get bytes(): number {
    return this.candidateOf.byteLength;
  }

  /** Room for a candidate per slot, as many as the slots' columns have (ProductSlots capacity). */
  fitSlots(capacity: number) {
    if (capacity > this.candidateOf.length) this.candidateOf = grownColumn(this.candidateOf, capacity, -1);
    else if (capacity < this.candidateOf.length) this.candidateOf = cutColumn(this.candidateOf, capacity);
  }

  /** Gives the scratch space back when a search needed more than is worth keeping. */
  freeLargeScratch() {
    if (this.scratch.bytes > SCRATCH_KEPT_BYTES) {
      this.scratch.free();
      this.scratch = new Scratch();
    }
  }

  /** The living slots every word of the text matches, with their relevance (all slots when no words). */
  matchAll(plan: TextPlan): TextMatches {
    const { expansions, costs: cost, order, withoutDescriptions } = plan;
    if (expansions.length === 0) {
      return { slots: new Int32Array(0), scores: new Float64Array(0), count: 0, hasText: false };
    }
    if (order === null) return { slots: new Int32Array(0), scores: new Float64Array(0), count: 0, hasText: true };
    const width = expansions.length;
    const documents = this.slots.living;
    const capacity = Math.min(cost[order[0]!]!, documents);
    const scratch = this.scratch.reserve(capacity, width, documents);
    if (width === 1) {
      return matchesBySlot(cost[0]!, this.slots.count)
        ? this.matchOneWordBySlot(expansions[0]!, withoutDescriptions, scratch)
        : this.matchOneWord(expansions[0]!, withoutDescriptions, scratch);
    }
    // The rarest word gathers the candidates; each next word keeps those it is in too.
    let candidates = 0;
    for (let step = 0; step < width; step++) {
      const word = order[step]!;
      for (const expansion of expansions[word]!) {
        for (const run of this.runsOf(expansion, withoutDescriptions)) {
          if (step === 0) candidates = this.gather(scratch, candidates, width, word, run);
          else this.confirm(scratch, step, width, word, run);
        }
      }
      if (step > 0) candidates = this.keepConfirmed(scratch, candidates, step, width);
      if (candidates === 0) break;
    }
    const { candidateSlots, best, positions, slots, scores } = scratch;
    for (let c = 0; c < candidates; c++) {
      this.candidateOf[candidateSlots[c]!] = -1;
      let score = 0;
      let together = true;
      for (let w = 0; w < width; w++) {
        score += best[c * width + w]!;
        if (w > 0) {
          const before = positions[c * width + w - 1]!;
          if (before === NO_POSITION || positions[c * width + w] !== before + 1) together = false;
        }
      }
      slots[c] = candidateSlots[c]!;
      scores[c] = together ? score + PHRASE_BONUS : score;
    }
    return { slots, scores, count: candidates, hasText: true };
  }

  /**
   * The products that match at least one word of the text (for a text no product matches whole):
   * each with how many of the words it matches and the sum of its words' best scores. Null when
   * the text has one word, or none of its words matches anything.
   */
  matchSomeWords(plan: TextPlan): SomeWordsMatches | null {
    const { expansions: byWord, costs, withoutDescriptions } = plan;
    if (byWord.length < 2) return null;
    const documents = this.slots.living;
    const found = new Map<number, { words: number; score: number }>();
    for (let word = 0; word < byWord.length; word++) {
      const expansions = byWord[word]!;
      const cost = costs[word]!;
      if (cost === 0) continue;
      const scratch = this.scratch.reserve(Math.min(cost, documents), 1, documents);
      const matched = matchesBySlot(cost, this.slots.count)
        ? this.matchOneWordBySlot(expansions, withoutDescriptions, scratch)
        : this.matchOneWord(expansions, withoutDescriptions, scratch);
      for (let i = 0; i < matched.count; i++) {
        const slot = matched.slots[i]!;
        const seen = found.get(slot);
        if (seen) {
          seen.words++;
          seen.score += matched.scores[i]!;
        } else found.set(slot, { words: 1, score: matched.scores[i]! });
      }
    }
    if (found.size === 0) return null;
    const slots = new Int32Array(found.size);
    const scores = new Float64Array(found.size);
    const wordsMatched = new Uint8Array(found.size);
    let i = 0;
    for (const [slot, { words: count, score }] of found) {
      slots[i] = slot;
      scores[i] = score;
      wordsMatched[i++] = count;
    }
    return { slots, scores, wordsMatched, count: found.size, hasText: true };
  }

  /** A word's postings as runs: its names (with fields and positions), and its description unless left out. */
  private runsOf({ term, quality, namesOnly }: Expansion, withoutDescriptions: boolean): PostingRun[] {
    const postings = this.postings.lists[term]!;
    const { slots, fields, positions, size } = postings;
    const names: PostingRun = { slots, fields, positions, length: size, quality };
    if (namesOnly || withoutDescriptions) return [names];
    const { descriptionSlots, descriptionSize } = postings;
    return [names, { slots: descriptionSlots, fields: null, positions: null, length: descriptionSize, quality }];
  }

  /**
   * The first (rarest) word of a match: each living product of the run becomes a candidate, with its
   * best score and position for the word. Answers the candidates' count.
   */
  private gather(scratch: Scratch, candidates: number, width: number, word: number, run: PostingRun): number {
    const { slots: postingSlots, fields, positions: postingPositions, length, quality } = run;
    const { candidateOf } = this;
    const { alive } = this.slots;
    const { candidateSlots, best, positions, hits } = scratch;
    for (let i = 0; i < length; i++) {
      const slot = postingSlots[i]!;
      const score = fields === null ? quality * DESCRIPTION_WEIGHT : quality * FIELD_WEIGHT[fields[i]!]!;
      const position = postingPositions === null ? NO_POSITION : postingPositions[i]!;
      let c = candidateOf[slot]!;
      if (c === -1) {
        if (alive[slot] === 0) continue;
        c = candidates++;
        candidateOf[slot] = c;
        candidateSlots[c] = slot;
        hits[c] = 1;
        best[c * width + word] = score;
        positions[c * width + word] = position;
      } else if (score > best[c * width + word]!) {
        best[c * width + word] = score;
        if (position !== NO_POSITION) positions[c * width + word] = position;
      }
    }
    return candidates;
  }

  /** A next word of a match (its `step`): marks the candidates the run holds, with their best score and position. */
  private confirm(scratch: Scratch, step: number, width: number, word: number, run: PostingRun) {
    const { slots: postingSlots, fields, positions: postingPositions, length, quality } = run;
    const { candidateOf } = this;
    const { best, positions, hits } = scratch;
    for (let i = 0; i < length; i++) {
      const c = candidateOf[postingSlots[i]!]!;
      if (c === -1) continue;
      const score = fields === null ? quality * DESCRIPTION_WEIGHT : quality * FIELD_WEIGHT[fields[i]!]!;
      const position = postingPositions === null ? NO_POSITION : postingPositions[i]!;
      const at = c * width + word;
      const seen = hits[c]!;
      if (seen === step) {
        hits[c] = step + 1;
        best[at] = score;
        positions[at] = position;
      } else if (seen === step + 1 && score > best[at]!) {
        best[at] = score;
        if (position !== NO_POSITION) positions[at] = position;
      }
    }
  }

  /** Drops the candidates the step's word is not in (they need not be looked at again); answers how many are left. */
  private keepConfirmed(scratch: Scratch, candidates: number, step: number, width: number): number {
    const { candidateOf } = this;
    const { candidateSlots, best, positions, hits } = scratch;
    let kept = 0;
    for (let c = 0; c < candidates; c++) {
      const slot = candidateSlots[c]!;
      if (hits[c] !== step + 1) {
        candidateOf[slot] = -1;
        continue;
      }
      if (kept !== c) {
        candidateSlots[kept] = slot;
        candidateOf[slot] = kept;
        hits[kept] = step + 1;
        for (let w = 0; w < width; w++) {
          best[kept * width + w] = best[c * width + w]!;
          positions[kept * width + w] = positions[c * width + w]!;
        }
      }
      kept++;
    }
    return kept;
  }

  /**
   * matchOneWord() for a word whose words have many times more postings than there are products (one
   * or two letters are inside thousands of words): each posting keeps the best score in a score per
   * slot, read back in order, so the work is the postings and one pass over the slots.
   */
  private matchOneWordBySlot(
    expansions: readonly Expansion[],
    withoutDescriptions: boolean,
    scratch: Scratch,
  ): TextMatches {
    const slotCount = this.slots.count;
    if (this.scoreBySlot.length < slotCount) {
      release(this.scoreBySlot);
      this.scoreBySlot = new Float32Array(this.slots.capacity);
    }
    const bySlot = this.scoreBySlot;
    for (const expansion of expansions) {
      for (const { slots: at, fields, length, quality } of this.runsOf(expansion, withoutDescriptions)) {
        for (let i = 0; i < length; i++) {
          const slot = at[i]!;
          const score = fields === null ? quality * DESCRIPTION_WEIGHT : quality * FIELD_WEIGHT[fields[i]!]!;
          if (score > bySlot[slot]!) bySlot[slot] = score;
        }
      }
    }
    // Every score is above 0 (a quality times a weight): 0 is "no match". All 0 again for the next search.
    const { slots, scores } = scratch;
    const alive = this.slots.alive;
    let count = 0;
    for (let slot = 0; slot < slotCount; slot++) {
      const score = bySlot[slot]!;
      if (score === 0) continue;
      bySlot[slot] = 0;
      if (alive[slot] === 0) continue;
      slots[count] = slot;
      scores[count++] = score;
    }
    return { slots, scores, count, hasText: true };
  }

  /** matchAll() for one word, the most common search: each product's best match, no phrase to look for. */
  private matchOneWord(expansions: readonly Expansion[], withoutDescriptions: boolean, scratch: Scratch): TextMatches {
    const { slots, scores } = scratch;
    const { candidateOf } = this;
    const { alive } = this.slots;
    let count = 0;
    for (const expansion of expansions) {
      for (const { slots: at, fields, length, quality } of this.runsOf(expansion, withoutDescriptions)) {
        for (let i = 0; i < length; i++) {
          const slot = at[i]!;
          const score = fields === null ? quality * DESCRIPTION_WEIGHT : quality * FIELD_WEIGHT[fields[i]!]!;
          const c = candidateOf[slot]!;
          if (c === -1) {
            if (alive[slot] === 0) continue;
            candidateOf[slot] = count;
            slots[count] = slot;
            scores[count++] = score;
          } else if (score > scores[c]!) scores[c] = score;
        }
      }
    }
    for (let c = 0; c < count; c++) candidateOf[slots[c]!] = -1;
    return { slots, scores, count, hasText: true };
  }
}
