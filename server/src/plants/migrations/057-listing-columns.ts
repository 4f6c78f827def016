// The plant listing columns exactly as 057_plant_listing computed them (plants/name-order.ts and
// plants/listing-columns.ts of that day), copied so the migration stays what it was: the live sort key
// may change with a migration of its own that recomputes the columns, never by editing this one.
// Frozen: do not edit.
//
// A sort key that orders plain text the way Intl.Collator('cs') does (Czech tailoring), three levels
// (base characters, accents, case) each ended by "!".

/**
 * Punctuation and symbols in the collator's order (after the spaces, before the digits); the
 * characters of one entry differ only in the lower levels, so they share a weight here.
 */
const PUNCTUATION = [
  '_',
  '-',
  '‐‑',
  '‒',
  '–',
  '—',
  '―',
  ',',
  ';',
  ':',
  '!',
  '¡',
  '?',
  '¿',
  '.',
  '·',
  "'‘’‚",
  '‹',
  '›',
  '"“”„',
  '«',
  '»',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '§',
  '¶',
  '@',
  '*',
  '/',
  '\\',
  '&',
  '#',
  '%',
  '‰',
  '†',
  '‡',
  '•',
  '`',
  '´',
  '˜',
  '^',
  '¨',
  '¸',
  '°',
  '©',
  '®',
  '+',
  '±',
  '÷',
  '×',
  '<',
  '=',
  '>',
  '|',
  '~',
  '¤',
  '¢',
  '$',
  '£',
  '¥',
  '€',
];
/** Czech letters in alphabetical order; "ch" is one letter. */
const LETTERS = [
  'a',
  'b',
  'c',
  'č',
  'd',
  'e',
  'f',
  'g',
  'h',
  'ch',
  'i',
  'ı',
  'j',
  'k',
  'l',
  'm',
  'n',
  'o',
  'p',
  'q',
  'r',
  'ř',
  's',
  'š',
  't',
];
const LAST_LETTERS = ['u', 'v', 'w', 'x', 'y', 'z', 'ž'];
/** Accents (combining marks) in the collator's order; the caron makes č, ř, š and ž letters of their own. */
const ACCENTS = '\u0301\u0300\u0306\u0302\u030c\u030a\u0308\u030b\u0303\u0307\u0338\u0327\u0328\u0304';
const CARON = '\u030c';
/** A stroke is an accent after all of those (ł, ø, đ); an unknown mark sorts after it. */
const STROKE = ACCENTS.length + 1;
const OTHER_ACCENT = ACCENTS.length + 2;
/** Letters NFD does not take apart: a base letter with a stroke, or two letters. */
const SPECIAL_LETTERS: Record<string, { base: string; accent?: number }> = {
  ł: { base: 'l', accent: STROKE },
  ø: { base: 'o', accent: STROKE },
  đ: { base: 'd', accent: STROKE },
  ß: { base: 'ss' },
  æ: { base: 'ae' },
  œ: { base: 'oe' },
  '™': { base: 'tm' },
};

// Primary weights, by class: spaces, known punctuation and symbols, other punctuation and symbols (by
// code point), digits, letters of the Czech alphabet, other letters (by code point).
/** Spaces by code point: a tab before a space. */
const LAST_SPACE_WEIGHT = 0xff;
const PUNCTUATION_BASE = 0x100;
const OTHER_SYMBOL_BASE = 0x1000;
const DIGIT_BASE = 0x200000;
const LETTER_BASE = 0x200100;
const OTHER_LETTER_BASE = 0x300000;

const letterWeights = new Map([...LETTERS, ...LAST_LETTERS].map((letter, i) => [letter, LETTER_BASE + i]));
const punctuationWeights = new Map(PUNCTUATION.flatMap((same, i) => [...same].map((char) => [char, PUNCTUATION_BASE + i] as const)));

interface Element {
  primary: number;
  /** The accents' weights (1 + their place in ACCENTS), in order. */
  accents: number[];
  /** 0 lower case; a capital 2; "ch" 0–3 for ch, cH, Ch, CH. */
  caseWeight: number;
}

/** Four characters from "0" up (0x30–0x6f): 24 bits, ordered as their bytes are. */
function weightChars(weight: number): string {
  let text = '';
  for (let shift = 18; shift >= 0; shift -= 6) text += String.fromCharCode(0x30 + ((weight >> shift) & 63));
  return text;
}

const isUpper = (char: string) => char !== char.toLowerCase();

function letterElement(lower: string, upper: boolean): Element {
  const weight = letterWeights.get(lower) ?? OTHER_LETTER_BASE + (lower.codePointAt(0) ?? 0);
  return { primary: weight, accents: [], caseWeight: upper ? 2 : 0 };
}

function elementsOf(text: string): Element[] {
  // Compatibility forms count as what they stand for (ﬁ as fi, ² as 2), but a spacing accent (¨, ´) is a
  // symbol of its own, not a space with an accent.
  const chars = [...text].flatMap((char) => (punctuationWeights.has(char) ? [char] : [...char.normalize('NFKD')]));
  const elements: Element[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    const lower = char.toLowerCase();
    const previous = elements.at(-1);
    if (/\p{M}/u.test(char)) {
      if (!previous) continue;
      const accent = ACCENTS.indexOf(char);
      // c, r, s, z with a caron are letters of their own, not accented ones.
      const caronLetter =
        char === CARON && previous.accents.length === 0 ? letterWeights.get(`${lowerOf(previous)}${'\u030c'}`.normalize('NFC')) : undefined;
      if (caronLetter !== undefined) previous.primary = caronLetter;
      else previous.accents.push(accent === -1 ? OTHER_ACCENT : accent + 1);
    } else if (lower === 'c' && chars[i + 1]?.toLowerCase() === 'h') {
      const second = chars[i + 1] as string;
      elements.push({
        primary: letterWeights.get('ch') as number,
        accents: [],
        caseWeight: (isUpper(char) ? 2 : 0) + (isUpper(second) ? 1 : 0),
      });
      i++;
    } else if (letterWeights.has(lower)) {
      elements.push(letterElement(lower, isUpper(char)));
    } else if (SPECIAL_LETTERS[lower]) {
      const special = SPECIAL_LETTERS[lower];
      for (const base of special.base) elements.push(letterElement(base, isUpper(char)));
      if (special.accent !== undefined) (elements.at(-1) as Element).accents.push(special.accent);
    } else if (/[0-9]/.test(char)) {
      elements.push({ primary: DIGIT_BASE + Number(char), accents: [], caseWeight: 0 });
    } else if (/[\s\p{Z}]/u.test(char)) {
      elements.push({ primary: Math.min(char.codePointAt(0) ?? 0, LAST_SPACE_WEIGHT), accents: [], caseWeight: 0 });
    } else if (punctuationWeights.has(char)) {
      elements.push({ primary: punctuationWeights.get(char) as number, accents: [], caseWeight: 0 });
    } else if (/\p{L}|\p{N}/u.test(char)) {
      elements.push(letterElement(lower, isUpper(char)));
    } else if (!/\p{C}/u.test(char)) {
      elements.push({ primary: OTHER_SYMBOL_BASE + (char.codePointAt(0) ?? 0), accents: [], caseWeight: 0 });
    }
  }
  return elements;
}

/** The lower-case base letter of an element of the Czech alphabet (for c + caron = č). */
function lowerOf(element: Element): string {
  const index = element.primary - LETTER_BASE;
  return [...LETTERS, ...LAST_LETTERS][index] ?? '';
}

/** The key: compare two keys as bytes (or UTF-16 units: they are ASCII) to compare the texts in Czech. */
function czechSortKey(text: string): string {
  const elements = elementsOf(text);
  let primary = '';
  let accents = '';
  let cases = '';
  for (const element of elements) {
    primary += weightChars(element.primary);
    // Each element's accents follow its "no accent" weight, as in a collation element sequence.
    accents += '0' + element.accents.map((accent) => String.fromCharCode(0x30 + accent)).join('');
    cases += String.fromCharCode(0x30 + element.caseWeight);
  }
  return `${primary}!${accents}!${cases}`;
}

/** Lower case without diacritics, as the search columns hold a text (contracts' foldForSearch then). */
function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function plantListingColumns(plant: { name: string; location: string }) {
  return {
    name_sort: czechSortKey(plant.name),
    location_sort: czechSortKey(plant.location),
    name_search: foldForSearch(plant.name),
    location_search: foldForSearch(plant.location),
  };
}
