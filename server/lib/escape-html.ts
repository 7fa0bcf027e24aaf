/** Text made safe to put inside HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
