// Numbers as people type them: Czech decimals use a comma, an empty field means "not set".

/** null for an empty field, NaN for text that is not a number. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (trimmed === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const numberText = (value: number | null): string => (value === null ? '' : String(value));
