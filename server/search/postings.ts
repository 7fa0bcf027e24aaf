import type { IndexedText } from "./index-types.ts";
import { copyInto, release } from "./typed-arrays.ts";
import type { Vocabulary } from "./vocabulary.ts";
import { fieldWords } from "./words.ts";

// The search index's postings (server/search/search-index.ts): per word of the vocabulary, the
// products it is in, by slot (server/search/product-slots.ts), kept up as products are added, loaded
// in bulk, or compacted. See docs/decisions/019-search-index-in-memory.md.

// Field bits of a posting in a word's name list; the description has a list of its own.
export const TITLE = 1;
export const TAGS = 2;
export const CATEGORY = 4;
export const CREATOR = 8;
/** Positions are counted in the title and tags; past this a word has none (for phrases). */
export const NO_POSITION = 255;

// A word's postings: the products it is in (slots, ascending), in the title, tags, category or creator
// (with the fields' bits and its first position), and separately in the description.
export class Postings {
  slots = new Uint32Array(2);
  fields = new Uint8Array(2);
  positions = new Uint8Array(2);
  size = 0;
  descriptionSlots = new Uint32Array(0);
  descriptionSize = 0;

  addName(slot: number, fields: number, position: number) {
    if (this.size === this.slots.length) {
      const length = Math.max(4, this.size * 2);
      this.slots = copyInto(new Uint32Array(length), this.slots, true);
      this.fields = copyInto(new Uint8Array(length), this.fields, true);
      this.positions = copyInto(new Uint8Array(length), this.positions, true);
    }
    this.slots[this.size] = slot;
    this.fields[this.size] = fields;
    this.positions[this.size++] = position;
  }

  addDescription(slot: number) {
    if (this.descriptionSize === this.descriptionSlots.length) {
      this.descriptionSlots = copyInto(
        new Uint32Array(Math.max(2, this.descriptionSize * 2)),
        this.descriptionSlots,
        true,
      );
    }
    this.descriptionSlots[this.descriptionSize++] = slot;
  }

  get bytes() {
    return this.slots.byteLength * 1.5 + this.descriptionSlots.byteLength + 64;
  }

  /** Lists of exactly the sizes counted during a bulk load (TermPostings endBulk). */
  allocate() {
    this.slots = new Uint32Array(this.size);
    this.fields = new Uint8Array(this.size);
    this.positions = new Uint8Array(this.size);
    this.descriptionSlots = new Uint32Array(this.descriptionSize);
  }
}

/** Integers appended one by one, in one buffer that doubles (large, so it goes back to the system when freed). */
class IntStream {
  private buffer = new Int32Array(1 << 16);
  length = 0;
  push(value: number) {
    if (this.length === this.buffer.length) this.buffer = copyInto(new Int32Array(this.length * 2), this.buffer, true);
    this.buffer[this.length++] = value;
  }
  get values(): Int32Array {
    return this.buffer;
  }
  free() {
    release(this.buffer);
  }
}

/** Every word's postings, by the word's id in the vocabulary. */
export class TermPostings {
  /** The postings of each word of the vocabulary, by its id. */
  readonly lists: Postings[] = [];
  private readonly vocabulary: Vocabulary;
  private bulk: {
    /** Per posting: the word, then its fields' bits and position (fields << 8 | position). */
    names: IntStream;
    descriptions: IntStream;
    /** Per slot: where its postings end in each stream. */
    namesEnd: IntStream;
    descriptionsEnd: IntStream;
  } | null = null;

  constructor(vocabulary: Vocabulary) {
    this.vocabulary = vocabulary;
  }

  /** Whether a bulk load is under way (beginBulk, endBulk). */
  get loadingInBulk(): boolean {
    return this.bulk !== null;
  }

  /** An estimate of the memory the postings hold, in bytes. */
  get bytes(): number {
    let bytes = 0;
    for (const postings of this.lists) bytes += postings.bytes;
    return bytes;
  }

  /** How many products have the word, in their names or their description. */
  frequency(term: number): number {
    const postings = this.lists[term];
    return postings ? postings.size + postings.descriptionSize : 0;
  }

  /** Adds a product's words, in the slot given to it. */
  addText(slot: number, text: IndexedText) {
    // Per word of this product: its fields' bits and its first position (title, then each tag).
    const names = new Map<number, { fields: number; position: number }>();
    const addName = (word: string, field: number, position: number) => {
      const term = this.termOf(word);
      const known = names.get(term);
      if (known) {
        known.fields |= field;
        if (position < known.position) known.position = position;
      } else names.set(term, { fields: field, position: Math.min(position, NO_POSITION) });
    };
    let position = 0;
    for (const { word, position: at } of fieldWords(text.title)) {
      addName(word, TITLE, at);
      position = at + 1;
    }
    for (const tag of text.tags.split("\n")) {
      position++; // a gap: the last word of one tag and the first of the next are not a phrase
      for (const { word, position: at } of fieldWords(tag, position)) {
        addName(word, TAGS, at);
        position = at + 1;
      }
    }
    for (const { word } of fieldWords(text.categoryName)) addName(word, CATEGORY, NO_POSITION);
    for (const { word } of fieldWords(text.creatorName)) addName(word, CREATOR, NO_POSITION);
    const described = new Set<number>();
    for (const { word } of fieldWords(text.description)) described.add(this.termOf(word));
    const bulk = this.bulk;
    if (bulk) {
      for (const [term, { fields, position: at }] of names) {
        bulk.names.push(term);
        bulk.names.push((fields << 8) | at);
        this.lists[term]!.size++;
      }
      for (const term of described) {
        bulk.descriptions.push(term);
        this.lists[term]!.descriptionSize++;
      }
      bulk.namesEnd.push(bulk.names.length);
      bulk.descriptionsEnd.push(bulk.descriptions.length);
      return;
    }
    for (const [term, { fields, position: at }] of names) this.lists[term]!.addName(slot, fields, at);
    for (const term of described) this.lists[term]!.addDescription(slot);
  }

  /**
   * Starts a bulk load into empty postings: the products' postings go to two flat streams first and
   * are laid out in each word's list at its exact size by endBulk(). (Lists that grow by copying, a
   * million products' worth, leave hundreds of MB of freed but unreturned memory behind.)
   */
  beginBulk() {
    this.bulk = {
      names: new IntStream(),
      descriptions: new IntStream(),
      namesEnd: new IntStream(),
      descriptionsEnd: new IntStream(),
    };
  }

  /** Lays the bulk load's postings out in the words' lists: `slotCount` products, given slots 0 on, in order. */
  endBulk(slotCount: number) {
    const bulk = this.bulk;
    if (!bulk) return;
    this.bulk = null;
    for (const postings of this.lists) postings.allocate();
    const names = bulk.names.values;
    const descriptions = bulk.descriptions.values;
    const filled = new Int32Array(this.lists.length);
    const filledDescriptions = new Int32Array(this.lists.length);
    let name = 0;
    let description = 0;
    for (let slot = 0; slot < slotCount; slot++) {
      for (const end = bulk.namesEnd.values[slot]!; name < end; name += 2) {
        const term = names[name]!;
        const postings = this.lists[term]!;
        const at = filled[term]!++;
        postings.slots[at] = slot;
        postings.fields[at] = names[name + 1]! >>> 8;
        postings.positions[at] = names[name + 1]! & 0xff;
      }
      for (const end = bulk.descriptionsEnd.values[slot]!; description < end; description++) {
        const term = descriptions[description]!;
        this.lists[term]!.descriptionSlots[filledDescriptions[term]!++] = slot;
      }
    }
    for (const stream of [bulk.names, bulk.descriptions, bulk.namesEnd, bulk.descriptionsEnd]) stream.free();
  }

  /** Moves every posting to its slot's new number (`newSlot`, -1 for a dead slot, whose postings go). */
  renumberSlots(newSlot: Int32Array) {
    for (const postings of this.lists) {
      let kept = 0;
      for (let i = 0; i < postings.size; i++) {
        const slot = newSlot[postings.slots[i]!]!;
        if (slot === -1) continue;
        postings.slots[kept] = slot;
        postings.fields[kept] = postings.fields[i]!;
        postings.positions[kept++] = postings.positions[i]!;
      }
      postings.size = kept;
      let keptDescriptions = 0;
      for (let i = 0; i < postings.descriptionSize; i++) {
        const slot = newSlot[postings.descriptionSlots[i]!]!;
        if (slot !== -1) postings.descriptionSlots[keptDescriptions++] = slot;
      }
      postings.descriptionSize = keptDescriptions;
    }
  }

  private termOf(word: string): number {
    const term = this.vocabulary.add(word);
    if (term === this.lists.length) this.lists.push(new Postings());
    return term;
  }
}
