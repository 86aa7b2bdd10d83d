/**
 * A request body's text field trimmed, or null when it is missing, not a string or blank: the kinds' save rules
 * read optional text this way (contract, improvement, supplier access, inspection and sample).
 */
export function bodyText(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
