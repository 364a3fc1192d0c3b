/** Lowercase without accents, "đ" as "d": the form both sides of a comparison are reduced to. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
