/**
 * Text as the scam rules read it: one spelling for what people type many ways. Vietnamese loses its
 * marks (NFD, marks stripped, đ→d), everything is lower case, letters spaced or dotted apart to slip past
 * a filter ("z e l l e", "v.e.n.m.o") are joined, digits standing for letters inside a word ("c0de",
 * "z3lle", "ca$happ") become letters, and common teencode becomes the words it stands for ("ck trc" →
 * "chuyen khoan truoc"). Two forms: `words` for the keyword rules, `plain` (digits and punctuation kept)
 * for phone numbers, e-mail addresses and links.
 */

export interface NormalizedText {
  /** Marks stripped, lower case, spacing kept: for numbers, addresses and links. */
  plain: string;
  /** `plain` with spaced letters joined, look-alike digits read as letters and teencode expanded. */
  words: string;
}

/** Marks off, đ→d, lower case. */
function foldMarks(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}

const LOOK_ALIKE_DIGITS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** Teencode and short forms, whole words only: each is read as the words it stands for. */
const SHORT_FORMS: Record<string, string> = {
  trc: 'truoc',
  truoc: 'truoc',
  ck: 'chuyen khoan',
  chuyenkhoan: 'chuyen khoan',
  stk: 'so tai khoan',
  sdt: 'so dien thoai',
  dt: 'dien thoai',
  dthoai: 'dien thoai',
  k: 'khong',
  ko: 'khong',
  kh: 'khong',
  hok: 'khong',
  hong: 'khong',
  khum: 'khong',
  dc: 'duoc',
  dk: 'duoc',
  zl: 'zalo',
  ib: 'inbox',
  kb: 'ket ban',
  mk: 'minh',
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  asap: 'now',
  txt: 'text',
  msg: 'message',
  f: 'friends',
  ff: 'friends family',
  fnf: 'friends family',
  'f&f': 'friends family',
  gc: 'gift card',
  gcs: 'gift cards',
  giftcard: 'gift card',
  giftcards: 'gift cards',
  cashapp: 'cash app',
  gg: 'google',
  gv: 'google voice',
  veri: 'verification',
};

/** A word mixing letters with look-alike digits or symbols ("c0de", "z3lle", "ca$h"): read as letters. */
function readLookAlikes(word: string): string {
  // Starting with a letter: "2br", "5k", "10am" and "$900" are what they say.
  if (!/^[a-z][a-z0-9@$]*[a-z0-9]$/.test(word) || !/[0-9@$]/.test(word) || (word.match(/[a-z]/g) ?? []).length < 2) return word;
  return word.replace(/[0134579@$]/g, (character) => LOOK_ALIKE_DIGITS[character] ?? character);
}

/**
 * Three or more single letters in a row, set apart by spaces, dots, dashes or stars ("z e l l e",
 * "c.o.d.e"): joined into one word. Two (e.g. teencode "e k") are left alone.
 */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?<![a-z0-9])[a-z](?:[\s.\-_*·]+[a-z](?![a-z0-9])){2,}/g, (run) => run.replace(/[^a-z]/g, ''));
}

export function normalizeMessage(text: string): NormalizedText {
  const plain = foldMarks(text).replace(/\s+/g, ' ').trim();
  const joined = joinSpacedLetters(plain);
  const words = joined
    .split(' ')
    .map((token) => {
      const looked = token.replace(/^([^a-z0-9]*)(.*?)([^a-z0-9]*)$/, (_all, lead: string, core: string, trail: string) => lead + readLookAlikes(core) + trail);
      const bare = looked.replace(/^[^a-z0-9&]+|[^a-z0-9&]+$/g, '');
      const expanded = SHORT_FORMS[bare];
      return expanded === undefined ? looked : looked.replace(bare, expanded);
    })
    .join(' ');
  return { plain, words };
}
