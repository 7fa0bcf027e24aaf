/**
 * A product's title, whose hyphenated words ("30-Day", "2026-2027") never break at their hyphen
 * ("A 30-" then "Day" on the next line): each is kept whole, as an inline block that wraps inside
 * itself only when it is wider than the line (a pasted address). The text itself is unchanged.
 */
export function ProductTitle({ title }: { title: string }) {
  return title.split(/(\s+)/).map((part, index) =>
    /\S-\S/.test(part) ? (
      <span key={index} className="inline-block">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
