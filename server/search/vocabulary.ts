import { stemOf } from "./words.ts";

// Every distinct word of the indexed products, with the ways a query word reaches them: the same
// word, the same stem, a word it begins (typing), a word within a few typing mistakes. The words
// sit in a trie kept in typed arrays (a few bytes a letter), which answers both the prefix and the
// typo questions by walking only the branches that can still match.

const NONE = -1;

function grown<T extends Int32Array | Uint16Array>(array: T, length: number): T {
  if (length <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2));
  next.set(array);
  if (next instanceof Int32Array) next.fill(NONE, array.length);
  return next;
}

export interface CloseWord {
  term: number;
  distance: number;
}

export class Vocabulary {
  /** The words by id. */
  readonly terms: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly stems = new Map<string, number[]>();
  // The trie: node 0 is the root; each node has a letter (a UTF-16 unit), a first child and a next
  // sibling, and the word that ends there, if any.
  private letter = new Uint16Array(1024);
  private firstChild = new Int32Array(1024).fill(NONE);
  private nextSibling = new Int32Array(1024).fill(NONE);
  private termAt = new Int32Array(1024).fill(NONE);
  private nodes = 1;

  get size(): number {
    return this.terms.length;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  /** The word's id, added when new. */
  add(word: string): number {
    const known = this.ids.get(word);
    if (known !== undefined) return known;
    const id = this.terms.length;
    this.terms.push(word);
    this.ids.set(word, id);
    const stem = stemOf(word);
    const group = this.stems.get(stem);
    if (group) group.push(id);
    else this.stems.set(stem, [id]);
    let node = 0;
    for (let i = 0; i < word.length; i++) node = this.childOrNew(node, word.charCodeAt(i));
    this.termAt[node] = id;
    return id;
  }

  /** The words that share `word`'s stem ("teacher" for "teachers"), itself included if known. */
  sameStem(word: string): readonly number[] {
    return this.stems.get(stemOf(word)) ?? [];
  }

  /** The words that begin with `prefix`, itself included if known. */
  withPrefix(prefix: string): number[] {
    let node = 0;
    for (let i = 0; i < prefix.length && node !== NONE; i++) node = this.child(node, prefix.charCodeAt(i));
    const found: number[] = [];
    if (node === NONE) return found;
    const stack = [node];
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (this.termAt[at]! !== NONE) found.push(this.termAt[at]!);
      for (let child = this.firstChild[at]!; child !== NONE; child = this.nextSibling[child]!) stack.push(child);
    }
    return found;
  }

  /**
   * The words within `maxDistance` edits of `word` (an edit: a letter added, removed, changed, or two
   * neighbours swapped), `word` itself included if known.
   */
  within(word: string, maxDistance: number): CloseWord[] {
    const found: CloseWord[] = [];
    const width = word.length + 1;
    const maxDepth = word.length + maxDistance;
    // rows[d] is the edit-distance row of the trie path of depth d against `word`.
    const rows = new Int32Array(width * (maxDepth + 1));
    for (let j = 0; j < width; j++) rows[j] = j;
    const path = new Uint16Array(maxDepth + 1);
    const visit = (node: number, depth: number) => {
      const letter = this.letter[node]!;
      path[depth] = letter;
      const row = depth * width;
      const above = row - width;
      rows[row] = depth;
      let best = depth;
      for (let j = 1; j < width; j++) {
        const same = word.charCodeAt(j - 1) === letter;
        let value = Math.min(rows[above + j]! + 1, rows[row + j - 1]! + 1, rows[above + j - 1]! + (same ? 0 : 1));
        if (
          depth > 1 &&
          j > 1 &&
          letter === word.charCodeAt(j - 2) &&
          path[depth - 1] === word.charCodeAt(j - 1) &&
          !same
        ) {
          value = Math.min(value, rows[above - width + j - 2]! + 1);
        }
        rows[row + j] = value;
        if (value < best) best = value;
      }
      const term = this.termAt[node]!;
      if (term !== NONE && rows[row + width - 1]! <= maxDistance) {
        found.push({ term, distance: rows[row + width - 1]! });
      }
      if (best > maxDistance || depth >= maxDepth) return;
      for (let child = this.firstChild[node]!; child !== NONE; child = this.nextSibling[child]!)
        visit(child, depth + 1);
    };
    if (this.termAt[0]! !== NONE && word.length <= maxDistance)
      found.push({ term: this.termAt[0]!, distance: word.length });
    for (let child = this.firstChild[0]!; child !== NONE; child = this.nextSibling[child]!) visit(child, 1);
    return found;
  }

  /** Bytes held by the trie and the word lists (an estimate: strings at two bytes a letter). */
  get bytes(): number {
    let letters = 0;
    for (const term of this.terms) letters += term.length;
    return this.letter.byteLength + this.firstChild.byteLength * 3 + letters * 2 * 3 + this.terms.length * 64;
  }

  private child(node: number, letter: number): number {
    for (let child = this.firstChild[node]!; child !== NONE; child = this.nextSibling[child]!) {
      if (this.letter[child] === letter) return child;
    }
    return NONE;
  }

  private childOrNew(node: number, letter: number): number {
    const known = this.child(node, letter);
    if (known !== NONE) return known;
    const id = this.nodes++;
    this.letter = grown(this.letter, this.nodes);
    this.firstChild = grown(this.firstChild, this.nodes);
    this.nextSibling = grown(this.nextSibling, this.nodes);
    this.termAt = grown(this.termAt, this.nodes);
    this.letter[id] = letter;
    this.nextSibling[id] = this.firstChild[node]!;
    this.firstChild[node] = id;
    return id;
  }
}
