/** Whether `value` is a full http:// or https:// address (never javascript:, data: or a bare name). */
export function isWebAddress(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
